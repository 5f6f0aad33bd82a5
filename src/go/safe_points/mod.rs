//! Static safe points: the points of a board proven safe for a colour without search, from
//! Benson's unconditional life ([`super::benson`]; Benson 1976). They are the product's first
//! measure of whole-board safety (the "Benson" line of Niu & Müller, Safety Solver 2.0, §6), the
//! baseline the open-boundary safety search is to improve on.
//!
//! # What counts
//! For a colour `d` (the defender) the safe points are
//! 1. the stones of `d`'s unconditionally alive (UCA) blocks, and
//! 2. every point of each *safe region*: a Benson region `R` of `d` (a maximal connected set of
//!    points without a `d` stone) such that
//!    - `R` touches at least one `d` block, and every `d` block touching it is UCA (Benson's
//!      *healthy* region), and
//!    - every point of `R` (empty or an opponent stone) is beside every `d` block touching `R`.
//!
//!    Such a region is vital to each block touching it (each of its empty points is a liberty of
//!    each), so it is one of Benson's vital regions of UCA blocks; it may hold opponent stones.
//! 3. every point of each *sealed region*: a Benson region `R` of `d` such that
//!    - `R` touches at least one `d` block, and every `d` block touching it is UCA, and
//!    - `R` is vital to none of them (each has an empty point of `R` that is not its liberty), and
//!    - its *inner points* (the points of `R` beside no `d` stone) are at most two, and two only
//!      when they are beside each other.
//!
//!    The territories along a wall one point deep, with a cutting point or two inside.
//!
//! Erring on the side of fewer points, a healthy vital region with a point away from one of its
//! blocks is not counted: not an eye space of two points shared by two blocks, nor an enclosed
//! territory with inner points (where the opponent might live, which only a search decides).
//!
//! # Why each counted point is safe under any play
//! "Safe" means: whatever the opponent plays, the defender can answer so that no stone of point 1
//! is ever captured and every opponent stone ever played in a safe region can be captured, so
//! that the opponent owns none of these points at the end. Inside the healthy vital regions of
//! its UCA blocks the defender plays only *fills*: in a safe region `R`, a play on a liberty of
//! an opponent block in `R` (elsewhere on the board it may play anything).
//! - A fill in `R` is beside every boundary block of `R` (second condition), so it joins all of
//!   them into one group, and every point of `R`, now or later, stays beside that group.
//! - No defender group holding a UCA block is ever captured, fills included. Take the first move
//!   that would capture one, `G`, holding the UCA block `B`. `B` has two healthy vital regions; at
//!   most one holds the capturing point. The other, `V`, holds an empty point after the move: no
//!   one plays the last empty point of a region without capturing (an opponent block in `V` has
//!   its liberties in `V`, so the opponent's stone there would capture or be suicide, and a fill
//!   there captures the block whose liberty it takes), and the only capture before this first one
//!   would be of an opponent block, which empties points. If `V` is a safe region, that empty
//!   point is beside `G` (every point of `V` is beside `B`); if not, the defender never plays in
//!   `V` and no opponent stone in `V` is ever captured, so `V`'s empty points are among its
//!   first ones, all liberties of `B`. Either way `G` keeps a liberty: no capture.
//! - So every fill is legal (its group keeps a liberty) and permanent, the boundary stones of a
//!   safe region are permanent, and every point of `R` always has a permanent defender stone
//!   beside it: the opponent can never make an eye in `R` (an eye point has only the opponent's
//!   stones beside it), and each of its blocks there has liberties only on points of `R`, which
//!   the defender can fill one by one until the block is captured. No seki is possible either:
//!   every liberty the opponent shares with the defender may be filled.
//!
//! **Sealed regions** (point 3). The defender plays in a sealed region `R` only fills of its
//! points beside its stones, and at the end the inner points. `R` is vital to no block, so
//! none of these plays is in a vital region of a UCA block: the argument above ("elsewhere it
//! may play anything") keeps every group holding a UCA block uncaptured, and a fill beside a
//! stone of `R`'s boundary joins such a group, so it is legal and permanent. An eye of the
//! opponent is enclosed by its own stones, so none of its points is beside a permanent defender
//! stone: every eye the opponent can make in `R` lies in its inner points, and two eyes would
//! need two inner points not beside each other — at most one eye. So the opponent never lives in
//! `R`. Nor can it keep stones there: the defender fills every point of `R` beside its stones
//! (each fill is permanent; a fill taking the last liberty of an opponent block captures it, and
//! the freed points are filled in turn: the points of `R` without a permanent defender stone
//! only decrease), after which every opponent stone in `R` is on an inner point, with liberties
//! on inner points only: an inner point left empty is played by the defender, capturing what is
//! beside it, and joins the permanent stones (each inner point has a neighbour in `R` that is not
//! inner, a board point having at least two neighbours). No ko arises (the defender's stones
//! there are never captured) and nothing is urgent (the opponent can neither live nor capture
//! there in the meantime).
//!
//! The opponent's stones inside are therefore dead stones, and safe regions of the two colours
//! never meet (a UCA opponent block inside `R` would have its two vital regions joined through
//! one of `R`'s boundary blocks, beside every point of `R`; `properties.rs` checks on random
//! positions that the two colours' safe points are disjoint).

use super::benson::{benson, Benson, Region};
use super::board::Board;
use super::color::{ByColor, Color};
use super::zone::Zone;

/// The points proven safe for one colour without search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SafePoints {
    /// Whose points these are.
    pub color: Color,
    /// The stones of the colour's unconditionally alive blocks.
    pub stones: Zone,
    /// The points of its safe regions (empty points and the opponent's dead stones).
    pub territory: Zone,
}

impl SafePoints {
    /// Stones and territory together.
    pub fn points(&self) -> Zone {
        self.stones.union(&self.territory)
    }

    /// The number of safe points.
    pub fn count(&self) -> usize {
        self.stones.len() + self.territory.len()
    }
}

/// The static safe points of `color` on `board` (the rules are in the module documentation).
pub fn safe_points(board: &Board, color: Color) -> SafePoints {
    let life = benson(board, color);
    SafePoints {
        color,
        stones: life.alive_stones(),
        territory: safe_regions(board, &life),
    }
}

/// The static safe points of both colours.
pub fn safe_points_both(board: &Board) -> ByColor<SafePoints> {
    ByColor::new(
        safe_points(board, Color::Black),
        safe_points(board, Color::White),
    )
}

/// The union of the safe regions of `life`'s colour.
fn safe_regions(board: &Board, life: &Benson) -> Zone {
    let beside = besides(board, life);
    let mut territory = Zone::new();
    for region in &life.regions {
        if is_safe_region(life, &beside, region) {
            territory.union_with(&region.points);
        }
    }
    territory
}

/// Each block of `life` with its neighbours.
fn besides(board: &Board, life: &Benson) -> Vec<Zone> {
    let size = board.size();
    life.blocks.iter().map(|b| b.stones.grow(size)).collect()
}

/// Is `region` a safe region or a sealed region (the module documentation's points 2 and 3)?
/// `beside[b]`: block `b` with its neighbours.
fn is_safe_region(life: &Benson, beside: &[Zone], region: &Region) -> bool {
    if region.touching.is_empty() || !region.touching.iter().all(|&b| life.blocks[b].alive) {
        return false;
    }
    let beside_every = region
        .touching
        .iter()
        .all(|&b| region.points.is_subset(&beside[b]));
    beside_every || (region.vital_to.is_empty() && sealed(region, beside))
}

/// Are the inner points of `region` (beside no stone of its boundary blocks) at most two, and
/// two only when they are beside each other?
fn sealed(region: &Region, beside: &[Zone]) -> bool {
    let round = region
        .touching
        .iter()
        .fold(Zone::new(), |acc, &b| acc.union(&beside[b]));
    let inner: Vec<_> = region.points.difference(&round).iter().collect();
    match inner[..] {
        [] | [_] => true,
        [p, q] => p.neighbors().contains(&q),
        _ => false,
    }
}

/// Is every point of `targets` safe for `life`'s colour on `board` (a stone of an
/// unconditionally alive block, or a point of a safe or sealed region)? Then the zone that
/// shows it, a relevance zone of the fact (RZ-1): the UCA component ([`Benson::component`]) of
/// each such stone and of every block around each such region, with the region and every
/// point beside it. On a board agreeing with this one on the zone the region is bounded by the
/// same stones, each of its points is beside the same blocks (so its inner points and whether
/// it is vital to each are the same), and the blocks are unconditionally alive (the
/// component's own argument), so the region is safe there too. `None` when some point is not
/// safe.
pub fn safety_cover(board: &Board, life: &Benson, targets: &Zone) -> Option<Zone> {
    let beside = besides(board, life);
    let mut zone = Zone::new();
    // The points shown safe so far (a zone holds more: a point there is not safe for that).
    let mut shown = Zone::new();
    for t in targets.iter() {
        if shown.contains(t) {
            continue;
        }
        if board.color_at(t) == Some(life.color) {
            let block = life.blocks.iter().find(|b| b.stones.contains(t))?;
            zone.union_with(&life.component(t)?);
            shown.union_with(&block.stones);
            continue;
        }
        let region = life.regions.iter().find(|r| r.points.contains(t))?;
        if !is_safe_region(life, &beside, region) {
            return None;
        }
        zone.union_with(&region.points.grow(board.size()));
        for &b in &region.touching {
            zone.union_with(&life.component(life.blocks[b].stones.first()?)?);
        }
        shown.union_with(&region.points);
    }
    Some(zone)
}

/// An ASCII diagram of both colours' safe points: safe stones `X`/`O`, other stones `x`/`o`
/// (also the opponent's dead stones inside a safe region), empty points of Black's safe regions
/// `b`, of White's `w`, other empty points `.`.
pub fn safe_points_ascii(board: &Board, safe: &ByColor<SafePoints>) -> String {
    board.to_ascii_with(|p| {
        let own_safe = |c: Color| safe[c].stones.contains(p);
        Some(match board.color_at(p) {
            Some(c) if own_safe(c) => c.ascii(),
            Some(c) => c.ascii().to_ascii_lowercase(),
            None if safe.black.territory.contains(p) => 'b',
            None if safe.white.territory.contains(p) => 'w',
            None => '.',
        })
    })
}

#[cfg(test)]
pub(crate) mod properties;
#[cfg(test)]
mod tests;
