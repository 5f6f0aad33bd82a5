//! The checker's own reading of life by links ([`crate::solver::knowledge::linked_life`]: the
//! rule, why it is sound and why its witness decides every position agreeing on it): blocks of
//! the colour joined through two *private* common liberties in the region (beside no third
//! block) lying in *open* regions (holding an empty point beside no stone of the colour) form
//! chains, and Benson's greatest fixed point over chains (a region is vital to a chain when
//! every empty point of it is a liberty of one of its blocks) says which chains live. Written
//! apart from the search's code, with its own floods, pairs and fixed point.
//!
//! Only the defender's claims read it (the OR player defending): a chain alive by links is a
//! win, and a position the reading leaves undecided is checked on, so no certificate of the
//! rule's *failure* is needed (a position agreeing on a footprint that the rule decides is a
//! win there too).

use crate::go::{Board, Color, Point, Zone};

/// The colour's blocks and regions on one board, found with the checker's own floods.
struct Layout {
    blocks: Vec<Zone>,
    /// Per block: its empty neighbours.
    liberties: Vec<Zone>,
    regions: Vec<Zone>,
    /// Per region: the blocks beside it.
    touching: Vec<Vec<usize>>,
    /// Per region: holds an empty point beside no stone of the colour.
    open: Vec<bool>,
}

fn layout(board: &Board, color: Color) -> Layout {
    let size = board.size();
    let own = board.stones(color);
    let empty = board.empty_points();
    let mut blocks = Vec::new();
    let mut rest = own;
    while let Some(p) = rest.first() {
        let mut block = Zone::new();
        let mut stack = vec![p];
        block.insert(p);
        while let Some(q) = stack.pop() {
            for r in q.neighbors() {
                if board.on_board(r) && own.contains(r) && block.insert(r) {
                    stack.push(r);
                }
            }
        }
        rest = rest.difference(&block);
        blocks.push(block);
    }
    let liberties: Vec<Zone> = blocks
        .iter()
        .map(|b| b.grow(size).intersection(&empty))
        .collect();
    let beside_own = own.grow(size);
    let mut regions = Vec::new();
    let mut touching = Vec::new();
    let mut open = Vec::new();
    let mut rest = board.all_points().difference(&own);
    while let Some(p) = rest.first() {
        let mut region = Zone::new();
        let mut stack = vec![p];
        region.insert(p);
        while let Some(q) = stack.pop() {
            for r in q.neighbors() {
                if board.on_board(r) && !own.contains(r) && region.insert(r) {
                    stack.push(r);
                }
            }
        }
        rest = rest.difference(&region);
        let round = region.grow(size);
        touching.push(
            (0..blocks.len())
                .filter(|&b| blocks[b].intersects(&round))
                .collect(),
        );
        open.push(
            !region
                .intersection(&empty)
                .difference(&beside_own)
                .is_empty(),
        );
        regions.push(region);
    }
    Layout {
        blocks,
        liberties,
        regions,
        touching,
        open,
    }
}

/// Are the blocks of `color` holding stones of `decisive` alive by links (every one of them
/// with `every`, else any), link points taken in `region`? When they are, the witness read (its
/// blocks with their neighbours, vital regions, link points with their neighbours and the paths
/// showing their regions open) is added to `reads`.
pub(in crate::solver) fn linked_alive_reading(
    board: &Board,
    color: Color,
    decisive: &Zone,
    region: &Zone,
    every: bool,
    reads: &mut Zone,
) -> bool {
    let size = board.size();
    let l = layout(board, color);
    let n = l.blocks.len();
    let block_of = |p: Point| l.blocks.iter().position(|b| b.contains(p));
    let region_of = |p: Point| l.regions.iter().position(|r| r.contains(p));
    // Each pair of blocks with its private points in open regions, in ascending order.
    let mut pairs: Vec<((usize, usize), Vec<Point>)> = Vec::new();
    for p in board.empty_points().intersection(region).iter() {
        if !region_of(p).is_some_and(|r| l.open[r]) {
            continue;
        }
        let mut beside: Vec<usize> = p
            .neighbors()
            .into_iter()
            .filter(|&q| board.on_board(q) && board.color_at(q) == Some(color))
            .filter_map(block_of)
            .collect();
        beside.sort_unstable();
        beside.dedup();
        if let [a, b] = beside[..] {
            match pairs.iter_mut().find(|(k, _)| *k == (a, b)) {
                Some((_, points)) => points.push(p),
                None => pairs.push(((a, b), vec![p])),
            }
        }
    }
    pairs.retain(|(_, points)| points.len() >= 2);
    // The chains: each block's class, by repeated relabelling to the smallest member.
    let mut chain: Vec<usize> = (0..n).collect();
    loop {
        let mut changed = false;
        for ((a, b), _) in &pairs {
            let low = chain[*a].min(chain[*b]);
            for c in [*a, *b] {
                if chain[c] != low {
                    let old = chain[c];
                    for x in chain.iter_mut().filter(|x| **x == old) {
                        *x = low;
                    }
                    changed = true;
                }
            }
        }
        if !changed {
            break;
        }
    }
    // Per region: the chains beside it, and those it is vital to.
    let empty = board.empty_points();
    let mut chain_liberties = vec![Zone::new(); n];
    for b in 0..n {
        chain_liberties[chain[b]].union_with(&l.liberties[b]);
    }
    let mut beside: Vec<Vec<usize>> = Vec::new();
    let mut vital: Vec<Vec<usize>> = Vec::new();
    for (r, points) in l.regions.iter().enumerate() {
        let mut chains: Vec<usize> = l.touching[r].iter().map(|&b| chain[b]).collect();
        chains.sort_unstable();
        chains.dedup();
        let empties = points.intersection(&empty);
        let vital_to = chains
            .iter()
            .copied()
            .filter(|&c| empties.is_subset(&chain_liberties[c]))
            .collect();
        beside.push(chains);
        vital.push(vital_to);
    }
    // The greatest fixed point.
    let mut alive = vec![true; n];
    let mut kept = vec![true; l.regions.len()];
    loop {
        let mut changed = false;
        for r in 0..l.regions.len() {
            if kept[r] && beside[r].iter().any(|&c| !alive[c]) {
                kept[r] = false;
                changed = true;
            }
        }
        for c in 0..n {
            if alive[c] && chain[c] == c {
                let count = (0..l.regions.len())
                    .filter(|&r| kept[r] && vital[r].contains(&c))
                    .count();
                if count < 2 {
                    alive[c] = false;
                    changed = true;
                }
            }
        }
        if !changed {
            break;
        }
    }
    let wanted: Vec<usize> = decisive
        .iter()
        .filter(|&p| board.color_at(p) == Some(color))
        .filter_map(block_of)
        .map(|b| chain[b])
        .collect();
    let lives = if every {
        !wanted.is_empty() && wanted.iter().all(|&c| alive[c])
    } else {
        wanted.iter().any(|&c| alive[c])
    };
    if !lives {
        return false;
    }
    // The witness of the chains wanted (all of them with `every`, else the living ones).
    let mut in_witness = vec![false; n];
    let mut stack: Vec<usize> = wanted.into_iter().filter(|&c| alive[c]).collect();
    for &c in &stack {
        in_witness[c] = true;
    }
    while let Some(c) = stack.pop() {
        for r in 0..l.regions.len() {
            if kept[r] && vital[r].contains(&c) {
                reads.union_with(&l.regions[r]);
                for &t in &beside[r] {
                    if !in_witness[t] {
                        in_witness[t] = true;
                        stack.push(t);
                    }
                }
            }
        }
    }
    for b in (0..n).filter(|&b| in_witness[chain[b]]) {
        reads.union_with(&l.blocks[b].grow(size));
    }
    for ((a, _), points) in &pairs {
        if !in_witness[chain[*a]] {
            continue;
        }
        let own = board.stones(color);
        let beside_own = own.grow(size);
        for &p in &points[..2] {
            let mut ring: Zone = std::iter::once(p).collect();
            reads.union_with(&ring.grow(size));
            // Rings of points without a stone of the colour round `p`, until one holds an
            // empty point beside no such stone: the rings read whole (a path among them shows
            // the region open), with that point's neighbours.
            let mut seen = ring;
            loop {
                let found = ring
                    .iter()
                    .find(|&q| board.is_empty(q) && !beside_own.contains(q));
                if let Some(q) = found {
                    reads.union_with(&seen);
                    reads.union_with(&std::iter::once(q).collect::<Zone>().grow(size));
                    break;
                }
                let next = ring.grow(size).difference(&own).difference(&seen);
                if next.is_empty() {
                    break;
                }
                seen.union_with(&next);
                ring = next;
            }
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::go::benson::benson;
    use crate::solver::knowledge::linked_life::linked_life;
    use crate::solver::knowledge::linked_life::tests::opened_up;

    /// The checker's reading and the search's rule agree on every block of played-out games,
    /// with the whole board and with part of it as the region.
    #[test]
    fn the_reading_agrees_with_the_search_rule() {
        let mut linked = 0;
        for seed in 0..300u64 {
            let size = 5 + (seed % 5) as usize;
            let board = opened_up(seed, size);
            let half: Zone = (0..size)
                .flat_map(|x| (0..size / 2 + 1).map(move |y| Point::new(x, y)))
                .collect();
            for region in [Zone::full(size), half] {
                for c in Color::ALL {
                    let life = benson(&board, c);
                    let rule = linked_life(&board, &life, &region);
                    for p in board.stones(c).iter() {
                        let block = board.block_stones(p);
                        let read = linked_alive_reading(
                            &board,
                            c,
                            &block,
                            &region,
                            true,
                            &mut Zone::new(),
                        );
                        assert_eq!(read, rule.is_alive(p), "seed {seed}\n{}", board.to_ascii());
                        if read && !life.is_alive(p) {
                            linked += 1;
                        }
                    }
                }
            }
        }
        assert!(linked >= 50, "only {linked} stones alive by links alone");
    }
}
