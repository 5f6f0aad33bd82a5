//! Life by links (`src/solver/knowledge/linked_life.rs`), the goal test's terminal of the
//! defender's claims (on with `SolveConfig::links`): a golden position pinning the rule and
//! where it does not apply; solver proofs ending in such leaves passing the checker (and refused under positional superko,
//! where the rule is off); and the exhaustive search of the full game agreeing with every
//! position the rule decides among the fillings of the golden position's open row, whichever
//! side moves first.
#![allow(clippy::unwrap_used)] // tests may panic on what cannot happen

use crate::exhaustive;

use exhaustive::{Exhaustive, Repetition};
use tsumego_studio::go::{Board, ByColor, Color, Point, Zone};
use tsumego_studio::problem::{Goal, KoRule, Outcome, Problem, ProblemSetup};
use tsumego_studio::solver::kernel::leaf::Reason;
use tsumego_studio::solver::proof::checker::check_proof;
use tsumego_studio::solver::{Engine, GoalTest, LeafKind, Role, SolveConfig, Solver, Status};

/// Black's two blocks have an eye each (A5, E5) and two private common liberties, C5 and C4,
/// whose region (the points without a Black stone round them) reaches the point C3, beside no
/// Black stone: neither block is unconditionally alive, the chain is. White's wall below has
/// three eyes outside the problem's region (rows 5 to 3): a closed problem.
const BAMBOO: &str = "
    . X . X .
    X X . X X
    . . . . .
    O O O O O
    . O . O .
";

/// A problem on `diagram` with the region rows 5–3 (the diagram's first three), the crucial
/// stones the two Black blocks, Black the defender.
fn problem(diagram: &str, goal: Goal, to_move: Color) -> Problem {
    let board = Board::from_ascii(diagram).unwrap();
    let region: Zone = (0..5)
        .flat_map(|x| (0..3).map(move |y| Point::new(x, y)))
        .collect();
    let mut setup = ProblemSetup::from_board(&board, to_move);
    setup.or_player = Some(if goal.or_defends() {
        Color::Black
    } else {
        Color::White
    });
    setup.goal = Some(goal);
    setup.region = Some(region);
    setup.crucial = [(1, 0), (3, 0)]
        .into_iter()
        .map(|(x, y)| Point::new(x, y))
        .collect();
    setup.ko_rules = ByColor::new(Some(KoRule::Allow), Some(KoRule::Allow));
    setup.validate().unwrap()
}

fn decide(p: &Problem) -> Option<Reason> {
    GoalTest::new(p).decide(p.board()).map(|(leaf, reason)| {
        assert!(leaf.is_win() == p.goal().or_defends() || reason != Reason::Linked);
        reason
    })
}

#[test]
fn the_bamboo_joint_lives_by_links_for_the_defenders_claims_only() {
    for goal in [Goal::Live, Goal::LiveUca, Goal::LiveAll, Goal::LiveAllUca] {
        let p = problem(BAMBOO, goal, Color::White);
        let (leaf, reason) = GoalTest::new(&p).decide(p.board()).unwrap();
        assert!(leaf.is_win());
        assert_eq!(reason, Reason::Linked, "{goal:?}");
        // The zone: both blocks, both eyes and the two link points with their neighbours
        // (and the path from each to a point beside no Black stone).
        for (x, y) in [(0, 0), (4, 0), (2, 0), (2, 1), (2, 2), (1, 0), (3, 1)] {
            assert!(
                leaf.zone().contains(Point::new(x, y)),
                "{goal:?}: ({x}, {y})"
            );
        }
        // Without the rule, nothing decides the position (for the goals with one block to
        // live, the "one eye and a connection" terminal does: the same life, found another
        // way).
        let without = GoalTest::new(&p).without_links().decide(p.board());
        if goal.every_crucial_block() {
            assert_eq!(without, None, "{goal:?}");
        } else {
            assert_eq!(without.map(|(_, r)| r), Some(Reason::Connected), "{goal:?}");
            let neither = GoalTest::new(&p).without_links().without_eye_join();
            assert_eq!(neither.decide(p.board()), None, "{goal:?}");
        }
        // Nor under positional superko (the static rule's terminals are off).
        assert_eq!(
            GoalTest::new(&p).without_static_rule().decide(p.board()),
            None
        );
    }
    // The attacker's claims do not use the rule (their wins' zones do not certify its
    // failure): undecided.
    // (`kill`'s claim fails by the "one eye and a connection" terminal.)
    for goal in [Goal::Kill, Goal::KillUca, Goal::KillAny, Goal::KillAnyUca] {
        let reason = decide(&problem(BAMBOO, goal, Color::White));
        assert_ne!(reason, Some(Reason::Linked), "{goal:?}");
    }
}

#[test]
fn a_closed_or_shared_link_decides_nothing() {
    // A Black stone on C3 (2, 2) closes the link points' region (a link there would spend an
    // eye space) and is beside C4, which is no longer private: no link, and nothing lives.
    let closed = "
        . X . X .
        X X . X X
        . . X . .
        O O O O O
        . O . O .
    ";
    assert_eq!(decide(&problem(closed, Goal::LiveAll, Color::White)), None);
    // White on C4 (2, 1): one common liberty left.
    let cut = "
        . X . X .
        X X O X X
        . . . . .
        O O O O O
        . O . O .
    ";
    assert_eq!(decide(&problem(cut, Goal::LiveAll, Color::White)), None);
    // A White stone on C3 leaves the region open (it holds the opponent's stones): the link
    // stands.
    let open = "
        . X . X .
        X X . X X
        . . O . .
        O O O O O
        . O . O .
    ";
    assert_eq!(
        decide(&problem(open, Goal::LiveAll, Color::White)),
        Some(Reason::Linked)
    );
}

#[test]
fn solver_proofs_with_linked_leaves_pass_the_checker() {
    for goal in [Goal::Live, Goal::LiveAll, Goal::LiveUca] {
        for to_move in [Color::Black, Color::White] {
            let p = problem(BAMBOO, goal, to_move);
            for engine in [Engine::DFS, Engine::DFPN] {
                let config = SolveConfig {
                    engine,
                    links: true,
                    ..SolveConfig::default()
                };
                let solution = Solver::new(&p, config.clone()).solve();
                assert_eq!(solution.status, Status::Win, "{goal:?} {to_move:?}");
                let proof = solution.proof.unwrap();
                assert_eq!(proof.root.role, Role::Leaf(LeafKind::Linked));
                // Off (the default), the search proves it another way.
                let without = Solver::new(
                    &p,
                    SolveConfig {
                        links: false,
                        ..config
                    },
                )
                .solve();
                assert_eq!(without.status, Status::Win);
                assert_ne!(
                    without.proof.as_ref().unwrap().root.role,
                    Role::Leaf(LeafKind::Linked)
                );
                check_proof(&p, &without.proof.unwrap(), false, 1_000_000).unwrap();
                check_proof(&p, &proof, false, 1_000_000).unwrap();
                // Positional superko: the checker does not read the rule, and the leaf is
                // refused.
                assert!(check_proof(&p, &proof, true, 1_000_000)
                    .unwrap_err()
                    .rejects());
            }
        }
    }
}

/// [`BAMBOO`] with White's wall reaching up to A3 and E3: seven empty points in the region,
/// few enough for the exhaustive search of the full game.
const SMALL: &str = "
    . X . X .
    X X . X X
    O . . . O
    O O O O O
    . O . O .
";

/// Every filling of [`SMALL`]'s points B3, C3, D3 with Black, White or nothing (the legal
/// ones), for the defender's goals and both sides to move: wherever the rule decides the
/// position, the exhaustive search of the full game (cycle rule; the defender may not take
/// kos, the attacker is a ko master) says the defender lives.
#[test]
fn every_position_the_rule_decides_is_won_by_the_defender() {
    let row: Vec<(usize, usize)> = (1..4).map(|x| (x, 2)).collect();
    let (mut fired, mut compared) = (0, 0);
    for code in 0..3usize.pow(row.len() as u32) {
        let mut board = Board::from_ascii(SMALL).unwrap();
        let mut c = code;
        let mut black = board.stones(Color::Black);
        let mut white = board.stones(Color::White);
        for &(x, y) in &row {
            match c % 3 {
                1 => black.insert(Point::new(x, y)),
                2 => white.insert(Point::new(x, y)),
                _ => false,
            };
            c /= 3;
        }
        board = Board::with_stones(5, &black, &white);
        if black
            .union(&white)
            .iter()
            .any(|p| board.liberties(p).is_empty())
        {
            continue;
        }
        let diagram = board.to_ascii();
        for goal in [Goal::Live, Goal::LiveUca, Goal::LiveAll, Goal::LiveAllUca] {
            for to_move in [Color::Black, Color::White] {
                let p = problem(&diagram, goal, to_move);
                if decide(&p) != Some(Reason::Linked) {
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
                assert_eq!(
                    outcome,
                    Outcome::Win,
                    "{goal:?}, {to_move:?} first\n{diagram}"
                );
                compared += 1;
            }
        }
    }
    eprintln!("the rule decided {fired} claims");
    assert!(fired >= 20, "the rule decided {fired} claims");
    assert_eq!(compared, fired);
}
