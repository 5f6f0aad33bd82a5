//! `tsumego-studio worker`: jobs of a split proof ([`crate::solver::jobs::job`]) read as JSON
//! lines on standard input, one result line each on standard output, in order, with the tables
//! kept warm between jobs. A line that is not a job gets an `invalid` result (with the line's
//! `id` when one can be read), never an exit; the worker ends at the end of its input, and on
//! Linux also when its parent dies (so a Ray actor killed mid-job leaves no solver behind).
//!
//! Besides jobs, a line `{"patterns": TEXT}` is a snapshot of pattern-table wins
//! ([`crate::solver::jobs::job_patterns`]) for the jobs that share patterns: it is added to the
//! worker's pattern tables and answered by nothing (a refused one is said on standard error),
//! so the results stay one per job, in order, and the fault variables count jobs only.

use crate::solver::jobs::job::{Job, JobResult, Worker};
use anyhow::Context;
use std::io::{BufRead, Write};

/// The environment variable of the fault tests: `N` makes the worker exit, unanswered, on
/// reading its N-th job (as a worker killed mid-job would).
pub const DIE_AFTER_VAR: &str = "TSUMEGO_WORKER_DIE_AFTER";

/// The environment variable of the corrupt-result tests: `N` makes every N-th job's proof
/// unreadable (its first move put off the board), as a result damaged on its way would be.
pub const CORRUPT_EVERY_VAR: &str = "TSUMEGO_WORKER_CORRUPT_EVERY";

/// Serve jobs from `input` to `output` until the input ends (or, with `die_after`, until the
/// process exits on that job).
pub fn serve(
    input: impl BufRead,
    mut output: impl Write,
    die_after: Option<u64>,
    corrupt_every: Option<u64>,
) -> anyhow::Result<()> {
    let mut worker = Worker::with_nets(crate::nn::net_choice::guide_for);
    let mut read = 0u64;
    for line in input.lines() {
        let line = line.context("reading a job from standard input")?;
        if line.trim().is_empty() {
            continue;
        }
        if let Some(snapshot) = snapshot(&line) {
            if let Err(why) = snapshot.and_then(|text| worker.load_patterns(&text)) {
                eprintln!("worker: a snapshot refused: {why}");
            }
            continue;
        }
        read += 1;
        if die_after == Some(read) {
            std::process::exit(70);
        }
        let mut result = match serde_json::from_str::<Job>(&line) {
            Ok(job) => worker.run(&job),
            Err(e) => JobResult::invalid(&line_id(&line), format!("not a job: {e}")),
        };
        if corrupt_every.is_some_and(|n| read.is_multiple_of(n)) {
            result.proof = result.proof.map(|p| corrupt(&p));
        }
        let text = serde_json::to_string(&result).context("writing a result")?;
        writeln!(output, "{text}").context("writing a result to standard output")?;
        output
            .flush()
            .context("writing a result to standard output")?;
    }
    Ok(())
}

/// A proof with its first move put off the board (`ss`), for the corrupt-result tests.
fn corrupt(proof: &str) -> String {
    let mut text = proof.to_string();
    for tag in [";B[", ";W["] {
        if let Some(i) = text.find(tag) {
            let at = i + tag.len();
            if text.len() >= at + 2 {
                text.replace_range(at..at + 2, "ss");
            }
            break;
        }
    }
    text
}

/// The text of a snapshot line (`{"patterns": TEXT}`; `Err`: one that does not read), `None`
/// for any other line.
fn snapshot(line: &str) -> Option<Result<String, String>> {
    if !line.trim_start().starts_with("{\"patterns\"") {
        return None;
    }
    #[derive(serde::Deserialize)]
    #[serde(deny_unknown_fields)]
    struct Snapshot {
        patterns: String,
    }
    Some(
        serde_json::from_str::<Snapshot>(line)
            .map(|s| s.patterns)
            .map_err(|e| format!("not a snapshot line: {e}")),
    )
}

/// The `id` of a line that is not a valid job, when it is a JSON object with a string `id`.
fn line_id(line: &str) -> String {
    serde_json::from_str::<serde_json::Value>(line)
        .ok()
        .and_then(|v| v.get("id").and_then(|id| id.as_str()).map(str::to_string))
        .unwrap_or_default()
}

/// Ask the kernel to kill this process when its parent exits (Linux; elsewhere nothing).
pub fn die_with_parent() {
    #[cfg(target_os = "linux")]
    // SAFETY: prctl(PR_SET_PDEATHSIG) takes plain integers and touches no memory of ours.
    unsafe {
        libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL, 0, 0, 0);
    }
}

/// Run the worker on standard input and output.
pub fn run() -> anyhow::Result<()> {
    die_with_parent();
    let number = |var: &str| std::env::var(var).ok().and_then(|v| v.parse::<u64>().ok());
    let stdin = std::io::stdin();
    let stdout = std::io::stdout();
    serve(
        stdin.lock(),
        stdout.lock(),
        number(DIE_AFTER_VAR),
        number(CORRUPT_EVERY_VAR),
    )
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::solver::jobs::job::JobStatus;

    fn results(input: &str) -> Vec<JobResult> {
        let mut out = Vec::new();
        serve(input.as_bytes(), &mut out, None, None).unwrap();
        String::from_utf8(out)
            .unwrap()
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect()
    }

    /// A bundled problem's text (White kills the bent three).
    fn bent_three() -> String {
        std::fs::read_to_string(
            std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("problems/03-bent-three-kill.sgf"),
        )
        .unwrap()
    }

    #[test]
    fn a_line_that_is_not_a_job_is_answered_invalid_and_the_next_is_run() {
        let problem = bent_three();
        let job = serde_json::json!({"id": "b", "problem": problem, "max_nodes": 100000});
        let input = format!("{{\"id\": \"a\", \"max_nodes\": \"many\"}}\n\nnot json\n{job}\n");
        let r = results(&input);
        assert_eq!(r.len(), 3);
        assert_eq!((r[0].id.as_str(), r[0].status), ("a", JobStatus::Invalid));
        assert!(r[0].reason.as_deref().unwrap().starts_with("not a job"));
        assert_eq!((r[1].id.as_str(), r[1].status), ("", JobStatus::Invalid));
        assert_eq!((r[2].id.as_str(), r[2].status), ("b", JobStatus::Win));
        assert_eq!(r[2].check.as_deref(), Some("checked"));
        assert!(r[2].proof.is_some());
    }

    #[test]
    fn a_snapshot_line_is_loaded_for_the_next_jobs_and_answered_by_nothing() {
        let problem = bent_three();
        let job = serde_json::json!({"id": "a", "problem": problem, "max_nodes": 100000,
                                     "share_patterns": true});
        let first = results(&format!("{job}\n"));
        let wins = first[0].patterns.clone().unwrap();
        let count = crate::solver::jobs::job_patterns::decode_patterns(&wins)
            .unwrap()
            .len();
        let snapshot = serde_json::json!({ "patterns": wins });
        let damaged = serde_json::json!({ "patterns": "AAAA" });
        let malformed = serde_json::json!({ "patterns": 5 });
        let r = results(&format!("{snapshot}\n{damaged}\n{malformed}\n{job}\n"));
        assert_eq!(r.len(), 1, "one result, for the job");
        assert_eq!(r[0].store_wins, Some(count));
        assert_eq!(r[0].status, JobStatus::Win);
    }
}
