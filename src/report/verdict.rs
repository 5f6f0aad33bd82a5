//! A solve's result in words, for the command line and the studio: the verbs of a goal, a
//! search's result, an [`Analysis`] (its Go result, or the way its claim was won) and a proof's
//! main line.

use crate::go::Color;
use crate::problem::coords::move_gtp;
use crate::problem::{Goal, Outcome, Problem};
use crate::solver::jobs::analysis::{Analysis, How};
use crate::solver::jobs::go_result::{GoResult, Life};
use crate::solver::proof::ProofTree;
use crate::solver::{Solution, Status};

/// `lives` / `kills` (the OR player reaching `goal`), and the failure form.
pub fn verbs(goal: Goal) -> (&'static str, &'static str) {
    match goal {
        Goal::Live => ("lives", "cannot live"),
        Goal::LiveUca => ("lives unconditionally", "cannot live unconditionally"),
        Goal::LiveAny => ("lives", "cannot live anywhere"),
        Goal::Kill => ("kills", "cannot kill"),
        Goal::KillUca => (
            "prevents unconditional life",
            "cannot prevent unconditional life",
        ),
        Goal::KillAll => ("kills everything", "cannot kill everything"),
        Goal::LiveAnySeki => ("lives", "cannot live anywhere"),
        Goal::KillAllSeki => ("captures everything", "cannot capture everything"),
        Goal::LiveAll => ("keeps every block alive", "cannot keep every block alive"),
        Goal::LiveAllUca => (
            "keeps every block unconditionally alive",
            "cannot keep every block unconditionally alive",
        ),
        Goal::KillAny => ("captures a block", "cannot capture a block"),
        Goal::KillAnyUca => (
            "prevents some block's unconditional life",
            "cannot prevent every block's unconditional life",
        ),
        Goal::OneEye => ("makes an eye", "cannot make an eye"),
        Goal::NoEye => ("denies the eye", "cannot deny the eye"),
    }
}

/// The verb of `outcome` for the OR player reaching `goal`: `lives`, `cannot kill`.
pub fn outcome_verb(goal: Goal, outcome: Outcome) -> &'static str {
    let (wins, fails) = verbs(goal);
    match outcome {
        Outcome::Win => wins,
        Outcome::Fail => fails,
    }
}

/// `White lives: first move C1`, `Black kills (White moves first; every White move is
/// answered)`, `White cannot kill (proven)`, `unknown: time limit reached`.
pub fn result_words(problem: &Problem, solution: &Solution) -> String {
    let or = problem.or_player();
    let (wins, fails) = verbs(problem.goal());
    let size = problem.size();
    match solution.status {
        Status::Win => match solution.first_move {
            Some(m) => format!("{or} {wins}: first move {}", move_gtp(m, size)),
            None if problem.to_move() != or => {
                let and = or.opponent();
                format!("{or} {wins} ({and} moves first; every {and} move is answered)")
            }
            None => format!("{or} {wins}"),
        },
        Status::Fail => format!("{or} {fails} (proven)"),
        Status::Unknown => format!("unknown: {}", solution.stop.describe()),
    }
}

/// The Go result of an [`Analysis`] in words: `White lives in seki: first move B8`, `White lives
/// (unconditionally): first move C1`, `Black kills`, `Black kills by ko: first move A2 (Black
/// takes the first ko capture)`, `White cannot live (proven)`.
pub fn analysis_words(problem: &Problem, analysis: &Analysis) -> String {
    match analysis.go {
        Some(go) => go_result_words(problem, analysis, go),
        None => how_words(problem, &analysis.solution, analysis.how),
    }
}

/// The Go result of a `live`/`kill` position in words, the same whichever claim was asked
/// ([`GoResult`]): `Black kills: first move B1`, `White lives in seki (Black moves first; every
/// Black move is answered)`, `Black kills by ko: first move B1 (Black takes the first ko
/// capture; White needs ko threats to live)`, `White lives by ko (White takes the first ko
/// capture; Black needs ko threats to kill, first move B1)`.
pub fn go_result_words(problem: &Problem, analysis: &Analysis, go: GoResult) -> String {
    let (a, d) = (problem.attacker(), problem.defender());
    let size = problem.size();
    let to_move = problem.to_move();
    let first = |side: Color| analysis.first_move_of(side).map(|m| move_gtp(m, size));
    let winner = if go.even_winner_defends() { d } else { a };
    let head = match go {
        GoResult::Kills => format!("{a} kills"),
        GoResult::KillsByKo => format!("{a} kills by ko"),
        GoResult::LivesByKo => format!("{d} lives by ko"),
        GoResult::Lives { life } => match life {
            Life::Unconditional => format!("{d} lives unconditionally"),
            Life::Seki => format!("{d} lives in seki"),
            Life::AtLeastSeki => {
                format!("{d} lives, at least in seki (unconditional life undecided)")
            }
            Life::Endless => format!("{d} lives: {a} cannot capture, and play can go on for ever"),
            Life::Unproven => format!(
                "{d} lives: {a} cannot capture ({d}'s own proof not found within the limits)"
            ),
        },
    };
    let start = if to_move == winner {
        first(winner)
            .map(|m| format!(": first move {m}"))
            .unwrap_or_default()
    } else if go.by_ko() {
        String::new()
    } else {
        format!(" ({to_move} moves first; every {to_move} move is answered)")
    };
    let ko = match go {
        GoResult::KillsByKo | GoResult::LivesByKo => {
            let loser = winner.opponent();
            let wants = if loser == d { "live" } else { "kill" };
            let tries = if to_move == loser {
                first(loser)
                    .map(|m| format!(", first move {m}"))
                    .unwrap_or_default()
            } else {
                String::new()
            };
            format!(" ({winner} takes the first ko capture; {loser} needs ko threats to {wants}{tries})")
        }
        _ => String::new(),
    };
    format!("{head}{start}{ko}")
}

/// [`analysis_words`] from its parts: the claim (the OR player and goal named), the deciding
/// search's solution and the way.
pub fn how_words(problem: &Problem, solution: &Solution, how: How) -> String {
    let or = problem.or_player();
    let size = problem.size();
    let first = solution
        .first_move
        .map(|m| format!(": first move {}", move_gtp(m, size)))
        .unwrap_or_else(|| {
            if problem.to_move() != or {
                let and = or.opponent();
                format!(" ({and} moves first; every {and} move is answered)")
            } else {
                String::new()
            }
        });
    let (wins, fails) = verbs(problem.goal());
    match how {
        How::Unconditional => format!("{or} lives (unconditionally){first}"),
        How::Seki => format!("{or} lives in seki{first}"),
        How::AtLeastSeki => {
            format!("{or} lives, at least in seki (unconditional life undecided){first}")
        }
        How::Ko {
            first_capture,
            needs_threat,
        } => {
            let who = match (first_capture, needs_threat) {
                (_, true) => format!(
                    " ({} takes the first ko capture; {or} needs a ko threat)",
                    or.opponent()
                ),
                (Some(c), false) if c == or => format!(" ({or} takes the first ko capture)"),
                (Some(c), false) => format!(" ({c} takes the first ko capture)"),
                (None, false) => " (the ko is in a variation)".to_string(),
            };
            format!("{or} {wins} by ko{first}{who}")
        }
        How::Endless => {
            let a = or.opponent();
            format!("{or} lives: {a} cannot capture, and play can go on for ever")
        }
        How::KoUnknown => format!(
            "{or} {fails} without ko (proven); with ko: unknown ({})",
            solution.stop.describe()
        ),
        How::Plain => result_words(problem, solution),
    }
}

/// A proven claim with the start of its main line: `White kills, e.g. after B C3 W D2` (at most
/// `max_moves` moves; colours alternate from the side to move).
pub fn proof_line_words(claim: &Problem, proof: &ProofTree, max_moves: usize) -> String {
    let or = claim.or_player();
    let (wins, _) = verbs(claim.goal());
    let line = proof.root.main_line();
    if line.is_empty() {
        return format!("{or} {wins}");
    }
    let mut c = claim.to_move();
    let mut moves = Vec::new();
    for &m in line.iter().take(max_moves) {
        moves.push(format!("{} {}", c.sgf_letter(), move_gtp(m, claim.size())));
        c = c.opponent();
    }
    let more = if line.len() > max_moves { " …" } else { "" };
    format!("{or} {wins}, e.g. after {}{more}", moves.join(" "))
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::solver::jobs::analysis::tests::ko_search_left_at_the_limit;

    #[test]
    fn a_ko_search_left_undecided_names_its_stop() {
        let (problem, a) = ko_search_left_at_the_limit();
        assert_eq!(a.how, How::KoUnknown);
        assert_eq!(
            analysis_words(&problem, &a),
            "White cannot kill without ko (proven); with ko: unknown (node limit reached)"
        );
    }
}
