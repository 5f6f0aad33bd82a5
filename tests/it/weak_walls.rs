//! The composed weak-wall problems (`problems/weak-walls/`): unmarked files whose
//! attacker wall has blocks with two liberties, cutting points, or stones the defender can
//! capture. For each, the region `problem::infer` chooses must keep the fight: the winning first
//! moves inside it are those of the *generous region* (every point reachable from the target
//! without crossing an unconditionally alive attacker stone: the whole local area, the wall's
//! liberties included), every move's result in both proven and accepted by the independent
//! checker, and they are the book's correct moves. (The plain exhaustive search of
//! `tests/it/exhaustive` was the first reference here; with the superko rule's line-dependent results
//! it took minutes on some turned problems, so the checked proofs took its place.)
#![allow(clippy::unwrap_used)] // tests may panic on what cannot happen

use crate::bundled;
use crate::judging;

use bundled::{load_unmarked_from, sgf_files_in};
use std::path::PathBuf;
use std::sync::Arc;
use tsumego_studio::go::{benson, Board, Move, Zone};
use tsumego_studio::problem::infer::{frame_if_needed, infer_and_apply, FrameOptions, Inference};
use tsumego_studio::problem::{load_inferring, Outcome, Problem, ProblemSetup, Verdict};
use tsumego_studio::report::first_moves::move_words;
use tsumego_studio::solver::jobs::analysis::analyse;
use tsumego_studio::solver::jobs::first_moves::MoveResult;
use tsumego_studio::solver::jobs::schedule::Width;
use tsumego_studio::solver::proof::certify::{certify, CheckSettings};
use tsumego_studio::solver::{Engine, SolveConfig};

/// The weak-wall problems (`problems/weak-walls/`), all unmarked.
fn weak_wall_files() -> Vec<(PathBuf, ProblemSetup)> {
    let files = sgf_files_in("problems/weak-walls");
    let unmarked = load_unmarked_from(files.clone());
    assert_eq!(
        unmarked.len(),
        files.len(),
        "every weak-wall problem is unmarked"
    );
    unmarked
}

/// The setup as `load_inferring` solves it: framed when needed, the inferred markup applied.
fn inferred(setup: &ProblemSetup) -> (ProblemSetup, Inference) {
    let (framed, _) = frame_if_needed(setup, &FrameOptions::default()).unwrap();
    infer_and_apply(&framed).unwrap()
}

/// Every point reachable from `crucial` without crossing a Benson-alive stone of the attacker.
fn generous_region(board: &Board, p: &Problem) -> Zone {
    let attacker = p.defender().opponent();
    let alive = benson(board, attacker).alive_stones();
    let passable = Zone::full(board.size()).difference(&alive);
    p.crucial().flood(&passable, board.size())
}

/// `marked` with its region replaced by `region`.
fn with_region(marked: &ProblemSetup, region: Zone) -> Problem {
    let mut setup = marked.clone();
    setup.region = Some(region);
    setup.validate().unwrap()
}

/// The winning first moves (and pass) of the side to move, as the studio's "Judge every first
/// move" finds them: each move's result proven and accepted by the independent checker (which
/// shares no zones or tables with the search), so the comparison of two regions rests on checked
/// proofs. A move can fail by ko; no correct answer here depends on ko or seki.
fn winning_first_moves(p: &Problem, what: &str) -> Vec<Move> {
    judged_first_moves(p).unwrap_or_else(|e| panic!("{what}: {e}"))
}

/// [`winning_first_moves`], or the first move judged unknown or unchecked, in words.
fn judged_first_moves(p: &Problem) -> Result<Vec<Move>, String> {
    let config = SolveConfig {
        engine: Engine::DFPN,
        max_nodes: Some(2_000_000),
        ..SolveConfig::default()
    };
    let judged = judging::judge_with(p, &config, Width::Auto, &mut |_, _, _| {});
    for j in &judged.moves {
        let words = move_words(&judged.claim, j);
        let mv = names(&[j.mv], p.board().size());
        if j.result == MoveResult::Unknown {
            return Err(format!("{mv}: {words}"));
        }
        if !j.checked() {
            return Err(format!("{mv}: not checked: {words}"));
        }
    }
    Ok(judged.solutions())
}

fn names(moves: &[Move], n: usize) -> String {
    let v: Vec<String> = moves
        .iter()
        .map(|m| match m {
            Move::Play(p) => p.to_gtp(n),
            Move::Pass => "pass".into(),
        })
        .collect();
    v.join(" ")
}

/// The region of the earlier rule (before regions kept the fight): the enclosure and the attacker blocks with at
/// most one liberty outside it, with their liberties.
fn old_region(board: &Board, p: &Problem) -> Zone {
    let n = board.size();
    let d = p.defender();
    let passable = board.empty_points().union(&board.stones(d));
    let enclosure = p.crucial().flood(&passable, n);
    let mut region = enclosure;
    for q in enclosure.grow(n).difference(&enclosure).iter() {
        if board.color_at(q) == Some(d.opponent()) {
            let libs = board.liberties(q);
            if libs.difference(&enclosure).len() <= 1 {
                region.union_with(&board.block_stones(q));
                region.union_with(&libs);
            }
        }
    }
    region
}

#[test]
fn at_least_twenty_weak_wall_problems() {
    let n = weak_wall_files().len();
    assert!(n >= 20, "only {n} weak-wall problems");
}

/// Every first move's result is the same over the inferred region as over the generous one, and
/// the book's verdicts hold.
#[test]
fn inferred_regions_keep_the_fight() {
    let mut failures = Vec::new();
    let mut earlier_changed = 0;
    for (path, setup) in weak_wall_files() {
        let f = path.display().to_string();
        let (marked, inf) = inferred(&setup);
        assert!(inf.wall.is_thick(), "{f}: {}", inf.description);
        let p = marked.clone().validate().unwrap();
        let n = p.board().size();
        let generous = with_region(&marked, generous_region(p.board(), &p));
        assert!(
            generous.region_empty_points().len() <= 14,
            "{f}: the generous region is too large for the exhaustive search"
        );
        assert!(
            p.region().is_subset(&generous.region()),
            "{f}: the inferred region leaves the local area"
        );
        assert_eq!(p.expected(), Some(Outcome::Win), "{f}");
        let wins_generous = winning_first_moves(&generous, &format!("{f}, the local area"));
        let wins = winning_first_moves(&p, &format!("{f}, the inferred region"));
        // The side to move succeeds when one of its first moves (pass included) does.
        assert!(!wins_generous.is_empty(), "{f}: the local area's result");
        assert!(!wins.is_empty(), "{f}: the inferred region's result");
        let earlier = with_region(&marked, old_region(p.board(), &p));
        // (The earlier region may cut the fight off: a move whose claim fails inside it for
        // both sides is unknown, a change too.)
        if judged_first_moves(&earlier).ok().as_ref() != Some(&wins_generous) {
            earlier_changed += 1;
        }
        if wins != wins_generous {
            failures.push(format!(
                "{f}: winning first moves {} in the inferred region, {} in the local area",
                names(&wins, n),
                names(&wins_generous, n)
            ));
        }
        // The book's correct first moves are all the winning first moves of the local area,
        // and its wrong ones lose there.
        let mut book = p.answer().correct_first_moves();
        book.sort_by_key(|m| format!("{m:?}"));
        let mut winning = wins_generous.clone();
        winning.sort_by_key(|m| format!("{m:?}"));
        assert_eq!(book, winning, "{f}: the book's correct first moves");
        for node in &p.answer().variations {
            if node.line_verdict() == Verdict::Wrong {
                assert!(
                    !wins_generous.contains(&node.mv),
                    "{f}: book move {:?}",
                    node.mv
                );
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    // The set is not trivial: the earlier region (the enclosure and the attacker blocks with at
    // most one liberty outside it) changed the winning first moves of many of these problems.
    assert!(
        earlier_changed >= 6,
        "the earlier region changed only {earlier_changed} problems' answers"
    );
}

/// The product, as `solve` runs it (`load_inferring`, the analysis, the checker), proves the side
/// to move's win with a first move that the book lists as correct, and the checker accepts it.
#[test]
fn the_solver_proves_the_book_answer() {
    for (path, _) in weak_wall_files() {
        let f = path.display();
        let loaded = load_inferring(&path).unwrap();
        assert!(
            loaded.inferred.as_ref().is_some_and(|i| i.wall.is_thick()) && !loaded.framed(),
            "{f}: {:?}",
            loaded.note()
        );
        let p = &loaded.problem;
        // The engine `solve` uses by default.
        let config = SolveConfig {
            engine: Engine::DFPN,
            ..SolveConfig::default()
        };
        let mut a = analyse(p, &config, Arc::default(), None);
        certify(&mut a, &config, &CheckSettings::default(), None);
        assert_eq!(
            a.solution.status.outcome(),
            Some(Outcome::Win),
            "{f}: {:?}",
            a.how
        );
        assert!(
            a.check.as_ref().is_some_and(|c| c.verdict.accepted()),
            "{f}: the proof's check: {:?}",
            a.check
        );
        let first = a
            .first_move_of(p.to_move())
            .unwrap_or_else(|| panic!("{f}: no first move"));
        let book = p.answer().correct_first_moves();
        assert!(
            book.contains(&first),
            "{f}: first move {first:?} not in the book"
        );
        // `inferred_regions_keep_the_fight` checks that the book's correct first moves are the
        // local area's winning ones.
    }
}
