//! `tsumego-studio solve FILE --all-moves`: every legal first move of the player to move judged
//! ([`crate::solver::jobs::first_moves`]), printed one line per move as it is decided, then the
//! summary (`unique solution: C3`); or one JSON object with `--json`.

use super::checking::CheckArgs;
use super::engine::SearchArgs;
use super::report::MovesReadReport;
use crate::atomic_file::write_atomically;
use crate::problem::coords::move_gtp;
use crate::problem::Problem;
use crate::report::answers::{answer_tree, answers_sgf, DEFAULT_MAX_NODES};
use crate::report::first_moves::{move_words, summary};
use crate::solver::jobs::first_moves::{judge_first_moves, judged_claim, JudgedMove, MoveResult};
use crate::solver::jobs::schedule::Width;
use crate::solver::jobs::service::SolveRequest;
use crate::solver::proof::certify::CheckVerdict;
use anyhow::Context;
use serde::Serialize;
use std::io::{self, Write};
use std::path::Path;
use std::sync::Arc;

/// One judged move in the JSON output.
#[derive(Serialize)]
struct JsonMove {
    /// GTP coordinates, or `pass`.
    #[serde(rename = "move")]
    mv: String,
    result: MoveResult,
    words: String,
    /// The independent checker accepted what the result rests on (the move's proof, or the
    /// refutation of a failing move).
    checked: bool,
    nodes: u64,
    seconds: f64,
    /// The search width that decided (`full width`, `or-width 8`), when searched.
    width: Option<String>,
}

#[derive(Serialize)]
struct JsonOutput<'a> {
    file: String,
    name: &'a str,
    /// The claim judged: the player to move's, `Black kills (goal kill)`.
    claim: String,
    moves: Vec<JsonMove>,
    solutions: Vec<String>,
    summary: String,
    nodes: u64,
    seconds: f64,
    stopped: bool,
    /// How the moves after the file's root were read.
    moves_read: Option<&'a MovesReadReport>,
    /// The answers SGF written (`--answers-out`), and its tree's node count.
    answers: Option<String>,
    answer_nodes: Option<usize>,
}

/// Did the checker reject what the move's result rests on?
fn rejected(j: &JudgedMove) -> bool {
    j.analysis
        .as_ref()
        .and_then(|a| a.check.as_ref())
        .is_some_and(|c| c.verdict == CheckVerdict::Failed)
}

fn json_move(claim: &Problem, j: &JudgedMove) -> JsonMove {
    let size = claim.size();
    JsonMove {
        mv: move_gtp(j.mv, size),
        result: j.result,
        words: move_words(claim, j),
        checked: j.checked(),
        nodes: j.nodes,
        seconds: j.elapsed.as_secs_f64(),
        width: j.analysis.as_ref().map(|a| a.width_words()),
    }
}

/// One line of the text output (`claim`: the judged claim).
fn text_line(claim: &Problem, j: &JudgedMove) -> String {
    let check = if rejected(j) {
        "CHECK FAILED"
    } else if j.checked() {
        "checked"
    } else {
        "not checked"
    };
    format!(
        "  {:<5} {:<7} {:<52} {:>8.3} s {:>9} nodes  {check}",
        move_gtp(j.mv, claim.size()),
        j.result.name(),
        move_words(claim, j),
        j.elapsed.as_secs_f64(),
        j.nodes
    )
}

/// Judge every first move of `problem`, write the answers SGF to `answers_out` (atomically) and
/// print the result. Returns whether the checker rejected something (reproduction files are
/// written and named on stderr).
pub fn run(
    file: &Path,
    problem: &Problem,
    search: &SearchArgs,
    check: &CheckArgs,
    json: bool,
    answers_out: Option<&Path>,
    moves_read: Option<&MovesReadReport>,
) -> anyhow::Result<bool> {
    let size = problem.size();
    // The claim judged (the player to move's), which the moves' words name.
    let claim = judged_claim(problem);
    let mut stdout = io::stdout().lock();
    if !json {
        let name = if problem.name().is_empty() {
            "(no name)"
        } else {
            problem.name()
        };
        writeln!(stdout, "{}: {name}", file.display())?;
        writeln!(stdout, "  {}", problem.summary())?;
        if let Some(read) = moves_read {
            writeln!(stdout, "  {}", read.words)?;
        }
        writeln!(
            stdout,
            "every first move of {} ({}), each within the limits:",
            claim.to_move(),
            claim.claim_words()
        )?;
        stdout.flush()?;
    }
    let mut write_error = None;
    // One engine judges (the portfolio's first lane), with the run's widths, check and
    // reproduction files.
    let run = SolveRequest::new(
        problem.clone(),
        search.config(),
        search.width(Width::Auto),
        check.settings(),
        search.repro_target(check, Some(file)),
    );
    let judged = judge_first_moves(problem, &run, Arc::default(), None, &mut |j, _, _| {
        if !json {
            if let Err(e) =
                writeln!(stdout, "{}", text_line(&claim, j)).and_then(|()| stdout.flush())
            {
                write_error.get_or_insert(e);
            }
        }
    });
    if let Some(e) = write_error {
        return Err(e.into());
    }
    let mut check_failed = false;
    for j in &judged.moves {
        match &j.repro {
            Some(Ok(path)) => {
                check_failed = true;
                eprintln!(
                    "internal error: the independent checker rejected the proof for {}; \
                     reproduction file: {}",
                    move_gtp(j.mv, size),
                    path.display()
                );
            }
            Some(Err(why)) => {
                check_failed = true;
                eprintln!("internal error: the independent checker rejected a proof; {why}");
            }
            None => {}
        }
    }
    let answer_nodes = match answers_out {
        Some(path) => {
            let text = answers_sgf(&judged, problem);
            write_atomically(path, text.as_bytes())
                .with_context(|| format!("cannot write the answers to {}", path.display()))?;
            Some(answer_tree(&judged, DEFAULT_MAX_NODES).node_count())
        }
        None => None,
    };
    if json {
        let out = JsonOutput {
            file: file.display().to_string(),
            name: problem.name(),
            claim: judged.claim.claim_words(),
            moves: judged
                .moves
                .iter()
                .map(|j| json_move(&judged.claim, j))
                .collect(),
            solutions: judged
                .solutions()
                .iter()
                .map(|&m| move_gtp(m, size))
                .collect(),
            summary: summary(&judged),
            moves_read,
            nodes: judged.nodes,
            seconds: judged.elapsed.as_secs_f64(),
            stopped: judged.stopped,
            answers: answers_out.map(|p| p.display().to_string()),
            answer_nodes,
        };
        writeln!(stdout, "{}", serde_json::to_string(&out)?)?;
    } else {
        writeln!(stdout, "{}", summary(&judged))?;
        writeln!(
            stdout,
            "moves {}, nodes {}, {:.3} s",
            judged.moves.len(),
            judged.nodes,
            judged.elapsed.as_secs_f64()
        )?;
        if let (Some(path), Some(nodes)) = (answers_out, answer_nodes) {
            writeln!(
                stdout,
                "answers: {} ({nodes} nodes in the tree)",
                path.display()
            )?;
        }
    }
    stdout.flush()?;
    Ok(check_failed)
}
