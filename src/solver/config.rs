//! What a solve may use and how it reports: limits, rule switches, table size.

use std::time::Duration;

/// Settings of one solve. [`SolveConfig::default`] is a complete search (no OR pruning) with
/// positional superko, no node or time limit, and a table of 2^20 entries.
#[derive(Clone, Debug, PartialEq)]
pub struct SolveConfig {
    /// Stop after this many nodes (the result is then `Unknown` unless proven already).
    pub max_nodes: Option<u64>,
    /// Stop after this much time.
    pub time_limit: Option<Duration>,
    /// Deepest iteration of iterative deepening, in plies.
    pub max_depth: u32,
    /// Refuse plays that recreate a position of the current line (both sides).
    pub superko: bool,
    /// OR-side forward pruning: try at most this many OR moves per node (best first). With it a
    /// failed search is `Unknown`, never `Fail`.
    pub or_width: Option<usize>,
    /// Transposition table slots.
    pub tt_entries: usize,
    /// Build the proof tree of a win.
    pub build_proof: bool,
    /// Least time between two progress events.
    pub progress_interval: Duration,
}

impl Default for SolveConfig {
    fn default() -> SolveConfig {
        SolveConfig {
            max_nodes: None,
            time_limit: None,
            max_depth: 256,
            superko: true,
            or_width: None,
            tt_entries: 1 << 20,
            build_proof: true,
            progress_interval: Duration::from_millis(50),
        }
    }
}
