#!/usr/bin/env bash
# Whole-process start-up cost: wall time and peak memory (median of RUNS runs, default 10)
# of `--version`, `check` of one small bundled file and `solve` of it, for two binaries: the
# default build (the `nn` feature: libtorch linked) and `--no-default-features` (no libtorch).
# A benchmark for BENCHMARKS.md (issue 16), not a test.
#
#   bash scripts/startup-bench.sh
#   NET_BIN=path NONET_BIN=path RUNS=10 bash scripts/startup-bench.sh   # existing binaries
#
# Without NET_BIN / NONET_BIN it builds both in release mode (the no-net build in
# target/no-net, so the two do not overwrite each other).
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
runs="${RUNS:-10}"
problem="$root/problems/03-bent-three-kill.sgf"

if [ -z "${NET_BIN:-}" ] || [ -z "${NONET_BIN:-}" ]; then
    # shellcheck source=setup.sh
    source "$root/scripts/setup.sh" >/dev/null
    (cd "$root" && cargo build --release --quiet)
    (cd "$root" && CARGO_TARGET_DIR="$root/target/no-net" cargo build --release --quiet \
        --no-default-features)
    NET_BIN="$root/target/release/tsumego-studio"
    NONET_BIN="$root/target/no-net/release/tsumego-studio"
fi

# measure BIN ARGS...: "<median wall> | <median peak memory>" over $runs runs (wall from a
# monotonic clock around fork/exec/wait, peak resident memory from wait4's rusage).
measure() {
    python3 - "$runs" "$@" <<'EOF'
import os, statistics, subprocess, sys, time
runs, cmd = int(sys.argv[1]), sys.argv[2:]
walls, mems = [], []
for _ in range(runs):
    start = time.perf_counter()
    child = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, _, usage = os.wait4(child.pid, 0)
    walls.append(time.perf_counter() - start)
    mems.append(usage.ru_maxrss / 1024)
    child.returncode = 0  # reaped by wait4 above
print(f"{statistics.median(walls) * 1e3:.1f} ms | {statistics.median(mems):.1f} MiB")
EOF
}

echo "| command | build | wall (median of $runs) | peak memory |"
echo "|---|---|---|---|"
for build in net no-net; do
    bin="$NET_BIN"
    [ "$build" = no-net ] && bin="$NONET_BIN"
    echo "| \`--version\` | $build | $(measure "$bin" --version) |"
    echo "| \`check 03-bent-three-kill.sgf\` | $build | $(measure "$bin" check "$problem") |"
    echo "| \`solve 03-bent-three-kill.sgf\` | $build | $(measure "$bin" solve "$problem") |"
done
