//! The reference answer of a problem: a small tree of variations from the problem position, each
//! move marked correct, wrong or unmarked.
//!
//! Verdicts are from the **OR player's** point of view: a `Correct` node ends (or lies on) a line
//! where the OR player achieves the goal, a `Wrong` node one where it fails. For a problem whose
//! OR player moves first (the usual "Black to live") this is the book's "correct"/"failure";
//! [`crate::problem::Problem::flipped`] swaps the verdicts together with the claim.
//!
//! Only the marks written in the source are stored ([`AnswerNode::verdict`]); the verdict of a whole
//! line is derived by [`AnswerNode::line_verdict`]: a node's own mark if it has one, otherwise
//! `Correct` when some continuation is correct, `Wrong` when some continuation is wrong and none is
//! correct, `Unknown` otherwise (the goproblems convention: a first move is right when a line
//! starting with it reaches a `RIGHT` node).

use super::coords::sgf_move;
use crate::go::{Color, Move};
use serde::{Deserialize, Serialize};
use std::fmt;

/// The mark of one answer node.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Verdict {
    /// The OR player achieves the goal along this line.
    Correct,
    /// The OR player fails along this line.
    Wrong,
    /// Not marked.
    #[default]
    Unknown,
}

impl Verdict {
    /// Correct ↔ Wrong; Unknown stays.
    pub fn opposite(self) -> Verdict {
        match self {
            Verdict::Correct => Verdict::Wrong,
            Verdict::Wrong => Verdict::Correct,
            Verdict::Unknown => Verdict::Unknown,
        }
    }

    pub fn is_unknown(&self) -> bool {
        *self == Verdict::Unknown
    }

    /// `correct` / `wrong` / `unknown`.
    pub fn name(self) -> &'static str {
        match self {
            Verdict::Correct => "correct",
            Verdict::Wrong => "wrong",
            Verdict::Unknown => "unknown",
        }
    }
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One move of an answer variation, with its continuations.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AnswerNode {
    /// Who plays the move.
    pub color: Color,
    /// The move (serialized as its SGF value, `""` for a pass).
    #[serde(with = "sgf_move")]
    pub mv: Move,
    /// The mark written on this node in the source (see the module documentation).
    #[serde(default, skip_serializing_if = "Verdict::is_unknown")]
    pub verdict: Verdict,
    /// The node's comment, without a leading `Correct`/`Wrong` marker word.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub comment: String,
    /// Continuations, in file order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub children: Vec<AnswerNode>,
}

impl AnswerNode {
    /// An unmarked leaf.
    pub fn new(color: Color, mv: Move) -> AnswerNode {
        AnswerNode {
            color,
            mv,
            verdict: Verdict::Unknown,
            comment: String::new(),
            children: Vec::new(),
        }
    }

    /// Builder: set the mark.
    pub fn with_verdict(mut self, verdict: Verdict) -> AnswerNode {
        self.verdict = verdict;
        self
    }

    /// Builder: add a continuation.
    pub fn with_child(mut self, child: AnswerNode) -> AnswerNode {
        self.children.push(child);
        self
    }

    /// The verdict of the line through this node (see the module documentation).
    pub fn line_verdict(&self) -> Verdict {
        if !self.verdict.is_unknown() {
            return self.verdict;
        }
        let mut any_wrong = false;
        for child in &self.children {
            match child.line_verdict() {
                Verdict::Correct => return Verdict::Correct,
                Verdict::Wrong => any_wrong = true,
                Verdict::Unknown => {}
            }
        }
        if any_wrong {
            Verdict::Wrong
        } else {
            Verdict::Unknown
        }
    }

    /// Number of nodes in this subtree, this one included.
    pub fn node_count(&self) -> usize {
        1 + self
            .children
            .iter()
            .map(AnswerNode::node_count)
            .sum::<usize>()
    }

    /// Length of the longest line from this node, this one included.
    pub fn depth(&self) -> usize {
        1 + self
            .children
            .iter()
            .map(AnswerNode::depth)
            .max()
            .unwrap_or(0)
    }

    fn swap_verdicts(&mut self) {
        self.verdict = self.verdict.opposite();
        for child in &mut self.children {
            child.swap_verdicts();
        }
    }
}

/// The reference answer: the variations from the problem position (empty when the source has
/// none).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct AnswerTree {
    /// First moves, in file order.
    pub variations: Vec<AnswerNode>,
}

impl AnswerTree {
    /// No answer.
    pub fn new() -> AnswerTree {
        AnswerTree::default()
    }

    /// A single first move marked correct (e.g. the research set's `answer_firstmove`).
    pub fn single_correct(color: Color, mv: Move) -> AnswerTree {
        AnswerTree {
            variations: vec![AnswerNode::new(color, mv).with_verdict(Verdict::Correct)],
        }
    }

    pub fn is_empty(&self) -> bool {
        self.variations.is_empty()
    }

    /// Number of nodes.
    pub fn node_count(&self) -> usize {
        self.variations.iter().map(AnswerNode::node_count).sum()
    }

    /// Length of the longest variation.
    pub fn depth(&self) -> usize {
        self.variations
            .iter()
            .map(AnswerNode::depth)
            .max()
            .unwrap_or(0)
    }

    /// The first moves whose line is correct, in file order, without duplicates.
    pub fn correct_first_moves(&self) -> Vec<Move> {
        self.first_moves_with(Verdict::Correct)
    }

    /// The first moves whose line is wrong (and not also correct elsewhere), in file order,
    /// without duplicates.
    pub fn wrong_first_moves(&self) -> Vec<Move> {
        let correct = self.correct_first_moves();
        self.first_moves_with(Verdict::Wrong)
            .into_iter()
            .filter(|m| !correct.contains(m))
            .collect()
    }

    fn first_moves_with(&self, verdict: Verdict) -> Vec<Move> {
        let mut out = Vec::new();
        for v in &self.variations {
            if v.line_verdict() == verdict && !out.contains(&v.mv) {
                out.push(v.mv);
            }
        }
        out
    }

    /// The same answer seen from the other side: every mark swapped (Correct ↔ Wrong).
    pub fn with_swapped_verdicts(&self) -> AnswerTree {
        let mut t = self.clone();
        for v in &mut t.variations {
            v.swap_verdicts();
        }
        t
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::go::Point;

    fn play(x: usize, y: usize) -> Move {
        Move::Play(Point::new(x, y))
    }

    #[test]
    fn line_verdicts() {
        // 1: wrong first move; 2: unmarked move whose one continuation reaches a correct leaf;
        // 3: unmarked; 4: explicit correct.
        let tree = AnswerTree {
            variations: vec![
                AnswerNode::new(Color::Black, play(0, 0)).with_verdict(Verdict::Wrong),
                AnswerNode::new(Color::Black, play(1, 0))
                    .with_child(
                        AnswerNode::new(Color::White, play(2, 0)).with_verdict(Verdict::Wrong),
                    )
                    .with_child(AnswerNode::new(Color::White, play(3, 0)).with_child(
                        AnswerNode::new(Color::Black, play(4, 0)).with_verdict(Verdict::Correct),
                    )),
                AnswerNode::new(Color::Black, play(5, 0)),
                AnswerNode::new(Color::Black, Move::Pass).with_verdict(Verdict::Correct),
            ],
        };
        assert_eq!(tree.correct_first_moves(), vec![play(1, 0), Move::Pass]);
        assert_eq!(tree.wrong_first_moves(), vec![play(0, 0)]);
        assert_eq!(tree.node_count(), 7);
        assert_eq!(tree.depth(), 3);
        let swapped = tree.with_swapped_verdicts();
        assert_eq!(swapped.correct_first_moves(), vec![play(0, 0), play(1, 0)]);
        assert_eq!(swapped.wrong_first_moves(), vec![Move::Pass]);
        assert_eq!(swapped.with_swapped_verdicts(), tree);
    }

    #[test]
    fn serde_uses_sgf_moves() {
        let tree = AnswerTree::single_correct(Color::White, play(17, 18));
        let json = serde_json::to_string(&tree).unwrap();
        assert_eq!(json, r#"[{"color":"White","mv":"rs","verdict":"correct"}]"#);
        assert_eq!(serde_json::from_str::<AnswerTree>(&json).unwrap(), tree);
    }
}
