//! The solver layer: relevance-zone based search (RZS) over problems, in five parts.
//!
//! - [`kernel`]: what every engine shares: the goal test that decides a node ([`kernel::leaf`]),
//!   the moves a side may make ([`kernel::rules`]), zone dilation for the consistent-replay
//!   conditions ([`kernel::dilate`]), must-play regions ([`kernel::must_play`]), the transposition
//!   table ([`kernel::tt`]), move ordering, progress events, the settings of a solve
//!   ([`kernel::config`]) and the solver ([`kernel::search`]: the state and steps every engine
//!   shares);
//! - [`engines`]: the engines behind one trait and one registry: depth-first (AchieveGoal),
//!   df-pn, MCTS and the exhaustive engine, and the run choices users pick from (the engines
//!   and the portfolio, df-pn and MCTS raced: [`engines::portfolio`]);
//! - [`knowledge`]: what the search knows without searching: the static life-and-death table,
//!   the seki database and its terminal, the relevance-zone pattern table and its store,
//!   connection to safe stones, and the guides (a net, playouts) that order moves;
//! - [`proof`]: proof trees ([`proof::ProofTree`]), their extraction from a search, the
//!   independent checker, checking what is reported ([`proof::certify`]), proofs as SGF,
//!   reproduction files of rejected proofs, fault injection for tests and the proof played
//!   against a person ([`proof::replay`]);
//! - [`jobs`]: what is built from searches: the Go result of a claim ([`jobs::analysis`],
//!   [`jobs::go_result`]), the width schedule, every first move judged, relevance-zone
//!   reduction, two claims raced, the result against the file's own answer, and the one solve
//!   service every edge uses ([`jobs::service`]).
//!
//! The solver computes data; the report layer above it ([`crate::report`]) turns its results
//! into words and files, and the solver never imports it.
//!
//! See `ARCHITECTURE.md` for how the pieces fit.

pub mod distributed;
pub mod engines;
#[cfg(test)]
pub(crate) mod fixtures;
pub mod jobs;
pub mod kernel;
pub mod knowledge;
pub mod proof;

pub use engines::registry::{Engine, EngineChoice};
pub use kernel::config::SolveConfig;
pub use kernel::leaf::{GoalTest, Leaf};
pub use kernel::progress::Progress;
pub use kernel::search::{Solution, Solver, Status, StopReason};
pub use kernel::table_pool::TablePool;
pub use proof::{LeafKind, ProofNode, ProofTree, Role};
