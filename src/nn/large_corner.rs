//! The large-corner family of generated problems: a corner fight on a 19x19 board inside a
//! region of 90–156 points, shaped as the masked corner problems of the research sets are (the
//! shapes of the fight near the corner, wide empty space around it, a one-line wall of the
//! attacker round the region and the defender's living stones beyond), so that the net learns
//! which of a large region's points matter. Never drawn from the research sets: the fight is
//! played out by the heuristic prior.
//!
//! The region is a `W x H` rectangle in the top-left corner (10–13 by 9–12). The fight box,
//! 5–8 by 3–5 points in the same corner, gets either 6–16 moves of both sides drawn from the
//! heuristic prior (the defender first) or stones put at random as in the enclosed family; then
//! the attacker's stones on the ring just outside it (each point with a drawn probability of
//! 0.9–1, so that the group is mostly shut in, now and then with a gap) and a few on the ring
//! beyond (0–0.25). The box keeps 4–24 empty points. The crucial stones are the defender's
//! stones of the box. Goals as the enclosed family: live or kill, with the paper's unconditional life mostly
//! (the research sets' goal) or seki as life; either side to move; ko rules drawn.

use rand::Rng;
use rand_chacha::ChaCha8Rng;

use super::draws::{crucial_problem, weighted_pick};
use crate::go::{Board, ByColor, Color, Move, Point, Zone};
use crate::problem::{Goal, Problem, ProblemSetup};
use crate::solver::knowledge::guide::{Guide, GuideQuery, HeuristicGuide};

const SIZE: usize = 19;

/// A large-corner problem, or `None` when the drawn position is not a valid problem.
pub(super) fn large_corner(rng: &mut ChaCha8Rng) -> Option<Problem> {
    let (w, h) = (rng.random_range(10..=13), rng.random_range(9..=12));
    let (bw, bh) = (rng.random_range(5..=8), rng.random_range(3..=5));
    let defender = if rng.random_bool(0.5) {
        Color::White
    } else {
        Color::Black
    };
    let attacker = defender.opponent();
    let rect = |x0: usize, y0: usize| {
        let mut z = Zone::new();
        for y in 0..y0 {
            for x in 0..x0 {
                z.insert(Point::new(x, y));
            }
        }
        z
    };
    let region = rect(w, h);
    let fight = rect(bw, bh);
    let mut board = frame(&region, attacker);
    if rng.random_bool(0.5) {
        play_out(rng, &mut board, defender, &fight);
    } else {
        scatter(rng, &mut board, defender, &fight);
    }
    let ring = fight.grow(SIZE).intersection(&region).difference(&fight);
    let outer = ring
        .grow(SIZE)
        .intersection(&region)
        .difference(&ring.union(&fight));
    for (zone, density) in [
        (ring, rng.random_range(0.9..1.0)),
        (outer, rng.random_range(0.0..0.25)),
    ] {
        for p in zone.iter() {
            if board.is_empty(p) && rng.random_bool(density) {
                board.set_stone(attacker, p);
            }
        }
    }
    let crucial = board.stones(defender).intersection(&fight);
    let inside = fight.difference(
        &board
            .stones(Color::Black)
            .union(&board.stones(Color::White)),
    );
    if crucial.is_empty() || !(4..=24).contains(&inside.len()) {
        return None;
    }
    let setup = ProblemSetup::from_board(&board, defender);
    let problem = crucial_problem(rng, setup, defender, region, crucial, 0.3)?;
    let empty = problem.region_empty_points().len();
    (80..=156).contains(&empty).then_some(problem)
}

/// The board round the region: a one-line wall of the attacker on the points beside it, the
/// defender's stones everywhere else but two eyes in the far corner (alive, as the research
/// sets' masks are).
fn frame(region: &Zone, attacker: Color) -> Board {
    let wall = region.grow(SIZE).difference(region);
    let eyes = [
        Point::new(SIZE - 1, SIZE - 1),
        Point::new(SIZE - 3, SIZE - 1),
    ];
    let mut stones = ByColor::new(Zone::new(), Zone::new());
    for y in 0..SIZE {
        for x in 0..SIZE {
            let p = Point::new(x, y);
            if wall.contains(p) {
                stones[attacker].insert(p);
            } else if !region.contains(p) && !eyes.contains(&p) {
                stones[attacker.opponent()].insert(p);
            }
        }
    }
    Board::with_stones(SIZE, &stones[Color::Black], &stones[Color::White])
}

/// 6–16 moves of both sides in `fight`, the defender first, drawn from the heuristic prior.
fn play_out(rng: &mut ChaCha8Rng, board: &mut Board, defender: Color, fight: &Zone) {
    let moves = rng.random_range(6..=16);
    let mut to_move = defender;
    let mut last = None;
    for _ in 0..moves {
        let legal = board.legal_moves(to_move, Some(fight));
        if legal.is_empty() {
            break;
        }
        let chosen = draw_move(rng, board, to_move, defender, fight, last, &legal);
        if board.play(to_move, Move::Play(chosen)).is_err() {
            break;
        }
        last = Some(chosen);
        to_move = to_move.opponent();
    }
}

/// Stones of both sides put at random on `fight`'s points, as the enclosed family does.
fn scatter(rng: &mut ChaCha8Rng, board: &mut Board, defender: Color, fight: &Zone) {
    let p_defender = rng.random_range(0.25..0.45);
    let p_attacker = p_defender + rng.random_range(0.05..0.2);
    for p in fight.iter() {
        let r: f64 = rng.random();
        if r < p_defender {
            board.set_stone(defender, p);
        } else if r < p_attacker {
            board.set_stone(defender.opponent(), p);
        }
    }
}

/// One move of `to_move` among `legal`, drawn in proportion to the heuristic prior.
fn draw_move(
    rng: &mut ChaCha8Rng,
    board: &Board,
    to_move: Color,
    defender: Color,
    fight: &Zone,
    last: Option<Point>,
    legal: &[Point],
) -> Point {
    let empty = Zone::new();
    let query = GuideQuery {
        board,
        to_move,
        or_player: defender,
        goal: Goal::LiveAny,
        region: fight,
        crucial: &empty,
        after_pass: false,
        last_move: last,
        moves: legal,
        scores: None,
    };
    let priors = HeuristicGuide.guide(&query).priors;
    weighted_pick(rng, legal, &priors)
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;

    use super::*;

    #[test]
    fn large_corners_have_wide_regions_a_wall_and_a_fight_in_the_corner() {
        let mut drawn = 0;
        for seed in 0..40u64 {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let Some(p) = large_corner(&mut rng) else {
                continue;
            };
            drawn += 1;
            assert_eq!(p.size(), SIZE);
            let empty = p.region_empty_points().len();
            assert!((80..=156).contains(&empty), "{empty}");
            let crucial = p.crucial();
            assert!(!crucial.is_empty());
            let defender = p.board().color_at(crucial.first().unwrap()).unwrap();
            // The crucial stones sit in the corner's fight box (at most 8 by 5).
            assert!(
                crucial.iter().all(|c| c.x() < 8 && c.y() < 5),
                "{crucial:?}"
            );
            // The wall beside the region is the attacker's.
            let wall = p.region().grow(SIZE).difference(&p.region());
            assert!(wall
                .iter()
                .all(|q| p.board().color_at(q) == Some(defender.opponent())));
        }
        assert!(drawn >= 20, "only {drawn} of 40 drawn");
    }
}
