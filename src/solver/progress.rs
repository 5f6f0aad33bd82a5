//! Progress events of a running solve, for the studio and the command line. A solver emits at
//! most one event per [`crate::solver::SolveConfig::progress_interval`] (50 ms by default, so at
//! most 20 per second).

use crate::go::{Move, Zone};
use std::time::Duration;

/// A snapshot of a running search.
#[derive(Clone, Debug, PartialEq)]
pub struct Progress {
    pub nodes: u64,
    pub nodes_per_second: f64,
    pub elapsed: Duration,
    /// Depth limit of the current iterative-deepening iteration, in plies.
    pub depth: u32,
    /// The line being searched, from the root.
    pub line: Vec<Move>,
    /// The must-play region of the first AND node of the line (the root when the AND player is to
    /// move there, else the position after the OR player's first move), as it shrinks.
    pub must_play: Option<Zone>,
    /// The zones proven so far for the children of that AND node.
    pub proven_zones: Vec<Zone>,
}
