//! The Go result of `live`/`kill` problems against the exhaustive ko reference
//! (`tests/it/ko_reference/`), which implements the definitions of `src/solver/jobs/go_result.rs`
//! directly: on random small problems with kos, both claims of each must give the reference's
//! result, the same words, and first moves that win under the rules the result names; every
//! proof reported is checked.
//!
//! CI runs a seeded sample; the full run (thousands of problems) is
//! `KO_REF_COUNT=3000 cargo test -p tsumego-studio --no-default-features --test it ko_results:: -- --nocapture`.

use crate::bundled;
use crate::ko_reference;
use crate::random_problems;

use ko_reference::eye_space::eye_space_problem;
use ko_reference::{KoGame, Level, Result as Reference};
use random_problems::{random_problem_with, Fill};
use std::sync::Arc;
use tsumego_studio::go::Color;
use tsumego_studio::problem::{Goal, Problem};
use tsumego_studio::report::verdict::analysis_words;
use tsumego_studio::solver::jobs::analysis::{analyse, Analysis};
use tsumego_studio::solver::jobs::go_result::GoResult;
use tsumego_studio::solver::proof::certify::{certify, CheckSettings};
use tsumego_studio::solver::SolveConfig;

const SEED: u64 = 0x6b6f_7265_6631;

/// Problems in CI (`scripts/sweeps.sh` runs 360, `KO_REF_COUNT` sets another count).
const CI_COUNT: u64 = 120;

/// Largest region (points, stones included: captured points are played again).
const MAX_REGION: usize = 18;

fn reference_of(go: GoResult) -> Reference {
    match go {
        GoResult::Kills => Reference::Kills,
        GoResult::KillsByKo => Reference::KillsByKo,
        GoResult::LivesByKo => Reference::LivesByKo,
        GoResult::Lives { .. } => Reference::Lives,
    }
}

/// The headline the verdict must start with.
fn headline(problem: &Problem, result: Reference) -> String {
    let (a, d) = (problem.attacker(), problem.defender());
    match result {
        Reference::Kills => format!("{a} kills"),
        Reference::KillsByKo => format!("{a} kills by ko"),
        Reference::LivesByKo => format!("{d} lives by ko"),
        Reference::Lives => format!("{d} lives"),
    }
}

/// The rule set under which `side`'s reported first move must win, for `result`: the
/// headline winner's (its win when both obey the ban, or at its hardest for an unconditional
/// result), or the loser of a ko as ko master.
/// The first move `a` gives `problem`'s side to move, if any, wins in the reference `game` under
/// the rules the reference's result `expected` names (panics with `context`'s words if not).
/// Whether there was a first move to check.
fn first_move_wins_in_reference(
    game: &KoGame,
    problem: &Problem,
    a: &Analysis,
    expected: Reference,
    context: &dyn Fn(&str) -> String,
) -> bool {
    let mover = problem.to_move();
    let Some(m) = a.first_move_of(mover) else {
        return false;
    };
    let level = level_for(problem, expected, mover);
    assert_eq!(
        game.first_move_wins(m, level),
        Some(true),
        "{}",
        context(&format!("first move {m:?} of {mover} under {level:?}"))
    );
    true
}

fn level_for(problem: &Problem, result: Reference, side: Color) -> Level {
    let attacks = side == problem.attacker();
    match (result, attacks) {
        (Reference::Kills, true) => Level::DefenderMaster,
        (Reference::Lives, false) => Level::AttackerMaster,
        (Reference::KillsByKo, true) | (Reference::LivesByKo, false) => Level::Even,
        (Reference::KillsByKo, false) => Level::DefenderMaster,
        (Reference::LivesByKo, true) => Level::AttackerMaster,
        // No first move is reported for the loser of an unconditional result.
        (Reference::Kills, false) | (Reference::Lives, true) => {
            unreachable!("the loser of an unconditional result has no winning move")
        }
    }
}

#[derive(Default, Debug)]
struct Tally {
    compared: u64,
    skipped: u64,
    by_result: [u64; 4],
    first_moves: u64,
    checked: u64,
}

fn index_of(r: Reference) -> usize {
    match r {
        Reference::Kills => 0,
        Reference::KillsByKo => 1,
        Reference::LivesByKo => 2,
        Reference::Lives => 3,
    }
}

/// The `i`-th problem: two in three eye-space problems, one in three a dense random fill with a
/// ko shape planted.
fn problem_of(i: u64) -> Problem {
    if i % 3 == 2 {
        random_problem_with(SEED, i, MAX_REGION, Fill::Ko)
            .problem
            .with_seki(true)
    } else {
        eye_space_problem(SEED, i)
    }
}

fn analysed(claim: &Problem) -> Analysis {
    let config = SolveConfig {
        tt_entries: 1 << 16,
        max_nodes: Some(2_000_000),
        ..SolveConfig::default()
    };
    let mut a = analyse(claim, &config, Arc::default(), None);
    certify(&mut a, &config, &CheckSettings::default(), None);
    a
}

#[test]
fn go_results_agree_with_the_ko_reference() {
    let count = std::env::var("KO_REF_COUNT")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(CI_COUNT);
    let mut t = Tally::default();
    for i in 0..count {
        let problem = problem_of(i);
        if problem.region().len() > MAX_REGION {
            t.skipped += 1;
            continue;
        }
        let Some(game) = KoGame::new(&problem) else {
            t.skipped += 1;
            continue;
        };
        let expected = game.result();
        let context = |what: &str| {
            format!(
                "problem {i}: {what}\n{}\n{}",
                problem.summary(),
                problem.board().to_ascii()
            )
        };
        let mut words = Vec::new();
        for claim in [problem.clone(), problem.flipped()] {
            let a = analysed(&claim);
            let Some(go) = a.go else {
                panic!(
                    "{}",
                    context(&format!(
                        "undecided ({:?}, {:?}), reference {expected:?}",
                        a.how, a.solution.stop
                    ))
                );
            };
            assert_eq!(
                reference_of(go),
                expected,
                "{}",
                context(&format!("claim {}: {:?}", claim.goal(), a.steps))
            );
            let w = analysis_words(&claim, &a);
            assert!(
                w.starts_with(&headline(&problem, expected)),
                "{}",
                context(&format!("words {w:?}"))
            );
            if let Some(c) = &a.check {
                assert!(
                    c.verdict.accepted(),
                    "{}",
                    context(&format!("check {:?}: {:?}", c.verdict, c.error))
                );
                t.checked += 1;
            }
            if first_move_wins_in_reference(&game, &problem, &a, expected, &|what| {
                context(&format!("{what}: {w}"))
            }) {
                t.first_moves += 1;
            }
            words.push(w);
        }
        assert_eq!(
            words[0],
            words[1],
            "{}",
            context("one result, two wordings")
        );
        t.compared += 1;
        t.by_result[index_of(expected)] += 1;
    }
    eprintln!("ko reference: {t:?}");
    assert!(t.compared >= count / 3, "{t:?}");
    if count >= CI_COUNT {
        // The sample holds results of every kind.
        assert!(t.by_result.iter().all(|&n| n > 0), "{t:?}");
    }
}

/// Every bundled problem (marked or inferred) gives one Go result whichever claim is asked:
/// its own, `lives` or `kills` (what `solve --side` and the studio's claim choice ask); on boards
/// up to 9x9, the ko reference's result and a winning first move.
#[test]
fn every_bundled_problem_gives_one_result_whatever_claim_is_asked() {
    let (mut compared, mut against_reference) = (0, 0);
    for path in bundled::problem_files() {
        let problem = tsumego_studio::problem::load_inferring(&path)
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
            .problem;
        if !matches!(problem.goal(), Goal::Live | Goal::Kill) {
            continue;
        }
        let mut results = Vec::new();
        for claim in [problem.claim(true), problem.claim(false)] {
            let a = analysed(&claim);
            let go =
                a.go.unwrap_or_else(|| panic!("{}: {} undecided", path.display(), claim.goal()));
            if let Some(c) = &a.check {
                assert!(c.verdict.accepted(), "{}: {:?}", path.display(), c.verdict);
            }
            results.push((go, analysis_words(&claim, &a)));
        }
        assert_eq!(results[0], results[1], "{}", path.display());
        compared += 1;
        // The reference, where the board is small enough for it.
        if problem.size() <= 9 {
            if let Some(game) = KoGame::new(&problem) {
                let expected = game.result();
                assert_eq!(
                    reference_of(results[0].0),
                    expected,
                    "{}: {}",
                    path.display(),
                    results[0].1
                );
                let a = analysed(&problem);
                first_move_wins_in_reference(&game, &problem, &a, expected, &|what| {
                    format!("{}: {what}", path.display())
                });
                against_reference += 1;
            }
        }
    }
    assert!(compared >= 20, "{compared} bundled live/kill problems");
    assert!(
        against_reference >= 15,
        "{against_reference} bundled problems against the reference"
    );
}

/// One problem of the sequence and both its claims' searches, for looking into a disagreement:
/// `KO_ONE=92 [KO_DEPTH=256] cargo test … --test it ko_results::one_problem -- --ignored --nocapture`.
#[test]
#[ignore]
fn one_problem() {
    let i: u64 = std::env::var("KO_ONE").unwrap().parse().unwrap();
    let depth: u32 = std::env::var("KO_DEPTH")
        .map(|s| s.parse().unwrap())
        .unwrap_or(256);
    let problem = problem_of(i);
    let game = KoGame::new(&problem).unwrap();
    eprintln!("reference {:?} ({} positions)", game.result(), game.len());
    for claim in [problem.clone(), problem.flipped()] {
        let config = SolveConfig {
            max_depth: depth,
            tt_entries: 1 << 16,
            max_nodes: Some(2_000_000),
            ..SolveConfig::default()
        };
        let a = analyse(&claim, &config, Arc::default(), None);
        eprintln!(
            "{}: {:?} {:?}\n  {}",
            claim.goal(),
            a.go,
            a.how,
            analysis_words(&claim, &a)
        );
        for s in &a.steps {
            eprintln!("   {s:?}");
        }
    }
}
