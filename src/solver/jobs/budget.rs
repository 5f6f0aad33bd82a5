//! The limits left of an analysis: what its next search may use.

use crate::solver::kernel::config::SolveConfig;
use crate::solver::kernel::search::StopReason;
use std::time::Instant;

/// The limits left of one analysis (or of a schedule of analyses, [`crate::solver::jobs::schedule`]).
pub(in crate::solver) struct Budget<'a> {
    pub config: &'a SolveConfig,
    pub start: Instant,
    /// Nodes used so far.
    pub nodes: u64,
}

impl Budget<'_> {
    /// Why the limits ended a job: the time or the nodes.
    pub fn stop_reason(&self) -> StopReason {
        if self.config.max_nodes.is_some_and(|m| self.nodes >= m) {
            StopReason::NodeLimit
        } else {
            StopReason::TimeLimit
        }
    }

    /// The configuration of the next search: the time and nodes not used yet.
    pub fn config_left(&self) -> SolveConfig {
        let mut c = self.config.clone();
        c.time_limit = self
            .config
            .time_limit
            .map(|t| t.saturating_sub(self.start.elapsed()));
        c.max_nodes = self.config.max_nodes.map(|m| m.saturating_sub(self.nodes));
        c
    }

    /// The time or the nodes are used up.
    pub fn exhausted(&self) -> bool {
        self.config
            .time_limit
            .is_some_and(|t| self.start.elapsed() >= t)
            || self.config.max_nodes.is_some_and(|m| self.nodes >= m)
    }
}
