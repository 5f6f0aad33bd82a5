#!/usr/bin/env bash
# The solver's behavioural fingerprint: what every deterministic engine does at fixed node
# budgets, one line per (engine, problem), so that a refactoring can show that it changed
# nothing. Two runs of the same code give the same file; compare two files with `diff`.
#
#   bash scripts/fingerprint.sh > /tmp/before.txt      # on the old code
#   bash scripts/fingerprint.sh > /tmp/after.txt       # on the new code
#   diff /tmp/before.txt /tmp/after.txt                # must be empty
#
# Covered: `bench` (the file's own claim) with dfs, df-pn (one thread) and MCTS (no net) on
# the bundled problems (problems/, 200,000 nodes), the first 20 problems of the RZS paper's
# 19x19 set and the 20 7x7 problems (100,000 nodes each; read from ../shared/bench, never
# copied), and `solve` (the whole analysis: both claims, seki and ko searches, the Go result)
# with each engine on the bundled problems. Each line: status, stop reason, first move, root
# zone size, nodes, depth, proof size, pattern hits and, for `solve`, the Go result. Times are
# left out. The portfolio races threads (timing decides which lane finishes first) and is not
# part of the fingerprint; nor is df-pn with more than one thread.
#
# BIN=path uses an existing release binary; BENCH=path points at the research sets.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
bench="${BENCH:-$root/../shared/bench/rzs-aaai22}"
if [ -z "${BIN:-}" ]; then
    # shellcheck source=setup.sh
    source "$root/scripts/setup.sh" >/dev/null
    (cd "$root" && cargo build --release --quiet -p tsumego-studio)
    BIN="$root/target/release/tsumego-studio"
fi

research=()
for n in $(seq 1 20); do research+=("$bench/19x19/$n.json"); done
sevens=()
for n in $(seq 1 20); do sevens+=("$bench/7x7/$n.json"); done

# One line per JSON row of bench/solve; the file name relative to its set.
rows() {
    python3 -c '
import json, sys
label = sys.argv[1]
for line in sys.stdin:
    row = json.loads(line)
    if list(row) == ["summary"]:
        continue
    if "error" in row and "status" not in row:
        print(label, row["file"].split("/")[-1], "error", row["error"])
        continue
    fields = [row["status"], row["stop"], row.get("first_move") or "-",
              row.get("root_zone_size"), row["nodes"], row["depth"], row.get("proof_size"),
              row.get("pattern_hits")]
    if label.startswith("solve"):
        searches = [{k: v for k, v in s.items() if k != "seconds"}
                    for s in row.get("searches", [])]
        fields += [json.dumps(row.get(k), sort_keys=True)
                   for k in ("go", "how", "refutation_nodes", "refutation_line", "width")]
        fields.append(json.dumps(searches, sort_keys=True))
    print(label, row["file"].split("/")[-1], *fields)
' "$1"
}

for engine in dfs dfpn mcts; do
    "$BIN" bench --json --no-check --engine "$engine" --net off --max-nodes 200000 \
        "$root"/problems/*.sgf | rows "bench-$engine-bundled"
    "$BIN" bench --json --no-check --engine "$engine" --net off --max-nodes 100000 \
        "${research[@]}" | rows "bench-$engine-19x19"
    "$BIN" bench --json --no-check --engine "$engine" --net off --max-nodes 100000 \
        "${sevens[@]}" | rows "bench-$engine-7x7"
    for f in "$root"/problems/*.sgf; do
        "$BIN" solve --json --no-check --engine "$engine" --net off --max-nodes 200000 "$f" \
            | rows "solve-$engine"
    done
done
