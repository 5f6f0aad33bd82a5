//! Differential test of the RZ search (`src/solver`) against the plain exhaustive AND/OR search
//! of `tests/exhaustive` on seeded random enclosed problems (`tests/random_problems`): both claims
//! of every problem must get the reference's result, and every proof must pass the independent
//! checker. A disagreement is a bug in dilation or in the search.
#![allow(clippy::unwrap_used)] // tests may panic on what cannot happen

mod exhaustive;
mod random_problems;

use exhaustive::Exhaustive;
use random_problems::random_problem;
use tsumego_studio::problem::{Outcome, Problem};
use tsumego_studio::solver::checker::check_proof;
use tsumego_studio::solver::{SolveConfig, Solver, Status};

const SEED: u64 = 0x5253_5f64_6966;
/// Node budget of the reference; problems over it are skipped (and counted).
const REFERENCE_NODES: u64 = 300_000;

/// Solve `problem` with the RZ search and compare with `expected`; check the proof.
fn compare(index: u64, problem: &Problem, expected: Outcome) -> u64 {
    let config = SolveConfig {
        tt_entries: 1 << 14,
        ..SolveConfig::default()
    };
    let mut solver = Solver::new(problem, config);
    let solution = solver.solve();
    let got = match solution.status {
        Status::Win => Outcome::Win,
        Status::Fail => Outcome::Fail,
        Status::Unknown => panic!("problem {index}: unknown ({:?})", solution.stop),
    };
    assert_eq!(
        got,
        expected,
        "problem {index}: RZ search {got:?}, reference {expected:?}\n{}\n{}",
        problem.summary(),
        problem.board().to_ascii()
    );
    if got == Outcome::Win {
        let proof = solution
            .proof
            .as_ref()
            .unwrap_or_else(|| panic!("problem {index}: a win without a proof"));
        if let Err(e) = check_proof(problem, proof, true, 5_000_000) {
            panic!(
                "problem {index}: proof rejected: {e}\n{}\n{}",
                problem.summary(),
                problem.board().to_ascii()
            );
        }
    }
    solution.nodes
}

fn run(count: u64, max_empty: usize) -> (u64, u64, u64) {
    let (mut compared, mut skipped, mut nodes) = (0, 0, 0);
    for i in 0..count {
        let r = random_problem(SEED, i, max_empty);
        let Some((outcome, _)) = Exhaustive::solve_within(&r.problem, REFERENCE_NODES) else {
            skipped += 1;
            continue;
        };
        nodes += compare(i, &r.problem, outcome);
        nodes += compare(i, &r.problem.flipped(), outcome.opposite());
        compared += 2;
    }
    (compared, skipped, nodes)
}

#[test]
fn rz_search_agrees_with_exhaustive_search_on_small_problems() {
    let (compared, skipped, nodes) = run(400, 8);
    eprintln!("compared {compared}, skipped {skipped}, rz nodes {nodes}");
    assert!(
        compared >= 760,
        "only {compared} comparisons ({skipped} skipped)"
    );
}
