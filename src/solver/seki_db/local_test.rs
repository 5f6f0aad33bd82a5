//! The local seki test that decides a candidate (Niu, Kishimoto and Müller, "Recognizing Seki in
//! Computer Go", 2006, as the seki-database paper applies it in section 3.2).
//!
//! Given a position and an *area* enclosed by White with Black stones inside, the area is a
//! local seki when neither side can win it by moving first:
//!
//! - The game is played on the *playable points*: the area and the stones of the White blocks
//!   next to it (points that empty when such a block is captured). Moves elsewhere are
//!   equivalent to passing, so two passes do not end it.
//! - The side that moves first (the *attacker* of that search) must play: it may never pass
//!   (a pass would leave the position as it is and hand the move back). The other side (the
//!   *defender*) may pass at any time.
//! - Positional repetition is forbidden (situational superko over the line: a move may not
//!   recreate a position with the same side to move); a side to move without a legal move
//!   loses if it is the attacker.
//! - Ends: White wins as soon as a White block is unconditionally alive (Benson); Black wins
//!   when the enclosing block (the largest White block next to the area) is captured or a Black
//!   stone on the playable points is unconditionally alive.
//!
//! The area is a seki when the defender wins both searches (White first, Black first). Before
//! the searches: an area whose enclosing White is already unconditionally alive is not a seki
//! (it is plain life), nor one without Black stones, nor one with an empty point that is
//! neither next to a Black stone in it nor a liberty of the enclosing block (too sparse).
//!
//! The search is exhaustive minimax without a table (the value depends on the line through the
//! repetition rule); it stops at the first refutation.

use super::candidates::enclosing_blocks;
use crate::go::benson::benson;
use crate::go::board::Board;
use crate::go::color::Color;
use crate::go::point::{Move, Point};
use crate::go::zobrist;
use crate::go::zone::Zone;

/// Why an area is not a seki, or that it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LocalVerdict {
    Seki,
    /// The enclosing White is unconditionally alive already.
    WhiteAlive,
    /// No Black stone inside the area.
    NoBlackInside,
    /// An empty area point is neither next to a Black stone in it nor a liberty of the
    /// enclosing block.
    TooSparse,
    /// No White block encloses the area.
    NotEnclosed,
    /// This side, moving first, wins.
    FirstMoverWins(Color),
}

/// The verdict and the number of positions the searches visited.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LocalTest {
    pub verdict: LocalVerdict,
    pub nodes: u64,
}

/// Decide whether `area` (points enclosed by White on `board`) is a local seki.
pub fn local_seki(board: &Board, area: &Zone) -> LocalTest {
    let test = |verdict| LocalTest { verdict, nodes: 0 };
    let blocks = enclosing_blocks(board, area);
    let Some(enclosing) = blocks.first() else {
        return test(LocalVerdict::NotEnclosed);
    };
    if benson(board, Color::White).any_alive() {
        return test(LocalVerdict::WhiteAlive);
    }
    let inner = board.stones(Color::Black).intersection(area);
    if inner.is_empty() {
        return test(LocalVerdict::NoBlackInside);
    }
    let size = board.size();
    let near_black = inner.grow(size);
    let liberties = board.liberties(enclosing.first().expect("a block has stones"));
    if !area.difference(&near_black).is_subset(&liberties) {
        return test(LocalVerdict::TooSparse);
    }
    let mut playable = *area;
    for b in &blocks {
        playable.union_with(b);
    }
    let mut search = Search {
        board: board.clone(),
        playable,
        anchor: enclosing.first().expect("a block has stones"),
        history: Vec::new(),
        nodes: 0,
    };
    for first in [Color::White, Color::Black] {
        search.history.clear();
        search.history.push(situation(&search.board, first));
        if !search.defender_wins(first, first) {
            return LocalTest {
                verdict: LocalVerdict::FirstMoverWins(first),
                nodes: search.nodes,
            };
        }
    }
    LocalTest {
        verdict: LocalVerdict::Seki,
        nodes: search.nodes,
    }
}

/// The stones and the side to move.
fn situation(board: &Board, to_move: Color) -> u64 {
    match to_move {
        Color::Black => board.hash(),
        Color::White => board.hash() ^ zobrist::WHITE_TO_MOVE_KEY,
    }
}

struct Search {
    board: Board,
    playable: Zone,
    /// A stone of the enclosing block: Black wins when it is captured.
    anchor: Point,
    /// Situations on the line, the current one last.
    history: Vec<u64>,
    nodes: u64,
}

impl Search {
    /// The game's winner if the position ends it.
    fn winner(&self) -> Option<Color> {
        if benson(&self.board, Color::White).any_alive() {
            return Some(Color::White);
        }
        if self.board.color_at(self.anchor) != Some(Color::White) {
            return Some(Color::Black);
        }
        let black = benson(&self.board, Color::Black);
        if black.any_alive() && black.alive_stones().intersects(&self.playable) {
            return Some(Color::Black);
        }
        None
    }

    /// Does the defender (the side that did not move first) win with `to_move` to play?
    fn defender_wins(&mut self, to_move: Color, attacker: Color) -> bool {
        self.nodes += 1;
        let defender = attacker.opponent();
        if let Some(w) = self.winner() {
            return w == defender;
        }
        let moves: Vec<Point> = self
            .playable
            .iter()
            .filter(|&p| self.board.is_legal(to_move, Move::Play(p)))
            .collect();
        let next = to_move.opponent();
        for p in moves {
            self.board.play_recorded(to_move, Move::Play(p));
            let s = situation(&self.board, next);
            if self.history.contains(&s) {
                self.board.undo();
                continue;
            }
            self.history.push(s);
            let defender_won = self.defender_wins(next, attacker);
            self.history.pop();
            self.board.undo();
            if to_move == attacker && !defender_won {
                return false;
            }
            if to_move == defender && defender_won {
                return true;
            }
        }
        if to_move == attacker {
            return true;
        }
        // The defender passes.
        self.board.play_recorded(to_move, Move::Pass);
        self.history.push(situation(&self.board, next));
        let defender_won = self.defender_wins(next, attacker);
        self.history.pop();
        self.board.undo();
        defender_won
    }
}
