//! The portfolio: df-pn without the guide and MCTS with it, raced on threads of their own and
//! sharing one transposition table; the first decided answer stops the other. They prove
//! different problems (on the 19x19 research set at 60 s, 24 and 23 of 106, 33 together;
//! BENCHMARKS.md).
//!
//! It is a run choice of the registry ([`CHOICE`], [`super::registry::EngineChoice::Portfolio`]),
//! not a [`super::registry::SearchEngine`]: it runs two engines' whole analyses
//! ([`crate::solver::jobs::schedule::analyse_with_width`]) in a race
//! ([`crate::solver::jobs::race`]), so unlike the engines it uses the level above them.
//!
//! - [`lanes`]: the two lanes made from a run's settings and the guide of its MCTS lane, and
//!   the run in words ([`describe`]);
//! - [`race`]: the lanes raced ([`search_portfolio`]), which the solve service
//!   ([`crate::solver::jobs::service`]) calls for a request with several lanes.

pub mod lanes;
pub mod race;

use super::registry::{Choice, Engine, EngineChoice};

pub use lanes::{describe, lanes, MctsGuide};
pub use race::search_portfolio;

/// The portfolio as the command line and the studio offer it.
pub const CHOICE: Choice = Choice {
    id: EngineChoice::Portfolio,
    name: "portfolio",
    label: "portfolio",
    description: "df-pn without the net and MCTS with the net (--net FILE or the shipped one), \
                  raced on threads of their own: the first proof ends both",
    engines: &[Engine::Dfpn, Engine::Mcts],
};
