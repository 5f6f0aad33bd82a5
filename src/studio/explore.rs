//! Free play from the problem position (the studio's "🗺 Explore" mode): a variation tree of
//! moves of either colour in turn, a cursor in it, and how each move stands against a proof.
//! Plain data and logic; the panel and the keys are in `explore_panel.rs`.
//!
//! - **Moves** follow the rules of the problem's search ([`Rules::try_move`]): no suicide, simple
//!   ko (a ko master may retake at once), no ko capture for a side whose ko rule is `disallow`,
//!   positional superko when asked for. The problem's region is *not* enforced: a play outside
//!   it is allowed and reported ([`Played::outside_region`]). Colours alternate, starting with
//!   the problem's side to move; a pass is a move.
//! - **The tree**: each position has its [`Variations`] (the moves played from it, in the order
//!   they were first played). Playing a move that is already a variation goes there instead of
//!   adding it again. The cursor is the path of variation indices from the start.
//! - **Navigation** (Sabaki's keys): [`Explore::back`] (←), [`Explore::forward`] (→, to the
//!   variation visited last, the first one at first), [`Explore::sibling`] (↑/↓, the previous
//!   or next variation of the last move), [`Explore::home`] (Home), [`Explore::end`] (End, along
//!   the variations visited last).
//! - **Judging** ([`Explore::judge`]): a proof of the OR player's claim marks every move of the
//!   tree. The proof is replayed with [`ProofReplay`], so an AND move counts as answered exactly
//!   when the checker would find it covered (its own child, a null-move child whose zone excludes
//!   it, or a pass back). An OR move is in the proof when it is the proof's move; any other OR
//!   move *leaves the proof* (which says nothing of whether it fails: the proof shows one way
//!   to win, not every one), and every move after it is outside the proof.

use crate::go::{Board, Color, Move, Zone};
use crate::problem::Problem;
use crate::solver::kernel::rules::{Refusal, Rules};
use crate::solver::proof::replay::{AnswerKind, ProofReplay, ReplayError};
use crate::solver::ProofTree;
use thiserror::Error;

/// How a move stands against the proof.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mark {
    /// On the proof's line: the OR player's proven move (`answer` is `None`), or an AND move the
    /// proof answers (`answer` says how).
    InProof { answer: Option<AnswerKind> },
    /// The OR player's move differs from the proof's, which plays `proof_move` here. The move
    /// may still win: the proof does not say.
    LeavesProof { proof_move: Move },
    /// The proof says nothing about this move.
    Outside(Outside),
}

/// Why a move is outside the proof.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outside {
    /// An earlier move of the line left the proof.
    AfterLeaving,
    /// The proof's game was over (the goal reached, or two passes) before this move.
    AfterEnd,
    /// An AND move outside the problem's region (the proof only plays inside it).
    OutsideRegion,
    /// An AND move the proof has no answer to (a move its rules refuse).
    NotAnswered,
}

impl Mark {
    /// The mark in words, for the move list (`size`: the board side, for coordinates).
    pub fn words(self, size: usize) -> String {
        match self {
            Mark::InProof { answer: None } => "in the proof".to_string(),
            Mark::InProof {
                answer: Some(AnswerKind::Searched),
            } => "in the proof (a reply it searched)".to_string(),
            Mark::InProof {
                answer: Some(AnswerKind::NullMove),
            } => "in the proof (answered like any move outside the area that matters)".to_string(),
            Mark::InProof {
                answer: Some(AnswerKind::PassBack),
            } => "in the proof (outside its zone: answered by a pass)".to_string(),
            Mark::InProof {
                answer: Some(AnswerKind::KoThreat),
            } => "in the proof (a ko threat first)".to_string(),
            Mark::InProof {
                answer: Some(AnswerKind::Retake),
            } => "in the proof (then the retake)".to_string(),
            Mark::LeavesProof { proof_move } => {
                format!("leaves the proof (it plays {})", proof_move.to_gtp(size))
            }
            Mark::Outside(Outside::AfterLeaving) => "outside the proof".to_string(),
            Mark::Outside(Outside::AfterEnd) => "after the proof's end".to_string(),
            Mark::Outside(Outside::OutsideRegion) => "outside the region".to_string(),
            Mark::Outside(Outside::NotAnswered) => "not answered by the proof".to_string(),
        }
    }
}

/// What the proof says about a position of the tree.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Judged {
    /// The mark of the move that led here (`None` at the start, or without a proof).
    pub mark: Option<Mark>,
    /// The proof's move for the OR player here (the OR player to move, still in the proof).
    pub proof_next: Option<Move>,
    /// The proof's game is over here: the goal is reached (or two passes ended it).
    pub proof_ended: bool,
}

/// A move of the tree and what was played after it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Node {
    pub color: Color,
    pub mv: Move,
    /// What the proof says about this move and the position after it.
    pub judged: Judged,
    /// The moves played from the position after this one.
    pub next: Variations,
}

/// The moves played from one position.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Variations {
    /// In the order they were first played.
    pub nodes: Vec<Node>,
    /// The variation visited last (→ and End follow it); 0 when there is none.
    current: usize,
}

impl Variations {
    /// The variation visited last, if any.
    pub fn current(&self) -> Option<usize> {
        (!self.nodes.is_empty()).then(|| self.current.min(self.nodes.len() - 1))
    }

    fn count(&self) -> usize {
        self.nodes.iter().map(|n| 1 + n.next.count()).sum()
    }
}

/// Why a move was not played.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ExploreError {
    #[error("{0} is off the board")]
    OffBoard(String),
    #[error("{0} is occupied")]
    Occupied(String),
    #[error("{0} would be suicide")]
    Suicide(String),
    #[error("{0} retakes the ko at once: play elsewhere first")]
    Ko(String),
    #[error("{0} would capture a ko, which {1}'s ko rule (disallow) forbids in this problem")]
    KoCaptureDisallowed(String, Color),
    #[error("{0} repeats an earlier position (positional superko)")]
    Superko(String),
}

/// What [`Explore::play`] did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Played {
    pub color: Color,
    pub mv: Move,
    /// The move was already a variation here: the cursor went to it.
    pub reused: bool,
    /// A play outside the problem's region (allowed; the proof does not cover it).
    pub outside_region: bool,
    /// The stones it captured.
    pub captured: Zone,
}

/// The variation tree and its cursor. See the module documentation.
#[derive(Clone, Debug)]
pub struct Explore {
    /// The problem position (with its ko state).
    start: Board,
    /// The side to move at the start.
    first: Color,
    region: Zone,
    crucial: Zone,
    defender: Color,
    rules: Rules,
    /// The moves played from the start.
    root: Variations,
    /// What the proof says about the start.
    start_judged: Judged,
    /// Variation indices from the start to the cursor.
    path: Vec<usize>,
    /// The position at the cursor.
    board: Board,
    /// Hashes of the positions from the start to the cursor (positional superko).
    history: Vec<u64>,
    /// Bumped when a move is added or removed (the studio judges the tree again then).
    version: u64,
}

impl Explore {
    /// An empty tree at the problem position. `superko`: the repetition rule of the searches.
    pub fn new(problem: &Problem, superko: bool) -> Explore {
        let start = problem.board().clone();
        Explore {
            history: vec![start.hash()],
            board: start.clone(),
            start,
            first: problem.to_move(),
            region: problem.region(),
            crucial: problem.crucial(),
            defender: problem.defender(),
            rules: Rules::new(problem, superko),
            root: Variations::default(),
            start_judged: Judged::default(),
            path: Vec::new(),
            version: 0,
        }
    }

    /// A tree at `problem` with `variations` as its moves (the subtree of a position that became
    /// the problem); variations the rules refuse from `problem` are dropped.
    pub fn with_variations(problem: &Problem, superko: bool, variations: Variations) -> Explore {
        let mut e = Explore::new(problem, superko);
        e.root = variations;
        let mut history = e.history.clone();
        prune(
            &mut e.root,
            &e.start,
            e.first,
            &e.rules,
            &mut history,
            problem.size(),
        );
        clear_judgement(&mut e.root);
        e
    }

    /// The position at the cursor.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The side to move at the cursor.
    pub fn to_move(&self) -> Color {
        if self.path.len().is_multiple_of(2) {
            self.first
        } else {
            self.first.opponent()
        }
    }

    /// Variation indices from the start to the cursor.
    pub fn path(&self) -> &[usize] {
        &self.path
    }

    /// Number of moves in the tree.
    pub fn node_count(&self) -> usize {
        self.root.count()
    }

    /// Bumped by every move added or removed.
    pub fn version(&self) -> u64 {
        self.version
    }

    /// The moves from the start to the cursor.
    pub fn line(&self) -> Vec<(Color, Move)> {
        let mut out = Vec::with_capacity(self.path.len());
        let mut list = &self.root;
        for &i in &self.path {
            let Some(node) = list.nodes.get(i) else { break };
            out.push((node.color, node.mv));
            list = &node.next;
        }
        out
    }

    /// The cursor's path continued along the variations visited last, to the end of the line
    /// (where End goes).
    pub fn full_path(&self) -> Vec<usize> {
        let mut path = self.path.clone();
        let mut list = self.variations(&self.path);
        while let Some(i) = list.and_then(Variations::current) {
            path.push(i);
            list = list.and_then(|l| l.nodes.get(i)).map(|n| &n.next);
        }
        path
    }

    /// The node at `path` (`None` at the start or for a path not in the tree).
    pub fn node(&self, path: &[usize]) -> Option<&Node> {
        let (&last, parent) = path.split_last()?;
        self.variations(parent)?.nodes.get(last)
    }

    /// The moves played from the position at `path`.
    pub fn variations(&self, path: &[usize]) -> Option<&Variations> {
        let mut list = &self.root;
        for &i in path {
            list = &list.nodes.get(i)?.next;
        }
        Some(list)
    }

    fn variations_mut(&mut self, path: &[usize]) -> Option<&mut Variations> {
        let mut list = &mut self.root;
        for &i in path {
            list = &mut list.nodes.get_mut(i)?.next;
        }
        Some(list)
    }

    /// The moves played from the cursor's position (a copy, for [`Explore::with_variations`]).
    pub fn variations_here(&self) -> Variations {
        self.variations(&self.path).cloned().unwrap_or_default()
    }

    /// What the proof says about the cursor's position.
    pub fn judged_here(&self) -> Judged {
        match self.node(&self.path) {
            Some(n) => n.judged,
            None => self.start_judged,
        }
    }

    /// What the proof says about the start.
    pub fn start_judged(&self) -> Judged {
        self.start_judged
    }

    /// The problem's crucial stones that are no longer on the board at the cursor.
    pub fn crucial_captured(&self) -> Zone {
        let defender = self.board.stones(self.defender);
        self.crucial.difference(&defender)
    }

    /// Play under `problem`'s move rules from now on (its ko rules: Try to refute plays by the
    /// rules its proof was made under, free play by the problem's); variations they refuse are
    /// dropped and the cursor goes back to the longest part of its line that is left.
    pub fn set_rules(&mut self, problem: &Problem, superko: bool) {
        self.rules = Rules::new(problem, superko);
        let before = self.count();
        let mut history = vec![self.start.hash()];
        prune(
            &mut self.root,
            &self.start,
            self.first,
            &self.rules,
            &mut history,
            self.start.size(),
        );
        if self.count() != before {
            self.version += 1;
        }
        let mut path = self.path.clone();
        while !self.goto(&path) {
            path.pop();
        }
    }

    /// The number of moves in the tree.
    fn count(&self) -> usize {
        fn count(list: &Variations) -> usize {
            list.nodes.iter().map(|n| 1 + count(&n.next)).sum()
        }
        count(&self.root)
    }

    /// Play `mv` for the side to move: go to it when it is already a variation here, else add
    /// it (when the rules allow it). On an error nothing changes.
    pub fn play(&mut self, mv: Move) -> Result<Played, ExploreError> {
        let color = self.to_move();
        let size = self.start.size();
        let before = self.board.stones(color.opponent());
        let outside_region = mv.point().is_some_and(|p| !self.region.contains(p));
        let existing = self
            .variations(&self.path)
            .and_then(|l| l.nodes.iter().position(|n| n.mv == mv && n.color == color));
        let reused = existing.is_some();
        match existing {
            Some(i) => {
                let mut path = self.path.clone();
                path.push(i);
                self.goto(&path);
            }
            None => {
                let mut board = self.board.clone();
                if let Move::Play(p) = mv {
                    if !p.on_board(size) {
                        return Err(ExploreError::OffBoard(mv.to_gtp(size)));
                    }
                }
                self.rules
                    .try_move(&mut board, color, mv, &self.history)
                    .map_err(|r| refusal(r, &self.board, color, mv))?;
                board.clear_history();
                let path = self.path.clone();
                // The cursor is always a position of the tree.
                let Some(list) = self.variations_mut(&path) else {
                    return Ok(Played {
                        color,
                        mv,
                        reused,
                        outside_region,
                        captured: Zone::new(),
                    });
                };
                list.nodes.push(Node {
                    color,
                    mv,
                    judged: Judged::default(),
                    next: Variations::default(),
                });
                list.current = list.nodes.len() - 1;
                let index = list.current;
                self.path.push(index);
                self.history.push(board.hash());
                self.board = board;
                self.version += 1;
            }
        }
        let captured = before.difference(&self.board.stones(color.opponent()));
        Ok(Played {
            color,
            mv,
            reused,
            outside_region,
            captured,
        })
    }

    /// Move the cursor to `path` (remembering it as the variation visited last at every step).
    /// Returns false, with nothing changed, when the path is not in the tree.
    pub fn goto(&mut self, path: &[usize]) -> bool {
        let Some((board, history)) = self.position(path) else {
            return false;
        };
        let mut list = &mut self.root;
        for &i in path {
            list.current = i;
            match list.nodes.get_mut(i) {
                Some(node) => list = &mut node.next,
                None => return false,
            }
        }
        self.path = path.to_vec();
        self.board = board;
        self.history = history;
        true
    }

    /// The position at `path` and the hashes of the line to it.
    fn position(&self, path: &[usize]) -> Option<(Board, Vec<u64>)> {
        let mut board = self.start.clone();
        let mut history = vec![board.hash()];
        let mut list = &self.root;
        for &i in path {
            let node = list.nodes.get(i)?;
            self.rules
                .try_move(&mut board, node.color, node.mv, &history)
                .ok()?;
            board.clear_history();
            history.push(board.hash());
            list = &node.next;
        }
        Some((board, history))
    }

    /// ←: one move back. False at the start.
    pub fn back(&mut self) -> bool {
        match self.path.split_last() {
            Some((_, parent)) => {
                let parent = parent.to_vec();
                self.goto(&parent)
            }
            None => false,
        }
    }

    /// →: one move forward, to the variation visited last. False at the end of the line.
    pub fn forward(&mut self) -> bool {
        let Some(i) = self.variations(&self.path).and_then(Variations::current) else {
            return false;
        };
        let mut path = self.path.clone();
        path.push(i);
        self.goto(&path)
    }

    /// ↑ (`delta` = -1) / ↓ (1): the previous or next variation of the last move. False when
    /// there is none.
    pub fn sibling(&mut self, delta: isize) -> bool {
        let Some((&last, parent)) = self.path.split_last() else {
            return false;
        };
        let count = self.variations(parent).map_or(0, |l| l.nodes.len());
        let Some(next) = last.checked_add_signed(delta).filter(|&i| i < count) else {
            return false;
        };
        let mut path = parent.to_vec();
        path.push(next);
        self.goto(&path)
    }

    /// Home: back to the start. False when already there.
    pub fn home(&mut self) -> bool {
        !self.path.is_empty() && self.goto(&[])
    }

    /// End: forward to the end of the line. False when already there.
    pub fn end(&mut self) -> bool {
        let full = self.full_path();
        full.len() > self.path.len() && self.goto(&full)
    }

    /// Delete the cursor's move and every move after it; the cursor goes back one move. False at
    /// the start.
    pub fn delete_variation(&mut self) -> bool {
        let Some((&last, parent)) = self.path.split_last() else {
            return false;
        };
        let parent = parent.to_vec();
        let Some(list) = self.variations_mut(&parent) else {
            return false;
        };
        if last >= list.nodes.len() {
            return false;
        }
        list.nodes.remove(last);
        list.current = last.saturating_sub(1);
        self.version += 1;
        self.path = parent.clone();
        // Recompute the position (and keep the parent as the variation visited last).
        let mut remembered = parent;
        while !self.goto(&remembered) {
            remembered.pop();
        }
        true
    }

    /// Forget every mark (no proof for this position).
    pub fn clear_judgement(&mut self) {
        self.start_judged = Judged::default();
        clear_judgement(&mut self.root);
    }

    /// Mark every move of the tree against `proof`, the proof of `claim` (see the module
    /// documentation). `superko`: the setting the proof was found with. When the claim is not
    /// about this tree's start (another position or side to move), or the proof cannot be
    /// replayed, every mark is cleared.
    pub fn judge(&mut self, claim: &Problem, proof: &ProofTree, superko: bool) {
        self.clear_judgement();
        if claim.board() != &self.start || claim.to_move() != self.first {
            return;
        }
        let Ok(mut replay) = ProofReplay::new(claim, proof.clone(), superko) else {
            return;
        };
        let or = claim.or_player();
        let state = match replay.moves().first() {
            // The OR player moves first: the replay has played the proof's first move.
            Some(&(c, mv)) if c == or => State::InProof { expect: Some(mv) },
            _ if replay.ending().is_some() => State::Ended,
            _ => State::InProof { expect: None },
        };
        self.start_judged = state.judged(None);
        judge_variations(&mut self.root, &mut replay, state, or);
    }
}

/// Where a line stands in the proof's game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum State {
    /// Still on the proof's line. `expect`: the OR player is to move and the proof plays this
    /// (the replay has played it already, one move ahead of the tree); `None`: the AND player is
    /// to move (the replay is at the tree's position).
    InProof { expect: Option<Move> },
    /// The proof's game is over.
    Ended,
    /// The line has left the proof.
    Left,
}

impl State {
    fn judged(self, mark: Option<Mark>) -> Judged {
        Judged {
            mark,
            proof_next: match self {
                State::InProof { expect } => expect,
                _ => None,
            },
            proof_ended: self == State::Ended,
        }
    }
}

/// Judge every move of `list`, played from a position in `state` (see [`Explore::judge`]);
/// `replay` is left as it was found.
fn judge_variations(list: &mut Variations, replay: &mut ProofReplay, state: State, or: Color) {
    for node in &mut list.nodes {
        let (mark, next, undo) = match state {
            State::Left => (Mark::Outside(Outside::AfterLeaving), State::Left, false),
            State::Ended => (Mark::Outside(Outside::AfterEnd), State::Ended, false),
            // The OR player to move: its move is the proof's or leaves it.
            State::InProof { expect: Some(e) } => {
                if node.color == or && node.mv == e {
                    let next = if replay.ending().is_some() {
                        State::Ended
                    } else {
                        State::InProof { expect: None }
                    };
                    (Mark::InProof { answer: None }, next, false)
                } else {
                    (Mark::LeavesProof { proof_move: e }, State::Left, false)
                }
            }
            // The AND player to move: the proof answers, or the move is outside it.
            State::InProof { expect: None } => {
                if node.color == or {
                    (Mark::Outside(Outside::NotAnswered), State::Left, false)
                } else {
                    match replay.play(node.mv) {
                        Ok(Some(reply)) => (
                            Mark::InProof {
                                answer: Some(reply.kind),
                            },
                            State::InProof {
                                expect: Some(reply.mv),
                            },
                            true,
                        ),
                        // The AND move ended the proof's game.
                        Ok(None) => (
                            Mark::InProof {
                                answer: Some(AnswerKind::Searched),
                            },
                            State::Ended,
                            true,
                        ),
                        Err(ReplayError::OutsideRegion(_)) => {
                            (Mark::Outside(Outside::OutsideRegion), State::Left, false)
                        }
                        Err(_) => (Mark::Outside(Outside::NotAnswered), State::Left, false),
                    }
                }
            }
        };
        node.judged = next.judged(Some(mark));
        judge_variations(&mut node.next, replay, next, or);
        if undo {
            replay.undo();
        }
    }
}

fn clear_judgement(list: &mut Variations) {
    for node in &mut list.nodes {
        node.judged = Judged::default();
        clear_judgement(&mut node.next);
    }
}

/// Drop the variations of `list` (played by `color` from `board`) that the rules refuse.
fn prune(
    list: &mut Variations,
    board: &Board,
    color: Color,
    rules: &Rules,
    history: &mut Vec<u64>,
    size: usize,
) {
    list.nodes.retain_mut(|node| {
        if node.color != color || node.mv.point().is_some_and(|p| !p.on_board(size)) {
            return false;
        }
        let mut next = board.clone();
        if rules.try_move(&mut next, color, node.mv, history).is_err() {
            return false;
        }
        next.clear_history();
        history.push(next.hash());
        prune(
            &mut node.next,
            &next,
            color.opponent(),
            rules,
            history,
            size,
        );
        history.pop();
        true
    });
    list.current = list.current.min(list.nodes.len().saturating_sub(1));
}

/// The error for a move the rules refuse.
fn refusal(r: Refusal, board: &Board, color: Color, mv: Move) -> ExploreError {
    let name = mv.to_gtp(board.size());
    match r {
        Refusal::Illegal => match mv {
            Move::Play(p) if !board.is_empty(p) => ExploreError::Occupied(name),
            _ => ExploreError::Suicide(name),
        },
        Refusal::KoBan => ExploreError::Ko(name),
        Refusal::KoCaptureDisallowed { .. } => ExploreError::KoCaptureDisallowed(name, color),
        Refusal::Superko { .. } => ExploreError::Superko(name),
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::go::Point;
    use crate::problem::{Goal, KoRule, ProblemSetup};
    use crate::solver::fixtures::solved_bent_three_kill;

    fn at(x: usize, y: usize) -> Move {
        Move::Play(Point::new(x, y))
    }

    /// A 5x5 with a ko at the top left: Black captures the white stone B4 at C4, and White may
    /// not take back at B4 at once. Black to move, both sides may capture kos.
    fn ko_problem(black_rule: KoRule) -> Problem {
        let board = Board::from_ascii(
            ". X O . .
             X O . O .
             . X O . .
             . . . . .
             . . . . .",
        )
        .unwrap();
        let mut s = ProblemSetup::from_board(&board, Color::Black);
        s.goal = Some(Goal::LiveAny);
        s.or_player = Some(Color::Black);
        s.region = Some(
            [(0, 3), (1, 3), (2, 3), (2, 1)]
                .into_iter()
                .map(|(x, y)| Point::new(x, y))
                .collect(),
        );
        s.ko_rules = crate::go::ByColor::new(Some(black_rule), Some(KoRule::Allow));
        s.validate().unwrap()
    }

    fn bent_three() -> (Problem, ProofTree) {
        solved_bent_three_kill()
    }

    #[test]
    fn colours_alternate_from_the_side_to_move_and_a_pass_is_a_move() {
        let p = ko_problem(KoRule::Allow);
        let mut e = Explore::new(&p, false);
        assert_eq!(e.to_move(), Color::Black);
        let played = e.play(at(4, 4)).unwrap();
        assert_eq!(played.color, Color::Black);
        assert!(played.outside_region, "E1 is outside the region");
        assert_eq!(e.board().color_at(Point::new(4, 4)), Some(Color::Black));
        assert_eq!(e.to_move(), Color::White);
        e.play(Move::Pass).unwrap();
        assert_eq!(e.to_move(), Color::Black);
        assert_eq!(
            e.line(),
            vec![(Color::Black, at(4, 4)), (Color::White, Move::Pass)]
        );
        e.board().check_invariants().unwrap();
    }

    #[test]
    fn captures_and_the_ko_ban() {
        let p = ko_problem(KoRule::Allow);
        let mut e = Explore::new(&p, false);
        // Occupied and suicide are refused, and nothing changes.
        assert!(matches!(e.play(at(1, 0)), Err(ExploreError::Occupied(_))));
        let played = e.play(at(2, 1)).unwrap();
        assert_eq!(played.captured, [Point::new(1, 1)].into_iter().collect());
        assert_eq!(e.board().color_at(Point::new(1, 1)), None);
        // White may not take back at once...
        let before = e.board().clone();
        assert!(matches!(e.play(at(1, 1)), Err(ExploreError::Ko(_))));
        assert_eq!(e.board(), &before);
        assert_eq!(e.path().len(), 1);
        // ...but after a move elsewhere (a ko threat and its answer) it may.
        e.play(at(4, 4)).unwrap();
        e.play(at(4, 3)).unwrap();
        let retake = e.play(at(1, 1)).unwrap();
        assert_eq!(retake.captured, [Point::new(2, 1)].into_iter().collect());
        assert_eq!(e.board().color_at(Point::new(1, 1)), Some(Color::White));
        e.board().check_invariants().unwrap();
    }

    #[test]
    fn suicide_is_refused() {
        let board = Board::from_ascii(
            ". O . . .
             O . . . .
             . . . . .
             . . . . .
             . . . . X",
        )
        .unwrap();
        let mut s = ProblemSetup::from_board(&board, Color::Black);
        s.goal = Some(Goal::LiveAny);
        let p = s.validate().unwrap();
        let mut e = Explore::new(&p, false);
        assert!(matches!(e.play(at(0, 0)), Err(ExploreError::Suicide(_))));
        assert!(e.path().is_empty());
    }

    #[test]
    fn a_disallowed_ko_capture_is_refused_with_the_reason() {
        let p = ko_problem(KoRule::Disallow);
        let mut e = Explore::new(&p, false);
        let err = e.play(at(2, 1)).unwrap_err();
        assert_eq!(
            err,
            ExploreError::KoCaptureDisallowed("C4".to_string(), Color::Black)
        );
        assert!(e.path().is_empty());
    }

    #[test]
    fn navigation_back_forward_variations_home_and_end() {
        let p = ko_problem(KoRule::Allow);
        let mut e = Explore::new(&p, false);
        for m in [at(0, 3), at(1, 3), at(2, 3)] {
            e.play(m).unwrap();
        }
        assert_eq!(e.path(), &[0, 0, 0]);
        assert!(!e.forward(), "the end of the line");
        assert!(e.back() && e.back());
        assert_eq!(e.path(), &[0]);
        assert_eq!(e.board().color_at(Point::new(1, 3)), None);
        // A second variation at move 2.
        e.play(at(4, 4)).unwrap();
        assert_eq!(e.path(), &[0, 1]);
        assert!(e.sibling(-1));
        assert_eq!(e.path(), &[0, 0]);
        assert_eq!(e.board().color_at(Point::new(1, 3)), Some(Color::White));
        assert!(!e.sibling(-1), "no variation before the first");
        assert!(e.sibling(1));
        assert_eq!(e.path(), &[0, 1]);
        assert!(!e.sibling(1));
        // → follows the variation visited last.
        assert!(e.home());
        assert!(!e.home());
        assert!(e.board() == p.board());
        assert!(e.forward() && e.forward());
        assert_eq!(e.path(), &[0, 1]);
        e.sibling(-1);
        assert!(e.home());
        assert!(e.end());
        assert_eq!(e.path(), &[0, 0, 0]);
        assert!(!e.end());
        assert_eq!(e.full_path(), vec![0, 0, 0]);
        e.home();
        assert_eq!(e.full_path(), vec![0, 0, 0]);
        assert_eq!(e.node_count(), 4);
        // Going to a path not in the tree changes nothing.
        assert!(!e.goto(&[0, 5]));
        assert!(e.path().is_empty());
    }

    #[test]
    fn playing_an_existing_move_reuses_its_node() {
        let p = ko_problem(KoRule::Allow);
        let mut e = Explore::new(&p, false);
        e.play(at(0, 3)).unwrap();
        e.play(at(1, 3)).unwrap();
        let version = e.version();
        e.home();
        let played = e.play(at(0, 3)).unwrap();
        assert!(played.reused);
        assert!(e.play(at(1, 3)).unwrap().reused);
        assert_eq!(e.path(), &[0, 0]);
        assert_eq!(e.node_count(), 2);
        assert_eq!(e.version(), version, "no move was added");
        assert_eq!(e.board().color_at(Point::new(1, 3)), Some(Color::White));
    }

    #[test]
    fn deleting_a_variation_removes_it_and_what_follows() {
        let p = ko_problem(KoRule::Allow);
        let mut e = Explore::new(&p, false);
        e.play(at(0, 3)).unwrap();
        e.play(at(1, 3)).unwrap();
        e.play(at(2, 3)).unwrap();
        e.back();
        e.back();
        e.play(at(4, 4)).unwrap();
        assert_eq!(e.node_count(), 4);
        // Delete the first variation of move 2 (with move 3).
        assert!(e.sibling(-1));
        assert!(e.delete_variation());
        assert_eq!(e.path(), &[0]);
        assert_eq!(e.node_count(), 2);
        assert_eq!(e.board().color_at(Point::new(1, 3)), None);
        assert!(e.forward());
        assert_eq!(e.line()[1], (Color::White, at(4, 4)));
        assert!(e.delete_variation() && e.delete_variation());
        assert_eq!(e.node_count(), 0);
        assert!(!e.delete_variation(), "nothing to delete at the start");
        assert!(e.board() == p.board());
    }

    #[test]
    fn moves_on_the_proof_its_answers_and_a_move_that_leaves_it() {
        let (problem, tree) = bent_three();
        let size = problem.size();
        let first = tree.first_move().unwrap();
        let mut e = Explore::new(&problem, false);
        e.judge(&problem, &tree, false);
        assert_eq!(e.start_judged().proof_next, Some(first));
        // White plays the proof's move; Black answers inside the region: in the proof.
        e.play(first).unwrap();
        let empty = problem
            .region()
            .intersection(&e.board().empty_points())
            .first()
            .unwrap();
        e.play(Move::Play(empty)).unwrap();
        // Black plays outside the region as another variation.
        e.back();
        e.play(at(0, 0)).unwrap();
        // White leaves the proof at the start, and Black answers.
        e.home();
        let other = problem
            .region()
            .iter()
            .map(Move::Play)
            .find(|&m| m != first)
            .unwrap();
        e.play(other).unwrap();
        e.play(Move::Pass).unwrap();
        e.judge(&problem, &tree, false);

        fn mark(e: &Explore, path: &[usize]) -> Mark {
            e.node(path).unwrap().judged.mark.unwrap()
        }
        assert_eq!(mark(&e, &[0]), Mark::InProof { answer: None });
        assert!(matches!(
            mark(&e, &[0, 0]),
            Mark::InProof { answer: Some(_) }
        ));
        let answer = e.node(&[0, 0]).unwrap().judged;
        assert!(answer.proof_next.is_some() || answer.proof_ended);
        assert_eq!(mark(&e, &[0, 1]), Mark::Outside(Outside::OutsideRegion));
        assert_eq!(mark(&e, &[1]), Mark::LeavesProof { proof_move: first });
        assert_eq!(mark(&e, &[1, 0]), Mark::Outside(Outside::AfterLeaving));
        assert_eq!(
            mark(&e, &[1]).words(size),
            format!("leaves the proof (it plays {})", first.to_gtp(size))
        );
        // The answer the proof gives is the OR player's next move in the proof.
        e.goto(&[0, 0]);
        if let Some(next) = e.judged_here().proof_next {
            e.play(next).unwrap();
            e.judge(&problem, &tree, false);
            assert_eq!(mark(&e, &[0, 0, 0]), Mark::InProof { answer: None });
        }
        // Without a proof, no marks.
        e.clear_judgement();
        assert_eq!(e.node(&[0]).unwrap().judged, Judged::default());
        assert_eq!(e.start_judged(), Judged::default());
    }

    #[test]
    fn a_line_played_to_the_proofs_end_is_marked_after_it() {
        let (problem, tree) = bent_three();
        let mut e = Explore::new(&problem, false);
        // Follow the proof: White's proven move, then Black's first legal region move and the
        // proof's answer, until the proof's game ends.
        e.judge(&problem, &tree, false);
        for _ in 0..20 {
            let here = e.judged_here();
            if here.proof_ended {
                break;
            }
            match here.proof_next {
                Some(mv) => {
                    e.play(mv).unwrap();
                }
                None => {
                    let mv = problem
                        .region()
                        .intersection(&e.board().empty_points())
                        .iter()
                        .map(Move::Play)
                        .find(|&m| e.clone().play(m).is_ok())
                        .unwrap_or(Move::Pass);
                    e.play(mv).unwrap();
                }
            }
            e.judge(&problem, &tree, false);
        }
        assert!(e.judged_here().proof_ended, "the proof's game ends");
        e.play(Move::Pass).unwrap();
        e.judge(&problem, &tree, false);
        assert_eq!(e.judged_here().mark, Some(Mark::Outside(Outside::AfterEnd)));
        // Every move before is in the proof.
        let path = e.path().to_vec();
        for d in 1..path.len() {
            assert!(matches!(
                e.node(&path[..d]).unwrap().judged.mark,
                Some(Mark::InProof { .. })
            ));
        }
    }

    #[test]
    fn a_proof_of_another_position_marks_nothing() {
        let (problem, tree) = bent_three();
        let mut e = Explore::new(&ko_problem(KoRule::Allow), false);
        e.play(at(0, 3)).unwrap();
        e.judge(&problem, &tree, false);
        assert_eq!(e.node(&[0]).unwrap().judged, Judged::default());
    }

    #[test]
    fn crucial_stones_captured_in_the_line() {
        let (problem, _) = bent_three();
        let mut e = Explore::new(&problem, false);
        assert!(e.crucial_captured().is_empty());
        // White fills the black group's liberties D1, C1 and D2 while Black passes.
        for mv in [at(3, 8), Move::Pass, at(2, 8), Move::Pass] {
            e.play(mv).unwrap();
        }
        assert!(e.crucial_captured().is_empty());
        let played = e.play(at(3, 7)).unwrap();
        assert_eq!(played.captured, problem.crucial());
        assert_eq!(e.crucial_captured(), problem.crucial());
    }

    #[test]
    fn a_subtree_becomes_the_tree_of_its_position() {
        let p = ko_problem(KoRule::Allow);
        let mut e = Explore::new(&p, false);
        e.play(at(0, 3)).unwrap();
        e.play(at(1, 3)).unwrap();
        e.play(at(2, 3)).unwrap();
        e.back();
        e.back();
        // The position after Black's A2 as a problem (White to move).
        let mut s = p.to_setup();
        s.moves
            .push(crate::problem::SetupMove::new(Color::Black, at(0, 3)));
        s.to_move = Some(Color::White);
        let q = s.validate().unwrap();
        let sub = Explore::with_variations(&q, false, e.variations_here());
        assert_eq!(sub.node_count(), 2);
        assert_eq!(sub.to_move(), Color::White);
        let mut sub = sub;
        assert!(sub.end());
        assert_eq!(
            sub.line(),
            vec![(Color::White, at(1, 3)), (Color::Black, at(2, 3))]
        );
        // Variations the new position refuses are dropped: A2 is occupied there.
        let mut bad = Variations::default();
        bad.nodes.push(Node {
            color: Color::White,
            mv: at(0, 3),
            judged: Judged::default(),
            next: Variations::default(),
        });
        assert_eq!(Explore::with_variations(&q, false, bad).node_count(), 0);
    }
}
