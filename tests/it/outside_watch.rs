//! The outside watch (`solver::kernel::outside_watch`): in the defender's claim of an
//! open-boundary problem, a defender block on or beside the region with a liberty outside it is
//! a failure of the defender, since the attacker could shorten or capture it from outside where
//! the search never plays (GNU Go's `owl:41`, BENCHMARKS.md).
//!
//! The random problems of the differential rows make every defender stone crucial, so their
//! other defender blocks appear only in the search. Here each problem keeps one crucial block
//! (the first), its region opened as in the differential rows: the other defender blocks are
//! not crucial from the start, and those beside the dropped points reach outside. Both claims
//! are compared with the reference (df-pn, every win's proof checked), and the test shows that
//! the watch changes answers (defender wins of the rules before it, which rested on such a
//! block). The checker's reading of the rule is pinned in its own unit tests.

use crate::exhaustive::{Exhaustive, Repetition};
use crate::random_problems::{random_problem_with, Fill};
use crate::rz_diff::{opened, MAX_EMPTY, SEED};
use tsumego_studio::problem::{Outcome, Problem};
use tsumego_studio::solver::proof::checker::check_proof;
use tsumego_studio::solver::{Engine, SolveConfig, Solver};

/// Random problems drawn (the differential rows' sequence).
const DRAWN: u64 = 600;
/// The reference's budget per claim.
const NODES: u64 = 300_000;

/// The `i`-th random problem with its first crucial block only, its region opened, as the
/// defender's claim (`live`, seki is life); `None` when it is not open.
fn open_claim(i: u64) -> Option<Problem> {
    let fill = [Fill::Sparse, Fill::Dense, Fill::Ko][(i % 3) as usize];
    let r = random_problem_with(SEED, i, MAX_EMPTY, fill);
    let (_, first) = r.problem.board().blocks_of(&r.problem.crucial()).next()?;
    let mut setup = r.problem.to_setup();
    setup.crucial = first;
    let base = opened(&setup.validate().ok()?, i)?.with_seki(true);
    let live = if base.goal().or_defends() {
        base
    } else {
        base.flipped()
    };
    live.is_open().then_some(live)
}

/// df-pn's result of `problem`, its proof checked when it wins.
fn searched(problem: &Problem, what: &str) -> Option<Outcome> {
    let config = SolveConfig {
        engine: Engine::DFPN,
        max_nodes: Some(2_000_000),
        ..SolveConfig::default()
    };
    let solution = Solver::new(problem, config).solve();
    let outcome = solution.status.outcome();
    if outcome == Some(Outcome::Win) {
        let proof = solution.proof.as_ref().expect("a win has a proof");
        if let Err(e) = check_proof(problem, proof, false, 10_000_000) {
            panic!("{what}: proof refused: {e}");
        }
    }
    outcome
}

#[test]
fn open_claims_with_other_defender_blocks_agree_with_the_reference() {
    let (mut claims, mut changed) = (0, Vec::new());
    for i in 0..DRAWN {
        let Some(live) = open_claim(i) else {
            continue;
        };
        let kill = live.flipped();
        let reference = |p: &Problem| Exhaustive::solve_with(p, Repetition::CycleFailsOr, NODES);
        let (Some((lives, _)), Some((kills, _))) = (reference(&live), reference(&kill)) else {
            continue;
        };
        let before = Exhaustive::solve_unwatched(&live, Repetition::CycleFailsOr, NODES);
        let context = || {
            format!(
                "problem {i}\n{}\n{}",
                live.summary(),
                live.board().to_ascii()
            )
        };
        for (claim, expected) in [(&live, lives), (&kill, kills)] {
            let got = searched(claim, &context());
            assert_eq!(
                got,
                Some(expected),
                "{}: {}",
                claim.goal().name(),
                context()
            );
        }
        claims += 1;
        if let Some((then, _)) = before {
            assert!(
                lives != Outcome::Win || then == Outcome::Win,
                "the watch only takes wins away: {}",
                context()
            );
            if then != lives {
                changed.push(i);
            }
        }
    }
    eprintln!(
        "{claims} open problems with other defender blocks, both claims agreeing; the watch \
         changes the defender's claim of {} ({changed:?})",
        changed.len()
    );
    assert!(claims >= 300, "only {claims} open problems compared");
    assert!(
        changed.len() >= 5,
        "only {} changed by the watch",
        changed.len()
    );
}
