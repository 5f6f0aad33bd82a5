//! Whether the block enclosing a database seki survives under the solver's own rules: what
//! turns a database hit into a sound terminal of the search ([`crate::solver::knowledge::seki_leaf`]) and
//! what the checker re-derives for such a leaf.
//!
//! The database was decided by Niu's local seki test: each side moving first, situational
//! superko, both sides free to fight kos. The solver's game differs (simple ko, a side whose
//! ko rule is `disallow` never takes a ko, a repeated position fails the OR player), so a hit
//! is confirmed by a stricter local game that is sound for every ko rule and either OR player:
//!
//! - **The pattern.** The area and its contents are copied; every point next to the area
//!   (diagonals included, the database's *ring*) is White, every point next to the ring outside
//!   it is Black (the *boundary*, taking the ring's outside liberties), the rest is empty. White
//!   is the enclosing colour (the colours are swapped for a Black defender). The real enclosing
//!   block is one block holding every point next to the area; it has at least the pattern's
//!   liberties, so every White move legal in the pattern is legal on the real board and every
//!   capture of it needs at least the pattern's Black moves.
//! - **The game.** Black moves first, plays in the area only (on points of the problem's
//!   region: the others are no moves in the real game either) and never passes (White would pass
//!   back: a Black pass gains nothing, since White never takes a ko and so never bans a Black
//!   play). White plays in the area (in the region too) or passes, and never makes a ko
//!   capture. Black wins when a
//!   White stone next to the area is captured, or when a Black play repeats a position of the
//!   line (stones and side to move); a White move that would repeat one is refused. White wins
//!   when a White block next to the area is unconditionally alive (Benson), or when Black has no
//!   legal play.
//! - **Why it is sound.** White's winning strategy here is one on the real board too: Black moves
//!   elsewhere change nothing in the area and are answered by a pass; Black's extra options
//!   there (none: the real block has at least the pattern's liberties) and White's ko rule
//!   (White never takes a ko) only favour Black in the pattern; no position of the real game
//!   repeats, since a repetition would repeat the area's stones, which Black's win by
//!   repetition excludes. So the enclosing block is never captured whatever Black does, from
//!   either side to move (with White to move, White may pass: the same position with Black to
//!   move), and the defender keeps a stone on the board for ever: life for every goal where seki
//!   is life. Positional superko would refuse White's answers on the real board, so the rule is
//!   off under it, as the static rule is.
//!
//! The verdict depends on the database key only (the area's shape up to symmetry, the edges it
//! touches and which area points hold an inside stone), so the solver keeps it per key.

use crate::go::benson::benson;
use crate::go::board::Board;
use crate::go::color::Color;
use crate::go::point::{Move, Point};
use crate::go::zone::Zone;
use crate::solver::knowledge::not_alive::may_be_alive;
use std::collections::HashMap;

use super::candidates::{boundary_of, ring_of};
use super::local_test::situation;

/// Positions a survival search visits at most before it gives up.
pub const SURVIVAL_NODES: u64 = 200_000;

/// The outcome of the strict local game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Survival {
    /// The enclosing block is never captured.
    Survives,
    /// Black captures it (or forces a repetition), or the pattern cannot be built.
    Falls,
    /// The search ran out of its node budget.
    Unknown,
}

/// The area's pattern as the database sees it, with White enclosing: the area's contents
/// (`enclosing`'s opponent's stones become Black), the ring White, the boundary Black, the rest
/// of a board of the same size empty. `None` when a block of the pattern would have no
/// liberty (a board too small for it).
pub fn pattern_board(board: &Board, enclosing: Color, area: &Zone) -> Option<Board> {
    let size = board.size();
    let ring = ring_of(area, size);
    let boundary = boundary_of(area, &ring, size);
    let inside = board.stones(enclosing.opponent()).intersection(area);
    let pattern = Board::with_stones(size, &inside.union(&boundary), &ring);
    pattern
        .blocks_without_liberties()
        .is_empty()
        .then_some(pattern)
}

/// Does the White enclosing block of `area` on `pattern` (from [`pattern_board`]) survive the
/// strict local game with Black moving first, within `max_nodes` positions? Neither side may
/// play on the points of `barred` (the area's points outside the problem's region).
pub fn enclosing_survives(pattern: &Board, area: &Zone, barred: &Zone, max_nodes: u64) -> Survival {
    let size = pattern.size();
    let next_to = area.grow(size).difference(area);
    let mut search = Search {
        board: pattern.clone(),
        area: area.difference(barred),
        next_to,
        history: vec![situation(pattern, Color::Black)],
        known: HashMap::new(),
        nodes: 0,
        max_nodes,
        out_of_budget: false,
    };
    let (survives, _) = search.white_survives(Color::Black);
    if search.out_of_budget {
        Survival::Unknown
    } else if survives {
        Survival::Survives
    } else {
        Survival::Falls
    }
}

struct Search {
    board: Board,
    /// The area's points either side may play.
    area: Zone,
    /// The White points next to the area: Black wins when one of them is captured.
    next_to: Zone,
    /// Situations on the line, the current one last.
    history: Vec<u64>,
    /// Situations decided without a repetition above them: does White survive?
    known: HashMap<u64, bool>,
    nodes: u64,
    max_nodes: u64,
    out_of_budget: bool,
}

impl Search {
    /// Does White survive with `to_move` to play (the situation last in `history`)? Also the
    /// earliest index of `history` a repetition in the search met (`usize::MAX` for none).
    fn white_survives(&mut self, to_move: Color) -> (bool, usize) {
        self.nodes += 1;
        if self.nodes > self.max_nodes {
            self.out_of_budget = true;
        }
        if self.out_of_budget {
            return (false, 0);
        }
        if !self.next_to.is_subset(&self.board.stones(Color::White)) {
            return (false, usize::MAX);
        }
        if self.white_alive() {
            return (true, usize::MAX);
        }
        let here = situation(&self.board, to_move);
        if let Some(&won) = self.known.get(&here) {
            return (won, usize::MAX);
        }
        let depth = self.history.len() - 1;
        let (won, earliest) = match to_move {
            Color::Black => self.black_moves(),
            Color::White => self.white_moves(),
        };
        if earliest >= depth && !self.out_of_budget {
            self.known.insert(here, won);
        }
        (won, earliest)
    }

    fn white_alive(&self) -> bool {
        let white = self.board.stones(Color::White).intersection(&self.next_to);
        let candidate = self
            .board
            .blocks_of(&white)
            .any(|(_, block)| may_be_alive(&self.board, Color::White, &block));
        candidate && {
            let life = benson(&self.board, Color::White);
            white.iter().any(|p| life.is_alive(p))
        }
    }

    /// Black to play: it needs one play after which White falls.
    fn black_moves(&mut self) -> (bool, usize) {
        let mut earliest = usize::MAX;
        for p in self.legal_plays(Color::Black) {
            let (survives, e) = match self.child(Color::Black, Move::Play(p)) {
                Ok(result) => result,
                // Black repeats a position: counted as Black's win.
                Err(i) => return (false, earliest.min(i)),
            };
            earliest = earliest.min(e);
            if !survives {
                return (false, earliest);
            }
        }
        (true, earliest)
    }

    /// White to play: one pass or play (never a ko capture) after which it survives.
    fn white_moves(&mut self) -> (bool, usize) {
        let mut earliest = usize::MAX;
        let plays = self.legal_plays(Color::White);
        for mv in std::iter::once(Move::Pass).chain(plays.into_iter().map(Move::Play)) {
            match self.child(Color::White, mv) {
                Ok((true, e)) => return (true, earliest.min(e)),
                Ok((false, e)) => earliest = earliest.min(e),
                Err(i) => earliest = earliest.min(i),
            }
        }
        (false, earliest)
    }

    /// Legal plays of `c` in the area, captures first; White's ko captures left out.
    fn legal_plays(&mut self, c: Color) -> Vec<Point> {
        let mut plays: Vec<(bool, Point)> = self
            .area
            .iter()
            .filter(|&p| self.board.is_legal(c, Move::Play(p)))
            .map(|p| (!self.board.captures_something(c, p), p))
            .collect();
        plays.sort_unstable();
        plays
            .into_iter()
            .map(|(_, p)| p)
            .filter(|&p| c == Color::Black || !self.is_ko_capture(c, p))
            .collect()
    }

    fn is_ko_capture(&mut self, c: Color, p: Point) -> bool {
        self.board.play_recorded(c, Move::Play(p));
        let ko = self.board.ko().is_some();
        self.board.undo();
        ko
    }

    /// [`Search::white_survives`] after `c` plays `mv`, the board and line restored after;
    /// `Err(i)` when the move repeats the situation `history[i]`.
    fn child(&mut self, c: Color, mv: Move) -> Result<(bool, usize), usize> {
        let next = c.opponent();
        self.board.play_recorded(c, mv);
        let s = situation(&self.board, next);
        if let Some(i) = self.history.iter().position(|&h| h == s) {
            self.board.undo();
            return Err(i);
        }
        self.history.push(s);
        let result = self.white_survives(next);
        self.history.pop();
        self.board.undo();
        Ok(result)
    }
}
