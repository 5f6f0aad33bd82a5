//! A solve of one claim: [`Solver::solve`] runs the engine of its settings
//! ([`crate::solver::SolveConfig::engine`], looked up in the [`super::registry`]) on the
//! kernel, and searches again without the pattern table when a pattern win cannot be rebuilt.
//! Here, on the engines' level, so that the kernel names no engine.

use crate::solver::engines::registry::engine;
use crate::solver::kernel::search::{Solution, Solver, StopReason, Value};
use crate::solver::kernel::tt::TranspositionTable;
use crate::solver::knowledge::pattern_table::PatternTable;

impl Solver<'_> {
    /// Solve the problem: iterative deepening (or df-pn, or MCTS) until proven or a limit is
    /// reached.
    ///
    /// A win found with the pattern table whose proof cannot be rebuilt within its stored length
    /// (the differential test met two in 2,000 problems) is no answer: the problem is then
    /// searched again, within the same limits, without the pattern table and with a fresh
    /// transposition table (whose wins may rest on the pattern's). Pattern wins are only ever wins, so they can make a search claim a win it
    /// cannot rebuild, never a failure.
    ///
    /// With a pattern store (`config.pattern_store`) the pattern table's wins are merged into
    /// it at the end, whatever the result (stopped and failed searches proved wins too), except
    /// after such a rerun.
    pub fn solve(&mut self) -> Solution {
        let first = self.solve_once();
        let solution =
            if !self.extraction_failed || self.patterns.stats().hits == 0 || self.aborted.is_some()
            {
                first
            } else {
                self.patterns = PatternTable::disabled();
                self.tt = TranspositionTable::for_problem(self.config.tt_entries, self.problem);
                self.extraction_failed = false;
                self.restarted = true;
                let mut again = self.solve_once();
                self.restarted = false;
                again.pattern_hits = first.pattern_hits;
                again
            };
        self.keep_patterns();
        solution
    }

    /// Merge the pattern table's wins into `config.pattern_store` (when there is one and this
    /// solve stored something; a table dropped by the rerun above holds nothing).
    fn keep_patterns(&self) {
        if let Some(store) = &self.config.pattern_store {
            if self.patterns.is_enabled()
                && self.patterns.stats().stores > 0
                && self.config.dilation
            {
                store.merge(self.problem, &self.patterns);
            }
        }
    }

    fn solve_once(&mut self) -> Solution {
        let engine = engine(self.config.engine);
        let refused = match engine.info().capabilities.max_region {
            _ if !self.config.forbidden_zone.is_empty()
                && !engine.info().capabilities.forbidden_zone =>
            {
                true
            }
            Some(max) => self.problem.region_empty_points().len() > max,
            None => false,
        };
        if refused {
            // The engine cannot search this claim as asked (it does not honour the
            // constraint, or the region is too large for it): refused, nothing searched.
            let (mut board, to_move) = self.begin_solve();
            return self.conclude(
                &mut board,
                to_move,
                Value::Unknown,
                StopReason::Unsupported,
                0,
            );
        }
        engine.solve(self)
    }
}
