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

use crate::go::{Benson, Board, Color, Zone};

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
