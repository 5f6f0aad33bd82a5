#!/usr/bin/env bash
# The full check: formatting, lints, a build without libtorch, all tests (with the `nn`
# feature) and the doc tests. Installs what is missing first (scripts/setup.sh).
# Stops at the first failing step.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
# shellcheck source=setup.sh
source scripts/setup.sh

steps=(
    "cargo fmt --check"
    "cargo clippy --all-targets -- -D warnings"
    "cargo build --no-default-features"
    "cargo test --all-targets"
    "cargo test --doc"
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
