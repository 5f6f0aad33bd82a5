#!/usr/bin/env bash
# Whole-process start-up cost: wall time and peak memory, median of RUNS runs
# (default 10), of the release binaries:
#   * `--version`, `check` and `solve` of one small bundled file, for the default build (the net
#     module beside the binary, not loaded) and the `--no-default-features` build (no net);
#   * `nn-info` (the net module opened on demand, a 5x64 net made, one evaluation);
#   * the studio's first frame (TSUMEGO_EXIT_AFTER_FIRST_FRAME: it closes after one frame), in
#     a virtual X server, when Xvfb is installed;
#   * `solve` of every bundled problem, whole process, against the search time it reports.
# A benchmark for BENCHMARKS.md, not a test.
#
#   bash scripts/startup-bench.sh
#   BIN=path NONET_BIN=path RUNS=10 bash scripts/startup-bench.sh   # existing binaries
#
# Without BIN / NONET_BIN it builds both in release mode (the no-net build in target/no-net, so
# the two do not overwrite each other).
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
runs="${RUNS:-10}"
problem="$root/problems/03-bent-three-kill.sgf"

if [ -z "${BIN:-}" ] || [ -z "${NONET_BIN:-}" ]; then
    # shellcheck source=setup.sh
    source "$root/scripts/setup.sh" >/dev/null
    (cd "$root" && cargo build --release --quiet)
    (cd "$root" && CARGO_TARGET_DIR="$root/target/no-net" cargo build --release --quiet \
        -p tsumego-studio --no-default-features)
    BIN="$root/target/release/tsumego-studio"
    NONET_BIN="$root/target/no-net/release/tsumego-studio"
fi

# measure BIN ARGS...: "<median wall> | <median peak memory>" over $runs runs (wall from a
# monotonic clock around fork/exec/wait, peak resident memory from wait4's rusage).
measure() {
    python3 - "$runs" "$@" <<'PY'
import os, statistics, subprocess, sys, time
runs, cmd = int(sys.argv[1]), sys.argv[2:]
walls, mems = [], []
for _ in range(runs):
    start = time.perf_counter()
    child = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(child.pid, 0)
    walls.append(time.perf_counter() - start)
    mems.append(usage.ru_maxrss / 1024)
    child.returncode = 0  # reaped by wait4 above
    if status != 0:
        sys.exit(f"{' '.join(cmd)} failed (status {status})")
print(f"{statistics.median(walls) * 1e3:.1f} ms | {statistics.median(mems):.1f} MiB")
PY
}

echo "| command | build | wall (median of $runs) | peak memory |"
echo "|---|---|---|---|"
for build in default no-net; do
    bin="$BIN"
    [ "$build" = no-net ] && bin="$NONET_BIN"
    echo "| \`--version\` | $build | $(measure "$bin" --version) |"
    echo "| \`check 03-bent-three-kill.sgf\` | $build | $(measure "$bin" check "$problem") |"
    echo "| \`solve 03-bent-three-kill.sgf\` | $build | $(measure "$bin" solve "$problem") |"
done
echo "| \`nn-info --device cpu\` (net loaded) | default | $(measure "$BIN" nn-info --device cpu) |"

if command -v Xvfb >/dev/null 2>&1; then
    display=":$((90 + RANDOM % 9))"
    Xvfb "$display" -screen 0 1400x900x24 >/dev/null 2>&1 &
    xvfb_pid=$!
    trap 'kill $xvfb_pid 2>/dev/null || true' EXIT
    sleep 1
    for build in default no-net; do
        bin="$BIN"
        [ "$build" = no-net ] && bin="$NONET_BIN"
        echo "| studio to first frame | $build | $(DISPLAY=$display TSUMEGO_EXIT_AFTER_FIRST_FRAME=1 \
            XDG_CONFIG_HOME="$(mktemp -d)" measure "$bin" "$problem") |"
    done
fi

# Problems solved one process each: the whole-process wall time against the search time
# `solve --json` reports (its "seconds", plus the proof's "check_seconds"). The bundled problems
# (median of $runs runs each) and the research sets' small-region problems (the 7x7 set, 31-43
# empty points, at a 0.2 s limit; one run each) when ../shared/bench is there.
echo
echo "| problems, one process each | files | wall (sum) | search + check (sum) | wall - search |"
echo "|---|---|---|---|---|"
per_file() {
    local label="$1" repeat="$2"
    shift 2
    python3 - "$label" "$repeat" "$BIN" "$@" <<'PY'
import json, statistics, subprocess, sys, time
label, repeat, binary = sys.argv[1], int(sys.argv[2]), sys.argv[3]
files = [a for a in sys.argv[4:] if not a.startswith("--")]
flags = [a for a in sys.argv[4:] if a.startswith("--")]
wall_total = search_total = 0.0
for f in files:
    walls = []
    for _ in range(repeat):
        start = time.perf_counter()
        out = subprocess.run([binary, "solve", "--json", *flags, f], capture_output=True, check=True)
        walls.append(time.perf_counter() - start)
    report = json.loads(out.stdout)
    wall_total += statistics.median(walls)
    search_total += (report.get("seconds") or 0.0) + (report.get("check_seconds") or 0.0)
print(f"| {label} | {len(files)} | {wall_total * 1e3:.0f} ms | {search_total * 1e3:.0f} ms "
      f"| {(wall_total - search_total) * 1e3 / len(files):.1f} ms per file |")
PY
}
per_file "bundled \`problems/\`" "$runs" "$root"/problems/*.sgf
seven="$root/../shared/bench/rzs-aaai22/7x7"
if [ -d "$seven" ]; then
    per_file "7x7 research set, \`--time-limit-secs 0.2\`" 1 --time-limit-secs=0.2 "$seven"/*.json
fi
