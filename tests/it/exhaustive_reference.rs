//! The plain exhaustive search of `tests/it/exhaustive` on seeded random enclosed problems
//! (`tests/it/random_problems`): the reference the RZ search will be compared with must itself be
//! invariant under the 8 board symmetries, give opposite results for the two claims of a problem,
//! and keep a pinned fingerprint (result counts and total nodes) of the problem sequence.
#![allow(clippy::unwrap_used)] // tests may panic on what cannot happen

use crate::exhaustive;
use crate::random_problems;

use exhaustive::Exhaustive;
use random_problems::{random_problem, transformed};
use tsumego_studio::go::Symmetry;
use tsumego_studio::problem::Outcome;

/// Seed of the random problem sequence.
const SEED: u64 = 0x0072_756c_6573;
/// Problems per test, and the most empty points of their regions.
const COUNT: u64 = 300;
const MAX_EMPTY: usize = 8;
/// Node budget per search; problems over it are skipped (and counted in the fingerprint).
const MAX_NODES: u64 = 200_000;

#[test]
fn results_are_invariant_under_symmetries_and_opposite_for_the_other_claim() {
    let mut compared = 0;
    for i in 0..COUNT {
        let r = random_problem(SEED, i, MAX_EMPTY);
        let Some((outcome, _)) = Exhaustive::solve_within(&r.problem, MAX_NODES) else {
            continue;
        };
        // Another move order may need more nodes: compare whatever finishes within the budget.
        if let Some((flipped, _)) = Exhaustive::solve_within(&r.problem.flipped(), MAX_NODES) {
            assert_eq!(
                flipped,
                outcome.opposite(),
                "problem {i}: the two claims agree"
            );
            compared += 1;
        }
        for sym in Symmetry::all().into_iter().skip(1).step_by(3) {
            let t = Exhaustive::solve_within(&transformed(&r.problem, sym), MAX_NODES);
            if let Some((t, _)) = t {
                assert_eq!(t, outcome, "problem {i} under {sym:?}");
                compared += 1;
            }
        }
    }
    // 291 problems within the budget, three comparisons each, minus a few over it.
    assert!(compared > 850, "only {compared} comparisons");
}

#[test]
fn fingerprint_of_the_random_sequence_is_pinned() {
    let (mut wins, mut nodes, mut corner, mut over_budget) = (0, 0, 0, 0);
    for i in 0..COUNT {
        let r = random_problem(SEED, i, MAX_EMPTY);
        corner += u64::from(r.area == random_problems::Area::Corner);
        let Some((outcome, n)) = Exhaustive::solve_within(&r.problem, MAX_NODES) else {
            over_budget += 1;
            continue;
        };
        wins += u64::from(outcome == Outcome::Win);
        nodes += n;
    }
    assert_eq!((wins, corner, over_budget, nodes), (132, 196, 9, 307_945));
}
