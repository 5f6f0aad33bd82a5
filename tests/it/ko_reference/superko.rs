//! The superko variant of the reference: the same game, where no play may
//! recreate the stones of an earlier position of the line (passes may; two in a row end the
//! game, the defender's). Every line is finite, so the game is solved by plain minimax over
//! lines (no memo: a result depends on the line). An immediate retake recreates the position
//! before the capture, so the ko ban and ko masters make no difference here.

use super::{KoGame, CELLS};
use tsumego_studio::go::Move;

impl KoGame {
    /// Does the attacker capture under positional superko? `None` past `budget` positions.
    pub fn attacker_wins_superko(&self, budget: u64) -> Option<bool> {
        let mut history: Vec<[u8; CELLS]> = vec![self.states[0].grid];
        let mut visited = 0;
        self.superko_from(0, &mut history, &mut visited, budget)
    }

    /// Does `mv`, played first by the side to move, keep that side's result under superko?
    /// `None` when it is not a move of the start or past `budget` positions.
    pub fn first_move_wins_superko(&self, mv: Move, budget: u64) -> Option<bool> {
        let want = match mv {
            Move::Pass => None,
            Move::Play(p) => Some((p.y() * self.size + p.x()) as u8),
        };
        let edge = self.edges[0].iter().find(|e| e.mv == want)?;
        let mover_is_attacker = self.states[0].to_move == self.attacker;
        let attacker_wins = match edge.to {
            None => false,
            Some(t) => {
                let grid = self.states[t as usize].grid;
                if want.is_some() && grid == self.states[0].grid {
                    return None;
                }
                let mut history = vec![self.states[0].grid];
                if want.is_some() {
                    history.push(grid);
                }
                let mut visited = 0;
                self.superko_from(t, &mut history, &mut visited, budget)?
            }
        };
        Some(attacker_wins == mover_is_attacker)
    }

    fn superko_from(
        &self,
        s: u32,
        history: &mut Vec<[u8; CELLS]>,
        visited: &mut u64,
        budget: u64,
    ) -> Option<bool> {
        *visited += 1;
        if *visited > budget {
            return None;
        }
        let state = &self.states[s as usize];
        if self.captured(state) {
            return Some(true);
        }
        let attacker_to_move = state.to_move == self.attacker;
        for e in &self.edges[s as usize] {
            let attacker_wins = match e.to {
                None => false,
                Some(t) => {
                    let grid = self.states[t as usize].grid;
                    let play = e.mv.is_some();
                    if play && history.contains(&grid) {
                        continue;
                    }
                    if play {
                        history.push(grid);
                    }
                    let r = self.superko_from(t, history, visited, budget);
                    if play {
                        history.pop();
                    }
                    r?
                }
            };
            if attacker_wins == attacker_to_move {
                return Some(attacker_wins);
            }
        }
        Some(!attacker_to_move)
    }
}
