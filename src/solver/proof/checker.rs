//! An independent proof checker: replays a proof tree as the OR player's strategy against *every*
//! legal AND move in the region, and confirms that every line ends in a real win.
//!
//! It shares no code with the search (only the board): its own goal test, with its own test of
//! unconditional life ([`crate::solver::proof::checker_life`], asked only about the decisive blocks), its own
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
//! the enclosed areas ([`crate::solver::proof::checker_static`]), on the position actually reached and with its
//! side to move; nothing of the search's rule or its table is used.
//!
//! A seki leaf ([`LeafKind::SekiArea`]) is re-derived the same way ([`crate::solver::proof::checker_seki`]):
//! the enclosed area found again on the position reached and its survival game played out,
//! without the seki database.
//!
//! Positions already verified are remembered (by position key, side to move, ko point and whether
//! the last move was a pass) unless a superko refusal happened below them, so transpositions are
//! checked once. The memo does not name the tree node a position was verified against: a verified
//! position is a won position whatever node showed it (without superko nothing of the line
//! matters), and the null-move mapping reaches the same position through many nodes.
//!
//! Replaying every AND move grows with the number of AND moves outside the zones at each level
//! of the proof (a 2,051-node proof of research problem 23 took 76 M positions). So the checker
//! derives zones of its own ([`crate::solver::proof::checker_zone`]): each verification returns the points it
//! read, and what a verification showed holds on every position that agrees there, which
//! covers most AND moves of a null-move class without playing them and lets a proof node met
//! again on a position that differs only elsewhere count as verified. They come from what the
//! checker itself did, never from the proof's zones (which only say which child answers a
//! move); `tests/it/checker_zones.rs` compares the verdicts with the full replay.
//!
//! A check is bounded ([`CheckLimits`]): by positions visited, by time and a stop flag (looked at
//! on the first position and every 1024 after it), and in memory: at most `max_memo` positions
//! are remembered in each memo, after which positions met again are verified again (slower, the
//! same verdict).

use crate::go::key_hasher::KeyHashing;
use crate::go::{Board, ByColor, Color, Move, Point, Zone};
use crate::problem::Problem;
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Instant;
use thiserror::Error;

use crate::solver::proof::checker_eye::one_eye_reading;
use crate::solver::proof::checker_life::{
    any_alive_reading, every_alive_reading, lasting_alive, territory_safe_reading,
};
use crate::solver::proof::checker_links::linked_alive_reading;
use crate::solver::proof::checker_seki::verify_seki_area;
use crate::solver::proof::checker_static::verify_static_dead;
use crate::solver::proof::checker_zone::{closed, play_reads, FootprintMemo};
use crate::solver::proof::{LeafKind, ProofNode, ProofTree, Role};

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

/// Is the claim of `problem` under the outside watch: an every-block goal, or the defender's
/// claim of an open-boundary problem? (The checker's own reading.)
fn watched(problem: &Problem) -> bool {
    let goal = problem.goal();
    goal.every_crucial_block() || (problem.is_open() && goal.or_defends())
}

/// Bounds of one check.
#[derive(Clone, Debug)]
pub struct CheckLimits {
    /// Positions the check may visit.
    pub max_positions: u64,
    /// Positions remembered as verified, in each memo (about [`MEMO_ENTRY_BYTES`] each).
    pub max_memo: usize,
    /// When the check gives up.
    pub deadline: Option<Instant>,
    /// Set to stop the check.
    pub stop: Option<Arc<AtomicBool>>,
    /// Use the checker's own zones ([`crate::solver::proof::checker_zone`]): an AND move answered by a
    /// null-move child is covered by a verification of the same class from the same node when
    /// it lies outside that verification's footprint, and a position that agrees with a
    /// verified one on its footprint is verified. `false`: every AND move is replayed (the
    /// reference the tests compare with).
    pub zones: bool,
}

/// Bytes per remembered position with its footprint, with the hash map's overhead (for the
/// memory report; a position under a footprint of its node takes about 9 more).
pub const MEMO_ENTRY_BYTES: u64 = (std::mem::size_of::<((u64, bool), Zone)>() + 1) as u64;

impl CheckLimits {
    /// At most `max_positions` positions, 16 M remembered in each memo (about 1.2 GiB; a check
    /// remembers at most as many as it visits), no deadline, the checker's own zones on.
    pub fn positions(max_positions: u64) -> CheckLimits {
        CheckLimits {
            max_positions,
            max_memo: 1 << 24,
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
    /// Moves and positions covered by the checker's own zones without being verified again: AND
    /// moves outside a footprint of their class, positions agreeing with a verified one on its
    /// footprint ([`crate::solver::proof::checker_zone`]).
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
    /// Verified positions by proof node under their footprints (with zones).
    footprints: FootprintMemo,
    stats: CheckStats,
    limits: &'a CheckLimits,
    /// Footprints are derived (not under superko, not without crucial stones).
    zones: bool,
    /// The whole board: the footprint that depends on everything.
    everything: Zone,
    /// The outside watch (the every-block goals, an open-boundary problem's defender's
    /// claim): the defender stones exempt from it, `None` when the claim is not watched.
    watch_exempt: Option<Zone>,
    /// Read life by links (`checker_links`): the defender's claims without a territory, not
    /// under superko, in a proof holding a `linked` leaf.
    links: bool,
}

/// Verifications kept per class of AND moves at one AND node.
const MAX_BASES: usize = 8;

/// How the proof answers an AND move ([`Checker::answer_of`]).
#[derive(Clone, Copy)]
enum Answer {
    /// The node's child with this index.
    Own(usize),
    /// The class with this index: a null-move child's index, or the number of children for
    /// the pass-back.
    Class(usize),
    Nothing,
}

/// A verification's outcome: whether a superko refusal happened below, and its footprint (see
/// [`crate::solver::proof::checker_zone`]).
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
    // Life by links is read only where the search used it (its reading costs a flood of the
    // board at every position).
    checker.links = checker.links && proof.root.any_leaf(&|kind| kind == LeafKind::Linked);
    checker.check(&mut board, problem.to_move(), false, &proof.root)?;
    checker.stats.memo_bytes =
        checker.verified.capacity() as u64 * MEMO_ENTRY_BYTES + checker.footprints.bytes();
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
            footprints: FootprintMemo::default(),
            stats: CheckStats::default(),
            limits,
            zones: limits.zones && !superko && problem.goal().needs_crucial_stones(),
            everything: board.all_points(),
            watch_exempt: watched(problem)
                .then(|| lasting_alive(board, problem.defender(), &problem.region())),
            links: !superko && problem.goal().or_defends() && problem.territory().is_empty(),
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

    /// `Some(true)`: the defender lives; `Some(false)`: all crucial stones are gone (for the
    /// every-block goals: one is).
    fn settled(&self, board: &Board) -> Option<bool> {
        self.settled_reading(board).0
    }

    /// [`Self::settled`] with what the answer read (the crucial points and the life test's).
    fn settled_reading(&self, board: &Board) -> (Option<bool>, Zone) {
        if self.problem.goal().is_one_eye() {
            // The one-eye goals: an eye, not life (read on its own, `checker_eye`).
            let crucial = self.crucial.unwrap_or_default();
            return one_eye_reading(board, self.defender, &crucial, &self.region);
        }
        let stones = board.stones(self.defender);
        let every = self.problem.goal().every_crucial_block();
        let (decisive, mut reads) = match self.crucial {
            Some(c) => {
                let left = stones.intersection(&c);
                if left.is_empty() || (every && left != c) {
                    return (Some(false), c);
                }
                if every {
                    // The leak rule, read here on its own (not with the search's code): a
                    // crucial block with a liberty outside the region has left the searched
                    // game, a failure of the defender. The answer read the block, its
                    // neighbours and every crucial point.
                    if let Some(block) = self.leaking_block(board, &c) {
                        return (Some(false), block.grow(board.size()).union(&c));
                    }
                    (left, self.crucial_neighbours(board, &left).union(&c))
                } else {
                    (left, c)
                }
            }
            None => (stones, self.everything),
        };
        let alive = if every {
            let territory = self.problem.territory();
            every_alive_reading(board, self.defender, &decisive, &mut reads)
                && (territory.is_empty()
                    || territory_safe_reading(board, self.defender, &territory, &mut reads))
        } else {
            any_alive_reading(board, self.defender, &decisive, &mut reads)
        };
        // Life by links, read with the checker's own code (`checker_links`), for the
        // defender's claims without a territory, as the search's goal test has it.
        let alive = alive
            || (self.links
                && linked_alive_reading(
                    board,
                    self.defender,
                    &decisive,
                    &self.region,
                    every,
                    &mut reads,
                ));
        let open = self.problem.is_open();
        if open {
            // The lines here passed positions without a leak (below): the answer also read
            // every crucial block's neighbours.
            reads.union_with(&self.crucial_neighbours(board, &decisive));
        }
        if alive {
            return (Some(true), reads);
        }
        if open {
            // The open-boundary leak rule, read on its own: a crucial block with a liberty
            // outside the region is a failure of the OR player, whichever side it is.
            if self.leaking_block(board, &decisive).is_some() {
                return (Some(!self.or_wins_when_defender_lives()), reads);
            }
        }
        if self.watch_exempt.is_some() {
            // The outside watch, read on its own: a defender block on or beside the region,
            // not lastingly alive, with a liberty outside the region and at most one inside
            // it is a failure of the defender (read as if the attacker had filled its outside
            // liberties). The answer read the defender blocks on or beside the region with
            // their neighbours: a position agreeing there without a leak of its own has the
            // same answers on the lines checked from here (attackers' moves make no leak;
            // `Self::check` tests a position met again for a leak of its own before trusting a
            // footprint).
            let near = board
                .stones(self.defender)
                .intersection(&self.region.grow(board.size()));
            reads.union_with(&self.crucial_neighbours(board, &near));
            if self.outside_fails(board) {
                return (Some(false), reads);
            }
        }
        (None, reads)
    }

    /// The outside watch: has a defender block on or beside the region, with no lastingly
    /// alive stone, a liberty outside the region? (Never for an unwatched claim.)
    fn outside_leaks(&self, board: &Board) -> bool {
        self.watch_exempt
            .is_some_and(|exempt| self.reaches_outside(board, &exempt))
    }

    /// The outside watch's failure: has a defender block on or beside the region, with no
    /// lastingly alive stone and a liberty outside the region, at most one liberty inside it?
    fn outside_fails(&self, board: &Board) -> bool {
        self.watch_exempt.is_some_and(|exempt| {
            let inside = board.empty_points().intersection(&self.region);
            self.reaching_outside(board, &exempt, |block| {
                block.grow(board.size()).intersection(&inside).len() <= 1
            })
        })
    }

    /// Has a defender block on or beside the region, holding no stone of `exempt`, a liberty
    /// outside it?
    fn reaches_outside(&self, board: &Board, exempt: &Zone) -> bool {
        self.reaching_outside(board, exempt, |_| true)
    }

    /// Has a defender block on or beside the region, holding no stone of `exempt`, with a
    /// liberty outside it, one that `keep` accepts (given the block's stones)?
    fn reaching_outside(&self, board: &Board, exempt: &Zone, keep: impl Fn(&Zone) -> bool) -> bool {
        let size = board.size();
        let outside = board.empty_points().difference(&self.region);
        let near = board
            .stones(self.defender)
            .intersection(&self.region.grow(size));
        near.iter().any(|p| {
            let block = board.block_stones(p);
            !block.intersects(exempt) && block.grow(size).intersects(&outside) && keep(&block)
        })
    }

    /// A block holding a stone of `stones` (defender stones) with a liberty outside the region.
    fn leaking_block(&self, board: &Board, stones: &Zone) -> Option<Zone> {
        let outside = board.empty_points().difference(&self.region);
        stones
            .iter()
            .map(|p| board.block_stones(p))
            .find(|block| block.grow(board.size()).intersects(&outside))
    }

    /// The stones of the blocks holding `stones` and every point beside them.
    fn crucial_neighbours(&self, board: &Board, stones: &Zone) -> Zone {
        stones.iter().fold(Zone::new(), |acc, p| {
            acc.union(&board.block_stones(p).grow(board.size()))
        })
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
        // A claimed territory is safe only as the goal test reads it (`settled`), never by a
        // game's end.
        let defender_wins = self.problem.goal().seki_is_life()
            && left
            && !self.watched_leak(board)
            && self.problem.territory().is_empty();
        defender_wins == self.or_wins_when_defender_lives()
    }

    /// For the every-block goals and the defender's claim of an open-boundary problem: has a
    /// defender block on or beside the region a liberty outside it? Then a game ended by two
    /// passes is the attacker's (such a block cannot be captured inside the region; read here
    /// on its own, not with the search's code).
    fn watched_leak(&self, board: &Board) -> bool {
        self.watch_exempt.is_some() && self.reaches_outside(board, &Zone::EMPTY)
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
        let id = node as *const ProofNode as usize;
        // (A footprint does not show that the position has no leak of its own: the outside
        // watch is asked first, and a leak is checked as a position of its own, a loss.)
        if self.zones && !self.outside_leaks(board) {
            if let Some(zone) = self.footprints.find(id, board, to_move, passed) {
                self.stats.covered += 1;
                return Ok((false, zone));
            }
        }
        let (refused, zone) = self.check_position(board, to_move, passed, node)?;
        let zone = if self.zones { zone } else { self.everything };
        if !refused && self.verified.len() < self.limits.max_memo {
            self.verified.insert(memo, zone);
        }
        if !refused && self.zones {
            let max = self.limits.max_memo;
            self.footprints
                .insert(id, zone, board, to_move, passed, max);
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
        let one_block_leaf = matches!(
            node.role,
            Role::Leaf(LeafKind::SekiArea | LeafKind::Connected)
        );
        if one_block_leaf && self.problem.goal().every_crucial_block() {
            // A seki or connection leaf shows one block living: the every-block goals need
            // every crucial block (the solver never makes these leaves for them).
            return Err(CheckError::NotSeki {
                line: self.line_text(),
                why: "a leaf showing one block alive, where every crucial block must live"
                    .to_string(),
            });
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
        // Per class of AND moves answered alike (each null-move child by index, the pass-back
        // last): the footprints of its verifications made here whose positions agree with this
        // one on them before the AND move. A play of the class outside one of them is covered.
        let pass_back = node.children.len();
        let mut bases: Vec<Vec<Zone>> = vec![Vec::new(); node.children.len() + 1];
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
            let answer = self.answer_of(node, mv);
            if let (Answer::Class(class), Move::Play(p)) = (answer, mv) {
                if bases[class].iter().any(|z| !z.contains(p)) {
                    self.stats.null_mapped += 1;
                    self.stats.covered += 1;
                    continue;
                }
            }
            // What the move reads belongs to the footprint (a refused move must stay refused
            // on a position that agrees).
            zone.union_with(&self.move_reads(board, mv));
            match self.play(board, and, mv) {
                Ok(()) => {}
                Err(superko) => {
                    refused |= superko;
                    continue;
                }
            }
            let class = match answer {
                Answer::Own(i) => {
                    let (r, z) = self.descend(board, and, mv, &node.children[i])?;
                    refused |= r;
                    zone.union_with(&z);
                    continue;
                }
                Answer::Class(class) => class,
                Answer::Nothing => {
                    board.undo();
                    return Err(CheckError::Uncovered {
                        line: self.line_text(),
                        mv: mv.to_gtp(self.problem.size()),
                    });
                }
            };
            self.stats.null_mapped += 1;
            let passing_back = class == pass_back;
            let (r, z) = if passing_back {
                self.pass_back(board, and, mv, node)?
            } else {
                self.descend(board, and, mv, &node.children[class])?
            };
            refused |= r;
            zone.union_with(&z);
            if self.zones && mv != Move::Pass && bases[class].len() < MAX_BASES {
                if let Some(z) = self.base_zone(board, and, mv, passing_back, z) {
                    zone.union_with(&z);
                    bases[class].push(z);
                }
            }
        }
        if self.zones {
            zone.union_with(&self.unanswered_points(board, node, &bases));
        }
        Ok((refused, zone))
    }

    /// How the proof answers the AND move `mv` at `node`: its own child, a class (the first
    /// null-move child whose zone leaves it out, or the pass-back: a pass after which the same
    /// node goes on, when the node's zone leaves it out and its pass child ends the game), or
    /// nothing.
    fn answer_of(&self, node: &ProofNode, mv: Move) -> Answer {
        if let Some(i) = node.children.iter().position(|c| c.mv == Some(mv)) {
            return Answer::Own(i);
        }
        let outside = |c: &ProofNode| match mv {
            Move::Play(p) => !c.zone.contains(p),
            Move::Pass => true,
        };
        if let Some(i) = node.children.iter().position(|c| c.null_move && outside(c)) {
            return Answer::Class(i);
        }
        if outside(node) && node.children.iter().any(ends_by_passes) {
            return Answer::Class(node.children.len());
        }
        Answer::Nothing
    }

    /// The play `mv` was verified from the position on `board` (the AND player to move) with
    /// footprint `z`: the footprint closed on the position it was verified from, when this
    /// position agrees with that one on it (so every other play outside it, from here, leads
    /// to a position that agrees with that one on it too: [`crate::solver::proof::checker_zone`]).
    fn base_zone(
        &mut self,
        board: &mut Board,
        and: Color,
        mv: Move,
        passing_back: bool,
        z: Zone,
    ) -> Option<Zone> {
        // Closing only adds points: a footprint holding the move itself cannot agree.
        if let Move::Play(p) = mv {
            if z.contains(p) {
                return None;
            }
        }
        let before = (board.stones(Color::Black), board.stones(Color::White));
        self.play(board, and, mv).ok()?;
        if passing_back {
            board.play_recorded(self.or, Move::Pass);
        }
        let z = closed(board, z);
        let agrees = board.stones(Color::Black).intersection(&z) == before.0.intersection(&z)
            && board.stones(Color::White).intersection(&z) == before.1.intersection(&z)
            && board.ko().is_none_or(|(p, _)| !z.contains(p));
        if passing_back {
            board.undo();
        }
        board.undo();
        agrees.then_some(z)
    }

    /// The points an AND move on which was not tried here but would be on a position that
    /// agrees with this one only on the footprint, and would not be covered there: the reads
    /// of every move with its own child (an occupied one must stay so), the occupied points of
    /// a class answered by a null-move child or the pass-back without a base here, and the
    /// occupied points answered by nothing. (The empty points were all tried: a refused one's
    /// reads are in the footprint, a played one was verified or covered.)
    fn unanswered_points(&self, board: &Board, node: &ProofNode, bases: &[Vec<Zone>]) -> Zone {
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
        let occupied = self.region.difference(&board.empty_points());
        for (i, c) in node.children.iter().enumerate() {
            if c.null_move {
                let class = rest.difference(&c.zone);
                if bases[i].is_empty() {
                    points.union_with(&class.intersection(&occupied));
                }
                rest = rest.intersection(&c.zone);
            }
        }
        let passing_back = node.children.iter().any(ends_by_passes);
        if passing_back && !bases[node.children.len()].is_empty() {
            rest.intersect_with(&node.zone);
        }
        points.union_with(&rest.intersection(&occupied));
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
    use crate::problem::{Goal, ProblemSetup};
    use crate::solver::fixtures::{board as diagram, solved_bent_three_kill, zone};

    /// The outside watch, read by the checker on its own: in the defender's claim of an open
    /// problem the White stone on F2, beside the region (its neighbour E2 is in it) with
    /// liberties outside, is a failure of the defender, read with the defender blocks on or
    /// beside the region and their neighbours; the attacker's claim is not watched. The White corner alive with both eyes outside the
    /// region is exempt, not with an eye in it.
    #[test]
    fn the_outside_watch_fails_the_defenders_claim() {
        let b = diagram(
            "
            . . . X . . .
            O O . X . . .
            X O O . . . .
            . X X X . . .
            . . . . . . .
            . . . . . O .
            . . . . . . .
        ",
        );
        let claim = |or: Color, goal: Goal| {
            let mut setup = ProblemSetup::from_board(&b, or);
            setup.or_player = Some(or);
            setup.goal = Some(goal);
            setup.crucial = zone(&[(0, 1)]);
            setup.region = Some(zone(&[(0, 0), (1, 0), (2, 0), (2, 1), (3, 2), (4, 5)]));
            setup.validate().unwrap()
        };
        let limits = CheckLimits::positions(1_000);
        let live = claim(Color::White, Goal::Live);
        let checker = Checker::new(&live, &b, false, &limits);
        let (settled, reads) = checker.settled_reading(&b);
        assert_eq!(settled, Some(false));
        assert!(reads.contains(Point::new(5, 5)) && reads.contains(Point::new(5, 6)));
        assert!(
            reads.contains(Point::new(0, 1)) && reads.contains(Point::new(3, 2)),
            "the corner group beside the region and its neighbours"
        );
        let kill = claim(Color::Black, Goal::Kill);
        assert_eq!(Checker::new(&kill, &b, false, &limits).settled(&b), None);

        let corner = diagram(
            "
            . O . O X . .
            O O O O X . .
            X X X X X . .
            . . . . . . .
            . . . . . . .
            . . . . . . .
            . . . . . . .
        ",
        );
        let below: Vec<(usize, usize)> = (0..7).flat_map(|x| (2..7).map(move |y| (x, y))).collect();
        assert!(lasting_alive(&corner, Color::White, &zone(&below)).contains(Point::new(1, 0)));
        let with_eye: Vec<(usize, usize)> = below.iter().copied().chain([(0, 0)]).collect();
        assert!(lasting_alive(&corner, Color::White, &zone(&with_eye)).is_empty());
    }

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
