//! The reproduction file of a proof the checker rejected: the claim (problem, goal, ko rules),
//! the search settings and the rejected proof, as a proof SGF ([`crate::solver::proof::proof_sgf`]) whose proof
//! root comment says why it was rejected. `tsumego-studio check FILE` runs the checker on it again;
//! the file is what a bug report needs.

use crate::problem::Problem;
use crate::solver::jobs::analysis::Analysis;
use crate::solver::proof::certify::{checked_proof, CheckVerdict};
use crate::solver::proof::proof_sgf::proof_to_sgf_with_note;
use crate::solver::proof::ProofTree;
use std::fs::OpenOptions;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{SystemTime, UNIX_EPOCH};

/// The file's text: the proof SGF of `claim` with a note naming the checker's `error`, the
/// `settings` of the search that made the proof, and `source` (the problem file, if any).
pub fn repro_text(
    claim: &Problem,
    proof: &ProofTree,
    source: Option<&Path>,
    settings: &str,
    error: &str,
) -> String {
    let mut note = format!(
        "REPRODUCTION FILE: the independent checker rejected this proof (a solver bug).\n\
         Checker: {error}\n\
         Search settings: {settings}\n"
    );
    if let Some(path) = source {
        note.push_str(&format!("Problem file: {}\n", path.display()));
    }
    note.push_str(&format!(
        "Made by tsumego-studio {}. Check it again with: tsumego-studio check THIS_FILE",
        env!("CARGO_PKG_VERSION")
    ));
    proof_to_sgf_with_note(claim, proof, Some(&note))
}

/// Write `text` to a new file in `dir` named `tsumego-repro-<stem>-<seconds>-<n>.sgf` (never
/// over an existing file) and return its path.
pub fn write_repro(dir: &Path, stem: &str, text: &str) -> io::Result<PathBuf> {
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let secs = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let stem: String = stem
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' || c == '_' {
                c
            } else {
                '_'
            }
        })
        .take(60)
        .collect();
    loop {
        let n = COUNTER.fetch_add(1, Ordering::Relaxed);
        let path = dir.join(format!(
            "tsumego-repro-{stem}-{secs}-{}-{n}.sgf",
            std::process::id()
        ));
        match OpenOptions::new().write(true).create_new(true).open(&path) {
            Ok(mut file) => {
                file.write_all(text.as_bytes())?;
                file.sync_all()?;
                return Ok(path);
            }
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => continue,
            Err(e) => return Err(e),
        }
    }
}

/// Write the reproduction file of a rejected proof into `dir`; the message names the file, or
/// says why it could not be written.
pub fn save_repro(
    dir: &Path,
    claim: &Problem,
    proof: &ProofTree,
    source: Option<&Path>,
    settings: &str,
    error: &str,
) -> Result<PathBuf, String> {
    let stem = source.and_then(|p| p.file_stem()).map_or_else(
        || "problem".to_string(),
        |s| s.to_string_lossy().into_owned(),
    );
    let text = repro_text(claim, proof, source, settings, error);
    write_repro(dir, &stem, &text).map_err(|e| {
        format!(
            "could not write the reproduction file in {}: {e}",
            dir.display()
        )
    })
}

/// When the checker rejected what `analysis` reports (its proof, or a failure's refutation),
/// write the reproduction file of that claim and proof into `dir`: its path, or why it could not
/// be written. `None` when nothing was rejected.
pub fn save_rejected(
    analysis: &Analysis,
    dir: &Path,
    source: Option<&Path>,
    settings: &str,
) -> Option<Result<PathBuf, String>> {
    let check = analysis.check.as_ref()?;
    if check.verdict != CheckVerdict::Failed {
        return None;
    }
    let (claim, proof) = checked_proof(analysis)?;
    let error = check.error.as_deref().unwrap_or("no reason given");
    Some(save_repro(dir, claim, proof, source, settings, error))
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::solver::fixtures::solved_bent_three_kill;
    use crate::solver::proof::proof_sgf::proof_from_sgf;

    #[test]
    fn a_reproduction_file_reads_back_as_the_claim_and_proof() {
        let (problem, tree) = solved_bent_three_kill();
        let dir = std::env::temp_dir().join(format!("tsumego-repro-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let a = save_repro(
            &dir,
            &problem,
            &tree,
            Some(Path::new("x/bent three.sgf")),
            "time limit 2 s",
            "after B1: the OR player lost",
        )
        .unwrap();
        let b = save_repro(&dir, &problem, &tree, None, "", "e").unwrap();
        assert_ne!(a, b);
        let name = a.file_name().unwrap().to_string_lossy().into_owned();
        assert!(name.starts_with("tsumego-repro-bent_three-"), "{name}");
        let text = std::fs::read_to_string(&a).unwrap();
        std::fs::remove_dir_all(&dir).unwrap();
        assert!(
            text.contains("Checker: after B1: the OR player lost"),
            "{text}"
        );
        assert!(text.contains("Search settings: time limit 2 s"), "{text}");
        let (read_problem, read_proof) = proof_from_sgf(&text).unwrap();
        assert_eq!(read_proof, tree);
        assert_eq!(read_problem.goal(), problem.goal());
        // A folder that does not exist: a message, no panic.
        let err = save_repro(&dir.join("no/such"), &problem, &tree, None, "", "e").unwrap_err();
        assert!(
            err.starts_with("could not write the reproduction file in "),
            "{err}"
        );
    }
}
