#!/usr/bin/env bash
# The net's side-by-side measure: the RZS paper's research sets solved with
#   dfs, dfpn, dfpn + net, mcts, mcts + net
# at one time limit per problem, two configurations at a time (one per core), every result one
# JSON line per problem in OUT/<config>-<set>.jsonl, then a table of problems proved per set.
# A benchmark for BENCHMARKS.md ("The net"), not a test; the full run at 60 s takes
# about 126 problems x 60 s x 5 configurations / 2 cores = 5.3 hours.
#
#   bash scripts/net-side-by-side.sh                       # 60 s, both sets, shipped net
#   SECS=20 SETS=7x7 NET=weights/ftl-5x64.safetensors bash scripts/net-side-by-side.sh
#   FIRST=1 LAST=40 SETS=19x19 SECS=5 bash scripts/net-side-by-side.sh   # a subset
#
# BIN (default target/release/tsumego-studio, built when missing), BENCH (default
# ../shared/bench/rzs-aaai22 beside the repository; never copied into it), OUT (default
# target/side-by-side), CONFIGS (default "dfs dfpn dfpn-net mcts mcts-net").
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
bin="${BIN:-target/release/tsumego-studio}"
bench="${BENCH:-$root/../shared/bench/rzs-aaai22}"
out="${OUT:-target/side-by-side}"
secs="${SECS:-60}"
net="${NET:-on}"
sets="${SETS:-19x19 7x7}"
configs="${CONFIGS:-dfs dfpn dfpn-net mcts mcts-net}"
if [[ ! -x "$bin" ]]; then
    # shellcheck source=setup.sh
    source scripts/setup.sh
    cargo build --release -p tsumego-studio
fi
mkdir -p "$out"

flags_of() {
    case "$1" in
        dfs) echo "--engine dfs" ;;
        dfpn) echo "--engine dfpn" ;;
        dfpn-net) echo "--engine dfpn --net $net" ;;
        mcts) echo "--engine mcts" ;;
        mcts-net) echo "--engine mcts --net $net" ;;
        *) echo "unknown configuration $1" >&2; exit 2 ;;
    esac
}

files_of() {
    local set="$1" n
    n=$(find "$bench/$set" -name '*.json' | wc -l)
    for i in $(seq "${FIRST:-1}" "${LAST:-$n}"); do echo "$bench/$set/$i.json"; done
}

run() {
    local config="$1" set="$2"
    # shellcheck disable=SC2046
    "$bin" bench $(files_of "$set") $(flags_of "$config") --time-limit-secs "$secs" --json \
        > "$out/$config-$set.jsonl" 2> "$out/$config-$set.err" || true
}

jobs=()
for set in $sets; do for config in $configs; do jobs+=("$config $set"); done; done
for ((i = 0; i < ${#jobs[@]}; i += 2)); do
    run ${jobs[$i]} &
    if ((i + 1 < ${#jobs[@]})); then run ${jobs[$((i + 1))]} & fi
    wait
done

echo "| configuration | set | proved | nodes | seconds |"
echo "|---|---|---|---|---|"
for job in "${jobs[@]}"; do
    read -r config set <<< "$job"
    grep -h '"summary"' "$out/$config-$set.jsonl" | tail -1 | sed -E \
        's/.*"solved":([0-9]+),"total":([0-9]+),"nodes":([0-9]+),"seconds":([0-9.]+).*/\1 \2 \3 \4/' |
        while read -r solved total nodes seconds; do
            echo "| $config | $set | $solved / $total | $nodes | ${seconds%.*} |"
        done
done
