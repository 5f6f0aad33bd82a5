//! Differential test of the RZ search (`src/solver`) against the plain exhaustive AND/OR search
//! of `tests/exhaustive` on seeded random enclosed problems (`tests/random_problems`, up to 12
//! empty points): both claims of every problem must get the reference's result, and every proof
//! must pass the independent checker. A disagreement is a bug in dilation or in the search.
//!
//! Both use the default repetition rule (simple ko, a repeated position fails the OR player).
//! Problems whose reference search needs more than `REFERENCE_NODES` nodes are skipped and
//! counted; the test demands at least 10,000 compared problems. It runs on two threads. A proof
//! too large for the checker's position budget is counted (at most `MAX_UNCHECKED`; see
//! `CHECK_POSITIONS`).
#![allow(clippy::unwrap_used)] // tests may panic on what cannot happen

mod exhaustive;
mod random_problems;

use exhaustive::{Exhaustive, Repetition};
use random_problems::random_problem;
use std::sync::atomic::{AtomicU64, Ordering};
use tsumego_studio::problem::{Outcome, Problem};
use tsumego_studio::solver::checker::{check_proof, CheckError};
use tsumego_studio::solver::{SolveConfig, Solver};

const SEED: u64 = 0x5253_5f64_6966;
/// Problems drawn; about 5% exceed the reference budget at 12 empty points. The environment
/// variable `RZ_DIFF_COUNT` overrides it for quick runs (the 10,000 floor then does not apply).
const COUNT: u64 = 10_700;

fn count() -> u64 {
    std::env::var("RZ_DIFF_COUNT")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(COUNT)
}
const MAX_EMPTY: usize = 12;
/// Position budget of the checker. Where an AND node's strategy is "answer moves outside the zone
/// with a pass", the checker tries every set of such outside moves, which can exceed any budget;
/// such proofs are counted, and at most `MAX_UNCHECKED` of them are allowed.
const CHECK_POSITIONS: u64 = 10_000_000;
const MAX_UNCHECKED: u64 = 5;
static UNCHECKED: AtomicU64 = AtomicU64::new(0);
/// Node budget of the reference; problems over it are skipped (and counted).
const REFERENCE_NODES: u64 = 300_000;

/// Solve `problem` with the RZ search, compare with `expected`, check the proof; the nodes used.
fn compare(index: u64, problem: &Problem, expected: Outcome) -> u64 {
    let config = SolveConfig {
        tt_entries: 1 << 16,
        ..SolveConfig::default()
    };
    let solution = Solver::new(problem, config).solve();
    let context = || {
        format!(
            "problem {index}\n{}\n{}",
            problem.summary(),
            problem.board().to_ascii()
        )
    };
    let got = solution
        .status
        .outcome()
        .unwrap_or_else(|| panic!("unknown ({:?}): {}", solution.stop, context()));
    assert_eq!(
        got,
        expected,
        "RZ search {got:?}, reference {expected:?}: {}",
        context()
    );
    if got == Outcome::Win {
        let proof = solution
            .proof
            .as_ref()
            .unwrap_or_else(|| panic!("a win without a proof: {}", context()));
        match check_proof(problem, proof, false, CHECK_POSITIONS) {
            Ok(_) => {}
            Err(CheckError::TooLarge(_)) => {
                eprintln!("proof too large to check: {}", context());
                UNCHECKED.fetch_add(1, Ordering::Relaxed);
            }
            Err(e) => panic!("proof rejected: {e}: {}", context()),
        }
    }
    solution.nodes
}

/// Compare the problems `i` with `i % threads == part`; (compared problems, skipped, RZ nodes).
fn run_part(part: u64, threads: u64) -> (u64, u64, u64) {
    let (mut compared, mut skipped, mut nodes) = (0, 0, 0);
    for i in (part..count()).step_by(threads as usize) {
        let r = random_problem(SEED, i, MAX_EMPTY);
        let reference =
            Exhaustive::solve_with(&r.problem, Repetition::CycleFailsOr, REFERENCE_NODES);
        let Some((outcome, _)) = reference else {
            skipped += 1;
            continue;
        };
        nodes += compare(i, &r.problem, outcome);
        nodes += compare(i, &r.problem.flipped(), outcome.opposite());
        compared += 1;
    }
    (compared, skipped, nodes)
}

#[test]
fn rz_search_agrees_with_exhaustive_search_on_10000_random_problems() {
    const THREADS: u64 = 2;
    let parts: Vec<(u64, u64, u64)> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..THREADS)
            .map(|t| s.spawn(move || run_part(t, THREADS)))
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    let compared: u64 = parts.iter().map(|p| p.0).sum();
    let skipped: u64 = parts.iter().map(|p| p.1).sum();
    let nodes: u64 = parts.iter().map(|p| p.2).sum();
    let unchecked = UNCHECKED.load(Ordering::Relaxed);
    eprintln!(
        "compared {compared} problems (both claims), skipped {skipped}, RZ nodes {nodes}, \
         {unchecked} proofs too large to check"
    );
    assert!(
        unchecked <= MAX_UNCHECKED,
        "{unchecked} proofs too large to check"
    );
    assert!(
        compared >= 10_000 || count() != COUNT,
        "only {compared} problems compared ({skipped} over the reference budget)"
    );
}
