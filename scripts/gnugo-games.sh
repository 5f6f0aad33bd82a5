#!/usr/bin/env bash
# The GNU Go games of the safety benchmark: GNU Go plays itself on 19x19 until two passes in a
# row (at most MAX_MOVES moves; `--never-resign`), one GTP process playing both sides, each game
# from its own fixed seed (`--seed`), and the moves are written as an SGF game record to
# ${TSUMEGO_CACHE:-$HOME/.cache/tsumego-studio}/gnugo-games/game-NN.sgf. A game already there is
# skipped, so an interrupted run resumes. Installs Debian's `gnugo` when it is missing.
#
#   scripts/gnugo-games.sh [COUNT]        # COUNT games (default 30): game-01 .. game-COUNT
#   FIRST=16 scripts/gnugo-games.sh 30    # game-16 .. game-30 only (two processes, one per core)
#
# Environment: FIRST (the first game's number, default 1), GNUGO_LEVEL (default 1: about
# 20 s a game on one core here; GNU Go's own default, 10, about 80 s a game), GNUGO_KOMI
# (default 6.5), MAX_MOVES (default 600),
# GNUGO_ARGS (more options of GNU Go, e.g. `--chinese-rules --play-out-aftermath
# --capture-all-dead` for games played out to the last dame with dead stones removed; give
# those games their own TSUMEGO_CACHE or DIR).
set -euo pipefail

count=${1:-30}
level=${GNUGO_LEVEL:-1}
komi=${GNUGO_KOMI:-6.5}
max_moves=${MAX_MOVES:-600}
read -r -a more_args <<< "${GNUGO_ARGS:-}"
rules=Japanese
case " ${GNUGO_ARGS:-} " in *" --chinese-rules "*) rules=Chinese ;; esac
out_dir="${DIR:-${TSUMEGO_CACHE:-$HOME/.cache/tsumego-studio}/gnugo-games}"

source "$(dirname "${BASH_SOURCE[0]}")/gnugo-lib.sh"
gnugo=$(ensure_gnugo) || exit 1
mkdir -p "$out_dir"

# The SGF point of a GTP vertex on 19x19 (`D4` -> `dp`; GTP columns skip `I`).
sgf_point() {
    local v=${1^^} letters=ABCDEFGHJKLMNOPQRST sgf=abcdefghijklmnopqrs
    local col=${v:0:1} row=${v:1}
    local x=${letters%%"$col"*}
    x=${#x}
    echo "${sgf:$x:1}${sgf:$((19 - row)):1}"
}

# One GTP exchange with the coprocess: sends $1, sets $reply to the answer without its `= `.
gtp() {
    local line answer=""
    echo "$1" >&"${GTP[1]}"
    while IFS= read -r line <&"${GTP[0]}"; do
        [ -z "$line" ] && break
        answer+="$line"
    done
    case "$answer" in
        "= "*|"=") reply=${answer#=}; reply=${reply# } ;;
        *) echo "error: gnugo answered '$answer' to '$1'" >&2; return 1 ;;
    esac
}

for i in $(seq "${FIRST:-1}" "$count"); do
    name=$(printf 'game-%02d.sgf' "$i")
    file="$out_dir/$name"
    if [ -s "$file" ]; then
        echo "$name: already there"
        continue
    fi
    seed=$((1000 + i))
    start=$(date +%s)
    coproc GTP { "$gnugo" --mode gtp --level "$level" --seed "$seed" --never-resign "${more_args[@]}"; }
    gtp "boardsize 19"
    gtp "clear_board"
    gtp "komi $komi"
    moves=0
    passes=0
    colour=black
    ended="two passes"
    record=""
    while [ "$passes" -lt 2 ]; do
        if [ "$moves" -ge "$max_moves" ]; then
            ended="stopped at $max_moves moves"
            break
        fi
        gtp "genmove $colour"
        moves=$((moves + 1))
        letter=${colour:0:1}
        case "${reply,,}" in
            pass) passes=$((passes + 1)); record+=";${letter^^}[]" ;;
            resign) ended="$colour resigned"; break ;;
            *) passes=0; record+=";${letter^^}[$(sgf_point "$reply")]" ;;
        esac
        if [ "$colour" = black ]; then colour=white; else colour=black; fi
    done
    # Written under a temporary name and renamed, so a killed run leaves no half game behind.
    # No answer is read: GNU Go may exit (and bash drop the coprocess) before it is complete.
    gtp_pid=$GTP_PID
    echo "quit" >&"${GTP[1]}"
    wait "$gtp_pid" 2>/dev/null || true
    {
        echo "(;GM[1]FF[4]SZ[19]KM[$komi]RU[$rules]PB[GNU Go level $level]PW[GNU Go level $level]"
        echo "C[GNU Go self-play, seed $seed${GNUGO_ARGS:+ ($GNUGO_ARGS)}: $moves moves, $ended]"
        echo "$record)"
    } > "$file.part"
    mv "$file.part" "$file"
    echo "$name: seed $seed, level $level, $moves moves, $ended, $(( $(date +%s) - start )) s"
done
