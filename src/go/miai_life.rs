//! Life under alternating play with miai connections: Benson's algorithm ([`super::benson`]) run
//! on *chains* of blocks joined by *links* — two blocks of the defender with two common empty
//! liberties, which the defender keeps connected by answering a play on one with a play on the
//! other (the classic miai of a bamboo joint or a double connection). Van der Werf's and Müller's
//! static rules for safety under alternating play rest on such strategies (Niu & Müller, Safety
//! Solver 2.0, §1.2: the "Static" line of their Fig. 10, 85 points a game against Benson's 46);
//! this module is the product's own form of the link rule, with the argument below.
//!
//! # The rule
//! For the defender `d`: a *link* is two blocks `B1 ≠ B2` of `d` and two distinct empty points
//! `p`, `q`, each a liberty of both. A set of links is *admissible* when no point is in two of
//! its links. Given one, the *chains* are the classes of blocks joined by links (transitively).
//! The regions are Benson's (maximal connected sets of points without a `d` stone); a region
//! holding a link point is *spent* and never counts as vital. A region that is not spent is
//! *vital* to a chain when every empty point of it is a liberty of some block of the chain.
//! Then Benson's fixed point on chains: drop every chain with fewer than two vital regions among
//! the remaining regions, drop every region touching a block of a dropped chain, repeat. The
//! blocks of the chains left are *safe under alternating play*: with the opponent to move, the
//! defender keeps every one of them on the board for ever by the *link strategy* — when the
//! opponent plays one point of a link whose other point is empty, play the other; otherwise
//! pass (or, with the static territory below, fill).
//!
//! # Why the strategy keeps them
//! Write `K` for a chain left, `V` for one of its (at least two) vital regions. Points of a
//! link are never in `V` (it is not spent), nor beside it (a point beside `V` without a `d`
//! stone would be in `V`), so the defender's answers never touch `V` or its opponent blocks:
//! no opponent stone in `V` is ever captured, and `V`'s empty points only decrease, each of
//! them a liberty of `K`'s blocks. The boundary of `V` consists of blocks of chains left.
//! Take the first opponent move that captures a block of a chain left or fills the last empty
//! point of such a region `V`.
//! - *A capture.* The block captured, `M`, holds the original blocks the defender's answers
//!   have joined (with the answering stones). If some block in `M` has a link of the strategy
//!   whose points are both empty, `M` had both as liberties, and one move takes one. Otherwise every
//!   link of the chain reaching `M` has been answered and `M` holds the whole chain `K`, whose
//!   two vital regions each still have an empty point (the move is the first to fill one): two
//!   liberties of `M`, of which one move takes one. Either way `M` is not captured.
//! - *The last empty point of `V`.* The block of the move lies in `V` (every neighbour of `V`
//!   is a defender stone) and has no liberty left, so the move is suicide unless it captures a
//!   block beside `V` — a block of a chain left, which the first case shows it cannot.
//!
//! The defender's answer on `q` is legal: it is empty (every earlier position had it empty: an
//! answered link is never answered again), so no ko ban or repetition forbids it, and the block
//! it makes keeps a liberty (by the same two cases). So no stone of a chain left is ever
//! captured, whatever the opponent plays and for as long as the game lasts; with the defender
//! to move, a pass gives the same position with the opponent to move.
//!
//! Unconditional life is the case of no links. A UCA block stays alive whatever the opponent
//! plays and whatever the defender plays outside its healthy vital regions (a defender move
//! beside such a region would be in it); no link point is taken from those regions, so
//! [`miai_life`] gives the union of the UCA blocks and the blocks of the chains left, both
//! kept by the link strategy.
//!
//! # With the static territory
//! [`MiaiLife::support`] is what the gained chains rest on: their links' points and every
//! healthy region vital to them. The territory of [`super::safe_points`] is kept by *fills*
//! (defender plays on liberties of opponent blocks inside safe and sealed regions of UCA
//! blocks). A territory region counts with the stones of [`MiaiLife::safe`]
//! ([`miai_safe_points`]) when it is outside the support, or a *safe* region (every point beside
//! every block touching it; not a sealed one):
//! - outside the support, its fills touch no vital region of a gained chain and no link point;
//! - in a safe region `V` vital to a chain, fills keep the argument above: a fill on `V`'s last
//!   empty point takes the last liberty of the opponent block it fills (whose liberties are all
//!   in `V`), so it captures, and the points freed are beside every block touching `V`, so
//!   `V` keeps an empty point that is a liberty of the chain; the opponent's stones in `V` are
//!   captured by fills only.
//!
//! A link answer never falls in (or beside) a counted territory region: a safe region is vital
//! to its UCA blocks, where no link point is taken, and a region outside the support holds
//! none.
//!
//! # Which links
//! No link point lies in a healthy vital region of a UCA block. Spending a region costs its
//! vitality, so the links are chosen greedily: first every link
//! whose two points lie in *open* regions (with an empty point beside no `d` stone, which are
//! vital to no chain whatever the links), then, one by one in a fixed order, each other
//! candidate that makes more stones safe. Every choice is deterministic (ascending points).

use super::benson::{benson, fixed_point, Benson};
use super::board::Board;
use super::color::Color;
use super::point::Point;
use super::safe_points::{safe_points, SafePoints};
use super::zone::Zone;

/// A link: two blocks of the defender (indices into [`MiaiLife::blocks`]) kept connected by
/// the miai of two common liberties.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Link {
    pub blocks: [usize; 2],
    pub points: [Point; 2],
}

/// The analysis of one colour.
#[derive(Clone, Debug)]
pub struct MiaiLife {
    pub color: Color,
    /// The colour's blocks in ascending order of their lowest point.
    pub blocks: Vec<Zone>,
    /// The links of the strategy.
    pub links: Vec<Link>,
    /// The stones kept by the link strategy (the unconditionally alive ones included).
    pub safe: Zone,
    /// The unconditionally alive stones (Benson's, for comparison).
    pub unconditional: Zone,
    /// What the strategy of the stones gained rests on: its link points and the vital regions
    /// of its chains (a caller combining it with other strategies keeps their moves off these).
    pub support: Zone,
}

impl MiaiLife {
    /// The stones safe under alternating play that are not unconditionally alive.
    pub fn gained(&self) -> Zone {
        self.safe.difference(&self.unconditional)
    }

    /// The points of the strategy's links.
    pub fn link_points(&self) -> Zone {
        let mut z = Zone::new();
        for l in &self.links {
            z.insert(l.points[0]);
            z.insert(l.points[1]);
        }
        z
    }
}

/// One region of the colour: its points, empty points and the blocks beside it.
struct Region {
    points: Zone,
    empties: Zone,
    touching: Vec<usize>,
    /// Has an empty point beside no stone of the colour (vital to nothing).
    open: bool,
}

/// The board's blocks and regions for one colour.
struct Layout {
    blocks: Vec<Zone>,
    liberties: Vec<Zone>,
    regions: Vec<Region>,
}

/// The blocks and regions of Benson's analysis `life` of `board`, with what the link rule
/// reads of them.
fn layout(board: &Board, life: &Benson) -> Layout {
    let size = board.size();
    let empty = board.empty_points();
    let beside_own = board.stones(life.color).grow(size);
    let blocks: Vec<Zone> = life.blocks.iter().map(|b| b.stones).collect();
    let liberties = blocks
        .iter()
        .map(|b| b.grow(size).intersection(&empty))
        .collect();
    let regions = life
        .regions
        .iter()
        .map(|r| {
            let empties = r.points.intersection(&empty);
            Region {
                points: r.points,
                empties,
                touching: r.touching.clone(),
                open: !empties.difference(&beside_own).is_empty(),
            }
        })
        .collect();
    Layout {
        blocks,
        liberties,
        regions,
    }
}

/// The chains left by Benson's fixed point on the chains of `links`.
struct Alive {
    /// Their stones.
    stones: Zone,
    /// Their links' points and their healthy vital regions.
    support: Zone,
}

/// Benson's fixed point on the chains of `links`.
fn chains_alive(layout: &Layout, links: &[Link], unconditional: &Zone) -> Alive {
    let n = layout.blocks.len();
    // Union-find of the blocks joined by links.
    let mut parent: Vec<usize> = (0..n).collect();
    fn root(parent: &mut [usize], mut b: usize) -> usize {
        while parent[b] != b {
            parent[b] = parent[parent[b]];
            b = parent[b];
        }
        b
    }
    let mut spent = Zone::new();
    for l in links {
        let (a, b) = (
            root(&mut parent, l.blocks[0]),
            root(&mut parent, l.blocks[1]),
        );
        if a != b {
            parent[a.max(b)] = a.min(b);
        }
        spent.insert(l.points[0]);
        spent.insert(l.points[1]);
    }
    let chain: Vec<usize> = (0..n).map(|b| root(&mut parent, b)).collect();
    let mut chain_liberties = vec![Zone::new(); n];
    for b in 0..n {
        chain_liberties[chain[b]].union_with(&layout.liberties[b]);
    }
    // Each region's chains (touching, vital to).
    let mut touching: Vec<Vec<usize>> = Vec::new();
    let mut vital_to: Vec<Vec<usize>> = Vec::new();
    for r in &layout.regions {
        let mut t: Vec<usize> = r.touching.iter().map(|&b| chain[b]).collect();
        t.sort_unstable();
        t.dedup();
        let v = if r.points.intersects(&spent) {
            Vec::new()
        } else {
            t.iter()
                .copied()
                .filter(|&c| r.empties.is_subset(&chain_liberties[c]))
                .collect()
        };
        touching.push(t);
        vital_to.push(v);
    }
    // Only the roots stand for their chains (no region touches another unit).
    let (alive, healthy) = fixed_point(n, layout.regions.len(), |r| &touching[r], |r| &vital_to[r]);
    let mut stones = Zone::new();
    for b in 0..n {
        if alive[chain[b]] {
            stones.union_with(&layout.blocks[b]);
        }
    }
    // The chains left that are more than unconditionally alive blocks.
    let mut gained = vec![false; n];
    for b in 0..n {
        if alive[chain[b]] && !layout.blocks[b].is_subset(unconditional) {
            gained[chain[b]] = true;
        }
    }
    let mut support = Zone::new();
    for l in links.iter().filter(|l| gained[chain[l.blocks[0]]]) {
        support.insert(l.points[0]);
        support.insert(l.points[1]);
    }
    for (r, region) in layout.regions.iter().enumerate() {
        if healthy[r] && vital_to[r].iter().any(|&c| gained[c]) {
            support.union_with(&region.points);
        }
    }
    Alive { stones, support }
}

/// The links that may be chosen: for each two blocks with two common empty liberties or more
/// outside `forbidden`, the first two such points in ascending order whose regions are open, or
/// else the first two; `free` tells which kind each is.
fn candidates(layout: &Layout, forbidden: &Zone) -> Vec<(Link, bool)> {
    let open_points = layout
        .regions
        .iter()
        .filter(|r| r.open)
        .fold(Zone::new(), |acc, r| acc.union(&r.empties));
    let mut out = Vec::new();
    for i in 0..layout.blocks.len() {
        for j in i + 1..layout.blocks.len() {
            let common = layout.liberties[i]
                .intersection(&layout.liberties[j])
                .difference(forbidden);
            if common.len() < 2 {
                continue;
            }
            let open = common.intersection(&open_points);
            let (points, free): (Vec<Point>, bool) = if open.len() >= 2 {
                (open.iter().take(2).collect(), true)
            } else {
                (common.iter().take(2).collect(), false)
            };
            out.push((
                Link {
                    blocks: [i, j],
                    points: [points[0], points[1]],
                },
                free,
            ));
        }
    }
    out
}

/// The stones of `color` on `board` safe under alternating play by a link strategy (the
/// module documentation: the rule, why it holds, which links).
pub fn miai_life(board: &Board, color: Color) -> MiaiLife {
    let life = benson(board, color);
    let layout = layout(board, &life);
    let unconditional = life.alive_stones();
    // The healthy vital regions of the unconditionally alive blocks: no answer goes there.
    let forbidden = life
        .regions
        .iter()
        .filter(|r| r.healthy && !r.vital_to.is_empty())
        .fold(Zone::new(), |acc, r| acc.union(&r.points));
    let mut used = Zone::new();
    let mut links: Vec<Link> = Vec::new();
    let all = candidates(&layout, &forbidden);
    let disjoint =
        |l: &Link, used: &Zone| !used.contains(l.points[0]) && !used.contains(l.points[1]);
    for (l, _) in all.iter().filter(|(_, free)| *free) {
        if disjoint(l, &used) {
            used.insert(l.points[0]);
            used.insert(l.points[1]);
            links.push(*l);
        }
    }
    let mut alive = chains_alive(&layout, &links, &unconditional);
    for (l, _) in all.iter().filter(|(_, free)| !*free) {
        if !disjoint(l, &used) {
            continue;
        }
        links.push(*l);
        let more = chains_alive(&layout, &links, &unconditional);
        if more.stones.len() > alive.stones.len() {
            alive = more;
            used.insert(l.points[0]);
            used.insert(l.points[1]);
        } else {
            links.pop();
        }
    }
    // Only the links of the gained chains are part of the strategy (their points are in the
    // support; a link between unconditionally alive blocks needs no answer).
    links.retain(|l| alive.support.contains(l.points[0]));
    MiaiLife {
        color,
        blocks: layout.blocks,
        links,
        safe: alive.stones.union(&unconditional),
        unconditional,
        support: alive.support,
    }
}

/// The points of `color` safe under alternating play without search: the stones of
/// [`miai_life`] and the territory of [`safe_points`] outside its support (the module
/// documentation, "With the static territory"); [`safe_points`] itself when that is more.
pub fn miai_safe_points(board: &Board, color: Color) -> SafePoints {
    miai_safe_points_from(board, &safe_points(board, color))
}

/// [`miai_safe_points`] from the colour's [`safe_points`] on `board`, already computed.
pub fn miai_safe_points_from(board: &Board, statics: &SafePoints) -> SafePoints {
    let color = statics.color;
    let life = miai_life(board, color);
    if life.gained().is_empty() {
        return statics.clone();
    }
    // The territory's regions (distinct regions are never beside each other).
    let mut territory = Zone::new();
    let mut rest = statics.territory;
    while let Some(p) = rest.first() {
        let mut seed = Zone::new();
        seed.insert(p);
        let region = seed.flood(&rest, board.size());
        rest = rest.difference(&region);
        if !region.intersects(&life.support) || beside_every_block(board, color, &region) {
            territory.union_with(&region);
        }
    }
    let linked = SafePoints {
        color,
        stones: life.safe,
        territory,
    };
    if linked.count() > statics.count() {
        linked
    } else {
        statics.clone()
    }
}

/// Is every point of `region` beside every block of `color` touching it (a safe region of
/// [`super::safe_points`]'s point 2, rather than a sealed one)?
fn beside_every_block(board: &Board, color: Color, region: &Zone) -> bool {
    let size = board.size();
    let touching = region.grow(size).intersection(&board.stones(color));
    let every = board
        .blocks_of(&touching)
        .all(|(_, stones)| region.is_subset(&stones.grow(size)));
    every
}

#[cfg(test)]
pub(crate) mod tests;
