//! Playing a proven strategy against a person ("try to refute"): the user plays the AND player's
//! moves, and the proof tree answers each one, until the goal is reached.
//!
//! The answer to an AND move follows the same mapping as the [`checker`](crate::solver::proof::checker): a move
//! with its own child in the tree follows that child; any other move follows a *null-move child*
//! whose zone does not contain it (Lemma 1 of the RZS paper: the same answer wins after any AND
//! move outside that zone); an AND node whose pass is answered by the end of the game answers a
//! move outside its zone with a pass. From then on the board is no longer the tree's own, so the
//! goal is tested on the position actually reached.
//!
//! Ko fights are played as in Go. A proof "by ko" for the side that needs ko threats is made
//! with that side as ko master: it retakes a ko at once. Go's ko ban forbids that retake right
//! after the opponent's capture, so the replay plays it as a Go game would: the OR player first
//! plays a ko threat elsewhere (a pass on the problem's board, [`AnswerKind::KoThreat`]), the
//! user must answer it (a pass: a move elsewhere; the proof counts on its threats being
//! answered, which is what "needs ko threats" means), and then the OR player retakes
//! ([`AnswerKind::Retake`]), which the ban no longer forbids.

use crate::go::{Board, Color, Move, Zone};
use crate::problem::Problem;
use crate::solver::kernel::leaf::{GoalTest, Leaf};
use crate::solver::kernel::rules::{Refusal, Rules};
use crate::solver::proof::{ProofNode, ProofTree, Role};
use thiserror::Error;

/// How the proof answered a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AnswerKind {
    /// The tree searched this AND move; the answer is its child's winning move.
    Searched,
    /// The AND move lies outside a null-move child's zone; the answer is that child's.
    NullMove,
    /// The AND move lies outside the node's zone and the node's pass is answered by the end of
    /// the game: the OR player passes.
    PassBack,
    /// The proof retakes a ko at once (as the ko master it was proven as), which Go's ko ban
    /// forbids right after the capture: the OR player plays a ko threat elsewhere instead (the
    /// reply's move is a pass) and retakes once the threat is answered.
    KoThreat,
    /// The user answered the OR player's ko threat; the proof retakes the ko.
    Retake,
}

/// The OR player's answer to a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Reply {
    pub mv: Move,
    pub kind: AnswerKind,
}

/// How a replayed game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// The goal test decided the position for the OR player; the zone that decides it.
    GoalReached(Zone),
    /// Two passes in a row ended the game with the defender not alive.
    TwoPasses,
}

/// Why a move was not accepted.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ReplayError {
    #[error("the game is over")]
    Finished,
    #[error("{0} is outside the problem's region")]
    OutsideRegion(String),
    #[error("{0} is illegal here (occupied, suicide or the ko point)")]
    Illegal(String),
    #[error("{0} would capture a ko, which this side's ko rule forbids")]
    KoCaptureDisallowed(String),
    #[error("{0} repeats an earlier position (positional superko)")]
    Superko(String),
    /// The tree has no answer (a proof the checker would reject).
    #[error("the proof has no answer to {0}")]
    Uncovered(String),
    /// A play while the OR player's ko threat waits for its answer.
    #[error(
        "{0}'s ko threat must be answered first (Answer the threat: a move elsewhere); the proof \
         counts on its threats being answered, and then retakes at {1}"
    )]
    ThreatUnanswered(Color, String),
}

/// One position of the replay, kept for undo.
#[derive(Clone, Debug)]
struct State {
    board: Board,
    /// Child indices from the root to the strategy node of this position.
    path: Vec<usize>,
    /// The last move was a pass.
    passed: bool,
    history: Vec<u64>,
    moves: Vec<(Color, Move)>,
    ending: Option<Ending>,
    /// The OR player has played a ko threat elsewhere and retakes the ko here once the user
    /// has answered it.
    retake: Option<Move>,
}

/// A game of the user (the AND player) against the proof.
#[derive(Clone, Debug)]
pub struct ProofReplay {
    tree: ProofTree,
    rules: Rules,
    goal: GoalTest,
    and_player: Color,
    state: State,
    undo: Vec<State>,
}

impl ProofReplay {
    /// Start at the problem position; when the OR player moves first, its proven first move is
    /// played at once. `superko` must be the setting the proof was found with.
    pub fn new(problem: &Problem, tree: ProofTree, superko: bool) -> Result<Self, ReplayError> {
        let mut replay = ProofReplay {
            rules: Rules::new(problem, superko),
            goal: if superko {
                GoalTest::new(problem).without_static_rule()
            } else {
                GoalTest::new(problem)
            },
            and_player: problem.or_player().opponent(),
            state: State {
                board: problem.board().clone(),
                path: Vec::new(),
                passed: false,
                history: vec![problem.board().hash()],
                moves: Vec::new(),
                ending: None,
                retake: None,
            },
            undo: Vec::new(),
            tree,
        };
        if problem.to_move() != replay.and_player {
            replay.answer()?;
        }
        Ok(replay)
    }

    /// The current position.
    pub fn board(&self) -> &Board {
        &self.state.board
    }

    /// The moves played so far (the OR player's first move included).
    pub fn moves(&self) -> &[(Color, Move)] {
        &self.state.moves
    }

    /// The side the user plays.
    pub fn and_player(&self) -> Color {
        self.and_player
    }

    /// Child indices from the root to the strategy node of the current position.
    pub fn path(&self) -> &[usize] {
        &self.state.path
    }

    /// The strategy node of the current position.
    pub fn node(&self) -> &ProofNode {
        let mut node = &self.tree.root;
        for &i in &self.state.path {
            node = &node.children[i];
        }
        node
    }

    /// The ko retake the OR player makes once the user has answered its ko threat (`None`: no
    /// threat waits for an answer).
    pub fn pending_retake(&self) -> Option<Move> {
        self.state.retake
    }

    /// How the game ended, if it has.
    pub fn ending(&self) -> Option<Ending> {
        self.state.ending
    }

    /// Take back the user's last move and its answer; false when there is none.
    pub fn undo(&mut self) -> bool {
        match self.undo.pop() {
            Some(state) => {
                self.state = state;
                true
            }
            None => false,
        }
    }

    /// The user plays `mv` for the AND player; the proof answers (`None` when the user's move
    /// itself ended the game). On an error nothing changes.
    pub fn play(&mut self, mv: Move) -> Result<Option<Reply>, ReplayError> {
        if self.state.ending.is_some() {
            return Err(ReplayError::Finished);
        }
        let saved = self.state.clone();
        match self.play_and(mv) {
            Ok(reply) => {
                self.undo.push(saved);
                Ok(reply)
            }
            Err(e) => {
                self.state = saved;
                Err(e)
            }
        }
    }

    fn play_and(&mut self, mv: Move) -> Result<Option<Reply>, ReplayError> {
        let and = self.and_player;
        if let Some(retake) = self.state.retake {
            // The OR player's ko threat waits: the user answers it elsewhere (a pass here), and
            // the proof retakes, which the ko ban no longer forbids.
            if mv != Move::Pass {
                return Err(ReplayError::ThreatUnanswered(
                    and.opponent(),
                    self.gtp(retake),
                ));
            }
            self.state.board.play_recorded(and, Move::Pass);
            self.record(and, Move::Pass);
            self.state.retake = None;
            let reply = self.answer()?;
            return Ok(reply.map(|mv| Reply {
                mv,
                kind: AnswerKind::Retake,
            }));
        }
        if mv == Move::Pass && self.state.passed {
            self.record(and, mv);
            self.state.ending = Some(Ending::TwoPasses);
            return Ok(None);
        }
        self.try_move(and, mv)?;
        self.record(and, mv);
        if self.settle() {
            return Ok(None);
        }
        let node = self.node();
        let own = node.children.iter().position(|c| c.mv == Some(mv));
        let outside = |c: &ProofNode| match mv {
            Move::Play(p) => !c.zone.contains(p),
            Move::Pass => true,
        };
        let (index, kind) = if let Some(i) = own {
            (i, AnswerKind::Searched)
        } else if let Some(i) = node.children.iter().position(|c| c.null_move && outside(c)) {
            (i, AnswerKind::NullMove)
        } else if outside(node)
            && node
                .children
                .iter()
                .any(|c| c.mv == Some(Move::Pass) && c.ends_by_pass())
        {
            // Pass back: the OR player passes and the same node's strategy goes on.
            let or = self.and_player.opponent();
            self.state.board.play_recorded(or, Move::Pass);
            self.record(or, Move::Pass);
            return Ok(Some(Reply {
                mv: Move::Pass,
                kind: AnswerKind::PassBack,
            }));
        } else {
            return Err(ReplayError::Uncovered(self.gtp(mv)));
        };
        self.state.path.push(index);
        let reply = self.answer()?;
        let kind = if self.state.retake.is_some() {
            AnswerKind::KoThreat
        } else {
            kind
        };
        Ok(reply.map(|mv| Reply { mv, kind }))
    }

    /// At an OR node: play the tree's winning move and step to its child. Returns the move played
    /// (`None` when the node is a leaf: the goal was already reached).
    fn answer(&mut self) -> Result<Option<Move>, ReplayError> {
        let node = self.node();
        if node.role != Role::Or {
            self.settle();
            return Ok(None);
        }
        let Some(mv) = node.children.first().and_then(|c| c.mv) else {
            return Err(ReplayError::Uncovered("this position".to_string()));
        };
        let or = self.and_player.opponent();
        if let Move::Play(p) = mv {
            if self.state.board.ko_point_for(or) == Some(p) {
                // A ko master's retake at once: in Go, a ko threat elsewhere first.
                self.state.board.play_recorded(or, Move::Pass);
                self.record(or, Move::Pass);
                self.state.retake = Some(mv);
                return Ok(Some(Move::Pass));
            }
        }
        let two_passes = mv == Move::Pass && self.state.passed;
        self.try_move(or, mv)?;
        self.record(or, mv);
        self.state.path.push(0);
        if two_passes {
            self.state.ending = Some(Ending::TwoPasses);
        } else {
            self.settle();
        }
        Ok(Some(mv))
    }

    /// Test the goal on the board; records the ending and returns true when the OR player has
    /// reached it.
    fn settle(&mut self) -> bool {
        if let Some(Leaf::Win(zone)) = self.goal.evaluate(&self.state.board) {
            self.state.ending = Some(Ending::GoalReached(zone));
            return true;
        }
        false
    }

    fn try_move(&mut self, c: Color, mv: Move) -> Result<(), ReplayError> {
        if let Move::Play(p) = mv {
            if !self.rules.region.contains(p) {
                return Err(ReplayError::OutsideRegion(self.gtp(mv)));
            }
        }
        self.rules
            .try_move(&mut self.state.board, c, mv, &self.state.history)
            .map_err(|r| match r {
                Refusal::Illegal | Refusal::KoBan => ReplayError::Illegal(self.gtp(mv)),
                Refusal::KoCaptureDisallowed { .. } => {
                    ReplayError::KoCaptureDisallowed(self.gtp(mv))
                }
                Refusal::Superko { .. } => ReplayError::Superko(self.gtp(mv)),
            })
    }

    fn record(&mut self, c: Color, mv: Move) {
        self.state.passed = mv == Move::Pass;
        self.state.history.push(self.state.board.hash());
        self.state.moves.push((c, mv));
    }

    fn gtp(&self, mv: Move) -> String {
        mv.to_gtp(self.state.board.size())
    }

    /// Does the OR player win when the game ends by two passes (the defender's when seki is
    /// life, else the attacker's)?
    pub fn or_wins_by_two_passes(&self) -> bool {
        self.tree.goal.seki_is_life() == self.tree.goal.or_defends()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::fixtures::solved_bent_three_kill;

    /// Every sequence of legal user moves (tried exhaustively to a small depth) gets an answer,
    /// and every finished game is the OR player's win.
    #[test]
    fn every_attacker_line_is_answered_until_the_goal() {
        let (problem, tree) = solved_bent_three_kill();
        let replay = ProofReplay::new(&problem, tree, false).unwrap();
        let mut finished = 0;
        let mut stack = vec![replay];
        let mut steps = 0;
        while let Some(r) = stack.pop() {
            steps += 1;
            assert!(steps < 200_000, "too many lines");
            if let Some(ending) = r.ending() {
                if ending == Ending::TwoPasses {
                    assert!(r.or_wins_by_two_passes());
                }
                finished += 1;
                continue;
            }
            let region = problem.region().intersection(&r.board().empty_points());
            let moves = region.iter().map(Move::Play).chain([Move::Pass]);
            for mv in moves {
                let mut next = r.clone();
                match next.play(mv) {
                    Ok(_) => stack.push(next),
                    Err(ReplayError::Uncovered(m)) => panic!("no answer to {m}"),
                    Err(_) => assert_eq!(next.board(), r.board()),
                }
            }
        }
        assert!(finished > 0);
    }

    #[test]
    fn illegal_moves_and_undo() {
        let (problem, tree) = solved_bent_three_kill();
        let mut r = ProofReplay::new(&problem, tree, false).unwrap();
        let start = r.board().clone();
        assert_eq!(r.moves().len(), 1, "White's first move is played at once");
        let occupied = problem.board().stones(Color::Black).first().unwrap();
        assert!(matches!(
            r.play(Move::Play(occupied)),
            Err(ReplayError::Illegal(_) | ReplayError::OutsideRegion(_))
        ));
        assert_eq!(r.board(), &start);
        let p = problem
            .region()
            .intersection(&r.board().empty_points())
            .first()
            .unwrap();
        r.play(Move::Play(p)).unwrap();
        assert_ne!(r.board(), &start);
        assert!(r.undo());
        assert_eq!(r.board(), &start);
        assert!(!r.undo());
    }
}
