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
//!   ([`crate::solver::proof::checker_life`]);
//! - a footprint that covers other moves is first *closed* ([`closed`]): every block with a
//!   stone in it is in it with its neighbours, so a play outside it cannot capture anything in it;
//! - an AND node adds what every move it tried read and the footprints of the moves it
//!   verified. Its moves fall into classes answered alike (a null-move child, or the pass-back),
//!   given by the proof alone. When a move of a class was verified with footprint `Z` (closed on
//!   the position it was verified from) and this node's position agrees with that one on `Z`,
//!   every other play of the class outside `Z` is covered without being played: no block with a
//!   stone in `Z` touches it, so it captures nothing there and leads to a position that agrees
//!   with the verified one on `Z`. Such a move reads nothing; occupied points of a class with no
//!   such footprint, and of moves with their own child, belong to the footprint (they must stay
//!   occupied);
//! - verified positions are remembered per proof node under their footprints
//!   ([`FootprintMemo`]): a node met again on a position that agrees with a verified one on
//!   its footprint is verified.
//!
//! Leaves re-derived by their own searches (static-dead, seki, connection), goals without
//! crucial stones and positional superko read the whole board.

use crate::go::key_hasher::KeyHashing;
use crate::go::{Board, Color, Point, Zone};
use std::collections::{HashMap, HashSet};

/// What playing on `p` reads on `board` (before the play): `p`, its neighbours, and every
/// neighbouring block with its neighbours.
pub(in crate::solver) fn play_reads(board: &Board, p: Point) -> Zone {
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
pub(in crate::solver) fn closed(board: &Board, mut zone: Zone) -> Zone {
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

/// Footprints kept per proof node (a node verified from many positions under a few footprints).
const FOOTPRINTS_PER_NODE: usize = 8;

/// A footprint and the keys of the positions verified under it ([`restricted_key`]).
type Footprint = (Zone, HashSet<u64, KeyHashing>);

/// Verified positions under their footprints, by proof node: a node verified on one position
/// with footprint `F` is verified on every position that agrees with it on `F` (with the same
/// side to move and pass flag), so a position is looked up by its contents on each footprint the
/// node has.
#[derive(Default)]
pub(in crate::solver) struct FootprintMemo {
    by_node: HashMap<usize, Vec<Footprint>>,
    entries: usize,
}

impl FootprintMemo {
    /// Memory of the remembered positions, in bytes (about: a key and a control byte each, and
    /// each footprint with its set).
    pub(in crate::solver) fn bytes(&self) -> u64 {
        let sets: usize = self
            .by_node
            .values()
            .flatten()
            .map(|(_, seen)| seen.capacity() * 9 + std::mem::size_of::<Footprint>())
            .sum();
        (sets + self.by_node.capacity() * 33) as u64
    }

    /// A footprint of `node` on which the position on `board` agrees with one verified before.
    pub(in crate::solver) fn find(
        &self,
        node: usize,
        board: &Board,
        to_move: Color,
        passed: bool,
    ) -> Option<Zone> {
        let kept = self.by_node.get(&node)?;
        kept.iter()
            .find(|(zone, seen)| seen.contains(&restricted_key(board, zone, to_move, passed)))
            .map(|(zone, _)| *zone)
    }

    /// Remember that `node` was verified on `board` with footprint `zone` (while fewer than
    /// `max_entries` positions are kept and the node has room for another footprint).
    pub(in crate::solver) fn insert(
        &mut self,
        node: usize,
        zone: Zone,
        board: &Board,
        to_move: Color,
        passed: bool,
        max_entries: usize,
    ) {
        if self.entries >= max_entries {
            return;
        }
        let kept = self.by_node.entry(node).or_default();
        let key = restricted_key(board, &zone, to_move, passed);
        let seen = match kept.iter().position(|(z, _)| *z == zone) {
            Some(i) => &mut kept[i].1,
            None if kept.len() < FOOTPRINTS_PER_NODE => {
                kept.push((zone, HashSet::default()));
                &mut kept.last_mut().expect("just pushed").1
            }
            None => return,
        };
        if seen.insert(key) {
            self.entries += 1;
        }
    }
}

/// A hash of the position on `board` restricted to `zone`: its stones there, its ko point when
/// it lies there, the side to move and the pass flag. Each word goes through a full 64-bit
/// mixer (splitmix64's finaliser), so positions that differ in one stone differ in about half
/// the bits of their keys.
fn restricted_key(board: &Board, zone: &Zone, to_move: Color, passed: bool) -> u64 {
    let black = board.stones(Color::Black).intersection(zone);
    let white = board.stones(Color::White).intersection(zone);
    let ko = board
        .ko()
        .filter(|(p, _)| zone.contains(*p))
        .map_or(0, |(p, c)| {
            1 + 2 * p.index() as u64 + u64::from(c == Color::White)
        });
    let flags = u64::from(to_move == Color::White) | u64::from(passed) << 1 | ko << 2;
    // Words the zone leaves empty are empty in both colours: only the others are mixed in.
    let mut h = mix(0x243f_6a88_85a3_08d3 ^ flags);
    for (i, &z) in zone.words().iter().enumerate() {
        if z != 0 {
            h = mix(h ^ black.words()[i] ^ ((i as u64) << 58));
            h = mix(h ^ white.words()[i]);
        }
    }
    h
}

/// splitmix64's finaliser.
fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}
