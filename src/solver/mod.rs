//! The solver layer: relevance-zone based search (RZS) over problems (the RZ search issue).
//!
//! So far: [`leaf`], the goal test that decides a node and gives the zone of the decision. The
//! search itself (AchieveGoal with must-play regions, zone dilation, transposition table, proof
//! trees, checker) builds on it; see `ARCHITECTURE.md`.

pub mod leaf;

pub use leaf::{GoalTest, Leaf};
