//! The trait every engine implements: it runs a claim on the kernel and says what it can do.

use crate::go::{Board, Color};
use crate::solver::kernel::engine::EngineInfo;
use crate::solver::kernel::search::{Solution, Solver, Value};

/// A search algorithm over the kernel ([`Solver`]): it runs a claim and says what it can do.
pub(in crate::solver) trait SearchEngine: Sync {
    /// Its name, label and capabilities.
    fn info(&self) -> &'static EngineInfo;

    /// Search the solver's claim from its root until proven or a limit is reached, and conclude
    /// ([`Solver::conclude`]: the proof of a win is extracted there).
    fn solve(&self, solver: &mut Solver<'_>) -> Solution;

    /// A win of the OR player at this node within `bound` plies, for proof extraction: a table
    /// hit, or a new search of the node when the table lost the entry.
    fn win_within(
        &self,
        solver: &mut Solver<'_>,
        board: &mut Board,
        to_move: Color,
        passed: bool,
        bound: u32,
    ) -> Value;
}
