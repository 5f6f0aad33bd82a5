//! Connection to safe stones (`src/solver/knowledge/connection.rs`): golden positions
//! pinning the rule, its zone and where it does not apply; the exhaustive search of the full
//! game agreeing with it whichever side moves first, on the golden position and on every filling
//! of its region (816 claims where the rule fires); solver proofs ending in connection leaves
//! passing the checker, and a tampered connection leaf rejected.
#![allow(clippy::unwrap_used)] // tests may panic on what cannot happen

use crate::exhaustive;
use crate::leaf_proof;

use exhaustive::{Exhaustive, Repetition};
use leaf_proof::leaf_proof;
use tsumego_studio::go::{Board, ByColor, Color, Point, Zone};
use tsumego_studio::problem::{Goal, KoRule, Outcome, Problem, ProblemSetup};
use tsumego_studio::solver::kernel::leaf::{Leaf, Reason};
use tsumego_studio::solver::proof::checker::{check_proof, CheckError};
use tsumego_studio::solver::{Engine, GoalTest, LeafKind, Role, SolveConfig, Solver, Status};

/// White lives in the corner (eyes on A5 and C5); the White two-stone block below has two
/// liberties, B3 and C3, each next to the living stones.
const TWO_LINKS: &str = "
    . O . O X
    O O O O X
    . . . . X
    . O O . X
    X X X X X
";

/// Black on C3 and D2: of the block's liberties only B3 is next to the living stones (A2 is not).
const ONE_LINK: &str = "
    . O . O X
    O O O O X
    . . X . X
    . O O X X
    X X X X X
";

fn points(list: &[(usize, usize)]) -> Zone {
    list.iter().map(|&(x, y)| Point::new(x, y)).collect()
}

/// A problem on `diagram` (Black the attacker, White the defender) with the region rows 2–3,
/// crucial stones the White block on B2–C2, `goal` and `to_move`.
fn problem(diagram: &str, goal: Goal, to_move: Color) -> Problem {
    problem_in(diagram, goal, to_move, &[])
}

/// [`problem`] without the region points `left_out`.
fn problem_in(diagram: &str, goal: Goal, to_move: Color, left_out: &[(usize, usize)]) -> Problem {
    let board = Board::from_ascii(diagram).unwrap();
    let mut region = Zone::new();
    for y in 2..4 {
        for x in 0..4 {
            if !left_out.contains(&(x, y)) {
                region.insert(Point::new(x, y));
            }
        }
    }
    let mut setup = ProblemSetup::from_board(&board, to_move);
    setup.or_player = Some(if goal.or_defends() {
        Color::White
    } else {
        Color::Black
    });
    setup.goal = Some(goal);
    setup.region = Some(region);
    setup.crucial = points(&[(1, 3), (2, 3)]);
    setup.ko_rules = ByColor::new(Some(KoRule::Allow), Some(KoRule::Allow));
    setup.validate().unwrap()
}

fn decide(p: &Problem) -> Option<(Leaf, Reason)> {
    GoalTest::new(p).decide(p.board())
}

#[test]
fn a_block_with_two_links_to_living_stones_lives_with_a_sound_zone() {
    let p = problem(TWO_LINKS, Goal::Live, Color::Black);
    let (leaf, reason) = decide(&p).unwrap();
    assert_eq!(reason, Reason::Connected);
    assert!(leaf.is_win());
    // The block, its two links, and the living stones' component (stones and eyes); the
    // region reaches the living stones, so the problem is an open-boundary one, and the zone of
    // its defender's claim also holds the defender blocks on or beside the region with their
    // neighbours (the lines to it passed positions without a leak: the outside watch).
    assert!(p.is_open());
    assert_eq!(
        p.board().zone_ascii(&leaf.zone()),
        "\
* O * O X
O O O O X
* * * * x
* O O * x
x X X x x
"
    );
    // The attacker's claims fail with the zone of the connection and the block's neighbours
    // (`kill` is open too, but not watched; `kill-uca`, the research goal, is not open, and
    // its zone has no neighbours added).
    let uca = problem(TWO_LINKS, Goal::LiveUca, Color::Black);
    let (uca_leaf, _) = decide(&uca).unwrap();
    assert!(!uca.is_open() && uca_leaf.zone().len() < leaf.zone().len());
    let kill = problem(TWO_LINKS, Goal::Kill, Color::Black);
    let (kill_leaf, _) = decide(&kill).unwrap();
    assert_eq!(
        p.board().zone_ascii(&kill_leaf.zone()),
        "\
* O * O x
O O O O x
. * * . x
* O O * x
x X X x x
"
    );
    for (goal, zone) in [
        (Goal::Kill, kill_leaf.zone()),
        (Goal::KillUca, uca_leaf.zone()),
    ] {
        let kill = problem(TWO_LINKS, goal, Color::Black);
        assert_eq!(decide(&kill), Some((Leaf::Fail(zone), Reason::Connected)));
    }
}

#[test]
fn one_link_a_link_outside_the_region_or_superko_decide_nothing() {
    assert_eq!(decide(&problem(ONE_LINK, Goal::Live, Color::Black)), None);
    // A link outside the region: the block has a liberty out there, so the problem is an
    // open-boundary one and its leak rule fails the claim (the region cuts the fight off).
    let p = problem_in(TWO_LINKS, Goal::Live, Color::Black, &[(2, 2)]);
    assert!(p.is_open());
    assert_eq!(
        decide(&p).map(|(l, r)| (l.is_win(), r)),
        Some((false, Reason::Captured))
    );
    let p = problem(TWO_LINKS, Goal::Live, Color::Black);
    assert_eq!(
        GoalTest::new(&p).without_static_rule().decide(p.board()),
        None
    );
}

#[test]
fn the_exhaustive_search_agrees_whoever_moves_first() {
    for goal in [Goal::Live, Goal::LiveUca] {
        for to_move in [Color::Black, Color::White] {
            let p = problem(TWO_LINKS, goal, to_move);
            let (outcome, _) =
                Exhaustive::solve_with(&p, Repetition::CycleFailsOr, 5_000_000).unwrap();
            assert_eq!(outcome, Outcome::Win, "{goal:?}, {to_move:?} first");
        }
    }
    // One link: the attacker, moving first, cuts it and captures the block.
    let p = problem(ONE_LINK, Goal::LiveUca, Color::Black);
    let (outcome, _) = Exhaustive::solve_with(&p, Repetition::CycleFailsOr, 5_000_000).unwrap();
    assert_eq!(outcome, Outcome::Fail);
}

#[test]
fn solver_proofs_with_connection_leaves_pass_the_checker() {
    for goal in [Goal::Live, Goal::LiveUca] {
        for to_move in [Color::Black, Color::White] {
            let p = problem(TWO_LINKS, goal, to_move);
            for engine in [Engine::DFS, Engine::DFPN] {
                let config = SolveConfig {
                    engine,
                    ..SolveConfig::default()
                };
                let solution = Solver::new(&p, config).solve();
                assert_eq!(solution.status, Status::Win);
                let proof = solution.proof.unwrap();
                assert_eq!(proof.root.role, Role::Leaf(LeafKind::Connected));
                check_proof(&p, &proof, false, 1_000_000).unwrap();
                // Positional superko: the rule is off, and the checker refuses such a leaf.
                let err = check_proof(&p, &proof, true, 1_000_000).unwrap_err();
                assert!(matches!(err, CheckError::NotConnected { .. }), "{err}");
            }
        }
    }
}

#[test]
fn the_checker_rejects_a_connection_leaf_with_one_link() {
    let p = problem(ONE_LINK, Goal::LiveUca, Color::Black);
    let proof = leaf_proof(&p, LeafKind::Connected, Zone::full(5));
    let err = check_proof(&p, &proof, false, 1_000_000).unwrap_err();
    assert!(err.rejects());
    assert_eq!(
        err.to_string(),
        "after the start: the proof's connection leaf does not connect: no defender answer to bc"
    );
}

/// Every filling of the six empty region points of [`TWO_LINKS`] with Black, White or nothing
/// (the legal ones), for every goal with crucial stones and both sides to move: wherever the rule
/// says the crucial block connects, the exhaustive search of the full game (cycle rule; the
/// defender may not take kos) says the defender lives.
#[test]
fn every_position_called_connected_is_won_by_the_defender() {
    let empty = [(0, 2), (1, 2), (2, 2), (3, 2), (0, 3), (3, 3)];
    let (mut fired, mut compared) = (0, 0);
    for code in 0..3usize.pow(6) {
        let mut rows: Vec<Vec<char>> = TWO_LINKS
            .lines()
            .map(|l| {
                l.split_whitespace()
                    .map(|c| c.chars().next().unwrap())
                    .collect()
            })
            .filter(|r: &Vec<char>| !r.is_empty())
            .collect();
        let mut c = code;
        for &(x, y) in &empty {
            rows[y][x] = ['.', 'X', 'O'][c % 3];
            c /= 3;
        }
        let diagram: String = rows
            .iter()
            .map(|r| r.iter().map(|c| format!("{c} ")).collect::<String>() + "\n")
            .collect();
        let Ok(board) = Board::from_ascii(&diagram) else {
            continue;
        };
        if (0..5).any(|y| {
            (0..5).any(|x| {
                let p = Point::new(x, y);
                !board.is_empty(p) && board.liberties(p).is_empty()
            })
        }) {
            continue;
        }
        for goal in [Goal::Live, Goal::LiveUca, Goal::Kill, Goal::KillUca] {
            for to_move in [Color::Black, Color::White] {
                let p = problem(&diagram, goal, to_move);
                if !matches!(decide(&p), Some((_, Reason::Connected))) {
                    continue;
                }
                fired += 1;
                let mut setup = p.to_setup();
                let mut ko = ByColor::new(Some(KoRule::Master), Some(KoRule::Master));
                ko[p.defender()] = Some(KoRule::Disallow);
                setup.ko_rules = ko;
                let q = setup.validate().unwrap();
                let (outcome, _) =
                    Exhaustive::solve_with(&q, Repetition::CycleFailsOr, 5_000_000).unwrap();
                let defender_lives = (outcome == Outcome::Win) == goal.or_defends();
                assert!(defender_lives, "{goal:?}, {to_move:?} first\n{diagram}");
                compared += 1;
            }
        }
    }
    eprintln!("the rule fired on {fired} claims");
    assert!(fired >= 100, "the rule fired {fired} times");
    assert_eq!(compared, fired);
}
