//! `tsumego-studio solve FILE`: solve one problem's claim (or its opposite, or both) and report
//! the result, the file's expectations, the root relevance zone and the search figures; optionally
//! write the proof as SGF ([`crate::solver::proof::proof_sgf`]).

use super::checking::CheckArgs;
use super::engine::{RztFile, SearchArgs};
use super::proof_file::proof_to_keep;
use super::reduce::{ReduceArgs, ReductionSummary};
use super::report::{MovesReadReport, SolveReport};
use crate::go::Color;
use crate::problem::{load_inferring, Goal, KoRule, LoadError, Problem};
use crate::report::verdict::analysis_words;
use crate::solver::jobs::analysis::{Analysis, How};
use crate::solver::jobs::race::race;
use crate::solver::jobs::schedule::Width;
use crate::solver::proof::certify::CheckVerdict;
use crate::solver::{Status, StopReason};
use anyhow::{anyhow, bail, Context};
use clap::ValueEnum;
use serde::Serialize;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Instant;

/// Which claim to prove.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Side {
    /// The defender's claim (the file's claim, or its opposite when the file's goal is to kill).
    Live,
    /// The attacker's claim.
    Kill,
    /// Both claims at once, each on a thread of its own: the first proven (a win without ko)
    /// stops the other, which is then reported unknown (stopped); a proven failure stops
    /// nothing. The one proven is reported.
    Both,
}

/// The options of `solve`.
#[derive(Clone, Debug, PartialEq)]
pub struct SolveOptions {
    pub file: PathBuf,
    pub search: SearchArgs,
    pub check: CheckArgs,
    /// `None`: the claim the file states.
    pub side: Option<Side>,
    pub json: bool,
    pub proof_out: Option<PathBuf>,
    /// Judge every first move instead ([`super::all_moves`]).
    pub all_moves: bool,
    /// With `all_moves`: write the answers SGF here ([`crate::report::answers`]).
    pub answers_out: Option<PathBuf>,
    /// Reduce the proof's relevance zone after a win ([`super::reduce`]).
    pub reduce: ReduceArgs,
}

/// One search of a `solve` run, as listed in the JSON output.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SearchSummary {
    pub or_player: Color,
    pub goal: Goal,
    /// The OR player's ko rule in this search.
    pub or_ko_rule: KoRule,
    /// What the search was for: `ko disallowed`, `unconditional life`, `ko allowed`.
    pub what: &'static str,
    pub status: Status,
    pub stop: StopReason,
    pub nodes: u64,
    pub seconds: f64,
}

/// The JSON object `solve --json` prints: the report of the search reported, then the side
/// asked for, every search run and where the proof was written.
#[derive(Serialize)]
struct JsonOutput<'a> {
    #[serde(flatten)]
    report: &'a SolveReport,
    side: &'static str,
    searches: &'a [SearchSummary],
    /// The Go result of every claim searched, in words.
    verdicts: &'a [String],
    proof_out: Option<String>,
    /// `--reduce-zones`: what the reduction did (absent when it did not run).
    #[serde(skip_serializing_if = "Option::is_none")]
    reduction: Option<&'a ReductionSummary>,
    /// Microseconds the reported claim's analysis and the check of its result took in this
    /// process (with `--reduce-zones`, the reduction between them too; no start-up, no file
    /// loading, no printing): the in-process time that `scripts/compare-tsumego-js.sh` sets
    /// beside tsumego.js's solve.
    in_process_us: u64,
}

/// Exit status of `solve` and `bench` when the checker rejected a proof (an internal error).
pub const EXIT_CHECK_FAILED: u8 = 2;

/// Run `solve`: print the report to stdout. Errors: the file cannot be loaded, the proof cannot
/// be written, or a proof was asked for and there is none. The exit status is
/// [`EXIT_CHECK_FAILED`] when the checker rejected a proof (the reproduction file is named).
///
/// With `--rzt FILE` the file is opened first (a refused file is an error) and saved once the
/// searches are done, also when a later step fails.
pub fn run(options: &SolveOptions) -> anyhow::Result<ExitCode> {
    let mut search = options.search.clone();
    let rzt = search.open_rzt()?;
    let options = SolveOptions {
        search,
        ..options.clone()
    };
    RztFile::save_after(rzt.as_ref(), run_opened(&options))
}

/// [`run`] once `--rzt`'s file is open (its store is in `options.search`).
fn run_opened(options: &SolveOptions) -> anyhow::Result<ExitCode> {
    let loaded = load_inferring(&options.file).map_err(|e| match e {
        // The message names the path and the cause already (no source chain: it would repeat).
        LoadError::Io { .. } => anyhow!(e.to_string()),
        other => anyhow!("{}: {other}", options.file.display()),
    })?;
    let note = loaded.note();
    let moves_read = MovesReadReport::new(loaded.moves_read);
    let problem = options.search.goal_of(loaded.problem);
    if let Some(out) = &options.proof_out {
        check_parent(out, "the proof")?;
    }
    if let Some(out) = &options.answers_out {
        check_parent(out, "the answers")?;
    }
    if options.all_moves {
        let check_failed = super::all_moves::run(
            &options.file,
            &problem,
            &options.search,
            &options.check,
            options.json,
            options.answers_out.as_deref(),
            moves_read.as_ref(),
        )?;
        return Ok(if check_failed {
            ExitCode::from(EXIT_CHECK_FAILED)
        } else {
            ExitCode::SUCCESS
        });
    }

    // The claims are raced ([`crate::solver::jobs::race`]): with `--side both` each is searched on a
    // thread of its own and the first proven stops the other; each proof is checked on its
    // claim's thread. The runs keep the claims' order whichever ended first.
    let claims = claims(&problem, options.side);
    let stops: Vec<Arc<AtomicBool>> = claims.iter().map(|_| Arc::default()).collect();
    let raced = race(&stops, |lane| {
        let claim = &claims[lane.index()];
        let start = Instant::now();
        let mut analysis = options
            .search
            .analyse_until(claim, Width::Auto, lane.stop());
        lane.ended(&analysis);
        // The smallest proof found replaces the search's, and is the one checked.
        let reduction = options.reduce.apply(&options.search, &mut analysis);
        let repro = options
            .search
            .check(&options.check, &options.file, &mut analysis);
        let micros = start.elapsed().as_micros() as u64;
        (analysis, repro, reduction, micros)
    });
    let mut runs: Vec<(Problem, Analysis)> = Vec::new();
    let mut repro_files: Vec<Option<String>> = Vec::new();
    let mut reductions: Vec<Option<ReductionSummary>> = Vec::new();
    let mut lane_micros: Vec<u64> = Vec::new();
    for (claim, (analysis, repro, reduction, micros)) in claims.into_iter().zip(raced) {
        reductions.push(reduction?);
        lane_micros.push(micros);
        repro_files.push(match repro {
            Some(Ok(path)) => {
                let path = path.display().to_string();
                eprintln!(
                    "internal error: the independent checker rejected a proof; reproduction \
                     file: {path}"
                );
                Some(path)
            }
            Some(Err(why)) => {
                eprintln!("internal error: the independent checker rejected a proof; {why}");
                None
            }
            None => None,
        });
        runs.push((claim, analysis));
    }
    let check_failed = runs.iter().any(|(_, a)| {
        a.check
            .as_ref()
            .is_some_and(|c| c.verdict == CheckVerdict::Failed)
    });
    let searches: Vec<SearchSummary> = runs
        .iter()
        .flat_map(|(_, a)| {
            a.steps.iter().map(|s| SearchSummary {
                or_player: s.or_player,
                goal: s.goal,
                or_ko_rule: s.or_ko_rule,
                what: s.what,
                status: s.status,
                stop: s.stop,
                nodes: s.nodes,
                seconds: s.seconds,
            })
        })
        .collect();
    let verdicts: Vec<String> = runs.iter().map(|(p, a)| analysis_words(p, a)).collect();
    let wins = runs
        .iter()
        .filter(|(_, a)| a.status_without_ko() == Status::Win)
        .count();
    if wins > 1 {
        eprintln!("warning: both claims were proven; the solver contradicts itself");
    }
    let chosen = pick(&runs);
    let (claim, analysis) = &runs[chosen];
    let mut report = SolveReport::from_analysis(&options.file, claim, analysis);
    report.inferred = note;
    report.moves_read = moves_read;
    report.repro_file = repro_files[chosen].clone();
    if runs.len() > 1
        && runs
            .iter()
            .all(|(_, a)| a.status_without_ko() == Status::Fail && a.how == How::Plain)
    {
        // Both claims "fail": contradictory, so nothing is proven.
        report.status = Status::Unknown;
        report.agrees = None;
        report.result = "unknown: both claims failed (the solver contradicts itself)".to_string();
    }

    let mut proof_out = None;
    let rejected = analysis
        .check
        .as_ref()
        .is_some_and(|c| c.verdict == CheckVerdict::Failed);
    if let (Some(path), Some(sgf)) = (&options.proof_out, proof_to_keep(claim, analysis)) {
        write_atomically(path, &sgf)?;
        proof_out = Some(path.display().to_string());
    }

    print(
        options,
        &Printed {
            report: &report,
            searches: &searches,
            verdicts: &verdicts,
            proof_out: proof_out.as_deref(),
            reduction: reductions[chosen].as_ref(),
            in_process_us: lane_micros[chosen],
        },
    )?;

    if let (Some(path), None) = (&options.proof_out, &proof_out) {
        let why = if rejected {
            "the independent checker rejected the proof (an internal error)".to_string()
        } else if report.status == Status::Win {
            "the win was found but its proof tree could not be rebuilt".to_string()
        } else {
            format!(
                "the result is {} (a proof exists for a win, or for a failure the opposite claim's \
                 proof once checked)",
                report.status_words()
            )
        };
        if !check_failed {
            bail!("no proof to write to {}: {why}", path.display());
        }
        eprintln!("no proof written to {}: {why}", path.display());
    }
    Ok(if check_failed {
        ExitCode::from(EXIT_CHECK_FAILED)
    } else {
        ExitCode::SUCCESS
    })
}

/// What [`print`] prints.
struct Printed<'a> {
    report: &'a SolveReport,
    searches: &'a [SearchSummary],
    verdicts: &'a [String],
    proof_out: Option<&'a str>,
    reduction: Option<&'a ReductionSummary>,
    /// Microseconds of the reported claim's analysis and check (JSON only).
    in_process_us: u64,
}

/// Print the report (text or JSON) to stdout.
fn print(options: &SolveOptions, printed: &Printed<'_>) -> anyhow::Result<()> {
    let Printed {
        report,
        searches,
        verdicts,
        proof_out,
        reduction,
        in_process_us,
    } = *printed;
    let mut stdout = io::stdout().lock();
    if options.json {
        let json = JsonOutput {
            report,
            side: side_name(options.side),
            searches,
            verdicts,
            proof_out: proof_out.map(str::to_string),
            reduction,
            in_process_us,
        };
        writeln!(stdout, "{}", serde_json::to_string(&json)?)?;
    } else {
        if searches.len() > 1 {
            for s in searches {
                writeln!(
                    stdout,
                    "search: OR {} goal {} ({}): {} ({}), {} nodes, {:.3} s",
                    s.or_player,
                    s.goal,
                    s.what,
                    s.status.name(),
                    s.stop.describe(),
                    s.nodes,
                    s.seconds
                )?;
            }
        }
        if verdicts.len() > 1 {
            for v in verdicts {
                writeln!(stdout, "verdict: {v}")?;
            }
        }
        report.write_text(&mut stdout)?;
        if let Some(r) = reduction {
            writeln!(stdout, "{}", r.line())?;
        }
        if let Some(path) = proof_out {
            writeln!(stdout, "proof written to {path}")?;
        }
    }
    stdout.flush()?;
    Ok(())
}

/// The claims to search, in order.
fn claims(problem: &Problem, side: Option<Side>) -> Vec<Problem> {
    match side {
        None => vec![problem.clone()],
        Some(Side::Live) => vec![problem.claim(true)],
        Some(Side::Kill) => vec![problem.claim(false)],
        Some(Side::Both) => vec![problem.clone(), problem.flipped()],
    }
}

/// The run to report: the first win; else the first undecided one (its stop reason explains
/// it); else the first.
fn pick(runs: &[(Problem, Analysis)]) -> usize {
    let find = |status| {
        runs.iter()
            .position(|(_, a)| a.status_without_ko() == status)
    };
    find(Status::Win)
        .or_else(|| find(Status::Unknown))
        .unwrap_or(0)
}

fn side_name(side: Option<Side>) -> &'static str {
    match side {
        None => "file",
        Some(Side::Live) => "live",
        Some(Side::Kill) => "kill",
        Some(Side::Both) => "both",
    }
}

/// The directory `path` would be written in must exist (checked before a long search).
fn check_parent(path: &Path, what: &str) -> anyhow::Result<()> {
    let parent = crate::atomic_file::parent_dir(path);
    if !parent.is_dir() {
        bail!(
            "cannot write {what} to {}: directory {} does not exist",
            path.display(),
            parent.display()
        );
    }
    Ok(())
}

/// Write the proof `text` to `path` atomically.
fn write_atomically(path: &Path, text: &str) -> anyhow::Result<()> {
    crate::atomic_file::write_atomically(path, text.as_bytes())
        .with_context(|| format!("cannot write the proof to {}", path.display()))
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn unwritable_proof_paths_are_reported() {
        let dir = std::env::temp_dir().join(format!("tsumego-solve-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let err = write_atomically(&dir.join("missing/out.sgf"), "x").unwrap_err();
        assert!(format!("{err:#}").starts_with("cannot write the proof to "));
        std::fs::remove_dir_all(&dir).unwrap();
        assert!(check_parent(Path::new("out.sgf"), "the proof").is_ok());
        assert!(check_parent(&dir.join("out.sgf"), "the proof").is_err());
    }

    #[test]
    fn claims_per_side() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("problems");
        let kill = crate::problem::load(&dir.join("01-straight-three-kill.sgf")).unwrap();
        let goals = |side| {
            claims(&kill, side)
                .iter()
                .map(|p| (p.or_player(), p.goal()))
                .collect::<Vec<_>>()
        };
        let (w, b) = (Color::White, Color::Black);
        assert_eq!(goals(None), [(w, Goal::Kill)]);
        assert_eq!(goals(Some(Side::Kill)), [(w, Goal::Kill)]);
        assert_eq!(goals(Some(Side::Live)), [(b, Goal::Live)]);
        assert_eq!(goals(Some(Side::Both)), [(w, Goal::Kill), (b, Goal::Live)]);
    }
}
