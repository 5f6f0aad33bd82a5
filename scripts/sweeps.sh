#!/usr/bin/env bash
# The randomised tests at the sizes CI ran before it was cut to ten minutes: each a larger
# seeded sample of the same test (CI runs the smaller one named in each test's file). Not
# the full-size runs (those are in README.md, "Tests", and BENCHMARKS.md); about 10 minutes
# on 2 cores. Any argument is passed to `cargo test` (e.g. `--release`).
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
# shellcheck source=setup.sh
source scripts/setup.sh

run() {
    echo "==> $*"
    env "$@"
}
t=(cargo test "$@" -p tsumego-studio --test it)
run RZ_DIFF_COUNT=800 "${t[@]}" rz_differential::rz_search_agrees -- --nocapture
run RZ_DIFF_COUNT=200 "${t[@]}" rz_differential::the_exhaustive_engine -- --nocapture
run EVERY_BLOCK_DIFF_COUNT=400 "${t[@]}" rz_differential::every_block -- --nocapture
run OPEN_DIFF_COUNT=400 "${t[@]}" rz_differential::go_goals_in_open -- --nocapture
run TERRITORY_DIFF_COUNT=400 "${t[@]}" rz_differential::territory_goals -- --nocapture
run ONE_EYE_DIFF_COUNT=1000 "${t[@]}" rz_differential::one_eye_goals -- --nocapture
run RZ_DIFF_ENGINES=mcts RZ_DIFF_COUNT=60 "${t[@]}" rz_differential::rz_search_agrees -- --nocapture
# parallel df-pn: its own test runs 60 problems in CI; here the differential test on two threads.
run RZ_DIFF_THREADS=2 RZ_DIFF_COUNT=150 "${t[@]}" rz_differential::rz_search_agrees -- --nocapture
run FIRST_MOVES_DIFF_COUNT=64 "${t[@]}" first_moves_differential:: -- --nocapture
run KO_REF_COUNT=360 "${t[@]}" ko_results::go_results_agree -- --nocapture
run KO_REF_COUNT=120 "${t[@]}" ko_superko:: -- --nocapture
# The app without the net: its net paths (what `nn-info` and the studio say without a loader).
run cargo test "$@" -p tsumego-studio --no-default-features --test net_paths
echo "==> all sweeps passed"
