//! The report layer: the solver's results turned into words and files for people and other
//! programs. The solver computes data (outcomes, Go results, analyses, proofs, judged first
//! moves); this layer words it for the command line and the studio, and writes what problem
//! sites read. It sits above the solver and below the app edges: it uses `go`, `problem` and
//! `solver`, and nothing of the net, the command line or the studio.
//!
//! - [`verdict`]: a solve's result in words (the verbs of a goal, a search's result, an
//!   analysis's Go result or way, a proof's main line);
//! - [`first_moves`]: every first move judged, in words (one move's result, the summary);
//! - [`book`]: a proven result against the file's own answer, in words;
//! - [`answers`]: the judged first moves as the answer tree of a problem site, and as SGF;
//! - [`safety`]: whole-board safety in words (an area's verdict, why a zone was left out);
//! - [`gnugo_codes`]: a Go result as GNU Go's `owl_attack` / `owl_defend` codes.

pub mod answers;
pub mod book;
pub mod first_moves;
pub mod gnugo_codes;
pub mod safety;
pub mod verdict;
