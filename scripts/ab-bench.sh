#!/usr/bin/env bash
# An interleaved A/B of one switch of `bench` at a fixed node budget: each problem is solved
# with the arguments of A, then with those of B, one after the other, so that both see the
# same load; node counts are deterministic (one search thread), seconds are not. Prints one
# line per problem and mode, then the totals (solved, nodes, seconds, nodes a second) and
# every problem whose result or node count differs.
#
#   scripts/ab-bench.sh DIR NODES N...    # e.g. ../shared/bench/rzs-aaai22/7x7 1000000 $(seq 1 20)
#
# Environment: A, B (the two modes' extra `bench` arguments; default A="--links", B=""),
# COMMON (arguments of both, e.g. `--seki-life`), BIN (default the release build).
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
bin=${BIN:-$root/target/release/tsumego-studio}
[ $# -ge 3 ] || { sed -n 2,12p "$0" >&2; exit 2; }
dir=$1
nodes=$2
shift 2
read -r -a common <<< "${COMMON:-}"
read -r -a mode_a <<< "${A---links}"
read -r -a mode_b <<< "${B:-}"
out=$(mktemp)
trap 'rm -f "$out"' EXIT
for n in "$@"; do
    for mode in A B; do
        if [ "$mode" = A ]; then args=("${mode_a[@]}"); else args=("${mode_b[@]}"); fi
        line=$("$bin" bench "$dir/$n.json" --max-nodes "$nodes" "${common[@]}" "${args[@]}" \
            2>&1 | grep -F "$n.json" || true)
        echo "$n $mode $line" | tee -a "$out"
    done
done
python3 - "$out" <<'PY'
import re, sys
rows = {}
for line in open(sys.argv[1]):
    parts = line.split()
    m = re.search(r"(\d+)\s+([\d.]+)\s+\S+\s*$", line)
    if len(parts) < 4 or not m:
        continue
    rows.setdefault(parts[0], {})[parts[1]] = (parts[3].rstrip(":"), int(m.group(1)), float(m.group(2)))
for mode in "AB":
    got = [r[mode] for r in rows.values() if mode in r]
    solved = sum(1 for r in got if r[0] in ("win", "loss"))
    nodes = sum(r[1] for r in got)
    secs = sum(r[2] for r in got)
    rate = nodes / secs / 1000 if secs else 0
    print(f"{mode}: solved {solved} of {len(got)}, nodes {nodes:,}, seconds {secs:.1f}, {rate:.1f} k nodes/s")
for n, r in rows.items():
    if len(r) == 2 and r["A"][:2] != r["B"][:2]:
        print(f"differs: {n}: A {r['A'][0]} in {r['A'][1]:,} nodes, B {r['B'][0]} in {r['B'][1]:,} nodes")
PY
