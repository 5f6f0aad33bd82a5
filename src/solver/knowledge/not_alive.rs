//! The zone of "the defender is not alive" (the leaf after two passes): a zone such that in every
//! position with the same stones inside it, no decisive defender stone is unconditionally alive.
//!
//! Certificate, per decisive defender block `B` (Benson: a UCA block needs two vital regions,
//! regions whose empty points are all liberties of `B`):
//! - `B` and every point next to it are in the zone, so `B` is the same block in every such
//!   position (its neighbours are not defender stones).
//! - For each region next to `B` that is not vital to `B`, the zone holds a path of non-defender
//!   points from `B`'s neighbour into that region to an empty point that is not a liberty of `B`:
//!   in every such position that point lies in the same region, so the region stays non-vital.
//! - A region next to `B` that is vital is put into the zone whole, so it stays one region (it
//!   can only merge with more points, which never makes it vital to more blocks).
//! - With at most one vital region, `B` is not alive in any such position. A block with two or
//!   more vital regions (not alive only through its neighbours) gets no small certificate: the zone
//!   is then the whole board.
//!
//! Crucial points without a defender stone are in the zone as well, so no such position has a
//! defender stone there.

use crate::go::{Board, Color, Point, Zone};
use std::collections::VecDeque;

/// The zone certifying that no decisive defender stone of `board` is alive: `decisive` holds the
/// decisive points (the crucial points, or the whole board when every defender stone counts).
pub fn not_alive_zone(board: &Board, defender: Color, decisive: &Zone) -> Zone {
    let size = board.size();
    let mut zone = decisive.difference(&board.stones(defender));
    let mut done = Zone::new();
    for p in decisive.intersection(&board.stones(defender)).iter() {
        if done.contains(p) {
            continue;
        }
        let block = board.block_stones(p);
        done.union_with(&block);
        match certificate(board, defender, &block) {
            Some(z) => zone.union_with(&z),
            None => return Zone::full(size),
        }
    }
    zone
}

/// Could the defender block `block` be unconditionally alive? False when at most one region next
/// to it is vital to it (a cheap necessary test that spares most runs of Benson's algorithm: a
/// region is found non-vital as soon as the search meets an empty point that is not a liberty).
pub fn may_be_alive(board: &Board, defender: Color, block: &Zone) -> bool {
    let Some(first) = block.first() else {
        return false;
    };
    let liberties = board.liberties(first);
    if liberties.len() < 2 {
        return false;
    }
    two_vital_regions(board, defender, block, &liberties)
}

/// Have the defender stones `stones` two regions round them (connected points without a
/// defender stone) whose empty points are all in `liberties`? A region is given up at its first
/// empty point outside `liberties` (met again from another point, it is given up again).
pub(crate) fn two_vital_regions(
    board: &Board,
    defender: Color,
    stones: &Zone,
    liberties: &Zone,
) -> bool {
    let size = board.size();
    let around = stones.grow(size).difference(stones);
    let mut seen = Zone::new();
    let mut vital = 0;
    let mut stack = Vec::new();
    for q in around.iter() {
        if seen.contains(q) {
            continue;
        }
        stack.clear();
        stack.push(q);
        seen.insert(q);
        let mut is_vital = true;
        while let Some(r) = stack.pop() {
            if board.is_empty(r) && !liberties.contains(r) {
                is_vital = false;
                break;
            }
            for n in r.neighbors() {
                if board.on_board(n) && board.color_at(n) != Some(defender) && seen.insert(n) {
                    stack.push(n);
                }
            }
        }
        if is_vital {
            vital += 1;
            if vital >= 2 {
                return true;
            }
        }
    }
    false
}

/// The certificate of one block (see the module documentation), or `None` when the block has
/// two or more vital regions.
fn certificate(board: &Board, defender: Color, block: &Zone) -> Option<Zone> {
    let size = board.size();
    let liberties = board.liberties(block.first()?);
    let around = block.grow(size).difference(block);
    let mut zone = block.union(&around);
    let mut seen = Zone::new();
    let mut vital = 0;
    for q in around.iter() {
        if seen.contains(q) {
            continue;
        }
        // Search the region of `q` for an empty point that is not a liberty of the block.
        let mut parent = [None::<Point>; crate::go::point::NUM_CELLS];
        let mut region = Zone::new();
        let mut queue = VecDeque::from([q]);
        region.insert(q);
        let mut witness = None;
        while let Some(r) = queue.pop_front() {
            if witness.is_none() && board.is_empty(r) && !liberties.contains(r) {
                witness = Some(r);
            }
            for n in r.neighbors() {
                if board.on_board(n) && board.color_at(n) != Some(defender) && region.insert(n) {
                    parent[n.index()] = Some(r);
                    queue.push_back(n);
                }
            }
        }
        seen.union_with(&region);
        match witness {
            Some(mut w) => {
                // The path from the witness back to `q`.
                zone.insert(w);
                while let Some(prev) = parent[w.index()] {
                    zone.insert(prev);
                    w = prev;
                }
            }
            None => {
                vital += 1;
                if vital >= 2 {
                    return None;
                }
                zone.union_with(&region);
            }
        }
    }
    Some(zone)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::go::benson;
    use crate::solver::fixtures::board;

    #[test]
    fn one_eye_group_is_certified_locally() {
        // White has one eye in the corner; the outside is open.
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
        let white = b.stones(Color::White);
        assert!(!benson(&b, Color::White).any_alive());
        let z = not_alive_zone(&b, Color::White, &white);
        assert_eq!(
            b.zone_ascii(&z),
            "\
* O X * . . .
O O X . . . .
X X x . . . .
. . . . . . .
. . . . . . .
. . . . . . .
. . . . . . .
"
        );
    }

    #[test]
    fn blocks_with_two_vital_regions_fall_back_to_the_whole_board() {
        // A block with two vital regions has no small certificate (here it is even alive).
        let b = board(
            "
            . O . O X . .
            O O O O X . .
            X X X X X . .
            . . . . . . .
            . . . . . . .
            . . . . . . .
            . . . . . . .
        ",
        );
        let crucial: Zone = [Point::new(0, 1)].into_iter().collect();
        let z = not_alive_zone(&b, Color::White, &crucial);
        assert_eq!(z, Zone::full(7));
    }
}
