//! Every first move judged (`solve --all-moves`, `solver::first_moves`) agrees, move by move,
//! with solving each move's position on its own: a fresh analysis of the claim after the move,
//! with its own tables (the judgement shares one table pool across moves and claims, and tries
//! the opponent's claim in turn). Every decided move is checked by the independent checker.

#![allow(clippy::unwrap_used)]

mod judging;

use std::path::Path;
use std::sync::Arc;
use tsumego_studio::go::{Move, Point};
use tsumego_studio::problem::{load_bytes, load_inferring, Format};
use tsumego_studio::solver::analysis::{analyse, How};
use tsumego_studio::solver::first_moves::{judged_claim, MoveResult};
use tsumego_studio::solver::schedule::Width;
use tsumego_studio::solver::{SolveConfig, Status};

/// Regions with more empty points than this are left out (their failing moves are open 19x19
/// kills, unknown within a test's budget).
const MAX_EMPTY: usize = 20;

#[test]
fn all_moves_agree_with_solving_each_position_alone() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("problems");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "sgf"))
        .collect();
    files.sort();
    let config = SolveConfig {
        max_nodes: Some(400_000),
        ..SolveConfig::default()
    };
    let mut judged_moves = 0;
    for file in files {
        let problem = load_inferring(&file).unwrap().problem;
        if problem.region_empty_points().len() > MAX_EMPTY {
            continue;
        }
        let name = file.file_name().unwrap().to_string_lossy().to_string();
        let mut seen = 0;
        let judged = judging::judge_with(&problem, &config, Width::Auto, &mut |_, done, total| {
            seen += 1;
            assert!(done == seen && done <= total);
        });
        let claim = judged_claim(&problem);
        assert_eq!(claim.or_player(), problem.to_move(), "{name}");
        assert_eq!(seen, judged.moves.len(), "{name}");
        assert_eq!(
            judged.moves.last().map(|m| m.mv),
            Some(Move::Pass),
            "{name}"
        );
        let defends = claim.goal().or_defends();
        for j in &judged.moves {
            let what = format!("{name} {:?}: {:?} {}", j.mv, j.result, j.words);
            let Some(after) = &j.after else {
                // Decided by the rules: a pass answered by a pass.
                assert_eq!((j.mv, j.result), (Move::Pass, MoveResult::Fails), "{what}");
                continue;
            };
            assert_ne!(j.result, MoveResult::Unknown, "{what}");
            assert!(j.checked(), "{what}");
            let alone = analyse(after, &SolveConfig::default(), Arc::default(), None);
            let status = alone.status_without_ko();
            match j.result {
                MoveResult::Works => assert_eq!(status, Status::Win, "{what}"),
                MoveResult::Seki if defends => {
                    assert_eq!((status, alone.how), (Status::Win, How::Seki), "{what}")
                }
                MoveResult::Seki | MoveResult::Fails => {
                    assert_eq!((status, alone.how), (Status::Fail, How::Plain), "{what}");
                    assert!(j.refutation().is_some(), "{what}");
                }
                MoveResult::Ko => assert!(
                    matches!(alone.how, How::Ko { .. })
                        || (status == Status::Win && j.words.contains("takes a ko"))
                        || (status == Status::Fail && j.by_opposite),
                    "{what}: alone {:?}",
                    alone.how
                ),
                MoveResult::Unknown => unreachable!(),
            }
            if j.is_solution(defends) {
                assert!(j.proof().is_some(), "{what}");
            }
            judged_moves += 1;
        }
        assert_eq!(
            judged.solutions(),
            judged
                .moves
                .iter()
                .filter(|j| j.is_solution(defends))
                .map(|j| j.mv)
                .collect::<Vec<_>>()
        );
    }
    assert!(judged_moves > 100, "{judged_moves}");
}

/// A first move that captures every crucial stone wins for the attacker at once, without a
/// search (found by `tests/first_moves_differential.rs`, random problem 34: such a move was
/// judged unknown, "the position after the move is not a problem", since a problem without
/// crucial stones does not validate).
#[test]
fn a_move_capturing_every_crucial_stone_works_at_once() {
    // 6x6, White to kill the Black stone A4 (in atari) in the top-left corner:
    //   . . . . O O
    //   O O O O O O
    //   X . O O O O
    //   O O O O O O
    //   O O O O O O
    //   O O O . O .
    const SGF: &str = "(;GM[1]FF[4]SZ[6]AB[ac]\
        AW[ea][fa][ab][bb][cb][db][eb][fb][cc][dc][ec][fc][ad][bd][cd][dd][ed][fd]\
        [ae][be][ce][de][ee][fe][af][bf][cf][ef]\
        TR[ac]MA[aa][ba][ca][da][ab][bb][cb][db][ac][bc][cc][dc]\
        PL[W]TSOR[W]TSGOAL[kill]TSKOB[allow]TSKOW[disallow])";
    let capture = Move::Play(Point::new(1, 2));
    for seki_is_life in [true, false] {
        let problem = load_bytes(SGF.as_bytes(), Format::Sgf)
            .unwrap()
            .with_seki(seki_is_life);
        let judged = judging::judge(&problem, 100_000);
        let j = judged.moves.iter().find(|j| j.mv == capture).unwrap();
        assert_eq!(
            (j.result, j.words.as_str()),
            (MoveResult::Works, "captures every crucial stone"),
            "{}",
            problem.goal()
        );
        assert!(j.checked() && j.after.is_none());
        assert!(judged.solutions().contains(&capture));
    }
}
