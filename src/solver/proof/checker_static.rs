//! The checker's own verification of a static-dead leaf ([`crate::solver::proof::LeafKind::StaticDead`]):
//! is the position, with its side to move, really won by the attacker?
//!
//! It trusts neither the proof nor the search: no code of [`crate::solver::knowledge::static_ld`] (the search's
//! rule, its local game and its table) is used, only the board and Benson's test. It finds the
//! enclosed areas again (the walls: the attacker's living blocks and those with a liberty
//! outside the region, which no play of the problem fills; in an open-boundary problem every
//! area inside the region), checks that the walls cannot be endangered, and plays the game of each
//! area out on a copy of the real board (every reachable position enumerated, then solved
//! backwards), with the moves the rule's argument allows:
//! - the defender may play any point of the area in the region that is not suicide, retaking
//!   any ko at once, or pass (a move elsewhere is a pass for the area);
//! - the attacker may play any such point that the simple-ko ban allows and that is not a ko
//!   capture; it never passes;
//! - the attacker must reach, in a bounded number of moves (a cycle is the defender's), a
//!   position with no defender stone in the area, and with one area holding every decisive
//!   point that is enough; otherwise also no legal defender play in it.
//!
//! Then by the side to move: the defender to move needs every area won with it moving first
//! (and it must not be able to end the game by a second pass where seki is life); the attacker
//! to move needs, where seki is life, a move in one area (under the board's actual ko ban)
//! that keeps it won with the others won as they are; where two passes are the attacker's, it
//! may pass instead.

use crate::go::{benson, Board, Color, Move, Point, Zone};
use crate::problem::Problem;
use std::cell::RefCell;
use std::collections::HashMap;

/// Points an area may have here (more than the search's rule ever uses).
const MAX_POINTS: usize = 10;
/// Positions of one area's game the check may enumerate.
const MAX_POSITIONS: usize = 400_000;

/// An area's game, as far as its result goes: the area's points, its playable points, its
/// defender and attacker stones, the attacker's ko-banned point in it, and the target (seal).
/// Nothing else matters: its other neighbours are walls (living or anchored), which never change.
type AreaKey = (Zone, Zone, Zone, Zone, Option<Point>, bool);

/// Areas remembered per thread (a few hundred bytes each); past this the memory is emptied.
const MAX_REMEMBERED: usize = 1 << 14;

thread_local! {
    /// Areas already solved by checks on this thread: whether the attacker wins with the
    /// defender first and with itself first.
    static SOLVED: RefCell<HashMap<AreaKey, (bool, bool)>> = RefCell::new(HashMap::new());
}

/// Is the position of a static-dead leaf won by the attacker? `Err` says why not.
pub(in crate::solver) fn verify_static_dead(
    problem: &Problem,
    board: &Board,
    to_move: Color,
    passed: bool,
    superko: bool,
) -> Result<(), String> {
    let goal = problem.goal();
    if superko {
        return Err("static leaves are not allowed with positional superko".to_string());
    }
    if goal.or_defends() {
        return Err("a static-dead leaf in a proof of the defender".to_string());
    }
    let defender = problem.defender();
    let attacker = defender.opponent();
    let region = problem.region();
    let crucial = goal.needs_crucial_stones().then(|| problem.crucial());
    let life = benson(board, attacker);
    let anchored = anchored(board, attacker, &region);
    let walls = life.alive_stones().union(&anchored);
    // Where a decisive defender stone is or could appear.
    let must = match crucial {
        Some(c) => c.intersection(&board.stones(defender).union(&region.difference(&walls))),
        None => board
            .stones(defender)
            .union(&region.intersection(&board.empty_points())),
    };
    let mut areas: Vec<Zone> = Vec::new();
    let mut all = Zone::new();
    for p in must.iter() {
        if all.contains(p) {
            continue;
        }
        let area = flood(board, &walls, p).ok_or_else(|| {
            format!(
                "{} is not in an area of at most {MAX_POINTS} points",
                p.to_gtp(board.size())
            )
        })?;
        if problem.is_open() && !area.is_subset(&region) {
            return Err(format!(
                "the area of {} reaches outside the open region",
                p.to_gtp(board.size())
            ));
        }
        all.union_with(&area);
        areas.push(area);
    }
    for (b, block) in life.blocks.iter().enumerate() {
        if !block.alive || block.stones.intersects(&anchored) {
            continue;
        }
        let spare = life
            .regions
            .iter()
            .filter(|r| r.healthy && r.vital_to.contains(&b) && !r.points.intersects(&all))
            .count();
        if spare < 2 {
            return Err(format!(
                "the living attacker block at {} has fewer than two vital regions outside the areas",
                block.stones.first().map(|p| p.to_gtp(board.size())).unwrap_or_default()
            ));
        }
    }
    let seal = !(crucial.is_some() && areas.len() == 1);
    let seki_is_life = goal.seki_is_life();
    let mut first_won = Vec::new();
    let mut reply_won = Vec::new();
    for area in &areas {
        let ban = board.ko_point_for(attacker).filter(|&p| area.contains(p));
        let key = (
            *area,
            area.intersection(&region),
            board.stones(defender).intersection(area),
            board.stones(attacker).intersection(area),
            ban,
            seal,
        );
        let (defender_first, attacker_first) = match SOLVED.with(|s| s.borrow().get(&key).copied())
        {
            Some(known) => known,
            None => {
                let result = AreaGame::new(*area, region, defender, seal).solve(board)?;
                SOLVED.with(|s| {
                    let mut s = s.borrow_mut();
                    if s.len() >= MAX_REMEMBERED {
                        s.clear();
                    }
                    s.insert(key, result);
                });
                result
            }
        };
        first_won.push(defender_first);
        reply_won.push(attacker_first);
    }
    let every = first_won.iter().all(|&w| w);
    let ok = if to_move == defender {
        if passed && seki_is_life {
            return Err(
                "the defender may pass and end the game with its stones on the board".to_string(),
            );
        }
        every
    } else if seki_is_life {
        (0..areas.len()).any(|i| reply_won[i] && (0..areas.len()).all(|j| j == i || first_won[j]))
    } else {
        every
    };
    if ok {
        Ok(())
    } else {
        Err("the attacker cannot empty the areas".to_string())
    }
}

/// The stones of the attacker's blocks with an empty neighbour outside the region: no play of
/// the problem's game fills it, so they are never captured (walls as sure as living ones).
fn anchored(board: &Board, attacker: Color, region: &Zone) -> Zone {
    let mut out = Zone::new();
    let mut seen = Zone::new();
    for p in board.stones(attacker).iter() {
        if seen.contains(p) {
            continue;
        }
        let block = board.block_stones(p);
        seen.union_with(&block);
        let held = block.iter().any(|q| {
            q.neighbors()
                .iter()
                .any(|&n| board.on_board(n) && !region.contains(n) && board.color_at(n).is_none())
        });
        if held {
            out.union_with(&block);
        }
    }
    out
}

/// The points connected to `p` outside `walls`, or `None` past [`MAX_POINTS`].
fn flood(board: &Board, walls: &Zone, p: Point) -> Option<Zone> {
    let mut zone = Zone::new();
    zone.insert(p);
    let mut todo = vec![p];
    while let Some(q) = todo.pop() {
        for n in q.neighbors() {
            if board.on_board(n) && !walls.contains(n) && zone.insert(n) {
                if zone.len() > MAX_POINTS {
                    return None;
                }
                todo.push(n);
            }
        }
    }
    Some(zone)
}

/// One position of an area's game.
struct Node {
    defender_to_move: bool,
    /// The attacker's goal is reached here (a defender-to-move position).
    target: bool,
    children: Vec<usize>,
}

/// The game of one area played on a copy of the board.
struct AreaGame {
    playable: Zone,
    area: Zone,
    defender: Color,
    attacker: Color,
    seal: bool,
    nodes: Vec<Node>,
    index: HashMap<(u64, bool, Option<Point>), usize>,
}

impl AreaGame {
    fn new(area: Zone, region: Zone, defender: Color, seal: bool) -> AreaGame {
        AreaGame {
            playable: area.intersection(&region),
            area,
            defender,
            attacker: defender.opponent(),
            seal,
            nodes: Vec::new(),
            index: HashMap::new(),
        }
    }

    /// The legal moves of the side to move (see the module documentation).
    fn moves(&self, board: &mut Board, defender_to_move: bool) -> Vec<Move> {
        let mut out = Vec::new();
        for p in self.playable.intersection(&board.empty_points()).iter() {
            if defender_to_move {
                if !board.is_suicide(self.defender, p) {
                    out.push(Move::Play(p));
                }
            } else if board.check(self.attacker, Move::Play(p)).is_ok() {
                board.play_recorded(self.attacker, Move::Play(p));
                let ko_capture = board.ko().is_some();
                board.undo();
                if !ko_capture {
                    out.push(Move::Play(p));
                }
            }
        }
        if defender_to_move {
            out.push(Move::Pass);
        }
        out
    }

    fn play(&self, board: &mut Board, defender_to_move: bool, mv: Move) {
        if defender_to_move {
            board.play_recorded_lifting_ko(self.defender, mv);
        } else {
            board.play_recorded(self.attacker, mv);
        }
    }

    fn key(&self, board: &Board, defender_to_move: bool) -> (u64, bool, Option<Point>) {
        // The defender ignores ko bans; the attacker's ban is part of its position.
        let ko = if defender_to_move {
            None
        } else {
            board.ko_point_for(self.attacker)
        };
        (board.hash(), defender_to_move, ko)
    }

    /// The node of the position on `board`, created (with its moves, not yet its children)
    /// when new; `true` when it was new.
    fn node(&mut self, board: &mut Board, defender_to_move: bool) -> Result<(usize, bool), String> {
        let key = self.key(board, defender_to_move);
        if let Some(&id) = self.index.get(&key) {
            return Ok((id, false));
        }
        if self.nodes.len() >= MAX_POSITIONS {
            return Err(format!(
                "an area's game has more than {MAX_POSITIONS} positions"
            ));
        }
        let target = defender_to_move
            && !board.stones(self.defender).intersects(&self.area)
            && (!self.seal
                || self
                    .playable
                    .intersection(&board.empty_points())
                    .iter()
                    .all(|p| board.is_suicide(self.defender, p)));
        let id = self.nodes.len();
        self.nodes.push(Node {
            defender_to_move,
            target,
            children: Vec::new(),
        });
        self.index.insert(key, id);
        Ok((id, true))
    }

    /// Enumerate every position reachable from `board` with the side given, depth first with
    /// an explicit stack (every move played is taken back).
    fn explore(&mut self, board: &mut Board, defender_to_move: bool) -> Result<usize, String> {
        let (root, new) = self.node(board, defender_to_move)?;
        if !new {
            return Ok(root);
        }
        // (node, its moves, next move to try)
        let mut stack: Vec<(usize, Vec<Move>, usize)> =
            vec![(root, self.moves(board, defender_to_move), 0)];
        while let Some(top) = stack.last_mut() {
            let (id, ref moves, next) = *top;
            if next == moves.len() {
                stack.pop();
                if !stack.is_empty() {
                    board.undo();
                }
                continue;
            }
            let mv = moves[next];
            top.2 += 1;
            let side = self.nodes[id].defender_to_move;
            self.play(board, side, mv);
            let (child, new) = self.node(board, !side)?;
            self.nodes[id].children.push(child);
            if new {
                let child_moves = self.moves(board, !side);
                stack.push((child, child_moves, 0));
            } else {
                board.undo();
            }
        }
        Ok(root)
    }

    /// Whether the attacker wins with the defender moving first from `board`, and with itself
    /// moving first (under the board's ko ban).
    fn solve(&mut self, board: &Board) -> Result<(bool, bool), String> {
        let mut work = board.clone();
        let d_root = self.explore(&mut work, true)?;
        let a_root = self.explore(&mut work, false)?;
        let mut won: Vec<bool> = self.nodes.iter().map(|n| n.target).collect();
        loop {
            let mut changed = false;
            for (i, node) in self.nodes.iter().enumerate() {
                if won[i] {
                    continue;
                }
                let wins = if node.defender_to_move {
                    node.children.iter().all(|&c| won[c])
                } else {
                    node.children.iter().any(|&c| won[c])
                };
                if wins {
                    won[i] = true;
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        }
        Ok((won[d_root], won[a_root]))
    }
}
