//! The solver layer: relevance-zone based search (RZS) over problems.
//!
//! - [`leaf`]: the goal test that decides a node and the zone of the decision, with the static
//!   life-and-death rule of [`static_ld`] (small enclosed areas, a generated table);
//! - [`rules`]: the moves a side may make (region, ko rules, superko, passes);
//! - [`dilate`]: zone dilation for the consistent-replay conditions;
//! - [`search`]: AchieveGoal with must-play regions ([`must_play`]), iterative deepening and the
//!   transposition table ([`tt`]), ordered by [`ordering`];
//! - `dfpn`: the best-first engine, df-pn over the same zones and table;
//! - `mcts`: the RZS paper's engine, MCTS with PUCT and relevance-zone backup, guided by
//!   [`guide`];
//! - `extract`: the proof tree ([`proof`]) of a win; [`progress`]: events for the studio;
//! - [`analysis`]: the Go result of a claim (seki or unconditional life, ko) from up to four
//!   searches;
//! - [`checker`]: the independent proof checker (with its own check of static-dead leaves); [`certify`]: checking every reported proof
//!   within bounds; [`fault`]: corrupting a proof on purpose (tests of that path); [`repro`]:
//!   the reproduction file of a rejected proof; [`proof_sgf`]: proofs as SGF files;
//! - [`race`]: a claim and its opposite searched at once, the first proven stopping the other;
//! - [`reduce`]: relevance-zone reduction, the claim re-solved with forbidden points until its
//!   proof's zone shrinks no more;
//! - [`answers`]: every first move judged as a problem site's solution tree (SGF);
//! - [`replay`]: the proof played against a person ("try to refute"); [`verdict`]: results in
//!   words.
//!
//! See `ARCHITECTURE.md` for how the pieces fit.

pub mod analysis;
pub mod answers;
pub mod book;
pub mod certify;
pub mod checker;
mod checker_life;
mod checker_seki;
mod checker_static;
mod checker_zone;
pub mod config;
pub mod connection;
mod dfpn;
pub mod dilate;
mod extract;
pub mod fault;
pub mod first_moves;
#[cfg(test)]
pub(crate) mod fixtures;
pub mod go_result;
pub mod guide;
pub mod ko_flags;
pub mod leaf;
mod mcts;
pub mod must_play;
pub mod not_alive;
pub mod ordering;
pub mod pattern_store;
pub mod pattern_table;
pub mod playout;
pub mod progress;
pub mod proof;
pub mod proof_sgf;
pub mod race;
pub mod reduce;
pub mod replay;
pub mod repro;
pub mod rules;
pub mod schedule;
pub mod search;
pub mod seki_db;
pub mod seki_leaf;
pub mod static_ld;
pub mod table_pool;
pub mod tt;
mod undecided_memo;
pub mod verdict;

pub use config::{Engine, SolveConfig};
pub use leaf::{GoalTest, Leaf};
pub use progress::Progress;
pub use proof::{LeafKind, ProofNode, ProofTree, Role};
pub use search::{Solution, Solver, Status, StopReason};
pub use table_pool::TablePool;
