//! A plain exhaustive AND/OR search of a problem, without relevance zones, tables or ordering:
//! the reference that the bundled problems are checked against (and that the RZ search will be
//! tested against). Slow and simple on purpose; only for small regions (about 12 empty points).
//! It deliberately shares no goal or search code with `src/solver`, so that a bug there cannot
//! hide in both.
//!
//! Rules, matching the problem model:
//! - moves are the legal plays inside the problem's region, plus pass;
//! - the defender lives when a crucial stone (any defender stone for `LiveAny`/`KillAll`; every
//!   crucial stone for the every-block goals `live-all`/`kill-any`, which die when one is captured
//!   or when a crucial block has a liberty outside the region, checked before life) belongs
//!   to a Benson-UCA block; it is dead when every crucial stone has been captured (the goals with
//!   crucial stones). When both sides pass in a row the game ends: the defender has lived when
//!   seki is life (`live`/`kill`: a crucial stone is still on the board), else it is dead;
//! - the one-eye goals (`one-eye`/`no-eye`) ask for an eye instead of life: the defender wins
//!   when a point of the region is empty, every orthogonal neighbour on the board holds a
//!   defender stone, every diagonal neighbour on the board does too except at most one (none
//!   on the edge), and the block round it holds every crucial stone; it fails when any crucial
//!   stone has been captured, and when the game ends by two passes. One static rule, so that
//!   the reference can settle the attacker's wins on regions of up to 18 points: when every
//!   point of the region is denied an eye for ever (it, or an orthogonal neighbour, or two
//!   diagonal neighbours — one on the edge — hold attacker stones whose block has an empty
//!   liberty outside the region, which no move can fill) the defender has failed;
//! - a side whose ko rule is `disallow` never makes a ko capture (a capture that leaves a simple-ko
//!   point); a `master` may retake a ko at once (it ignores the simple-ko ban);
//! - repetition, one of two rules ([`Repetition`]): positional superko for both sides (a play
//!   that recreates the stones of a position of the line is refused), or simple ko only with a
//!   repeated position (stones, side to move, ko point, pass) counting as a failure of the OR
//!   player: the AND player can repeat the cycle for ever. Either way every line ends.
//!
//! Results are memoised by position (stones, side to move, ko point, "last move was a pass"),
//! except those that depend on the line that led there (graph-history interaction): a superko
//! refusal, or a repetition, that refers to a position above the node. Under the cycle rule a win
//! of the OR player never depends on the line (a winning strategy needs no repetition), so wins
//! are always memoised there.

#![allow(dead_code)]

use std::collections::HashMap;
use tsumego_studio::go::safe_points::safe_points;
use tsumego_studio::go::{benson, Board, Color, Move, Zone};
use tsumego_studio::problem::{Outcome, Problem};

/// The defender stones of `problem` that stay unconditionally alive whatever is played in its
/// region: the UCA components (the library's Benson) with no point of a vital region in it.
fn lasting_safe(problem: &Problem) -> Zone {
    let board = problem.board();
    let own = board.stones(problem.defender());
    let life = benson(board, problem.defender());
    let mut safe = Zone::new();
    for p in life.alive_stones().iter() {
        let component = life.component(p).expect("an alive stone has a component");
        if !component.difference(&own).intersects(&problem.region()) {
            safe.insert(p);
        }
    }
    safe
}

/// How repetition is handled.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Repetition {
    /// Positional superko for both sides.
    Superko,
    /// Simple ko; a repeated position is a failure of the OR player.
    CycleFailsOr,
}

/// The search state.
pub struct Exhaustive {
    repetition: Repetition,
    or_defends: bool,
    /// Two passes in a row end the game with the defender alive (`live`/`kill`).
    seki_is_life: bool,
    /// The every-block goals (`live-all`, `kill-any`, …): every crucial stone must live.
    every_block: bool,
    /// The one-eye goals (`one-eye`, `no-eye`): an eye in the region, not life.
    one_eye: bool,
    /// An open-boundary problem ([`Problem::is_open`]): a crucial block with a liberty outside
    /// the region fails the OR player (tested after life).
    open: bool,
    /// The territory claimed with every crucial block ([`Problem::territory`]): life counts
    /// only when each of its points is safe (`go::safe_points`); two passes never win it.
    territory: Zone,
    /// The outside watch (every-block goals, an open problem's defender's claim): the defender
    /// stones exempt from it, `None` when the claim is not watched. A defender block on or
    /// beside the region, holding no exempt stone, with a liberty outside the region and at
    /// most one liberty inside it is a failure of the defender (tested after life). Exempt: the UCA components of the start
    /// whose vital regions hold no point of the region.
    watch_exempt: Option<Zone>,
    /// Position keys of the line (cycle rule).
    states: Vec<(u64, bool)>,
    region: Zone,
    defender: Color,
    /// Stones whose life decides; `None` for `LiveAny`/`KillAll` (every defender stone counts).
    crucial: Option<Zone>,
    no_ko_capture: [bool; 2],
    /// Sides that may retake a ko at once (ko masters).
    ko_master: [bool; 2],
    /// Stone hashes of the positions on the current line (positional superko).
    history: Vec<u64>,
    /// Results that do not depend on history, by (position hash, last move was a pass).
    memo: HashMap<(u64, bool), bool>,
    /// Iterative deepening ([`Exhaustive::solve_iterating`]): positions where the OR player
    /// did not win within the plies recorded (a depth cut below), by the same key.
    shallow: HashMap<(u64, bool), u32>,
    /// Nodes visited.
    pub nodes: u64,
    /// The search gives up (and [`Exhaustive::solve_within`] returns `None`) past this many nodes.
    pub max_nodes: u64,
}

impl Exhaustive {
    pub fn new(problem: &Problem) -> Exhaustive {
        Exhaustive::with_rule(problem, Repetition::Superko)
    }

    pub fn with_rule(problem: &Problem, repetition: Repetition) -> Exhaustive {
        let crucial = problem
            .goal()
            .needs_crucial_stones()
            .then(|| problem.crucial());
        Exhaustive {
            repetition,
            or_defends: problem.goal().or_defends(),
            seki_is_life: problem.goal().seki_is_life(),
            every_block: problem.goal().every_crucial_block(),
            one_eye: problem.goal().is_one_eye(),
            open: problem.is_open(),
            territory: problem.territory(),
            watch_exempt: (problem.goal().every_crucial_block()
                || (problem.is_open() && problem.goal().or_defends()))
            .then(|| lasting_safe(problem)),
            states: Vec::new(),
            region: problem.region(),
            defender: problem.defender(),
            crucial,
            no_ko_capture: [Color::Black, Color::White].map(|c| !problem.ko_rule(c).captures_kos()),
            ko_master: [Color::Black, Color::White].map(|c| problem.ko_rule(c).ignores_ko_ban()),
            history: vec![problem.board().hash()],
            memo: HashMap::new(),
            shallow: HashMap::new(),
            nodes: 0,
            max_nodes: u64::MAX,
        }
    }

    /// The result for the OR player of `problem` with its side to move, and the nodes visited.
    pub fn solve(problem: &Problem) -> (Outcome, u64) {
        let result = Exhaustive::solve_within(problem, u64::MAX);
        result.unwrap_or_else(|| unreachable!("no node limit"))
    }

    /// [`Exhaustive::solve`] within `max_nodes` nodes; `None` when that is not enough.
    pub fn solve_within(problem: &Problem, max_nodes: u64) -> Option<(Outcome, u64)> {
        Exhaustive::solve_with(problem, Repetition::Superko, max_nodes)
    }

    /// [`Exhaustive::solve_with`] without the outside watch (what the rules were before it:
    /// only the crucial blocks' leaks counted), for the tests that show what it changes.
    pub fn solve_unwatched(
        problem: &Problem,
        repetition: Repetition,
        max_nodes: u64,
    ) -> Option<(Outcome, u64)> {
        let mut search = Exhaustive::with_rule(problem, repetition);
        search.watch_exempt = None;
        search.run(problem, max_nodes)
    }

    /// [`Exhaustive::solve_within`] under a repetition rule.
    pub fn solve_with(
        problem: &Problem,
        repetition: Repetition,
        max_nodes: u64,
    ) -> Option<(Outcome, u64)> {
        Exhaustive::with_rule(problem, repetition).run(problem, max_nodes)
    }

    /// The result of `problem` by this search within `max_nodes` nodes.
    fn run(mut self, problem: &Problem, max_nodes: u64) -> Option<(Outcome, u64)> {
        self.max_nodes = max_nodes;
        let mut board = problem.board().clone();
        let lives = self.defender_lives(&mut board, problem.to_move(), false);
        if self.nodes > max_nodes {
            return None;
        }
        Some((or_outcome(problem, lives), self.nodes))
    }

    /// The result for the OR player of `problem` under the cycle rule by *iterative deepening*:
    /// the same game searched to 1, 2, 3, … plies (a node at the ply limit counts as a failure
    /// of the OR player, marked as cut) until the OR player wins (a win found within a limit
    /// is a win: it never rests on a cut) or a search without a cut fails it. Finds short wins
    /// far sooner than [`Exhaustive::solve_with`], which must refute every losing first move
    /// completely before it tries the winning one. Exact results are remembered across the
    /// iterations; failures with a cut below, with the plies they had. `None` past `max_nodes`
    /// (all iterations counted) or 400 plies.
    pub fn solve_iterating(problem: &Problem, max_nodes: u64) -> Option<(Outcome, u64)> {
        let mut search = Exhaustive::with_rule(problem, Repetition::CycleFailsOr);
        search.max_nodes = max_nodes;
        for depth in 1..=400 {
            let mut board = problem.board().clone();
            let (lives, _, cut) = search.limited(&mut board, problem.to_move(), false, depth);
            if search.nodes > max_nodes {
                return None;
            }
            let outcome = or_outcome(problem, lives);
            if outcome == Outcome::Win || !cut {
                return Some((outcome, search.nodes));
            }
        }
        None
    }

    /// [`Exhaustive::search`] within `depth` plies: whether the defender lives, the earliest
    /// line index a repetition below referred to, and whether a ply limit cut the result (never
    /// for a win of the OR player).
    fn limited(
        &mut self,
        board: &mut Board,
        to_move: Color,
        passed: bool,
        depth: u32,
    ) -> (bool, usize, bool) {
        let or_fails = !self.or_defends;
        self.nodes += 1;
        if self.nodes > self.max_nodes {
            return (or_fails, 0, true);
        }
        if let Some(result) = self.settled(board) {
            return (result, usize::MAX, false);
        }
        let key = (board.position_hash(to_move), passed);
        if let Some(&result) = self.memo.get(&key) {
            return (result, usize::MAX, false);
        }
        if self.shallow.get(&key).is_some_and(|&d| depth <= d) {
            return (or_fails, usize::MAX, true);
        }
        let own_index = self.states.len();
        if let Some(i) = self.states.iter().position(|&s| s == key) {
            return (or_fails, i, false);
        }
        if depth == 0 {
            return (or_fails, usize::MAX, true);
        }
        self.states.push(key);
        let (result, earliest, cut) = self.limited_expand(board, to_move, passed, depth);
        self.states.pop();
        let or_wins = result == self.or_defends;
        if or_wins || (!cut && earliest >= own_index) {
            self.memo.insert(key, result);
        } else if earliest >= own_index {
            self.shallow.insert(key, depth);
        }
        (result, earliest, cut)
    }

    /// [`Exhaustive::expand`] within `depth` plies (see [`Exhaustive::limited`]).
    fn limited_expand(
        &mut self,
        board: &mut Board,
        to_move: Color,
        passed: bool,
        depth: u32,
    ) -> (bool, usize, bool) {
        let wants_life = to_move == self.defender;
        let mut earliest = usize::MAX;
        let mut cut = false;
        for p in self.plays(board, to_move) {
            board.play_recorded_lifting_ko(to_move, Move::Play(p));
            if self.no_ko_capture[to_move.index()] && board.ko().is_some() {
                board.undo();
                continue;
            }
            let (lives, below, child_cut) =
                self.limited(board, to_move.opponent(), false, depth - 1);
            board.undo();
            earliest = earliest.min(below);
            if lives == wants_life {
                return (lives, earliest, child_cut);
            }
            cut |= child_cut;
        }
        if passed {
            let lives = self.lives_after_two_passes(board);
            return if lives == wants_life {
                (lives, earliest, false)
            } else {
                (lives, earliest, cut)
            };
        }
        board.play_recorded(to_move, Move::Pass);
        let (lives, below, child_cut) = self.limited(board, to_move.opponent(), true, depth - 1);
        board.undo();
        earliest = earliest.min(below);
        if lives == wants_life {
            (lives, earliest, child_cut)
        } else {
            (lives, earliest, cut || child_cut)
        }
    }

    /// The result for the OR player after the side to move plays `first` (which must be legal).
    pub fn solve_after(problem: &Problem, first: Move) -> Outcome {
        let mut search = Exhaustive::new(problem);
        let mut board = problem.board().clone();
        let to_move = problem.to_move();
        board
            .play(to_move, first)
            .unwrap_or_else(|e| panic!("first move {first:?}: {e}"));
        search.history.push(board.hash());
        let lives = search.defender_lives(&mut board, to_move.opponent(), first == Move::Pass);
        or_outcome(problem, lives)
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
        if self.one_eye {
            if Some(decisive) != self.crucial {
                return Some(false);
            }
            if self.has_eye(board, &decisive) {
                return Some(true);
            }
            return self.no_eye_ever(board).then_some(false);
        }
        if self.every_block {
            // The every-block goals: dead as soon as one crucial stone is gone, alive when
            // every one is unconditionally alive.
            if Some(decisive) != self.crucial {
                return Some(false);
            }
            // The leak rule: a crucial block with a liberty outside the region is a failure.
            if self.leaks(board, &decisive) {
                return Some(false);
            }
            let life = benson(board, self.defender);
            let safe = || {
                self.territory
                    .is_subset(&safe_points(board, self.defender).points())
            };
            if decisive.iter().all(|p| life.is_alive(p)) && safe() {
                return Some(true);
            }
            return self.outside_leak(board).then_some(false);
        }
        let life = benson(board, self.defender);
        if decisive.iter().any(|p| life.is_alive(p)) {
            return Some(true);
        }
        // The open-boundary leak rule: a crucial block with a liberty outside the region is a
        // failure of the OR player.
        if self.open && self.leaks(board, &decisive) {
            return Some(!self.or_defends);
        }
        self.outside_leak(board).then_some(false)
    }

    /// The plays of `to_move` to try: the legal ones in the region, and the ko point for a ko
    /// master (it may retake at once).
    fn plays(&self, board: &Board, to_move: Color) -> Vec<tsumego_studio::go::Point> {
        let mut moves = board.legal_moves(to_move, Some(&self.region));
        if let Some(k) = board.ko_point_for(to_move) {
            if self.ko_master[to_move.index()] && self.region.contains(k) {
                moves.push(k);
            }
        }
        moves
    }

    /// Has the defender lived when two passes in a row end the game on `board` (not settled)?
    /// When seki is life (its crucial stones are on the board, see `settled`; for the kill-all
    /// goals when any stone of it is), else not (the one-eye goals included: no eye was made).
    /// Under the every-block goals' and the open-boundary defender's rules, not while a
    /// defender block on or beside the region has a liberty outside it.
    fn lives_after_two_passes(&self, board: &Board) -> bool {
        let left = self.crucial.is_some() || !board.stones(self.defender).is_empty();
        let watched = self.every_block || (self.open && self.or_defends);
        let near = board
            .stones(self.defender)
            .intersection(&self.region.grow(board.size()));
        let leaks = watched && self.leaks(board, &near);
        let territory = !self.territory.is_empty();
        self.seki_is_life && left && !leaks && !territory
    }

    /// The one-eye goals: is a point of the region an eye (see the module documentation) whose
    /// block holds every stone of `crucial`?
    fn has_eye(&self, board: &Board, crucial: &Zone) -> bool {
        let size = board.size() as i64;
        let at = |x: i64, y: i64| -> Option<Option<Color>> {
            (x >= 0 && y >= 0 && x < size && y < size)
                .then(|| board.color_at(tsumego_studio::go::Point::new(x as usize, y as usize)))
        };
        self.region.iter().any(|p| {
            if !board.is_empty(p) {
                return false;
            }
            let (x, y) = (p.x() as i64, p.y() as i64);
            let sides: Vec<Option<Color>> = [(0, -1), (-1, 0), (1, 0), (0, 1)]
                .iter()
                .filter_map(|&(dx, dy)| at(x + dx, y + dy))
                .collect();
            if sides.iter().any(|&c| c != Some(self.defender)) {
                return false;
            }
            let gaps = [(-1, -1), (1, -1), (-1, 1), (1, 1)]
                .iter()
                .filter_map(|&(dx, dy)| at(x + dx, y + dy))
                .filter(|&c| c != Some(self.defender))
                .count();
            if gaps > usize::from(sides.len() == 4) {
                return false;
            }
            let side = [(0, -1), (-1, 0), (1, 0), (0, 1)]
                .iter()
                .map(|&(dx, dy)| (x + dx, y + dy))
                .find(|&(a, b)| a >= 0 && b >= 0 && a < size && b < size)
                .map(|(a, b)| tsumego_studio::go::Point::new(a as usize, b as usize));
            side.is_some_and(|s| crucial.is_subset(&board.block_stones(s)))
        })
    }

    /// The one-eye goals' static rule (see the module documentation): is every point of the
    /// region denied an eye for ever by attacker blocks with an empty liberty outside it?
    fn no_eye_ever(&self, board: &Board) -> bool {
        let attacker = self.defender.opponent();
        let size = board.size() as i64;
        let outside = board.empty_points().difference(&self.region);
        let lasting = |x: i64, y: i64| -> Option<bool> {
            if x < 0 || y < 0 || x >= size || y >= size {
                return None;
            }
            let p = tsumego_studio::go::Point::new(x as usize, y as usize);
            Some(
                board.color_at(p) == Some(attacker)
                    && board
                        .block_stones(p)
                        .grow(board.size())
                        .intersects(&outside),
            )
        };
        self.region.iter().all(|q| {
            let (x, y) = (q.x() as i64, q.y() as i64);
            if lasting(x, y) == Some(true) {
                return true;
            }
            let sides: Vec<bool> = [(0, -1), (-1, 0), (1, 0), (0, 1)]
                .iter()
                .filter_map(|&(dx, dy)| lasting(x + dx, y + dy))
                .collect();
            if sides.contains(&true) {
                return true;
            }
            let corners = [(-1, -1), (1, -1), (-1, 1), (1, 1)]
                .iter()
                .filter_map(|&(dx, dy)| lasting(x + dx, y + dy))
                .filter(|&l| l)
                .count();
            corners >= if sides.len() == 4 { 2 } else { 1 }
        })
    }

    /// The outside watch: has a defender block on or beside the region, with no exempt stone
    /// and a liberty outside the region, at most one liberty inside it (read as if the
    /// attacker had filled its outside liberties: captured, or in atari)?
    fn outside_leak(&self, board: &Board) -> bool {
        let Some(exempt) = self.watch_exempt else {
            return false;
        };
        let near = board
            .stones(self.defender)
            .intersection(&self.region.grow(board.size()));
        let empty = board.empty_points();
        let outside = empty.difference(&self.region);
        let inside = empty.intersection(&self.region);
        near.iter().any(|p| {
            let block = board.block_stones(p);
            let around = block.grow(board.size());
            !block.intersects(&exempt)
                && around.intersects(&outside)
                && around.intersection(&inside).len() <= 1
        })
    }

    /// Has a block of `stones` a liberty outside the region?
    fn leaks(&self, board: &Board, stones: &Zone) -> bool {
        let outside = board.empty_points().difference(&self.region);
        stones.iter().any(|p| {
            !board
                .block_stones(p)
                .grow(board.size())
                .intersection(&outside)
                .is_empty()
        })
    }

    /// True when the defender lives with `to_move` to play; `passed`: the last move was a pass.
    pub fn defender_lives(&mut self, board: &mut Board, to_move: Color, passed: bool) -> bool {
        self.search(board, to_move, passed).0
    }

    /// The result, and the earliest index of `history` that a superko refusal below referred
    /// to (`usize::MAX` when none): the result depends on the line above this node exactly when
    /// that index is below this node's own.
    fn search(&mut self, board: &mut Board, to_move: Color, passed: bool) -> (bool, usize) {
        self.nodes += 1;
        if self.nodes > self.max_nodes {
            // Over the limit: unwind without caching anything (the caller discards the result).
            return (false, 0);
        }
        if let Some(result) = self.settled(board) {
            return (result, usize::MAX);
        }
        let key = (board.position_hash(to_move), passed);
        if let Some(&result) = self.memo.get(&key) {
            return (result, usize::MAX);
        }
        if self.repetition == Repetition::CycleFailsOr {
            let own_index = self.states.len();
            if let Some(i) = self.states.iter().position(|&s| s == key) {
                // A cycle: the OR player fails.
                return (!self.or_defends, i);
            }
            self.states.push(key);
            let (result, earliest) = self.expand(board, to_move, passed);
            self.states.pop();
            if earliest >= own_index || result == self.or_defends {
                self.memo.insert(key, result);
            }
            return (result, earliest);
        }
        let own_index = self.history.len() - 1;
        let (result, earliest) = self.expand(board, to_move, passed);
        if earliest >= own_index {
            self.memo.insert(key, result);
        }
        (result, earliest)
    }

    fn expand(&mut self, board: &mut Board, to_move: Color, passed: bool) -> (bool, usize) {
        let wants_life = to_move == self.defender;
        let mut earliest = usize::MAX;
        for p in self.plays(board, to_move) {
            board.play_recorded_lifting_ko(to_move, Move::Play(p));
            let superko = self.repetition == Repetition::Superko;
            if let Some(i) = self
                .history
                .iter()
                .position(|&h| superko && h == board.hash())
            {
                // Positional superko: the move recreates a position of the line.
                board.undo();
                earliest = earliest.min(i);
                continue;
            }
            if self.no_ko_capture[to_move.index()] && board.ko().is_some() {
                board.undo();
                continue;
            }
            self.history.push(board.hash());
            let (lives, below) = self.search(board, to_move.opponent(), false);
            self.history.pop();
            board.undo();
            earliest = earliest.min(below);
            if lives == wants_life {
                return (lives, earliest);
            }
        }
        if passed {
            return (self.lives_after_two_passes(board), earliest);
        }
        board.play_recorded(to_move, Move::Pass);
        self.history.push(board.hash());
        let (lives, below) = self.search(board, to_move.opponent(), true);
        self.history.pop();
        board.undo();
        (lives, earliest.min(below))
    }
}

/// The OR player's result when the defender lives (`true`) or not.
fn or_outcome(problem: &Problem, defender_lives: bool) -> Outcome {
    if defender_lives == problem.goal().or_defends() {
        Outcome::Win
    } else {
        Outcome::Fail
    }
}
