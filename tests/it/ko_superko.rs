//! `live`/`kill` results under positional superko against the superko reference
//! (`tests/it/ko_reference/superko.rs`), which shares no code with the search: on seeded random
//! problems with kos, the file's claim searched with superko must give the reference's winner,
//! never a result "by ko" (a ko master cannot retake at once under superko, so the rule sets of
//! the definitions coincide), and a first move that wins in the reference.
//! 60 problems in CI; `KO_REF_COUNT=N` runs more (`scripts/sweeps.sh`: 120).

use crate::ko_reference;
use crate::random_problems;

use ko_reference::eye_space::eye_space_problem;
use ko_reference::KoGame;
use random_problems::{random_problem_with, Fill};
use std::sync::Arc;
use tsumego_studio::problem::Problem;
use tsumego_studio::solver::jobs::analysis::analyse;
use tsumego_studio::solver::jobs::go_result::GoResult;
use tsumego_studio::solver::SolveConfig;

const SEED: u64 = 0x6b6f_7265_6631;

fn problem_of(i: u64) -> Problem {
    if i % 3 == 2 {
        random_problem_with(SEED, i, 14, Fill::Ko)
            .problem
            .with_seki(true)
    } else {
        eye_space_problem(SEED, i)
    }
}

#[test]
fn superko_results_agree_with_the_superko_reference() {
    let count: u64 = std::env::var("KO_REF_COUNT")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(60);
    let (mut compared, mut moves, mut wrong) = (0, 0, Vec::new());
    // Skipped: too many positions, too many lines, no Go result within the node bound.
    let mut skipped = [0; 3];
    for i in 0..count {
        let problem = problem_of(i);
        let Some(game) = KoGame::new(&problem) else {
            skipped[0] += 1;
            continue;
        };
        let Some(reference) = game.attacker_wins_superko(20_000_000) else {
            skipped[1] += 1;
            continue;
        };
        let config = SolveConfig {
            superko: true,
            tt_entries: 1 << 16,
            max_nodes: Some(2_000_000),
            ..SolveConfig::default()
        };
        let a = analyse(&problem.claim(true), &config, Arc::default(), None);
        let Some(go) = a.go else {
            skipped[2] += 1;
            continue;
        };
        let product = matches!(go, GoResult::Kills | GoResult::KillsByKo);
        compared += 1;
        if product != reference {
            wrong.push(format!(
                "problem {i}: product {go:?}, reference attacker wins {reference}"
            ));
        }
        if matches!(go, GoResult::KillsByKo | GoResult::LivesByKo) {
            wrong.push(format!("problem {i}: a result by ko under superko: {go:?}"));
        }
        let mover = problem.to_move();
        if let Some(m) = a.first_move_of(mover) {
            if (mover == problem.attacker()) == reference {
                moves += 1;
                if game.first_move_wins_superko(m, 20_000_000) != Some(true) {
                    wrong.push(format!(
                        "problem {i}: first move {m:?} of {mover} does not win"
                    ));
                }
            }
        }
    }
    eprintln!(
        "{compared} compared ({moves} first moves), skipped {skipped:?} (positions, lines, no \
         result), {} disagreements",
        wrong.len()
    );
    assert!(compared >= count / 3, "{compared} compared");
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}
