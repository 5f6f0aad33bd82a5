//! The seki database of 7x7 Killall-Go (Chen, Wu, Wei, Shih, Wu: "Solving 7x7 Killall-Go with
//! Seki Database"): every local seki of an area of 5..=8 points enclosed by one White
//! block, found once by search and then recognised by one lookup.
//!
//! - [`candidates`]: the paper's enumeration (areas, enclosing ring, Black boundary, fillings
//!   leaving two or three empty points), which reproduces its candidate counts exactly.
//! - [`local_test`]: Niu's local seki test (each side moving first; the first mover may not
//!   pass; repetition forbidden), which decides a candidate.
//! - [`key`]: the canonical key of a pattern (area shape up to symmetry, the edges it touches,
//!   its Black stones).
//! - [`build`]: the whole database on several threads, with the paper's figures per area.
//! - [`query`]: a seki recognised on a board around the last move (one lookup per area).
//! - [`survival`]: the stricter local game that confirms a hit under the solver's rules (and
//!   that the checker re-derives), which makes it a terminal of the search
//!   ([`crate::solver::knowledge::seki_leaf`]).
//! - [`table`]: the stored form (sorted keys, versioned, checksummed); [`shipped`]: the one
//!   built into the program (`assets/seki_db.bin`).

pub mod build;
pub mod candidates;
pub mod key;
pub mod local_test;
pub mod query;
pub mod shipped;
pub mod survival;
pub mod table;
