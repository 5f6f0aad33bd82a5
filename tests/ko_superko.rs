//! WIP (issue 35 item 4): `live`/`kill` results under positional superko against the superko
//! reference (`tests/ko_reference/superko.rs`). Not on main yet.

mod bundled;
mod ko_reference;
mod random_problems;

use ko_reference::eye_space::eye_space_problem;
use ko_reference::KoGame;
use random_problems::{random_problem_with, Fill};
use std::sync::Arc;
use tsumego_studio::problem::Problem;
use tsumego_studio::solver::analysis::analyse;
use tsumego_studio::solver::go_result::GoResult;
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
        .unwrap_or(120);
    let (mut compared, mut skipped, mut wrong) = (0, 0, Vec::new());
    for i in 0..count {
        let problem = problem_of(i);
        let Some(game) = KoGame::new(&problem) else {
            skipped += 1;
            continue;
        };
        let Some(reference) = game.attacker_wins_superko(20_000_000) else {
            skipped += 1;
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
            skipped += 1;
            continue;
        };
        let product = matches!(go, GoResult::Kills | GoResult::KillsByKo);
        compared += 1;
        if product != reference {
            wrong.push(format!(
                "problem {i}: product {go:?}, reference attacker wins {reference}"
            ));
        }
    }
    eprintln!(
        "{compared} compared, {skipped} skipped, {} disagree",
        wrong.len()
    );
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}
