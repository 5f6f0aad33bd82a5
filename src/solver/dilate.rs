//! Zone dilation: grow a zone until the consistent-replay conditions CR-1..CR-3 hold (RZS paper,
//! appendix "Zone Dilation"), so that every position with the same pattern inside the zone is
//! won by replaying the same proof (Lemma 1).
//!
//! Rules, applied until nothing changes:
//! - **Whole blocks**: a block with a stone in the zone is in the zone entirely.
//! - **DL-1**: every block in the zone keeps a liberty inside the zone (the lowest liberty is
//!   added when it has none). With it no single move outside the zone can capture a zone block.
//! - **OR capture** (CR-3, [`dilate_or`]): when the winning move captures, the captured blocks,
//!   everything around them (the OR blocks surrounding them) and the neighbours of the move are
//!   added, so that the same move captures the same stones (and is or is not a ko capture) in
//!   every position with the same pattern.
//! - **AND border** (CR-2 and the capture side of CR-1, [`dilate_and`]): an OR block in the zone
//!   with two or more liberties gets two of them into the zone (one AND move can then capture it
//!   neither inside nor outside); an OR block in atari gets its liberty and every point around it
//!   (the AND blocks surrounding it), so the capture at that liberty happens in every position
//!   with the same pattern.
//! - **AND suicide** (CR-1, [`dilate_and`]): for a point of the zone where the AND player may not
//!   play, the neighbours of that point are added; for a suicide also everything around the AND
//!   blocks next to it (the OR blocks surrounding them); for a refused ko capture also the stone
//!   it would capture and its neighbours. Illegal moves then stay illegal in every position with
//!   the same pattern.
//! - **Decisive stone** (goal `live` only): the zone holds a crucial defender stone of the
//!   position, so no position with the same pattern has lost every crucial stone already.

use crate::go::{Board, Color, Move, Point, Zone};

/// Why the AND player may not play on an empty point of the region.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AndIllegal {
    Suicide,
    /// The simple-ko point.
    KoBan,
    /// A ko capture of the stone on `captured`, refused by the AND player's ko rule.
    KoCapture {
        captured: Point,
    },
}

/// The points next to `z` (not in it).
fn around(z: &Zone, size: usize) -> Zone {
    z.grow(size).difference(z)
}

/// The neighbours of `p` on the board.
fn neighbours(p: Point, size: usize) -> Zone {
    let mut z = Zone::new();
    z.insert(p);
    around(&z, size)
}

/// Whole blocks and DL-1 on `board`, to a fixed point. Returns whether `z` grew.
pub fn close(board: &Board, z: &mut Zone) -> bool {
    let start = *z;
    loop {
        let before = *z;
        let mut done = Zone::new();
        for p in before.iter() {
            if board.is_empty(p) || done.contains(p) {
                continue;
            }
            let block = board.block_stones(p);
            done.union_with(&block);
            z.union_with(&block);
            let libs = board.liberties(p);
            if !libs.intersects(z) {
                if let Some(l) = libs.first() {
                    z.insert(l);
                }
            }
        }
        if *z == before {
            return *z != start;
        }
    }
}

/// The decisive-stone rule: when `crucial_defender` (the defender's stones on crucial points of
/// `board`) is not empty and misses `z`, add the block of its lowest stone.
fn keep_decisive_stone(board: &Board, z: &mut Zone, crucial_defender: &Zone) {
    if crucial_defender.is_empty() || crucial_defender.intersects(z) {
        return;
    }
    if let Some(p) = crucial_defender.first() {
        z.union_with(&board.block_stones(p));
    }
}

/// The zone of an OR node won by `mv` whose child has the zone `child`: `board` is the OR node's
/// position (OR to move; the move is played and taken back here). `crucial_defender` is empty
/// unless the decisive-stone rule applies (see the module documentation).
pub fn dilate_or(
    board: &mut Board,
    or: Color,
    mv: Move,
    child: &Zone,
    crucial_defender: &Zone,
) -> Zone {
    let size = board.size();
    let mut z = *child;
    board.play_recorded(or, mv);
    if let Move::Play(m) = mv {
        z.insert(m);
        let captured = board.last_captures();
        if !captured.is_empty() {
            z.union_with(&captured);
            z.union_with(&around(&captured, size));
            z.union_with(&neighbours(m, size));
        }
    }
    loop {
        let mut grew = close(board, &mut z);
        board.undo();
        grew |= close(board, &mut z);
        keep_decisive_stone(board, &mut z, crucial_defender);
        board.play_recorded(or, mv);
        grew |= close(board, &mut z);
        if !grew {
            break;
        }
    }
    board.undo();
    z
}

/// The zone of an AND node (AND player `and` to move on `board`) whose searched children have the
/// zones united in `union`. `illegal` lists the region's empty points where the AND player may not
/// play, with the reason.
pub fn dilate_and(
    board: &Board,
    and: Color,
    union: &Zone,
    illegal: &[(Point, AndIllegal)],
    crucial_defender: &Zone,
) -> Zone {
    let size = board.size();
    let or = and.opponent();
    let mut z = *union;
    loop {
        let before = z;
        close(board, &mut z);
        keep_decisive_stone(board, &mut z, crucial_defender);
        // Border rule for the OR blocks of the zone.
        let mut done = Zone::new();
        for p in z.intersection(&board.stones(or)).iter() {
            if done.contains(p) {
                continue;
            }
            let block = board.block_stones(p);
            done.union_with(&block);
            let libs = board.liberties(p);
            if libs.len() == 1 {
                z.union_with(&around(&block, size));
            } else {
                let mut inside = libs.intersection(&z).len();
                for l in libs.iter() {
                    if inside >= 2 {
                        break;
                    }
                    if z.insert(l) {
                        inside += 1;
                    }
                }
            }
        }
        // Suicide and ko rules for the AND player's illegal points in the zone.
        for &(g, why) in illegal {
            if !z.contains(g) {
                continue;
            }
            z.union_with(&neighbours(g, size));
            match why {
                AndIllegal::Suicide => {
                    for n in neighbours(g, size).iter() {
                        if board.color_at(n) == Some(and) {
                            z.union_with(&around(&board.block_stones(n), size));
                        }
                    }
                }
                AndIllegal::KoBan => {}
                AndIllegal::KoCapture { captured } => {
                    z.insert(captured);
                    z.union_with(&neighbours(captured, size));
                }
            }
        }
        if z == before {
            return z;
        }
    }
}
