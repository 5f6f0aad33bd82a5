//! Life by links, a terminal of the goal test: Benson's fixed point run on *chains* of defender
//! blocks joined by *links* (two common liberties the defender keeps by answering a play on one
//! with the other), the form of [`crate::go::miai_life`]'s rule a search can use at every node.
//! Off by default (`SolveConfig::links`): measured, it saves few nodes for its
//! cost in node rate (BENCHMARKS, "Static life and death").
//!
//! # The rule
//! For the defender `d` and the search's region: a point `p` *links* the blocks `B1 ≠ B2` of `d`
//! when `p` is empty, in the region, a liberty of both, beside no other `d` block (*private*),
//! and its region (the connected points without a `d` stone round it) is *open*: it holds an
//! empty point beside no `d` stone. Two blocks with two such points or more are *linked*, by the
//! first two (ascending); the *chains* are the classes of linked blocks. A region is *vital* to a
//! chain when every empty point of it is a liberty of a block of the chain. Benson's fixed point
//! on chains (drop every chain with fewer than two vital regions among those left, drop every
//! region touching a dropped chain, repeat) leaves the chains *alive by links*.
//!
//! # Why they live
//! This is [`crate::go::miai_life`]'s rule with one admissible set of links: a private point
//! belongs to one pair of blocks, so no point is in two links, and a link point lies in an open
//! region, which is vital to no chain (its point beside no `d` stone is no liberty), so no vital
//! region holds one. That module's argument then shows that the *link strategy* — when the
//! attacker plays one point of a link whose other point is empty, play the other — keeps every
//! stone of the chains left on the board for ever, whatever the attacker plays anywhere. The
//! answers are plays in the region (the link points are), never ko captures (the stone joins a
//! block) nor refused by a ko ban (the point was empty at the leaf and only the defender plays
//! it later); positional superko could refuse one, so the rule is off under superko, with the
//! static rule. Where only unconditional life wins (the paper's goals), the defender reaches it:
//! when the attacker plays no link point it plays one itself, which joins the link's blocks;
//! once every link is joined each chain is one block whose vital regions are still regions of
//! `d` vital to it (no `d` stone was played in them, no empty point was filled last), so the
//! chains are unconditionally alive. The defender never passes on the way; a node reached by a
//! pass has its parent's stones, which the same test decided first. So a node where every
//! decisive block the goal needs is alive by links is a win of the defender, like Benson's life.
//! It is a terminal of the defender's claims only (the OR player defending): the zones of the
//! attacker's wins certify the absence of Benson's life, not of this.
//!
//! # The zone
//! The *witness* of a set of chains: those chains, every region vital to one of them, every
//! chain touching such a region, and so on. Its zone holds the stones of its blocks, its vital
//! regions, each of its links' two points with their neighbours, and for each link point a path
//! of points without a `d` stone from it to an empty point beside no `d` stone, with that
//! point's neighbours. A position agreeing there has the same vital regions enclosed by the same
//! stones (blocks perhaps grown outside the zone, which only adds liberties), the same link
//! points, still private (their neighbours agree), in the region and in open regions (the paths
//! agree): its chains holding the witness's chains keep the witness's vital regions, a closed
//! set of Benson's fixed point, so they are alive by links there too.

use crate::go::benson::{fixed_point, Benson};
use crate::go::point::NUM_CELLS;
use crate::go::{Board, Color, Point, Zone};
use crate::solver::knowledge::not_alive::two_vital_regions;

/// Two blocks (indices into [`Benson::blocks`]) kept connected by two private points.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Link {
    pub blocks: [usize; 2],
    pub points: [Point; 2],
}

/// The rule's analysis of one position (the defender's blocks and regions are `life`'s).
#[derive(Debug)]
pub struct LinkedLife<'a> {
    life: &'a Benson,
    /// Per point index: the block holding a defender stone there (`usize::MAX` elsewhere).
    block_at: Vec<usize>,
    /// Each block's chain (the lowest block index of the class).
    chain: Vec<usize>,
    links: Vec<Link>,
    /// Per chain representative: alive by links.
    alive: Vec<bool>,
    /// Per region: still in the set after the fixed point.
    healthy: Vec<bool>,
    /// Per region: the chains it is vital to.
    vital_to: Vec<Vec<usize>>,
    /// Per region: the chains touching it.
    touching: Vec<Vec<usize>>,
}

/// The rule on `board` for the colour of `life` (Benson's analysis of `board`), with link points
/// in `region` (the module documentation).
pub fn linked_life<'a>(board: &Board, life: &'a Benson, region: &Zone) -> LinkedLife<'a> {
    let size = board.size();
    let color = life.color;
    let n = life.blocks.len();
    let empty = board.empty_points();
    let beside_own = board.stones(color).grow(size);
    let mut block_at = vec![usize::MAX; NUM_CELLS];
    for (b, block) in life.blocks.iter().enumerate() {
        for p in block.stones.iter() {
            block_at[p.index()] = b;
        }
    }
    let open: Vec<bool> = life
        .regions
        .iter()
        .map(|r| {
            !r.points
                .intersection(&empty)
                .difference(&beside_own)
                .is_empty()
        })
        .collect();
    let open_points = life
        .regions
        .iter()
        .zip(&open)
        .filter(|(_, &o)| o)
        .fold(Zone::new(), |acc, (r, _)| acc.union(&r.points));
    // The private points of each pair of blocks, in ascending order.
    let mut pairs: Vec<([usize; 2], Vec<Point>)> = Vec::new();
    let candidates = region
        .intersection(&empty)
        .intersection(&open_points)
        .intersection(&beside_own);
    for p in candidates.iter() {
        let mut found = [usize::MAX; 2];
        let mut count = 0;
        for q in p.neighbors() {
            if !board.on_board(q) || board.color_at(q) != Some(color) {
                continue;
            }
            let b = block_at[q.index()];
            if found[..count].contains(&b) {
                continue;
            }
            if count == 2 {
                count = 3;
                break;
            }
            found[count] = b;
            count += 1;
        }
        if count != 2 {
            continue;
        }
        found.sort_unstable();
        match pairs.iter_mut().find(|(k, _)| *k == found) {
            Some((_, points)) => points.push(p),
            None => pairs.push((found, vec![p])),
        }
    }
    let links: Vec<Link> = pairs
        .into_iter()
        .filter(|(_, points)| points.len() >= 2)
        .map(|(blocks, points)| Link {
            blocks,
            points: [points[0], points[1]],
        })
        .collect();
    // Union-find of the linked blocks; the lowest index stands for its chain.
    let mut parent: Vec<usize> = (0..n).collect();
    fn root(parent: &mut [usize], mut b: usize) -> usize {
        while parent[b] != b {
            parent[b] = parent[parent[b]];
            b = parent[b];
        }
        b
    }
    for l in &links {
        let (a, b) = (
            root(&mut parent, l.blocks[0]),
            root(&mut parent, l.blocks[1]),
        );
        if a != b {
            parent[a.max(b)] = a.min(b);
        }
    }
    let chain: Vec<usize> = (0..n).map(|b| root(&mut parent, b)).collect();
    let mut chain_liberties = vec![Zone::new(); n];
    for (b, block) in life.blocks.iter().enumerate() {
        chain_liberties[chain[b]].union_with(&block.stones.grow(size).intersection(&empty));
    }
    let mut touching: Vec<Vec<usize>> = Vec::with_capacity(life.regions.len());
    let mut vital_to: Vec<Vec<usize>> = Vec::with_capacity(life.regions.len());
    for r in &life.regions {
        let mut t: Vec<usize> = r.touching.iter().map(|&b| chain[b]).collect();
        t.sort_unstable();
        t.dedup();
        let empties = r.points.intersection(&empty);
        let v: Vec<usize> = t
            .iter()
            .copied()
            .filter(|&c| empties.is_subset(&chain_liberties[c]))
            .collect();
        touching.push(t);
        vital_to.push(v);
    }
    let (alive, healthy) = fixed_point(
        n,
        life.regions.len(),
        |r| touching[r].as_slice(),
        |r| vital_to[r].as_slice(),
    );
    LinkedLife {
        life,
        block_at,
        chain,
        links,
        alive,
        healthy,
        vital_to,
        touching,
    }
}

impl LinkedLife<'_> {
    /// The index of the block holding `p`, if a defender stone is there.
    fn block_of(&self, p: Point) -> Option<usize> {
        Some(self.block_at[p.index()]).filter(|&b| b != usize::MAX)
    }

    /// Is the stone on `p` alive by links?
    pub fn is_alive(&self, p: Point) -> bool {
        self.block_of(p).is_some_and(|b| self.alive[self.chain[b]])
    }

    /// The zone of the witness of the chains holding the stones of `stones` (the module
    /// documentation), or `None` when one of them is not alive by links.
    pub fn witness(&self, board: &Board, stones: &Zone) -> Option<Zone> {
        let n = self.chain.len();
        let mut in_witness = vec![false; n];
        let mut stack = Vec::new();
        for p in stones.iter() {
            let c = self.chain[self.block_of(p)?];
            if !self.alive[c] {
                return None;
            }
            if !in_witness[c] {
                in_witness[c] = true;
                stack.push(c);
            }
        }
        let mut zone = Zone::new();
        while let Some(c) = stack.pop() {
            for (r, region) in self.life.regions.iter().enumerate() {
                if !self.healthy[r] || !self.vital_to[r].contains(&c) {
                    continue;
                }
                zone.union_with(&region.points);
                for &t in &self.touching[r] {
                    if !in_witness[t] {
                        in_witness[t] = true;
                        stack.push(t);
                    }
                }
            }
        }
        for (b, block) in self.life.blocks.iter().enumerate() {
            if in_witness[self.chain[b]] {
                zone.union_with(&block.stones);
            }
        }
        let size = board.size();
        for l in self
            .links
            .iter()
            .filter(|l| in_witness[self.chain[l.blocks[0]]])
        {
            for &p in &l.points {
                zone.insert(p);
                zone.union_with(&std::iter::once(p).collect::<Zone>().grow(size));
                zone.union_with(&open_path(board, self.life.color, p));
            }
        }
        Some(zone)
    }
}

/// Could a chain holding a block of `stones` (stones of `defender`) be alive by links? A cheap
/// necessary test that spares most goal tests the rule: the blocks reached from those through
/// pairs with two common empty liberties (every link is such a pair) must have two regions
/// round them whose empty points are all their liberties (every vital region of a chain of
/// them is such a region).
pub fn may_live_linked(board: &Board, defender: Color, stones: &Zone) -> bool {
    let size = board.size();
    let own = board.stones(defender);
    let empty = board.empty_points();
    let start = stones.intersection(&own);
    let mut union = Zone::new();
    let mut frontier: Vec<Zone> = Vec::new();
    for (_, block) in board.blocks_of(&start) {
        union.union_with(&block);
        frontier.push(block);
    }
    if frontier.is_empty() {
        return false;
    }
    let mut joined = false;
    while let Some(block) = frontier.pop() {
        let libs = block.grow(size).intersection(&empty);
        let near = libs.grow(size).intersection(&own).difference(&block);
        if near.is_empty() {
            continue;
        }
        for (_, other) in board.blocks_of(&near) {
            if other.grow(size).intersection(&libs).len() < 2 {
                continue;
            }
            joined = true;
            if !other.intersects(&union) {
                union.union_with(&other);
                frontier.push(other);
            }
        }
    }
    if !joined {
        // Every chain the blocks could be in is one block: Benson's test is the rule there.
        return false;
    }
    let liberties = union.grow(size).intersection(&empty);
    two_vital_regions(board, defender, &union, &liberties)
}

/// A path of points without a `color` stone from `start` to an empty point beside no `color`
/// stone, with that point's neighbours (the certificate that `start`'s region is open); empty
/// when there is none.
fn open_path(board: &Board, color: Color, start: Point) -> Zone {
    let size = board.size();
    let beside_own = board.stones(color).grow(size);
    let mut from = vec![usize::MAX; NUM_CELLS];
    from[start.index()] = start.index();
    let mut queue = std::collections::VecDeque::from([start]);
    while let Some(q) = queue.pop_front() {
        if board.is_empty(q) && !beside_own.contains(q) {
            let mut path = std::iter::once(q).collect::<Zone>().grow(size);
            let mut at = q;
            while at != start {
                path.insert(at);
                at = Point::from_index(from[at.index()]);
            }
            path.insert(start);
            return path;
        }
        for r in q.neighbors() {
            if board.on_board(r)
                && board.color_at(r) != Some(color)
                && from[r.index()] == usize::MAX
            {
                from[r.index()] = q.index();
                queue.push_back(r);
            }
        }
    }
    Zone::new()
}

#[cfg(test)]
pub(crate) mod tests;
