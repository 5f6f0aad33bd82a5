//! `tsumego-studio check FILE_OR_DIR...`: load and validate problem files.
//!
//! Output, one entry per file in argument order (directories expanded recursively to their `.sgf`
//! and `.json` files, sorted by path):
//!
//! ```text
//! bench/19x19/1.json: 19x19, Black to move, OR Black goal live, region 153 points (67 empty), ...
//! bad.sgf: 2 errors
//!     crucial stone R2 (SGF qr) is on an empty point
//!     the region has no empty point
//! proof.sgf: proof that White kills (goal kill), 41 nodes: checked (1,204 positions in 0.004 s, 0.1 MiB remembered)
//! 3 files: 2 ok, 1 failed
//! ```
//!
//! A proof SGF (an SGF file with a proof tree: `TSROLE` properties, as `solve --proof-out` and
//! reproduction files write them) is read with its problem and run through the independent
//! checker ([`crate::solver::proof::certify`]); a rejected proof, or one whose check does not finish,
//! fails.

use crate::problem::files::{problem_files, FileEntry};
use crate::problem::{load_inferring, LoadError};
use crate::solver::proof::certify::{check, CheckSettings, CheckVerdict};
use crate::solver::proof::proof_sgf::proof_from_sgf;
use anyhow::Context;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Counts of a check run.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CheckReport {
    pub ok: usize,
    pub failed: usize,
}

/// Check `paths`, print to stdout; exit status 1 when any file failed. `bounds`: the time one
/// proof's check may take and the positions it may visit.
pub fn run(paths: &[PathBuf], bounds: &super::checking::CheckBounds) -> anyhow::Result<ExitCode> {
    let mut stdout = io::stdout().lock();
    let settings = bounds.settings();
    let report =
        check_paths_with(paths, &settings, &mut stdout).context("writing the check report")?;
    Ok(if report.failed == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

/// Check `paths` (files, or directories searched recursively), writing the report to `out`.
pub fn check_paths(paths: &[PathBuf], out: &mut impl Write) -> io::Result<CheckReport> {
    check_paths_with(paths, &CheckSettings::default(), out)
}

/// [`check_paths`], checking proofs with `settings`.
pub fn check_paths_with(
    paths: &[PathBuf],
    settings: &CheckSettings,
    out: &mut impl Write,
) -> io::Result<CheckReport> {
    let mut report = CheckReport::default();
    for entry in problem_files(paths) {
        match entry {
            FileEntry::File(file) => match proof_text(&file) {
                Some(text) => check_proof_file(&file, &text, settings, out, &mut report)?,
                None => check_file(&file, out, &mut report)?,
            },
            FileEntry::Error { path, message } => {
                writeln!(out, "{}: 1 error\n    {message}", path.display())?;
                report.failed += 1;
            }
        }
    }
    let total = report.ok + report.failed;
    writeln!(
        out,
        "{total} file{}: {} ok, {} failed",
        if total == 1 { "" } else { "s" },
        report.ok,
        report.failed
    )?;
    Ok(report)
}

fn check_file(path: &Path, out: &mut impl Write, report: &mut CheckReport) -> io::Result<()> {
    match load_inferring(path) {
        Ok(loaded) => {
            report.ok += 1;
            writeln!(out, "{}: {}", path.display(), loaded.problem.summary())?;
            if let Some(read) = loaded.reading_note() {
                writeln!(out, "  {read}")?;
            }
            match loaded.note() {
                Some(note) => writeln!(out, "  {note}"),
                None => Ok(()),
            }
        }
        Err(e) => {
            report.failed += 1;
            write_errors(path, &e, out)
        }
    }
}

/// The text of `path` when it is an SGF file with a proof tree (a `TSROLE` property).
fn proof_text(path: &Path) -> Option<String> {
    let is_sgf = path
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("sgf"));
    if !is_sgf {
        return None;
    }
    let text = std::fs::read_to_string(path).ok()?;
    text.contains("TSROLE[").then_some(text)
}

/// Read a proof SGF and run the independent checker on it.
fn check_proof_file(
    path: &Path,
    text: &str,
    settings: &CheckSettings,
    out: &mut impl Write,
    report: &mut CheckReport,
) -> io::Result<()> {
    let (problem, proof) = match proof_from_sgf(text) {
        Ok(read) => read,
        Err(e) => {
            report.failed += 1;
            return writeln!(
                out,
                "{}: 1 error\n    not a readable proof: {e}",
                path.display()
            );
        }
    };
    let c = check(&problem, &proof, settings, None);
    let what = format!(
        "{}: proof that {}, {} nodes{}",
        path.display(),
        problem.claim_words(),
        proof.node_count(),
        if proof.superko { ", superko" } else { "" }
    );
    let why = c.error.as_deref().unwrap_or("no reason given");
    match c.verdict {
        CheckVerdict::Checked => {
            report.ok += 1;
            writeln!(
                out,
                "{what}: checked ({} positions in {:.3} s, {:.1} MiB remembered)",
                c.positions,
                c.seconds,
                c.memory_bytes as f64 / (1 << 20) as f64
            )
        }
        CheckVerdict::Failed => {
            report.failed += 1;
            writeln!(out, "{what}: REJECTED\n    {why}")
        }
        _ => {
            report.failed += 1;
            writeln!(out, "{what}: not checked\n    {why}")
        }
    }
}

fn write_errors(path: &Path, e: &LoadError, out: &mut impl Write) -> io::Result<()> {
    let messages = e.messages();
    let n = messages.len();
    writeln!(
        out,
        "{}: {n} error{}",
        path.display(),
        if n == 1 { "" } else { "s" }
    )?;
    for m in messages {
        writeln!(out, "    {m}")?;
    }
    Ok(())
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use std::fs;

    #[test]
    fn reports_ok_and_failed_files() {
        let dir = std::env::temp_dir().join(format!("tsumego-check-{}", std::process::id()));
        let sub = dir.join("sub");
        fs::create_dir_all(&sub).unwrap();
        fs::write(dir.join("b.sgf"), "(;SZ[5]AB[aa]PL[B]TR[bb])").unwrap();
        fs::write(sub.join("a.sgf"), "(;SZ[5]AB[aa]PL[B]TR[aa])").unwrap();
        fs::write(dir.join("notes.txt"), "ignored").unwrap();
        let mut out = Vec::new();
        let report = check_paths(&[dir.clone(), dir.join("missing.sgf")], &mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        fs::remove_dir_all(&dir).unwrap();
        assert_eq!(report, CheckReport { ok: 1, failed: 2 });
        let lines: Vec<&str> = text.lines().collect();
        assert!(lines[0].ends_with("b.sgf: 1 error"), "{text}");
        assert_eq!(
            lines[1],
            "    crucial stone B4 (SGF bb) is on an empty point"
        );
        assert!(
            lines[2].ends_with(
                "sub/a.sgf: 5x5, Black to move, OR Black goal live, region \
                                    24 points (24 empty), crucial 1 (A5), ko Black disallow / \
                                    White allow"
            ),
            "{text}"
        );
        assert!(lines[3].ends_with("missing.sgf: 1 error"), "{text}");
        assert!(lines[4].starts_with("    cannot read: "), "{text}");
        assert_eq!(lines[5], "3 files: 1 ok, 2 failed");
    }
}
