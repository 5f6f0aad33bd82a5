//! The checker's own zones: what the verification of a position read.
//!
//! Every verification returns, besides its verdict, a set of points (its *footprint*) such that
//! the same verification succeeds on any position that agrees with this one on those points
//! (their contents, and the ko point where it lies among them), with the same side to move and
//! the same pass flag. The checker derives it from what it did, never from the search's zones:
//! - a play reads its point, the point's neighbours, and every block next to it with the
//!   block's neighbours (its liberties and the stones touching it): legality, captures and the
//!   ko point follow from those ([`play_reads`]);
//! - the goal test reads the crucial points and what the life test flooded
//!   ([`super::checker_life`]);
//! - a footprint is *closed* ([`closed`]): every block with a stone in it is in it with its
//!   neighbours, so a play outside the footprint cannot capture anything in it;
//! - an AND node adds the footprints of the moves it verified; a move answered by a null-move
//!   child is verified once, and every other move answered by the same child from a position
//!   that agrees with that first one on the child's footprint ([`Base`]) is covered by it (a
//!   play outside a closed footprint leaves it as it was).
//!
//! Leaves re-derived by their own searches (static-dead, seki, connection), goals without
//! crucial stones and positional superko read the whole board.

use crate::go::{Board, Color, Point, Zone};

/// What playing on `p` reads on `board` (before the play): `p`, its neighbours, and every
/// neighbouring block with its neighbours.
pub(super) fn play_reads(board: &Board, p: Point) -> Zone {
    let size = board.size();
    let mut point = Zone::new();
    point.insert(p);
    let mut reads = point.grow(size);
    for n in p.neighbors() {
        if board.on_board(n) && board.color_at(n).is_some() {
            reads.union_with(&board.block_stones(n).grow(size));
        }
    }
    reads
}

/// `zone` closed on `board`: every block with a stone in it added with its neighbours, until
/// nothing changes.
pub(super) fn closed(board: &Board, mut zone: Zone) -> Zone {
    let size = board.size();
    let stones = board
        .stones(Color::Black)
        .union(&board.stones(Color::White));
    let mut done = Zone::new();
    loop {
        let open = zone.intersection(&stones).difference(&done);
        let Some(p) = open.first() else {
            return zone;
        };
        let block = board.block_stones(p);
        done.union_with(&block);
        zone.union_with(&block.grow(size));
    }
}

/// The position a class of AND moves was first verified from (after the AND move), with the
/// footprint of that verification: every later move of the class whose position agrees with it
/// there is covered.
#[derive(Clone, Debug)]
pub(super) struct Base {
    black: Zone,
    white: Zone,
    ko: Option<(Point, Color)>,
    passed: bool,
    zone: Zone,
}

impl Base {
    /// The position on `board` (before its footprint is known).
    pub(super) fn of(board: &Board, passed: bool) -> Base {
        Base {
            black: board.stones(Color::Black),
            white: board.stones(Color::White),
            ko: board.ko(),
            passed,
            zone: Zone::new(),
        }
    }

    /// The footprint its verification returned.
    pub(super) fn with_zone(mut self, zone: Zone) -> Base {
        self.zone = zone;
        self
    }

    /// Does the position before the AND move, on `board`, agree with this one on its
    /// footprint, with no ko point in it? Then the AND move and what it captured lie outside
    /// the footprint, and so does any other AND move outside the footprint of the AND node
    /// (the footprint is closed): such a move, on any position that agrees with the AND node's
    /// on the AND node's footprint, is covered too. Otherwise the class's points must be in
    /// the AND node's footprint.
    pub(super) fn agrees_before(&self, board: &Board) -> bool {
        let z = &self.zone;
        self.ko.is_none_or(|(p, _)| !z.contains(p))
            && board.stones(Color::Black).intersection(z) == self.black.intersection(z)
            && board.stones(Color::White).intersection(z) == self.white.intersection(z)
    }

    /// Does the position on `board` agree with this one on the footprint (contents, the ko
    /// point where it lies in it, the pass flag)?
    pub(super) fn covers(&self, board: &Board, passed: bool) -> bool {
        let z = &self.zone;
        let ko_in = |ko: Option<(Point, Color)>| ko.filter(|(p, _)| z.contains(*p));
        passed == self.passed
            && board.stones(Color::Black).intersection(z) == self.black.intersection(z)
            && board.stones(Color::White).intersection(z) == self.white.intersection(z)
            && ko_in(board.ko()) == ko_in(self.ko)
    }
}
