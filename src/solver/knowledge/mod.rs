//! What the search knows without searching:
//!
//! - [`static_ld`]: static life and death of small enclosed areas (a generated table);
//! - [`seki_db`]: the seki database, and [`seki_leaf`]: seki as a terminal of the goal test;
//! - [`pattern_table`]: proven wins found again where only stones outside their zone differ,
//!   [`pattern_store`]: those wins kept on disk between runs, and [`pattern_pool`]: tables kept warm
//!   between the jobs of a worker;
//! - [`connection`]: connection to safe stones; [`linked_life`]: life by links (chains of
//!   blocks kept connected by miai); [`not_alive`]: the zone of "not alive";
//! - [`one_eye`]: the goal test of the one-eye problem (an eye, no eye possible, no eye now);
//! - [`table_file`]: the one binary format (header, checksum, errors) of the static table, the
//!   seki database and the pattern store's files;
//! - [`guide`]: what orders moves and guides best-first search (a net through `crate::nn`),
//!   and [`playout`]: random games as a value without a net.

pub mod connection;
pub mod guide;
pub mod linked_life;
pub mod not_alive;
pub mod one_eye;
pub mod pattern_pool;
pub mod pattern_store;
pub mod pattern_table;
pub mod playout;
pub mod seki_db;
pub mod seki_leaf;
pub mod static_ld;
pub mod table_file;
