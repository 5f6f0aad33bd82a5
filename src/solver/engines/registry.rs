//! The engines, their names and what each can do: the one place that lists them. A new engine
//! is a module of [`super`] implementing [`SearchEngine`], a variant of [`Engine`] and one line
//! of [`ENGINES`].

use crate::go::{Board, Color};
use crate::solver::kernel::config::Engine;
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

/// What the studio and the command line show of an engine.
#[derive(Debug)]
pub struct EngineInfo {
    pub id: Engine,
    /// The name on the command line and in files: `dfs`, `dfpn`, …
    pub name: &'static str,
    /// The name in the studio: `depth-first`, `df-pn`, …
    pub label: &'static str,
    /// What it does, in a sentence or three (the studio's hover text).
    pub description: &'static str,
    pub capabilities: Capabilities,
}

/// What an engine can do.
#[derive(Clone, Copy, Debug)]
pub struct Capabilities {
    /// Several threads search one claim, sharing its table (`SolveConfig::threads`).
    pub threads: bool,
    /// A guide (a net, playouts) orders its moves or values its nodes.
    pub guide: bool,
    /// It honours a forbidden zone (`SolveConfig::forbidden_zone`, relevance-zone reduction).
    pub forbidden_zone: bool,
    /// It searches the attacker's pass first as an explicit null move (`SolveConfig::null_moves`).
    pub null_moves: bool,
    /// The automatic width (`Width::Auto`) searches narrow turns with it; engines whose own
    /// costs keep them on the best moves search at full width.
    pub narrow_turns: bool,
    /// Proof extraction orders an AND node's moves by the answers already proven (best-first
    /// tables hold many); else in the must-play order.
    pub ordered_extraction: bool,
    /// The largest region (empty points) it accepts; a larger one ends unsupported.
    pub max_region: Option<usize>,
    /// What its progress events report.
    pub progress: ProgressForm,
}

/// What an engine's progress reports about the search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ProgressForm {
    /// Iterative deepening: the depth limit and the root moves done at it.
    Iterations,
    /// Proof and disproof numbers of the root and of the line.
    Numbers,
    /// The deepest line reached.
    DeepestLine,
}

/// Every engine, in the order the studio offers them.
pub(in crate::solver) static ENGINES: &[&dyn SearchEngine] = &[
    &super::dfs::Dfs,
    &super::dfpn::Dfpn,
    &super::mcts::Mcts,
    &super::exhaustive::Exhaustive,
];

/// What every engine is called and can do, in the order the studio offers them.
pub fn all() -> impl Iterator<Item = &'static EngineInfo> {
    ENGINES.iter().map(|e| e.info())
}

/// The engine `id`.
pub(in crate::solver) fn engine(id: Engine) -> &'static dyn SearchEngine {
    *ENGINES
        .iter()
        .find(|e| e.info().id == id)
        .expect("every Engine variant is registered in ENGINES")
}

impl Engine {
    /// Its name on the command line and in files (`dfs`, `dfpn`, `mcts`, `exhaustive`).
    pub fn name(self) -> &'static str {
        engine(self).info().name
    }

    /// What it can do.
    pub fn capabilities(self) -> Capabilities {
        engine(self).info().capabilities
    }

    /// Its name, label, description and capabilities.
    pub fn info(self) -> &'static EngineInfo {
        engine(self).info()
    }

    /// The engine named `name` ([`Engine::name`]).
    pub fn from_name(name: &str) -> Option<Engine> {
        all().find(|i| i.name == name).map(|i| i.id)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_engine_is_registered_once_under_its_own_name() {
        for e in ENGINES {
            let info = e.info();
            assert_eq!(engine(info.id).info().name, info.name);
            assert_eq!(Engine::from_name(info.name), Some(info.id));
        }
        let mut names: Vec<_> = ENGINES.iter().map(|e| e.info().name).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), ENGINES.len());
    }
}
