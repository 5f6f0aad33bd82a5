//! A solve's result in words, for the command line and the studio.

use super::{Solution, Status};
use crate::problem::coords::move_gtp;
use crate::problem::{Goal, Problem};

/// `lives` / `kills` (the OR player reaching `goal`), and the failure form.
pub fn verbs(goal: Goal) -> (&'static str, &'static str) {
    match goal {
        Goal::Live => ("lives", "cannot live"),
        Goal::LiveAny => ("lives", "cannot live anywhere"),
        Goal::Kill => ("kills", "cannot kill"),
        Goal::KillAll => ("kills everything", "cannot kill everything"),
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
