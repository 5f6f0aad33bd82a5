//! What an engine is to the kernel: a handle ([`Engine`]) on its description ([`EngineInfo`]:
//! name, label, what it does, what it can do). The kernel reads an engine's capabilities
//! through the handle and names no engine: each engine defines its own description and handle
//! in its module (`Engine::DFS` in `engines/dfs`, …), and the registry
//! ([`crate::solver::engines::registry`]) lists them, finds one by name and says which is the
//! default.

use std::fmt;

/// The search algorithm of a solve: a handle on its [`EngineInfo`]. All engines search the
/// same game with the same zones, dilation, table and proof trees. Two handles are the same
/// engine when their names are. Saved as its name (`dfs`, `dfpn`, …).
#[derive(Clone, Copy)]
pub struct Engine(&'static EngineInfo);

/// What the studio and the command line show of an engine, and what it can do.
#[derive(Debug)]
pub struct EngineInfo {
    /// The engine this describes (the handle on this description).
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

/// What an engine's progress events report about the search ([`Capabilities::progress`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ProgressForm {
    /// Iterative deepening: the depth limit and the root moves done at it.
    Iterations,
    /// Proof and disproof numbers of the root and of the line.
    Numbers,
    /// The deepest line reached.
    DeepestLine,
}

impl Engine {
    /// The handle on `info` (an engine's module makes its own: `Engine::of(&INFO)`).
    pub const fn of(info: &'static EngineInfo) -> Engine {
        Engine(info)
    }

    /// Its name on the command line and in files (`dfs`, `dfpn`, `mcts`, `exhaustive`).
    pub fn name(self) -> &'static str {
        self.0.name
    }

    /// What it can do.
    pub fn capabilities(self) -> Capabilities {
        self.0.capabilities
    }

    /// Its name, label, description and capabilities.
    pub fn info(self) -> &'static EngineInfo {
        self.0
    }
}

impl PartialEq for Engine {
    fn eq(&self, other: &Engine) -> bool {
        self.0.name == other.0.name
    }
}

impl Eq for Engine {}

impl fmt::Debug for Engine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Engine({})", self.0.name)
    }
}

impl serde::Serialize for Engine {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.0.name)
    }
}
