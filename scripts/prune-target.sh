#!/usr/bin/env bash
# Remove the workspace's own build products from a cargo target folder, keeping the compiled
# dependencies (what CI services cache between runs, as `Swatinem/rust-cache` does). `.ci/run`
# calls it after each run on its cached target folder, so the cache holds only registry
# crates (about 4 GB) and every run compiles and tests the workspace from its sources.
#
#   bash scripts/prune-target.sh TARGET_DIR
set -euo pipefail

target="${1:?usage: prune-target.sh TARGET_DIR}"
[ -d "$target" ] || exit 0
cd "$(dirname "${BASH_SOURCE[0]}")/.."

# Package names and target names of the workspace's members (cargo writes products under the
# target name with '-' turned into '_', fingerprints and build-script folders under the package
# name).
names="$(cargo metadata --no-deps --format-version 1 | python3 -c '
import json, sys
names = set()
for p in json.load(sys.stdin)["packages"]:
    names.add(p["name"])
    names.add(p["name"].replace("-", "_"))
    for t in p["targets"]:
        names.add(t["name"])
        names.add(t["name"].replace("-", "_"))
print("\n".join(sorted(names)))')"

for profile in "$target"/*/; do
    [ -d "$profile/deps" ] || continue
    while IFS= read -r name; do
        rm -rf "$profile/deps/$name"-* "$profile/deps/$name".* "$profile/deps/lib$name"-* "$profile/deps/lib$name".* \
            "$profile/.fingerprint/$name"-* "$profile/build/$name"-* \
            "$profile/examples/$name"-* "$profile/incremental/$name"-* \
            "$profile/$name" "$profile/$name".d "$profile/lib$name".*
    done <<<"$names"
done
