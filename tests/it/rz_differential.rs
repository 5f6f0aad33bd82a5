//! Differential test of the RZ engines (`src/solver`: depth-first, df-pn and MCTS) against the
//! plain exhaustive AND/OR search of `tests/it/exhaustive` on seeded random enclosed problems
//! (`tests/it/random_problems`, up to 12 empty points): every problem in both goal families, with
//! its own, the switched and the ko-master OR ko rule, both claims each, must get the
//! reference's result, and every proof must pass the independent checker (`tests/it/rz_diff`
//! holds the comparison, shared with `tests/it/mcts.rs`).
//!
//! Problems whose reference search needs more than 300,000 nodes are skipped and counted; a run
//! of [`FULL_COUNT`] problems or more demands at least 10,000 compared problems per goal family.
//! It runs on two threads.
#![allow(clippy::unwrap_used)] // tests may panic on what cannot happen

use crate::rz_diff;

use rz_diff::Sample;
use tsumego_studio::solver::Engine;

/// Problems drawn in CI: a seeded sample (`scripts/sweeps.sh` runs 800). The environment
/// variable `RZ_DIFF_COUNT` sets another count; the full run (`RZ_DIFF_COUNT=11000`, see `BENCHMARKS.md`) must compare at least 10,000
/// problems per goal family (about 5% exceed the reference budget at 12 empty points).
const COUNT: u64 = 150;
/// From this many problems drawn, the 10,000-per-family floor applies.
const FULL_COUNT: u64 = 10_500;

fn env_number(name: &str) -> Option<u64> {
    std::env::var(name).ok().and_then(|v| v.parse().ok())
}

/// The engines compared: depth-first and df-pn by default (CI; the exhaustive engine has a test
/// of its own below);
/// `RZ_DIFF_ENGINES=mcts` (or any comma-separated list of the registry's names: `dfs`, `dfpn`,
/// `mcts`, `exhaustive`) for others.
fn engines() -> Vec<Engine> {
    let asked = std::env::var("RZ_DIFF_ENGINES").unwrap_or_default();
    if asked.is_empty() {
        return vec![Engine::DFS, Engine::DFPN];
    }
    tsumego_studio::solver::engines::all()
        .map(|info| info.id)
        .filter(|e| asked.split(',').any(|a| a.trim() == e.name()))
        .collect()
}

#[test]
fn rz_search_agrees_with_exhaustive_search_on_random_problems() {
    let sample = Sample {
        engines: engines(),
        // `RZ_DIFF_FROM`: the first problem drawn (default 0), so that a full run can be made
        // in parts with the same code, e.g. `RZ_DIFF_FROM=3500 RZ_DIFF_COUNT=11000` after
        // `RZ_DIFF_COUNT=3500`.
        first: env_number("RZ_DIFF_FROM").unwrap_or(0),
        count: env_number("RZ_DIFF_COUNT").unwrap_or(COUNT),
        // `RZ_DIFF_ONLY=i`: only problem `i` (to reproduce a disagreement the test printed).
        only: env_number("RZ_DIFF_ONLY"),
        // `RZ_DIFF_THREADS=2`: df-pn on two threads per solve (`tests/it/parallel_dfpn.rs` runs a
        // sample of that in CI).
        threads: env_number("RZ_DIFF_THREADS").unwrap_or(1) as usize,
        every_block: false,
        open: false,
        territory: false,
        one_eye: false,
    };
    let compared = rz_diff::run(&sample);
    if sample.count.saturating_sub(sample.first) >= FULL_COUNT {
        assert!(
            compared.iter().all(|&c| c >= 10_000),
            "only {compared:?} problems compared"
        );
    }
}

/// The exhaustive engine (plain AND/OR search inside the product, `--engine exhaustive`)
/// against the test's own reference: the first 80 problems in CI (about 15 s; `scripts/sweeps.sh` runs 200), `RZ_DIFF_COUNT`
/// for more.
#[test]
fn the_exhaustive_engine_agrees_with_the_reference() {
    let sample = Sample {
        engines: vec![Engine::EXHAUSTIVE],
        first: 0,
        count: env_number("RZ_DIFF_COUNT").unwrap_or(80),
        only: env_number("RZ_DIFF_ONLY"),
        threads: 1,
        every_block: false,
        open: false,
        territory: false,
        one_eye: false,
    };
    let compared = rz_diff::run(&sample);
    assert!(
        sample.only.is_some() || compared.iter().all(|&c| c >= sample.count * 9 / 10),
        "only {compared:?} problems compared"
    );
}

/// The every-block goals (`live-all`/`kill-any` and their unconditional forms) asked of the
/// random problems, in their own regions or `open` ones, with a `territory` claimed or not,
/// depth-first search and df-pn against the reference: 60 problems in CI
/// (`EVERY_BLOCK_DIFF_COUNT`, or `TERRITORY_DIFF_COUNT` for the territory rows, for more).
fn every_block_goals_agree(open: bool, territory: bool) {
    let count_variable = if territory {
        "TERRITORY_DIFF_COUNT"
    } else {
        "EVERY_BLOCK_DIFF_COUNT"
    };
    let sample = Sample {
        engines: vec![Engine::DFS, Engine::DFPN],
        first: 0,
        count: env_number(count_variable).unwrap_or(60),
        only: env_number("RZ_DIFF_ONLY"),
        threads: 1,
        every_block: true,
        open,
        territory,
        one_eye: false,
    };
    let compared = rz_diff::run(&sample);
    assert!(
        sample.only.is_some() || compared.iter().all(|&c| c >= sample.count * 8 / 10),
        "only {compared:?} problems compared"
    );
}

/// The every-block goals (every crucial block must live, the attacker wins by capturing any
/// one; the boundary safety of an open-boundary area): the random problems' crucial stones are
/// all the defender's stones, two blocks or more in most of them.
#[test]
fn every_block_goals_agree_with_exhaustive_search() {
    every_block_goals_agree(false, false);
}

/// The every-block goals in open regions: about half of each region's empty points that are not
/// liberties of the crucial stones dropped, so the defender's blocks can reach outside the
/// region and the leak rule decides (a crucial block with a liberty outside the region is a
/// failure of the defender).
#[test]
fn every_block_goals_in_open_regions_agree_with_exhaustive_search() {
    every_block_goals_agree(true, false);
}

/// The goals of Go problems (`live`/`kill`) in open regions ([`Problem::is_open`]: the crucial
/// stones can reach an empty point outside the region): the open-boundary leak rule (a crucial
/// block with a liberty outside the region fails the OR player, either claim) in depth-first
/// search and df-pn against the reference, each claim with its own reference (the two claims
/// are no complements: both fail where the result depends on play outside): 60 problems in CI
/// (`OPEN_DIFF_COUNT` for more; `scripts/sweeps.sh` runs 400).
///
/// [`Problem::is_open`]: tsumego_studio::problem::Problem::is_open
#[test]
fn go_goals_in_open_regions_agree_with_exhaustive_search() {
    let sample = Sample {
        engines: vec![Engine::DFS, Engine::DFPN],
        first: 0,
        count: env_number("OPEN_DIFF_COUNT").unwrap_or(60),
        only: env_number("RZ_DIFF_ONLY"),
        threads: 1,
        every_block: false,
        open: true,
        territory: false,
        one_eye: false,
    };
    let compared = rz_diff::run(&sample);
    assert!(
        sample.only.is_some() || compared.iter().all(|&c| c >= sample.count * 8 / 10),
        "only {compared:?} problems compared"
    );
}

/// The *territory safe* goal (Safety Solver 2.0): every crucial block must live and every
/// point of a claimed territory must be safe without search (`go::safe_points`) before the
/// defender wins; a game ended by two passes is the attacker's. The reference reads the
/// territory with `safe_points`, the checker with its own code; closed regions and open ones
/// (`scripts/sweeps.sh` runs 400 each).
#[test]
fn territory_goals_agree_with_exhaustive_search() {
    every_block_goals_agree(false, true);
}

#[test]
fn territory_goals_in_open_regions_agree_with_exhaustive_search() {
    every_block_goals_agree(true, true);
}

/// The one-eye goals (`one-eye`/`no-eye`, Kishimoto and Müller): an eye in the region
/// connected to every crucial stone, the attacker winning by capturing any crucial stone or by
/// two passes without the eye; the static "no eye possible" rule and the two-pass certificate
/// are the search's own. Depth-first search and df-pn against the reference, the problems'
/// own, switched and ko-master OR ko rules, both claims each: 150 problems in CI
/// (`ONE_EYE_DIFF_COUNT` for more; the full run of 3,000 is in `BENCHMARKS.md`).
#[test]
fn one_eye_goals_agree_with_exhaustive_search() {
    let sample = Sample {
        engines: engines(),
        first: env_number("RZ_DIFF_FROM").unwrap_or(0),
        count: env_number("ONE_EYE_DIFF_COUNT").unwrap_or(150),
        only: env_number("RZ_DIFF_ONLY"),
        threads: 1,
        every_block: false,
        open: false,
        territory: false,
        one_eye: true,
    };
    let compared = rz_diff::run(&sample);
    let drawn = sample.count.saturating_sub(sample.first);
    assert!(
        sample.only.is_some() || compared[0] >= drawn * 9 / 10,
        "only {compared:?} problems compared"
    );
}
