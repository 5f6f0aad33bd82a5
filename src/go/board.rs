//! The Go board: stones, blocks (chains) with exact liberty counts kept incrementally, captures,
//! suicide, simple ko, Zobrist hashing, and recorded play with undo.
//!
//! The move API is a family (after KataGo and shakmaty):
//! - [`Board::play`]: checked; returns an [`IllegalMove`] and leaves the board unchanged.
//! - [`Board::play_unchecked`]: the caller guarantees legality (checked by `debug_assert!`).
//! - [`Board::play_recorded`] + [`Board::undo`]: for depth-first search; undos must come in reverse
//!   order of the recorded plays.
//!
//! Rules: a stone without liberties after its own captures is suicide and illegal; a move that
//! captures exactly one stone with a single stone that is then left with one liberty creates a
//! simple-ko point the opponent may not play on the next turn. Positional superko is decided a level
//! up with [`Board::would_repeat`] against a caller-kept list of hashes.

use super::color::Color;
use super::point::{Move, Point, NUM_CELLS};
use super::zobrist;
use super::zone::Zone;
use std::fmt;
use thiserror::Error;

/// Content of one cell of the padded array.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Cell {
    Empty,
    Stone(Color),
    /// Outside the board.
    Edge,
}

const EMPTY: u8 = 0;
const BLACK: u8 = 1;
const WHITE: u8 = 2;
const EDGE: u8 = 3;

#[inline]
fn code(c: Color) -> u8 {
    match c {
        Color::Black => BLACK,
        Color::White => WHITE,
    }
}

/// Why a move was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
pub enum IllegalMove {
    #[error("{0:?} is not on the board")]
    OffBoard(Point),
    #[error("point {0:?} is occupied")]
    Occupied(Point),
    #[error("point {0:?} is a simple-ko recapture")]
    Ko(Point),
    #[error("playing at {0:?} is suicide")]
    Suicide(Point),
}

/// Per-block data, valid at the block's head point only.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct ChainInfo {
    /// Number of stones in the block.
    stones: u16,
    /// Exact number of distinct liberties.
    libs: u16,
}

/// What [`Board::undo`] needs to take a move back. Fixed size: at most four neighbouring blocks.
#[derive(Clone, Copy, Debug)]
struct UndoRecord {
    /// The move's point, `None` for a pass.
    point: Option<Point>,
    color: Color,
    prev_ko: Option<(Point, Color)>,
    prev_hash: u64,
    /// Head of the block the new stone joined (the largest neighbouring own block), if any.
    target: Option<u16>,
    /// `ChainInfo` of `target` before the move.
    target_info: ChainInfo,
    /// Heads of the other own blocks merged into `target`, in merge order.
    absorbed: [u16; 4],
    /// `ChainInfo` of each absorbed block before the move. Kept here because the entry at an
    /// absorbed head may be overwritten while the block is merged (its points can be captured and
    /// replayed as new blocks before this move is undone).
    absorbed_info: [ChainInfo; 4],
    num_absorbed: u8,
    /// Heads of distinct opponent blocks that lost a liberty (captured or not).
    opp: [u16; 4],
    num_opp: u8,
    /// Start of this move's captured stones in `Board::captured`; blocks are stored as
    /// `[head, count, stones in list order...]`.
    captured_start: u32,
    num_captured: u16,
}

/// A Go board of side 2..=19. See the module documentation.
#[derive(Clone)]
pub struct Board {
    /// Board side.
    size: u8,
    /// EMPTY / BLACK / WHITE / EDGE per padded cell.
    cells: [u8; NUM_CELLS],
    /// The stones of each colour as zones (kept in step with `cells`), and all on-board points.
    stone_sets: [Zone; 2],
    on_board: Zone,
    /// For a stone: the head point of its block. Undefined for empty points.
    head: [u16; NUM_CELLS],
    /// For a stone: the next stone of its block in a circular list. Undefined for empty points.
    next: [u16; NUM_CELLS],
    /// Block data, valid at head points only.
    chains: [ChainInfo; NUM_CELLS],
    /// The simple-ko point and the colour forbidden to play there on the next move.
    ko: Option<(Point, Color)>,
    /// Zobrist hash of the stones (not of side to move or ko).
    hash: u64,
    /// Stones captured by each colour, over the board's whole history.
    captures: [u32; 2],
    /// Undo stack of recorded moves.
    undo_stack: Vec<UndoRecord>,
    /// Captured stones of recorded moves (see `UndoRecord::captured_start`).
    captured: Vec<u16>,
}

impl Board {
    /// An empty board of side `size`. Panics unless `2 <= size <= 19`; see [`Board::try_new`].
    pub fn new(size: usize) -> Board {
        Board::try_new(size).unwrap_or_else(|| panic!("board size {size} not in 2..=19"))
    }

    /// An empty board, or `None` when `size` is not in `2..=19`.
    pub fn try_new(size: usize) -> Option<Board> {
        if !(2..=super::point::MAX_SIZE).contains(&size) {
            return None;
        }
        let mut cells = [EDGE; NUM_CELLS];
        for (i, c) in cells.iter_mut().enumerate() {
            if Point::from_index(i).on_board(size) {
                *c = EMPTY;
            }
        }
        Some(Board {
            size: size as u8,
            cells,
            stone_sets: [Zone::EMPTY; 2],
            on_board: Zone::full(size),
            head: [0; NUM_CELLS],
            next: [0; NUM_CELLS],
            chains: [ChainInfo::default(); NUM_CELLS],
            ko: None,
            hash: 0,
            captures: [0; 2],
            undo_stack: Vec::with_capacity(256),
            captured: Vec::with_capacity(1024),
        })
    }

    #[inline]
    pub fn size(&self) -> usize {
        self.size as usize
    }

    /// All points of the board, row by row.
    pub fn points(&self) -> impl Iterator<Item = Point> + '_ {
        let n = self.size();
        (0..n).flat_map(move |y| (0..n).map(move |x| Point::new(x, y)))
    }

    /// The zone of all points of the board.
    pub fn all_points(&self) -> Zone {
        self.on_board
    }

    /// Write a cell, keeping the stone zones in step.
    #[inline]
    fn set_cell(&mut self, i: usize, v: u8) {
        let p = Point::from_index(i);
        match self.cells[i] {
            BLACK => {
                self.stone_sets[0].remove(p);
            }
            WHITE => {
                self.stone_sets[1].remove(p);
            }
            _ => {}
        }
        match v {
            BLACK => {
                self.stone_sets[0].insert(p);
            }
            WHITE => {
                self.stone_sets[1].insert(p);
            }
            _ => {}
        }
        self.cells[i] = v;
    }

    #[inline]
    pub fn cell(&self, p: Point) -> Cell {
        match self.cells[p.index()] {
            EMPTY => Cell::Empty,
            BLACK => Cell::Stone(Color::Black),
            WHITE => Cell::Stone(Color::White),
            _ => Cell::Edge,
        }
    }

    /// The colour of the stone on `p`, if any.
    #[inline]
    pub fn color_at(&self, p: Point) -> Option<Color> {
        match self.cells[p.index()] {
            BLACK => Some(Color::Black),
            WHITE => Some(Color::White),
            _ => None,
        }
    }

    #[inline]
    pub fn is_empty(&self, p: Point) -> bool {
        self.cells[p.index()] == EMPTY
    }

    #[inline]
    pub fn on_board(&self, p: Point) -> bool {
        self.cells[p.index()] != EDGE
    }

    /// Zobrist hash of the stones.
    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// Hash of the stones, the side to move and the ko point: equal positions in the sense of
    /// "same legal moves and same future" get equal hashes.
    pub fn position_hash(&self, to_move: Color) -> u64 {
        let mut h = self.hash;
        if to_move == Color::White {
            h ^= zobrist::WHITE_TO_MOVE_KEY;
        }
        if let Some(p) = self.ko_point_for(to_move) {
            h ^= zobrist::ko_key(p);
        }
        h
    }

    /// The simple-ko point and the colour that may not play there next.
    #[inline]
    pub fn ko(&self) -> Option<(Point, Color)> {
        self.ko
    }

    /// The point `c` may not play on because of simple ko.
    #[inline]
    pub fn ko_point_for(&self, c: Color) -> Option<Point> {
        self.ko.filter(|&(_, who)| who == c).map(|(p, _)| p)
    }

    /// Forget the simple-ko point (e.g. when setting up a position).
    pub fn clear_ko(&mut self) {
        self.ko = None;
    }

    /// Stones captured by `c` so far.
    pub fn captures_by(&self, c: Color) -> u32 {
        self.captures[c.index()]
    }

    /// Number of recorded moves that can be undone.
    pub fn undo_depth(&self) -> usize {
        self.undo_stack.len()
    }

    /// Head point of the block on `p` (a block identifier, stable while the block is unchanged).
    /// `p` must hold a stone.
    #[inline]
    pub fn block_id(&self, p: Point) -> Point {
        debug_assert!(self.color_at(p).is_some());
        Point::from_index(self.head[p.index()] as usize)
    }

    /// Number of liberties of the block on `p` (which must hold a stone).
    #[inline]
    pub fn num_liberties(&self, p: Point) -> usize {
        debug_assert!(self.color_at(p).is_some());
        self.chains[self.head[p.index()] as usize].libs as usize
    }

    /// Number of stones of the block on `p` (which must hold a stone).
    #[inline]
    pub fn block_size(&self, p: Point) -> usize {
        debug_assert!(self.color_at(p).is_some());
        self.chains[self.head[p.index()] as usize].stones as usize
    }

    /// The stones of the block on `p` (which must hold a stone).
    pub fn block_stones(&self, p: Point) -> Zone {
        let mut z = Zone::new();
        let start = p.index();
        let mut q = start;
        loop {
            z.insert(Point::from_index(q));
            q = self.next[q] as usize;
            if q == start {
                return z;
            }
        }
    }

    /// The blocks holding the stones `stones` (each a stone of the board), each once: a stone
    /// of the block and its stones.
    pub fn blocks_of<'a>(&'a self, stones: &'a Zone) -> impl Iterator<Item = (Point, Zone)> + 'a {
        let mut seen = Zone::new();
        stones.iter().filter_map(move |p| {
            if seen.contains(p) {
                return None;
            }
            let block = self.block_stones(p);
            seen.union_with(&block);
            Some((p, block))
        })
    }

    /// The liberties of the block on `p` (which must hold a stone).
    pub fn liberties(&self, p: Point) -> Zone {
        let mut libs = Zone::new();
        for s in self.block_stones(p).iter() {
            for n in s.neighbors() {
                if self.cells[n.index()] == EMPTY {
                    libs.insert(n);
                }
            }
        }
        libs
    }

    /// All stones of colour `c`.
    pub fn stones(&self, c: Color) -> Zone {
        self.stone_sets[c.index()]
    }

    /// All empty points.
    pub fn empty_points(&self) -> Zone {
        self.on_board
            .difference(&self.stone_sets[0])
            .difference(&self.stone_sets[1])
    }

    /// One representative point (the head) per block of colour `c`, in ascending order.
    pub fn block_heads(&self, c: Color) -> Vec<Point> {
        let k = code(c);
        self.points()
            .filter(|p| self.cells[p.index()] == k && self.head[p.index()] as usize == p.index())
            .collect()
    }

    /// Is `mv` legal for `c` under simple ko (no superko)?
    pub fn check(&self, c: Color, mv: Move) -> Result<(), IllegalMove> {
        let p = match mv {
            Move::Pass => return Ok(()),
            Move::Play(p) => p,
        };
        match self.cells[p.index()] {
            EMPTY => {}
            EDGE => return Err(IllegalMove::OffBoard(p)),
            _ => return Err(IllegalMove::Occupied(p)),
        }
        if self.ko_point_for(c) == Some(p) {
            return Err(IllegalMove::Ko(p));
        }
        if self.is_suicide(c, p) {
            return Err(IllegalMove::Suicide(p));
        }
        Ok(())
    }

    #[inline]
    pub fn is_legal(&self, c: Color, mv: Move) -> bool {
        self.check(c, mv).is_ok()
    }

    /// Would a stone of `c` on the empty point `p` have no liberties after its captures?
    pub fn is_suicide(&self, c: Color, p: Point) -> bool {
        let own = code(c);
        for n in p.neighbors() {
            let v = self.cells[n.index()];
            if v == EMPTY {
                return false;
            }
            if v == EDGE {
                continue;
            }
            let libs = self.chains[self.head[n.index()] as usize].libs;
            if v == own {
                // Joining a block that keeps another liberty.
                if libs > 1 {
                    return false;
                }
            } else if libs == 1 {
                // Captures an opponent block.
                return false;
            }
        }
        true
    }

    /// Would the stone of `c` on `p` capture something? (`p` must be empty.)
    pub fn captures_something(&self, c: Color, p: Point) -> bool {
        let opp = code(c.opponent());
        p.neighbors().iter().any(|n| {
            self.cells[n.index()] == opp && self.chains[self.head[n.index()] as usize].libs == 1
        })
    }

    /// Legal moves of `c` (simple ko), optionally restricted to `zone`, pass excluded, in ascending
    /// point order.
    pub fn legal_moves(&self, c: Color, zone: Option<&Zone>) -> Vec<Point> {
        let mut out = Vec::new();
        self.legal_moves_into(c, zone, &mut out);
        out
    }

    /// As [`Board::legal_moves`], into a caller-owned buffer (cleared first).
    pub fn legal_moves_into(&self, c: Color, zone: Option<&Zone>, out: &mut Vec<Point>) {
        out.clear();
        let candidates = match zone {
            Some(z) => *z,
            None => self.all_points(),
        };
        for p in candidates.iter() {
            if self.cells[p.index()] == EMPTY
                && self.ko_point_for(c) != Some(p)
                && !self.is_suicide(c, p)
            {
                out.push(p);
            }
        }
    }

    /// Checked play: on error the board is unchanged. Not undoable.
    pub fn play(&mut self, c: Color, mv: Move) -> Result<(), IllegalMove> {
        self.check(c, mv)?;
        self.play_unchecked(c, mv);
        Ok(())
    }

    /// Play a move the caller knows to be legal (see [`Board::check`]). Not undoable.
    pub fn play_unchecked(&mut self, c: Color, mv: Move) {
        self.play_recorded(c, mv);
        self.forget_last_record();
    }

    /// Play a legal move and record it so that [`Board::undo`] can take it back.
    pub fn play_recorded(&mut self, c: Color, mv: Move) {
        debug_assert!(self.is_legal(c, mv), "illegal move {mv:?} for {c}");
        let mut rec = UndoRecord {
            point: mv.point(),
            color: c,
            prev_ko: self.ko,
            prev_hash: self.hash,
            target: None,
            target_info: ChainInfo::default(),
            absorbed: [0; 4],
            absorbed_info: [ChainInfo::default(); 4],
            num_absorbed: 0,
            opp: [0; 4],
            num_opp: 0,
            captured_start: self.captured.len() as u32,
            num_captured: 0,
        };
        self.ko = None;
        if let Move::Play(p) = mv {
            self.place_stone(c, p, &mut rec);
        }
        self.undo_stack.push(rec);
    }

    /// [`Board::play_recorded`] for a side that may retake a ko at once (a "ko master": it has a
    /// ko threat ready whenever it needs one): the simple-ko ban on `c` is lifted for this move.
    /// [`Board::undo`] restores the ban. The move must otherwise be legal.
    pub fn play_recorded_lifting_ko(&mut self, c: Color, mv: Move) {
        let prev = self.ko;
        if mv.point().is_some() && mv.point() == self.ko_point_for(c) {
            self.ko = None;
        }
        self.play_recorded(c, mv);
        if let Some(rec) = self.undo_stack.last_mut() {
            rec.prev_ko = prev;
        }
    }

    /// Take back the last recorded move. Returns false when there is none.
    pub fn undo(&mut self) -> bool {
        let Some(rec) = self.undo_stack.pop() else {
            return false;
        };
        if let Some(p) = rec.point {
            self.remove_placed_stone(p, &rec);
        }
        self.ko = rec.prev_ko;
        self.hash = rec.prev_hash;
        true
    }

    /// The last recorded move (`None` when no move is recorded).
    pub fn last_move(&self) -> Option<Move> {
        let rec = self.undo_stack.last()?;
        Some(rec.point.map_or(Move::Pass, Move::Play))
    }

    /// The stones captured by the last recorded move (empty for a pass, a move without captures,
    /// or when no move is recorded).
    pub fn last_captures(&self) -> Zone {
        let mut z = Zone::new();
        let Some(rec) = self.undo_stack.last() else {
            return z;
        };
        let mut i = rec.captured_start as usize;
        while i < self.captured.len() {
            let count = self.captured[i + 1] as usize;
            for k in 0..count {
                z.insert(Point::from_index(self.captured[i + 2 + k] as usize));
            }
            i += 2 + count;
        }
        z
    }

    /// Drop the undo information of the last recorded move (it can no longer be undone).
    fn forget_last_record(&mut self) {
        if let Some(rec) = self.undo_stack.pop() {
            self.captured.truncate(rec.captured_start as usize);
        }
    }

    /// Drop all undo information.
    pub fn clear_history(&mut self) {
        self.undo_stack.clear();
        self.captured.clear();
    }

    /// Would `c` playing the legal move `mv` recreate a stone configuration whose hash is in
    /// `history`? (Positional superko.)
    pub fn would_repeat(&mut self, c: Color, mv: Move, history: &[u64]) -> bool {
        if mv == Move::Pass {
            return false;
        }
        self.play_recorded(c, mv);
        let h = self.hash;
        self.undo();
        history.contains(&h)
    }

    /// Put a stone on an empty point during set-up, without captures or ko. The resulting block
    /// may have no liberties; [`Board::blocks_without_liberties`] reports such blocks. Returns false
    /// (board unchanged) when `p` is off-board or occupied.
    pub fn set_stone(&mut self, c: Color, p: Point) -> bool {
        if self.cells[p.index()] != EMPTY {
            return false;
        }
        self.set_cell(p.index(), code(c));
        self.rebuild();
        true
    }

    /// A `size` board with these stones (set up at once, one rebuild; a point in both zones is
    /// Black's, points off the board are ignored). Blocks may have no liberties, as with
    /// [`Board::set_stone`].
    pub fn with_stones(size: usize, black: &Zone, white: &Zone) -> Board {
        let mut board = Board::new(size);
        let on = Zone::full(size);
        for (zone, c) in [(white, Color::White), (black, Color::Black)] {
            for p in zone.intersection(&on).iter() {
                board.set_cell(p.index(), code(c));
            }
        }
        board.rebuild();
        board
    }

    /// Remove a stone during set-up. Returns false when `p` holds no stone.
    pub fn clear_point(&mut self, p: Point) -> bool {
        if self.color_at(p).is_none() {
            return false;
        }
        self.set_cell(p.index(), EMPTY);
        self.rebuild();
        true
    }

    /// Set-up: take off every block without liberties, Black's first, one block at a time
    /// (taking one off may give a White block its liberty back).
    pub fn clear_blocks_without_liberties(&mut self) {
        for c in Color::ALL {
            while let Some(h) = self
                .block_heads(c)
                .into_iter()
                .find(|&h| self.num_liberties(h) == 0)
            {
                for p in self.block_stones(h).iter() {
                    self.clear_point(p);
                }
            }
        }
    }

    /// Heads of blocks that have no liberty (only possible after set-up edits).
    pub fn blocks_without_liberties(&self) -> Vec<Point> {
        Color::ALL
            .iter()
            .flat_map(|&c| self.block_heads(c))
            .filter(|&h| self.chains[h.index()].libs == 0)
            .collect()
    }

    /// Recompute blocks, liberties and hash from the stones; clears ko and history.
    fn rebuild(&mut self) {
        self.ko = None;
        self.clear_history();
        self.hash = 0;
        let mut seen = Zone::new();
        for p in self.points().collect::<Vec<_>>() {
            let Some(c) = self.color_at(p) else { continue };
            self.hash ^= zobrist::stone_key(c, p);
            if seen.contains(p) {
                continue;
            }
            let stones = self.flood_block(p);
            seen.union_with(&stones);
            let list: Vec<Point> = stones.iter().collect();
            for (i, s) in list.iter().enumerate() {
                self.head[s.index()] = p.index() as u16;
                self.next[s.index()] = list[(i + 1) % list.len()].index() as u16;
            }
            let libs = self.liberties(p).len();
            self.chains[p.index()] = ChainInfo {
                stones: list.len() as u16,
                libs: libs as u16,
            };
        }
    }

    /// The stones connected to `p` by flood fill (independent of the incremental structure).
    fn flood_block(&self, p: Point) -> Zone {
        let k = self.cells[p.index()];
        let mut block = Zone::new();
        let mut stack = vec![p];
        block.insert(p);
        while let Some(q) = stack.pop() {
            for n in q.neighbors() {
                if self.cells[n.index()] == k && block.insert(n) {
                    stack.push(n);
                }
            }
        }
        block
    }

    /// Place a stone of `c` on `p` (legal), merging, updating liberties and capturing.
    fn place_stone(&mut self, c: Color, p: Point, rec: &mut UndoRecord) {
        let own = code(c);
        let opp_code = code(c.opponent());
        let pi = p.index();
        self.set_cell(pi, own);
        self.hash ^= zobrist::stone_key(c, p);

        // Distinct neighbouring blocks of each colour.
        let mut own_heads = [0u16; 4];
        let mut num_own = 0;
        let mut empty_neighbors = 0u16;
        for n in p.neighbors() {
            let v = self.cells[n.index()];
            if v == EMPTY {
                empty_neighbors += 1;
            } else if v == own {
                let h = self.head[n.index()];
                if !own_heads[..num_own].contains(&h) {
                    own_heads[num_own] = h;
                    num_own += 1;
                }
            } else if v == opp_code {
                let h = self.head[n.index()];
                if !rec.opp[..rec.num_opp as usize].contains(&h) {
                    rec.opp[rec.num_opp as usize] = h;
                    rec.num_opp += 1;
                }
            }
        }

        // Join own blocks: the new stone goes into the largest one, the others are merged in.
        if num_own == 0 {
            self.head[pi] = pi as u16;
            self.next[pi] = pi as u16;
            self.chains[pi] = ChainInfo {
                stones: 1,
                libs: empty_neighbors,
            };
        } else {
            let target = *own_heads[..num_own]
                .iter()
                .max_by_key(|&&h| (self.chains[h as usize].stones, std::cmp::Reverse(h)))
                .unwrap_or(&own_heads[0]);
            let t = target as usize;
            rec.target = Some(target);
            rec.target_info = self.chains[t];
            // Liberties gained: empty neighbours of `p` not already adjacent to `target`.
            let mut gained = 0u16;
            if num_own == 1 {
                for n in p.neighbors() {
                    if self.cells[n.index()] == EMPTY && !self.adjacent_to_block(n, target, p) {
                        gained += 1;
                    }
                }
            }
            // Splice the new stone (a one-element circular list) into the target's list.
            self.head[pi] = target;
            self.next[pi] = pi as u16;
            self.next.swap(pi, t);
            self.chains[t].stones += 1;
            for &h in &own_heads[..num_own] {
                if h == target {
                    continue;
                }
                self.relabel_block(h as usize, target);
                self.next.swap(h as usize, t);
                self.chains[t].stones += self.chains[h as usize].stones;
                rec.absorbed[rec.num_absorbed as usize] = h;
                rec.absorbed_info[rec.num_absorbed as usize] = self.chains[h as usize];
                rec.num_absorbed += 1;
            }
            self.chains[t].libs = if num_own == 1 {
                // `p` was a liberty of the target block.
                self.chains[t].libs - 1 + gained
            } else {
                self.liberties(p).len() as u16
            };
        }

        // Opponent blocks lose the liberty `p`; those left without liberties are captured.
        let mut num_captured = 0u16;
        let mut single_captured = None;
        for &h in &rec.opp[..rec.num_opp as usize] {
            let hi = h as usize;
            self.chains[hi].libs -= 1;
            if self.chains[hi].libs == 0 {
                let n = self.capture_block(hi, c);
                if n == 1 {
                    single_captured = Some(Point::from_index(hi));
                }
                num_captured += n;
            }
        }
        rec.num_captured = num_captured;
        self.captures[c.index()] += num_captured as u32;

        // Simple ko: one stone captured by a lone stone left with a single liberty.
        if num_captured == 1 {
            let h = self.head[pi] as usize;
            if self.chains[h].stones == 1 && self.chains[h].libs == 1 {
                self.ko = single_captured.map(|q| (q, c.opponent()));
            }
        }
    }

    /// Is the empty point `e` adjacent to a stone of block `head`, not counting the stone on `skip`?
    #[inline]
    fn adjacent_to_block(&self, e: Point, head: u16, skip: Point) -> bool {
        e.neighbors().iter().any(|&n| {
            n != skip
                && self.cells[n.index()] != EMPTY
                && self.cells[n.index()] != EDGE
                && self.head[n.index()] == head
        })
    }

    /// Set the head of every stone in the circular list starting at `start` to `head`.
    fn relabel_block(&mut self, start: usize, head: u16) {
        let mut q = start;
        loop {
            self.head[q] = head;
            q = self.next[q] as usize;
            if q == start {
                break;
            }
        }
    }

    /// Remove the block with head `hi` (captured by `capturer`), pushing `[head, count, stones...]`
    /// onto the capture stack, and give the liberties back to the capturer's neighbouring blocks.
    /// Returns the number of stones removed.
    fn capture_block(&mut self, hi: usize, capturer: Color) -> u16 {
        let victim = capturer.opponent();
        let count = self.chains[hi].stones;
        self.captured.push(hi as u16);
        self.captured.push(count);
        let mut q = hi;
        loop {
            self.captured.push(q as u16);
            self.set_cell(q, EMPTY);
            self.hash ^= zobrist::stone_key(victim, Point::from_index(q));
            q = self.next[q] as usize;
            if q == hi {
                break;
            }
        }
        let start = self.captured.len() - count as usize;
        for i in start..self.captured.len() {
            let q = Point::from_index(self.captured[i] as usize);
            self.adjust_neighbor_libs(q, capturer, 1);
        }
        count
    }

    /// Add `delta` to the liberty count of each distinct block of colour `c` next to `q`.
    fn adjust_neighbor_libs(&mut self, q: Point, c: Color, delta: i16) {
        let k = code(c);
        let mut done = [u16::MAX; 4];
        for (i, n) in q.neighbors().iter().enumerate() {
            if self.cells[n.index()] != k {
                continue;
            }
            let h = self.head[n.index()];
            if done.contains(&h) {
                continue;
            }
            done[i] = h;
            let info = &mut self.chains[h as usize];
            info.libs = (info.libs as i16 + delta) as u16;
        }
    }

    /// Undo the stone placement of `rec` (the inverse of `place_stone`, in reverse order).
    fn remove_placed_stone(&mut self, p: Point, rec: &UndoRecord) {
        let c = rec.color;
        let victim = c.opponent();
        self.captures[c.index()] -= rec.num_captured as u32;

        // Put captured blocks back, rebuilding their lists exactly as they were.
        let mut i = rec.captured_start as usize;
        while i < self.captured.len() {
            let head = self.captured[i] as usize;
            let count = self.captured[i + 1] as usize;
            let stones_at = i + 2;
            for k in 0..count {
                let q = self.captured[stones_at + k] as usize;
                let nxt = self.captured[stones_at + (k + 1) % count];
                self.adjust_neighbor_libs(Point::from_index(q), c, -1);
                self.set_cell(q, code(victim));
                self.head[q] = head as u16;
                self.next[q] = nxt;
            }
            // It was captured by this move: its only liberty was `p`.
            self.chains[head] = ChainInfo {
                stones: count as u16,
                libs: 0,
            };
            i = stones_at + count;
        }
        self.captured.truncate(rec.captured_start as usize);

        // Opponent blocks get the liberty `p` back.
        for &h in &rec.opp[..rec.num_opp as usize] {
            self.chains[h as usize].libs += 1;
        }

        // Split merged blocks, in reverse merge order.
        let pi = p.index();
        if let Some(target) = rec.target {
            let t = target as usize;
            let n = rec.num_absorbed as usize;
            for (&h, &info) in rec.absorbed[..n].iter().zip(&rec.absorbed_info[..n]).rev() {
                self.next.swap(h as usize, t);
                self.relabel_block(h as usize, h);
                self.chains[h as usize] = info;
            }
            self.next.swap(pi, t);
            self.chains[t] = rec.target_info;
        }
        self.set_cell(pi, EMPTY);
    }

    /// Re-derive every block from scratch and compare with the incremental structure; returns a
    /// description of the first inconsistency. Tests call this after every step.
    pub fn check_invariants(&self) -> Result<(), String> {
        for c in Color::ALL {
            let scanned: Zone = self
                .points()
                .filter(|&p| self.color_at(p) == Some(c))
                .collect();
            if scanned != self.stone_sets[c.index()] {
                return Err(format!("the {c} stone zone is out of step with the cells"));
            }
        }
        let mut hash = 0;
        for p in self.points() {
            let Some(c) = self.color_at(p) else { continue };
            hash ^= zobrist::stone_key(c, p);
            let flood = self.flood_block(p);
            let listed = self.block_stones(p);
            if flood != listed {
                return Err(format!(
                    "block list of {p} is {listed:?}, flood fill {flood:?}"
                ));
            }
            let h = self.head[p.index()] as usize;
            if !flood.contains(Point::from_index(h)) {
                return Err(format!("head of {p} is outside its block"));
            }
            if flood.iter().any(|q| self.head[q.index()] as usize != h) {
                return Err(format!("block of {p} has several heads"));
            }
            let info = self.chains[h];
            if info.stones as usize != flood.len() {
                return Err(format!(
                    "block of {p}: {} stones recorded, {} real",
                    info.stones,
                    flood.len()
                ));
            }
            let libs = self.liberties(p).len();
            if info.libs as usize != libs {
                return Err(format!(
                    "block of {p}: {} liberties recorded, {libs} real",
                    info.libs
                ));
            }
            if libs == 0 {
                return Err(format!("block of {p} has no liberty"));
            }
        }
        if hash != self.hash {
            return Err("incremental hash differs from fresh hash".into());
        }
        Ok(())
    }

    /// ASCII diagram, one row per line, `X` Black, `O` White, `.` empty, separated by spaces.
    pub fn to_ascii(&self) -> String {
        self.to_ascii_with(|_| None)
    }

    /// ASCII diagram of a zone on this board: inside the zone stones are `X`/`O` and empty
    /// points `*`; outside it stones are `x`/`o` and empty points `.`.
    pub fn zone_ascii(&self, zone: &Zone) -> String {
        self.to_ascii_with(|p| {
            let inside = zone.contains(p);
            Some(match (self.color_at(p), inside) {
                (Some(c), true) => c.ascii(),
                (Some(c), false) => c.ascii().to_ascii_lowercase(),
                (None, true) => '*',
                (None, false) => '.',
            })
        })
    }

    /// ASCII diagram where `overlay(p)` may replace the character drawn at `p`.
    pub fn to_ascii_with(&self, overlay: impl Fn(Point) -> Option<char>) -> String {
        let n = self.size();
        let mut s = String::with_capacity(n * (2 * n + 1));
        for y in 0..n {
            for x in 0..n {
                let p = Point::new(x, y);
                let ch = overlay(p).unwrap_or(match self.color_at(p) {
                    Some(c) => c.ascii(),
                    None => '.',
                });
                if x > 0 {
                    s.push(' ');
                }
                s.push(ch);
            }
            s.push('\n');
        }
        s
    }

    /// Parse an ASCII diagram: one row per non-blank line; `X`/`x`/`B`/`#` Black, `O`/`o`/`W`
    /// White, `.`/`+`/`,`/`-` empty; spaces ignored. The board side is the number of rows, and
    /// every row must have that many points. Blocks without liberties are an error.
    pub fn from_ascii(text: &str) -> Result<Board, AsciiError> {
        let rows: Vec<Vec<char>> = text
            .lines()
            .map(|l| l.chars().filter(|c| !c.is_whitespace()).collect::<Vec<_>>())
            .filter(|r| !r.is_empty())
            .collect();
        let n = rows.len();
        let mut board = Board::try_new(n).ok_or(AsciiError::BadSize(n))?;
        for (y, row) in rows.iter().enumerate() {
            if row.len() != n {
                return Err(AsciiError::RowLength {
                    row: y,
                    len: row.len(),
                    size: n,
                });
            }
            for (x, &ch) in row.iter().enumerate() {
                let v = match ch {
                    'X' | 'x' | 'B' | '#' => BLACK,
                    'O' | 'o' | 'W' => WHITE,
                    '.' | '+' | ',' | '-' => EMPTY,
                    other => {
                        return Err(AsciiError::BadChar {
                            ch: other,
                            row: y,
                            col: x,
                        })
                    }
                };
                board.set_cell(Point::new(x, y).index(), v);
            }
        }
        board.rebuild();
        if let Some(&h) = board.blocks_without_liberties().first() {
            return Err(AsciiError::NoLiberties(h.x(), h.y()));
        }
        Ok(board)
    }
}

/// Errors of [`Board::from_ascii`].
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum AsciiError {
    #[error("a diagram of {0} rows is not a board of side 2..=19")]
    BadSize(usize),
    #[error("row {row} has {len} points, expected {size}")]
    RowLength { row: usize, len: usize, size: usize },
    #[error("unexpected character {ch:?} at row {row}, column {col}")]
    BadChar { ch: char, row: usize, col: usize },
    #[error("the block at column {0}, row {1} has no liberty")]
    NoLiberties(usize, usize),
}

impl PartialEq for Board {
    /// Boards are equal when their stones and ko state agree (history is ignored).
    fn eq(&self, other: &Board) -> bool {
        self.size == other.size && self.cells == other.cells && self.ko == other.ko
    }
}

impl Eq for Board {}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Board {}x{}:\n{}", self.size, self.size, self.to_ascii())
    }
}
