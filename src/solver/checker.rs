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
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Instant;
use thiserror::Error;

use super::checker_life::any_alive_reading;
use super::checker_seki::verify_seki_area;
use super::checker_static::verify_static_dead;
use super::checker_zone::{closed, play_reads, Base};
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
    /// Use the checker's own zones ([`super::checker_zone`]): an AND move answered by a
    /// null-move child from a position that agrees, on what the child's first verification
    /// read, with the position of that verification is covered by it. `false`: every AND move
    /// is replayed (the reference the tests compare with).
    pub zones: bool,
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
            zones: true,
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
    /// Of those, the moves covered by the child's first verification (its zone), not replayed.
    pub covered: u64,
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
    /// Verified positions with their footprints.
    verified: HashMap<(u64, bool), Zone, KeyHashing>,
    stats: CheckStats,
    limits: &'a CheckLimits,
    /// Footprints are derived (not under superko, not without crucial stones).
    zones: bool,
    /// The whole board: the footprint that depends on everything.
    everything: Zone,
}

/// A verification's outcome: whether a superko refusal happened below, and its footprint (see
/// [`super::checker_zone`]).
type Verified = (bool, Zone);

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
            verified: HashMap::default(),
            stats: CheckStats::default(),
            limits,
            zones: limits.zones && !superko && problem.goal().needs_crucial_stones(),
            everything: board.all_points(),
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
        self.settled_reading(board).0
    }

    /// [`Self::settled`] with what the answer read (the crucial points and the life test's).
    fn settled_reading(&self, board: &Board) -> (Option<bool>, Zone) {
        let stones = board.stones(self.defender);
        let (decisive, mut reads) = match self.crucial {
            Some(c) => {
                let left = stones.intersection(&c);
                if left.is_empty() {
                    return (Some(false), c);
                }
                (left, c)
            }
            None => (stones, self.everything),
        };
        let alive = any_alive_reading(board, self.defender, &decisive, &mut reads);
        (alive.then_some(true), reads)
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
    /// refusal happened below, and the footprint (closed; the whole board without zones).
    fn check(
        &mut self,
        board: &mut Board,
        to_move: Color,
        passed: bool,
        node: &ProofNode,
    ) -> Result<Verified, CheckError> {
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
        if let Some(zone) = self.verified.get(&memo) {
            return Ok((false, *zone));
        }
        let (refused, zone) = self.check_position(board, to_move, passed, node)?;
        let zone = if self.zones { zone } else { self.everything };
        if !refused && self.verified.len() < self.limits.max_memo {
            self.verified.insert(memo, zone);
        }
        Ok((refused, zone))
    }

    /// [`Self::check`] on a position not verified before.
    fn check_position(
        &mut self,
        board: &mut Board,
        to_move: Color,
        passed: bool,
        node: &ProofNode,
    ) -> Result<Verified, CheckError> {
        let (settled, reads) = self.settled_reading(board);
        match settled {
            Some(lives) if lives == self.or_wins_when_defender_lives() => {
                return Ok((false, reads))
            }
            Some(_) => {
                return Err(CheckError::Lost {
                    line: self.line_text(),
                })
            }
            None => {}
        }
        let everything = self.everything;
        if node.role == Role::Leaf(LeafKind::StaticDead) {
            let verdict = verify_static_dead(self.problem, board, to_move, passed, self.superko);
            return match verdict {
                Ok(()) => Ok((false, everything)),
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
                Ok(()) if self.or_wins_when_defender_lives() => Ok((false, everything)),
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
                Ok(()) => Ok((false, everything)),
                Err(why) => Err(CheckError::NotConnected {
                    line: self.line_text(),
                    why,
                }),
            };
        }
        let (refused, zone) = if to_move == self.or {
            self.check_or(board, passed, node)?
        } else {
            self.check_and(board, to_move, passed, node)?
        };
        Ok((refused, zone.union(&reads)))
    }

    fn check_or(
        &mut self,
        board: &mut Board,
        passed: bool,
        node: &ProofNode,
    ) -> Result<Verified, CheckError> {
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
                Ok((false, self.two_passes_reads()))
            } else {
                Err(CheckError::Lost {
                    line: self.line_text(),
                })
            };
        }
        let reads = self.move_reads(board, mv);
        if self.play(board, self.or, mv).is_err() {
            return Err(CheckError::IllegalMove {
                line: self.line_text(),
                mv: mv.to_gtp(self.problem.size()),
            });
        }
        let (refused, zone) = self.descend(board, self.or, mv, child)?;
        Ok((refused, zone.union(&reads)))
    }

    /// What playing `mv` reads ([`play_reads`]; nothing for a pass).
    fn move_reads(&self, board: &Board, mv: Move) -> Zone {
        match mv {
            Move::Play(p) if self.zones => play_reads(board, p),
            Move::Play(_) => self.everything,
            Move::Pass => Zone::new(),
        }
    }

    /// What the end of the game by two passes read: nothing when crucial stones decide (the
    /// defender has one on the board, or the goal test ended the game), else every point.
    fn two_passes_reads(&self) -> Zone {
        if self.crucial.is_some() {
            Zone::new()
        } else {
            self.everything
        }
    }

    /// Play was made: extend the line, check the child, take the move back.
    fn descend(
        &mut self,
        board: &mut Board,
        mover: Color,
        mv: Move,
        child: &ProofNode,
    ) -> Result<Verified, CheckError> {
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
    ) -> Result<Verified, CheckError> {
        if node.role != Role::And {
            return Err(CheckError::NoAnswer {
                line: self.line_text(),
                why: format!("the AND player is to move but the node is {:?}", node.role),
            });
        }
        let mut refused = false;
        let mut zone = Zone::new();
        // The first verification of each null-move child (by index) and of the pass-back
        // (the last index), with its footprint.
        let pass_back = node.children.len();
        let mut bases: Vec<Option<Base>> = vec![None; node.children.len() + 1];
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
                zone.union_with(&self.two_passes_reads());
                continue;
            }
            let reads = self.move_reads(board, mv);
            zone.union_with(&reads);
            match self.play(board, and, mv) {
                Ok(()) => {}
                Err(superko) => {
                    refused |= superko;
                    continue;
                }
            }
            if let Some(own) = node.children.iter().find(|c| c.mv == Some(mv)) {
                let (r, z) = self.descend(board, and, mv, own)?;
                refused |= r;
                zone.union_with(&z);
                continue;
            }
            let outside = |c: &ProofNode| match mv {
                Move::Play(p) => !c.zone.contains(p),
                Move::Pass => true,
            };
            let null = node
                .children
                .iter()
                .enumerate()
                .find(|(_, c)| c.null_move && outside(c));
            if let Some((i, c)) = null {
                self.stats.null_mapped += 1;
                let after = mv == Move::Pass;
                if bases[i].as_ref().is_some_and(|b| b.covers(board, after)) {
                    self.stats.covered += 1;
                    board.undo();
                    continue;
                }
                let base = (self.zones && bases[i].is_none()).then(|| Base::of(board, after));
                let (r, z) = self.descend(board, and, mv, c)?;
                refused |= r;
                zone.union_with(&z);
                if let Some(base) = base {
                    // Closed on the position it was verified from (played again).
                    let _ = self.play(board, and, mv);
                    let z = closed(board, z);
                    board.undo();
                    zone.union_with(&z);
                    bases[i] = Some(base.with_zone(z));
                }
            } else if outside(node) && node.children.iter().any(ends_by_passes) {
                // The AND player's pass loses to the end of the game by two passes: the OR
                // player answers a move outside the zone with a pass, and the same node's
                // strategy goes on (now a pass by the AND player ends the game).
                self.stats.null_mapped += 1;
                board.play_recorded(self.or, Move::Pass);
                let hit = bases[pass_back]
                    .as_ref()
                    .is_some_and(|b| b.covers(board, true));
                let base =
                    (self.zones && bases[pass_back].is_none()).then(|| Base::of(board, true));
                board.undo();
                if hit {
                    self.stats.covered += 1;
                    board.undo();
                    continue;
                }
                let (r, z) = self.pass_back(board, and, mv, node)?;
                refused |= r;
                zone.union_with(&z);
                if let Some(base) = base {
                    let _ = self.play(board, and, mv);
                    board.play_recorded(self.or, Move::Pass);
                    let z = closed(board, z);
                    board.undo();
                    board.undo();
                    zone.union_with(&z);
                    bases[pass_back] = Some(base.with_zone(z));
                }
            } else {
                board.undo();
                return Err(CheckError::Uncovered {
                    line: self.line_text(),
                    mv: mv.to_gtp(self.problem.size()),
                });
            }
        }
        if self.zones {
            zone.union_with(&self.unanswered_points(board, node, &bases));
        }
        Ok((refused, zone))
    }

    /// The points an AND move on which would not be covered in a position that agrees with
    /// this one only on the footprint: the reads of every move with its own child (an occupied
    /// or illegal one must stay so), and the points answered by a null-move child or the
    /// pass-back without a usable first verification here ([`Base::agrees_before`]), or by
    /// nothing (all occupied here).
    fn unanswered_points(&self, board: &Board, node: &ProofNode, bases: &[Option<Base>]) -> Zone {
        let mut points = Zone::new();
        let mut rest = self.region;
        for c in &node.children {
            if let Some(Move::Play(p)) = c.mv {
                if self.region.contains(p) {
                    points.union_with(&self.move_reads(board, Move::Play(p)));
                    rest.remove(p);
                }
            }
        }
        let usable = |b: &Option<Base>| b.as_ref().is_some_and(|b| b.agrees_before(board));
        for (i, c) in node.children.iter().enumerate() {
            if c.null_move {
                let class = rest.difference(&c.zone);
                if !usable(&bases[i]) {
                    points.union_with(&class);
                }
                rest = rest.intersection(&c.zone);
            }
        }
        let passing_back = node.children.iter().any(ends_by_passes);
        if passing_back && usable(&bases[node.children.len()]) {
            rest.intersect_with(&node.zone);
        }
        points.union_with(&rest);
        points
    }

    /// The AND player played `mv` (on the board): the OR player passes and `node` is checked
    /// again; both moves are taken back.
    fn pass_back(
        &mut self,
        board: &mut Board,
        and: Color,
        mv: Move,
        node: &ProofNode,
    ) -> Result<Verified, CheckError> {
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
