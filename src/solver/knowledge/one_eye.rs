//! The goal test of the one-eye problem ([`Goal::OneEye`](crate::problem::Goal::OneEye) and
//! its attacker form), after Kishimoto and Müller's "df-pn for the one-eye problem" (§2, §5.1),
//! with a relevance zone for each decision (RZ-1: every position agreeing with the node inside
//! the zone is decided the same way).
//!
//! - **An eye** ([`eye_win`]): a point of the region that is a safe eye of the defender
//!   ([`crate::go::eye_shape`]) whose block holds every crucial stone. Zone: the eye's shape
//!   (the point, its orthogonal neighbours, its diagonal neighbours holding defender stones) and
//!   the block's stones. A position agreeing there has the point empty with the same stones
//!   round it, so the same safe eye, and the block's stones, joined as here, with every crucial
//!   stone among them: the same eye connected to every crucial stone.
//! - **No eye possible** ([`no_eye_possible`], the paper's "no potential eye space", made
//!   sound): every point of the region is denied for ever by *safe* attacker stones: it holds
//!   one, or an orthogonal neighbour does, or two of its diagonal neighbours do (one on the
//!   edge). A safe attacker block is one with an empty liberty outside the region: no move is
//!   ever made there, so that liberty stays and the block is never captured; the block only
//!   grows. A point so denied can never become a safe eye, whatever it holds now (the paper
//!   says "no" for a point holding a defender stone, which may be captured and become empty;
//!   here such a point is denied only by the same permanent stones). Zone: the safe blocks
//!   used, each with one outside liberty. A position agreeing there has the same blocks with
//!   that liberty, safe in the same way, denying the same points: the region is the
//!   problem's.
//! - **No eye now** ([`no_eye_now`]): the certificate of a game ended by two passes (the
//!   attacker's then): for each point of the region the points that show it is not an eye
//!   connected to every crucial stone (it is occupied, a neighbour is not the defender's, two
//!   diagonals are not; or its block misses a crucial stone: the block, its neighbours and the
//!   crucial points, so that a position agreeing there has the same block without it).
//!
//! Capturing any crucial stone fails the defender; the kernel's goal test
//! (`kernel::leaf`) tests that first, with the crucial point as the zone.

use crate::go::eye_shape::{eye_block, eye_shape_points, is_safe_eye, not_an_eye_witness};
use crate::go::{Board, Color, Point, Zone};

/// The zone of the defender's eye connected to every crucial stone (the smallest, ties in zone
/// order), or `None` when the region holds no such eye.
pub fn eye_win(board: &Board, defender: Color, crucial: &Zone, region: &Zone) -> Option<Zone> {
    let mut best: Option<Zone> = None;
    for p in region.intersection(&board.empty_points()).iter() {
        let Some(block) = eye_block(board, defender, p) else {
            continue;
        };
        if !crucial.is_subset(&block) {
            continue;
        }
        let zone = eye_shape_points(board, defender, p).union(&block);
        if best.is_none_or(|b| zone.len() < b.len()) {
            best = Some(zone);
        }
    }
    best
}

/// The certificate that no point of `region` can ever become a safe eye of `defender`: the
/// safe attacker blocks that deny every point, each with one liberty outside the region; `None`
/// when some point is not so denied.
pub fn no_eye_possible(board: &Board, defender: Color, region: &Zone) -> Option<Zone> {
    let attacker = defender.opponent();
    let outside = board.empty_points().difference(region);
    if outside.is_empty() {
        return None;
    }
    let mut safe = SafeBlocks::default();
    let mut zone = Zone::new();
    for q in region.iter() {
        let witness = deny(board, attacker, &outside, &mut safe, q)?;
        zone.union_with(&witness);
    }
    Some(zone)
}

/// The points of `region` that may still become a safe eye of `defender`: those no safe
/// attacker stones deny for ever (the *potential eye points*; [`no_eye_possible`] holds when
/// there are none).
pub fn potential_eye_points(board: &Board, defender: Color, region: &Zone) -> Zone {
    let attacker = defender.opponent();
    let outside = board.empty_points().difference(region);
    let mut safe = SafeBlocks::default();
    region
        .iter()
        .filter(|&q| deny(board, attacker, &outside, &mut safe, q).is_none())
        .collect()
}

/// The attacker blocks found safe or not so far, by a stone of theirs.
#[derive(Default)]
struct SafeBlocks {
    /// Each safe block's stones with its outside liberty.
    safe: Vec<Zone>,
    /// Stones of blocks found not safe.
    unsafe_stones: Zone,
}

impl SafeBlocks {
    /// The safe block holding `p` (an attacker stone), with one outside liberty.
    fn of(&mut self, board: &Board, outside: &Zone, p: Point) -> Option<Zone> {
        if self.unsafe_stones.contains(p) {
            return None;
        }
        if let Some(z) = self.safe.iter().find(|z| z.contains(p)) {
            return Some(*z);
        }
        let block = board.block_stones(p);
        match block.grow(board.size()).intersection(outside).first() {
            Some(liberty) => {
                let mut z = block;
                z.insert(liberty);
                self.safe.push(z);
                Some(z)
            }
            None => {
                self.unsafe_stones.union_with(&block);
                None
            }
        }
    }
}

/// The safe attacker stones that deny `q` for ever (with their blocks' outside liberties), or
/// `None`.
fn deny(
    board: &Board,
    attacker: Color,
    outside: &Zone,
    safe: &mut SafeBlocks,
    q: Point,
) -> Option<Zone> {
    let mut safe_at = |p: Point| -> Option<Zone> {
        (board.on_board(p) && board.color_at(p) == Some(attacker))
            .then(|| safe.of(board, outside, p))
            .flatten()
    };
    if let Some(z) = safe_at(q) {
        return Some(z);
    }
    let mut on_board = 0;
    for n in q.neighbors() {
        if !board.on_board(n) {
            continue;
        }
        on_board += 1;
        if let Some(z) = safe_at(n) {
            return Some(z);
        }
    }
    let needed = if on_board == 4 { 2 } else { 1 };
    let mut zone = Zone::new();
    let mut found = 0;
    for d in q.diagonals() {
        if let Some(z) = safe_at(d) {
            zone.union_with(&z);
            found += 1;
            if found == needed {
                return Some(zone);
            }
        }
    }
    None
}

/// The certificate that the region holds no safe eye of `defender` connected to every crucial
/// stone now (the position must have none): see the module documentation.
pub fn no_eye_now(board: &Board, defender: Color, crucial: &Zone, region: &Zone) -> Zone {
    let mut zone = Zone::new();
    for q in region.iter() {
        match not_an_eye_witness(board, defender, q) {
            Some(witness) => zone.union_with(&witness),
            None => {
                debug_assert!(is_safe_eye(board, defender, q));
                let block = eye_block(board, defender, q).unwrap_or_default();
                zone.union_with(&eye_shape_points(board, defender, q));
                zone.union_with(&block.grow(board.size()));
                zone.union_with(crucial);
            }
        }
    }
    zone
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::fixtures::{board, zone};

    /// White (the defender, `O`) with one eye outside the region (top right) and the region
    /// on the left: an eye at a1 wins with its shape and block; the block must hold every
    /// crucial stone.
    #[test]
    fn an_eye_connected_to_every_crucial_stone_wins() {
        let b = board(
            "
            . O X . . . .
            O O X . . . .
            X X X . . . .
            . . . . . . .
            . . . . . . .
            . . . . . . .
            . . . . . . .
            ",
        );
        let region = zone(&[(0, 0), (1, 0), (0, 1), (1, 1)]);
        let crucial = zone(&[(1, 0)]);
        let win = eye_win(&b, Color::White, &crucial, &region).expect("an eye at (0,0)");
        assert!(win.contains(Point::new(0, 0)));
        assert!(win.contains(Point::new(1, 1)));
        // A crucial stone elsewhere, not in the eye's block: no win.
        let other = zone(&[(1, 0), (6, 6)]);
        let mut b2 = b.clone();
        b2.set_stone(Color::White, Point::new(6, 6));
        assert!(eye_win(&b2, Color::White, &other, &region).is_none());
        let certificate = no_eye_now(&b2, Color::White, &other, &region);
        assert!(certificate.contains(Point::new(6, 6)));
        // The eye point outside the region does not count.
        let elsewhere = zone(&[(1, 0), (1, 1)]);
        assert!(eye_win(&b, Color::White, &crucial, &elsewhere).is_none());
    }

    /// Every point of the region denied by safe attacker stones (a wall with an empty liberty
    /// outside the region): no eye possible, with the wall and one outside liberty as the
    /// zone; an attacker block without an outside liberty denies nothing.
    #[test]
    fn no_eye_is_possible_where_safe_stones_deny_every_point() {
        let b = board(
            "
            . . X . . . .
            O . X . . . .
            X X X . . . .
            . . . . . . .
            . . . . . . .
            . . . . . . .
            . . . . . . .
            ",
        );
        // (1,0) and (1,1) touch the wall; the corner (0,0) touches none, and its one diagonal
        // (1,1) is empty.
        let region = zone(&[(1, 0), (1, 1)]);
        let zone_found = no_eye_possible(&b, Color::White, &region).expect("denied");
        assert!(zone_found.contains(Point::new(2, 0)));
        assert!(zone_found
            .iter()
            .any(|p| !region.contains(p) && b.is_empty(p)));
        let with_corner = zone(&[(0, 0), (1, 0), (1, 1)]);
        assert!(no_eye_possible(&b, Color::White, &with_corner).is_none());
    }
}
