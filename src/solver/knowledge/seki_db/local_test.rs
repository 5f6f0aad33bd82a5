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
//! The search is exhaustive minimax that stops at the first refutation, with a table of the
//! positions (stones and side to move) already decided in this search. The value of a position
//! can depend on the line through the repetition rule (the graph-history problem); the build
//! keeps every value ([`TableMode::Every`]), which takes area 6 from 83 million positions to
//! 0.7 million and gives the paper's counts for areas 5 and 6 exactly; [`TableMode::LineSafe`]
//! keeps only values whose search met no repetition above them. The independent reference
//! search of `tests/it/seki_reference` (no table at all) checks a seeded sample.

use super::candidates::enclosing_blocks;
use crate::go::benson::benson;
use crate::go::board::Board;
use crate::go::color::Color;
use crate::go::point::{Move, Point};
use crate::go::zobrist;
use crate::go::zone::Zone;
use crate::solver::knowledge::not_alive::may_be_alive;
use std::collections::HashMap;

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
    /// The searches ran out of their node budget.
    Unknown,
}

/// Which decided positions a search keeps in its table.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum TableMode {
    /// Every decided position (the database build: fast; a value that depended on a repetition
    /// above the position is reused in other lines, the graph-history approximation).
    #[default]
    Every,
    /// Only positions whose search met no repetition above them on the line (slower, closer to
    /// the plain search).
    LineSafe,
}

/// How a local test searches.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LocalOptions {
    pub table: TableMode,
    /// Stop with [`LocalVerdict::Unknown`] after this many positions (`None`: no limit).
    pub max_nodes: Option<u64>,
}

/// The verdict and the number of positions the searches visited.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LocalTest {
    pub verdict: LocalVerdict,
    pub nodes: u64,
}

/// Decide whether `area` (points enclosed by White on `board`) is a local seki. White must be
/// the enclosing colour (swap the board's colours for Black).
pub fn local_seki(board: &Board, area: &Zone) -> LocalTest {
    local_seki_with(board, area, LocalOptions::default())
}

/// [`local_seki`] with a choice of table and a node budget.
pub fn local_seki_with(board: &Board, area: &Zone, options: LocalOptions) -> LocalTest {
    let test = |verdict| LocalTest { verdict, nodes: 0 };
    let blocks = enclosing_blocks(board, Color::White, area);
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
        known: HashMap::new(),
        nodes: 0,
        options,
        out_of_budget: false,
    };
    for first in [Color::White, Color::Black] {
        search.history.clear();
        search.known.clear();
        search.history.push(situation(&search.board, first));
        let defender_won = search.defender_wins(first, first).0;
        if search.out_of_budget {
            return LocalTest {
                verdict: LocalVerdict::Unknown,
                nodes: search.nodes,
            };
        }
        if !defender_won {
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
pub(super) fn situation(board: &Board, to_move: Color) -> u64 {
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
    /// Situations decided in this search (which ones are kept: [`TableMode`]): does the
    /// defender win?
    known: HashMap<u64, bool>,
    nodes: u64,
    options: LocalOptions,
    out_of_budget: bool,
}

impl Search {
    /// The game's winner if the position ends it.
    fn winner(&self) -> Option<Color> {
        if self.may_live(Color::White, &self.board.stones(Color::White))
            && benson(&self.board, Color::White).any_alive()
        {
            return Some(Color::White);
        }
        if self.board.color_at(self.anchor) != Some(Color::White) {
            return Some(Color::Black);
        }
        let inner = self.board.stones(Color::Black).intersection(&self.playable);
        if self.may_live(Color::Black, &inner) {
            let black = benson(&self.board, Color::Black);
            if black.alive_stones().intersects(&self.playable) {
                return Some(Color::Black);
            }
        }
        None
    }

    /// Could a block of `color` with a stone in `stones` be unconditionally alive (a cheap
    /// necessary test before Benson's algorithm)?
    fn may_live(&self, color: Color, stones: &Zone) -> bool {
        self.board
            .blocks_of(stones)
            .any(|(_, block)| may_be_alive(&self.board, color, &block))
    }

    /// Does the defender (the side that did not move first) win with `to_move` to play (the
    /// current situation last in `history`)? Also the earliest place in `history` a repetition
    /// in the search met (`usize::MAX` for none): the value holds in every line that shares
    /// the history from there on.
    fn defender_wins(&mut self, to_move: Color, attacker: Color) -> (bool, usize) {
        self.nodes += 1;
        if self.options.max_nodes.is_some_and(|m| self.nodes > m) {
            self.out_of_budget = true;
        }
        if self.out_of_budget {
            return (false, 0);
        }
        let defender = attacker.opponent();
        if let Some(w) = self.winner() {
            return (w == defender, usize::MAX);
        }
        let here = situation(&self.board, to_move);
        if let Some(&won) = self.known.get(&here) {
            return (won, usize::MAX);
        }
        let depth = self.history.len() - 1;
        let (won, earliest) = self.expand(to_move, attacker);
        let keep = match self.options.table {
            TableMode::Every => true,
            TableMode::LineSafe => earliest >= depth,
        };
        if keep && !self.out_of_budget {
            self.known.insert(here, won);
        }
        (won, earliest)
    }

    fn expand(&mut self, to_move: Color, attacker: Color) -> (bool, usize) {
        let defender = attacker.opponent();
        let mut earliest = usize::MAX;
        if to_move == defender {
            // Waiting is the defender's usual answer in a seki: try the pass first.
            let (defender_won, e) = self
                .child(to_move, Move::Pass, attacker)
                .expect("a pass is never refused");
            earliest = earliest.min(e);
            if defender_won {
                return (true, earliest);
            }
        }
        let mut moves: Vec<(bool, Point)> = self
            .playable
            .iter()
            .filter(|&p| self.board.is_legal(to_move, Move::Play(p)))
            .map(|p| (!self.board.captures_something(to_move, p), p))
            .collect();
        moves.sort_unstable();
        for (_, p) in moves {
            let (defender_won, e) = match self.child(to_move, Move::Play(p), attacker) {
                Ok(result) => result,
                Err(repeated) => {
                    earliest = earliest.min(repeated);
                    continue;
                }
            };
            earliest = earliest.min(e);
            if to_move == attacker && !defender_won {
                return (false, earliest);
            }
            if to_move == defender && defender_won {
                return (true, earliest);
            }
        }
        (to_move == attacker, earliest)
    }

    /// [`Search::defender_wins`] after `to_move` plays `mv`, the board and the line restored
    /// after; `Err(i)` when the play repeats the situation `history[i]` and is refused (a pass
    /// never is).
    fn child(&mut self, to_move: Color, mv: Move, attacker: Color) -> Result<(bool, usize), usize> {
        let next = to_move.opponent();
        self.board.play_recorded(to_move, mv);
        let s = situation(&self.board, next);
        if mv != Move::Pass {
            if let Some(i) = self.history.iter().position(|&h| h == s) {
                self.board.undo();
                return Err(i);
            }
        }
        self.history.push(s);
        let result = self.defender_wins(next, attacker);
        self.history.pop();
        self.board.undo();
        Ok(result)
    }
}
