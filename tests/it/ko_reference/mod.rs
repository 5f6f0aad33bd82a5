//! An exhaustive reference for the Go result of a `live`/`kill` problem with kos, implementing
//! the definitions of `src/solver/jobs/go_result.rs` directly and sharing no code with the search
//! (nor with the rules core: its own board of plain arrays).
//!
//! The game: the problem's position, the side to move, the ko-banned point, and whether the last
//! move was a pass, as a finite game. Moves are plays on the empty points of the region (no
//! suicide; the simple ko ban: a side may not retake a single-stone ko at once, unless it is ko
//! master in the rule set) and passes; two passes in a row end the game, which the defender has
//! then survived. The attacker wins when no crucial point holds a defender stone. A game that
//! never ends is the defender's. Every position reachable from the start is generated once
//! (under the most permissive rules: both sides may retake at once), each move labelled with who
//! retakes a ko at once by it, and each rule set is solved as a reachability game: the
//! attacker's attractor to "captured", computed backwards with a count of the defender's moves
//! not yet known to lose.

#![allow(dead_code)]

pub mod eye_space;
pub mod superko;

use std::collections::HashMap;
use tsumego_studio::go::{Color, Move, Point};
use tsumego_studio::problem::Problem;

/// The three rule sets of the definitions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Level {
    /// The attacker obeys the ko ban, the defender is ko master.
    DefenderMaster,
    /// Both obey the ban.
    Even,
    /// The attacker is ko master, the defender obeys the ban.
    AttackerMaster,
}

pub const LEVELS: [Level; 3] = [Level::DefenderMaster, Level::Even, Level::AttackerMaster];

/// The reference's result (the product's `GoResult` without the kind of life).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Result {
    Kills,
    KillsByKo,
    LivesByKo,
    Lives,
}

const EMPTY: u8 = 0;

/// Points of the largest board the reference plays (9x9).
const CELLS: usize = 81;

/// A position: the whole board, side to move, the point the side to move may not retake (as a
/// board index), and whether the last move was a pass.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
struct State {
    grid: [u8; CELLS],
    to_move: u8,
    ko: Option<u8>,
    passed: bool,
}

/// A move of the graph: the successor (index; `None`: the game ended by two passes) and whether
/// it is a retake of a banned ko point (legal only for a master).
#[derive(Clone, Copy, Debug)]
struct Edge {
    to: Option<u32>,
    retake: bool,
    mv: Option<u8>,
}

/// The generated game of one problem.
pub struct KoGame {
    size: usize,
    neighbours: Vec<Vec<u8>>,
    region: Vec<u8>,
    crucial: Vec<u8>,
    attacker: u8,
    defender: u8,
    states: Vec<State>,
    index: HashMap<State, u32>,
    edges: Vec<Vec<Edge>>,
}

/// More positions than this by default: give up (the caller skips the problem);
/// `KO_REF_STATES` sets another bound.
pub const MAX_STATES: usize = 50_000;

fn max_states() -> usize {
    std::env::var("KO_REF_STATES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(MAX_STATES)
}

fn stone(c: Color) -> u8 {
    match c {
        Color::Black => 1,
        Color::White => 2,
    }
}

impl KoGame {
    /// The game of `problem` (boards up to 9x9), or `None` beyond [`MAX_STATES`] positions (or
    /// `KO_REF_STATES`).
    pub fn new(problem: &Problem) -> Option<KoGame> {
        let size = problem.size();
        assert!(size <= 9, "the reference plays boards up to 9x9");
        let at = |x: usize, y: usize| (y * size + x) as u8;
        let mut grid = [EMPTY; CELLS];
        let mut region = Vec::new();
        let mut crucial = Vec::new();
        for y in 0..size {
            for x in 0..size {
                let p = Point::new(x, y);
                if let Some(c) = problem.board().color_at(p) {
                    grid[at(x, y) as usize] = stone(c);
                }
                if problem.region().contains(p) {
                    region.push(at(x, y));
                }
                if problem.crucial().contains(p) {
                    crucial.push(at(x, y));
                }
            }
        }
        let neighbours = (0..size * size)
            .map(|i| {
                let (x, y) = (i % size, i / size);
                let mut v = Vec::new();
                if x > 0 {
                    v.push(at(x - 1, y));
                }
                if x + 1 < size {
                    v.push(at(x + 1, y));
                }
                if y > 0 {
                    v.push(at(x, y - 1));
                }
                if y + 1 < size {
                    v.push(at(x, y + 1));
                }
                v
            })
            .collect();
        let ko = problem.board().ko().map(|(p, _)| at(p.x(), p.y()));
        let start = State {
            grid,
            to_move: stone(problem.to_move()),
            ko,
            passed: false,
        };
        let mut game = KoGame {
            size,
            neighbours,
            region,
            crucial,
            attacker: stone(problem.attacker()),
            defender: stone(problem.defender()),
            states: vec![start],
            index: HashMap::from([(start, 0)]),
            edges: Vec::new(),
        };
        let mut next = 0;
        let max = max_states();
        while next < game.states.len() {
            if game.states.len() > max {
                return None;
            }
            let s = game.states[next];
            let edges = if game.captured(&s) {
                Vec::new()
            } else {
                game.moves(&s)
            };
            game.edges.push(edges);
            next += 1;
        }
        Some(game)
    }

    /// Number of positions generated.
    pub fn len(&self) -> usize {
        self.states.len()
    }

    /// No crucial point holds a defender stone: the attacker has won.
    fn captured(&self, s: &State) -> bool {
        self.crucial
            .iter()
            .all(|&p| s.grid[p as usize] != self.defender)
    }

    /// The moves of `s` (passes and plays), adding new positions.
    fn moves(&mut self, s: &State) -> Vec<Edge> {
        let mut edges = Vec::new();
        let other = 3 - s.to_move;
        // Pass: ends the game after a pass, else the opponent moves with no ban.
        edges.push(if s.passed {
            Edge {
                to: None,
                retake: false,
                mv: None,
            }
        } else {
            let to = self.intern(State {
                grid: s.grid,
                to_move: other,
                ko: None,
                passed: true,
            });
            Edge {
                to: Some(to),
                retake: false,
                mv: None,
            }
        });
        for k in 0..self.region.len() {
            let p = self.region[k];
            if s.grid[p as usize] != EMPTY {
                continue;
            }
            let Some((grid, ko)) = self.play(&s.grid, s.to_move, p) else {
                continue;
            };
            let to = self.intern(State {
                grid,
                to_move: other,
                ko,
                passed: false,
            });
            edges.push(Edge {
                to: Some(to),
                retake: s.ko == Some(p),
                mv: Some(p),
            });
        }
        edges
    }

    fn intern(&mut self, s: State) -> u32 {
        if let Some(&i) = self.index.get(&s) {
            return i;
        }
        let i = self.states.len() as u32;
        self.states.push(s);
        self.index.insert(s, i);
        i
    }

    /// The block of `p` and whether it has a liberty.
    fn block(&self, grid: &[u8; CELLS], p: u8) -> (Vec<u8>, usize) {
        let c = grid[p as usize];
        let mut block = vec![p];
        let mut seen = [false; CELLS];
        seen[p as usize] = true;
        let mut liberties = [false; CELLS];
        let mut count = 0;
        let mut k = 0;
        while k < block.len() {
            for &n in &self.neighbours[block[k] as usize] {
                let v = grid[n as usize];
                if v == c && !seen[n as usize] {
                    seen[n as usize] = true;
                    block.push(n);
                } else if v == EMPTY && !liberties[n as usize] {
                    liberties[n as usize] = true;
                    count += 1;
                }
            }
            k += 1;
        }
        (block, count)
    }

    /// `c` plays at `p`: the new grid and the point the opponent may not retake at once, or
    /// `None` for a suicide.
    fn play(&self, grid: &[u8; CELLS], c: u8, p: u8) -> Option<([u8; CELLS], Option<u8>)> {
        let mut g = *grid;
        g[p as usize] = c;
        let mut captured = Vec::new();
        for &n in &self.neighbours[p as usize] {
            if g[n as usize] == 3 - c {
                let (stones, liberties) = self.block(&g, n);
                if liberties == 0 {
                    for s in stones {
                        g[s as usize] = EMPTY;
                        captured.push(s);
                    }
                }
            }
        }
        let (own, liberties) = self.block(&g, p);
        if liberties == 0 {
            return None;
        }
        let ko = (captured.len() == 1 && own.len() == 1 && liberties == 1).then(|| captured[0]);
        Some((g, ko))
    }

    /// The attacker's winning positions under `level` (the attractor to "captured").
    pub fn attacker_wins(&self, level: Level) -> Vec<bool> {
        let master = |mover: u8| match level {
            Level::DefenderMaster => mover == self.defender,
            Level::Even => false,
            Level::AttackerMaster => mover == self.attacker,
        };
        let n = self.states.len();
        let mut preds: Vec<Vec<u32>> = vec![Vec::new(); n];
        // The defender's positions: moves not yet known to win for the attacker.
        let mut open = vec![0u32; n];
        let mut win = vec![false; n];
        let mut queue = Vec::new();
        for (i, edges) in self.edges.iter().enumerate() {
            let mover = self.states[i].to_move;
            for e in edges {
                if e.retake && !master(mover) {
                    continue;
                }
                // `None`: the game ends with the defender alive, a move the attacker never wins
                // by (it has no predecessor entry, so it is never counted off).
                if let Some(t) = e.to {
                    preds[t as usize].push(i as u32);
                }
                if mover == self.defender {
                    open[i] += 1;
                }
            }
            if self.captured(&self.states[i]) {
                win[i] = true;
                queue.push(i as u32);
            }
        }
        while let Some(t) = queue.pop() {
            for &p in &preds[t as usize] {
                let p = p as usize;
                if win[p] {
                    continue;
                }
                if self.states[p].to_move == self.attacker {
                    win[p] = true;
                    queue.push(p as u32);
                } else {
                    // One edge per (p, t) pair in `preds`: each counts once.
                    open[p] -= 1;
                    if open[p] == 0 {
                        win[p] = true;
                        queue.push(p as u32);
                    }
                }
            }
        }
        win
    }

    /// The result of the start position.
    pub fn result(&self) -> Result {
        let wins: Vec<bool> = LEVELS.iter().map(|&l| self.attacker_wins(l)[0]).collect();
        // Each rule set only gives the attacker more.
        assert!(
            (!wins[0] || wins[1]) && (!wins[1] || wins[2]),
            "not monotone: {wins:?}"
        );
        match (wins[0], wins[1], wins[2]) {
            (true, _, _) => Result::Kills,
            (false, true, _) => Result::KillsByKo,
            (false, false, true) => Result::LivesByKo,
            (false, false, false) => Result::Lives,
        }
    }

    /// Does the side to move at the start, playing `mv` first, win under `level` (the attacker:
    /// captures; the defender: is never captured)? `None` when the move is illegal there.
    pub fn first_move_wins(&self, mv: Move, level: Level) -> Option<bool> {
        let win = self.attacker_wins(level);
        let start = self.states[0];
        let mover = start.to_move;
        let master = match level {
            Level::DefenderMaster => mover == self.defender,
            Level::Even => false,
            Level::AttackerMaster => mover == self.attacker,
        };
        let want = match mv {
            Move::Pass => None,
            Move::Play(p) => Some((p.y() * self.size + p.x()) as u8),
        };
        let edge = self.edges[0].iter().find(|e| e.mv == want)?;
        if edge.retake && !master {
            return None;
        }
        let attacker_wins = match edge.to {
            Some(t) => win[t as usize],
            None => false,
        };
        Some(attacker_wins == (mover == self.attacker))
    }
}
