//! Which search widths a solve tries ([`Width`]), and the automatic schedule that makes the
//! default settings decide both small enclosed problems and open 19x19 ones.
//!
//! A full-width search proves failures but drowns in open regions (the 19x19 research problems
//! have ~140 empty points); a search that tries only the OR player's best few moves (forward
//! pruning, `or_width`) proves wins there in a fraction of a second but can never prove a failure.
//! [`Width::Auto`] runs both in turn with growing node budgets — 20,000 nodes each, then four
//! times more each round — the narrow search first when the region has more than
//! [`LARGE_REGION`] empty points, and keeps each width's transposition table between its turns
//! (a [`TablePool`]), so little work is repeated. It stops at the first decided result: a win
//! (any width), a failure of the full-width search, or a win by ko; or when the limits run out.
//! A width that cannot do better with more nodes (the full search at its depth limit, the narrow
//! one having tried all its moves) is dropped from the turns. For df-pn `Auto` is the full width
//! alone ([`Width::turns`]).

use crate::problem::{KoRule, Problem};
use crate::solver::jobs::analysis::{analyse_in, Analysis, How, ProgressFn};
use crate::solver::jobs::budget::Budget;
use crate::solver::kernel::config::{Engine, SolveConfig};
use crate::solver::kernel::search::{Status, StopReason};
use crate::solver::kernel::table_pool::TablePool;
use serde::{Deserialize, Serialize};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Instant;

/// The OR width the automatic schedule tries beside the full width (the width that proves the
/// open 19x19 research problems our depth-first engine proves; see `BENCHMARKS.md`).
pub const AUTO_NARROW: usize = 8;

/// Nodes of each width's first turn in the automatic schedule.
pub const FIRST_TURN_NODES: u64 = 20_000;

/// Regions with more empty points than this start with the narrow search.
pub const LARGE_REGION: usize = 20;

/// The search width a solve uses.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Width {
    /// Full width and [`AUTO_NARROW`] in turn (the module documentation).
    #[default]
    Auto,
    /// Every move (proves failures; may not finish on open regions).
    Full,
    /// At most this many OR moves per node, best first (a failure is then unknown).
    Narrow(usize),
}

impl Width {
    /// `auto`, `full`, `or-width 8`.
    pub fn words(self) -> String {
        match self {
            Width::Auto => "auto".to_string(),
            Width::Full => "full".to_string(),
            Width::Narrow(w) => format!("or-width {w}"),
        }
    }

    /// The widths tried for `problem` by `engine`, in order (`None`: full width). df-pn's (and
    /// MCTS's, whose priors do the same) automatic width is the full width: its edge costs
    /// already keep it on the best moves, and
    /// every narrow turn would be a search of its own (research problem 34 at 20 s: full width
    /// proves it, auto does not; 35 and 21: 8,157 and 54,001 nodes at full width, 15,335 and
    /// 71,356 with auto).
    pub fn turns(self, problem: &Problem, engine: Engine) -> Vec<Option<usize>> {
        match self {
            Width::Full => vec![None],
            Width::Narrow(w) => vec![Some(w)],
            Width::Auto if !engine.capabilities().narrow_turns => vec![None],
            Width::Auto if problem.region_empty_points().len() > LARGE_REGION => {
                vec![Some(AUTO_NARROW), None]
            }
            Width::Auto => vec![None, Some(AUTO_NARROW)],
        }
    }
}

/// Analyse `problem`'s claim ([`crate::solver::jobs::analysis::analyse`]) with the widths `width` asks for,
/// within `config`'s limits (its own `or_width` is ignored). The result is the deciding
/// analysis, with the steps, nodes and time of every turn; its `or_width` says which width
/// decided.
pub fn analyse_with_width(
    problem: &Problem,
    config: &SolveConfig,
    width: Width,
    stop: Arc<AtomicBool>,
    progress: Option<ProgressFn<'_>>,
    pool: &mut TablePool,
) -> Analysis {
    let (_, a) = analyse_claims(
        std::slice::from_ref(problem),
        config,
        width,
        stop,
        progress,
        pool,
    );
    a
}

/// The opposite claim that proves `claim` fails whatever its OR player does with kos: the other
/// side is the OR player and `claim`'s OR player is a ko master (it may retake any ko at once).
/// A win of it is a plain failure of `claim`, ko variants included.
pub fn strong_opposite(claim: &Problem) -> Problem {
    claim
        .flipped()
        .with_ko_rule(claim.or_player(), KoRule::Master)
}

/// Analyse several claims of one position in turn (usually a claim and its
/// [`strong_opposite`]), each with the widths `width` asks for, sharing `config`'s limits: the
/// first claim won (a win, or a win by ko) is returned with its index. A claim proven to fail is
/// dropped from the turns; when every claim is decided without a win, or the limits run out, the
/// first claim proven to fail is returned, else the first claim's last analysis. The returned
/// analysis carries the steps, nodes and time of all turns.
pub fn analyse_claims(
    claims: &[Problem],
    config: &SolveConfig,
    width: Width,
    stop: Arc<AtomicBool>,
    mut progress: Option<ProgressFn<'_>>,
    pool: &mut TablePool,
) -> (usize, Analysis) {
    let mut limits = Budget {
        config,
        start: Instant::now(),
        nodes: 0,
    };
    // (claim, width) turns; the widths of the first claim decide the order.
    let widths = claims
        .first()
        .map(|c| width.turns(c, config.engine))
        .unwrap_or_default();
    let mut turns: Vec<(usize, Option<usize>)> = widths
        .iter()
        .flat_map(|&w| (0..claims.len()).map(move |i| (i, w)))
        .collect();
    let scheduled = turns.len() > 1;
    let mut budget = FIRST_TURN_NODES;
    let mut steps = Vec::new();
    let mut latest: Vec<Option<Analysis>> = vec![None; claims.len()];
    let mut failed: Vec<bool> = vec![false; claims.len()];
    let out_of_limits = |limits: &Budget<'_>| stop.load(Ordering::Relaxed) || limits.exhausted();
    loop {
        let mut dropped = Vec::new();
        let mut won = None;
        for (t, &(i, w)) in turns.iter().enumerate() {
            if failed[i] {
                continue;
            }
            let mut c = limits.config_left();
            c.or_width = w;
            if scheduled {
                c.max_nodes = Some(c.max_nodes.map_or(budget, |l| l.min(budget)));
            }
            let mut a = analyse_in(
                &claims[i],
                &c,
                Arc::clone(&stop),
                progress.as_mut().map(|f| &mut **f as ProgressFn<'_>),
                pool,
            );
            limits.nodes += a.nodes;
            // The last search's stop: a ko search left at the depth limit (`KoUnknown`) keeps
            // the first search's solution, so `a.solution.stop` alone would not show it.
            let last_stop = a.steps.last().map_or(a.solution.stop, |s| s.stop);
            steps.append(&mut a.steps);
            if !a.decided() && matches!(last_stop, StopReason::DepthLimit | StopReason::Pruned) {
                // More nodes will not help this width (without this, a claim whose ko search
                // meets the depth limit was searched again every round until the limits ran
                // out, and for ever without limits).
                dropped.push(t);
            }
            let is_won = a.decided()
                && (a.solution.status == Status::Win || matches!(a.how, How::Ko { .. }));
            if a.decided() && !is_won {
                failed[i] = true;
            }
            latest[i] = Some(a);
            if is_won {
                won = Some(i);
                break;
            }
            if out_of_limits(&limits) {
                break;
            }
        }
        for t in dropped.into_iter().rev() {
            turns.remove(t);
        }
        // Every claim proven to fail also leaves no turn to run.
        let exhausted =
            out_of_limits(&limits) || !scheduled || turns.iter().all(|&(i, _)| failed[i]);
        if won.is_some() || exhausted {
            let index = won.or_else(|| failed.iter().position(|&f| f)).unwrap_or(0);
            let mut a = match latest[index].take() {
                Some(a) => a,
                None => unreachable!("the returned claim was analysed"),
            };
            a.steps = steps;
            a.nodes = limits.nodes;
            a.elapsed = limits.start.elapsed();
            if !a.decided() && scheduled && out_of_limits(&limits) {
                a.solution.stop = if stop.load(Ordering::Relaxed) {
                    StopReason::Stopped
                } else if config.max_nodes.is_some_and(|m| limits.nodes >= m) {
                    StopReason::NodeLimit
                } else {
                    StopReason::TimeLimit
                };
            }
            return (index, a);
        }
        budget = budget.saturating_mul(4);
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::solver::jobs::analysis::analyse;
    use std::path::Path;

    fn bundled(name: &str) -> Problem {
        let path = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("problems")
            .join(name);
        crate::problem::load_inferring(&path).unwrap().problem
    }

    #[test]
    fn auto_starts_narrow_on_large_regions_and_full_on_small_ones() {
        let small = bundled("04-straight-four-alive.sgf");
        let large = bundled("19-open-corner-live.sgf");
        let dfs = Engine::DFS;
        assert_eq!(Width::Auto.turns(&small, dfs), [None, Some(AUTO_NARROW)]);
        assert_eq!(Width::Auto.turns(&large, dfs), [Some(AUTO_NARROW), None]);
        assert_eq!(Width::Full.turns(&large, dfs), [None]);
        assert_eq!(Width::Narrow(3).turns(&small, dfs), [Some(3)]);
        let dfpn = Engine::DFPN;
        assert_eq!(Width::Auto.turns(&large, dfpn), [None]);
        assert_eq!(Width::Auto.turns(&small, dfpn), [None]);
        assert_eq!(Width::Narrow(3).turns(&large, dfpn), [Some(3)]);
    }

    #[test]
    fn auto_decides_a_failure_at_full_width_and_a_win_narrow() {
        let mut pool = TablePool::new();
        let config = SolveConfig::default();
        // White cannot kill a straight four: only the full search proves a failure.
        let fail = bundled("04-straight-four-alive.sgf");
        let a = analyse_with_width(&fail, &config, Width::Auto, Arc::default(), None, &mut pool);
        assert_eq!((a.solution.status, a.or_width), (Status::Fail, None));
        // The open corner: the narrow search's first turn (20,000 nodes) misses the life that
        // the full search then finds at once; both turns are reported.
        let win = bundled("19-open-corner-live.sgf");
        let a = analyse_with_width(&win, &config, Width::Auto, Arc::default(), None, &mut pool);
        assert_eq!((a.solution.status, a.or_width), (Status::Win, None));
        assert_eq!(a.steps.len(), 2);
        assert_eq!(a.steps[0].nodes, FIRST_TURN_NODES);
        assert!(a.solution.proof.is_some());
        // A claim and its strong opposite: the opposite's win is returned with its index.
        let (i, a) = analyse_claims(
            &[fail.clone(), strong_opposite(&fail)],
            &config,
            Width::Auto,
            Arc::default(),
            None,
            &mut pool,
        );
        assert_eq!((i, a.solution.status), (1, Status::Win));
        assert_eq!(a.claim.or_player(), fail.or_player().opponent());
        // Out of nodes: unknown, with the node limit as the reason.
        let tiny = SolveConfig {
            max_nodes: Some(3),
            ..SolveConfig::default()
        };
        let hard = bundled("24-seki-after-placement.sgf");
        let a = analyse_with_width(&hard, &tiny, Width::Auto, Arc::default(), None, &mut pool);
        assert_eq!(
            (a.solution.status, a.solution.stop),
            (Status::Unknown, StopReason::NodeLimit)
        );
    }

    #[test]
    fn a_pooled_table_gives_the_same_result_with_less_work() {
        let problem = bundled("26-rectangular-six-ko.sgf");
        let config = SolveConfig::default();
        let fresh = analyse(&problem, &config, Arc::default(), None);
        let mut pool = TablePool::new();
        let first = analyse_in(&problem, &config, Arc::default(), None, &mut pool);
        assert!(!pool.is_empty() && pool.entries() > 0);
        let again = analyse_in(&problem, &config, Arc::default(), None, &mut pool);
        for a in [&first, &again] {
            assert_eq!(a.how, fresh.how);
            assert_eq!(a.solution.status, fresh.solution.status);
        }
        // The ko searches still run with a warm table (the ko flags are kept with it).
        assert!(matches!(again.how, How::Ko { .. }), "{:?}", again.how);
        assert!(
            again.nodes < first.nodes,
            "{} vs {}",
            again.nodes,
            first.nodes
        );
    }
}
