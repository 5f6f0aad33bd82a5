#!/usr/bin/env bash
# Builds Tsumego Studio (release) and runs it with the given arguments, e.g.
#   bash scripts/run-studio.sh                  # the studio on the bundled problems/
#   bash scripts/run-studio.sh check problems/  # any subcommand
# Installs what is missing first (scripts/setup.sh). Relative paths in the arguments are
# taken from the current folder, not the repository's.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# shellcheck source=setup.sh
source "$root/scripts/setup.sh"

echo "==> cargo build --release"
(cd "$root" && cargo build --release)

binary="${CARGO_TARGET_DIR:-$root/target}/release/tsumego-studio"
echo "==> $binary $*"
exec "$binary" "$@"
