//! Answer trees as SGF: every first move judged ([`crate::solver::jobs::first_moves`]) turned into
//! the solution tree of a problem site, so that a Go player's tools (goproblems-style readers,
//! SGF editors) show the correct moves with the proof's replies and each wrong move with its
//! refutation.
//!
//! The tree is for the player to move, P (the protagonist: the OR player of
//! [`FirstMoves::claim`]); its opponent is the antagonist. It keeps the rules of online problem
//! sites:
//!
//! - colours alternate (every line starts with P and is replayed legally from the problem
//!   position under Go's simple-ko rule; a move a ko master's proof retakes at once is left out
//!   with the rest of its line);
//! - no pass moves: a line whose next move would be a pass ends before it;
//! - a **correct line** ends with P's move, marked [`Verdict::Correct`] with the comment
//!   `RIGHT`: for each solution move (works, and seki when P defends) P's move, then every
//!   non-null reply the proof searched at its AND node (null-move replies only when there are
//!   no others), each followed by P's winning answer, recursively; a reply after which P's
//!   answer would be a pass (or the proof ends) is left out, so every line ends with P;
//! - a **wrong line** starts with P's move marked [`Verdict::Wrong`] (its comment the result in
//!   words, [`move_words`]) and follows the refutation's main line (the opponent's winning move, P's first
//!   searched try, …) for at most [`WRONG_REPLIES`] opponent moves, ending with the opponent's
//!   move. A failing move without a refutation to show (a pass, an unchecked failure) is left
//!   out: problem sites treat every move outside the tree as wrong anyway;
//! - ko and unknown first moves are single unmarked nodes with a comment (`ko: White kills by
//!   ko`, `unknown within the limits`).
//!
//! The correct lines are deepened level by level (one level = an opponent reply and P's answer)
//! as long as the whole tree stays within `max_nodes`, so every solution is shown to the same
//! depth; when even one level does not fit, the first level is cut at the budget. Solutions
//! come first (the first variation is a correct line), then the other moves row by row.
//!
//! [`answers_sgf`] writes the problem as P's claim with this tree as its answer, the verdict in
//! the root comment and the private `TS*` properties ([`crate::problem::sgf_write`]); correct
//! nodes carry `C[RIGHT]` ([`VerdictMarks::Right`]), which reads back as correct.

use super::first_moves::{move_words, summary};
use crate::go::{Board, Color, Move};
use crate::problem::sgf_write::{write_sgf_marked, VerdictMarks};
use crate::problem::{
    AnswerNode, AnswerTree, Goal, Problem, SgfWriteOptions, ValidationErrors, Verdict,
};
use crate::solver::jobs::first_moves::{FirstMoves, JudgedMove, MoveResult};
use crate::solver::proof::{ProofNode, Role};

/// The default cap on an answer tree's nodes ([`answers_sgf`]).
pub const DEFAULT_MAX_NODES: usize = 300;

/// Deepest correct line, in opponent replies (each followed by P's answer).
pub const MAX_CORRECT_REPLIES: usize = 12;

/// Longest refutation shown after a wrong first move, in opponent moves.
pub const WRONG_REPLIES: usize = 3;

/// The comment of a correct leaf (goproblems' marker).
pub const RIGHT: &str = "RIGHT";

/// The end of the verdict line [`answers_sgf`] puts in the root comment (a line with it is
/// replaced when a file is exported again).
const SIGNATURE: &str = "by Tsumego Studio)";

/// The site-style solution tree of the judged first moves (see the module documentation), with
/// at most `max_nodes` nodes beyond one node per solution move.
pub fn answer_tree(moves: &FirstMoves, max_nodes: usize) -> AnswerTree {
    let mut best: Option<AnswerTree> = None;
    for levels in 1..=MAX_CORRECT_REPLIES {
        let (tree, cut) = build(moves, levels, max_nodes);
        if cut {
            // The previous depth fitted whole; with none, the first level cut at the budget.
            return best.unwrap_or(tree);
        }
        let grew = best
            .as_ref()
            .is_none_or(|b| b.node_count() < tree.node_count());
        best = Some(tree);
        if !grew {
            break;
        }
    }
    best.unwrap_or_default()
}

/// The problem as P's claim with the answer tree of `moves` (capped at [`DEFAULT_MAX_NODES`])
/// instead of its own answer, the verdict line in the root comment after `source`'s comment
/// (`Black to live. unique solution: C1 (checked by Tsumego Studio)`), and `source`'s name.
pub fn answers_problem(moves: &FirstMoves, source: &Problem) -> Result<Problem, ValidationErrors> {
    let claim = &moves.claim;
    let mut setup = claim.to_setup();
    setup.answer = answer_tree(moves, DEFAULT_MAX_NODES);
    setup.name = source.name().to_string();
    setup.source = source.source().to_string();
    setup.comment = with_verdict_line(source.comment(), &verdict_line(moves));
    setup.validate()
}

/// `comment` with `line` (a verdict ending in "by Tsumego Studio)") as its last paragraph, any
/// earlier such line replaced.
pub fn with_verdict_line(comment: &str, line: &str) -> String {
    let mut kept: Vec<&str> = comment
        .lines()
        .filter(|l| !l.trim_end().ends_with(SIGNATURE))
        .collect();
    while kept.last().is_some_and(|l| l.trim().is_empty()) {
        kept.pop();
    }
    if kept.is_empty() {
        line.to_string()
    } else {
        format!("{}\n\n{line}", kept.join("\n"))
    }
}

/// [`answers_problem`] as SGF, with the private properties and correct nodes marked `C[RIGHT]`.
/// Should the tree not validate (it is replayed with the validator's own rules, so it does),
/// the claim is written without it.
pub fn answers_sgf(moves: &FirstMoves, source: &Problem) -> String {
    let options = SgfWriteOptions::default();
    let problem = answers_problem(moves, source);
    debug_assert!(
        problem.is_ok(),
        "the answer tree replays legally: {problem:?}"
    );
    let problem = problem.unwrap_or_else(|_| moves.claim.clone());
    write_sgf_marked(&problem, &options, VerdictMarks::Right)
}

/// `Black to live. unique solution: C1 (checked by Tsumego Studio)`.
pub fn verdict_line(moves: &FirstMoves) -> String {
    let claim = &moves.claim;
    let task = match claim.goal() {
        Goal::Live | Goal::LiveUca | Goal::LiveAny | Goal::LiveAnySeki => "to live",
        Goal::Kill | Goal::KillUca => "to kill",
        Goal::KillAll | Goal::KillAllSeki => "to kill everything",
        Goal::LiveAll | Goal::LiveAllUca => "to keep every block alive",
        Goal::KillAny | Goal::KillAnyUca => "to capture a block",
        Goal::OneEye => "to make an eye",
        Goal::NoEye => "to deny the eye",
    };
    let checked = moves
        .moves
        .iter()
        .filter(|j| j.result != MoveResult::Unknown)
        .all(JudgedMove::checked);
    let how = if checked {
        "checked"
    } else {
        "judged, not every result checked,"
    };
    format!(
        "{} {task}. {} ({how} {SIGNATURE}",
        claim.or_player(),
        summary(moves)
    )
}

/// What one build may still add.
struct Budget {
    left: usize,
    /// Something was left out for the budget.
    cut: bool,
}

impl Budget {
    /// Take `n` nodes, or note the cut.
    fn take(&mut self, n: usize) -> bool {
        if self.left >= n {
            self.left -= n;
            true
        } else {
            self.cut = true;
            false
        }
    }
}

/// The tree with correct lines `levels` replies deep and wrong lines at most
/// `min(levels, WRONG_REPLIES)` opponent moves long, and whether the budget cut it.
fn build(moves: &FirstMoves, levels: usize, max_nodes: usize) -> (AnswerTree, bool) {
    let claim = &moves.claim;
    let p = claim.or_player();
    let defends = claim.goal().or_defends();
    let mut board = claim.board().clone();
    board.clear_history();
    let mut budget = Budget {
        left: max_nodes,
        cut: false,
    };
    let mut variations = Vec::new();
    // Solutions first: P's move is always there, its replies as the budget allows.
    for j in moves.moves.iter().filter(|j| j.is_solution(defends)) {
        let Some(after) = played(&board, p, j.mv) else {
            continue;
        };
        budget.left = budget.left.saturating_sub(1);
        let mut node = AnswerNode::new(p, j.mv);
        if let Some((_, proof)) = j.proof() {
            node.children = replies(&proof.root, &after, p, levels, &mut budget);
        }
        if node.children.is_empty() {
            mark_right(&mut node);
        }
        variations.push(node);
    }
    for j in moves.moves.iter().filter(|j| !j.is_solution(defends)) {
        let Some(after) = played(&board, p, j.mv) else {
            continue;
        };
        let node = match j.result {
            MoveResult::Fails | MoveResult::Seki => {
                let Some((_, proof)) = j.refutation() else {
                    continue;
                };
                let line = refutation_line(&proof.root, &after, p, levels.min(WRONG_REPLIES));
                if line.is_empty() || !budget.take(1 + line.len()) {
                    continue;
                }
                let mut node = AnswerNode::new(p, j.mv).with_verdict(Verdict::Wrong);
                node.comment = move_words(claim, j);
                node.children = chain(line).into_iter().collect();
                node
            }
            MoveResult::Ko | MoveResult::Unknown => {
                if !budget.take(1) {
                    continue;
                }
                let mut node = AnswerNode::new(p, j.mv);
                node.comment = if j.result == MoveResult::Ko {
                    format!("ko: {}", move_words(claim, j))
                } else {
                    "unknown within the limits".to_string()
                };
                node
            }
            MoveResult::Works => continue,
        };
        variations.push(node);
    }
    (AnswerTree { variations }, budget.cut)
}

/// The board after `c` plays `mv` on `board`; `None` for a pass or an illegal move.
fn played(board: &Board, c: Color, mv: Move) -> Option<Board> {
    if mv == Move::Pass {
        return None;
    }
    let mut b = board.clone();
    b.play(c, mv).ok()?;
    Some(b)
}

/// The opponent's replies at `and_node` (the proof's node after P's move, on `board`), each
/// followed by P's winning answer and its own replies, `levels` deep; only replies P answers
/// with a legal play are kept.
fn replies(
    and_node: &ProofNode,
    board: &Board,
    p: Color,
    levels: usize,
    budget: &mut Budget,
) -> Vec<AnswerNode> {
    if levels == 0 || and_node.role != Role::And {
        return Vec::new();
    }
    let o = p.opponent();
    let is_play = |c: &&ProofNode| matches!(c.mv, Some(Move::Play(_)));
    let mut chosen: Vec<&ProofNode> = and_node
        .children
        .iter()
        .filter(is_play)
        .filter(|c| !c.null_move)
        .collect();
    if chosen.is_empty() {
        chosen = and_node.children.iter().filter(is_play).collect();
    }
    let mut out = Vec::new();
    for reply in chosen {
        let (Some(reply_mv), Role::Or) = (reply.mv, reply.role) else {
            continue;
        };
        let Some(answer) = reply.children.first() else {
            continue;
        };
        let Some(answer_mv) = answer.mv else {
            continue;
        };
        let Some(after_reply) = played(board, o, reply_mv) else {
            continue;
        };
        let Some(after_answer) = played(&after_reply, p, answer_mv) else {
            continue;
        };
        if !budget.take(2) {
            continue;
        }
        let mut mine = AnswerNode::new(p, answer_mv);
        mine.children = replies(answer, &after_answer, p, levels - 1, budget);
        if mine.children.is_empty() {
            mark_right(&mut mine);
        }
        out.push(AnswerNode::new(o, reply_mv).with_child(mine));
    }
    out
}

/// The refutation's main line from `or_node` (the opponent to move after P's wrong move, on
/// `board`): the opponent's winning move, P's first searched try, the opponent's answer, … at
/// most `replies` opponent moves, ending with one; empty when the opponent's first move is not
/// a legal play.
fn refutation_line(
    or_node: &ProofNode,
    board: &Board,
    p: Color,
    replies: usize,
) -> Vec<AnswerNode> {
    let o = p.opponent();
    let mut line = Vec::new();
    let mut board = board.clone();
    let mut node = or_node;
    for _ in 0..replies {
        // The opponent's winning move.
        let Some(win) = node.children.first().filter(|_| node.role == Role::Or) else {
            break;
        };
        let Some(win_mv) = win.mv else { break };
        let Some(after_win) = played(&board, o, win_mv) else {
            break;
        };
        line.push(AnswerNode::new(o, win_mv));
        board = after_win;
        // P's try: the first searched play, else the first null-move play; the opponent must
        // answer it with a play for the line to go on (and end with the opponent).
        if win.role != Role::And {
            break;
        }
        let tries = win
            .children
            .iter()
            .filter(|c| matches!(c.mv, Some(Move::Play(_))));
        let Some(try_node) = tries
            .clone()
            .find(|c| !c.null_move)
            .or_else(|| tries.clone().next())
        else {
            break;
        };
        let Some(try_mv) = try_node.mv else { break };
        let answer = try_node
            .children
            .first()
            .filter(|_| try_node.role == Role::Or)
            .and_then(|a| a.mv);
        if !matches!(answer, Some(Move::Play(_))) || line.len() / 2 + 1 >= replies {
            break;
        }
        let Some(after_try) = played(&board, p, try_mv) else {
            break;
        };
        if answer.and_then(|a| played(&after_try, o, a)).is_none() {
            break;
        }
        line.push(AnswerNode::new(p, try_mv));
        board = after_try;
        node = try_node;
    }
    line
}

/// A line of moves as one chain of nodes (the first holding the rest).
fn chain(line: Vec<AnswerNode>) -> Option<AnswerNode> {
    line.into_iter().rev().fold(None, |below, mut node| {
        node.children.extend(below);
        Some(node)
    })
}

fn mark_right(node: &mut AnswerNode) {
    node.verdict = Verdict::Correct;
    node.comment = RIGHT.to_string();
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::problem::{load_inferring, read_sgf};
    use crate::solver::jobs::first_moves::judge_for_tests;
    use std::path::Path;

    /// Every first move of a bundled problem judged within a node limit per move.
    fn judged(name: &str) -> (Problem, FirstMoves) {
        let path = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("problems")
            .join(name);
        let problem = load_inferring(&path).unwrap().problem;
        let moves = judge_for_tests(&problem, 200_000);
        (problem, moves)
    }

    /// The rules of problem sites: each line starts with P, colours alternate, no passes, a
    /// mark only on a leaf or on a wrong first move, correct leaves P's with `RIGHT`, wrong lines
    /// ending with the opponent. Returns the number of leaves checked.
    fn assert_site_rules(tree: &AnswerTree, p: Color) -> usize {
        fn walk(node: &AnswerNode, c: Color, first: &AnswerNode, leaves: &mut usize) {
            assert_eq!(node.color, c, "colours alternate");
            assert_ne!(node.mv, Move::Pass, "no pass moves");
            if node.children.is_empty() {
                *leaves += 1;
                match first.line_verdict() {
                    Verdict::Correct => {
                        assert_eq!(node.verdict, Verdict::Correct);
                        assert_eq!((node.color, node.comment.as_str()), (c, RIGHT));
                    }
                    Verdict::Wrong => {
                        assert_eq!(node.color, first.color.opponent(), "{first:?}");
                        assert!(std::ptr::eq(node, first) || node.verdict.is_unknown());
                    }
                    Verdict::Unknown => assert!(!node.comment.is_empty()),
                }
            } else {
                let first_wrong = std::ptr::eq(node, first) && node.verdict == Verdict::Wrong;
                assert!(node.verdict.is_unknown() || first_wrong, "{node:?}");
            }
            for child in &node.children {
                walk(child, c.opponent(), first, leaves);
            }
        }
        let mut leaves = 0;
        for v in &tree.variations {
            walk(v, p, v, &mut leaves);
        }
        leaves
    }

    #[test]
    fn answer_trees_keep_the_rules_of_problem_sites() {
        for name in [
            "01-straight-three-kill.sgf",
            "02-straight-three-live.sgf",
            "05-bent-four-corner.sgf",
            "12-rabbity-six-live.sgf",
            "21-seki-shared-liberties.sgf",
            "23-seki-to-live.sgf",
            "25-ko-to-live.sgf",
        ] {
            let (problem, moves) = judged(name);
            let p = moves.claim.or_player();
            assert_eq!(p, problem.to_move(), "{name}");
            let tree = answer_tree(&moves, DEFAULT_MAX_NODES);
            assert!(assert_site_rules(&tree, p) > 0, "{name}");
            assert!(tree.node_count() <= DEFAULT_MAX_NODES, "{name}");
            // The correct first moves are the solutions (a pass cannot be in the tree).
            let solutions: Vec<Move> = moves
                .solutions()
                .into_iter()
                .filter(|&m| m != Move::Pass)
                .collect();
            let mut correct = tree.correct_first_moves();
            correct.sort();
            let mut expected = solutions.clone();
            expected.sort();
            assert_eq!(correct, expected, "{name}");
            // Every wrong first move fails for P, and every failure with a refutation is shown.
            let defends = moves.claim.goal().or_defends();
            let failing: Vec<Move> = moves
                .moves
                .iter()
                .filter(|j| !j.is_solution(defends))
                .filter(|j| matches!(j.result, MoveResult::Fails | MoveResult::Seki))
                .map(|j| j.mv)
                .collect();
            for m in tree.wrong_first_moves() {
                assert!(failing.contains(&m), "{name}: {m:?}");
            }
            // Written and read back: the same tree.
            let text = answers_sgf(&moves, &problem);
            let back = read_sgf(&text).unwrap().validate().unwrap();
            assert_eq!(back.answer(), &tree, "{name}\n{text}");
            assert_eq!(
                text.contains("C[RIGHT]"),
                !solutions.is_empty(),
                "{name}\n{text}"
            );
        }
    }

    #[test]
    fn a_solution_shows_the_proofs_replies() {
        // Straight three, White to kill: D1 (the middle) is the unique solution; Black's
        // replies are answered and the line ends with White.
        let (problem, moves) = judged("01-straight-three-kill.sgf");
        assert_eq!(summary(&moves), "unique solution: D1");
        let tree = answer_tree(&moves, DEFAULT_MAX_NODES);
        let first = &tree.variations[0];
        assert_eq!(
            crate::problem::coords::move_gtp(first.mv, problem.size()),
            "D1"
        );
        assert!(!first.children.is_empty(), "{first:?}");
        assert!(first.verdict.is_unknown());
        assert_eq!(first.line_verdict(), Verdict::Correct);
        // The wrong first moves each have a refutation.
        assert!(!tree.wrong_first_moves().is_empty());
        // The root comment carries the verdict.
        let text = answers_sgf(&moves, &problem);
        assert!(
            text.contains("White to kill. unique solution: D1 (checked by Tsumego Studio)"),
            "{text}"
        );
        // A second export replaces the verdict line instead of adding one.
        let again = read_sgf(&text).unwrap().validate().unwrap();
        let text2 = answers_sgf(&moves, &again);
        assert_eq!(text2.matches("Tsumego Studio)").count(), 1, "{text2}");
        assert_eq!(text2, text);
    }

    #[test]
    fn the_budget_caps_the_tree_but_keeps_the_solutions() {
        let (_, moves) = judged("02-straight-three-live.sgf");
        let full = answer_tree(&moves, DEFAULT_MAX_NODES);
        for cap in [0, 1, 3, full.node_count() - 1] {
            let small = answer_tree(&moves, cap);
            let solutions = moves.solutions().len();
            assert!(small.node_count() <= cap.max(solutions), "{cap}");
            assert_eq!(small.correct_first_moves(), full.correct_first_moves());
            assert_site_rules(&small, moves.claim.or_player());
        }
    }
}
