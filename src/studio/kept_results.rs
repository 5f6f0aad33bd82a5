//! Finished solves kept per position and settings, so that an undo (or any edit) that returns
//! to a position already proven shows its proof again instead of asking for a new solve.

use super::live::Finished;
use super::solve_job::ClaimChoice;
use crate::problem::ProblemSetup;
use std::collections::VecDeque;

/// How many results are kept (the oldest goes first).
const CAPACITY: usize = 16;

/// What a result depends on: the position with all its markup, the claims asked for and the
/// search settings (a result found with a node limit is not one found without).
#[derive(Clone, Debug, PartialEq)]
pub struct ResultKey {
    pub setup: ProblemSetup,
    pub claim: ClaimChoice,
    /// `SolveConfig::describe()` of the search.
    pub config: String,
}

/// The kept results, newest first.
#[derive(Debug, Default)]
pub struct KeptResults {
    entries: VecDeque<(ResultKey, Finished)>,
}

impl KeptResults {
    /// Keeps `finished` for `key` (replacing an older result for the same key).
    pub fn keep(&mut self, key: ResultKey, finished: Finished) {
        self.entries.retain(|(k, _)| *k != key);
        self.entries.push_front((key, finished));
        self.entries.truncate(CAPACITY);
    }

    /// The result kept for `key`.
    pub fn find(&self, key: &ResultKey) -> Option<&Finished> {
        self.entries.iter().find(|(k, _)| k == key).map(|(_, f)| f)
    }
}
