//! What is built from searches:
//!
//! - [`area_safety`]: the boundary safety of an open-boundary area (the partition's areas as
//!   `live-all` claims, attacker first, then defender first), [`board_safety`]: every area of
//!   one side on a board judged, and the stones proven safe ([`surviving_blocks`]: the blocks
//!   of a failed area that live all the same; [`watched_growth`]: an area failing by the
//!   outside watch judged in a grown region); [`position_safety`]: a whole
//!   board's safety for both colours (static safe points, partitions, the areas searched);
//! - [`analysis`]: the Go result of a claim (seki or unconditional life, ko) from up to four
//!   searches, and [`go_result`]: that result defined as claims under three ko rule sets;
//! - [`open_problem`]: life and death of a group on an open board (GNU Go's `owl_attack` /
//!   `owl_defend`): the target's neighbourhood as an open-boundary problem;
//! - [`schedule`]: the search width in turn with growing budgets;
//! - [`first_moves`]: every first move judged;
//! - [`reduce`]: relevance-zone reduction, the claim re-solved with forbidden points until its
//!   proof's zone shrinks no more;
//! - [`race`]: a claim and its opposite searched at once, the first proven stopping the other;
//! - [`how`]: how a proven result comes about (plain, seki, ko, …); [`budget`]: the limits
//!   left of an analysis;
//! - [`book`]: a proven result against the file's own answer;
//! - [`portfolio_race`]: the portfolio's lanes ([`crate::solver::engines::portfolio`]) raced;
//! - [`job`]: a job of a proof split across processes, and [`job_patterns`]: the pattern-table
//!   wins jobs carry;
//! - [`service`]: the one solve service every edge uses (search, certification, reproduction
//!   file; a request with several lanes is raced by [`portfolio_race`]).

pub mod analysis;
pub mod area_safety;
pub mod board_safety;
pub mod book;
pub mod budget;
pub mod first_moves;
pub mod go_result;
pub mod how;
pub mod job;
pub mod job_patterns;
pub mod joint_safety;
pub mod open_problem;
pub mod portfolio_race;
pub mod position_safety;
pub mod race;
pub mod reduce;
pub mod schedule;
pub mod service;
pub mod surviving_blocks;
pub mod watched_growth;
