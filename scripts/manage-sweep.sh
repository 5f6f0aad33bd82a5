#!/usr/bin/env bash
# Issue 41's measurement: the research 7x7 problems that no configuration proves at 60 s, each
# given MINUTES (default 60) of WORKERS (default 2) worker processes through `manage`, one
# problem after the other, alone on the machine. Each problem keeps its results log in
# OUT/logs/N (a run stopped early, or cut off by the time limit, goes on from it when run
# again), its report in OUT/N.json and, when proven, its checked proof in OUT/N.sgf. Prints
# one line per problem. Reads the problems from ../shared/bench (never copied into the repo).
#
#   scripts/manage-sweep.sh [N ...]     # default: 3 4 5 9 10 12 14 15 17 19 (8 and 11 are in
#                                       # BENCHMARKS.md, "Proofs split into jobs")
#
# Environment: MINUTES (or SECONDS_EACH), WORKERS, JOB_NODES (default 1000000), ENGINE (the jobs' engine,
# default df-pn), OUT (default ${TSUMEGO_CACHE:-$HOME/.cache/tsumego-studio}/manage-sweep),
# BENCH (default ../shared/bench/rzs-aaai22/7x7 beside the repo), BIN (default the release
# build, built when missing), MANAGE_ARGS (more flags for `manage`, split on spaces: e.g.
# `--no-shared-patterns`; give another OUT so that the logs do not mix).
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
if [ "$(cat /proc/sys/kernel/sched_autogroup_enabled 2>/dev/null || echo 0)" = 1 ]; then
    echo "note: autogroup scheduling is on: a 'nice' process of another session takes a full share" \
        "of the cores from this measurement (as root: echo 0 > /proc/sys/kernel/sched_autogroup_enabled)" >&2
fi
seconds_each=${SECONDS_EACH:-$((${MINUTES:-60} * 60))}
workers=${WORKERS:-2}
job_nodes=${JOB_NODES:-1000000}
bench=${BENCH:-$root/../shared/bench/rzs-aaai22/7x7}
out=${OUT:-${TSUMEGO_CACHE:-$HOME/.cache/tsumego-studio}/manage-sweep}
bin=${BIN:-$root/target/release/tsumego-studio}
problems=("$@")
[ ${#problems[@]} -gt 0 ] || problems=(3 4 5 9 10 12 14 15 17 19)

if [ ! -d "$bench" ]; then
    echo "no benchmark folder at $bench (set BENCH)" >&2
    exit 1
fi
if [ ! -x "$bin" ]; then
    (cd "$root" && source scripts/setup.sh >/dev/null && cargo build --release)
fi
mkdir -p "$out/logs"
engine_args=()
[ -n "${ENGINE:-}" ] && engine_args=(--engine "$ENGINE")
read -r -a extra_args <<< "${MANAGE_ARGS:-}"

for n in "${problems[@]}"; do
    "$bin" manage "$bench/$n.json" --seki-life --job-nodes "$job_nodes" --workers "$workers" \
        --time-limit-secs "$seconds_each" --log "$out/logs/$n" --json \
        --proof-out "$out/$n.sgf" "${engine_args[@]}" "${extra_args[@]}" > "$out/$n.json"
    python3 - "$n" "$out/$n.json" <<'PY'
import json, sys
n, path = sys.argv[1], sys.argv[2]
r = json.load(open(path))
print(f"{n}: {r['result']} ({r['check']}, {r['stop']}) in {r['seconds']:.0f} s, "
      f"{r['jobs']} jobs ({r['from_log']} from the log), {r['nodes']:,} job nodes, "
      f"{r['tree_nodes']:,} tree nodes ({r['covered']} covered, {r['transposed']} twins)"
      + (f", proof {r['proof_nodes']:,} nodes" if r['proof_nodes'] else ""))
PY
done
