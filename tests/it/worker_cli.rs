//! `tsumego-studio worker` as a process: jobs in, results out, in order; the proof a job returns
//! is a proof file the `check` command accepts; the worker ends with its input, and dies with
//! the process that started it (no orphan solver when a Ray actor is killed mid-job).
#![allow(clippy::unwrap_used)] // tests may panic on what cannot happen

use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

fn bin() -> &'static str {
    env!("CARGO_BIN_EXE_tsumego-studio")
}

fn problem(name: &str) -> String {
    std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("problems")
            .join(name),
    )
    .unwrap()
}

#[test]
fn the_worker_answers_each_job_in_order_and_its_proofs_check() {
    let mut child = Command::new(bin())
        .arg("worker")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let kill = problem("03-bent-three-kill.sgf");
    let jobs = [
        serde_json::json!({"id": "d1", "problem": kill, "path": ["D1"], "max_nodes": 100000}),
        serde_json::json!({"id": "pass", "problem": kill, "path": ["pass"], "max_nodes": 100000}),
        serde_json::json!({"id": "bad", "problem": kill, "path": ["D1", "D1"], "max_nodes": 10}),
    ];
    let mut stdin = child.stdin.take().unwrap();
    for job in &jobs {
        writeln!(stdin, "{job}").unwrap();
    }
    drop(stdin);
    let results: Vec<serde_json::Value> = BufReader::new(child.stdout.take().unwrap())
        .lines()
        .map(|l| serde_json::from_str(&l.unwrap()).unwrap())
        .collect();
    assert!(
        child.wait().unwrap().success(),
        "the worker ends with its input"
    );
    let summary: Vec<(&str, &str)> = results
        .iter()
        .map(|r| (r["id"].as_str().unwrap(), r["status"].as_str().unwrap()))
        .collect();
    assert_eq!(
        summary,
        [("d1", "win"), ("pass", "fail"), ("bad", "invalid")]
    );
    assert_eq!(results[0]["worker"].as_u64(), Some(u64::from(child.id())));
    // The proof is a proof file: the independent checker accepts it again from its text.
    let dir = std::env::temp_dir().join(format!("tsumego-worker-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let proof = dir.join("d1-proof.sgf");
    std::fs::write(&proof, results[0]["proof"].as_str().unwrap()).unwrap();
    let check = Command::new(bin())
        .arg("check")
        .arg(&proof)
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&check.stdout);
    assert!(check.status.success(), "{text}");
    assert!(text.contains("1 ok"), "{text}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[cfg(target_os = "linux")]
#[test]
fn the_worker_dies_with_its_parent() {
    // A shell starts the worker (its input held open: it waits for jobs) and is killed: the
    // worker must follow.
    let script = format!("sleep 20 | {} worker & echo $!; wait", bin());
    let mut shell = Command::new("sh")
        .arg("-c")
        .arg(&script)
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut line = String::new();
    BufReader::new(shell.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let worker: u32 = line.trim().parse().unwrap();
    std::thread::sleep(Duration::from_millis(300));
    assert!(
        Path::new(&format!("/proc/{worker}")).exists(),
        "the worker runs"
    );
    shell.kill().unwrap();
    shell.wait().unwrap();
    let start = Instant::now();
    while start.elapsed() < Duration::from_secs(10) && alive(worker) {
        std::thread::sleep(Duration::from_millis(20));
    }
    assert!(
        !alive(worker),
        "the worker outlived the process that started it"
    );
}

/// Is the process running (a zombie or a missing process is not)?
#[cfg(target_os = "linux")]
fn alive(pid: u32) -> bool {
    std::fs::read_to_string(format!("/proc/{pid}/stat"))
        .map(|s| {
            !s.rsplit(')')
                .next()
                .unwrap_or("")
                .trim_start()
                .starts_with('Z')
        })
        .unwrap_or(false)
}
