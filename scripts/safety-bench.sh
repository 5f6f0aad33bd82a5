#!/usr/bin/env bash
# The safety benchmark on the GNU Go games (scripts/gnugo-games.sh): `tsumego-studio safety
# --json` on each game at its end and 80 moves before it, printing per game and on average the
# static safe points of Black, of White and of both (the figure the Safety Solver 2.0 paper's §6
# compares: points proven safe per game).
#
#   scripts/safety-bench.sh [DIR]      # default DIR: ${TSUMEGO_CACHE:-$HOME/.cache/tsumego-studio}/gnugo-games
#
# BIN: the binary (default: target/release/tsumego-studio under CARGO_TARGET_DIR or ./target;
# build it with `cargo build --release`). BEFORE: moves before the end of the second position
# (default 80). SEARCH_SECS: also prove areas by search (`safety --search --claim-secs S`), and
# print the slowest position's seconds (TIMES=FILE: each position's seconds appended to FILE);
# GAMES: how many games (the first N; default all); SAFETY_ARGS: more arguments of `safety`;
# JSON_DIR: keep each game's JSON at its end there (game-NN.json), for
# `scripts/safety_where.py JSON_DIR` (where the points are). Needs jq.
set -euo pipefail

dir=${1:-"${TSUMEGO_CACHE:-$HOME/.cache/tsumego-studio}/gnugo-games"}
bin=${BIN:-"${CARGO_TARGET_DIR:-target}/release/tsumego-studio"}
before=${BEFORE:-80}
[ -x "$bin" ] || { echo "error: no binary at $bin (cargo build --release, or set BIN)" >&2; exit 1; }
command -v jq >/dev/null || { echo "error: jq is needed" >&2; exit 1; }
shopt -s nullglob
games=("$dir"/*.sgf)
[ -n "${GAMES:-}" ] && games=("${games[@]:0:$GAMES}")
search=()
[ -n "${SEARCH_SECS:-}" ] && search=(--search --claim-secs "$SEARCH_SECS")
# SAFETY_ARGS: more arguments of `safety` (e.g. `--position-secs 10 --max-interior 25`).
read -r -a extra <<< "${SAFETY_ARGS:-}"

slowest=0
[ ${#games[@]} -gt 0 ] || { echo "error: no .sgf games in $dir (scripts/gnugo-games.sh)" >&2; exit 1; }

# Safe points of Black, White and both, the game's moves and both colours' points by Benson's
# rule alone (`benson_points`), tab-separated, of `safety --json` on $1 with the arguments
# after it.
# With SEARCH_SECS the searched figures (static and proven together), and the slowest
# position's seconds kept in $slowest.
points() {
    local start end json
    start=$(date +%s.%N)
    json=$("$bin" safety "$@" "${search[@]}" "${extra[@]}" --json)
    end=$(date +%s.%N)
    took=$(echo "$end - $start" | bc)
    slowest=$(awk -v a="$slowest" -v b="$took" 'BEGIN { print (b > a ? b : a) }')
    [ ${#search[@]} -eq 0 ] || echo "$(basename "$1") $* ${took}s" >> "${TIMES:-/dev/null}"
    if [ -n "${JSON_DIR:-}" ] && [ $# -eq 1 ]; then
        mkdir -p "$JSON_DIR"
        echo "$json" > "$JSON_DIR/$(basename "$1" .sgf).json"
    fi
    echo "$json" | jq -r '[.black, .white] | map(.searched.safe_points // .safe_points) |
        [.[0], .[1], .[0] + .[1]] | @tsv' | tr '\n' '\t'
    echo "$json" | jq -r '[.moves, .black.benson_points + .white.benson_points] | @tsv'
}

printf '%-14s %6s | %6s %6s %6s | %6s %6s %6s %6s\n' game moves black white both \
    "move" black white both
sums=(0 0 0 0 0 0)
benson_sum=0
n=0
for game in "${games[@]}"; do
    points "$game" > /tmp/safety-bench.$$
    read -r eb ew et moves benson < /tmp/safety-bench.$$
    benson_sum=$((benson_sum + benson))
    earlier=$((moves > before ? moves - before : 0))
    points "$game" --move "$earlier" > /tmp/safety-bench.$$
    read -r bb bw bt _ < /tmp/safety-bench.$$
    printf '%-14s %6d | %6d %6d %6d | %6d %6d %6d %6d\n' "$(basename "$game")" "$moves" \
        "$eb" "$ew" "$et" "$earlier" "$bb" "$bw" "$bt"
    values=("$eb" "$ew" "$et" "$bb" "$bw" "$bt")
    for i in "${!values[@]}"; do sums[i]=$((sums[i] + values[i])); done
    n=$((n + 1))
done
average() { awk -v s="$1" -v n="$n" 'BEGIN { printf "%.1f", s / n }'; }
echo "average over $n games: at the end Black $(average "${sums[0]}"), White $(average "${sums[1]}"), both $(average "${sums[2]}");" \
    "$before moves before the end Black $(average "${sums[3]}"), White $(average "${sums[4]}"), both $(average "${sums[5]}")"
echo "Benson's rule alone (and its territory) at the end: both $(average "$benson_sum")"
rm -f /tmp/safety-bench.$$
[ ${#search[@]} -eq 0 ] || echo "search: ${SEARCH_SECS} s per claim; the slowest position took ${slowest} s"
