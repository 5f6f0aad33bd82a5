//! Every first move judged ([`crate::solver::jobs::first_moves`]), in words: one judged move's
//! result (`Black lives unconditionally`, `White kills, e.g. after W C3 B D2 …`, `White passes
//! too: the game ends and Black cannot live`) and the judgement's summary (`unique solution:
//! C3; ko: B1`).

use super::verdict::{analysis_words, proof_line_words, verbs};
use crate::go::Move;
use crate::problem::coords::moves_gtp;
use crate::problem::Problem;
use crate::solver::jobs::analysis::{Analysis, How};
use crate::solver::jobs::first_moves::{FirstMoves, JudgedMove, MoveResult, WithoutSearch};

/// The result of the judged first move `j` of `claim` (the judged claim, [`FirstMoves::claim`])
/// in words: `Black lives (unconditionally)`, `White kills, e.g. after W C3 B D2` (a failure
/// with its refutation's line), `White passes too: the game ends and Black cannot live`.
pub fn move_words(claim: &Problem, j: &JudgedMove) -> String {
    let me = claim.or_player();
    let other = me.opponent();
    let (_, fails) = verbs(claim.goal());
    match (&j.without_search, &j.after, &j.analysis) {
        (Some(WithoutSearch::PassedBack), _, _) => {
            format!("{other} passes too: the game ends and {me} {fails}")
        }
        (Some(WithoutSearch::CapturesEveryCrucialStone), _, _) => {
            "captures every crucial stone".to_string()
        }
        (Some(WithoutSearch::NotAProblem(e)), _, _) => {
            format!("the position after the move is not a problem: {e}")
        }
        (None, Some(after), Some(analysis)) => searched_words(claim, j, after, analysis),
        // Not made by the judge: a move is searched or decided without a search.
        (None, _, _) => j.result.name().to_string(),
    }
}

/// [`move_words`] of a searched move: the analysis of `after` (the claim after the move) or, for
/// the research goals, of the opponent's strong claim ([`JudgedMove::by_opposite`]).
fn searched_words(claim: &Problem, j: &JudgedMove, after: &Problem, analysis: &Analysis) -> String {
    match (analysis.go, j.result, j.refutation()) {
        // A failure with its refutation's line, as for the research goals.
        (Some(_), MoveResult::Fails | MoveResult::Seki, Some((opposite, proof))) => {
            proof_line_words(opposite, proof, 6)
        }
        (Some(_), _, _) => analysis_words(after, analysis),
        (None, _, _) => research_words(claim, j, analysis),
    }
}

/// A searched move's words for the research goals.
fn research_words(claim: &Problem, j: &JudgedMove, analysis: &Analysis) -> String {
    let me = claim.or_player();
    let other = me.opponent();
    let (wins, fails) = verbs(claim.goal());
    let defends = claim.goal().or_defends();
    let refutation = j.refutation();
    match j.result {
        MoveResult::Fails | MoveResult::Seki if refutation.is_some() || !defends => {
            match refutation {
                Some((opposite, proof)) => {
                    let w = proof_line_words(opposite, proof, 6);
                    if j.result == MoveResult::Seki {
                        w.replacen(" lives", " lives in seki", 1)
                    } else {
                        w
                    }
                }
                None => format!("{me} {fails}"),
            }
        }
        MoveResult::Works => match analysis.how {
            How::Unconditional => format!("{me} lives unconditionally"),
            How::AtLeastSeki => format!("{me} lives (at least in seki)"),
            _ => format!("{me} {wins}"),
        },
        MoveResult::Seki => format!("{me} lives in seki"),
        MoveResult::Ko => match (j.by_opposite, analysis.how) {
            (false, How::Ko { .. }) | (true, _) => {
                let who = if j.by_opposite { other } else { me };
                let (w, _) = verbs(analysis.claim.goal());
                format!("{who} {w} by ko")
            }
            _ => format!("{me} {wins} (the move takes a ko)"),
        },
        MoveResult::Fails => format!("{me} {fails}"),
        // The opponent's strong claim failed (the player wins as a ko master) but the player's
        // own claim stayed undecided: its words would read as a proven result.
        MoveResult::Unknown if j.by_opposite => format!(
            "unknown: {other} cannot refute it when {me} may retake kos; {me}'s own claim undecided"
        ),
        MoveResult::Unknown => analysis_words(&analysis.claim, analysis),
    }
}

/// `unique solution: C3`, `2 solutions: C3, D2`, `no solution`, with the ko and unknown moves
/// after it: `no solution; ko: B1; unknown: A1, pass`.
pub fn summary(moves: &FirstMoves) -> String {
    let size = moves.claim.size();
    let list = |moves: &[Move]| moves_gtp(moves, size);
    let solutions = moves.solutions();
    let mut s = match solutions.len() {
        0 => "no solution".to_string(),
        1 => format!("unique solution: {}", list(&solutions)),
        n => format!("{n} solutions: {}", list(&solutions)),
    };
    if !moves.claim.goal().or_defends() {
        let seki = moves.with_result(MoveResult::Seki);
        if !seki.is_empty() {
            s += &format!("; seki: {}", list(&seki));
        }
    }
    for r in [MoveResult::Ko, MoveResult::Unknown] {
        let with = moves.with_result(r);
        if !with.is_empty() {
            s += &format!("; {}: {}", r.name(), list(&with));
        }
    }
    if moves.stopped {
        s += "; stopped before every move was judged";
    }
    s
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::problem::load_inferring;
    use crate::solver::jobs::first_moves::judge_for_tests;
    use std::path::Path;

    /// Straight three, White to kill: D1 is the unique solution; White's pass is answered by
    /// Black's, which ends the game with Black alive.
    #[test]
    fn a_judgement_in_words() {
        let path = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("problems")
            .join("01-straight-three-kill.sgf");
        let problem = load_inferring(&path).unwrap().problem;
        let judged = judge_for_tests(&problem, 200_000);
        assert_eq!(summary(&judged), "unique solution: D1");
        let pass = judged.moves.iter().find(|j| j.mv == Move::Pass).unwrap();
        assert_eq!(pass.without_search, Some(WithoutSearch::PassedBack));
        assert_eq!(
            move_words(&judged.claim, pass),
            "Black passes too: the game ends and White cannot kill"
        );
        // A failing move's words give its refutation's line; the solution's its result.
        let words: Vec<(String, String)> = judged
            .moves
            .iter()
            .map(|j| {
                let mv = crate::problem::coords::move_gtp(j.mv, problem.size());
                (mv, move_words(&judged.claim, j))
            })
            .collect();
        let words_of = |mv: &str| words.iter().find(|(m, _)| m == mv).unwrap().1.as_str();
        assert_eq!(words_of("C1"), "Black lives, e.g. after B D1");
        assert_eq!(
            words_of("D1"),
            "White kills (Black moves first; every Black move is answered)"
        );
        let mut stopped = judged.clone();
        stopped.stopped = true;
        assert_eq!(
            summary(&stopped),
            "unique solution: D1; stopped before every move was judged"
        );
    }
}
