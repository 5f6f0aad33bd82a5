//! A plain exhaustive AND/OR search of a problem, without relevance zones, tables or ordering:
//! the reference that the bundled problems are checked against (and that the RZ search will be
//! tested against). Slow and simple on purpose; only for small regions (about 12 empty points).
//!
//! Rules, matching the problem model:
//! - moves are the legal plays inside the problem's region, plus pass;
//! - the defender lives when a crucial stone (any defender stone for `LiveAny`/`KillAll`) belongs
//!   to a Benson-UCA block; it is dead when every crucial stone has been captured (`Live`/`Kill`)
//!   or when both sides pass in a row without it living;
//! - a side whose ko rule is `disallow` never makes a ko capture (a capture that leaves a simple-ko
//!   point); positional superko is applied to both sides so that every line ends.

#![allow(dead_code)]

use tsumego_studio::go::{benson, Board, Color, Move, Zone};
use tsumego_studio::problem::{KoRule, Outcome, Problem};

/// The search state.
pub struct Exhaustive {
    region: Zone,
    defender: Color,
    /// Stones whose life decides; `None` for `LiveAny`/`KillAll` (every defender stone counts).
    crucial: Option<Zone>,
    no_ko_capture: [bool; 2],
    /// Stone hashes of the positions on the current line (positional superko).
    history: Vec<u64>,
    /// Nodes visited.
    pub nodes: u64,
}

impl Exhaustive {
    pub fn new(problem: &Problem) -> Exhaustive {
        let crucial = problem
            .goal()
            .needs_crucial_stones()
            .then(|| problem.crucial());
        Exhaustive {
            region: problem.region(),
            defender: problem.defender(),
            crucial,
            no_ko_capture: [Color::Black, Color::White]
                .map(|c| problem.ko_rule(c) == KoRule::Disallow),
            history: vec![problem.board().hash()],
            nodes: 0,
        }
    }

    /// The result for the OR player of `problem` with its side to move.
    pub fn solve(problem: &Problem) -> (Outcome, u64) {
        let mut search = Exhaustive::new(problem);
        let mut board = problem.board().clone();
        let lives = search.defender_lives(&mut board, problem.to_move(), false);
        let outcome = if lives == problem.goal().or_defends() {
            Outcome::Win
        } else {
            Outcome::Fail
        };
        (outcome, search.nodes)
    }

    /// Does the defender live?
    fn settled(&self, board: &Board) -> Option<bool> {
        let stones = board.stones(self.defender);
        let decisive = match self.crucial {
            Some(crucial) => stones.intersection(&crucial),
            None => stones,
        };
        if self.crucial.is_some() && decisive.is_empty() {
            return Some(false);
        }
        let life = benson(board, self.defender);
        decisive.iter().any(|p| life.is_alive(p)).then_some(true)
    }

    /// True when the defender lives with `to_move` to play; `passed`: the last move was a pass.
    pub fn defender_lives(&mut self, board: &mut Board, to_move: Color, passed: bool) -> bool {
        self.nodes += 1;
        if let Some(result) = self.settled(board) {
            return result;
        }
        let wants_life = to_move == self.defender;
        for p in board.legal_moves(to_move, Some(&self.region)) {
            let mv = Move::Play(p);
            if board.would_repeat(to_move, mv, &self.history) {
                continue;
            }
            board.play_recorded(to_move, mv);
            if self.no_ko_capture[to_move.index()] && board.ko().is_some() {
                board.undo();
                continue;
            }
            self.history.push(board.hash());
            let lives = self.defender_lives(board, to_move.opponent(), false);
            self.history.pop();
            board.undo();
            if lives == wants_life {
                return lives;
            }
        }
        if passed {
            // Two passes in a row: the defender has not lived.
            return false;
        }
        board.play_recorded(to_move, Move::Pass);
        let lives = self.defender_lives(board, to_move.opponent(), true);
        board.undo();
        lives
    }
}
