//! The one-eye test set `problems/one-eye/` (composed by `tsumego-studio compose-one-eye`, see
//! its README): every file loads as a one-eye problem in the set's form (a crucial block with a
//! safe eye outside the region, the side to move the OR player, a result stated), both sides
//! first for every position, and every stated result is the plain exhaustive search's
//! (`tests/it/exhaustive`, under the product's cycle rule). CI checks two positions in seven
//! (those the reference settles in about 3 M nodes together); `ONE_EYE_SET_ALL=1
//! ONE_EYE_SET_NODES=2000000000` checks them all (about 17 minutes and 4 GiB: one position needs
//! 356 M nodes; see `BENCHMARKS.md`).
//!
//! Also: `solve` deciding a failure through the opposite claim's checked win, and
//! `compose-one-eye` writing a set that loads, the same for the same seed.
//!
//! The reference searches the claim stated to *win* by iterative deepening
//! ([`Exhaustive::solve_iterating`]): the problem's own claim when its result is a win, else
//! the opposite claim (the other side as the OR player), whose win shows the stated failure:
//! two winning strategies for the two sides cannot both exist, since played against each other
//! they give one line that would be a win for both.
#![allow(clippy::unwrap_used)] // tests may panic on what cannot happen

use crate::bundled::sgf_files_in;
use crate::exhaustive::Exhaustive;

use std::path::PathBuf;
use tsumego_studio::go::{Color, Point};
use tsumego_studio::problem::{load, Goal, Outcome, Problem};

/// Positions of the set (each two files).
const POSITIONS: usize = 70;
/// Positions checked in CI: those whose index (from 0) modulo `STRIDE` is in `SAMPLE`.
const STRIDE: usize = 7;
const SAMPLE: [usize; 2] = [1, 3];
/// The reference's node budget per problem.
const REFERENCE_NODES: u64 = 100_000_000;

fn the_set() -> Vec<(PathBuf, Problem)> {
    sgf_files_in("problems/one-eye")
        .into_iter()
        .map(|path| {
            let p = load(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            (path, p)
        })
        .collect()
}

/// An empty point outside the region all of whose neighbours are stones of the crucial block:
/// the group's safe eye.
fn outside_eye(p: &Problem) -> Option<Point> {
    let board = p.board();
    let crucial = p.crucial();
    let block = board.block_stones(crucial.first()?);
    board
        .empty_points()
        .difference(&p.region())
        .iter()
        .find(|&e| {
            e.neighbors()
                .into_iter()
                .filter(|&n| board.on_board(n))
                .all(|n| block.contains(n))
        })
}

#[test]
fn the_set_has_both_sides_first_for_every_position() {
    let set = the_set();
    assert_eq!(set.len(), POSITIONS * 2, "files in problems/one-eye");
    for pair in set.chunks(2) {
        let [(bp, black), (wp, white)] = pair else {
            unreachable!("chunks of two")
        };
        assert_eq!(
            black.board(),
            white.board(),
            "{} / {}",
            bp.display(),
            wp.display()
        );
        for (path, p, side, goal) in [
            (bp, black, Color::Black, Goal::OneEye),
            (wp, white, Color::White, Goal::NoEye),
        ] {
            let f = path.display();
            assert_eq!(
                (p.to_move(), p.or_player(), p.goal()),
                (side, side, goal),
                "{f}"
            );
            assert!(p.expected().is_some(), "{f}: no result");
            let empty = p.region_empty_points().len();
            assert!((10..=18).contains(&empty), "{f}: {empty} empty points");
            let crucial = p.crucial();
            let block = p.board().block_stones(crucial.first().unwrap());
            assert!(
                crucial.is_subset(&block),
                "{f}: crucial stones in one block"
            );
            assert!(
                outside_eye(p).is_some(),
                "{f}: no safe eye outside the region"
            );
        }
    }
}

#[test]
fn stated_results_hold_under_exhaustive_search() {
    let all = std::env::var("ONE_EYE_SET_ALL").is_ok_and(|v| v == "1");
    // `ONE_EYE_SET_ONLY=n`: position n only (1-based); `ONE_EYE_SET_NODES`: another budget.
    let only: Option<usize> = std::env::var("ONE_EYE_SET_ONLY")
        .ok()
        .and_then(|v| v.parse().ok());
    let budget: u64 = std::env::var("ONE_EYE_SET_NODES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(REFERENCE_NODES);
    let set = the_set();
    let mut checked = 0;
    for (n, pair) in set.chunks(2).enumerate() {
        if only.map_or(!all && !SAMPLE.contains(&(n % STRIDE)), |o| o != n + 1) {
            continue;
        }
        for (path, p) in pair {
            let f = path.display();
            let winner = match p.expected() {
                Some(Outcome::Win) => p.clone(),
                _ => p.flipped(),
            };
            let (got, nodes) = Exhaustive::solve_iterating(&winner, budget)
                .unwrap_or_else(|| panic!("{f}: over the reference's {budget} nodes"));
            assert_eq!(got, Outcome::Win, "{f}: the stated winner does not win");
            eprintln!(
                "{f}: {:?} confirmed in {nodes} reference nodes",
                p.expected()
            );
            checked += 1;
        }
    }
    assert!(
        only.is_some() || checked >= 2 * SAMPLE.len() * (POSITIONS / STRIDE),
        "{checked} problems checked"
    );
}

/// A failure is decided through the opposite claim: position 55 with Black first is not
/// disproved within half of 400,000 nodes, White's claim is proved in about a thousand, and
/// `solve` reports Black's failure with the checked proof of White's claim as its certificate.
#[test]
fn a_failure_is_decided_by_the_opposite_claims_checked_win() {
    use crate::cli_common::{problem, run, stdout};
    let file = problem("one-eye/55-black.sgf");
    let out = run(&["solve", file.to_str().unwrap(), "--max-nodes", "400000"]);
    let text = stdout(&out);
    assert!(out.status.success(), "{text}");
    assert!(
        text.contains("search: OR White goal no-eye (the opposite claim): win"),
        "{text}"
    );
    assert!(
        text.contains("result: Black cannot make an eye without ko (proven)"),
        "{text}"
    );
    assert!(text.contains("expected: fail (agrees)"), "{text}");
    assert!(
        text.contains("the independent checker accepts the proof of the opposite claim"),
        "{text}"
    );
}

/// `compose-one-eye` writes the problems it keeps (both sides first, results proven) with a
/// README index, the same files for the same seed, and refuses bounds that cannot be met.
#[test]
fn compose_one_eye_writes_a_set_that_loads() {
    use crate::cli_common::{run, stderr, temp_dir};
    let dir = temp_dir("compose-one-eye", "writes");
    let args = |out: &std::path::Path| {
        vec![
            "compose-one-eye".to_string(),
            "--seed".into(),
            "5".into(),
            "--count".into(),
            "2".into(),
            "--nodes".into(),
            "200000".into(),
            "--out".into(),
            out.to_str().unwrap().to_string(),
        ]
    };
    let run_with = |a: Vec<String>| run(&a.iter().map(String::as_str).collect::<Vec<_>>());
    let out = run_with(args(&dir));
    assert!(out.status.success(), "{}", stderr(&out));
    let names = [
        "01-black.sgf",
        "01-white.sgf",
        "02-black.sgf",
        "02-white.sgf",
    ];
    for name in names {
        let p = load(&dir.join(name)).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(p.goal().is_one_eye() && p.expected().is_some(), "{name}");
    }
    let readme = std::fs::read_to_string(dir.join("README.md")).unwrap();
    assert!(readme.contains("--seed 5 --count 2"), "{readme}");
    let again = temp_dir("compose-one-eye", "again");
    assert!(run_with(args(&again)).status.success());
    for name in names {
        assert_eq!(
            std::fs::read(dir.join(name)).unwrap(),
            std::fs::read(again.join(name)).unwrap(),
            "{name}: the same seed gives the same file"
        );
    }
    let bad = run(&[
        "compose-one-eye",
        "--min-empty",
        "12",
        "--max-empty",
        "10",
        "--out",
        dir.to_str().unwrap(),
    ]);
    assert!(!bad.status.success());
    assert!(
        stderr(&bad).contains("--min-empty must be at most --max-empty"),
        "{}",
        stderr(&bad)
    );
    let _ = std::fs::remove_dir_all(&dir);
    let _ = std::fs::remove_dir_all(&again);
}
