//! The bundled problem collection `problems/*.sgf`: every file loads, validates and is fully
//! marked up (region, crucial stones, expected result, a legal first answer move), and every
//! stated result and correct first move holds under the plain exhaustive search of
//! `tests/it/exhaustive`, and so does the stated way (`TSHOW`: unconditional life, seki, ko).
#![allow(clippy::unwrap_used)] // tests may panic on what cannot happen

use crate::bundled;
use crate::exhaustive;

use bundled::{load_all, load_unmarked, problem_files};
use exhaustive::{Exhaustive, Repetition};

use tsumego_studio::go::{Color, Move};
use tsumego_studio::problem::infer::{frame_if_needed, infer_and_apply, FrameOptions};
use tsumego_studio::problem::Verdict;
use tsumego_studio::problem::{KoRule, Outcome, Problem, Way};

#[test]
fn at_least_twelve_problems() {
    let n = problem_files().len();
    assert!(n >= 12, "only {n} bundled problems");
}

#[test]
fn every_problem_is_fully_marked_up() {
    for (path, p) in load_all() {
        let f = path.display();
        assert!(!p.name().is_empty(), "{f}: no GN");
        assert!(!p.comment().is_empty(), "{f}: no root comment");
        assert!(!p.region_empty_points().is_empty(), "{f}: empty region");
        if p.goal().needs_crucial_stones() {
            assert!(!p.crucial().is_empty(), "{f}: no crucial stones");
        }
        assert!(
            p.region_empty_points().len() <= 14,
            "{f}: region too large for exhaustive checking"
        );
        assert!(p.expected().is_some(), "{f}: no expected result");
        if p.expected() == Some(Outcome::Win) && p.to_move() == p.or_player() {
            let firsts = p.answer().correct_first_moves();
            assert!(!firsts.is_empty(), "{f}: no correct first move");
            for mv in firsts {
                let Move::Play(pt) = mv else {
                    panic!("{f}: the first answer move is a pass");
                };
                assert!(
                    p.region().contains(pt),
                    "{f}: first answer move outside the region"
                );
                assert!(
                    p.board().is_legal(p.to_move(), mv),
                    "{f}: first answer move is illegal"
                );
            }
        }
    }
}

#[test]
fn the_collection_has_failures_for_the_or_player() {
    let fails = load_all()
        .iter()
        .filter(|(_, p)| p.expected() == Some(Outcome::Fail))
        .count();
    assert!(
        fails >= 2,
        "only {fails} problems where the OR player fails"
    );
}

#[test]
fn stated_results_hold_under_exhaustive_search() {
    for (path, p) in load_all() {
        let f = path.display();
        let (outcome, nodes) = Exhaustive::solve(&p);
        assert_eq!(
            Some(outcome),
            p.expected(),
            "{f}: exhaustive search ({nodes} nodes)"
        );
        // The marked first moves: a correct one keeps the side to move's result, a wrong one
        // does not (verdicts are the OR player's).
        for node in &p.answer().variations {
            let want = match node.line_verdict() {
                tsumego_studio::problem::Verdict::Correct => Outcome::Win,
                tsumego_studio::problem::Verdict::Wrong => Outcome::Fail,
                tsumego_studio::problem::Verdict::Unknown => continue,
            };
            let mv = node.mv;
            assert_eq!(
                Exhaustive::solve_after(&p, mv),
                want,
                "{f}: first move {mv:?}"
            );
        }
    }
}

#[test]
fn exhaustive_search_sees_both_sides() {
    // Sanity of the reference itself: the same position flips with the side to move.
    let problems = load_all();
    let (_, live_first) = problems
        .iter()
        .find(|(path, _)| path.ends_with("13-killall-7x7.sgf"))
        .unwrap();
    let (_, kill_first) = problems
        .iter()
        .find(|(path, _)| path.ends_with("14-killall-7x7-black-first.sgf"))
        .unwrap();
    assert_eq!(live_first.to_move(), Color::White);
    assert_eq!(Exhaustive::solve(live_first).0, Outcome::Win);
    assert_eq!(Exhaustive::solve(kill_first).0, Outcome::Fail);
}

/// The reference result under the solver's repetition rule (a cycle fails the OR player).
fn reference(p: &Problem) -> Outcome {
    Exhaustive::solve_with(p, Repetition::CycleFailsOr, u64::MAX)
        .map(|r| r.0)
        .unwrap_or_else(|| unreachable!("no node limit"))
}

#[test]
fn stated_ways_hold_under_exhaustive_search() {
    let mut ways = Vec::new();
    for (path, p) in load_all() {
        let f = path.display();
        let Some(way) = p.expected_way() else {
            continue;
        };
        ways.push(way);
        // The defender's claim, with and without seki as life.
        let live = p.claim(true);
        let lives_seki = reference(&live.clone().with_seki(true)) == Outcome::Win;
        let lives_uca = reference(&live.clone().with_seki(false)) == Outcome::Win;
        match way {
            Way::Unconditional => {
                assert!(lives_uca, "{f}: the defender does not live unconditionally")
            }
            Way::Seki => assert!(
                lives_seki && !lives_uca,
                "{f}: seki stated; lives with seki {lives_seki}, unconditionally {lives_uca}"
            ),
            Way::Ko => {
                let or = p.or_player();
                let without = p.clone().with_ko_rule(or, KoRule::Disallow);
                let with = p.clone().with_ko_rule(or, KoRule::Allow);
                let master = p.clone().with_ko_rule(or, KoRule::Master);
                assert_eq!(reference(&without), Outcome::Fail, "{f}: wins without ko");
                // It wins the ko: taking it first, or else with a ko threat (as ko master).
                assert!(
                    reference(&with) == Outcome::Win || reference(&master) == Outcome::Win,
                    "{f}: does not win with ko"
                );
            }
        }
    }
    let count = |w| ways.iter().filter(|&&x| x == w).count();
    assert!(
        count(Way::Seki) + count(Way::Ko) >= 8,
        "only {} seki and {} ko problems",
        count(Way::Seki),
        count(Way::Ko)
    );
}

#[test]
fn unmarked_problems_infer_to_their_book_answers() {
    let unmarked = load_unmarked();
    assert!(
        unmarked.len() >= 6,
        "only {} unmarked problems",
        unmarked.len()
    );
    for (path, setup) in unmarked {
        let f = path.display();
        let (framed, _) = frame_if_needed(&setup, &FrameOptions::default())
            .unwrap_or_else(|e| panic!("{f}: {e}"));
        let (marked, inference) = infer_and_apply(&framed).unwrap_or_else(|e| panic!("{f}: {e}"));
        assert!(inference.wall.is_thick(), "{f}: {}", inference.description);
        let p = marked.validate().unwrap_or_else(|e| panic!("{f}: {e}"));
        assert!(!p.name().is_empty() && !p.comment().is_empty(), "{f}");
        assert_eq!(
            p.expected(),
            Some(Outcome::Win),
            "{f}: the side to move succeeds"
        );
        assert_eq!(p.or_player(), p.to_move(), "{f}");
        assert!(!p.answer().correct_first_moves().is_empty(), "{f}");
        // The framed open corner is too large for the plain search; its answer is immediate
        // unconditional life, checked by the Benson test of the exhaustive search's first step.
        let small = p.region_empty_points().len() <= 14;
        for node in &p.answer().variations {
            let want = match node.line_verdict() {
                Verdict::Correct => Outcome::Win,
                Verdict::Wrong => Outcome::Fail,
                Verdict::Unknown => continue,
            };
            if small || want == Outcome::Win {
                let mv = node.mv;
                assert_eq!(
                    Exhaustive::solve_after(&p, mv),
                    want,
                    "{f}: first move {mv:?}"
                );
            }
        }
    }
}
