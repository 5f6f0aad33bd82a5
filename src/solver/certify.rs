//! Checking what the product reports: every proof goes through the independent checker
//! ([`super::checker`]) before it is called proven.
//!
//! [`check`] runs the checker on one proof within [`CheckSettings`] (positions, time, a stop
//! flag; memory is bounded by the checker) and says what it found as a [`Checked`]; [`certify`]
//! does that for an [`Analysis`]. A rejected proof is a solver bug: callers report it as an
//! internal error and write a reproduction file ([`super::repro`]).

use super::analysis::Analysis;
use super::checker::{check_proof_within, CheckError, CheckLimits};
use super::proof::ProofTree;
use crate::problem::Problem;
use serde::Serialize;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::{Duration, Instant};

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
}

impl CheckVerdict {
    /// Was the proof accepted?
    pub fn accepted(self) -> bool {
        self == CheckVerdict::Checked
    }
}

/// How proofs are checked.
#[derive(Clone, Debug, PartialEq)]
pub struct CheckSettings {
    /// `false`: proofs are reported unchecked ([`CheckVerdict::Skipped`]; `--no-check`).
    pub enabled: bool,
    /// Positions one check may visit.
    pub max_positions: u64,
    /// Time one check may take.
    pub time_limit: Option<Duration>,
}

/// Positions the checker may visit for one proof by default.
pub const CHECK_POSITIONS: u64 = 10_000_000;

/// Seconds one check may take by default.
pub const CHECK_SECONDS: u64 = 60;

impl Default for CheckSettings {
    fn default() -> Self {
        CheckSettings {
            enabled: true,
            max_positions: CHECK_POSITIONS,
            time_limit: Some(Duration::from_secs(CHECK_SECONDS)),
        }
    }
}

impl CheckSettings {
    /// No checking (`--no-check`).
    pub fn off() -> CheckSettings {
        CheckSettings {
            enabled: false,
            ..CheckSettings::default()
        }
    }
}

/// Run the independent checker on `proof` of `claim` (with the proof's own superko setting),
/// stopping when `stop` is set.
pub fn check(
    claim: &Problem,
    proof: &ProofTree,
    settings: &CheckSettings,
    stop: Option<Arc<AtomicBool>>,
) -> Checked {
    if !settings.enabled {
        return Checked {
            verdict: CheckVerdict::Skipped,
            positions: 0,
            seconds: 0.0,
            memory_bytes: 0,
            error: None,
        };
    }
    let start = Instant::now();
    let limits = CheckLimits {
        deadline: settings.time_limit.and_then(|t| start.checked_add(t)),
        stop,
        ..CheckLimits::positions(settings.max_positions)
    };
    let result = check_proof_within(claim, proof, proof.superko, &limits);
    let seconds = start.elapsed().as_secs_f64();
    let unfinished = |verdict, positions, error: &CheckError| Checked {
        verdict,
        positions,
        seconds,
        memory_bytes: 0,
        error: Some(error.to_string()),
    };
    match result {
        Ok(stats) => Checked {
            verdict: CheckVerdict::Checked,
            positions: stats.positions,
            seconds,
            memory_bytes: stats.memo_bytes,
            error: None,
        },
        Err(e @ CheckError::TooLarge(n)) => unfinished(CheckVerdict::TooLarge, n, &e),
        Err(e @ CheckError::OutOfTime { positions }) => {
            unfinished(CheckVerdict::OutOfTime, positions, &e)
        }
        Err(e @ CheckError::Stopped { positions }) => {
            unfinished(CheckVerdict::Stopped, positions, &e)
        }
        Err(e) => Checked {
            verdict: CheckVerdict::Failed,
            positions: 0,
            seconds,
            memory_bytes: 0,
            error: Some(e.to_string()),
        },
    }
}

/// Check the deciding proof of `analysis` (if it has one) and keep the verdict in
/// `analysis.check`.
pub fn certify(analysis: &mut Analysis, settings: &CheckSettings, stop: Option<Arc<AtomicBool>>) {
    analysis.check = analysis
        .solution
        .proof
        .as_ref()
        .map(|proof| check(&analysis.claim, proof, settings, stop));
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::go::Move;
    use crate::solver::fixtures::solved_bent_three_kill;

    #[test]
    fn the_checker_verdict_accepts_a_proof_and_rejects_a_wrong_move() {
        let (problem, tree) = solved_bent_three_kill();
        let settings = CheckSettings::default();
        let ok = check(&problem, &tree, &settings, None);
        assert_eq!(ok.verdict, CheckVerdict::Checked);
        assert!(ok.positions > 0 && ok.error.is_none() && ok.memory_bytes > 0);
        // The winning move replaced by another point of the region: no longer a proof.
        let mut bad = tree.clone();
        let first = bad.root.children[0].mv;
        let other = problem
            .region_empty_points()
            .iter()
            .map(Move::Play)
            .find(|&m| Some(m) != first)
            .unwrap();
        bad.root.children[0].mv = Some(other);
        let rejected = check(&problem, &bad, &settings, None);
        assert_eq!(rejected.verdict, CheckVerdict::Failed);
        assert!(rejected.error.unwrap().starts_with("after "));
        // Switched off, nothing runs.
        let skipped = check(&problem, &bad, &CheckSettings::off(), None);
        assert_eq!(skipped.verdict, CheckVerdict::Skipped);
    }

    #[test]
    fn a_check_is_bounded_by_positions() {
        let (problem, tree) = solved_bent_three_kill();
        let few = CheckSettings {
            max_positions: 1,
            ..CheckSettings::default()
        };
        let c = check(&problem, &tree, &few, None);
        assert_eq!((c.verdict, c.positions), (CheckVerdict::TooLarge, 1));
        assert!(!c.verdict.accepted());
    }
}
