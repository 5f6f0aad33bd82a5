#!/usr/bin/env bash
# The full check: formatting, lints (with and without the net: `--no-default-features`, no
# module loader; every target, benches included) and every test of the workspace (the app, the
# net module nn/module and its ABI nn/abi): unit, integration and doc tests; before them the
# tests of the Python scripts (the GNU Go suites' harness, the GTP regression runner and the
# games benchmark's summary and sample: Python's standard library only, about a second). The app without the net is linted here and its net paths tested by
# scripts/sweeps.sh (its messages are the only code of its own; a second test build of the app
# cost four minutes of CI). Installs what is missing first (scripts/setup.sh).
# Stops at the first failing step.
#
# Built without incremental compilation: a full check compiles everything once, and
# incremental mode (256 codegen units, its cache written as it goes) made the app's library
# cost 2.4 times the CPU at the test profile's opt-level 2 (BENCHMARKS.md, "Refactorings and
# CI"). Day-to-day `cargo test` keeps it.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
# shellcheck source=setup.sh
source scripts/setup.sh
export CARGO_INCREMENTAL=0

steps=(
    "cargo fmt --all --check"
    "cargo clippy --workspace --all-targets -- -D warnings"
    "cargo clippy -p tsumego-studio --no-default-features --all-targets -- -D warnings"
    "python3 scripts/test_gnugo_suites.py"
    "python3 scripts/test_gtp_regress.py"
    "python3 scripts/test_safety_where.py"
    "cargo test --workspace"
)
for i in "${!steps[@]}"; do
    step="${steps[$i]}"
    echo "==> [$((i + 1))/${#steps[@]}] $step"
    start=$SECONDS
    if ! $step; then
        echo "test.sh: FAILED at step $((i + 1))/${#steps[@]}: $step" >&2
        exit 1
    fi
    echo "==> ok: $step ($((SECONDS - start)) s)"
done
echo "==> all ${#steps[@]} steps passed"
