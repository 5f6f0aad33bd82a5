//! Parallel df-pn (`src/solver/engines/dfpn/parallel.rs`): two threads on one claim
//! sharing the transposition table decide as the serial search does, and every win they prove
//! passes the independent checker. On every bundled problem (both claims) and on a seeded sample
//! of the differential test's random problems (both goal families, both claims) against the
//! exhaustive reference. Which thread proves the root, and the node counts, vary from run to
//! run; the results may not. The full differential run with two threads per solve is
//! `RZ_DIFF_THREADS=2 RZ_DIFF_ENGINES=dfpn cargo test --release --test it rz_differential::`
//! (BENCHMARKS.md).
#![allow(clippy::unwrap_used)] // tests may panic on what cannot happen

use crate::bundled;
use crate::exhaustive;
use crate::random_problems;

use bundled::load_all;
use exhaustive::{Exhaustive, Repetition};
use random_problems::{random_problem_with, Fill};
use tsumego_studio::problem::{Outcome, Problem};
use tsumego_studio::solver::proof::checker::{check_proof, CheckError};
use tsumego_studio::solver::{Engine, SolveConfig, Solver, Status};

const SEED: u64 = 0x5253_5f64_6966;
/// Random problems of the sample (the differential test's first ones; `scripts/sweeps.sh` runs
/// the differential test itself on two threads).
const COUNT: u64 = 60;

fn parallel(max_nodes: u64) -> SolveConfig {
    SolveConfig {
        engine: Engine::DFPN,
        threads: 2,
        tt_entries: 1 << 16,
        max_nodes: Some(max_nodes),
        ..SolveConfig::default()
    }
}

/// Solve `claim` on two threads; a win's proof must pass the checker.
fn solve_checked(claim: &Problem, max_nodes: u64, context: &str) -> Status {
    let solution = Solver::new(claim, parallel(max_nodes)).solve();
    if solution.status == Status::Win {
        let proof = solution
            .proof
            .as_ref()
            .unwrap_or_else(|| panic!("{context}: a win without a proof"));
        match check_proof(claim, proof, false, 10_000_000) {
            Ok(_) | Err(CheckError::TooLarge(_)) => {}
            Err(e) => panic!("{context}: the checker rejects the proof: {e}"),
        }
    }
    solution.status
}

#[test]
fn two_threads_decide_the_bundled_problems_as_one_does() {
    let mut decided = 0;
    for (path, problem) in load_all() {
        for claim in [problem.clone(), problem.flipped()] {
            let context = format!("{} (OR {})", path.display(), claim.or_player());
            let serial_config = SolveConfig {
                threads: 1,
                ..parallel(200_000)
            };
            let serial = Solver::new(&claim, serial_config).solve().status;
            let two = solve_checked(&claim, 200_000, &context);
            if serial != Status::Unknown && two != Status::Unknown {
                assert_eq!(two, serial, "{context}");
                decided += 1;
            }
        }
    }
    assert!(decided >= 40, "{decided} claims decided by both");
}

#[test]
fn two_threads_agree_with_the_exhaustive_search_on_random_problems() {
    let mut compared = 0;
    for i in 0..COUNT {
        let fill = [Fill::Sparse, Fill::Dense, Fill::Ko][(i % 3) as usize];
        let r = random_problem_with(SEED, i, 12, fill);
        for seki in [false, true] {
            let p = r.problem.clone().with_seki(seki);
            let Some((expected, _)) = Exhaustive::solve_with(&p, Repetition::CycleFailsOr, 300_000)
            else {
                continue;
            };
            for (claim, outcome) in [(p.clone(), expected), (p.flipped(), expected.opposite())] {
                let context = format!("problem {i}\n{}", claim.summary());
                let got = solve_checked(&claim, 20_000_000, &context);
                let want = match outcome {
                    Outcome::Win => Status::Win,
                    Outcome::Fail => Status::Fail,
                };
                assert_eq!(got, want, "{context}\n{}", claim.board().to_ascii());
            }
            compared += 1;
        }
    }
    assert!(compared >= COUNT, "{compared} compared");
}
