//! A proven result saved with the problem file: when the studio saves a
//! problem whose current result was proven and checked, the file also says what was proven, so
//! the problem list (and any later reader) shows it without solving again:
//!
//! - the result for the problem's OR player and how it comes about (`TSRESULT`, `TSHOW`);
//! - the answer: with every first move judged, the answer tree of the judgement
//!   ([`crate::report::answers::answer_tree`]); otherwise, when the file has no answer, the
//!   proof's main line up to its first pass, its last move marked with the result;
//! - a verdict line at the end of the root comment, replaced on the next save.
//!
//! Only checked results are saved: an unchecked or unknown one leaves the file as it was typed.

use super::live::{with_players, Finished};
use crate::go::Move;
use crate::problem::coords::move_gtp;
use crate::problem::{AnswerNode, AnswerTree, Outcome, Problem, Verdict, Way};
use crate::report::answers::{answer_tree, verdict_line, with_verdict_line, DEFAULT_MAX_NODES};
use crate::report::verdict::outcome_verb;
use crate::solver::jobs::analysis::How;
use crate::solver::jobs::first_moves::{FirstMoves, MoveResult};
use crate::solver::proof::certify::CheckVerdict;
use crate::solver::Status;

/// What is added to a saved file, and how the status bar says it.
#[derive(Clone, Debug, PartialEq)]
pub struct SavedResult {
    /// The problem as it is saved: the open one with its result.
    pub problem: Problem,
    /// `Black lives, C1` for the status bar.
    pub summary: String,
}

/// `problem` with its proven result (from `judged`, else `finished`), or `None` when neither is
/// a checked result of this problem. Both must be for the problem as it is now (the caller
/// checks the revisions).
pub fn with_proven_result(
    problem: &Problem,
    finished: Option<&Finished>,
    judged: Option<&FirstMoves>,
) -> Option<SavedResult> {
    let mut setup = problem.to_setup();
    let (outcome, way, line) = match judged.and_then(|j| judged_outcome(problem, j)) {
        Some((outcome, tree)) => {
            setup.answer = tree;
            (outcome, None, judged.map(verdict_line))
        }
        None => {
            let f = finished?;
            let (outcome, way) = finished_outcome(problem, f)?;
            if setup.answer.is_empty() {
                setup.answer = proof_line(problem, f, outcome);
            }
            (outcome, way, None)
        }
    };
    let or = problem.or_player();
    let verb = outcome_verb(problem.goal(), outcome);
    let firsts = setup.answer.correct_first_moves();
    let first = match (outcome, firsts.first()) {
        (Outcome::Win, Some(&m)) if problem.to_move() == or => {
            format!(", {}", move_gtp(m, problem.size()))
        }
        _ => String::new(),
    };
    let summary = format!("{or} {verb}{first}");
    let line = line.unwrap_or_else(|| format!("{summary} (proven and checked by Tsumego Studio)"));
    setup.expected = Some(outcome);
    setup.expected_way = way.or(match setup.expected_way {
        // A way stated in the file stays when it fits the proven result.
        Some(Way::Ko) if outcome == Outcome::Win => None,
        w => w,
    });
    setup.comment = with_verdict_line(problem.comment(), &line);
    // The answer replays legally (the proof's own moves); should it not, save without it.
    let problem = match setup.clone().validate() {
        Ok(p) => p,
        Err(_) => {
            setup.answer = problem.answer().clone();
            setup.validate().ok()?
        }
    };
    Some(SavedResult { problem, summary })
}

/// The problem's result from a finished judgement of every first move, and its answer tree
/// (verdicts from the problem's OR player's side). `None` unless decided: a solution found, or
/// every move decided without one.
fn judged_outcome(problem: &Problem, judged: &FirstMoves) -> Option<(Outcome, AnswerTree)> {
    let p = &judged.claim;
    let defends = p.goal().or_defends();
    let solved = judged
        .moves
        .iter()
        .any(|j| j.is_solution(defends) && j.checked());
    let all_decided = judged
        .moves
        .iter()
        .all(|j| j.result != MoveResult::Unknown && j.checked());
    let p_outcome = if solved {
        Outcome::Win
    } else if all_decided && !judged.moves.is_empty() {
        Outcome::Fail
    } else {
        return None;
    };
    let tree = answer_tree(judged, DEFAULT_MAX_NODES);
    if p.or_player() == problem.or_player() {
        Some((p_outcome, tree))
    } else {
        Some((p_outcome.opposite(), tree.with_swapped_verdicts()))
    }
}

/// The problem's result from a finished solve whose proof the checker accepted.
fn finished_outcome(problem: &Problem, f: &Finished) -> Option<(Outcome, Option<Way>)> {
    if f.check != Some(CheckVerdict::Checked) {
        return None;
    }
    let (claim, solution, how) = &f.searches[f.chosen];
    let for_claim = match (solution.status, how) {
        (Status::Unknown, _) => return None,
        // Won only by ko: the claim's result without ko is a failure (`TSRESULT`, with `TSHOW`
        // ko).
        (_, How::Ko { .. }) => Outcome::Fail,
        (status, _) => status.outcome()?,
    };
    let way = match how {
        How::Unconditional => Some(Way::Unconditional),
        How::Seki => Some(Way::Seki),
        How::Ko { .. } if for_claim == Outcome::Fail => Some(Way::Ko),
        _ => None,
    };
    let outcome = if claim.or_player() == problem.or_player() {
        for_claim
    } else {
        for_claim.opposite()
    };
    Some((outcome, way))
}

/// The proof's main line from the problem position up to its first pass, its last move marked
/// with the result for the problem's OR player.
fn proof_line(problem: &Problem, f: &Finished, outcome: Outcome) -> AnswerTree {
    let Some(proof) = f.proof() else {
        return AnswerTree::new();
    };
    let moves: Vec<Move> = proof
        .root
        .main_line()
        .into_iter()
        .take_while(|m| *m != Move::Pass)
        .collect();
    let verdict = match outcome {
        Outcome::Win => Verdict::Correct,
        Outcome::Fail => Verdict::Wrong,
    };
    let mut node: Option<AnswerNode> = None;
    for (color, mv) in with_players(problem.to_move(), &moves).into_iter().rev() {
        let mut n = AnswerNode::new(color, mv);
        match node.take() {
            Some(child) => n = n.with_child(child),
            None => n = n.with_verdict(verdict),
        }
        node = Some(n);
    }
    let mut tree = AnswerTree::new();
    tree.variations.extend(node);
    tree
}
