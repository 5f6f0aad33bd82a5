//! The static life-and-death rule (`src/solver/static_ld`): golden ASCII
//! positions pinning each verdict and zone, and a property test that every position the rule
//! calls dead is won by the attacker in the plain exhaustive search of the full game
//! (`tests/it/exhaustive`, cycle rule), whichever side moves first and with the defender as ko
//! master and the attacker never taking a ko (the rule claims the result under every ko rule).
#![allow(clippy::unwrap_used)] // tests may panic on what cannot happen

use crate::deterministic_proptest;
use crate::exhaustive;
use crate::leaf_proof;
use crate::random_problems;

use exhaustive::{Exhaustive, Repetition};
use leaf_proof::leaf_proof;
use proptest::prelude::*;
use random_problems::{random_problem_with, transformed, Fill};
use std::sync::atomic::{AtomicU64, Ordering};
use tsumego_studio::go::{Board, ByColor, Color, Point, Symmetry, Zone};
use tsumego_studio::problem::{Goal, KoRule, Outcome, Problem, ProblemSetup};
use tsumego_studio::solver::kernel::leaf::{Leaf, Reason};
use tsumego_studio::solver::knowledge::static_ld::StaticRule;
use tsumego_studio::solver::proof::checker::{check_proof, CheckError};
use tsumego_studio::solver::{Engine, GoalTest, LeafKind, Role, SolveConfig, Solver, Status};

/// A problem on `diagram` (`X` the attacker, Black; `O` the defender, White) whose region is the
/// rectangle of columns `xs` and rows `ys`, crucial stones every defender stone in it.
fn problem(
    diagram: &str,
    xs: std::ops::Range<usize>,
    ys: std::ops::Range<usize>,
    goal: Goal,
    to_move: Color,
) -> Problem {
    problem_in(diagram, rectangle(xs, ys), goal, to_move)
}

/// The goal test's decision of the problem position.
fn decide(p: &Problem) -> Option<(Leaf, Reason)> {
    GoalTest::new(p).decide(p.board())
}

fn is_static_dead(p: &Problem) -> bool {
    matches!(decide(p), Some((_, Reason::StaticDead)))
}

/// Does the attacker win `p`'s position in the exhaustive search, with `to_move` first, the
/// defender a ko master and the attacker never taking a ko? `None` past the node budget.
fn attacker_wins(p: &Problem, to_move: Color, budget: u64) -> Option<bool> {
    let mut setup = p.to_setup();
    setup.to_move = Some(to_move);
    let attacker = p.attacker();
    setup.or_player = Some(attacker);
    setup.goal = Some(if p.goal().or_defends() {
        p.goal().opposite()
    } else {
        p.goal()
    });
    setup.ko_rules = ByColor::new(None, None);
    let mut rules = ByColor::new(None, None);
    rules[attacker] = Some(KoRule::Disallow);
    rules[p.defender()] = Some(KoRule::Master);
    setup.ko_rules = rules;
    let kill = setup.validate().unwrap();
    Exhaustive::solve_with(&kill, Repetition::CycleFailsOr, budget)
        .map(|(outcome, _)| outcome == Outcome::Win)
}

/// A 6x6 board's bottom rows: an unconditionally alive attacker wall with two one-point eyes.
const WALL: &str = "
    X X X X X X
    X X X X X X
    X X X . X .
";

fn board_with(top: &str) -> String {
    format!("{top}\n{WALL}")
}

/// Straight three in the corner with the attacker already on its vital point: dead even with
/// the defender moving first (it can only capture into a two-point eye).
const VITAL_POINT_TAKEN: &str = "
    . X . O X X
    O O O O X X
    X X X X X X
";

#[test]
fn a_straight_three_with_the_vital_point_taken_is_dead_with_a_sound_zone() {
    let diagram = board_with(VITAL_POINT_TAKEN);
    for goal in Goal::ALL {
        // (The one-eye goals ask for an eye, not life: the static rule is not theirs.)
        if !goal.needs_crucial_stones() || goal.is_one_eye() {
            continue;
        }
        let p = problem(&diagram, 0..4, 0..2, goal, Color::White);
        let (leaf, reason) = decide(&p).unwrap();
        assert_eq!(reason, Reason::StaticDead, "{goal}");
        assert_eq!(leaf.is_win(), !goal.or_defends(), "{goal}");
        // The zone: the area (8 points), the wall block with the liberty outside the region
        // that anchors it (no play of the problem fills D1), and the crucial points.
        assert_eq!(
            p.board().zone_ascii(&leaf.zone()),
            "\
* X * O X X
O O O O X X
X X X X X X
X X X X X X
X X X X X X
X X X * X .
",
            "{goal}"
        );
        for first in [Color::White, Color::Black] {
            assert_eq!(attacker_wins(&p, first, 1_000_000), Some(true), "{goal}");
        }
    }
}

#[test]
fn a_straight_three_the_defender_may_still_divide_is_not_dead() {
    // The defender to move plays the middle point and has two eyes.
    let diagram = board_with(
        "
        . . . O X X
        O O O O X X
        X X X X X X
    ",
    );
    let p = problem(&diagram, 0..4, 0..2, Goal::Kill, Color::Black);
    assert_eq!(decide(&p), None);
    assert_eq!(attacker_wins(&p, Color::White, 1_000_000), Some(false));
}

#[test]
fn a_two_point_eye_space_is_dead_for_both_families() {
    let diagram = board_with(
        "
        . . O X X X
        O O O X X X
        X X X X X X
    ",
    );
    for goal in [Goal::Kill, Goal::KillUca, Goal::Live, Goal::LiveUca] {
        let p = problem(&diagram, 0..3, 0..2, goal, Color::White);
        assert!(is_static_dead(&p), "{goal}");
    }
}

#[test]
fn an_attacker_stone_inside_that_the_defender_can_capture_is_part_of_the_local_game() {
    // The attacker stone on B1 is not joined to the wall; the defender captures it but the
    // space left is one eye.
    let diagram = board_with(
        "
        X . O X X X
        O O O X X X
        X X X X X X
    ",
    );
    let p = problem(&diagram, 0..3, 0..2, Goal::Kill, Color::White);
    assert!(is_static_dead(&p));
    for first in [Color::White, Color::Black] {
        assert_eq!(attacker_wins(&p, first, 1_000_000), Some(true));
    }
}

#[test]
fn an_area_whose_killing_needs_a_ko_capture_is_not_dead() {
    // The defender takes a ko on D1 (capturing C1) for a second eye on C1: the attacker would
    // have to retake the ko, which the rule never lets it do (the defender retakes at once).
    let diagram = board_with(
        "
        . O X . X X
        O O O X X X
        X X X X X X
    ",
    );
    let p = problem(&diagram, 0..4, 0..2, Goal::Kill, Color::White);
    assert_eq!(decide(&p), None);
}

#[test]
fn an_empty_bent_four_area_is_sealed_for_kill_all() {
    // Kill-all: the only empty region is a bent four of the attacker's, in the corner.
    let diagram = board_with(
        "
        . . . X X X
        . X X X X X
        X X X X X X
    ",
    );
    let board = Board::from_ascii(&diagram).unwrap();
    let region: Zone = [(0, 0), (1, 0), (2, 0), (0, 1)]
        .iter()
        .map(|&(x, y)| Point::new(x, y))
        .collect();
    let mut setup = ProblemSetup::from_board(&board, Color::White);
    setup.or_player = Some(Color::Black);
    setup.goal = Some(Goal::KillAll);
    setup.region = Some(region);
    setup.ko_rules = ByColor::new(Some(KoRule::Allow), Some(KoRule::Allow));
    let p = setup.validate().unwrap();
    let (leaf, reason) = decide(&p).unwrap();
    assert_eq!(reason, Reason::StaticDead);
    assert_eq!(leaf, Leaf::Win(Zone::full(6)));
    for first in [Color::White, Color::Black] {
        assert_eq!(attacker_wins(&p, first, 1_000_000), Some(true));
    }
}

#[test]
fn a_living_rectangular_six_in_the_corner_is_not_called_dead() {
    // Rectangular six in the corner (alive): its area has 12 points, beyond the rule's 8.
    let p = problem(
        "
        . . . O X X X
        . . . O X X X
        O O O O X X X
        X X X X X X X
        X X X X X X X
        X X X X X X X
        X X X . X . X
    ",
        0..4,
        0..3,
        Goal::Kill,
        Color::Black,
    );
    assert_eq!(decide(&p), None);
}

/// The straight three with its vital point taken, behind a wall with one eye only (D1).
fn one_eyed_wall() -> String {
    format!(
        "{VITAL_POINT_TAKEN}
        X X X X X X
        X X X X X X
        X X X . X X
    "
    )
}

#[test]
fn an_area_next_to_a_wall_that_is_not_unconditionally_alive_is_not_considered() {
    // The region holds the wall's one eye: filling it and the area could capture the wall.
    let p = problem(&one_eyed_wall(), 0..4, 0..6, Goal::Kill, Color::White);
    assert_eq!(decide(&p), None);
}

#[test]
fn a_wall_with_a_liberty_outside_the_region_is_a_wall() {
    // The same wall with its eye outside the region: no play of the problem fills D1, so the
    // wall is never captured (anchored) and the three points are dead, for the checker too.
    let p = problem(&one_eyed_wall(), 0..4, 0..2, Goal::Kill, Color::White);
    let (leaf, reason) = decide(&p).unwrap();
    assert_eq!(reason, Reason::StaticDead);
    assert!(leaf.is_win());
    assert_eq!(
        p.board().zone_ascii(&leaf.zone()),
        "\
* X * O X X
O O O O X X
X X X X X X
X X X X X X
X X X X X X
X X X * X X
"
    );
    for first in [Color::White, Color::Black] {
        assert_eq!(attacker_wins(&p, first, 1_000_000), Some(true));
    }
    let proof = leaf_proof(&p, LeafKind::StaticDead, leaf.zone());
    check_proof(&p, &proof, false, 1_000_000).unwrap();
}

#[test]
fn the_rule_is_off_without_a_region_and_under_superko() {
    let diagram = board_with(VITAL_POINT_TAKEN);
    let p = problem(&diagram, 0..4, 0..2, Goal::Kill, Color::White);
    let plain = GoalTest::from_parts(p.goal(), p.or_player(), p.crucial());
    assert_eq!(plain.evaluate(p.board()), None);
    assert_eq!(
        GoalTest::new(&p).without_static_rule().evaluate(p.board()),
        None
    );
}

/// Searches of the reference that confirmed a dead verdict, and that ran over the budget.
static CONFIRMED: AtomicU64 = AtomicU64::new(0);
static OVER_BUDGET: AtomicU64 = AtomicU64::new(0);

/// Seed of the random positions.
const SEED: u64 = 0x7374_6174_6963;
/// The reference's node budget per position.
const BUDGET: u64 = 400_000;

/// One random enclosed position (`index` of the seeded sequence) under `goal`: whenever the rule
/// calls it dead, the exhaustive search agrees with either side to move; the verdict is the
/// same under the 8 symmetries. Returns whether it was called dead.
fn check_random(index: u64, goal: Goal) -> bool {
    let fill = [Fill::Sparse, Fill::Dense, Fill::Ko][(index % 3) as usize];
    let r = random_problem_with(SEED, index, 12, fill);
    let mut setup = r.problem.to_setup();
    setup.goal = Some(goal);
    setup.or_player = Some(if goal.or_defends() {
        r.problem.defender()
    } else {
        r.problem.attacker()
    });
    let p = setup.validate().unwrap();
    let dead = is_static_dead(&p);
    // The shipped table and the live search agree.
    let rule = StaticRule::new(p.goal(), p.defender(), p.crucial(), p.region());
    assert_eq!(
        rule.evaluate(p.board()),
        rule.evaluate_with(p.board(), None),
        "position {index} ({goal}): table and live search differ"
    );
    for sym in Symmetry::all() {
        assert_eq!(
            is_static_dead(&transformed(&p, sym)),
            dead,
            "position {index} ({goal}) under {sym:?}:\n{}",
            p.board().to_ascii()
        );
    }
    if dead {
        for first in [Color::White, Color::Black] {
            let Some(wins) = attacker_wins(&p, first, BUDGET) else {
                OVER_BUDGET.fetch_add(1, Ordering::Relaxed);
                continue;
            };
            CONFIRMED.fetch_add(1, Ordering::Relaxed);
            {
                assert!(
                    wins,
                    "position {index} ({goal}, {first} first) called dead but the defender \
                     survives:\n{}",
                    p.board().to_ascii()
                );
            }
        }
    }
    dead
}

proptest! {
    #![proptest_config(deterministic_proptest::config(160, SEED))]

    #[test]
    fn positions_called_dead_are_won_by_the_attacker_in_the_full_game(index in 0u64..1_000_000) {
        for goal in [Goal::Live, Goal::KillUca, Goal::KillAll] {
            check_random(index, goal);
        }
    }
}

/// Positions of the fixed sample; `STATIC_LD_COUNT` sets another count (outside CI).
fn sample_count() -> u64 {
    std::env::var("STATIC_LD_COUNT")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(200)
}

#[test]
fn the_rule_calls_a_good_share_of_random_enclosed_positions_dead() {
    // A fixed sample, every goal, so that the property test above is not vacuous.
    let count = sample_count();
    for goal in Goal::ALL.into_iter().filter(|g| !g.is_one_eye()) {
        let dead = (0..count).filter(|&i| check_random(i, goal)).count() as u64;
        eprintln!("{dead} of {count} random enclosed positions called dead ({goal})");
        assert!(
            dead * 10 >= count,
            "only {dead} of {count} called dead ({goal})"
        );
    }
    let (confirmed, over) = (
        CONFIRMED.load(Ordering::Relaxed),
        OVER_BUDGET.load(Ordering::Relaxed),
    );
    eprintln!("reference searches: {confirmed} confirmed, {over} over the budget");
    assert!(
        over * 20 <= confirmed,
        "too many over the budget: {over} of {confirmed}"
    );
}

#[test]
fn solver_proofs_with_static_leaves_pass_the_checker() {
    let diagram = board_with(VITAL_POINT_TAKEN);
    for to_move in [Color::White, Color::Black] {
        for goal in [Goal::Kill, Goal::KillUca] {
            let p = problem(&diagram, 0..4, 0..2, goal, to_move);
            for engine in [Engine::DFS, Engine::DFPN] {
                let config = SolveConfig {
                    engine,
                    ..SolveConfig::default()
                };
                let solution = Solver::new(&p, config).solve();
                assert_eq!(solution.status, Status::Win);
                let proof = solution.proof.unwrap();
                assert_eq!(proof.root.role, Role::Leaf(LeafKind::StaticDead));
                check_proof(&p, &proof, false, 1_000_000).unwrap();
                // Positional superko: the rule is off, and the checker refuses such a leaf.
                let err = check_proof(&p, &proof, true, 1_000_000).unwrap_err();
                assert!(matches!(err, CheckError::NotDead { .. }), "{err}");
            }
        }
    }
}

#[test]
fn the_checker_rejects_a_static_leaf_on_a_position_that_is_not_dead() {
    // Tampered: the straight three the defender can still divide, claimed statically dead.
    let diagram = board_with(
        "
        . . . O X X
        O O O O X X
        X X X X X X
    ",
    );
    let p = problem(&diagram, 0..4, 0..2, Goal::Kill, Color::White);
    let proof = leaf_proof(&p, LeafKind::StaticDead, Zone::full(6));
    let err = check_proof(&p, &proof, false, 1_000_000).unwrap_err();
    assert!(err.rejects());
    assert_eq!(
        err.to_string(),
        "after the start: the proof's static-dead leaf is not dead: the attacker cannot empty \
         the areas"
    );
    // A dead area behind a wall that is not unconditionally alive, whose one eye is in the
    // region: the areas are not closed.
    let p = problem(&one_eyed_wall(), 0..4, 0..6, Goal::Kill, Color::White);
    let err = check_proof(
        &p,
        &leaf_proof(&p, LeafKind::StaticDead, Zone::full(6)),
        false,
        1_000_000,
    )
    .unwrap_err();
    assert!(
        err.to_string().contains("is not in an area of at most"),
        "{err}"
    );
    // A static leaf in a proof of the defender's claim is nonsense.
    let live = problem(
        &board_with(VITAL_POINT_TAKEN),
        0..4,
        0..2,
        Goal::Live,
        Color::White,
    );
    let err = check_proof(
        &live,
        &leaf_proof(&live, LeafKind::StaticDead, Zone::full(6)),
        false,
        1_000_000,
    )
    .unwrap_err();
    assert!(matches!(err, CheckError::NotDead { .. }), "{err}");
}

/// A problem on `diagram` whose region is `region`, crucial stones every defender stone in it.
fn problem_in(diagram: &str, region: Zone, goal: Goal, to_move: Color) -> Problem {
    let board = Board::from_ascii(diagram).unwrap();
    let mut setup = ProblemSetup::from_board(&board, to_move);
    setup.or_player = Some(if goal.or_defends() {
        Color::White
    } else {
        Color::Black
    });
    setup.goal = Some(goal);
    setup.region = Some(region);
    setup.crucial = board.stones(Color::White).intersection(&region);
    setup.ko_rules = ByColor::new(Some(KoRule::Allow), Some(KoRule::Allow));
    setup.validate().unwrap()
}

fn rectangle(xs: std::ops::Range<usize>, ys: std::ops::Range<usize>) -> Zone {
    ys.flat_map(|y| xs.clone().map(move |x| Point::new(x, y)))
        .collect()
}

#[test]
fn in_an_open_problem_the_rule_holds_once_the_areas_are_closed_inside_the_region() {
    // At the start White's three stones reach E6 (empty, outside the region): open.
    let start = board_with(
        "
        . X . O . X
        O O O O X X
        X X X X X X
    ",
    );
    let p = problem_in(&start, rectangle(0..4, 0..2), Goal::Kill, Color::White);
    assert!(p.is_open());
    // There the leak rule fails Black's claim (White's block has a liberty outside).
    let (leaf, reason) = decide(&p).unwrap();
    assert_eq!(reason, Reason::Captured);
    assert!(!leaf.is_win());
    // Once Black has closed E6 (outside the region here, as if the search's line had), the
    // eight points are an area inside the region: statically dead.
    let closed = Board::from_ascii(&board_with(VITAL_POINT_TAKEN)).unwrap();
    let (leaf, reason) = GoalTest::new(&p).decide(&closed).unwrap();
    assert_eq!(reason, Reason::StaticDead);
    assert!(leaf.is_win());
}

#[test]
fn in_an_open_problem_an_area_reaching_outside_the_region_is_not_dead() {
    // B6 (a Black stone of the area) is outside the region: a real game's defender may play
    // round it, so the area is not the local game's. With B6 in the region the same position
    // is dead (the test above).
    let start = board_with(
        "
        . X . O . X
        O O O O X X
        X X X X X X
    ",
    );
    let closed_board = Board::from_ascii(&board_with(VITAL_POINT_TAKEN)).unwrap();
    let whole = problem_in(&start, rectangle(0..4, 0..2), Goal::Kill, Color::White);
    let dead = GoalTest::new(&whole).decide(&closed_board);
    assert_eq!(dead.map(|(_, reason)| reason), Some(Reason::StaticDead));
    let mut region = rectangle(0..4, 0..2);
    region.remove(Point::new(1, 0));
    let p = problem_in(&start, region, Goal::Kill, Color::White);
    assert!(p.is_open());
    assert_eq!(GoalTest::new(&p).decide(&closed_board), None);
}
