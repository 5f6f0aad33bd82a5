//! One-eye problems composed at random in the manner of Kishimoto and Müller's test set
//! ("df-pn for the one-eye problem", §7.1): a group of the defender that already has one safe
//! eye, surrounded at a distance by safe stones of the attacker; the points in between are the
//! region, and the group lives exactly when it makes a second eye there (goal
//! [`Goal::OneEye`]).
//!
//! Construction (problem `index` of `seed` is always the same), on a 9x9 board:
//! 1. the **eye**: a point at least two lines from the edges; its eight neighbours are the
//!    defender's, one diagonal left out in some draws (still a safe eye);
//! 2. the **group**: grown from those stones by 0–5 points, each orthogonally next to it (one
//!    block), never on the eye;
//! 3. the **region**: the points next to the group (orthogonally or diagonally), grown at random
//!    by neighbours until it has the drawn number of points; a few points of it get stones of
//!    either colour (the defender's next to the group join it; the attacker's are not safe:
//!    they can be captured);
//! 4. the **wall**: every other point is the attacker's, except two one-point eyes in the far
//!    corner, so that the wall lives and has liberties outside the region; a wall block with no
//!    such liberty gets one of its stones away from the region emptied, or the draw is redone;
//! 5. the **crucial stones** are the group's first stones (the eye's neighbours).
//!
//! The draw is kept when it validates, the eye is outside the region, and the region has
//! between `min_empty` and `max_empty` empty points. The defender is Black; the side to move
//! and the OR player are the caller's ([`OneEyeDraw::problem`]).

use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::go::{ByColor, Color, Point, Zone};
use crate::problem::{Goal, KoRule, Problem, ProblemSetup};

/// The board side of the composed problems.
pub const SIZE: usize = 9;

/// A composed position: stones, region and crucial stones, before a side to move is chosen.
#[derive(Clone, Debug)]
pub struct OneEyeDraw {
    pub stones: ByColor<Zone>,
    pub region: Zone,
    pub crucial: Zone,
    /// The group's eye (outside the region).
    pub eye: Point,
}

impl OneEyeDraw {
    /// The one-eye problem of this position with `to_move` to play: the side to move is the OR
    /// player (Black makes the eye, White denies it), with the research set's ko rules (the OR
    /// player may not capture kos, its opponent may).
    pub fn problem(&self, to_move: Color) -> Problem {
        let defender = Color::Black;
        let goal = if to_move == defender {
            Goal::OneEye
        } else {
            Goal::NoEye
        };
        let mut setup = ProblemSetup::new(SIZE);
        setup.stones = self.stones;
        setup.to_move = Some(to_move);
        setup.or_player = Some(to_move);
        setup.goal = Some(goal);
        setup.region = Some(self.region);
        setup.crucial = self.crucial;
        setup.ko_rules = ByColor::new(
            Some(KoRule::default_for(Color::Black, to_move)),
            Some(KoRule::default_for(Color::White, to_move)),
        );
        setup
            .validate()
            .unwrap_or_else(|e| unreachable!("a composed one-eye problem validates: {e}"))
    }
}

/// The `index`-th position of `seed`, with `min_empty..=max_empty` empty points in the region.
pub fn compose(seed: u64, index: u64, min_empty: usize, max_empty: usize) -> OneEyeDraw {
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ index.wrapping_mul(0xA076_1D64_78BD_642F));
    loop {
        if let Some(draw) = draw(&mut rng, min_empty, max_empty) {
            return draw;
        }
    }
}

fn on_board(x: i64, y: i64) -> Option<Point> {
    let n = SIZE as i64;
    (x >= 0 && y >= 0 && x < n && y < n).then(|| Point::new(x as usize, y as usize))
}

/// The on-board points round `p` (orthogonal, and diagonal when `diagonal`).
fn around(p: Point, diagonal: bool) -> Vec<Point> {
    let (x, y) = (p.x() as i64, p.y() as i64);
    let mut out = Vec::with_capacity(8);
    for dy in -1..=1 {
        for dx in -1..=1 {
            if (dx, dy) == (0, 0) || (!diagonal && dx != 0 && dy != 0) {
                continue;
            }
            if let Some(q) = on_board(x + dx, y + dy) {
                out.push(q);
            }
        }
    }
    out
}

fn draw(rng: &mut ChaCha8Rng, min_empty: usize, max_empty: usize) -> Option<OneEyeDraw> {
    let eye = Point::new(rng.random_range(1..=4), rng.random_range(1..=4));
    let mut group: Zone = around(eye, true).into_iter().collect();
    if rng.random_bool(0.3) {
        let diagonals: Vec<Point> = eye
            .diagonals()
            .into_iter()
            .filter(|d| group.contains(*d))
            .collect();
        let left_out = *diagonals.choose(rng)?;
        group.remove(left_out);
    }
    let crucial = group;
    for _ in 0..rng.random_range(0..=5) {
        let next: Vec<Point> = group
            .iter()
            .flat_map(|p| around(p, false))
            .filter(|&q| q != eye && !group.contains(q))
            .collect();
        group.insert(*next.choose(rng)?);
    }
    let mut region: Zone = group
        .iter()
        .flat_map(|p| around(p, true))
        .filter(|&q| q != eye && !group.contains(q))
        .collect();
    let target = rng.random_range(min_empty..=max_empty + 3);
    while region.len() < target {
        let next: Vec<Point> = region
            .iter()
            .flat_map(|p| around(p, false))
            .filter(|&q| q != eye && !group.contains(q) && !region.contains(q))
            .collect();
        let Some(&q) = next.choose(rng) else { break };
        region.insert(q);
    }
    let mut stones = ByColor::new(group, Zone::new());
    let p_defender = rng.random_range(0.0..0.15);
    let p_attacker = rng.random_range(0.05..0.25);
    for p in region.iter() {
        let r: f64 = rng.random();
        if r < p_defender {
            stones.black.insert(p);
        } else if r < p_defender + p_attacker {
            stones.white.insert(p);
        }
    }
    let wall_eyes = [
        Point::new(SIZE - 1, SIZE - 1),
        Point::new(SIZE - 3, SIZE - 1),
    ];
    let near_region = region.grow(SIZE);
    for y in 0..SIZE {
        for x in 0..SIZE {
            let p = Point::new(x, y);
            let taken = p == eye || group.contains(p) || region.contains(p);
            // The wall's eyes stay empty unless they touch the region.
            let wall_eye = wall_eyes.contains(&p) && !near_region.contains(p);
            if !taken && !wall_eye {
                stones.white.insert(p);
            }
        }
    }
    give_the_wall_liberties(&mut stones, &region, rng)?;
    let empty_in_region = region
        .iter()
        .filter(|&p| !stones.black.contains(p) && !stones.white.contains(p))
        .count();
    if !(min_empty..=max_empty).contains(&empty_in_region) {
        return None;
    }
    let draw = OneEyeDraw {
        stones,
        region,
        crucial,
        eye,
    };
    // Both problems must validate (no block without liberties); the check is the setup's own.
    let mut setup = ProblemSetup::new(SIZE);
    setup.stones = draw.stones;
    setup.to_move = Some(Color::Black);
    setup.or_player = Some(Color::Black);
    setup.goal = Some(Goal::OneEye);
    setup.region = Some(draw.region);
    setup.crucial = draw.crucial;
    setup.validate().ok()?;
    Some(draw)
}

/// Every wall block (attacker stones outside the region) gets an empty liberty outside the
/// region: where it has none, one of its stones with no neighbour in the region is emptied.
/// `None` when a block has no such stone.
fn give_the_wall_liberties(
    stones: &mut ByColor<Zone>,
    region: &Zone,
    rng: &mut ChaCha8Rng,
) -> Option<()> {
    let wall = stones.white.difference(region);
    let mut seen = Zone::new();
    for p in wall.iter() {
        if seen.contains(p) {
            continue;
        }
        let block = flood(&wall, p);
        seen.union_with(&block);
        let outside_liberty = block
            .iter()
            .flat_map(|q| around(q, false))
            .any(|q| !region.contains(q) && !stones.white.contains(q) && !stones.black.contains(q));
        if outside_liberty {
            continue;
        }
        let inner: Vec<Point> = block
            .iter()
            .filter(|&q| around(q, false).iter().all(|n| !region.contains(*n)))
            .filter(|&q| around(q, false).iter().all(|n| !stones.black.contains(*n)))
            .collect();
        let q = *inner.choose(rng)?;
        stones.white.remove(q);
    }
    Some(())
}

/// The stones of `stones` connected to `p`.
fn flood(stones: &Zone, p: Point) -> Zone {
    let mut block = Zone::new();
    let mut stack = vec![p];
    while let Some(q) = stack.pop() {
        if !stones.contains(q) || !block.insert(q) {
            continue;
        }
        stack.extend(around(q, false));
    }
    block
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Draws are reproducible, their regions within the bounds, the eye a safe eye of the
    /// crucial block outside the region, and both problems valid.
    #[test]
    fn composed_positions_are_one_eye_problems() {
        for index in 0..40 {
            let draw = compose(7, index, 10, 18);
            let again = compose(7, index, 10, 18);
            assert_eq!(draw.stones, again.stones);
            let black = draw.problem(Color::Black);
            let white = draw.problem(Color::White);
            assert_eq!(black.goal(), Goal::OneEye);
            assert_eq!(white.goal(), Goal::NoEye);
            let empty = black.region_empty_points().len();
            assert!((10..=18).contains(&empty), "{empty} empty points");
            assert!(!draw.region.contains(draw.eye));
            let board = black.board();
            assert!(crate::go::eye_shape::is_safe_eye(
                board,
                Color::Black,
                draw.eye
            ));
            let block = board.block_stones(draw.crucial.first().expect("crucial stones"));
            assert!(draw.crucial.is_subset(&block));
        }
    }
}
