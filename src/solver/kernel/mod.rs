//! What every engine shares: the rules of the search, its goal test, zones and tables, and the
//! solver's state ([`search::Solver`]).
//!
//! - [`leaf`]: the goal test that decides a node and the zone of the decision;
//! - [`rules`]: the moves a side may make (region, ko rules, superko, passes);
//! - [`dilate`]: zone dilation for the consistent-replay conditions;
//! - [`must_play`]: the must-play region of an AND node; `and_node`: the AND-node step every
//!   engine shares (a child proven, the node won);
//! - [`tt`], [`table_pool`]: the transposition table, kept between solves of the same rules;
//! - [`ordering`]: move ordering; [`progress`]: events for the studio; [`ko_flags`]: what a
//!   search saw of ko fighting;
//! - [`engine`]: what an engine is to the kernel (a handle on its name and capabilities);
//! - [`config`]: the settings of a solve;
//! - [`search`]: the solver: the state and steps every engine shares (the engines themselves
//!   are in [`crate::solver::engines`]).

pub(in crate::solver) mod and_node;
pub mod config;
pub mod dilate;
pub mod engine;
pub mod ko_flags;
pub mod leaf;
pub mod must_play;
pub mod ordering;
pub mod outside_watch;
pub mod progress;
pub mod rules;
pub mod search;
pub mod table_pool;
pub mod tt;
pub(in crate::solver) mod undecided_memo;
