//! The portfolio: df-pn without the guide and MCTS with it, raced on threads of their own and
//! sharing one transposition table; the first decided answer stops the other. They prove
//! different problems (on the 19x19 research set at 60 s, 24 and 23 of 106, 33 together;
//! BENCHMARKS.md).
//!
//! It is a run choice of the registry ([`CHOICE`], [`super::registry::EngineChoice::Portfolio`]),
//! not a [`super::search_engine::SearchEngine`]: its lanes are whole analyses, raced by the solve
//! service (`jobs/portfolio_race.rs`, on the jobs level above the engines, which the service
//! calls for a request with several lanes). Here: [`lanes`], the two lanes made from a run's
//! settings and the guide of its MCTS lane, and the run in words ([`describe`]).

pub mod lanes;

use super::choice::{Choice, EngineChoice};
use crate::solver::kernel::engine::Engine;

pub use lanes::{describe, lanes, MctsGuide};

/// The portfolio as the command line and the studio offer it.
pub const CHOICE: Choice = Choice {
    id: EngineChoice::Portfolio,
    name: "portfolio",
    label: "portfolio",
    description: "df-pn without the net and MCTS with the net (--net FILE or the shipped one), \
                  raced on threads of their own: the first proof ends both",
    engines: &[Engine::DFPN, Engine::MCTS],
};
