//! The checker's own test of unconditional life (Benson 1976), asked only about the decisive
//! blocks: a block of the colour is alive when it keeps two *vital* regions (maximal connected
//! sets of points without the colour, every empty point of which is a liberty of the block)
//! whose touching blocks are all alive, in the greatest set of blocks with that property.
//!
//! Only the blocks reached from the decisive ones through vital regions take part: a block's
//! condition names only the blocks touching its vital regions, so the greatest fixed point over
//! those blocks is the whole board's, restricted to them. A region is given up at its first empty
//! point that is not a liberty of the block, so the open board is never flooded, and most
//! positions a check visits are decided from the decisive block's surroundings alone. The search
//! uses [`crate::go::benson`]; this is the checker's own code (the tests compare the two).

use crate::go::{Board, Color, Point, Zone};

/// A block taking part: its stones and its vital regions (each as the indices of
/// the blocks touching it).
struct Block {
    stones: Zone,
    vital: Vec<Vec<usize>>,
}

/// Is a block of `color` holding a stone of `decisive` unconditionally alive on `board`?
#[cfg(test)]
fn any_alive(board: &Board, color: Color, decisive: &Zone) -> bool {
    any_alive_reading(board, color, decisive, &mut Zone::new())
}

/// [`any_alive`], adding to `reads` the points the answer depends on: the blocks looked at
/// with their neighbours, and the points of every region flooded (a vital one whole with the
/// stones round it, one given up up to the point that showed it is not vital). Any position
/// that agrees there gets the same answer.
pub(in crate::solver) fn any_alive_reading(
    board: &Board,
    color: Color,
    decisive: &Zone,
    reads: &mut Zone,
) -> bool {
    alive_reading(board, color, decisive, reads, false, &Zone::EMPTY)
}

/// [`any_alive_reading`] asking that *every* block holding a stone of `decisive` be
/// unconditionally alive (the every-block goals).
pub(in crate::solver) fn every_alive_reading(
    board: &Board,
    color: Color,
    decisive: &Zone,
    reads: &mut Zone,
) -> bool {
    alive_reading(board, color, decisive, reads, true, &Zone::EMPTY)
}

/// The stones of `color` that stay unconditionally alive whatever is played in `region`: the
/// blocks alive by the test above when no region holding a point of `region` may be vital (the
/// side cannot fill an eye it may not play in, and the opponent can fill none). The checker's
/// own reading of the outside watch's exempt stones.
pub(in crate::solver) fn lasting_alive(board: &Board, color: Color, region: &Zone) -> Zone {
    let mut alive = Zone::new();
    let mut seen = Zone::new();
    for p in board.stones(color).iter() {
        if seen.contains(p) {
            continue;
        }
        let block = board.block_stones(p);
        seen.union_with(&block);
        if alive_reading(board, color, &block, &mut Zone::new(), true, region) {
            alive.union_with(&block);
        }
    }
    alive
}

/// Whether any (`every: false`) or every block of `color` holding a stone of `decisive` is
/// unconditionally alive, the points read added to `reads`; no region holding a point of
/// `avoid` counts as vital.
fn alive_reading(
    board: &Board,
    color: Color,
    decisive: &Zone,
    reads: &mut Zone,
    every: bool,
    avoid: &Zone,
) -> bool {
    let mut blocks: Vec<Block> = Vec::new();
    let mut first = Vec::new();
    for p in decisive.iter() {
        if board.color_at(p) == Some(color) {
            let b = block_index(board, &mut blocks, p);
            if !first.contains(&b) {
                first.push(b);
            }
        }
    }
    if first.is_empty() {
        return false;
    }
    // Every block met gets its vital regions (which may add blocks). The decisive blocks come
    // first: when none of them has two, none is alive (most positions a check visits).
    let mut next = 0;
    while next < blocks.len() {
        if next == first.len() && blocks[..next].iter().all(|b| b.vital.len() < 2) {
            return false;
        }
        reads.union_with(&blocks[next].stones.grow(board.size()));
        let vital = vital_regions(board, color, &blocks[next].stones, reads, avoid);
        let vital = vital
            .into_iter()
            .map(|touching| {
                touching
                    .into_iter()
                    .map(|p| block_index(board, &mut blocks, p))
                    .collect()
            })
            .collect();
        blocks[next].vital = vital;
        next += 1;
    }
    // The greatest fixed point: drop blocks with fewer than two regions whose touching blocks
    // are all kept.
    let mut alive = vec![true; blocks.len()];
    loop {
        let mut changed = false;
        for b in 0..blocks.len() {
            if !alive[b] {
                continue;
            }
            let healthy = blocks[b]
                .vital
                .iter()
                .filter(|touching| touching.iter().all(|&t| alive[t]))
                .count();
            if healthy < 2 {
                alive[b] = false;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    if every {
        first.into_iter().all(|b| alive[b])
    } else {
        first.into_iter().any(|b| alive[b])
    }
}

/// The index of the block holding `p` in `blocks`, added when new.
fn block_index(board: &Board, blocks: &mut Vec<Block>, p: Point) -> usize {
    if let Some(i) = blocks.iter().position(|b| b.stones.contains(p)) {
        return i;
    }
    blocks.push(Block {
        stones: board.block_stones(p),
        vital: Vec::new(),
    });
    blocks.len() - 1
}

/// The regions vital to the block `stones` (of `color`), each as one stone of every block
/// touching it.
fn vital_regions(
    board: &Board,
    color: Color,
    stones: &Zone,
    reads: &mut Zone,
    avoid: &Zone,
) -> Vec<Vec<Point>> {
    let Some(first) = stones.iter().next() else {
        return Vec::new();
    };
    let libs = board.liberties(first);
    // Points of the regions flooded before: a vital one whole, one given up in part.
    let mut seen = Zone::new();
    let mut vital = Vec::new();
    for s in stones.iter() {
        for start in s.neighbors() {
            if !board.on_board(start)
                || board.color_at(start) == Some(color)
                || seen.contains(start)
            {
                continue;
            }
            match vital_region(board, color, &libs, start, &seen, avoid) {
                Ok((region, touching, round)) => {
                    seen.union_with(&region);
                    reads.union_with(&region);
                    reads.union_with(&round);
                    vital.push(touching);
                }
                Err(flooded) => {
                    seen.union_with(&flooded);
                    reads.union_with(&flooded);
                }
            }
        }
    }
    vital
}

/// Floods the region of `start` (the connected points without `color`): `Ok` with the region,
/// one stone of each block touching it and the stones round it when every empty point of it is
/// in `libs`, else
/// `Err` with the points flooded up to the first empty point that is not, up to a point of
/// `avoid`, or up to a point of `given_up` (a region found not vital before: a vital region is
/// flooded whole, so no other flood meets it).
fn vital_region(
    board: &Board,
    color: Color,
    libs: &Zone,
    start: Point,
    given_up: &Zone,
    avoid: &Zone,
) -> Result<(Zone, Vec<Point>, Zone), Zone> {
    let mut region = Zone::new();
    let mut touching_stones = Zone::new();
    region.insert(start);
    let mut stack = vec![start];
    while let Some(q) = stack.pop() {
        if avoid.contains(q) || (board.color_at(q).is_none() && !libs.contains(q)) {
            return Err(region);
        }
        for n in q.neighbors() {
            if !board.on_board(n) || region.contains(n) {
                continue;
            }
            if board.color_at(n) == Some(color) {
                touching_stones.insert(n);
                continue;
            }
            if given_up.contains(n) {
                return Err(region);
            }
            region.insert(n);
            stack.push(n);
        }
    }
    // One stone per touching block.
    let mut touching = Vec::new();
    let mut covered = Zone::new();
    for p in touching_stones.iter() {
        if !covered.contains(p) {
            covered.union_with(&board.block_stones(p));
            touching.push(p);
        }
    }
    Ok((region, touching, touching_stones))
}

/// Is every point of `territory` safe for `color` without search (the rules of
/// [`crate::go::safe_points`], read here on its own): a stone of an unconditionally alive
/// block, or a point of a region (the connected points without a `color` stone) that touches
/// at least one block, all of them unconditionally alive, and either with every point of the
/// region beside every one of them, or *sealed*: each of them missing some empty point of the
/// region as a liberty, and at most two points of the region beside no stone round it (two
/// only when beside each other)? The points read are added to `reads`: each region flooded
/// with the stones round it and the points beside those, and what the life tests read.
pub(in crate::solver) fn territory_safe_reading(
    board: &Board,
    color: Color,
    territory: &Zone,
    reads: &mut Zone,
) -> bool {
    let size = board.size();
    let mut done = Zone::new();
    for t in territory.iter() {
        if done.contains(t) {
            continue;
        }
        if board.color_at(t) == Some(color) {
            let block = board.block_stones(t);
            if !every_alive_reading(board, color, &block, reads) {
                return false;
            }
            done.union_with(&block);
            continue;
        }
        // The region of `t`, and the stones round it.
        let mut region = Zone::new();
        let mut round = Zone::new();
        region.insert(t);
        let mut stack = vec![t];
        while let Some(q) = stack.pop() {
            for n in q.neighbors() {
                if !board.on_board(n) || region.contains(n) {
                    continue;
                }
                if board.color_at(n) == Some(color) {
                    round.insert(n);
                } else {
                    region.insert(n);
                    stack.push(n);
                }
            }
        }
        reads.union_with(&region.grow(size));
        if round.is_empty() {
            return false;
        }
        // Each block round the region alive; beside every point of it, or (sealed) missing
        // one of its empty points as a liberty.
        let empty = region.intersection(&board.empty_points());
        let mut beside_every = true;
        let mut vital_to_none = true;
        let mut blocks_seen = Zone::new();
        for s in round.iter() {
            if blocks_seen.contains(s) {
                continue;
            }
            let block = board.block_stones(s);
            blocks_seen.union_with(&block);
            if !every_alive_reading(board, color, &block, reads) {
                return false;
            }
            let near = block.grow(size);
            beside_every &= region.is_subset(&near);
            vital_to_none &= !empty.is_subset(&near);
        }
        let inner: Vec<Point> = region.difference(&round.grow(size)).iter().collect();
        let sealed = match inner[..] {
            [] | [_] => true,
            [p, q] => p.neighbors().contains(&q),
            _ => false,
        };
        if !(beside_every || vital_to_none && sealed) {
            return false;
        }
        done.union_with(&region);
    }
    true
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::go::benson::benson;
    use crate::go::splitmix::splitmix64;
    use crate::go::Move;

    /// A position of `size` after `plays` random legal moves from the empty board (own
    /// one-point eyes are not filled, so groups live).
    fn random_board(size: usize, seed: u64, plays: usize) -> Board {
        let mut state = seed;
        let mut b = Board::new(size);
        let mut c = Color::Black;
        for _ in 0..plays {
            let moves: Vec<Point> = b
                .legal_moves(c, None)
                .into_iter()
                .filter(|&p| {
                    !p.neighbors()
                        .iter()
                        .filter(|&&n| b.on_board(n))
                        .all(|&n| b.color_at(n) == Some(c))
                })
                .collect();
            let (next, r) = splitmix64(state);
            state = next;
            if !moves.is_empty() {
                let p = moves[(r % moves.len() as u64) as usize];
                b.play(c, Move::Play(p)).unwrap();
            }
            c = c.opponent();
        }
        b
    }

    /// The checker's own reading of territory safety gives `go::safe_points`' verdict on every
    /// point of thousands of random positions, both colours, and the positions hold safe
    /// territory of both rules (beside every block, and sealed).
    #[test]
    fn every_point_gets_the_safe_points_verdict() {
        use crate::go::safe_points::safe_points;
        let (mut safe, mut unsafe_points) = (0, 0);
        for seed in 0..1500u64 {
            let size = 5 + (seed % 9) as usize;
            let b = random_board(size, seed, size * size * 2);
            for color in Color::ALL {
                let statics = safe_points(&b, color).points();
                for p in b.all_points().iter() {
                    let one: Zone = [p].into_iter().collect();
                    let read = territory_safe_reading(&b, color, &one, &mut Zone::new());
                    assert_eq!(read, statics.contains(p), "seed {seed}, {color} at {p:?}");
                    if read {
                        safe += 1;
                    } else {
                        unsafe_points += 1;
                    }
                }
            }
        }
        assert!(
            safe > 1000 && unsafe_points > 1000,
            "{safe} / {unsafe_points}"
        );
    }

    /// Sealed regions (rare in random positions): the territory along the edge with one
    /// inner point is safe, with two apart it is not, in the checker's reading as in
    /// `go::safe_points` (whose golden diagrams these boards are).
    #[test]
    fn sealed_regions_read_as_safe_points_reads_them() {
        use crate::go::safe_points::safe_points;
        let rows = "
            . X X X . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .";
        for (top, inner_safe) in [
            (". . . . . X . X .\nX X . X X X X X X", true),
            (". . . . . X . X .\n. X . X X X X X X", false),
        ] {
            let text = format!("{top}{rows}");
            let b = Board::from_ascii(&text).unwrap();
            let statics = safe_points(&b, Color::Black).points();
            for p in b.all_points().iter() {
                let one: Zone = [p].into_iter().collect();
                let read = territory_safe_reading(&b, Color::Black, &one, &mut Zone::new());
                assert_eq!(read, statics.contains(p), "{p:?}\n{text}");
            }
            assert_eq!(statics.contains(Point::new(2, 0)), inner_safe, "{text}");
        }
    }

    /// The same verdict as the search's Benson test on every block of thousands of random
    /// positions, alive and not, block by block and for a set of blocks at once.
    #[test]
    fn every_block_gets_the_verdict_of_the_whole_board_benson_test() {
        let (mut alive, mut dead) = (0, 0);
        for seed in 0..1500u64 {
            let size = 5 + (seed % 9) as usize;
            let b = random_board(size, seed, 20 + (seed as usize * 7) % (2 * size * size));
            for color in Color::ALL {
                let life = benson(&b, color);
                for block in &life.blocks {
                    let ours = any_alive(&b, color, &block.stones);
                    assert_eq!(ours, block.alive, "seed {seed} {color}\n{}", b.to_ascii());
                    if block.alive {
                        alive += 1;
                    } else {
                        dead += 1;
                    }
                }
                let all = b.stones(color);
                assert_eq!(any_alive(&b, color, &all), life.any_alive(), "seed {seed}");
            }
        }
        assert!(alive >= 300 && dead >= 300, "alive {alive}, dead {dead}");
    }

    #[test]
    fn two_eyes_may_live_one_eye_may_not() {
        let two = Board::from_ascii(
            ". X . X O
             X X X X O
             O O O O O
             . . . . .
             . . . . .",
        )
        .unwrap();
        assert!(any_alive(&two, Color::Black, &two.stones(Color::Black)));
        let one = Board::from_ascii(
            ". X . . O
             X X X X O
             O O O O O
             . . . . .
             . . . . .",
        )
        .unwrap();
        assert!(!any_alive(&one, Color::Black, &one.stones(Color::Black)));
        // No stone of the colour on the decisive points: nothing alive.
        assert!(!any_alive(&one, Color::Black, &Zone::new()));
    }
}
