//! Proofs: the proof tree of a win ([`tree`], its types re-exported here), its extraction from
//! a search (`extract`), the independent checker ([`checker`], with its own life, seki, static,
//! eye and zone rules), checking every reported proof within bounds ([`certify`]), proofs as SGF
//! files ([`proof_sgf`]), the reproduction file of a rejected proof ([`repro`]), corrupting a
//! proof on purpose for tests of that path ([`fault`]) and the proof played against a person
//! ([`replay`]).

pub mod certify;
pub mod checked;
pub mod checker;
pub(in crate::solver) mod checker_eye;
pub(in crate::solver) mod checker_life;
pub(in crate::solver) mod checker_links;
pub(in crate::solver) mod checker_seki;
pub(in crate::solver) mod checker_static;
pub(in crate::solver) mod checker_zone;
pub(in crate::solver) mod extract;
pub mod fault;
pub mod proof_sgf;
pub mod replay;
pub mod repro;
pub mod tree;

pub use tree::*;
