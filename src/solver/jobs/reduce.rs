//! Relevance-zone reduction (RZR; Lin, Wei, Wang, Guei, Shih, Tsai, Wu and Wu, "Relevance-Zone
//! Reduction in Game Solving", `../shared/papers/relevance-zone-reduction.txt`): after a proof,
//! the claim is solved again and again under constraints that forbid its relevance zone from
//! covering chosen points, and the proof with the smallest root zone is kept.
//!
//! Each round (the paper's section 3.1) forbids
//! 1. every point outside the current smallest zone (the *outer-region lock*: no round can grow
//!    it), and
//! 2. one point inside it that no earlier round has tried (the *inner point*), chosen by the
//!    [`Strategy`],
//!
//! then solves the claim with [`SolveConfig::forbidden_zone`] set to them, within a per-round
//! budget ([`ReduceSettings::round_nodes`], [`ReduceSettings::round_time`]). A proof found is an
//! ordinary proof whose root zone lies inside the current zone less the inner point, so strictly
//! smaller: it becomes the current proof. A round without one (the constraint cannot be met, or
//! not within the budget) marks its inner point failed, and a failed point is never tried again.
//! The reduction stops after [`ReduceSettings::k`] failures in a row (the paper's K, 5 in its
//! experiments) or when no point is left to try.
//!
//! The RZ pattern table (RZT, the paper's section 3.3) is kept from round to round
//! ([`ReduceSettings::keep_patterns`]): every win it holds is a true win whatever the constraint
//! it was found under, so later rounds reuse it, skipping the wins whose zones meet their
//! forbidden points ([`Solver`] filters pattern hits). Each round has a transposition table of
//! its own, since what a constrained search stores (a win refused, a node it gave up) holds only
//! under its constraint.

use crate::go::{Point, Zone};
use crate::problem::Problem;
use crate::solver::kernel::config::SolveConfig;
use crate::solver::kernel::search::{Solver, Status};
use crate::solver::knowledge::pattern_table::PatternTable;
use crate::solver::proof::{ProofNode, ProofTree};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};
use thiserror::Error;

/// How a round chooses its inner point (the paper's section 3.2).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Strategy {
    /// The point covered by the fewest zones of the current proof tree's nodes (a heatmap of
    /// every node's zone): forbidding it invalidates the fewest sub-proofs. The paper's best.
    #[default]
    Heatmap,
    /// An empty point of the zone with the most neighbours outside it (the zone's border
    /// first); stones are never chosen.
    Erosion,
    /// A point of the zone drawn uniformly (seeded: [`ReduceSettings::seed`]).
    Random,
}

impl Strategy {
    /// `heatmap`, `erosion` or `random`.
    pub fn name(self) -> &'static str {
        match self {
            Strategy::Heatmap => "heatmap",
            Strategy::Erosion => "erosion",
            Strategy::Random => "random",
        }
    }
}

/// The settings of a reduction.
#[derive(Clone, Debug, PartialEq)]
pub struct ReduceSettings {
    pub strategy: Strategy,
    /// Stop after this many failed rounds in a row (the paper's K).
    pub k: usize,
    /// Nodes one round may search (its solve's `max_nodes`).
    pub round_nodes: u64,
    /// Time one round may take (`None`: only the node budget).
    pub round_time: Option<Duration>,
    /// Seed of [`Strategy::Random`] (the other strategies are deterministic).
    pub seed: u64,
    /// Keep the pattern table from round to round (the paper's RZT; on by default).
    pub keep_patterns: bool,
}

/// The paper's K.
pub const DEFAULT_K: usize = 5;

/// The seed of [`Strategy::Random`] by default.
pub const DEFAULT_SEED: u64 = 0x525a_5231;

impl Default for ReduceSettings {
    fn default() -> ReduceSettings {
        ReduceSettings {
            strategy: Strategy::Heatmap,
            k: DEFAULT_K,
            round_nodes: 100_000,
            round_time: None,
            seed: DEFAULT_SEED,
            keep_patterns: true,
        }
    }
}

/// Why a reduction cannot run.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ReduceError {
    #[error("zone reduction needs the df-pn or depth-first engine; {0} does not support forbidden points")]
    UnsupportedEngine(&'static str),
    #[error("the proof is not a proof of this problem (its goal, OR player or board size differ)")]
    WrongProof,
}

/// One round of a reduction.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Round {
    /// The inner point forbidden (besides every point outside the zone).
    pub point: Point,
    /// The size of the zone before the round.
    pub zone_before: usize,
    /// The size of the root zone found (`None`: the round failed).
    pub zone_after: Option<usize>,
    pub nodes: u64,
}

/// What a reduction found.
#[derive(Clone, Debug)]
pub struct Reduction {
    /// The proof with the smallest root zone (the original when no round succeeded).
    pub proof: ProofTree,
    /// Its root zone.
    pub zone: Zone,
    /// The original proof's root zone.
    pub original_zone: Zone,
    pub strategy: Strategy,
    /// Every round, in order.
    pub rounds: Vec<Round>,
    /// Nodes of all rounds.
    pub nodes: u64,
    pub elapsed: Duration,
    /// The reduction was stopped (the stop flag) before it ended by itself.
    pub stopped: bool,
}

impl Reduction {
    /// Rounds that found a smaller zone.
    pub fn succeeded(&self) -> usize {
        succeeded_rounds(&self.rounds)
    }

    /// The reduced zone's size over the original's (1.0: no reduction).
    pub fn ratio(&self) -> f64 {
        if self.original_zone.is_empty() {
            1.0
        } else {
            self.zone.len() as f64 / self.original_zone.len() as f64
        }
    }
}

/// The rounds of `rounds` that found a smaller zone.
fn succeeded_rounds(rounds: &[Round]) -> usize {
    rounds.iter().filter(|r| r.zone_after.is_some()).count()
}

/// How many zones of `proof`'s nodes cover each point (indexed by the point's padded index).
pub fn heatmap(proof: &ProofTree) -> Vec<u32> {
    fn walk(node: &ProofNode, heat: &mut [u32]) {
        for p in &node.zone {
            heat[p.index()] += 1;
        }
        for child in &node.children {
            walk(child, heat);
        }
    }
    let mut heat = vec![0; crate::go::point::NUM_CELLS];
    walk(&proof.root, &mut heat);
    heat
}

/// The inner points a round may forbid, in the order `strategy` tries them (the first is
/// chosen; [`Strategy::Random`] draws among them): the points of `zone` not in `failed`,
/// ranked by `proof`'s heatmap (least covered first) or by their neighbours outside the zone
/// (most first, empty points of `problem`'s position only), ties in point order.
pub fn candidates(
    strategy: Strategy,
    problem: &Problem,
    proof: &ProofTree,
    zone: &Zone,
    failed: &Zone,
) -> Vec<Point> {
    let open = zone.difference(failed);
    let mut points: Vec<Point> = open.iter().collect();
    match strategy {
        Strategy::Heatmap => {
            let heat = heatmap(proof);
            points.sort_by_key(|p| heat[p.index()]);
        }
        Strategy::Erosion => {
            let board = problem.board();
            let size = problem.size();
            points.retain(|&p| board.is_empty(p));
            let outside = |p: Point| {
                p.neighbors()
                    .iter()
                    .filter(|q| q.on_board(size) && !zone.contains(**q))
                    .count()
            };
            points.sort_by_key(|&p| std::cmp::Reverse(outside(p)));
        }
        Strategy::Random => {}
    }
    points
}

/// How a reduction stands (for a progress display): sent after each round, and during a round
/// with each of its search's progress events.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ReduceProgress {
    /// Rounds ended so far.
    pub rounds: usize,
    /// Rounds that found a smaller zone.
    pub succeeded: usize,
    /// The size of the smallest root zone so far.
    pub zone: usize,
    /// Nodes of every round so far, the running round's included.
    pub nodes: u64,
    pub elapsed: Duration,
}

/// Reduce the root zone of `proof`, a proof of `problem`'s claim (see the module
/// documentation). `config` gives the engine and the rules (its limits and forbidden points are
/// replaced by each round's); `stop` ends the reduction early (the best proof so far is
/// returned). The proofs are not checked here: check [`Reduction::proof`] before reporting it.
pub fn reduce(
    problem: &Problem,
    config: &SolveConfig,
    proof: &ProofTree,
    settings: &ReduceSettings,
    stop: Option<Arc<AtomicBool>>,
) -> Result<Reduction, ReduceError> {
    reduce_with_progress(problem, config, proof, settings, stop, &mut |_| {})
}

/// [`reduce`], telling `on_progress` how it stands after each round and during each round (at
/// the search's progress interval, [`SolveConfig::progress_interval`]).
pub fn reduce_with_progress(
    problem: &Problem,
    config: &SolveConfig,
    proof: &ProofTree,
    settings: &ReduceSettings,
    stop: Option<Arc<AtomicBool>>,
    on_progress: &mut dyn FnMut(&ReduceProgress),
) -> Result<Reduction, ReduceError> {
    if !config.engine.capabilities().forbidden_zone {
        return Err(ReduceError::UnsupportedEngine(config.engine.name()));
    }
    if proof.goal != problem.goal()
        || proof.or_player != problem.or_player()
        || proof.size != problem.size()
    {
        return Err(ReduceError::WrongProof);
    }
    let start = Instant::now();
    let full = Zone::full(problem.size());
    let mut rng = ChaCha8Rng::seed_from_u64(settings.seed);
    let mut best = proof.clone();
    let mut zone = proof.root.zone;
    let mut failed = Zone::new();
    let mut in_a_row = 0;
    let mut rounds = Vec::new();
    let mut nodes = 0;
    let mut stopped = false;
    let mut patterns = PatternTable::new(if settings.keep_patterns && !config.superko {
        config.pattern_entries
    } else {
        0
    });
    while in_a_row < settings.k {
        if stop.as_ref().is_some_and(|s| s.load(Ordering::Relaxed)) {
            stopped = true;
            break;
        }
        let mut points = candidates(settings.strategy, problem, &best, &zone, &failed);
        if points.is_empty() {
            break;
        }
        let point = match settings.strategy {
            Strategy::Random => points.swap_remove(rng.random_range(0..points.len())),
            _ => points[0],
        };
        let mut forbidden = full.difference(&zone);
        forbidden.insert(point);
        let round_config = SolveConfig {
            max_nodes: Some(settings.round_nodes),
            time_limit: settings.round_time,
            forbidden_zone: forbidden.union(&config.forbidden_zone),
            build_proof: true,
            ..config.clone()
        };
        let mut solver = Solver::new(problem, round_config);
        if let Some(flag) = &stop {
            solver.set_stop_flag(Arc::clone(flag));
        }
        let (done, succeeded, zone_len) = (rounds.len(), succeeded_rounds(&rounds), zone.len());
        solver.on_progress(|p| {
            on_progress(&ReduceProgress {
                rounds: done,
                succeeded,
                zone: zone_len,
                nodes: nodes + p.nodes,
                elapsed: start.elapsed(),
            })
        });
        if settings.keep_patterns {
            solver.set_patterns(std::mem::replace(&mut patterns, PatternTable::disabled()));
        }
        let solution = solver.solve();
        if settings.keep_patterns {
            patterns = solver.take_patterns();
            if !patterns.is_enabled() && !config.superko {
                // The solve dropped the table (a pattern win it could not rebuild).
                patterns = PatternTable::new(config.pattern_entries);
            }
        }
        // The solver holds `on_progress` until it goes.
        drop(solver);
        nodes += solution.nodes;
        let found = match (solution.status, solution.proof) {
            (Status::Win, Some(p)) if !p.root.zone.intersects(&forbidden) => Some(p),
            _ => None,
        };
        rounds.push(Round {
            point,
            zone_before: zone.len(),
            zone_after: found.as_ref().map(|p| p.root.zone.len()),
            nodes: solution.nodes,
        });
        match found {
            Some(p) => {
                zone = p.root.zone;
                best = p;
                in_a_row = 0;
            }
            None => {
                failed.insert(point);
                in_a_row += 1;
            }
        }
        on_progress(&ReduceProgress {
            rounds: rounds.len(),
            succeeded: succeeded_rounds(&rounds),
            zone: zone.len(),
            nodes,
            elapsed: start.elapsed(),
        });
    }
    Ok(Reduction {
        proof: best,
        zone,
        original_zone: proof.root.zone,
        strategy: settings.strategy,
        rounds,
        nodes,
        elapsed: start.elapsed(),
        stopped,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::fixtures::solved_bent_three_kill;

    #[test]
    fn progress_follows_the_rounds_to_the_reductions_figures() {
        let (problem, proof) = solved_bent_three_kill();
        let mut seen = Vec::new();
        let r = reduce_with_progress(
            &problem,
            &SolveConfig::default(),
            &proof,
            &ReduceSettings::default(),
            None,
            &mut |p| seen.push(*p),
        )
        .unwrap();
        // One report after each round at least, the last one the reduction's figures.
        assert!(seen.len() >= r.rounds.len(), "{seen:?}");
        let last = seen.last().unwrap();
        assert_eq!(
            (last.rounds, last.succeeded, last.zone, last.nodes),
            (r.rounds.len(), r.succeeded(), r.zone.len(), r.nodes)
        );
        assert!(seen
            .windows(2)
            .all(|w| w[0].nodes <= w[1].nodes && w[0].rounds <= w[1].rounds));
    }

    #[test]
    fn candidates_come_in_each_strategys_order() {
        let (problem, proof) = solved_bent_three_kill();
        let zone = proof.root.zone;
        let first = zone.first().expect("a zone");
        let failed: Zone = [first].into_iter().collect();
        let heat = heatmap(&proof);
        let by_heat = candidates(Strategy::Heatmap, &problem, &proof, &zone, &failed);
        assert_eq!(by_heat.len(), zone.len() - 1);
        assert!(!by_heat.contains(&first));
        assert!(by_heat
            .windows(2)
            .all(|w| heat[w[0].index()] <= heat[w[1].index()]));
        // The root's zone covers every candidate; some point is covered by more zones.
        assert!(by_heat.iter().all(|p| heat[p.index()] >= 1));
        let eroded = candidates(Strategy::Erosion, &problem, &proof, &zone, &Zone::new());
        let outside = |p: &Point| {
            p.neighbors()
                .iter()
                .filter(|q| q.on_board(problem.size()) && !zone.contains(**q))
                .count()
        };
        assert!(eroded.iter().all(|&p| problem.board().is_empty(p)));
        assert!(eroded.windows(2).all(|w| outside(&w[0]) >= outside(&w[1])));
        assert!(!eroded.is_empty());
        let random = candidates(Strategy::Random, &problem, &proof, &zone, &failed);
        assert_eq!(random, zone.difference(&failed).iter().collect::<Vec<_>>());
    }
}
