//! The checker's own goal test of the one-eye goals ([`crate::problem::Goal::OneEye`]): is the
//! position settled, and what did the answer read?
//!
//! Written apart from the search's test (`solver::knowledge::one_eye`); only the eye's shape,
//! a rule of the game like Benson's test, is the library's ([`crate::go::eye_shape`]).
//! - a crucial point without a defender stone: the defender has failed (read: the crucial
//!   points);
//! - a point of the region that is a safe eye whose block holds every crucial stone: the
//!   defender has won (read: the point, its eight neighbours, the block and its neighbours);
//! - every point of the region denied an eye for ever by attacker blocks with an empty liberty
//!   outside the region (the points themselves, an orthogonal neighbour, or two diagonal
//!   neighbours, one on the edge): the defender has failed (read: those blocks and their
//!   neighbours);
//! - else not settled, read: the region with its eight-neighbourhood, the blocks of any point
//!   shaped as an eye with their neighbours, and the crucial points (a position agreeing there
//!   has no eye connected to every crucial stone either).

use crate::go::eye_shape::eye_block;
use crate::go::{Board, Color, Point, Zone};

/// The one-eye goals' settled state of `board` (`Some(true)`: the defender has its eye), with
/// what the answer read.
pub(super) fn one_eye_reading(
    board: &Board,
    defender: Color,
    crucial: &Zone,
    region: &Zone,
) -> (Option<bool>, Zone) {
    let size = board.size();
    if !crucial.is_subset(&board.stones(defender)) {
        return (Some(false), *crucial);
    }
    let mut unsettled_reads = region.grow_with_diagonals(size).union(crucial);
    for p in region.iter() {
        let Some(block) = eye_block(board, defender, p) else {
            continue;
        };
        let reads = block.grow(size);
        if crucial.is_subset(&block) {
            let mut zone = reads.union(crucial);
            // The point and all eight neighbours (the orthogonal ones are the block's).
            let point: Zone = std::iter::once(p).collect();
            zone.union_with(&point.grow_with_diagonals(size));
            return (Some(true), zone);
        }
        unsettled_reads.union_with(&reads);
    }
    if let Some(reads) = denied_everywhere(board, defender.opponent(), region) {
        return (Some(false), reads);
    }
    (None, unsettled_reads)
}

/// The attacker blocks with an empty liberty outside `region` (with their neighbours) when they
/// deny every point of `region` an eye; `None` when some point is not denied.
fn denied_everywhere(board: &Board, attacker: Color, region: &Zone) -> Option<Zone> {
    let size = board.size();
    let outside = board.empty_points().difference(region);
    let lasting = |p: Point| -> Option<Zone> {
        if !board.on_board(p) || board.color_at(p) != Some(attacker) {
            return None;
        }
        let around = board.block_stones(p).grow(size);
        around.intersects(&outside).then_some(around)
    };
    let mut reads = Zone::new();
    for q in region.iter() {
        if let Some(r) = lasting(q) {
            reads.union_with(&r);
            continue;
        }
        let beside: Vec<Point> = q
            .neighbors()
            .into_iter()
            .filter(|&n| board.on_board(n))
            .collect();
        if let Some(r) = beside.iter().find_map(|&n| lasting(n)) {
            reads.union_with(&r);
            continue;
        }
        let needed = if beside.len() == 4 { 2 } else { 1 };
        let corners: Vec<Zone> = q.diagonals().into_iter().filter_map(lasting).collect();
        if corners.len() < needed {
            return None;
        }
        for r in corners {
            reads.union_with(&r);
        }
    }
    Some(reads)
}
