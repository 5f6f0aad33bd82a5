//! What the independent checker said of a proof ([`Checked`], [`CheckVerdict`]): what an
//! analysis carries once certified ([`crate::solver::proof::certify`]).

use crate::problem::Problem;
use crate::solver::proof::ProofTree;
use serde::Serialize;

/// What the independent checker said of a proof.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Checked {
    pub verdict: CheckVerdict,
    /// Positions visited.
    pub positions: u64,
    pub seconds: f64,
    /// Memory of the checker's table of verified positions, in bytes (about).
    pub memory_bytes: u64,
    /// Why the proof was rejected (the checker's path to the failing position), or why the check
    /// did not finish.
    pub error: Option<String>,
    /// For a proven failure: the opposite claim and the proof of it that was checked (the
    /// failure's certificate).
    #[serde(skip)]
    pub refutation: Option<Box<(Problem, ProofTree)>>,
    /// Nodes and seconds of the search for the refutation (0 for a win's own proof).
    pub refutation_nodes: u64,
    pub refutation_seconds: f64,
}

impl Checked {
    pub(in crate::solver) fn new(verdict: CheckVerdict, error: Option<String>) -> Checked {
        Checked {
            verdict,
            positions: 0,
            seconds: 0.0,
            memory_bytes: 0,
            error,
            refutation: None,
            refutation_nodes: 0,
            refutation_seconds: 0.0,
        }
    }
}

/// See [`Checked`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum CheckVerdict {
    /// Accepted: the proof holds.
    Checked,
    /// Rejected: a solver bug, the result is not to be trusted.
    Failed,
    /// More positions than the check may visit.
    TooLarge,
    /// The check's time ran out.
    OutOfTime,
    /// Stopped by the user.
    Stopped,
    /// Not run (`--no-check`).
    Skipped,
    /// A failure without a certificate: the opposite claim was not proven within the check's
    /// limits, or fails too (a repetition decides the position).
    NoCertificate,
}

impl CheckVerdict {
    /// Was the proof accepted?
    pub fn accepted(self) -> bool {
        self == CheckVerdict::Checked
    }

    /// Did the check end without a verdict on the proof (too large, out of time, stopped, no
    /// certificate found)?
    pub fn unfinished(self) -> bool {
        matches!(
            self,
            CheckVerdict::TooLarge
                | CheckVerdict::OutOfTime
                | CheckVerdict::Stopped
                | CheckVerdict::NoCertificate
        )
    }
}
