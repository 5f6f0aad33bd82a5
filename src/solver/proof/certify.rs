//! Checking what the product reports: every proof goes through the independent checker
//! ([`crate::solver::proof::checker`]) before it is called proven.
//!
//! [`check`] runs the checker on one proof within [`CheckSettings`] (positions, time, a stop
//! flag; memory is bounded by the checker) and says what it found as a [`Checked`]; [`certify`]
//! does that for an [`Analysis`]. A rejected proof is a solver bug: callers report it as an
//! internal error and write a reproduction file ([`crate::solver::proof::repro`]).
//!
//! A proven *failure* has no proof tree of its own: its certificate is a proof of the opposite
//! claim ([`Problem::flipped`]: the other side is the OR player, ko rules and side to move
//! unchanged). [`certify`] searches for it within the check's limits and checks that proof. When
//! the opposite claim fails too (a repetition decides the position: each side's repetition
//! counts against it when it is the OR player), there is no certificate.

use crate::problem::Problem;
use crate::solver::jobs::analysis::{Analysis, How};
use crate::solver::jobs::go_result::{GoResult, Life};
use crate::solver::kernel::config::SolveConfig;
use crate::solver::kernel::search::{Solver, Status};
pub use crate::solver::proof::checked::{CheckVerdict, Checked};
use crate::solver::proof::checker::{check_proof_within, CheckError, CheckLimits};
use crate::solver::proof::fault::Fault;
use crate::solver::proof::ProofTree;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// How proofs are checked.
#[derive(Clone, Debug, PartialEq)]
pub struct CheckSettings {
    /// `false`: proofs are reported unchecked ([`CheckVerdict::Skipped`]; `--no-check`).
    pub enabled: bool,
    /// Positions one check may visit.
    pub max_positions: u64,
    /// Time one check may take (and, for a failure, the search for its refutation).
    pub time_limit: Option<Duration>,
    /// Tests of the checking path only: every proof is corrupted this way before its check.
    pub fault: Option<Fault>,
}

/// Positions the checker may visit for one proof by default.
pub const CHECK_POSITIONS: u64 = 100_000_000;

/// Seconds one check may take by default.
pub const CHECK_SECONDS: u64 = 60;

impl Default for CheckSettings {
    fn default() -> Self {
        CheckSettings {
            enabled: true,
            max_positions: CHECK_POSITIONS,
            time_limit: Some(Duration::from_secs(CHECK_SECONDS)),
            fault: None,
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
        return Checked::new(CheckVerdict::Skipped, None);
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
        positions,
        seconds,
        ..Checked::new(verdict, Some(error.to_string()))
    };
    match result {
        Ok(stats) => Checked {
            positions: stats.positions,
            seconds,
            memory_bytes: stats.memo_bytes,
            ..Checked::new(CheckVerdict::Checked, None)
        },
        Err(e @ CheckError::TooLarge(n)) => unfinished(CheckVerdict::TooLarge, n, &e),
        Err(e @ CheckError::OutOfTime { positions }) => {
            unfinished(CheckVerdict::OutOfTime, positions, &e)
        }
        Err(e @ CheckError::Stopped { positions }) => {
            unfinished(CheckVerdict::Stopped, positions, &e)
        }
        Err(e) => Checked {
            seconds,
            ..Checked::new(CheckVerdict::Failed, Some(e.to_string()))
        },
    }
}

/// Check what `analysis` reports and keep the verdict in `analysis.check`: a win's proof (the
/// deciding search's; for a win by ko or in seki, the proof of that win), or, for a plain proven
/// failure, a proof of the opposite claim searched with `config`'s rules within the check's
/// limits. Nothing else is checked (`None`: an unknown result). `settings.fault` corrupts the
/// proof first (tests).
pub fn certify(
    analysis: &mut Analysis,
    config: &SolveConfig,
    settings: &CheckSettings,
    stop: Option<Arc<AtomicBool>>,
) {
    if let (Some(fault), Some(proof)) = (settings.fault, analysis.solution.proof.as_mut()) {
        let _ = fault.apply(&analysis.claim, proof);
    }
    analysis.check = if let Some(proof) = &analysis.solution.proof {
        Some(check(&analysis.claim, proof, settings, stop))
    } else if let Some(checked) = check_opposite(analysis, settings, stop.clone()) {
        Some(checked)
    } else if certifiable(analysis) {
        Some(refute(&analysis.claim, config, settings, stop))
    } else {
        None
    };
}

/// Does [`certify`] have something to check: a proof, or a plain proven failure?
pub fn certifiable(analysis: &Analysis) -> bool {
    // A defender that survives only by endless play has no proof: the search for one already
    // failed in the analysis.
    let endless = analysis.go
        == Some(GoResult::Lives {
            life: Life::Endless,
        });
    analysis.solution.proof.is_some()
        || analysis.opposite.is_some()
        || (analysis.solution.status == Status::Fail && analysis.how == How::Plain && !endless)
}

/// The certificate the analysis found itself ([`Analysis::opposite`]: the winner's proof of a
/// `live`/`kill` position), checked; `None` when it has none.
fn check_opposite(
    analysis: &mut Analysis,
    settings: &CheckSettings,
    stop: Option<Arc<AtomicBool>>,
) -> Option<Checked> {
    let (claim, solution) = analysis.opposite.as_deref_mut()?;
    let proof = solution.proof.as_mut()?;
    if !settings.enabled {
        return Some(Checked::new(CheckVerdict::Skipped, None));
    }
    if let Some(fault) = settings.fault {
        let _ = fault.apply(claim, proof);
    }
    let checked = check(claim, proof, settings, stop);
    Some(Checked {
        refutation: Some(Box::new((claim.clone(), proof.clone()))),
        refutation_nodes: solution.nodes,
        refutation_seconds: solution.elapsed.as_secs_f64(),
        ..checked
    })
}

/// The certificate of a failure of `claim`: a checked proof of the opposite claim.
fn refute(
    claim: &Problem,
    config: &SolveConfig,
    settings: &CheckSettings,
    stop: Option<Arc<AtomicBool>>,
) -> Checked {
    if !settings.enabled {
        return Checked::new(CheckVerdict::Skipped, None);
    }
    let opposite = claim.flipped();
    let mut search = config.clone();
    search.time_limit = settings.time_limit;
    search.max_nodes = Some(settings.max_positions);
    search.build_proof = true;
    let mut solver = Solver::new(&opposite, search);
    if let Some(flag) = &stop {
        solver.set_stop_flag(Arc::clone(flag));
    }
    let solution = solver.solve();
    drop(solver);
    let (nodes, secs) = (solution.nodes, solution.elapsed.as_secs_f64());
    let none = |why: String| Checked {
        refutation_nodes: nodes,
        refutation_seconds: secs,
        ..Checked::new(CheckVerdict::NoCertificate, Some(why))
    };
    let mut proof = match (solution.status, solution.proof) {
        (Status::Win, Some(proof)) => proof,
        (Status::Fail, _) => {
            return none(
                "the opposite claim fails too (a repetition decides the position)".to_string(),
            )
        }
        (status, _) => {
            return none(format!(
                "the opposite claim was {} within the check's limits ({})",
                if status == Status::Win {
                    "won, but its proof was not rebuilt,"
                } else {
                    "not proven"
                },
                solution.stop.describe()
            ))
        }
    };
    if let Some(fault) = settings.fault {
        let _ = fault.apply(&opposite, &mut proof);
    }
    let checked = check(&opposite, &proof, settings, stop);
    Checked {
        refutation: Some(Box::new((opposite, proof))),
        refutation_nodes: nodes,
        refutation_seconds: secs,
        ..checked
    }
}

/// The claim and proof a verdict is about: the refutation of a failure, else the analysis's own.
pub fn checked_proof(analysis: &Analysis) -> Option<(&Problem, &ProofTree)> {
    match analysis
        .check
        .as_ref()
        .and_then(|c| c.refutation.as_deref())
    {
        Some((claim, proof)) => Some((claim, proof)),
        None => analysis
            .solution
            .proof
            .as_ref()
            .map(|p| (&analysis.claim, p)),
    }
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
