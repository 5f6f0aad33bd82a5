//! The search engines over the kernel's game, zones, table and proofs, behind one trait
//! ([`SearchEngine`]) and listed in one registry ([`registry`]):
//!
//! - `dfs`: AchieveGoal, depth-first with iterative deepening;
//! - `dfpn`: depth-first proof-number search;
//! - `mcts`: Monte Carlo tree search with relevance-zone backup, as the RZS paper runs it;
//! - `exhaustive`: plain AND/OR search without zones or pruning, for tiny regions (a
//!   reference inside the product);
//! - [`portfolio`]: not an engine but a run choice of the registry: df-pn and MCTS raced on
//!   one shared table (its lanes here, its race a job: `jobs/portfolio_race.rs`);
//! - `solve`: [`crate::solver::Solver::solve`], a claim run by the engine its settings name.
//!
//! Nothing outside this folder matches on [`crate::solver::Engine`]: what differs between engines is asked of
//! the registry ([`crate::solver::Engine::info`]: its [`EngineInfo`] and [`Capabilities`]).

pub mod choice;
pub(in crate::solver) mod dfpn;
pub(in crate::solver) mod dfs;
pub(in crate::solver) mod exhaustive;
pub(in crate::solver) mod mcts;
pub mod portfolio;
pub mod registry;
pub(in crate::solver) mod search_engine;
mod solve;

pub(in crate::solver) use registry::engine;
pub use registry::{
    all, choices, Capabilities, Choice, Engine, EngineChoice, EngineInfo, ProgressForm,
};
