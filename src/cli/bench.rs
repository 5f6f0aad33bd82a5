//! `tsumego-studio bench PATH...`: solve every problem file's own claim and print a table (or
//! JSON lines) with a summary. Output is flushed after each row, for long runs.
//!
//! ```text
//! file                                  result                        move        nodes  seconds    RZ
//! problems/01-straight-three-kill.sgf   win                           D1 ✓           41    0.001     9
//! problems/04-straight-four-alive.sgf   fail                          -             120    0.002     -
//! broken.sgf                            error: invalid problem: …
//! solved 2/3, nodes 161, seconds 0.003
//! ```
//!
//! With `--json`, one object per problem per line (a [`SolveReport`], or `{"file":…,"error":…}`
//! for a file that does not load), then `{"summary":{"solved":N,"total":M,"nodes":K,"seconds":S,
//! "checked":C,"check_failures":F,"not_checked":U,…}}`; `not_checked` counts the proofs whose
//! check did not finish within its bounds (too large, out of time), a defect to mend.
//! "Solved" means proven either way (win or fail); files that do not load count in the total only.
//! Seconds are the sum of the solve times. With `--proof-dir DIR` every proof kept is written
//! there ([`super::proof_file`]).

use super::checking::CheckArgs;
use super::engine::{RztFile, SearchArgs};
use super::proof_file::proof_to_keep;
use super::report::{MovesReadReport, SolveReport};
use crate::atomic_file::write_atomically;
use crate::problem::files::{problem_files, FileEntry};
use crate::problem::load_inferring;
use crate::solver::jobs::schedule::Width;
use crate::solver::proof::certify::CheckVerdict;
use crate::solver::Status;
use anyhow::Context;
use serde::Serialize;
use std::io::{self, Write};
use std::path::{Component, Path, PathBuf};
use std::process::ExitCode;

/// The totals of a bench run (the JSON summary line).
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize)]
pub struct BenchSummary {
    /// Problems proven (win or fail).
    pub solved: usize,
    /// Problem files, including those that failed to load.
    pub total: usize,
    pub nodes: u64,
    pub seconds: f64,
    /// Proofs the independent checker accepted.
    pub checked: usize,
    /// Proofs the checker rejected (counted as errors, never as solved).
    pub check_failures: usize,
    /// Proven results whose check did not finish within its bounds (too large, out of time,
    /// stopped, no certificate found): a defect to mend, not a state.
    pub not_checked: usize,
    /// The proofs were not checked (`--no-check`).
    pub unchecked: bool,
}

/// A JSON line for a file that did not load.
#[derive(Serialize)]
struct ErrorRow<'a> {
    file: &'a str,
    error: &'a str,
}

/// Run `bench` on stdout (with `--rzt FILE`: the file opened first and saved at the end,
/// also when writing fails); the exit status is 0 unless writing fails, or
/// [`super::solve::EXIT_CHECK_FAILED`] when the checker rejected a proof.
pub fn run(
    paths: &[PathBuf],
    search: &SearchArgs,
    check: &CheckArgs,
    json: bool,
    proof_dir: Option<&Path>,
) -> anyhow::Result<ExitCode> {
    if let Some(dir) = proof_dir {
        std::fs::create_dir_all(dir)
            .with_context(|| format!("cannot make the proof folder {}", dir.display()))?;
    }
    let mut search = search.clone();
    let rzt = search.open_rzt()?;
    let mut stdout = io::stdout().lock();
    let summary = RztFile::save_after(
        rzt.as_ref(),
        bench(paths, &search, check, json, proof_dir, &mut stdout),
    )?;
    Ok(if summary.check_failures > 0 {
        ExitCode::from(super::solve::EXIT_CHECK_FAILED)
    } else {
        ExitCode::SUCCESS
    })
}

/// Solve every problem of `paths` and write the table (or JSON lines) to `out`, flushing after
/// each row.
pub fn bench(
    paths: &[PathBuf],
    search: &SearchArgs,
    check: &CheckArgs,
    json: bool,
    proof_dir: Option<&Path>,
    out: &mut impl Write,
) -> anyhow::Result<BenchSummary> {
    let entries = problem_files(paths);
    let width = entries
        .iter()
        .map(|e| entry_path(e).display().to_string().chars().count())
        .max()
        .unwrap_or(0)
        .max(4);
    if !json {
        writeln!(
            out,
            "{:<width$}  {:<28}  {:<8}  {:>10}  {:>8}  {:>4}",
            "file", "result", "move", "nodes", "seconds", "RZ"
        )?;
    }
    let mut summary = BenchSummary::default();
    for entry in &entries {
        summary.total += 1;
        let file = entry_path(entry).display().to_string();
        let problem = match entry {
            FileEntry::File(path) => load_inferring(path).map_err(|e| e.to_string()),
            FileEntry::Error { message, .. } => Err(message.clone()),
        };
        match problem {
            Err(error) => {
                if json {
                    let row = ErrorRow {
                        file: &file,
                        error: &error,
                    };
                    writeln!(out, "{}", serde_json::to_string(&row)?)?;
                } else {
                    writeln!(out, "{file:<width$}  error: {error}")?;
                }
            }
            Ok(loaded) => {
                let note = loaded.note();
                let moves_read = MovesReadReport::new(loaded.moves_read);
                let problem = search.goal_of(loaded.problem);
                let mut analysis = search.analyse(&problem, Width::Full);
                let repro = search.check(check, entry_path(entry), &mut analysis);
                if let (Some(dir), Some(sgf)) = (proof_dir, proof_to_keep(&problem, &analysis)) {
                    let path = dir.join(proof_file_name(entry_path(entry)));
                    write_atomically(&path, sgf.as_bytes())
                        .with_context(|| format!("cannot write the proof to {}", path.display()))?;
                }
                let mut report = SolveReport::from_analysis(entry_path(entry), &problem, &analysis);
                report.inferred = note;
                report.moves_read = moves_read;
                match repro {
                    Some(Ok(path)) => report.repro_file = Some(path.display().to_string()),
                    Some(Err(why)) => eprintln!("{file}: {why}"),
                    None => {}
                }
                if report.status != Status::Unknown {
                    summary.solved += 1;
                }
                match report.check {
                    Some(CheckVerdict::Checked) => summary.checked += 1,
                    Some(CheckVerdict::Failed) => summary.check_failures += 1,
                    Some(CheckVerdict::Skipped) => summary.unchecked = true,
                    Some(v) if v.unfinished() => summary.not_checked += 1,
                    Some(_) | None => {}
                }
                summary.nodes += report.nodes;
                summary.seconds += report.seconds;
                if json {
                    writeln!(out, "{}", serde_json::to_string(&report)?)?;
                } else {
                    let mv = match &report.first_move {
                        Some(m) => format!("{m} {}", report.book_mark()),
                        None => "-".to_string(),
                    };
                    let rz = report
                        .root_zone_size
                        .map_or("-".to_string(), |n| n.to_string());
                    writeln!(
                        out,
                        "{file:<width$}  {:<28}  {mv:<8}  {:>10}  {:>8.3}  {rz:>4}",
                        report.status_words(),
                        report.nodes,
                        report.seconds
                    )?;
                    if let Some(path) = &report.repro_file {
                        writeln!(
                            out,
                            "{:<width$}  the checker rejected the proof ({}); reproduction \
                             file: {path}",
                            "",
                            report.check_error.as_deref().unwrap_or("no reason given")
                        )?;
                    }
                }
            }
        }
        out.flush()?;
    }
    if json {
        #[derive(Serialize)]
        struct Line {
            summary: BenchSummary,
        }
        writeln!(out, "{}", serde_json::to_string(&Line { summary })?)?;
    } else {
        let checked = if summary.unchecked {
            "proofs not checked (--no-check)".to_string()
        } else {
            format!("proofs checked {}", summary.checked)
        };
        writeln!(
            out,
            "solved {}/{}, nodes {}, seconds {:.3}, {checked}{}{}",
            summary.solved,
            summary.total,
            summary.nodes,
            summary.seconds,
            if summary.not_checked > 0 {
                format!(
                    ", NOT CHECKED {} (the check did not finish within its bounds)",
                    summary.not_checked
                )
            } else {
                String::new()
            },
            if summary.check_failures > 0 {
                format!(", CHECK FAILURES {}", summary.check_failures)
            } else {
                String::new()
            }
        )?;
    }
    out.flush()?;
    Ok(summary)
}

/// The proof file's name for a problem file: its path without `.`/`..` and the root, the
/// folders joined by `_`, with `.sgf` for its extension (`../bench/19x19/23.json` →
/// `bench_19x19_23.sgf`).
fn proof_file_name(path: &Path) -> String {
    let parts: Vec<String> = path
        .with_extension("")
        .components()
        .filter_map(|c| match c {
            Component::Normal(part) => Some(part.to_string_lossy().into_owned()),
            _ => None,
        })
        .collect();
    format!("{}.sgf", parts.join("_"))
}

fn entry_path(entry: &FileEntry) -> &std::path::Path {
    match entry {
        FileEntry::File(path) | FileEntry::Error { path, .. } => path,
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::cli::checking::CheckBounds;
    use std::fs;

    #[test]
    fn table_rows_errors_and_summary() {
        let dir = std::env::temp_dir().join(format!("tsumego-bench-{}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        let problems = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("problems");
        fs::copy(
            problems.join("01-straight-three-kill.sgf"),
            dir.join("a.sgf"),
        )
        .unwrap();
        fs::write(dir.join("b.sgf"), "(;SZ[5]AB[aa]PL[B]TR[bb])").unwrap();
        let mut out = Vec::new();
        let summary = bench(
            std::slice::from_ref(&dir),
            &SearchArgs::default(),
            &CheckArgs::default(),
            false,
            None,
            &mut out,
        )
        .unwrap();
        let mut json = Vec::new();
        bench(
            std::slice::from_ref(&dir),
            &SearchArgs::default(),
            &CheckArgs::default(),
            true,
            None,
            &mut json,
        )
        .unwrap();
        fs::remove_dir_all(&dir).unwrap();
        let text = String::from_utf8(out).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 4, "{text}");
        assert!(
            lines[0].contains("result") && lines[0].ends_with("RZ"),
            "{text}"
        );
        assert!(
            lines[1].contains("  win  ") && lines[1].contains("D1 ✓"),
            "{text}"
        );
        assert!(
            lines[2].ends_with(
                "error: invalid problem: crucial stone B4 (SGF bb) is on an empty point"
            ),
            "{text}"
        );
        assert_eq!((summary.solved, summary.total), (1, 2));
        assert!(lines[3].starts_with("solved 1/2, nodes "), "{text}");

        let json = String::from_utf8(json).unwrap();
        let rows: Vec<serde_json::Value> = json
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        assert_eq!(rows[0]["status"], "win");
        assert_eq!(rows[0]["first_move"], "D1");
        assert_eq!(rows[0]["first_move_in_book"], true);
        assert!(rows[1]["error"]
            .as_str()
            .unwrap()
            .starts_with("invalid problem"));
        assert_eq!(rows[2]["summary"]["solved"], 1);
        assert_eq!(rows[2]["summary"]["total"], 2);
        assert_eq!(rows[2]["summary"]["not_checked"], 0);
    }

    /// A proof whose check does not finish within its bounds is counted and said in the summary,
    /// not passed over.
    #[test]
    fn a_check_that_does_not_finish_is_said() {
        let problems = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("problems");
        let file = problems.join("03-bent-three-kill.sgf");
        let check = CheckArgs {
            bounds: CheckBounds {
                check_positions: Some(1),
                ..Default::default()
            },
            ..CheckArgs::default()
        };
        let mut out = Vec::new();
        let summary = bench(
            &[file],
            &SearchArgs::default(),
            &check,
            false,
            None,
            &mut out,
        )
        .unwrap();
        let text = String::from_utf8(out).unwrap();
        assert_eq!(
            (summary.solved, summary.checked, summary.not_checked),
            (1, 0, 1)
        );
        assert!(
            text.contains("NOT CHECKED 1 (the check did not finish within its bounds)"),
            "{text}"
        );
    }

    /// `--proof-dir` keeps each proof under a name made from the problem's path, and the kept
    /// proof checks again from the file alone.
    #[test]
    fn proofs_are_kept_in_the_proof_folder() {
        assert_eq!(
            proof_file_name(Path::new("../bench/19x19/23.json")),
            "bench_19x19_23.sgf"
        );
        assert_eq!(proof_file_name(Path::new("/p/a.sgf")), "p_a.sgf");
        let problems = Path::new(env!("CARGO_MANIFEST_DIR")).join("problems");
        let file = problems.join("03-bent-three-kill.sgf");
        let dir = std::env::temp_dir().join(format!("tsumego-bench-proofs-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let mut out = Vec::new();
        let check = CheckArgs::default();
        let summary = bench(
            std::slice::from_ref(&file),
            &SearchArgs::default(),
            &check,
            false,
            Some(&dir),
            &mut out,
        )
        .unwrap();
        assert_eq!((summary.solved, summary.checked), (1, 1));
        let kept = dir.join(proof_file_name(&file));
        let text = std::fs::read_to_string(&kept).unwrap();
        assert!(text.contains("TSROLE"), "{text}");
        assert!(
            text.contains("Checked by the independent checker"),
            "{text}"
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
