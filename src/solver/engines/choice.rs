//! What a user runs: one engine or the portfolio. Listed, named and saved by the registry
//! ([`super::registry::choices`]).

use crate::solver::kernel::engine::Engine;

/// What a user runs: one engine, or the portfolio (df-pn and MCTS raced,
/// [`super::portfolio`]). Saved as its name ([`EngineChoice::name`]), so settings that saved an
/// [`Engine`] read back as the same engine.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EngineChoice {
    /// One engine of the registry ([`super::registry::ENGINES`]).
    One(Engine),
    /// df-pn without the guide and MCTS with it, raced on one shared table
    /// ([`super::portfolio`]).
    Portfolio,
}

/// A run choice as the command line and the studio offer it.
#[derive(Clone, Copy, Debug)]
pub struct Choice {
    pub id: EngineChoice,
    /// The name on the command line and in files: `dfs`, …, `portfolio`.
    pub name: &'static str,
    /// The name in the studio: `depth-first`, …, `portfolio`.
    pub label: &'static str,
    /// What it does (the studio's hover text and the CLI's help).
    pub description: &'static str,
    /// The engines it runs, the first one's settings being the run's (one engine, or the
    /// portfolio's lanes in order).
    pub engines: &'static [Engine],
}

impl From<Engine> for EngineChoice {
    fn from(engine: Engine) -> EngineChoice {
        EngineChoice::One(engine)
    }
}
