#!/usr/bin/env bash
# The full check: formatting, lints (with and without the net), the app built without the net
# (`--no-default-features`: no module loader) and its net paths tested there (the test build
# links the binary, so no separate build step), all tests of the workspace (the app, the net
# module nn/module and its ABI nn/abi) and the doc tests. Installs what is missing first
# (scripts/setup.sh).
# Stops at the first failing step.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
# shellcheck source=setup.sh
source scripts/setup.sh

steps=(
    "cargo fmt --all --check"
    "cargo clippy --workspace --all-targets -- -D warnings"
    "cargo clippy -p tsumego-studio --no-default-features --all-targets -- -D warnings"
    "cargo test -p tsumego-studio --no-default-features --lib --test net_paths"
    "cargo test --workspace --all-targets"
    "cargo test --workspace --doc"
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
