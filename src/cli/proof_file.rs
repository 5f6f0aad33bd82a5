//! The proof a run keeps as an SGF file (`solve --proof-out`, `bench --proof-dir`): a win's own
//! proof, or for a proven failure the checked proof of the opposite claim, with a note saying
//! whether the independent checker confirmed it. A proof the checker rejected is never kept.

use crate::problem::Problem;
use crate::solver::jobs::analysis::Analysis;
use crate::solver::proof::certify::CheckVerdict;
use crate::solver::proof::proof_sgf::proof_to_sgf_with_note;

/// The SGF text of the proof to keep for `analysis` of `claim` (the problem as asked), or `None`
/// when there is none to keep (no proof, a failure whose certificate was not checked, or a proof
/// the checker rejected).
pub fn proof_to_keep(claim: &Problem, analysis: &Analysis) -> Option<String> {
    let check = analysis.check.as_ref();
    if check.is_some_and(|c| c.verdict == CheckVerdict::Failed) {
        return None;
    }
    let (proven, proof, failed) = match (&analysis.solution.proof, check) {
        (Some(proof), _) => (&analysis.claim, proof, None),
        (None, Some(c)) if c.verdict.accepted() => {
            let (opposite, proof) = c.refutation.as_deref()?;
            (opposite, proof, Some(claim.claim_words()))
        }
        _ => return None,
    };
    let mut note = check.map(|c| match c.verdict {
        CheckVerdict::Checked => format!(
            "Checked by the independent checker: {} positions in {:.3} s.",
            c.positions, c.seconds
        ),
        CheckVerdict::Skipped => "Not checked (--no-check).".to_string(),
        _ => format!(
            "Not checked: {}.",
            c.error.as_deref().unwrap_or("the check did not finish")
        ),
    });
    if let Some(failed) = failed {
        note = note.map(|n| {
            format!(
                "The file's claim ({failed}) fails; this is the proof of the opposite claim. {n}"
            )
        });
    }
    Some(proof_to_sgf_with_note(proven, proof, note.as_deref()))
}
