#!/usr/bin/env bash
# Issue 40's measure: RUNS (default 3) runs of one configuration over a research set at SECS
# (default 60) a problem, every proof checked, each run alone on the machine; prints each run's
# count and the minimum, which is what counts. Reads the problems from ../shared/bench (never
# copied into the repo).
#
#   scripts/strength-runs.sh                      # 19x19, the portfolio with ftl-large
#   SET=7x7 ARGS="--seki-life --engine portfolio --net off" scripts/strength-runs.sh
#
# Environment: SET (19x19 or 7x7), RUNS, SECS, ARGS (the configuration: `bench` options,
# default `--engine portfolio --net weights/ftl-large.safetensors`), CHECK_SECS (the checker's
# time per proof, default 600), OUT (default ${TSUMEGO_CACHE:-$HOME/.cache/tsumego-studio}/strength/SET),
# BENCH (default ../shared/bench/rzs-aaai22 beside the repo), BIN (default the release build,
# built when missing; the net module and the weights are looked up beside it and in the repo).
# Each run writes OUT/run-K.json (bench's JSON lines) and its proofs in OUT/proofs-K/.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
if [ "$(cat /proc/sys/kernel/sched_autogroup_enabled 2>/dev/null || echo 0)" = 1 ]; then
    echo "note: autogroup scheduling is on: a 'nice' process of another session takes a full share" \
        "of the cores from this measurement (as root: echo 0 > /proc/sys/kernel/sched_autogroup_enabled)" >&2
fi
set_name=${SET:-19x19}
runs=${RUNS:-3}
secs=${SECS:-60}
check_secs=${CHECK_SECS:-600}
bench=${BENCH:-$root/../shared/bench/rzs-aaai22}
out=${OUT:-${TSUMEGO_CACHE:-$HOME/.cache/tsumego-studio}/strength/$set_name}
bin=${BIN:-$root/target/release/tsumego-studio}
read -r -a config <<< "${ARGS:---engine portfolio --net $root/weights/ftl-large.safetensors}"

if [ ! -d "$bench/$set_name" ]; then
    echo "no benchmark folder at $bench/$set_name (set BENCH or SET)" >&2
    exit 1
fi
if [ ! -x "$bin" ]; then
    (cd "$root" && source scripts/setup.sh >/dev/null && cargo build --release)
fi
mkdir -p "$out"
counts=()
for k in $(seq 1 "$runs"); do
    files=()
    count=$(find "$bench/$set_name" -name '*.json' | wc -l)
    for n in $(seq 1 "$count"); do files+=("$bench/$set_name/$n.json"); done
    "$bin" bench "${files[@]}" "${config[@]}" --time-limit-secs "$secs" \
        --check-time-secs "$check_secs" --json --proof-dir "$out/proofs-$k" > "$out/run-$k.json" || true
    solved=$(python3 - "$out/run-$k.json" <<'PY'
import json, sys
rows = [json.loads(l) for l in open(sys.argv[1]) if l.startswith('{"file"')]
won = [r for r in rows if r["status"] in ("win", "fail") and r["agrees"] is not False]
checked = [r for r in won if r["check"] == "checked"]
print(f"{len(checked)} checked of {len(won)} proven of {len(rows)}")
PY
)
    echo "run $k: $solved"
    counts+=("${solved%% *}")
done
min=$(printf '%s\n' "${counts[@]}" | sort -n | head -1)
echo "minimum over $runs runs: $min checked proofs ($set_name, $secs s, ${config[*]})"
