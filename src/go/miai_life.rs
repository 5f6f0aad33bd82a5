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
//! # Pairs
//! A region `V` touched by the blocks of one chain only is also vital to it with *pairs*
//! ([`pairs::pair_vital`]): every point of `V` beside no `d` stone (an *interior* point), empty
//! or the opponent's, has a pair — two of its neighbours that are empty, beside a `d` stone and
//! no link point — with no point in two pairs, and some point of `V` is neither a link point
//! nor a pair point (no answer fills it). Such a `V`
//! may hold link points (it is spent), and it may have no interior point at all. The
//! strategy adds: when the opponent plays one point of a pair while the pair's interior point
//! and its other point are empty, play the other. In the
//! argument above such a `V` keeps this invariant in place of "`V`'s empty points are
//! liberties": *every empty point of `V` is beside a stone of the chain, or an interior point
//! whose two pair points are empty* (the stones of the chain: its blocks and the answers, each
//! of which joins a block of it, since a pair or link point is beside one).
//! - It holds at the start. An opponent move on a pair point whose interior point is empty is
//!   answered on the other, which that interior point is beside; a move on an interior point
//!   fills it; a move on a pair point whose interior point is taken leaves the invariant to
//!   the captures below; a link's answer fills a link point, which is no pair point. (Where
//!   the argument above reads "a link point is never in `V`", for such a `V` read this.)
//! - Only the defender's answers capture (in their own region: an answer's opponent
//!   neighbours lie in it). A block `B` captured in `V` had the answer's point `c` as its only
//!   liberty. A point `y` it frees is beside a `d` stone — every point that was beside one at
//!   the start still is, no stone of the chain being captured — or an interior point, with its
//!   pair; each of `y`'s pair points, a neighbour of `y`, was then `c` (an empty neighbour of
//!   `B` is a liberty of `B`: now a `d` stone beside `y`), a stone of `B` (freed, empty) or a `d`
//!   stone. So `y` is beside a `d` stone or both its pair points are empty.
//! - So while `V` has an empty point it has an empty liberty of the chain (an interior point's
//!   pair points are such liberties), which is all the capture case above reads of `V`; the
//!   opponent cannot fill `V`'s last empty point, as above, and neither can an answer (a
//!   link's or a pair's) without capturing: `V` has a point `z` no answer fills, which is then
//!   an opponent stone whose block, in `V`, had only the answer's point as its liberty. (The
//!   region of a lone link point shows why `z` is needed: the opponent plays the link's other
//!   point, and the answer fills the region.)
//!
//! An answer on a pair point is legal: the point is empty, the new block has the empty
//! interior point as a liberty, and a pair is answered once (its point stays a `d` stone), so
//! the position after it is new. Benson-vital regions get no answer: no link or pair point
//! lies in them, and an answer captures only in its own region.
//!
//! # Two eyes from one region
//! A region `V` that is not spent and is touched by the blocks of one chain only *gives two
//! eyes* ([`split::split_answers`]) when it has two empty points beside `d` stones and for every
//! empty point `x` of `V` where an opponent stone is no suicide there is an *answer* `y`: an
//! empty point of `V` beside a `d` stone, with an empty neighbour in `V` once `x` is played (or
//! capturing), such that with `x` and `y` played two of the regions left in `V` are vital by
//! pairs (above, with the pairs found then). In the fixed point `V` counts as two vital regions
//! of its chain. The strategy adds: at the opponent's first move `x` in `V`, play `y(x)`;
//! then play the two regions' pairs. Why it keeps the argument above:
//! - Until the opponent plays in `V`, `V` is *untouched*: no answer lies in it (no link point;
//!   the pairs of other regions lie in them) and no answer elsewhere captures in it (an
//!   answer's opponent neighbours lie in its own region), so its points hold what they held at
//!   the start. Its two empty points beside `d` stones are then two liberties of the chain's
//!   blocks — what the capture case above needs of two vital regions — and no move fills its
//!   last empty point.
//! - An opponent move in `V` is legal only where it was no suicide at the start (its neighbours
//!   in `V` are as at the start, and it captures no stone of the chain: the capture case). Its
//!   answer is legal (empty, with a liberty, on a point never played before, so no ko ban or
//!   repetition refuses it), it joins a block of the chain, and the two regions it leaves are
//!   vital by pairs *from then on*: the section above, read with that position as the start
//!   (their points beside `d` stones, their interior points and the opponent's stones are what
//!   the rule read after `x` and `y`, `V` having been untouched before).
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
//! none. Nor does a pair's or a split's answer: a region with pairs has an interior point, so
//! it is no safe region, and a split's region is never counted as territory (its answers and
//! the fills would share it).
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

mod pairs;
mod split;

use pairs::pair_vital;
pub use pairs::Pair;
pub use split::{Split, SplitAnswer};

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
    /// The pairs of the strategy (in the vital regions of the chains gained).
    pub pairs: Vec<Pair>,
    /// The regions of the chains gained that give two eyes, with their answers.
    pub splits: Vec<Split>,
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
    /// Has an empty point beside no stone of the colour (vital to nothing without pairs).
    open: bool,
    /// Its points beside a stone of the colour.
    walled: Zone,
}

/// The board's blocks and regions for one colour.
struct Layout {
    blocks: Vec<Zone>,
    liberties: Vec<Zone>,
    regions: Vec<Region>,
    /// Per region: the answers that split it into two eyes (`split::split_answers`).
    splits: Vec<Option<Vec<SplitAnswer>>>,
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
                walled: r.points.intersection(&beside_own),
            }
        })
        .collect::<Vec<Region>>();
    let splits = regions
        .iter()
        .map(|r| split::split_answers(board, life.color, &r.points))
        .collect();
    Layout {
        blocks,
        liberties,
        regions,
        splits,
    }
}

/// The chains left by Benson's fixed point on the chains of `links`.
struct Alive {
    /// Their stones.
    stones: Zone,
    /// Their links' points and their healthy vital regions.
    support: Zone,
    /// The pairs of the healthy vital regions of the chains gained.
    pairs: Vec<Pair>,
    /// Their regions that give two eyes.
    splits: Vec<Split>,
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
    // Each region's chains (touching, vital to); a region giving two eyes is entered twice
    // (`source`: the region of each entry).
    let mut touching: Vec<Vec<usize>> = Vec::new();
    let mut vital_to: Vec<Vec<usize>> = Vec::new();
    let mut source: Vec<usize> = Vec::new();
    let mut region_pairs: Vec<Vec<Pair>> = Vec::new();
    let mut two_eyes = vec![false; layout.regions.len()];
    for (i, r) in layout.regions.iter().enumerate() {
        let mut t: Vec<usize> = r.touching.iter().map(|&b| chain[b]).collect();
        t.sort_unstable();
        t.dedup();
        let mut pairs = Vec::new();
        let spent_here = r.points.intersects(&spent);
        let mut v: Vec<usize> = if spent_here {
            Vec::new()
        } else {
            t.iter()
                .copied()
                .filter(|&c| r.empties.is_subset(&chain_liberties[c]))
                .collect()
        };
        if t.len() == 1 && !spent_here && layout.splits[i].is_some() {
            two_eyes[i] = true;
            v = t.clone();
            touching.push(t.clone());
            vital_to.push(v.clone());
            source.push(i);
        } else if v.is_empty() && t.len() == 1 {
            if let Some(p) = pair_vital(&r.points, &r.empties, &r.walled, &spent) {
                pairs = p;
                v = t.clone();
            }
        }
        touching.push(t);
        vital_to.push(v);
        source.push(i);
        region_pairs.push(pairs);
    }
    // Only the roots stand for their chains (no region touches another unit).
    let (alive, healthy) = fixed_point(n, source.len(), |e| &touching[e], |e| &vital_to[e]);
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
    let mut pairs = Vec::new();
    let mut splits = Vec::new();
    let mut done = vec![false; layout.regions.len()];
    for (e, &r) in source.iter().enumerate() {
        if done[r] || !healthy[e] || !vital_to[e].iter().any(|&c| gained[c]) {
            continue;
        }
        done[r] = true;
        let region = &layout.regions[r];
        support.union_with(&region.points);
        pairs.extend_from_slice(&region_pairs[r]);
        if two_eyes[r] {
            if let Some(answers) = &layout.splits[r] {
                splits.push(Split {
                    region: region.points,
                    answers: answers.clone(),
                });
            }
        }
    }
    Alive {
        stones,
        support,
        pairs,
        splits,
    }
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
        pairs: alive.pairs,
        splits: alive.splits,
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
    // The regions where the strategy answers inside (a split's; a pair's region has an
    // interior point, so it is never beside every block): no fills there.
    let answered = life
        .splits
        .iter()
        .fold(Zone::new(), |acc, s| acc.union(&s.region));
    // The territory's regions (distinct regions are never beside each other).
    let mut territory = Zone::new();
    let mut rest = statics.territory;
    while let Some(p) = rest.first() {
        let mut seed = Zone::new();
        seed.insert(p);
        let region = seed.flood(&rest, board.size());
        rest = rest.difference(&region);
        let safe_region =
            beside_every_block(board, color, &region) && !region.intersects(&answered);
        if !region.intersects(&life.support) || safe_region {
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
