//! `solve --reduce-zones`: after the solve, the proof's relevance zone is reduced
//! ([`crate::solver::jobs::reduce`]) and the smallest proof found replaces it (it is then checked,
//! reported and saved like any proof).

use super::engine::{parse_secs, SearchArgs};
use crate::solver::jobs::analysis::Analysis;
use crate::solver::jobs::reduce::{reduce, ReduceSettings, Strategy, DEFAULT_K, DEFAULT_SEED};
use crate::solver::EngineChoice;
use crate::solver::Status;
use clap::{Args, ValueEnum};
use serde::Serialize;
use std::time::Duration;

/// The strategy as the command line names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum StrategyArg {
    /// The point covered by the fewest zones of the proof tree's nodes first (the paper's best).
    Heatmap,
    /// Empty points with the most neighbours outside the zone first.
    Erosion,
    /// A point of the zone drawn at random (seeded by --seed).
    Random,
}

impl From<StrategyArg> for Strategy {
    fn from(s: StrategyArg) -> Strategy {
        match s {
            StrategyArg::Heatmap => Strategy::Heatmap,
            StrategyArg::Erosion => Strategy::Erosion,
            StrategyArg::Random => Strategy::Random,
        }
    }
}

/// Zone-reduction options of `solve`.
#[derive(Clone, Debug, PartialEq, Args)]
pub struct ReduceArgs {
    /// After a win, look for a proof with a smaller root relevance zone (relevance-zone
    /// reduction): re-solve forbidding every point outside the current zone and one point
    /// inside it, until K rounds in a row fail; the smallest proof is reported, checked and
    /// saved. df-pn (also the portfolio's df-pn lane) or dfs only.
    #[arg(long, conflicts_with = "all_moves")]
    pub reduce_zones: bool,
    /// How each round chooses the point it forbids inside the zone.
    #[arg(long, value_enum, default_value_t = StrategyArg::Heatmap, requires = "reduce_zones")]
    pub strategy: StrategyArg,
    /// Stop after this many failed rounds in a row.
    #[arg(long, value_name = "K", default_value_t = DEFAULT_K, requires = "reduce_zones")]
    pub k: usize,
    /// Nodes one round may search (default: as many as the solve used, at least 20,000).
    #[arg(long, value_name = "N", requires = "reduce_zones")]
    pub round_nodes: Option<u64>,
    /// Seconds one round may take (default: no time limit, only the node budget).
    #[arg(long, value_name = "S", value_parser = parse_secs, requires = "reduce_zones")]
    pub round_secs: Option<f64>,
    /// Seed of the random strategy.
    #[arg(long, value_name = "N", default_value_t = DEFAULT_SEED, requires = "reduce_zones")]
    pub seed: u64,
    /// Start every round with an empty pattern table instead of keeping it (for measuring).
    #[arg(long, hide = true, requires = "reduce_zones")]
    pub no_rzt: bool,
}

impl Default for ReduceArgs {
    fn default() -> Self {
        ReduceArgs {
            reduce_zones: false,
            strategy: StrategyArg::Heatmap,
            k: DEFAULT_K,
            round_nodes: None,
            round_secs: None,
            seed: DEFAULT_SEED,
            no_rzt: false,
        }
    }
}

/// Fewest nodes a round may search by default.
const MIN_ROUND_NODES: u64 = 20_000;

/// What the reduction did, for the report.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ReductionSummary {
    pub strategy: &'static str,
    pub k: usize,
    pub original_zone_size: usize,
    pub reduced_zone_size: usize,
    /// Reduced over original size.
    pub ratio: f64,
    pub rounds: usize,
    pub rounds_succeeded: usize,
    pub round_nodes: u64,
    pub nodes: u64,
    pub seconds: f64,
}

impl ReductionSummary {
    /// One line of text: `zone reduction (heatmap, K 5): 17 -> 14 points (82.4 %), 9 rounds,
    /// 3 succeeded, 120000 nodes, 1.234 s`.
    pub fn line(&self) -> String {
        format!(
            "zone reduction ({}, K {}, {} nodes a round): {} -> {} points ({:.1} %), {} rounds, \
             {} succeeded, {} nodes, {:.3} s",
            self.strategy,
            self.k,
            self.round_nodes,
            self.original_zone_size,
            self.reduced_zone_size,
            100.0 * self.ratio,
            self.rounds,
            self.rounds_succeeded,
            self.nodes,
            self.seconds
        )
    }
}

impl ReduceArgs {
    /// The settings of a reduction after a solve that used `solve_nodes` nodes.
    pub fn settings(&self, solve_nodes: u64) -> ReduceSettings {
        ReduceSettings {
            strategy: self.strategy.into(),
            k: self.k,
            round_nodes: self.round_nodes.unwrap_or(solve_nodes.max(MIN_ROUND_NODES)),
            // `parse_secs` accepted the value, so the conversion succeeds.
            round_time: self
                .round_secs
                .and_then(|s| Duration::try_from_secs_f64(s).ok()),
            seed: self.seed,
            keep_patterns: !self.no_rzt,
        }
    }

    /// Reduce the zone of `analysis`'s proof when asked and there is a plain win (`None`
    /// otherwise): the smallest proof found replaces the analysis's, which must be checked
    /// afterwards. An error when the engine cannot search under forbidden points.
    pub fn apply(
        &self,
        search: &SearchArgs,
        analysis: &mut Analysis,
    ) -> anyhow::Result<Option<ReductionSummary>> {
        if !self.reduce_zones {
            return Ok(None);
        }
        if let EngineChoice::One(engine) = search.engine {
            if !engine.capabilities().forbidden_zone {
                anyhow::bail!(
                    "--reduce-zones needs an engine that honours forbidden points (not {}): \
                     dfpn, dfs or portfolio (its df-pn lane)",
                    engine.name()
                );
            }
        }
        let Some(proof) = analysis.solution.proof.as_ref() else {
            return Ok(None);
        };
        if analysis.solution.status != Status::Win {
            return Ok(None);
        }
        // The run's first lane reduces: the engine, or the portfolio's df-pn lane (without
        // the net).
        let config = search
            .engine
            .lanes(&search.config(), || None)
            .swap_remove(0);
        let settings = self.settings(analysis.solution.nodes);
        let reduction = reduce(&analysis.claim, &config, proof, &settings, None)?;
        let summary = ReductionSummary {
            strategy: reduction.strategy.name(),
            k: settings.k,
            original_zone_size: reduction.original_zone.len(),
            reduced_zone_size: reduction.zone.len(),
            ratio: reduction.ratio(),
            rounds: reduction.rounds.len(),
            rounds_succeeded: reduction.succeeded(),
            round_nodes: settings.round_nodes,
            nodes: reduction.nodes,
            seconds: reduction.elapsed.as_secs_f64(),
        };
        analysis.solution.root_zone = Some(reduction.zone);
        analysis.solution.first_move = reduction
            .proof
            .first_move()
            .or(analysis.solution.first_move);
        analysis.solution.proof = Some(reduction.proof);
        Ok(Some(summary))
    }
}
