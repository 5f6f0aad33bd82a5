//! The Go result of a claim, as a player means it: one solve is not enough for that.
//!
//! For the goals of Go problems (`live`/`kill`: seki is life, crucial stones) the result is
//! defined by three ko rule sets and found by [`crate::solver::jobs::go_result`]: the same result whichever
//! claim is asked. For the research goals (unconditional life, kill-all) [`analyse`] runs up to
//! four searches of one claim, sharing one time and node budget:
//! 1. the claim with the OR player's ko rule `disallow` (a result that needs no ko);
//! 2. when the OR player wins a goal where seki is life (`live`) and the proof ends in seki
//!    somewhere, the same claim with unconditional life (`live-uca`): a win there makes the
//!    result "lives unconditionally", else it is "lives in seki";
//! 3. when search 1 fails and refused an OR ko capture on the way (so a ko was possible), the
//!    claim with the OR player's ko rule `allow`: a win there is a win *by ko*, and the proof's
//!    shallowest ko capture says who takes the first ko capture (GNU Go's KO_A: the OR player
//!    takes it first);
//! 4. when that fails too and the OR player met a ko ban, the claim with the OR player as ko
//!    master (it retakes a ko at once, as if it always had a ko threat): a win there is a win by
//!    ko in which the opponent takes the first ko capture and the OR player needs a threat (GNU
//!    Go's KO_B).
//!
//! The one-eye goals (`one-eye`/`no-eye`) take the same steps, except that search 1 is made
//! of two: the claim with half the budget and, when that is not decided, the opposite claim
//! with the rest (and when that fails early, the claim again with what is left). Their two
//! claims exclude each other (two winning strategies played against each other would give one
//! line won by both), so the opposite claim's win is the claim's failure, and its proof the
//! failure's certificate ([`Analysis::opposite`]). A failure is far
//! cheaper to show so: the opposite claim's AND nodes have must-play regions, a disproof has
//! none (on the one-eye set, problem 55 with Black first: not disproved in 2 M nodes, its
//! opposite proved in 998). Steps 3 and 4 are the one-eye paper's ko in two phases: the first
//! search forbids the OR player's ko captures, and a failure that met a ko is searched again
//! with the OR player allowed to take kos, then as ko master (the paper's designated ko winner).
//!
//! The result ([`Analysis`]) keeps the solution and the claim of the search that decided it, and
//! a [`How`] that names the way: unconditional, seki or ko.

use crate::go::{Board, Color, Move};
use crate::problem::{Goal, KoRule, Problem};
use crate::solver::jobs::budget::Budget;
use crate::solver::jobs::go_result::{analyse_go, GoResult, Run};
pub use crate::solver::jobs::how::{ends_in_seki, status_without_ko, How};
use crate::solver::kernel::config::SolveConfig;
use crate::solver::kernel::ko_flags::KoFlags;
use crate::solver::kernel::search::{Solution, Solver, Status, StopReason};
use crate::solver::kernel::table_pool::TablePool;
use crate::solver::proof::checked::Checked;
use crate::solver::proof::{ProofNode, ProofTree};
use serde::Serialize;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// One search run by [`analyse`].
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Step {
    /// What was searched, e.g. `ko disallowed`, `unconditional life`, `ko allowed`.
    pub what: &'static str,
    /// The OR player of the search (the analysis of one claim may search the opposite one).
    pub or_player: Color,
    pub goal: Goal,
    pub or_ko_rule: KoRule,
    pub status: Status,
    pub stop: StopReason,
    pub nodes: u64,
    pub seconds: f64,
}

/// The depth limit of a search in which a side is ko master (at least).
pub const MASTER_DEPTH: u32 = 1024;

/// The result of one claim.
#[derive(Clone, Debug)]
pub struct Analysis {
    /// The claim as searched by the deciding search (its goal and ko rules may differ from the
    /// problem's: `live-uca` for unconditional life, the OR player's ko allowed for ko).
    pub claim: Problem,
    /// The deciding search's solution, with its proof. Its status is the result of the claim
    /// *without ko* except for [`How::Ko`], where it is the win by ko.
    pub solution: Solution,
    pub how: How,
    /// Every search run, in order.
    pub steps: Vec<Step>,
    /// Nodes of all searches.
    pub nodes: u64,
    pub elapsed: Duration,
    /// The OR width of the searches (`None`: full width; see [`crate::solver::jobs::schedule`]).
    pub or_width: Option<usize>,
    /// The independent checker's verdict on the deciding proof (`None`: no proof, or not checked
    /// yet: [`analyse`] leaves it to [`crate::solver::proof::certify::certify`]).
    pub check: Option<Checked>,
    /// The Go result of the position (`live`/`kill` goals; `None` for the research goals and
    /// when it was not decided within the limits): the same whichever claim was asked.
    pub go: Option<GoResult>,
    /// The `live`/`kill` goals: when the claim fails, the winner's claim (at its hardest ko
    /// rules) and solution with its proof, which [`crate::solver::proof::certify::certify`] checks as the
    /// failure's certificate; when the claim wins only as ko master, the opponent's win when
    /// both obey the ko ban (its first move belongs to the verdict).
    pub opposite: Option<Box<(Problem, Solution)>>,
}

impl Analysis {
    /// The search settings that gave this result, in words: `full width` or `or-width 8`.
    pub fn width_words(&self) -> String {
        match self.or_width {
            None => "full width".to_string(),
            Some(w) => format!("or-width {w}"),
        }
    }

    /// Is the claim decided: won (with or without ko) or proven to fail?
    pub fn decided(&self) -> bool {
        match self.how {
            How::Ko { .. } | How::Endless => true,
            How::KoUnknown => false,
            _ => self.solution.status != Status::Unknown,
        }
    }

    /// The result of the claim without ko: `Win`, `Fail` or `Unknown`.
    pub fn status_without_ko(&self) -> Status {
        status_without_ko(self.solution.status, self.how)
    }

    /// The winning first move of `side` that the analysis knows: its own solution's when `side`
    /// is its OR player and wins, else the opponent claim's ([`Analysis::opposite`]).
    pub fn first_move_of(&self, side: Color) -> Option<Move> {
        let own = (self.claim.or_player() == side && self.solution.status == Status::Win)
            .then_some(self.solution.first_move)
            .flatten();
        own.or_else(|| {
            let (claim, solution) = self.opposite.as_deref()?;
            (claim.or_player() == side && solution.status == Status::Win)
                .then_some(solution.first_move)
                .flatten()
        })
    }
}

/// Receives every search's progress events.
pub type ProgressFn<'a> = &'a mut dyn FnMut(&crate::solver::Progress);

/// Analyse `problem`'s claim within `config`'s limits (shared by all searches), stopping when
/// `stop` is set.
pub fn analyse(
    problem: &Problem,
    config: &SolveConfig,
    stop: Arc<AtomicBool>,
    progress: Option<ProgressFn<'_>>,
) -> Analysis {
    analyse_in(problem, config, stop, progress, &mut TablePool::new())
}

/// [`analyse`] with the transposition tables of `pool`: each search starts with the table an
/// earlier search of the same rules left there, and leaves its own (one job's searches share
/// what they proved; see [`crate::solver::kernel::table_pool`]).
pub fn analyse_in(
    problem: &Problem,
    config: &SolveConfig,
    stop: Arc<AtomicBool>,
    mut progress: Option<ProgressFn<'_>>,
    pool: &mut TablePool,
) -> Analysis {
    let start = Instant::now();
    let mut budget = Budget {
        config,
        start,
        nodes: 0,
    };
    let mut steps = Vec::new();
    let mut run = |claim: &Problem, what: &'static str, budget: &mut Budget| -> Solution {
        let mut config = budget.config_left();
        if [Color::Black, Color::White]
            .iter()
            .any(|&c| claim.ko_rule(c) == KoRule::Master)
        {
            // A ko master's retakes make long lines without a repetition (on 7x7 random
            // problems, 256 plies were not always enough to decide one; 1,024 were).
            config.max_depth = config.max_depth.max(MASTER_DEPTH);
        }
        let pooled = pool.take(claim, &config);
        let mut solver = Solver::with_table(claim, config.clone(), pooled);
        solver.set_stop_flag(Arc::clone(&stop));
        if let Some(f) = progress.as_mut() {
            solver.on_progress(|p| f(p));
        }
        let solution = solver.solve();
        pool.give_back(claim, &config, solver.into_table());
        budget.nodes += solution.nodes;
        steps.push(Step {
            what,
            or_player: claim.or_player(),
            goal: claim.goal(),
            or_ko_rule: claim.ko_rule(claim.or_player()),
            status: solution.status,
            stop: solution.stop,
            nodes: solution.nodes,
            seconds: solution.elapsed.as_secs_f64(),
        });
        solution
    };

    if problem.goal().is_go_life() {
        let g = analyse_go(problem, &mut budget, &mut run);
        return Analysis {
            claim: g.claim,
            solution: g.solution,
            how: g.how,
            steps,
            nodes: budget.nodes,
            elapsed: start.elapsed(),
            or_width: config.or_width,
            check: None,
            go: g.go,
            opposite: g.opposite,
        };
    }
    let mut opposite = None;
    let (claim, solution, how) = research_result(problem, &mut budget, &mut run, &mut opposite);
    // (Only a failure keeps the opposite claim's win as its certificate.)
    let opposite = opposite.filter(|_| solution.status == Status::Fail);
    Analysis {
        claim,
        solution,
        how,
        steps,
        nodes: budget.nodes,
        elapsed: start.elapsed(),
        or_width: config.or_width,
        check: None,
        go: None,
        opposite,
    }
}

/// The first search of a research claim: the claim itself, except for the one-eye goals (the
/// module documentation): the claim with half the budget, then, when it is not decided, the
/// opposite claim with the rest, whose win makes the claim's failure (kept in `opposite`).
fn first_search(
    base: &Problem,
    budget: &mut Budget,
    run: &mut Run<'_>,
    opposite: &mut Option<Box<(Problem, Solution)>>,
) -> Solution {
    if !base.goal().is_one_eye() {
        return run(base, "ko disallowed", budget);
    }
    let left = budget.config_left();
    let half = SolveConfig {
        time_limit: left.time_limit.map(|t| t / 2),
        max_nodes: left.max_nodes.map(|n| n / 2),
        ..budget.config.clone()
    };
    let mut first_half = Budget {
        config: &half,
        start: Instant::now(),
        nodes: 0,
    };
    let first = run(base, "ko disallowed", &mut first_half);
    budget.nodes += first_half.nodes;
    if first.status != Status::Unknown || budget.exhausted() {
        return first;
    }
    let flipped = base.flipped();
    let wins = run(&flipped, "the opposite claim", budget);
    if wins.status != Status::Win {
        // The opposite claim's failure says nothing of this one (play may never end): the
        // claim again with what is left, its table as the first half left it.
        if wins.status == Status::Fail && !budget.exhausted() {
            return run(base, "ko disallowed, again", budget);
        }
        return first;
    }
    let failed = Solution {
        status: Status::Fail,
        stop: StopReason::Solved,
        nodes: first.nodes + wins.nodes,
        elapsed: first.elapsed + wins.elapsed,
        // A ko the opponent met in its proof may change the failure under other ko rules (the
        // OR player allowed to take kos, or as ko master).
        ko: first.ko.union(KoFlags {
            refused: wins.ko.any(),
            banned: wins.ko.taken,
            taken: false,
        }),
        ..first
    };
    *opposite = Some(Box::new((flipped, wins)));
    failed
}

/// The result of a research claim (module documentation: up to four searches).
fn research_result(
    problem: &Problem,
    budget: &mut Budget,
    run: &mut Run<'_>,
    opposite: &mut Option<Box<(Problem, Solution)>>,
) -> (Problem, Solution, How) {
    let or = problem.or_player();
    let base = problem.clone().with_ko_rule(or, KoRule::Disallow);
    let first = first_search(&base, budget, run, opposite);
    let (claim, solution, how) = match first.status {
        Status::Win if problem.goal().seki_is_life() && problem.goal().or_defends() => {
            let has_seki = first.proof.as_ref().is_some_and(ends_in_seki);
            if !has_seki || budget.exhausted() {
                let how = if has_seki {
                    How::AtLeastSeki
                } else {
                    How::Unconditional
                };
                (base, first, how)
            } else {
                let uca = base.clone().with_seki(false);
                let second = run(&uca, "unconditional life", budget);
                match second.status {
                    Status::Win => (uca, second, How::Unconditional),
                    Status::Fail => (base, first, How::Seki),
                    Status::Unknown => (base, first, How::AtLeastSeki),
                }
            }
        }
        // A refused ko capture, or a ko ban met (the opponent took the ko first): with ko the
        // result may differ.
        Status::Fail if (first.ko.refused || first.ko.banned) && !budget.exhausted() => {
            let ko = base.clone().with_ko_rule(or, KoRule::Allow);
            let second = run(&ko, "ko allowed", budget);
            match second.status {
                Status::Win => {
                    let first_capture =
                        second.proof.as_ref().and_then(|p| first_ko_capture(&ko, p));
                    let how = How::Ko {
                        first_capture,
                        needs_threat: false,
                    };
                    (ko, second, how)
                }
                Status::Fail if second.ko.banned && !budget.exhausted() => {
                    // The opponent took a ko first: can the OR player win it with a threat?
                    let master = base.clone().with_ko_rule(or, KoRule::Master);
                    let third = run(&master, "ko with threats", budget);
                    match third.status {
                        Status::Win => {
                            let how = How::Ko {
                                first_capture: Some(or.opponent()),
                                needs_threat: true,
                            };
                            (master, third, how)
                        }
                        Status::Fail => (base, first, How::Plain),
                        Status::Unknown => (base, ko_unknown(first, &third), How::KoUnknown),
                    }
                }
                Status::Fail => (base, first, How::Plain),
                Status::Unknown => (base, ko_unknown(first, &second), How::KoUnknown),
            }
        }
        _ => (base, first, How::Plain),
    };
    (claim, solution, how)
}

/// The solution of a [`How::KoUnknown`] analysis: the failure without ko (`plain`), with the
/// stop of the undecided ko search (`ko`): why the result with ko is unknown.
fn ko_unknown(plain: Solution, ko: &Solution) -> Solution {
    Solution {
        stop: ko.stop,
        ..plain
    }
}

/// Who takes the first ko capture of the proof: the shallowest ko capture of the tree (the
/// first in tree order among equals), replayed on `claim`'s board; `None` when there is none.
pub fn first_ko_capture(claim: &Problem, proof: &ProofTree) -> Option<Color> {
    /// Visit at most this many nodes (proofs can be large; the answer is near the root).
    const MAX_VISITS: usize = 200_000;
    let paths = ko_capture_paths(claim, proof, MAX_VISITS);
    // The paths come in tree order, so the first of the shortest is the first in tree order.
    let shallowest = paths.iter().min_by_key(|p| p.len())?;
    let mut node = &proof.root;
    for &i in shallowest {
        node = node.children.get(i)?;
    }
    node.player
}

/// The paths (child indices from the root) of the proof's nodes whose move is a ko capture,
/// replayed on `claim`'s board, visiting at most `max_nodes` nodes: where the studio marks that
/// a ko starts.
pub fn ko_capture_paths(claim: &Problem, proof: &ProofTree, max_nodes: usize) -> Vec<Vec<usize>> {
    fn walk(
        board: &mut Board,
        node: &ProofNode,
        path: &mut Vec<usize>,
        out: &mut Vec<Vec<usize>>,
        budget: &mut usize,
    ) {
        for (i, child) in node.children.iter().enumerate() {
            if *budget == 0 {
                return;
            }
            *budget -= 1;
            let (Some(mv), Some(player)) = (child.mv, child.player) else {
                continue;
            };
            if let Move::Play(p) = mv {
                if !board.is_empty(p) || board.is_suicide(player, p) {
                    continue;
                }
            }
            board.play_recorded_lifting_ko(player, mv);
            path.push(i);
            if mv != Move::Pass && board.ko().is_some() {
                out.push(path.clone());
            }
            walk(board, child, path, out, budget);
            path.pop();
            board.undo();
        }
    }
    let mut board = claim.board().clone();
    let mut out = Vec::new();
    walk(&mut board, &proof.root, &mut Vec::new(), &mut out, &mut {
        max_nodes
    });
    out
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
pub(crate) mod tests {
    use super::*;

    /// Bundled problem 24 (White cannot kill without ko; with ko the searches need more nodes
    /// than the first) analysed with the nodes of its search without ko and a few more, so
    /// that the ko search is left at the limit: the problem and that analysis. Also the
    /// fixture of the report layer's words for it.
    pub(crate) fn ko_search_left_at_the_limit() -> (Problem, Analysis) {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("problems")
            .join("24-seki-after-placement.sgf");
        let problem = crate::problem::load_inferring(&path).unwrap().problem;
        let config = SolveConfig::default();
        let full = analyse(&problem, &config, Arc::default(), None);
        assert!(full.steps.len() >= 2, "{:?}", full.steps);
        assert_eq!(full.steps[0].status, Status::Fail);
        let limited = SolveConfig {
            max_nodes: Some(full.steps[0].nodes + 10),
            ..config
        };
        let a = analyse(&problem, &limited, Arc::default(), None);
        (problem, a)
    }

    #[test]
    fn a_ko_search_left_undecided_gives_its_stop() {
        let (_, a) = ko_search_left_at_the_limit();
        assert_eq!(a.how, How::KoUnknown);
        assert_eq!(
            (a.solution.status, a.solution.stop),
            (Status::Fail, StopReason::NodeLimit)
        );
    }
}
