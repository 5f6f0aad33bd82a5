#!/usr/bin/env bash
# Takes the README screenshots of the studio in a real window (eframe, glow renderer) under Xvfb,
# driven by xdotool and captured with ImageMagick's `import`, into screenshots/.
#
#   bash scripts/screenshots.sh            # build (release) and take every screenshot
#   TSUMEGO_BIN=path bash scripts/screenshots.sh   # use an existing binary
#
# Needs the Debian packages xvfb, xdotool and imagemagick (scripts/setup.sh installs them).
# The window is 1280x820 on a screen of the same size without a window manager, so the click
# positions below are those of the studio's default layout.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
out="$root/screenshots"
mkdir -p "$out"

if [ -z "${TSUMEGO_BIN:-}" ]; then
    # shellcheck source=setup.sh
    source "$root/scripts/setup.sh"
    (cd "$root" && cargo build --release)
    TSUMEGO_BIN="${CARGO_TARGET_DIR:-$root/target}/release/tsumego-studio"
fi

display=":$((90 + RANDOM % 9))"
Xvfb "$display" -screen 0 1280x820x24 >/dev/null 2>&1 &
xvfb=$!
studio=""
cleanup() {
    [ -n "$studio" ] && kill "$studio" 2>/dev/null || true
    kill "$xvfb" 2>/dev/null || true
}
trap cleanup EXIT
export DISPLAY="$display"
# Fresh settings, so the layout is the default one.
export XDG_DATA_HOME
XDG_DATA_HOME="$(mktemp -d)"
sleep 1

# start FILE: run the studio on FILE and wait for its window.
start() {
    [ -n "$studio" ] && kill "$studio" 2>/dev/null && wait "$studio" 2>/dev/null || true
    "$TSUMEGO_BIN" "$1" >>"${TSUMEGO_SHOT_LOG:-/dev/null}" 2>&1 &
    studio=$!
    # Wait for this process's own window (not the previous one's).
    local window=""
    for _ in $(seq 100); do
        window="$(xdotool search --pid "$studio" --name "Tsumego Studio" 2>/dev/null | head -1 || true)"
        [ -n "$window" ] && break
        sleep 0.2
    done
    sleep 2
    [ -n "$window" ] && xdotool windowfocus "$window" || true
}
shot() { import -window root "$out/$1.png"; echo "==> screenshots/$1.png"; }
click() { xdotool mousemove "$1" "$2" click 1; sleep "${3:-0.5}"; }

solve_button=(975 175)
refute_button=(480 43)
explore_button=(577 43)

# 1. A bundled problem, solved: the proof tree and a node with its zone and must-play region.
start "$root/problems/03-bent-three-kill.sgf"
click "${solve_button[@]}" 2
xdotool mousemove 560 700 key Right key Right key Down
sleep 0.5
shot proof-tree

# 2. Try to refute: play Black's moves against the proof.
click "${refute_button[@]}" 1
shot refute

# 2b. A ko in Try to refute (the bent four in the corner): after White's capture at A2 the proof
#     (Black as ko master) plays a ko threat elsewhere first, to be answered before it retakes.
start "$root/problems/05-bent-four-corner.sgf"
click "${solve_button[@]}" 4
click "${refute_button[@]}" 2
click 462 567 2      # White B1; Black answers A1
click 350 455 2      # White A2 takes the ko: Black's threat
xdotool mousemove 600 720
sleep 1
shot refute-ko

# 3. A 19x19 research problem while it is being solved: the must-play region, the line being
#    searched and the proven zones, with the live figures and the rate plot.
research="$root/../shared/bench/rzs-aaai22/19x19/5.json"
if [ -f "$research" ]; then
    start "$research"
    click "${solve_button[@]}" 8
    shot solving-19x19
fi

# 4. Editing: a problem whose setup is invalid is explained and cannot be solved.
start "$root/problems/01-straight-three-kill.sgf"
click 1190 326 0.5   # the Crucial tool
click 372 466 0.5    # B1: unmark the crucial stones, one block after the other
click 441 399 0.5    # C2
click 642 466 0.5    # F1: none is left
shot edit

# 5. Every answer checked: a proven failure (White cannot kill: Black gets seki), certified by the
#    independent checker through the proof of the opposite claim.
start "$root/problems/24-seki-after-placement.sgf"
click "${solve_button[@]}" 4
shot checked

# 6. Explore: both colours played from the problem and marked against the proof (White's C1
#    leaves it), a second variation for Black, and the proof's next move as a ghost stone.
start "$root/problems/03-bent-three-kill.sgf"
click "${solve_button[@]}" 2
click "${explore_button[@]}" 1
click 623 546        # White D1
click 528 546        # Black C1
xdotool mousemove 560 700 key Left
click 623 449        # Black D2, a second variation
xdotool mousemove 560 700 key Home
click 528 546        # White C1 leaves the proof
xdotool mousemove 560 700 key Up key End
sleep 0.5
shot explore

# 7. The net's view of a position (View menu): its policy as a heat map over the legal moves of
#    the side to move (White's B19, the book answer, is its favourite) and its d-win estimate
#    under the board. Needs weights: the shipped weights/ftl.safetensors, or the file
#    TSUMEGO_WEIGHTS names.
if [ -n "${TSUMEGO_WEIGHTS:-}" ] || [ -f "$root/weights/ftl.safetensors" ]; then
    start "$root/problems/17-second-line-kill.sgf"
    click 90 12 0.7      # View
    click 160 209 0.7    # Net policy (heat map): the net loads
    click 90 12 0.7      # View
    click 155 232 3      # Net d-win estimate
    xdotool mousemove 1270 700
    sleep 0.5
    shot net-heatmap
fi

# 9. Analyze a game (File → Analyze a game…): a GNU Go game (scripts/gnugo-games.sh) at its end
#    with each colour's safe points, the stones proven safe by search and the search areas
#    tinted by their verdicts; then the position 100 moves earlier (← steps back). The path is
#    typed into the GTK dialog file name first, then the folder before it, so that the
#    dialog's completion of the folder names does not get in the way.
game="${TSUMEGO_GAME:-$HOME/.cache/tsumego-studio/gnugo-games/game-05.sgf}"
if [ -f "$game" ]; then
    start "$root/problems/03-bent-three-kill.sgf"
    click 20 12 0.7      # File
    click 67 62 3        # Analyze a game…
    # No window manager moves the focus to the dialog (start() focused the studio): do it.
    xdotool windowfocus --sync "$(xdotool search --name "^Analyze a game$" | head -1)"
    xdotool key ctrl+l; sleep 0.5; xdotool key ctrl+a BackSpace
    xdotool type --delay 20 "$(basename "$game")"
    xdotool key Home
    xdotool type --delay 20 "$(dirname "$game")/"
    sleep 0.5
    xdotool key Return
    sleep "${TSUMEGO_ANALYZE_WAIT:-30}"  # the static points, then both colours' search
    xdotool mousemove 1270 700
    sleep 0.5
    shot analyze-game
    # Back in the studio's window (the dialog took the focus), 100 moves back.
    xdotool windowfocus "$(xdotool search --pid "$studio" --name "Tsumego Studio" | head -1)"
    click 450 400 0.3
    xdotool key --repeat 100 --delay 10 Left
    sleep "${TSUMEGO_ANALYZE_WAIT:-30}"
    xdotool mousemove 1270 700
    sleep 0.5
    shot analyze-game-move-156
fi

# 8. The layout at both ends of the window sizes the studio supports, each on a screen of its
#    own size: 900x600 with every first move judged and the refutation of White's C1 opened
#    from its line; 1920x1080 while a 19x19 research problem is being solved (the live view:
#    the root's moves with their state and nodes, the depth's progress, the table's fill).
layout() {
    local w=$1 h=$2 name=$3 file=$4 wait=$5
    shift 5
    cleanup
    studio=""
    display=":$((80 + RANDOM % 9))"
    Xvfb "$display" -screen 0 "${w}x${h}x24" >/dev/null 2>&1 &
    xvfb=$!
    export DISPLAY="$display"
    sleep 1
    start "$file"
    local window
    window="$(xdotool search --pid "$studio" --name "Tsumego Studio" | head -1)"
    xdotool windowsize "$window" "$w" "$h" windowmove "$window" 0 0
    sleep 1.5
    for xy in "$@"; do
        click "${xy%,*}" "${xy#*,}" 1.5
    done
    sleep "$wait"
    shot "$name"
}
layout 900 600 layout-900x600 "$root/problems/03-bent-three-kill.sgf" 0 748,267 720,344
if [ -f "$research" ]; then
    layout 1920 1080 layout-1920x1080 "$research" 5 1618,152
fi
