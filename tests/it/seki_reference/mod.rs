//! An independent, deliberately plain local seki test for cross-checking the seki database:
//! the same game as `solver::knowledge::seki_db::local_test` (the first mover may not pass, the other side
//! may; situational superko on the line; White wins on a Benson-alive White block, Black when
//! the enclosing block is captured or a Black stone on the playable points is Benson-alive),
//! written again on the naive flood-fill board of `tests/it/naive` with its own Benson.

#![allow(dead_code)]

use crate::naive::{NaiveBoard, Stone};

/// Flood fill from `start` over points satisfying `inside`.
fn flood(board: &NaiveBoard, start: usize, inside: &dyn Fn(usize) -> bool) -> Vec<usize> {
    let mut seen = vec![false; board.grid.len()];
    let mut out = vec![start];
    seen[start] = true;
    let mut i = 0;
    while i < out.len() {
        for n in board.neighbors(out[i]) {
            if !seen[n] && inside(n) {
                seen[n] = true;
                out.push(n);
            }
        }
        i += 1;
    }
    out
}

/// Benson's unconditionally alive stones of `c`, computed from scratch.
pub fn benson_alive(board: &NaiveBoard, c: Stone) -> Vec<bool> {
    let n = board.grid.len();
    let mut block_of = vec![usize::MAX; n];
    let mut blocks: Vec<Vec<usize>> = Vec::new();
    let mut region_of = vec![usize::MAX; n];
    let mut regions: Vec<Vec<usize>> = Vec::new();
    for i in 0..n {
        if board.grid[i] == Some(c) && block_of[i] == usize::MAX {
            let b = flood(board, i, &|j| board.grid[j] == Some(c));
            for &j in &b {
                block_of[j] = blocks.len();
            }
            blocks.push(b);
        } else if board.grid[i] != Some(c) && region_of[i] == usize::MAX {
            let r = flood(board, i, &|j| board.grid[j] != Some(c));
            for &j in &r {
                region_of[j] = regions.len();
            }
            regions.push(r);
        }
    }
    let touches = |r: &Vec<usize>, b: usize| {
        r.iter()
            .any(|&p| board.neighbors(p).iter().any(|&q| block_of[q] == b))
    };
    let vital = |r: &Vec<usize>, b: usize| {
        r.iter()
            .filter(|&&p| board.grid[p].is_none())
            .all(|&p| board.neighbors(p).iter().any(|&q| block_of[q] == b))
    };
    let mut block_in = vec![true; blocks.len()];
    let mut region_in = vec![true; regions.len()];
    loop {
        let mut changed = false;
        for (b, inside) in block_in.iter_mut().enumerate() {
            if !*inside {
                continue;
            }
            let count = (0..regions.len())
                .filter(|&r| region_in[r] && touches(&regions[r], b) && vital(&regions[r], b))
                .count();
            if count < 2 {
                *inside = false;
                changed = true;
            }
        }
        for r in 0..regions.len() {
            if region_in[r] && (0..blocks.len()).any(|b| !block_in[b] && touches(&regions[r], b)) {
                region_in[r] = false;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    (0..n)
        .map(|i| block_of[i] != usize::MAX && block_in[block_of[i]])
        .collect()
}

/// Is `area` (indices `y * size + x`) a local seki on `board`? `None` for the areas the test
/// refuses before searching (enclosing White already alive, no Black stone inside, too
/// sparse, not enclosed).
pub fn reference_seki(board: &NaiveBoard, area: &[usize]) -> Option<bool> {
    // Enclosing blocks: White blocks next to the area, the largest first (ties: lowest point).
    let mut blocks: Vec<Vec<usize>> = Vec::new();
    for &p in area {
        for q in board.neighbors(p) {
            if board.grid[q] == Some(Stone::White) && !blocks.iter().any(|b| b.contains(&q)) {
                let mut b = flood(board, q, &|j| board.grid[j] == Some(Stone::White));
                b.sort_unstable();
                blocks.push(b);
            }
        }
    }
    blocks.sort_by(|a, b| b.len().cmp(&a.len()).then(a[0].cmp(&b[0])));
    let enclosing = blocks.first()?.clone();
    if benson_alive(board, Stone::White).iter().any(|&a| a) {
        return None;
    }
    let inner: Vec<usize> = area
        .iter()
        .copied()
        .filter(|&p| board.grid[p] == Some(Stone::Black))
        .collect();
    if inner.is_empty() {
        return None;
    }
    let liberty = |p: usize| {
        board.grid[p].is_none() && board.neighbors(p).iter().any(|q| enclosing.contains(q))
    };
    let near_black =
        |p: usize| inner.contains(&p) || board.neighbors(p).iter().any(|q| inner.contains(q));
    if area.iter().any(|&p| !near_black(p) && !liberty(p)) {
        return None;
    }
    let mut playable: Vec<usize> = area.to_vec();
    for b in &blocks {
        playable.extend(b);
    }
    let anchor = enclosing[0];
    let game = Game { playable, anchor };
    for first in [Stone::White, Stone::Black] {
        let mut history = vec![(board.grid.clone(), first)];
        if !game.defender_wins(board, first, first, &mut history) {
            return Some(false);
        }
    }
    Some(true)
}

struct Game {
    playable: Vec<usize>,
    anchor: usize,
}

impl Game {
    fn winner(&self, board: &NaiveBoard) -> Option<Stone> {
        if benson_alive(board, Stone::White).iter().any(|&a| a) {
            return Some(Stone::White);
        }
        if board.grid[self.anchor] != Some(Stone::White) {
            return Some(Stone::Black);
        }
        let black = benson_alive(board, Stone::Black);
        if self.playable.iter().any(|&p| black[p]) {
            return Some(Stone::Black);
        }
        None
    }

    fn defender_wins(
        &self,
        board: &NaiveBoard,
        to_move: Stone,
        attacker: Stone,
        history: &mut Vec<(Vec<Option<Stone>>, Stone)>,
    ) -> bool {
        let defender = attacker.other();
        if let Some(w) = self.winner(board) {
            return w == defender;
        }
        let next = to_move.other();
        for &p in &self.playable {
            let Ok((after, _)) = board.play(to_move, Some(p)) else {
                continue;
            };
            let situation = (after.grid.clone(), next);
            if history.contains(&situation) {
                continue;
            }
            history.push(situation);
            let won = self.defender_wins(&after, next, attacker, history);
            history.pop();
            if to_move == attacker && !won {
                return false;
            }
            if to_move == defender && won {
                return true;
            }
        }
        if to_move == attacker {
            return true;
        }
        let Ok((after, _)) = board.play(to_move, None) else {
            return false;
        };
        history.push((after.grid.clone(), next));
        let won = self.defender_wins(&after, next, attacker, history);
        history.pop();
        won
    }
}
