//! A proof read from a proof SGF, shown as a finished solve is: a [`Finished`] whose one
//! "search" is the file's claim, won, with the file's proof, and whose verdict says that the
//! proof was read from the file (not searched here) and what the independent checker made of
//! it: "checking…" until its verdict arrives ([`super::proof_file_job`]), then accepted, not
//! checked (and why), or REJECTED with the checker's reason. A rejected proof stays on screen
//! as written, marked so: the user opened it to see it.

use super::live::{check_words, thousands, Finished};
use super::proof_file_job::ReadProof;
use crate::report::verdict::result_words;
use crate::solver::jobs::analysis::How;
use crate::solver::kernel::ko_flags::KoFlags;
use crate::solver::proof::certify::{CheckVerdict, Checked};
use crate::solver::{Role, Solution, Status, StopReason};
use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

/// The result shown for `read`, the proof of `path`, for document revision `revision`, while
/// its check runs (`check` is `None` until [`with_check`]).
pub fn finished_from_file(read: &ReadProof, path: &Path, revision: u64) -> Finished {
    let proof = &read.proof;
    let root = &proof.root;
    // The OR player's proven first move (an OR root has the winning move as its one child).
    let first_move = match root.role {
        Role::Or => root.children.first().and_then(|c| c.mv),
        _ => None,
    };
    let solution = Solution {
        status: Status::Win,
        stop: StopReason::Solved,
        goal: read.problem.goal(),
        or_player: read.problem.or_player(),
        first_move,
        root_zone: Some(root.zone),
        // Nothing was searched here.
        nodes: 0,
        pattern_hits: 0,
        elapsed: Duration::ZERO,
        depth: u32::try_from(root.depth()).unwrap_or(u32::MAX),
        proof: None,
        ko: KoFlags::NONE,
    };
    let claim = claim_words(&read.problem, &solution);
    let details = format!(
        "Proof read from {}: {} nodes, depth {}, relevance zone {} points (not searched here).",
        file_name(path),
        thousands(proof.node_count() as u64),
        root.depth(),
        root.zone.len()
    );
    Finished {
        revision,
        searches: vec![(read.problem.clone(), solution, How::Plain)],
        chosen: 0,
        verdict: checking_verdict(&claim),
        details,
        proof: Some(Arc::clone(proof)),
        has_seki: read.has_seki,
        ko_captures: read.ko_captures.clone(),
        check: None,
        refutation_claim: None,
    }
}

/// `finished` (from [`finished_from_file`]) with the checker's verdict `checked`: its words in
/// the verdict and [`Finished::check`].
pub fn with_check(finished: &mut Finished, checked: &Checked) {
    let claim = claim_words(finished.claim(), finished.solution());
    finished.verdict = checked_verdict(&claim, checked);
    finished.check = Some(checked.verdict);
}

/// `finished` (from [`finished_from_file`]) when its check ended without a verdict (`why`).
pub fn without_check(finished: &mut Finished, why: &str) {
    let claim = claim_words(finished.claim(), finished.solution());
    finished.verdict = format!("{claim} (a proof read from the file). Not checked: {why}.");
}

/// Is this verdict one to warn about (the proof rejected, or left unchecked)?
pub fn is_warning(checked: &Checked) -> bool {
    checked.verdict != CheckVerdict::Checked
}

/// "White kills: first move D1": what the file's proof claims.
fn claim_words(problem: &crate::problem::Problem, solution: &Solution) -> String {
    result_words(problem, solution)
}

/// While the check runs.
fn checking_verdict(claim: &str) -> String {
    format!("{claim} (a proof read from the file). Checking it with the independent checker…")
}

/// Once the checker has spoken. A rejection leads the verdict (and so the problem list's tag).
fn checked_verdict(claim: &str, checked: &Checked) -> String {
    match checked.verdict {
        CheckVerdict::Failed => format!(
            "REJECTED: the independent checker rejects the proof read from the file that {claim} \
             ({}). The proof is shown as written; do not trust it.",
            checked.error.as_deref().unwrap_or("no reason given")
        ),
        _ => format!(
            "{claim} (a proof read from the file). {}",
            check_words(checked)
        ),
    }
}

/// The file's name (its path when it has none), for the details line.
fn file_name(path: &Path) -> String {
    path.file_name()
        .unwrap_or(path.as_os_str())
        .to_string_lossy()
        .into_owned()
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::problem::fixtures::bent_three_live;
    use crate::solver::{SolveConfig, Solver};

    fn checked(verdict: CheckVerdict, error: Option<&str>) -> Checked {
        Checked {
            verdict,
            positions: 1204,
            seconds: 0.01,
            memory_bytes: 0,
            error: error.map(str::to_string),
            refutation: None,
            refutation_nodes: 0,
            refutation_seconds: 0.0,
        }
    }

    fn read() -> ReadProof {
        let problem = bent_three_live().validate().unwrap();
        let proof = Solver::new(&problem, SolveConfig::default())
            .solve()
            .proof
            .unwrap();
        ReadProof {
            problem,
            proof: Arc::new(proof),
            has_seki: false,
            ko_captures: Vec::new(),
        }
    }

    #[test]
    fn the_verdict_says_checking_then_what_the_checker_found() {
        let read = read();
        let mut f = finished_from_file(&read, Path::new("/tmp/bent-proof.sgf"), 7);
        assert_eq!(f.revision, 7);
        assert!(
            f.verdict.starts_with("White lives: first move "),
            "{}",
            f.verdict
        );
        assert!(
            f.verdict.contains("(a proof read from the file)"),
            "{}",
            f.verdict
        );
        assert!(f
            .verdict
            .ends_with("Checking it with the independent checker…"));
        assert!(
            f.details.starts_with("Proof read from bent-proof.sgf: "),
            "{}",
            f.details
        );
        assert_eq!(f.check, None);
        assert!(Arc::ptr_eq(f.proof.as_ref().unwrap(), &read.proof));

        let accepted = checked(CheckVerdict::Checked, None);
        with_check(&mut f, &accepted);
        assert_eq!(f.check, Some(CheckVerdict::Checked));
        assert!(
            f.verdict
                .contains("Proven and checked: the independent checker accepts it (1,204"),
            "{}",
            f.verdict
        );
        assert!(!is_warning(&accepted));

        let rejected = checked(CheckVerdict::Failed, Some("B C1 is not answered"));
        with_check(&mut f, &rejected);
        assert_eq!(f.check, Some(CheckVerdict::Failed));
        assert!(f.verdict.starts_with("REJECTED: "), "{}", f.verdict);
        assert!(
            f.verdict.contains("(B C1 is not answered)"),
            "{}",
            f.verdict
        );
        assert!(is_warning(&rejected));
    }
}
