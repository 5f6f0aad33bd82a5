//! The RZ solver's behaviour beyond agreement with the reference (`rz_differential.rs`): the
//! bundled problems, limits and the stop flag, progress events, OR pruning, superko, and that the
//! checker catches the wrong wins of a search without zone dilation.
#![allow(clippy::unwrap_used)] // tests may panic on what cannot happen

use crate::bundled;
use crate::exhaustive;
use crate::random_problems;

use bundled::load_all;
use exhaustive::{Exhaustive, Repetition};
use random_problems::random_problem;
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::Duration;
use tsumego_studio::go::Move;
use tsumego_studio::problem::{Outcome, Problem, Way};
use tsumego_studio::solver::jobs::analysis::{analyse, ends_in_seki, How};
use tsumego_studio::solver::proof::checker::check_proof;
use tsumego_studio::solver::proof::proof_sgf::{proof_from_sgf, proof_to_sgf};
use tsumego_studio::solver::{Progress, Role, SolveConfig, Solver, Status, StopReason};

const SEED: u64 = 0x7273_6f6c_7665;

#[test]
fn bundled_problems_get_their_stated_results_with_checked_proofs() {
    for (path, problem) in load_all() {
        let name = path.display();
        for claim in [problem.clone(), problem.flipped()] {
            let solution = Solver::new(&claim, SolveConfig::default()).solve();
            let expected = if claim.or_player() == problem.or_player() {
                problem.expected()
            } else {
                problem.expected().map(Outcome::opposite)
            };
            assert_eq!(
                solution.status.outcome(),
                expected,
                "{name} ({}): {:?}",
                claim.summary(),
                solution.stop
            );
            if let Some(proof) = &solution.proof {
                check_proof(&claim, proof, false, 20_000_000)
                    .unwrap_or_else(|e| panic!("{name}: proof rejected: {e}"));
                if let (Some(first), Role::Or) = (solution.first_move, proof.root.role) {
                    let book = claim.answer().correct_first_moves();
                    if claim.or_player() == problem.or_player() && !book.is_empty() {
                        // The first move must win; the book may list other winning moves.
                        let after = Exhaustive::solve_after(&claim, first);
                        assert_eq!(after, Outcome::Win, "{name}: first move {first:?}");
                    }
                }
            }
        }
    }
}

/// The analysis of each bundled problem's stated claim names the stated way: unconditional life,
/// seki, or a win by ko (whose proof the checker accepts under the ko rule it was found with).
#[test]
fn bundled_problems_get_their_stated_ways_from_the_analysis() {
    for (path, problem) in load_all() {
        let name = path.display();
        let a = analyse(&problem, &SolveConfig::default(), Arc::default(), None);
        let or_defends = problem.goal().or_defends();
        let got = match a.how {
            How::Unconditional => Some(Way::Unconditional),
            How::Seki => Some(Way::Seki),
            How::Ko { .. } => Some(Way::Ko),
            // Kills, and failed kills (the defender's way shows in the defender's claim).
            How::Plain => None,
            other => panic!("{name}: undecided {other:?}"),
        };
        assert_eq!(
            a.status_without_ko().outcome(),
            problem.expected(),
            "{name}: {:?}",
            a.steps
        );
        if let Some(proof) = &a.solution.proof {
            check_proof(&a.claim, proof, false, 20_000_000)
                .unwrap_or_else(|e| panic!("{name}: proof rejected: {e}"));
        }
        let stated = problem.expected_way();
        let defender_way = if or_defends {
            got
        } else {
            // The attacker's claim: ask the defender's claim for the way of life.
            let live = analyse(
                &problem.flipped(),
                &SolveConfig::default(),
                Arc::default(),
                None,
            );
            match (stated, live.how) {
                (Some(Way::Ko), _) => got,
                (_, How::Unconditional) => Some(Way::Unconditional),
                (_, How::Seki) => Some(Way::Seki),
                _ => got,
            }
        };
        if let Some(stated) = stated {
            assert_eq!(defender_way, Some(stated), "{name}: {:?}", a.steps);
        }
    }
}

/// A seki proof: its seki leaves survive the SGF round trip, and the checker accepts the proof
/// read back; without seki as life the same claim fails.
#[test]
fn a_seki_proof_round_trips_through_sgf_and_the_checker() {
    let (_, problem) = load_all()
        .into_iter()
        .find(|(path, _)| path.ends_with("23-seki-to-live.sgf"))
        .expect("the seki problem");
    let solution = Solver::new(&problem, SolveConfig::default()).solve();
    assert_eq!(solution.status, Status::Win);
    let proof = solution.proof.expect("a proof");
    assert!(ends_in_seki(&proof), "no seki leaf");
    let text = proof_to_sgf(&problem, &proof);
    assert!(
        text.contains("TSROLE[seki]") || text.contains("TSROLE[seki-area]"),
        "{text}"
    );
    let (read_problem, read_proof) = proof_from_sgf(&text).unwrap();
    assert_eq!(read_proof, proof);
    check_proof(&read_problem, &read_proof, false, 20_000_000).unwrap();
    let uca = problem.clone().with_seki(false);
    let solution = Solver::new(&uca, SolveConfig::default()).solve();
    assert_eq!(solution.status, Status::Fail);
}

/// A problem whose search takes many nodes: the first random problem that needs more than 5000.
fn hard_problem() -> Problem {
    (0..)
        .map(|i| random_problem(SEED, i, 12).problem)
        .find(|p| {
            let config = SolveConfig {
                build_proof: false,
                ..SolveConfig::default()
            };
            Solver::new(p, config).solve().nodes > 5_000
        })
        .unwrap()
}

#[test]
fn limits_and_the_stop_flag_end_the_search_with_unknown() {
    let problem = hard_problem();
    let node_limited = Solver::new(
        &problem,
        SolveConfig {
            max_nodes: Some(1_000),
            ..SolveConfig::default()
        },
    )
    .solve();
    assert_eq!(node_limited.status, Status::Unknown);
    assert_eq!(node_limited.stop, StopReason::NodeLimit);
    assert!(node_limited.nodes <= 1_001, "{}", node_limited.nodes);
    assert!(node_limited.proof.is_none());

    let timed = Solver::new(
        &problem,
        SolveConfig {
            time_limit: Some(Duration::ZERO),
            ..SolveConfig::default()
        },
    )
    .solve();
    assert_eq!(
        (timed.status, timed.stop),
        (Status::Unknown, StopReason::TimeLimit)
    );

    let mut solver = Solver::new(&problem, SolveConfig::default());
    solver.stop_handle().store(true, Ordering::Relaxed);
    let stopped = solver.solve();
    assert_eq!(
        (stopped.status, stopped.stop),
        (Status::Unknown, StopReason::Stopped)
    );
    assert!(stopped.nodes <= 64, "{}", stopped.nodes);
}

#[test]
fn progress_events_are_rate_limited_and_describe_the_search() {
    let problem = hard_problem();
    let mut events: Vec<Progress> = Vec::new();
    let config = SolveConfig {
        progress_interval: Duration::from_millis(50),
        ..SolveConfig::default()
    };
    let mut solver = Solver::new(&problem, config);
    solver.on_progress(|p| events.push(p.clone()));
    let solution = solver.solve();
    drop(solver);
    // The last event comes at the end with the final count.
    let last = events.last().unwrap();
    assert_eq!(last.nodes, solution.nodes);
    let secs = solution.elapsed.as_secs_f64();
    assert!(
        events.len() as f64 <= secs * 20.0 + 2.0,
        "{} events in {secs} s",
        events.len()
    );
    for pair in events.windows(2) {
        assert!(pair[0].nodes <= pair[1].nodes);
        assert!(pair[1].elapsed >= pair[0].elapsed);
    }
}

#[test]
fn or_pruning_turns_an_exhausted_failure_into_unknown() {
    // A failing claim with more OR moves than the width.
    let problem = (0..)
        .map(|i| random_problem(SEED, i, 10).problem)
        .find(|p| {
            p.to_move() == p.or_player()
                && p.region_empty_points().len() > 3
                && Solver::new(p, SolveConfig::default()).solve().status == Status::Fail
        })
        .unwrap();
    let pruned = Solver::new(
        &problem,
        SolveConfig {
            or_width: Some(1),
            ..SolveConfig::default()
        },
    )
    .solve();
    assert_eq!(pruned.status, Status::Unknown);
    assert_eq!(pruned.stop, StopReason::Pruned);
}

#[test]
fn or_pruning_still_proves_wins_that_the_checker_accepts() {
    let mut wins = 0;
    for i in 0..100 {
        let problem = random_problem(SEED, i, 9).problem;
        let config = SolveConfig {
            or_width: Some(2),
            max_nodes: Some(100_000),
            ..SolveConfig::default()
        };
        let solution = Solver::new(&problem, config).solve();
        if solution.status == Status::Win {
            check_proof(&problem, solution.proof.as_ref().unwrap(), false, 5_000_000).unwrap();
            let full = Solver::new(&problem, SolveConfig::default()).solve();
            assert_eq!(full.status, Status::Win, "problem {i}");
            wins += 1;
        }
        if solution.status == Status::Fail {
            // Only a refutation that met no pruned OR node.
            let full = Solver::new(&problem, SolveConfig::default()).solve();
            assert_eq!(full.status, Status::Fail, "problem {i}");
        }
    }
    assert!(wins > 15, "{wins}");
}

#[test]
fn superko_rule_agrees_with_the_superko_reference() {
    let mut compared = 0;
    for i in 0..150 {
        let problem = random_problem(SEED, i, 8).problem;
        let Some((expected, _)) = Exhaustive::solve_with(&problem, Repetition::Superko, 100_000)
        else {
            continue;
        };
        let config = SolveConfig {
            superko: true,
            ..SolveConfig::default()
        };
        let solution = Solver::new(&problem, config).solve();
        assert_eq!(solution.status.outcome(), Some(expected), "problem {i}");
        if let Some(proof) = &solution.proof {
            check_proof(&problem, proof, true, 5_000_000)
                .unwrap_or_else(|e| panic!("problem {i}: {e}"));
        }
        compared += 1;
    }
    assert!(compared > 140, "{compared}");
}

/// Dilation is what makes the zones sound: without it the search claims wins that are wrong or
/// whose proofs the checker rejects. (If this test fails, either the checker lost its teeth or
/// the random problems no longer exercise dilation.)
#[test]
fn without_dilation_the_checker_or_the_reference_catches_wrong_wins() {
    let mut caught = 0;
    for i in 0..400 {
        if caught > 0 {
            break;
        }
        let problem = random_problem(SEED, i, 9).problem;
        let config = SolveConfig {
            dilation: false,
            ..SolveConfig::default()
        };
        let solution = Solver::new(&problem, config).solve();
        if solution.status != Status::Win {
            continue;
        }
        let reference = Exhaustive::solve_with(&problem, Repetition::CycleFailsOr, 100_000);
        let wrong = reference.is_some_and(|(o, _)| o == Outcome::Fail);
        let rejected = solution
            .proof
            .as_ref()
            .is_none_or(|p| check_proof(&problem, p, false, 1_000_000).is_err());
        if wrong || rejected {
            caught += 1;
        }
    }
    assert!(caught > 0, "no wrong win without dilation");
}

#[test]
fn proofs_answer_passes_and_mark_null_moves() {
    // Somewhere among the random problems an AND node's answer is a null move.
    let mut null_moves = 0;
    let mut passes = 0;
    for i in 0..100 {
        let problem = random_problem(SEED, i, 10).problem;
        let solution = Solver::new(&problem, SolveConfig::default()).solve();
        let Some(proof) = solution.proof else {
            continue;
        };
        let mut stack = vec![&proof.root];
        while let Some(n) = stack.pop() {
            null_moves += usize::from(n.null_move);
            passes += usize::from(n.mv == Some(Move::Pass));
            if n.role == Role::And {
                assert!(n.children.iter().all(|c| c.player == Some(n.to_move)));
            }
            stack.extend(n.children.iter());
        }
    }
    assert!(null_moves > 50, "{null_moves}");
    assert!(passes > 0, "{passes}");
}
