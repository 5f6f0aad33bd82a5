//! The composed weak-wall problems (`problems/29-*.sgf` onwards, issue 35): unmarked files whose
//! attacker wall has blocks with two liberties, cutting points, or stones the defender can
//! capture. For each, the region `problem::infer` chooses must keep the fight: the result of the
//! claim and of every first move inside it agree with the plain exhaustive search over the
//! *generous region* (every point reachable from the target without crossing an unconditionally
//! alive attacker stone: the whole local area, the wall's liberties included), and with the book.
#![allow(clippy::unwrap_used)] // tests may panic on what cannot happen

mod bundled;
mod exhaustive;

use bundled::load_unmarked;
use exhaustive::Exhaustive;
use std::path::{Path, PathBuf};
use tsumego_studio::go::{benson, Board, Move, Zone};
use tsumego_studio::problem::infer::{frame_if_needed, infer_and_apply, FrameOptions, Inference};
use tsumego_studio::problem::{load_inferring, Outcome, Problem, ProblemSetup, Verdict};
use tsumego_studio::solver::{SolveConfig, Solver};

/// The first file number of the weak-wall set.
const FIRST_WEAK: u32 = 29;

/// The unmarked files numbered [`FIRST_WEAK`] and above.
fn weak_wall_files() -> Vec<(PathBuf, ProblemSetup)> {
    load_unmarked()
        .into_iter()
        .filter(|(path, _)| number_of(path) >= FIRST_WEAK)
        .collect()
}

fn number_of(path: &Path) -> u32 {
    let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
    name.split('-')
        .next()
        .and_then(|n| n.parse().ok())
        .unwrap_or(0)
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

/// The winning first moves (and pass) of the side to move, by exhaustive search.
fn winning_first_moves(p: &Problem) -> Vec<Move> {
    let board = p.board();
    let mut moves: Vec<Move> = board
        .legal_moves(p.to_move(), Some(&p.region()))
        .into_iter()
        .map(Move::Play)
        .collect();
    moves.push(Move::Pass);
    moves
        .into_iter()
        .filter(|&m| Exhaustive::solve_after(p, m) == Outcome::Win)
        .collect()
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

/// The region of the earlier rule (before issue 35): the enclosure and the attacker blocks with at
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
        assert_eq!(Exhaustive::solve(&generous).0, Outcome::Win, "{f}");
        assert_eq!(Exhaustive::solve(&p).0, Outcome::Win, "{f}");
        let (wins, wins_generous) = (winning_first_moves(&p), winning_first_moves(&generous));
        let earlier = with_region(&marked, old_region(p.board(), &p));
        if winning_first_moves(&earlier) != wins_generous {
            earlier_changed += 1;
        }
        if wins != wins_generous {
            failures.push(format!(
                "{f}: winning first moves {} in the inferred region, {} in the local area",
                names(&wins, n),
                names(&wins_generous, n)
            ));
        }
        for node in &p.answer().variations {
            let want = match node.line_verdict() {
                Verdict::Correct => Outcome::Win,
                Verdict::Wrong => Outcome::Fail,
                Verdict::Unknown => continue,
            };
            assert_eq!(
                Exhaustive::solve_after(&generous, node.mv),
                want,
                "{f}: book move {:?}",
                node.mv
            );
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

/// The product, as `solve` runs it (`load_inferring`, the RZ solver), proves the side to move's
/// win with a first move that the book lists as correct and that wins over the whole local area.
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
        let solution = Solver::new(p, SolveConfig::default()).solve();
        assert_eq!(
            solution.status.outcome(),
            Some(Outcome::Win),
            "{f}: {:?}",
            solution.stop
        );
        let first = solution
            .first_move
            .unwrap_or_else(|| panic!("{f}: no first move"));
        let book = p.answer().correct_first_moves();
        assert!(
            book.contains(&first),
            "{f}: first move {first:?} not in the book"
        );
        let (marked, _) = inferred(loaded.original.as_ref().unwrap());
        let generous = with_region(&marked, generous_region(p.board(), p));
        assert_eq!(
            Exhaustive::solve_after(&generous, first),
            Outcome::Win,
            "{f}: first move {first:?}"
        );
    }
}
