#!/usr/bin/env bash
# Measures the studio's UI thread while a long solve runs, in a real window under Xvfb: the frame
# times the studio logs (TSUMEGO_FRAME_STATS) and the solver's node rate in the studio, next to
# the same search from the command line without a GUI. Figures go to BENCHMARKS.md.
#
#   bash scripts/measure-ui.sh [PROBLEM] [SECONDS]
# Default: the RZS paper's 19x19 problem 5 (read from ../shared/bench), 40 seconds.
# Needs xvfb and xdotool (scripts/setup.sh installs them); TSUMEGO_BIN picks the binary.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
problem="${1:-$root/../shared/bench/rzs-aaai22/19x19/5.json}"
seconds="${2:-40}"
bin="${TSUMEGO_BIN:-$root/target/release/tsumego-studio}"
[ -x "$bin" ] || { echo "build first: cargo build --release (or set TSUMEGO_BIN)" >&2; exit 1; }

display=":$((80 + RANDOM % 9))"
Xvfb "$display" -screen 0 1280x820x24 >/dev/null 2>&1 &
xvfb=$!
log="$(mktemp)"
studio=""
trap 'kill $studio $xvfb 2>/dev/null || true; rm -f "$log"' EXIT
export DISPLAY="$display" XDG_DATA_HOME
XDG_DATA_HOME="$(mktemp -d)"   # default settings: 60 s limit, the default layout
sleep 1
TSUMEGO_FRAME_STATS=1 "$bin" "$problem" 2>"$log" &
studio=$!
sleep 4
xdotool mousemove 944 129 click 1    # Solve
xdotool mousemove 640 500           # the pointer over the board, as a user's would be
sleep "$seconds"
echo "== studio (frame times of the UI thread; the solver's rate as the GUI shows it)"
grep '^frames' "$log" | tail -n 4
kill "$studio" 2>/dev/null || true

echo "== command line, the same search for $seconds s"
"$bin" solve "$problem" --time-limit-secs "$seconds" | grep -E 'nodes|result'
