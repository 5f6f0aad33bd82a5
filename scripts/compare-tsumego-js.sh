#!/usr/bin/env bash
# Benchmark: compares tsumego-studio's answers with tsumego.js's (not part of CI; a report).
#
# Usage:
#   scripts/compare-tsumego-js.sh [--build] [--timeout S] [--our-time-limit S] [--runs N]
#                                 [--markdown OUT.md] [FILE.sgf ...]
#
#   FILE.sgf            problems to compare (default: problems/*.sgf)
#   --build             rebuild the release binary first (otherwise it is built only when missing:
#                       cargo build --release -p tsumego-studio --no-default-features; the binary
#                       is looked for in $CARGO_TARGET_DIR, default target/)
#   --timeout S         tsumego.js's time per problem, all its searches together (default 60)
#   --our-time-limit S  passed to `tsumego-studio solve --time-limit-secs` (default 60)
#   --runs N            time each problem's solve in N fresh processes on each side and take the
#                       medians (default 1: the comparison's own runs)
#   --markdown OUT.md   also write the table as markdown
#
# Needs node (>= 18) and npm: tsumego.js (npm package `tsumego.js`, pinned to 1.1.0 in
# scripts/tsumego-js/package.json and package-lock.json) is installed into
# scripts/tsumego-js/node_modules (git-ignored) on the first run. Exits 0 whenever the
# comparison ran, even when the solvers disagree; 1 only when something could not run.
#
# What it does for each file (scripts/tsumego-js/compare.mjs):
#  1. Ours: `tsumego-studio solve FILE --json` (the file's claim: its OR player may not rely
#     on ko; seki counts as life for live/kill) and `--side live|kill --json` (the opposite
#     claim: how it succeeds, e.g. seki, and the first move when the side to move is its OR
#     player). "The side to move wins" = the OR player moves and wins, or the other side moves
#     and the OR player fails.
#  2. tsumego.js (child process, killed after --timeout): it needs an SGF with the target marked
#     by MA on one stone (its convention; ours marks crucial stones with TR and the region with
#     MA). The script writes SZ, AB, AW, PL and MA on the target: the first TR point; for
#     unmarked files (our inference) the first crucial stone of our JSON summary; for
#     live-any/kill-all files the defender's only block. Our MA/TR/TS* are dropped: tsumego.js
#     finds its own area (everything 8-connected to the target without crossing the opponent's
#     stones) and requires a safe outer wall. Boards above 16x16 are cut to a 16x16 corner
#     window when every stone, its neighbours and that area fit inside (nothing the solver sees
#     changes); otherwise the row is "not comparable" with the reason (e.g. an open corner).
#     tsumego.js is asked with each ko master km (B, nobody, W). km is "the side with
#     unlimited ko threats"; the comparison uses the OR player's opponent as ko master, which
#     matches our rule that the OR player may not rely on ko. Each of our OR player's ko
#     searches is listed next to a tsumego.js km (ours disallow ~ the opponent is ko master,
#     allow ~ nobody, master ~ the OR player; approximate: our rules forbid/allow ko captures,
#     tsumego.js forbids repeating a position for the side without threats).
#  3. When both say the side to move wins, the first moves are compared, our move is played
#     and tsumego.js solves the rest (does ours win there too?), and all of tsumego.js's winning
#     first moves are listed.
#  4. Prints one block per problem (ours, tsumego.js, agree?, first moves, seconds, notes) and
#     `agree N / disagree M / not comparable K (of T)`; --markdown writes the same table.
#
# Seconds: ours = the search time of the file's claim from --json (not the process start);
# tsumego.js = its solve with the matching km (node's start-up not counted).
#
# In-process times (the fixed cost of a small solve): ours = `in_process_us` of `solve --json`, the file
# claim's analysis and the check of its result in the solving process (no start-up, file
# loading or printing); tsumego.js = its solve call with the matching km, timed inside node (no
# node start-up, no SGF parsing). Both are one solve in a fresh process. Printed per problem
# solved by both (tsumego.js: enclosed problems), with the median, 90th percentile and maximum of
# the ratio ours / tsumego.js.
#
# Known difference (problems/27-long-l-ko.sgf): tsumego.js lets the side without ko threats
# void the ko master's threats by two passes (the Japanese "bent four in the corner is dead"
# ruling: the attacker removes the threats, then starts the ko). So a ko that the attacker may
# start whenever it likes (e.g. after W B1, B B2, W A1, B E1, W C1 Black can only wait; W A2 later
# gives the bent four) counts as a kill even when Black is the ko master, while ours reports a
# ko that White must take first, hence a failure of White's no-ko claim. With that rule
# switched off in tsumego.js (`nextkm = km` in solve's pass branch) both agree.

set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

build=0
args=()
for a in "$@"; do
    case "$a" in
        --build) build=1 ;;
        -h | --help) sed -n '2,/^$/p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) args+=("$a") ;;
    esac
done

command -v node >/dev/null || { echo "compare-tsumego-js.sh: node is needed" >&2; exit 1; }

bin=${CARGO_TARGET_DIR:-target}/release/tsumego-studio
if [[ $build == 1 || ! -x $bin ]]; then
    echo "==> cargo build --release -p tsumego-studio --no-default-features" >&2
    cargo build --release -p tsumego-studio --no-default-features >&2
fi

if [[ ! -f scripts/tsumego-js/node_modules/tsumego.js/package.json ]]; then
    echo "==> installing tsumego.js into scripts/tsumego-js/node_modules" >&2
    (cd scripts/tsumego-js && npm ci --no-audit --no-fund --loglevel=error >&2)
fi

exec node scripts/tsumego-js/compare.mjs --bin "$bin" ${args[@]+"${args[@]}"}
