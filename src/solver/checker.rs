//! An independent proof checker: replays a proof tree as the OR player's strategy against *every*
//! legal AND move in the region, and confirms that every line ends in a real win.
//!
//! It shares no code with the search (only the board): its own goal test, with its own test of
//! unconditional life ([`super::checker_life`], asked only about the decisive blocks), its own
//! move rules. At an OR node it plays the tree's move, which must be legal. At an AND node it
//! tries every legal AND move (plays in the region and pass): a move with a child in the tree
//! follows that child; any other move follows a *null-move child* whose zone does not contain it,
//! as in the proof of Lemma 1 of the RZS paper (the same answer wins after any AND move outside
//! the zone). Positions are then no longer the tree's own, so the checker tests the goal on the
//! position actually reached: a tree leaf whose position is not a win there is an error.
//!
//! An AND node whose pass is answered by the end of the game (a second pass) may have no null-move
//! child; a move outside its zone is then answered by a pass, after which the same node's strategy
//! applies again (with the AND player's pass now ending the game).
//!
//! A static-dead leaf ([`LeafKind::StaticDead`]) is re-derived by the checker's own search of
//! the enclosed areas ([`super::checker_static`]), on the position actually reached and with its
//! side to move; nothing of the search's rule or its table is used.
//!
//! A seki leaf ([`LeafKind::SekiArea`]) is re-derived the same way ([`super::checker_seki`]):
//! the enclosed area found again on the position reached and its survival game played out,
//! without the seki database.
//!
//! Positions already verified are remembered (by position key, side to move, ko point and whether
//! the last move was a pass) unless a superko refusal happened below them, so transpositions are
//! checked once. The memo does not name the tree node a position was verified against: a verified
//! position is a won position whatever node showed it (without superko nothing of the line
//! matters), and the null-move mapping reaches the same position through many nodes.
//!
//! A check is bounded ([`CheckLimits`]): by positions visited, by time and a stop flag (looked at
//! on the first position and every 1024 after it), and in memory: at most `max_memo` positions
//! are remembered, after which positions met again are verified again (slower, the same
//! verdict).

use crate::go::key_hasher::KeyHashing;
use crate::go::{Board, ByColor, Color, Move, Point, Zone};
use crate::problem::Problem;
use std::collections::HashSet;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Instant;
use thiserror::Error;

use super::checker_life::any_alive;
use super::checker_seki::verify_seki_area;
use super::checker_static::verify_static_dead;
use super::proof::{LeafKind, ProofNode, ProofTree, Role};

/// Why a proof is rejected.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum CheckError {
    #[error("the proof is for {proof}, the problem is {problem}")]
    WrongProblem { proof: String, problem: String },
    #[error("after {line}: the OR player lost (the goal test fails there)")]
    Lost { line: String },
    #[error("after {line}: the proof has no answer here ({why})")]
    NoAnswer { line: String, why: String },
    #[error("after {line}: the proof's move {mv} is not legal")]
    IllegalMove { line: String, mv: String },
    #[error("after {line}: the AND move {mv} is neither searched nor outside a null-move zone")]
    Uncovered { line: String, mv: String },
    #[error("after {line}: the proof's static-dead leaf is not dead: {why}")]
    NotDead { line: String, why: String },
    #[error("after {line}: the proof's connection leaf does not connect: {why}")]
    NotConnected { line: String, why: String },
    #[error("after {line}: the proof's seki leaf is not a seki: {why}")]
    NotSeki { line: String, why: String },
    #[error("the check needed more than {0} positions")]
    TooLarge(u64),
    #[error("the check ran out of time after {positions} positions")]
    OutOfTime { positions: u64 },
    #[error("the check was stopped after {positions} positions")]
    Stopped { positions: u64 },
}

impl CheckError {
    /// Is this a verdict on the proof (it is wrong), rather than the check not finishing?
    pub fn rejects(&self) -> bool {
        !matches!(
            self,
            CheckError::TooLarge(_) | CheckError::OutOfTime { .. } | CheckError::Stopped { .. }
        )
    }
}

/// Bounds of one check.
#[derive(Clone, Debug)]
pub struct CheckLimits {
    /// Positions the check may visit.
    pub max_positions: u64,
    /// Positions remembered as verified (about [`MEMO_ENTRY_BYTES`] each).
    pub max_memo: usize,
    /// When the check gives up.
    pub deadline: Option<Instant>,
    /// Set to stop the check.
    pub stop: Option<Arc<AtomicBool>>,
}

/// Bytes per remembered position, with the hash set's overhead (for the memory report).
pub const MEMO_ENTRY_BYTES: u64 = 32;

impl CheckLimits {
    /// At most `max_positions` positions, 32 M remembered (about 1 GiB; a check remembers at
    /// most as many as it visits), no deadline. With the memo keyed by position, a 323 k-node
    /// proof of 7x7 problem 11 checks in 10.3 M positions (BENCHMARKS.md).
    pub fn positions(max_positions: u64) -> CheckLimits {
        CheckLimits {
            max_positions,
            max_memo: 1 << 25,
            deadline: None,
            stop: None,
        }
    }
}

/// Figures of a successful check.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CheckStats {
    /// Positions visited.
    pub positions: u64,
    /// AND moves answered through a null-move child rather than their own child.
    pub null_mapped: u64,
    /// Memory of the remembered positions at the end, in bytes (about).
    pub memo_bytes: u64,
}

/// The checker's view of the rules.
struct Checker<'a> {
    problem: &'a Problem,
    region: Zone,
    or: Color,
    defender: Color,
    /// Crucial points for `live`/`kill`, `None` when every defender stone counts.
    crucial: Option<Zone>,
    no_ko_capture: ByColor<bool>,
    superko: bool,
    history: Vec<u64>,
    line: Vec<Move>,
    verified: HashSet<(u64, bool), KeyHashing>,
    stats: CheckStats,
    limits: &'a CheckLimits,
}

/// Check `proof` for `problem` with positional superko on or off (as in the search that made
/// it), visiting at most `max_positions` positions.
pub fn check_proof(
    problem: &Problem,
    proof: &ProofTree,
    superko: bool,
    max_positions: u64,
) -> Result<CheckStats, CheckError> {
    check_proof_within(
        problem,
        proof,
        superko,
        &CheckLimits::positions(max_positions),
    )
}

/// [`check_proof`] within `limits`.
pub fn check_proof_within(
    problem: &Problem,
    proof: &ProofTree,
    superko: bool,
    limits: &CheckLimits,
) -> Result<CheckStats, CheckError> {
    if proof.goal != problem.goal()
        || proof.or_player != problem.or_player()
        || proof.size != problem.size()
    {
        return Err(CheckError::WrongProblem {
            proof: format!("{} {} on {}", proof.or_player, proof.goal, proof.size),
            problem: format!(
                "{} {} on {}",
                problem.or_player(),
                problem.goal(),
                problem.size()
            ),
        });
    }
    let mut board = problem.board().clone();
    board.clear_history();
    let mut checker = Checker::new(problem, &board, superko, limits);
    checker.check(&mut board, problem.to_move(), false, &proof.root)?;
    checker.stats.memo_bytes = checker.verified.capacity() as u64 * MEMO_ENTRY_BYTES;
    Ok(checker.stats)
}

impl<'a> Checker<'a> {
    /// A checker of `problem` starting on `board` (without history).
    fn new(
        problem: &'a Problem,
        board: &Board,
        superko: bool,
        limits: &'a CheckLimits,
    ) -> Checker<'a> {
        Checker {
            problem,
            region: problem.region(),
            or: problem.or_player(),
            defender: problem.defender(),
            crucial: problem
                .goal()
                .needs_crucial_stones()
                .then(|| problem.crucial()),
            no_ko_capture: ByColor::new(
                !problem.ko_rule(Color::Black).captures_kos(),
                !problem.ko_rule(Color::White).captures_kos(),
            ),
            superko,
            history: vec![board.hash()],
            line: Vec::new(),
            verified: HashSet::default(),
            stats: CheckStats::default(),
            limits,
        }
    }

    fn line_text(&self) -> String {
        if self.line.is_empty() {
            return "the start".to_string();
        }
        let size = self.problem.size();
        self.line
            .iter()
            .map(|m| m.to_gtp(size))
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// `Some(true)`: the defender lives; `Some(false)`: all crucial stones are gone.
    fn settled(&self, board: &Board) -> Option<bool> {
        let stones = board.stones(self.defender);
        let decisive = match self.crucial {
            Some(c) => {
                let left = stones.intersection(&c);
                if left.is_empty() {
                    return Some(false);
                }
                left
            }
            None => stones,
        };
        any_alive(board, self.defender, &decisive).then_some(true)
    }

    /// A connection leaf ([`LeafKind::Connected`]), played out with the checker's own moves
    /// and Benson's test: the defender to move has a play after which a crucial stone is
    /// unconditionally alive; the attacker to move has no play in the region, nor a pass, after
    /// which the defender has none (and no pass that ends the game for the attacker).
    fn verify_connected(
        &mut self,
        board: &mut Board,
        to_move: Color,
        passed: bool,
    ) -> Result<(), String> {
        if self.superko {
            return Err("connection leaves are not sound under positional superko".to_string());
        }
        if to_move == self.defender {
            return if self.defender_lives_now(board) {
                Ok(())
            } else {
                Err("no defender play makes a crucial stone unconditionally alive".to_string())
            };
        }
        if passed && !self.problem.goal().seki_is_life() {
            return Err("the attacker could pass and end the game".to_string());
        }
        let attacker = self.defender.opponent();
        let moves: Vec<Move> = self
            .region
            .iter()
            .map(Move::Play)
            .chain(std::iter::once(Move::Pass))
            .collect();
        for mv in moves {
            if self.play(board, attacker, mv).is_err() {
                continue;
            }
            let lives = self.settled(board) == Some(true) || self.defender_lives_now(board);
            board.undo();
            if !lives {
                let what = match mv {
                    Move::Play(p) => p.to_sgf(),
                    Move::Pass => "a pass".to_string(),
                };
                return Err(format!("no defender answer to {what}"));
            }
        }
        Ok(())
    }

    /// Has the defender, to move, a play after which a crucial stone is unconditionally alive?
    /// Points next to the crucial stones are tried first.
    fn defender_lives_now(&mut self, board: &mut Board) -> bool {
        if self.settled(board) == Some(false) {
            return false;
        }
        let crucial = self.crucial.unwrap_or_default();
        let near = crucial.grow(board.size());
        let (first, rest): (Vec<Point>, Vec<Point>) =
            self.region.iter().partition(|&p| near.contains(p));
        for p in first.into_iter().chain(rest) {
            if self.play(board, self.defender, Move::Play(p)).is_err() {
                continue;
            }
            let lives = self.settled(board) == Some(true);
            board.undo();
            if lives {
                return true;
            }
        }
        false
    }

    fn or_wins_when_defender_lives(&self) -> bool {
        self.problem.goal().or_defends()
    }

    /// Does the OR player win a game ended by two passes in a row on `board` (with the position
    /// not settled)? The defender does when seki is life and it has a crucial stone (for the
    /// kill-all goals: any stone) on the board, else the attacker.
    fn or_wins_two_passes(&self, board: &Board) -> bool {
        let left = self.crucial.is_some() || !board.stones(self.defender).is_empty();
        let defender_wins = self.problem.goal().seki_is_life() && left;
        defender_wins == self.or_wins_when_defender_lives()
    }

    /// Play `mv` for `c` if the rules allow it. Returns `Err(true)` for a superko refusal.
    fn play(&mut self, board: &mut Board, c: Color, mv: Move) -> Result<(), bool> {
        let Move::Play(p) = mv else {
            board.play_recorded(c, Move::Pass);
            return Ok(());
        };
        if !self.region.contains(p) || !board.is_empty(p) || board.is_suicide(c, p) {
            return Err(false);
        }
        if board.ko_point_for(c) == Some(p) {
            if !self.problem.ko_rule(c).ignores_ko_ban() {
                return Err(false);
            }
            board.play_recorded_lifting_ko(c, mv);
        } else {
            board.play_recorded(c, mv);
        }
        if *self.no_ko_capture.get(c) && board.ko().is_some() {
            board.undo();
            return Err(false);
        }
        if self.superko && self.history.contains(&board.hash()) {
            board.undo();
            return Err(true);
        }
        Ok(())
    }

    /// Verify the position (`to_move`, `passed`) against `node`; returns whether a superko
    /// refusal happened below.
    fn check(
        &mut self,
        board: &mut Board,
        to_move: Color,
        passed: bool,
        node: &ProofNode,
    ) -> Result<bool, CheckError> {
        self.stats.positions += 1;
        let positions = self.stats.positions;
        if positions > self.limits.max_positions {
            return Err(CheckError::TooLarge(self.limits.max_positions));
        }
        if positions == 1 || positions.is_multiple_of(1024) {
            if self
                .limits
                .stop
                .as_ref()
                .is_some_and(|s| s.load(Ordering::Relaxed))
            {
                return Err(CheckError::Stopped { positions });
            }
            if self.limits.deadline.is_some_and(|d| Instant::now() >= d) {
                return Err(CheckError::OutOfTime { positions });
            }
        }
        let memo = (board.position_hash(to_move), passed);
        if self.verified.contains(&memo) {
            return Ok(false);
        }
        let refused = self.check_position(board, to_move, passed, node)?;
        if !refused && self.verified.len() < self.limits.max_memo {
            self.verified.insert(memo);
        }
        Ok(refused)
    }

    /// [`Self::check`] on a position not verified before.
    fn check_position(
        &mut self,
        board: &mut Board,
        to_move: Color,
        passed: bool,
        node: &ProofNode,
    ) -> Result<bool, CheckError> {
        match self.settled(board) {
            Some(lives) if lives == self.or_wins_when_defender_lives() => return Ok(false),
            Some(_) => {
                return Err(CheckError::Lost {
                    line: self.line_text(),
                })
            }
            None => {}
        }
        if node.role == Role::Leaf(LeafKind::StaticDead) {
            let verdict = verify_static_dead(self.problem, board, to_move, passed, self.superko);
            return match verdict {
                Ok(()) => Ok(false),
                Err(why) => Err(CheckError::NotDead {
                    line: self.line_text(),
                    why,
                }),
            };
        }
        if node.role == Role::Leaf(LeafKind::SekiArea) {
            let found = verify_seki_area(
                board,
                self.defender,
                self.crucial.as_ref(),
                &self.region,
                self.superko,
            );
            return match found {
                Ok(()) if self.or_wins_when_defender_lives() => Ok(false),
                Ok(()) => Err(CheckError::Lost {
                    line: self.line_text(),
                }),
                Err(why) => Err(CheckError::NotSeki {
                    line: self.line_text(),
                    why,
                }),
            };
        }
        if node.role == Role::Leaf(LeafKind::Connected) {
            return match self.verify_connected(board, to_move, passed) {
                Ok(()) => Ok(false),
                Err(why) => Err(CheckError::NotConnected {
                    line: self.line_text(),
                    why,
                }),
            };
        }
        if to_move == self.or {
            self.check_or(board, passed, node)
        } else {
            self.check_and(board, to_move, passed, node)
        }
    }

    fn check_or(
        &mut self,
        board: &mut Board,
        passed: bool,
        node: &ProofNode,
    ) -> Result<bool, CheckError> {
        let (Role::Or, [child]) = (node.role, node.children.as_slice()) else {
            return Err(CheckError::NoAnswer {
                line: self.line_text(),
                why: format!("the OR player is to move but the node is {:?}", node.role),
            });
        };
        let Some(mv) = child.mv else {
            return Err(CheckError::NoAnswer {
                line: self.line_text(),
                why: "the child has no move".to_string(),
            });
        };
        if mv == Move::Pass && passed {
            // Two passes end the game unsettled (checked above).
            return if self.or_wins_two_passes(board) {
                Ok(false)
            } else {
                Err(CheckError::Lost {
                    line: self.line_text(),
                })
            };
        }
        if self.play(board, self.or, mv).is_err() {
            return Err(CheckError::IllegalMove {
                line: self.line_text(),
                mv: mv.to_gtp(self.problem.size()),
            });
        }
        self.descend(board, self.or, mv, child)
    }

    /// Play was made: extend the line, check the child, take the move back.
    fn descend(
        &mut self,
        board: &mut Board,
        mover: Color,
        mv: Move,
        child: &ProofNode,
    ) -> Result<bool, CheckError> {
        self.history.push(board.hash());
        self.line.push(mv);
        let res = self.check(board, mover.opponent(), mv == Move::Pass, child);
        self.line.pop();
        self.history.pop();
        board.undo();
        res
    }

    fn check_and(
        &mut self,
        board: &mut Board,
        and: Color,
        passed: bool,
        node: &ProofNode,
    ) -> Result<bool, CheckError> {
        if node.role != Role::And {
            return Err(CheckError::NoAnswer {
                line: self.line_text(),
                why: format!("the AND player is to move but the node is {:?}", node.role),
            });
        }
        let mut refused = false;
        // The empty points at the start (a copy: the board changes in the loop).
        let plays = self.region.intersection(&board.empty_points());
        for mv in plays.iter().map(Move::Play).chain([Move::Pass]) {
            if mv == Move::Pass && passed {
                // Two passes end the game unsettled.
                if !self.or_wins_two_passes(board) {
                    return Err(CheckError::Lost {
                        line: format!("{} pass", self.line_text()),
                    });
                }
                continue;
            }
            match self.play(board, and, mv) {
                Ok(()) => {}
                Err(superko) => {
                    refused |= superko;
                    continue;
                }
            }
            let own = node.children.iter().find(|c| c.mv == Some(mv));
            let child = match own {
                Some(c) => c,
                None => {
                    let outside = |c: &&ProofNode| match mv {
                        Move::Play(p) => !c.zone.contains(p),
                        Move::Pass => true,
                    };
                    let null = node.children.iter().filter(|c| c.null_move).find(outside);
                    if let Some(c) = null {
                        self.stats.null_mapped += 1;
                        c
                    } else if outside(&node) && node.children.iter().any(ends_by_passes) {
                        // The AND player's pass loses to the end of the game by two passes: the
                        // OR player answers a move outside the zone with a pass, and the same
                        // node's strategy goes on (now a pass by the AND player ends the game).
                        self.stats.null_mapped += 1;
                        refused |= self.pass_back(board, and, mv, node)?;
                        continue;
                    } else {
                        board.undo();
                        return Err(CheckError::Uncovered {
                            line: self.line_text(),
                            mv: mv.to_gtp(self.problem.size()),
                        });
                    }
                }
            };
            refused |= self.descend(board, and, mv, child)?;
        }
        Ok(refused)
    }

    /// The AND player played `mv` (on the board): the OR player passes and `node` is checked
    /// again; both moves are taken back.
    fn pass_back(
        &mut self,
        board: &mut Board,
        and: Color,
        mv: Move,
        node: &ProofNode,
    ) -> Result<bool, CheckError> {
        self.history.push(board.hash());
        self.line.push(mv);
        board.play_recorded(self.or, Move::Pass);
        self.history.push(board.hash());
        self.line.push(Move::Pass);
        let res = self.check(board, and, true, node);
        self.line.truncate(self.line.len() - 2);
        self.history.truncate(self.history.len() - 2);
        board.undo();
        board.undo();
        res
    }
}

/// Does this AND child answer a pass with the end of the game (a second pass)?
fn ends_by_passes(child: &ProofNode) -> bool {
    child.mv == Some(Move::Pass) && child.ends_by_pass()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::fixtures::solved_bent_three_kill;

    /// The memo names the position, not the tree node: the same position checked again against
    /// another node (here a copy of the root, as a transposition reaches a copied subtree) costs
    /// one lookup, not a second verification.
    #[test]
    fn a_position_verified_through_one_node_is_not_verified_again_through_another() {
        let (problem, proof) = solved_bent_three_kill();
        let copy = proof.root.clone();
        let limits = CheckLimits::positions(1_000_000);
        let mut board = problem.board().clone();
        board.clear_history();
        let mut checker = Checker::new(&problem, &board, false, &limits);
        let to_move = problem.to_move();
        checker
            .check(&mut board, to_move, false, &proof.root)
            .unwrap();
        let first = checker.stats.positions;
        assert!(first > 10, "the proof is checked move by move ({first})");
        checker.check(&mut board, to_move, false, &copy).unwrap();
        assert_eq!(checker.stats.positions, first + 1);
        // The same position after a pass is another position.
        board.play_recorded(to_move.opponent(), Move::Pass);
        checker.check(&mut board, to_move, true, &copy).unwrap();
        assert!(checker.stats.positions > first + 2);
    }
}
