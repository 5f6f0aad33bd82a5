//! Connection to safe stones (Tsumego Explorer's "connections to safe
//! stones", after Müller 1997): a crucial block that is not unconditionally alive itself but
//! has two distinct liberties in the region, each next to an unconditionally alive defender
//! stone, lives: whatever the attacker does, the defender connects it to the living stones.
//!
//! **Why it is sound** (the goals with crucial stones; for `live-any`/`kill-all` a living
//! defender stone already decides). Let `B` be the crucial block, `p` and `q` the two liberties,
//! `A_p` and `A_q` the living blocks next to them (Benson 1976, [`crate::go::benson`]).
//! - *Nothing can take `B` first.* One move fills at most one of `p` and `q`, and the living
//!   blocks are never captured, so after any attacker move (or pass) one of them, say `q`, is
//!   still empty.
//! - *The defender can play `q`.* The stone joins `A_q`, which keeps the liberties of its vital
//!   regions, so it is no suicide. It is no ko capture (a ko capture is a lone stone), and no
//!   simple-ko ban forbids it: a ban forbids a point where the attacker has just captured a lone
//!   defender stone, and `q` was empty before the attacker's move. With the defender to move at
//!   the node a ban may forbid one of `p`, `q` (the point of a stone just taken), never both.
//!   Positional superko could refuse it, so the rule is off under superko (with the static
//!   rule, [`crate::solver::GoalTest::without_static_rule`]).
//! - *Then `B` is unconditionally alive.* No healthy vital region of a living block contains
//!   `q` or touches `B`: Benson keeps a region only when every block around it lives, and `B`
//!   does not. So the living set with `A_q` grown by `q` and `B` keeps every vital region, and
//!   is still a fixed point of Benson's algorithm.
//! - *Passes.* The defender never needs to pass. An attacker pass right after a defender pass
//!   would end the game (for the attacker where seki is not life), but that node never reaches
//!   the test: its stones are its parent's, and the parent was decided by the same test first.
//!
//! **The zone**: `B`'s stones, `p`, `q`, and the UCA components of `A_p` and `A_q`
//! ([`crate::go::Benson::component`]). In any position with the same stones there, the
//! components live with the same vital regions, `B` (perhaps grown outside the zone) still has
//! `p` and `q` as liberties next to them, and the argument is the same. The checker re-derives
//! each such leaf by playing it out (`checker.rs`).
//!
//! **One eye and a connection** ([`eyes_joined_zone`], the one-eye issue's "one eye plus a
//! connection as life"): a crucial block `B` with one eye `e` (an empty point all of whose
//! neighbours are `B`'s stones) and another defender block `G` with an eye `f` of its own, `B`
//! and `G` sharing two liberties `p` and `q` in the region, lives. The argument is the one
//! above with `G` for the living stones:
//! - *Nothing can take `B` or `G` first.* Each has at least three liberties (its eye, `p`,
//!   `q`), so no attacker move captures either; a play on `e` or `f` is suicide. One move fills
//!   at most one of `p` and `q`.
//! - *The defender can play the other one*, for the same reasons as above (no suicide: it
//!   joins blocks with eyes; no ko capture; no ko ban on a point empty before the attacker's
//!   move; with the defender to move a ban forbids at most one of them; off under superko).
//! - *Then the joined block has two eyes*, `e` and `f`: each a one-point region all of whose
//!   neighbours are the block, so two vital regions (Benson), and `B`'s stones are
//!   unconditionally alive.
//!
//! Its zone: `B`'s and `G`'s stones, `e`, `f`, `p` and `q`. A position with the same contents
//! there has `e` and `f` enclosed by blocks holding those stones (already one block, or still
//! two sharing `p` and `q`), and the argument is the same. The checker plays it out as any
//! connection leaf.

use crate::go::{Benson, Board, Color, Point, Zone};

/// Might a block of `decisive` connect to safe stones: two of its liberties in `region` each
/// next to a defender stone of another block? (A cheap test before Benson's algorithm.)
pub fn may_connect(board: &Board, defender: Color, decisive: &Zone, region: &Zone) -> bool {
    for (p, block) in board.blocks_of(decisive) {
        let touching = board
            .liberties(p)
            .iter()
            .filter(|&l| region.contains(l))
            .filter(|&l| {
                l.neighbors().into_iter().any(|n| {
                    board.on_board(n) && board.color_at(n) == Some(defender) && !block.contains(n)
                })
            })
            .count();
        if touching >= 2 {
            return true;
        }
    }
    false
}

/// The zone of the smallest connection of a block of `decisive` to the living defender stones
/// of `life` (see the module documentation), if there is one.
pub fn connection_zone(
    board: &Board,
    defender: Color,
    decisive: &Zone,
    region: &Zone,
    life: &Benson,
) -> Option<Zone> {
    let mut best: Option<Zone> = None;
    for (p, block) in board.blocks_of(decisive) {
        if life.is_alive(p) {
            continue;
        }
        let mut zone = block;
        let mut links = 0;
        for l in board.liberties(p).iter().filter(|&l| region.contains(l)) {
            let safe = l.neighbors().into_iter().find(|&n| {
                board.on_board(n) && board.color_at(n) == Some(defender) && life.is_alive(n)
            });
            let Some(component) = safe.and_then(|n| life.component(n)) else {
                continue;
            };
            zone.insert(l);
            zone.union_with(&component);
            links += 1;
            if links == 2 {
                break;
            }
        }
        if links == 2 && best.is_none_or(|b| zone.len() < b.len()) {
            best = Some(zone);
        }
    }
    best
}

/// The zone of the smallest "one eye and a connection" life of a block of `decisive` (see the
/// module documentation): the block with an eye, another defender block with an eye, and two
/// shared liberties in `region`.
pub fn eyes_joined_zone(
    board: &Board,
    defender: Color,
    decisive: &Zone,
    region: &Zone,
) -> Option<Zone> {
    let mut best: Option<Zone> = None;
    for (p, block) in board.blocks_of(decisive) {
        let Some(eye) = one_point_eye(board, &block) else {
            continue;
        };
        let shared: Vec<Point> = board
            .liberties(p)
            .iter()
            .filter(|&l| region.contains(l))
            .collect();
        let mut partners: Vec<Point> = Vec::new();
        for &l in &shared {
            for n in l.neighbors() {
                if board.on_board(n)
                    && board.color_at(n) == Some(defender)
                    && !block.contains(n)
                    && !partners
                        .iter()
                        .any(|&q| board.block_id(q) == board.block_id(n))
                {
                    partners.push(n);
                }
            }
        }
        for g in partners {
            let other = board.block_stones(g);
            let links: Vec<Point> = shared
                .iter()
                .copied()
                .filter(|l| l.neighbors().into_iter().any(|n| other.contains(n)))
                .take(2)
                .collect();
            if links.len() < 2 {
                continue;
            }
            let Some(other_eye) = one_point_eye(board, &other) else {
                continue;
            };
            let mut zone = block.union(&other);
            for q in [eye, other_eye, links[0], links[1]] {
                zone.insert(q);
            }
            if best.is_none_or(|b| zone.len() < b.len()) {
                best = Some(zone);
            }
        }
    }
    best
}

/// An empty point all of whose neighbours on the board are stones of `block` (the first in
/// zone order), if any.
fn one_point_eye(board: &Board, block: &Zone) -> Option<Point> {
    let size = board.size();
    block
        .grow(size)
        .difference(block)
        .intersection(&board.empty_points())
        .iter()
        .find(|e| {
            e.neighbors()
                .into_iter()
                .filter(|&n| board.on_board(n))
                .all(|n| block.contains(n))
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::fixtures::{board, zone};

    /// Two white blocks, each with a one-point eye, sharing two liberties: the crucial one
    /// lives by joining; with one shared liberty filled, not.
    #[test]
    fn two_blocks_with_one_eye_each_and_two_links_live() {
        let b = board(
            "
            . O X . O . X
            O O X . O O X
            X X X . X X X
            . . . . . . .
            . . . . . . .
            . . . . . . .
            . . . . . . .
            ",
        );
        // Not yet: the two white blocks share no liberty.
        let region = zone(&[(3, 0), (3, 1), (3, 2), (2, 0), (2, 1), (2, 2)]);
        let crucial = zone(&[(1, 1)]);
        assert!(eyes_joined_zone(&b, Color::White, &crucial, &region).is_none());
        let joined = board(
            "
            . O . . O . X
            O O . . O O X
            X X X X X X X
            . . . . . . .
            . . . . . . .
            . . . . . . .
            . . . . . . .
            ",
        );
        let region = zone(&[(2, 0), (3, 0), (2, 1), (3, 1)]);
        // Two columns apart: no liberty is next to both blocks.
        assert!(eyes_joined_zone(&joined, Color::White, &crucial, &region).is_none());
        let linked = board(
            "
            . O . O . O X
            O O . O O O X
            X X X X X X X
            . . . . . . .
            . . . . . . .
            . . . . . . .
            . . . . . . .
            ",
        );
        let region = zone(&[(2, 0), (2, 1)]);
        let z = eyes_joined_zone(&linked, Color::White, &crucial, &region).expect("joined");
        for p in [(0, 0), (4, 0), (2, 0), (2, 1), (1, 1), (3, 1)] {
            assert!(z.contains(Point::new(p.0, p.1)), "{p:?}");
        }
        let one_link = zone(&[(2, 0)]);
        assert!(eyes_joined_zone(&linked, Color::White, &crucial, &one_link).is_none());
    }
}
