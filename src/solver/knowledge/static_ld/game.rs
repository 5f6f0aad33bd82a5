//! The exhaustive solution of the local game of one area (retrograde analysis).
//!
//! States: the area's contents with the defender to move (*D-states*), and the contents with
//! the attacker to move plus the cell the attacker may not retake (*A-states*; only a ko
//! capture of the defender sets one). From the roots, every reachable state is generated once,
//! with its moves:
//! - the defender may play any playable empty cell that is not suicide, **ignoring any ko ban**,
//!   or pass (a move outside the area is the same as a pass for the area);
//! - the attacker may play any playable empty cell that is not suicide, is not its ko-banned
//!   cell and is **not a ko capture**; it never passes.
//!
//! The attacker wins a D-state when it is a target state (see [`Target`]) or when every defender
//! move leads to an A-state the attacker wins; it wins an A-state when one of its moves leads to
//! a D-state it wins. The states it wins are the least fixed point of these two rules (an
//! attractor): found by propagating backwards from the target states, each D-state keeping the
//! count of its moves not yet known to be won. A state never reached by the propagation is not
//! won: in particular every cycle counts for the defender, so every win ends in a bounded
//! number of moves (its rank) and never needs a repetition.

use super::local::{Contents, LocalArea, Side};
use super::verdict::{Target, Verdict};

/// `THREE[m]`: the base-3 code of the cell set `m` with digit 1 on its cells.
const THREE: [u16; 256] = {
    let mut t = [0u16; 256];
    let mut m = 0;
    while m < 256 {
        let mut v = 0u16;
        let mut pow = 1u16;
        let mut i = 0;
        while i < 8 {
            if m & (1 << i) != 0 {
                v += pow;
            }
            pow *= 3;
            i += 1;
        }
        t[m] = v;
        m += 1;
    }
    t
};

/// Dense index of a position: digit 0 empty, 1 defender, 2 attacker per cell.
#[inline]
fn code(c: &Contents) -> usize {
    THREE[c.defender as usize] as usize + 2 * THREE[c.attacker as usize] as usize
}

/// Compressed adjacency (one row per state).
#[derive(Default)]
struct Rows {
    start: Vec<u32>,
    items: Vec<u32>,
}

impl Rows {
    /// Rows of `count` states from `(row, item)` pairs.
    fn from_pairs(count: usize, pairs: &[(u32, u32)]) -> Rows {
        let mut start = vec![0u32; count + 1];
        for &(r, _) in pairs {
            start[r as usize + 1] += 1;
        }
        for i in 0..count {
            start[i + 1] += start[i];
        }
        let mut fill = start.clone();
        let mut items = vec![0u32; pairs.len()];
        for &(r, it) in pairs {
            items[fill[r as usize] as usize] = it;
            fill[r as usize] += 1;
        }
        Rows { start, items }
    }

    fn row(&self, r: u32) -> &[u32] {
        &self.items[self.start[r as usize] as usize..self.start[r as usize + 1] as usize]
    }
}

/// The reachable game graph of an area.
struct Graph {
    d_states: Vec<Contents>,
    /// Moves of each D-state (its A-successors).
    d_moves: Vec<u32>,
    /// Per D-state, the A-states that move into it.
    into_d: Rows,
    /// Per A-state, the D-states that move into it.
    into_a: Rows,
    a_count: usize,
}

const NONE: u32 = u32::MAX;

impl Graph {
    /// Every state reachable from the D-states `roots` (legal positions).
    fn build(area: &LocalArea, roots: &[Contents]) -> (Graph, Vec<u32>) {
        let size = 3usize.pow(area.n as u32);
        let cells = area.n as usize;
        let mut d_id = vec![NONE; size];
        // A-states by (code, ban): ban slot 0 = none, 1 + cell otherwise.
        let mut a_id = vec![NONE; size * (cells + 1)];
        let mut d_states: Vec<Contents> = Vec::new();
        let mut a_states: Vec<(Contents, Option<u8>)> = Vec::new();
        let mut d_moves: Vec<u32> = Vec::new();
        let mut d_to_a: Vec<(u32, u32)> = Vec::new();
        let mut a_to_d: Vec<(u32, u32)> = Vec::new();
        let mut d_queue: Vec<u32> = Vec::new();

        let mut add_d = |c: Contents, d_states: &mut Vec<Contents>, d_queue: &mut Vec<u32>| {
            let k = code(&c);
            if d_id[k] == NONE {
                d_id[k] = d_states.len() as u32;
                d_states.push(c);
                d_queue.push(d_id[k]);
            }
            d_id[k]
        };
        let root_ids: Vec<u32> = roots
            .iter()
            .map(|&c| add_d(c, &mut d_states, &mut d_queue))
            .collect();

        let mut a_queue: Vec<u32> = Vec::new();
        loop {
            if let Some(d) = d_queue.pop() {
                let c = d_states[d as usize];
                let mut moves = 0u32;
                // Defender plays (ko ignored), then its pass.
                let mut free = area.playable & !c.occupied();
                let mut succ: Vec<(Contents, Option<u8>)> = Vec::with_capacity(cells + 1);
                while free != 0 {
                    let cell = free.trailing_zeros() as u8;
                    free &= free - 1;
                    if let Some(p) = area.play(&c, Side::Defender, cell) {
                        succ.push((p.contents, p.ko));
                    }
                }
                succ.push((c, None));
                for (sc, ban) in succ {
                    let slot = code(&sc) * (cells + 1) + ban.map_or(0, |b| b as usize + 1);
                    if a_id[slot] == NONE {
                        a_id[slot] = a_states.len() as u32;
                        a_states.push((sc, ban));
                        a_queue.push(a_id[slot]);
                    }
                    d_to_a.push((d, a_id[slot]));
                    moves += 1;
                }
                while d_moves.len() <= d as usize {
                    d_moves.push(0);
                }
                d_moves[d as usize] = moves;
                continue;
            }
            let Some(a) = a_queue.pop() else { break };
            let (c, ban) = a_states[a as usize];
            let mut free = area.playable & !c.occupied();
            if let Some(b) = ban {
                free &= !(1u8 << b);
            }
            while free != 0 {
                let cell = free.trailing_zeros() as u8;
                free &= free - 1;
                let Some(p) = area.play(&c, Side::Attacker, cell) else {
                    continue;
                };
                if p.ko.is_some() {
                    continue; // the attacker never makes a ko capture
                }
                let d = add_d(p.contents, &mut d_states, &mut d_queue);
                a_to_d.push((a, d));
            }
        }
        d_moves.resize(d_states.len(), 0);
        // Reverse edges: into a D-state come A-states; into an A-state come D-states.
        let into_d = Rows::from_pairs(
            d_states.len(),
            &a_to_d.iter().map(|&(a, d)| (d, a)).collect::<Vec<_>>(),
        );
        let into_a = Rows::from_pairs(
            a_states.len(),
            &d_to_a.iter().map(|&(d, a)| (a, d)).collect::<Vec<_>>(),
        );
        let graph = Graph {
            d_states,
            d_moves,
            into_d,
            into_a,
            a_count: a_states.len(),
        };
        (graph, root_ids)
    }

    /// The D-states the attacker wins for `target`.
    fn won(&self, area: &LocalArea, target: Target) -> Vec<bool> {
        let mut won_d = vec![false; self.d_states.len()];
        let mut won_a = vec![false; self.a_count];
        let mut left = self.d_moves.clone();
        let mut queue: Vec<u32> = Vec::new();
        for (d, c) in self.d_states.iter().enumerate() {
            let reached =
                c.defender == 0 && (target == Target::Capture || !area.defender_can_play(c));
            if reached {
                won_d[d] = true;
                queue.push(d as u32);
            }
        }
        while let Some(d) = queue.pop() {
            for &a in self.into_d.row(d) {
                if won_a[a as usize] {
                    continue;
                }
                won_a[a as usize] = true;
                for &pd in self.into_a.row(a) {
                    let pd = pd as usize;
                    if won_d[pd] {
                        continue;
                    }
                    left[pd] -= 1;
                    if left[pd] == 0 {
                        won_d[pd] = true;
                        queue.push(pd as u32);
                    }
                }
            }
        }
        won_d
    }
}

/// The attacker's first moves from `c` (no ko ban on it): the positions they lead to.
fn attacker_moves(area: &LocalArea, c: &Contents) -> Vec<(u8, Contents)> {
    let mut out = Vec::new();
    let mut free = area.playable & !c.occupied();
    while free != 0 {
        let cell = free.trailing_zeros() as u8;
        free &= free - 1;
        if let Some(p) = area.play(c, Side::Attacker, cell) {
            if p.ko.is_none() {
                out.push((cell, p.contents));
            }
        }
    }
    out
}

/// The verdict of each of `starts` (legal positions, the defender to move).
pub fn solve(area: &LocalArea, starts: &[Contents]) -> Vec<Verdict> {
    // Roots: the starts and every position after an attacker's first move.
    let firsts: Vec<Vec<(u8, Contents)>> = starts.iter().map(|c| attacker_moves(area, c)).collect();
    let mut roots: Vec<Contents> = starts.to_vec();
    for f in &firsts {
        roots.extend(f.iter().map(|&(_, c)| c));
    }
    let (graph, ids) = Graph::build(area, &roots);
    let capture = graph.won(area, Target::Capture);
    let seal = graph.won(area, Target::Seal);
    let mut next = starts.len();
    starts
        .iter()
        .enumerate()
        .map(|(i, start)| {
            let mut ban_proof = [false; 2];
            for (t, won) in [&capture, &seal].into_iter().enumerate() {
                let good: Vec<u8> = firsts[i]
                    .iter()
                    .enumerate()
                    .filter(|&(k, _)| won[ids[next + k] as usize])
                    .map(|(_, &(cell, _))| cell)
                    .collect();
                ban_proof[t] =
                    good.len() >= 2 || good.iter().any(|&r| !area.may_be_ko_ban(start, r));
            }
            next += firsts[i].len();
            let d = ids[i] as usize;
            Verdict::new(capture[d], ban_proof[0], seal[d], ban_proof[1])
        })
        .collect()
}

/// The verdict of one position (legal, the defender to move).
pub fn solve_one(area: &LocalArea, start: Contents) -> Verdict {
    solve(area, &[start])[0]
}

#[cfg(test)]
mod tests {
    use super::super::local::tests::line;
    use super::super::local::MAX_AREA;
    use super::*;

    fn contents(defender: u8, attacker: u8) -> Contents {
        Contents { defender, attacker }
    }

    #[test]
    fn codes_are_dense_and_distinct() {
        let mut seen = std::collections::HashSet::new();
        for d in 0..8u8 {
            for a in 0..8u8 {
                if d & a == 0 {
                    let k = code(&contents(d, a));
                    assert!(k < 27);
                    assert!(seen.insert(k));
                }
            }
        }
        assert_eq!(seen.len(), 27);
    }

    #[test]
    fn a_one_stone_in_three_cells_is_dead_and_sealed() {
        let a = line(3);
        let v = solve_one(&a, contents(0b010, 0));
        assert!(v.dead(Target::Capture));
        assert!(v.dead(Target::Seal));
        assert!(v.ban_proof(Target::Capture));
    }

    #[test]
    fn an_empty_three_cell_line_is_sealed_by_the_attacker() {
        // Defender first: whatever it plays in a straight three it cannot make two eyes.
        let a = line(3);
        assert!(solve_one(&a, contents(0, 0)).dead(Target::Seal));
    }

    #[test]
    fn a_two_eyed_defender_shape_is_not_dead() {
        // A comb: 0-1-2 in a row, 0 and 2 each joined to an eye cell (3 and 4) that touches
        // nothing else. Defender on 0, 1, 2 with both eyes empty: two real eyes.
        let mut nbrs = [0u8; MAX_AREA];
        let mut link = |i: usize, j: usize| {
            nbrs[i] |= 1 << j;
            nbrs[j] |= 1 << i;
        };
        link(0, 1);
        link(1, 2);
        link(0, 3);
        link(2, 4);
        let area = LocalArea {
            n: 5,
            nbrs,
            wall: 0b00111,
            playable: 0b11111,
        };
        let v = solve_one(&area, contents(0b00111, 0));
        assert_eq!(v, Verdict::ALIVE);
    }
}
