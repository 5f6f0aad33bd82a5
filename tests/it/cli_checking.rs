//! Every answer checked: the independent checker runs on what `solve`, `bench` and `check` report,
//! and a corrupted proof (the hidden `--inject-fault`: a wrong winning move, a missing reply, a
//! zone too small for a null move) is rejected on that path, with its reproduction file written.

#![allow(clippy::unwrap_used)]

use crate::cli_common;

use cli_common::{problem, run};
use std::path::{Path, PathBuf};

const LIMIT: &str = "200000";
const FAULTS: [&str; 3] = ["wrong-move", "missing-reply", "small-zone"];

fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).unwrap()
}

fn temp_dir(test: &str) -> PathBuf {
    cli_common::temp_dir("checking", test)
}

fn files_in(dir: &Path) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    v.sort();
    v
}

#[test]
fn solve_rejects_each_corrupted_proof_and_writes_a_reproduction_file() {
    let file = problem("01-straight-three-kill.sgf");
    for fault in FAULTS {
        let dir = temp_dir(fault);
        let args = [
            "solve",
            file.to_str().unwrap(),
            "--max-nodes",
            LIMIT,
            "--inject-fault",
            fault,
            "--repro-dir",
            dir.to_str().unwrap(),
        ];
        let out = run(&[&args[..], &["--json"]].concat());
        assert_eq!(out.status.code(), Some(2), "{fault}: {}", text(&out.stderr));
        let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(json["status"], "unknown", "{fault}");
        assert_eq!(json["checked"], false, "{fault}");
        assert_eq!(json["check"], "failed", "{fault}");
        let result = json["result"].as_str().unwrap();
        assert!(result.starts_with("internal error: "), "{fault}: {result}");
        let error = json["check_error"].as_str().unwrap();
        assert!(
            error.starts_with("after "),
            "{fault}: the checker's path: {error}"
        );
        // The reproduction file is named, in the folder asked for, and holds the proof.
        let repro = PathBuf::from(json["repro_file"].as_str().unwrap());
        assert_eq!(files_in(&dir), vec![repro.clone()], "{fault}");
        assert!(text(&out.stderr).contains(&repro.display().to_string()));
        let saved = std::fs::read_to_string(&repro).unwrap();
        assert!(saved.contains("REPRODUCTION FILE"), "{saved}");
        assert!(saved.contains(&format!("Checker: {error}")), "{saved}");
        assert!(saved.contains("Search settings: engine dfpn, max nodes 200000"));
        // `check` runs the checker on it again, and rejects it the same way.
        let again = run(&["check", repro.to_str().unwrap()]);
        assert_eq!(again.status.code(), Some(1), "{fault}");
        let report = text(&again.stdout);
        assert!(report.contains(": REJECTED\n    "), "{report}");
        assert!(report.contains(error), "{report}");

        // In words: the failure, the reason and the file.
        let out = run(&args);
        assert_eq!(out.status.code(), Some(2));
        let words = text(&out.stdout);
        assert!(words.contains("result: internal error: the proof failed the independent check"));
        assert!(
            words.contains("CHECK FAILED on the proof: after "),
            "{words}"
        );
        assert!(words.contains("reproduction file: "), "{words}");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}

#[test]
fn a_proven_failure_is_checked_through_a_proof_of_the_opposite_claim() {
    let file = problem("04-straight-four-alive.sgf");
    let out = run(&["solve", file.to_str().unwrap(), "--json"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["status"], "fail");
    assert_eq!(json["checked"], true);
    assert_eq!(json["check_refutation"], "Black lives (goal live)");
    assert!(json["refutation_nodes"].as_u64().unwrap() > 0);
    let out = run(&["solve", file.to_str().unwrap()]);
    let words = text(&out.stdout);
    assert!(
        words.contains(
            "checked: the independent checker accepts the proof of the opposite claim, Black \
             lives (goal live), found in "
        ),
        "{words}"
    );
}

#[test]
fn a_rejected_proof_is_never_written_as_a_proof() {
    let dir = temp_dir("proof-out");
    let out_file = dir.join("proof.sgf");
    let out = run(&[
        "solve",
        problem("03-bent-three-kill.sgf").to_str().unwrap(),
        "--max-nodes",
        LIMIT,
        "--inject-fault",
        "missing-reply",
        "--repro-dir",
        dir.to_str().unwrap(),
        "--proof-out",
        out_file.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(!out_file.exists());
    let err = text(&out.stderr);
    assert!(
        err.contains("the independent checker rejected the proof"),
        "{err}"
    );
    // Only the reproduction file is there.
    let files = files_in(&dir);
    assert_eq!(files.len(), 1);
    assert!(files[0]
        .file_name()
        .unwrap()
        .to_string_lossy()
        .starts_with("tsumego-repro-03-bent-three-kill-"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn bench_counts_a_rejected_proof_as_an_error() {
    let dir = temp_dir("bench");
    let repro = temp_dir("bench-repro");
    for name in ["01-straight-three-kill.sgf", "04-straight-four-alive.sgf"] {
        std::fs::copy(problem(name), dir.join(name)).unwrap();
    }
    let args = [
        "bench",
        dir.to_str().unwrap(),
        "--max-nodes",
        LIMIT,
        "--inject-fault",
        "wrong-move",
        "--repro-dir",
        repro.to_str().unwrap(),
    ];
    let out = run(&[&args[..], &["--json"]].concat());
    assert_eq!(out.status.code(), Some(2));
    let stdout = text(&out.stdout);
    let rows: Vec<serde_json::Value> = stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    // 01 is a win whose (corrupted) proof is rejected; 04 is a failure whose certificate, the
    // proof of the opposite claim, was corrupted the same way and is rejected too.
    for row in &rows[..2] {
        assert_eq!(row["check"], "failed", "{stdout}");
        assert_eq!(row["status"], "unknown");
        assert!(row["repro_file"].as_str().is_some());
    }
    assert_eq!(rows[1]["check_refutation"], "Black lives (goal live)");
    let summary = &rows[2]["summary"];
    assert_eq!(summary["solved"], 0, "{stdout}");
    assert_eq!(summary["checked"], 0);
    assert_eq!(summary["check_failures"], 2);
    assert_eq!(files_in(&repro).len(), 2);

    let out = run(&args);
    let table = text(&out.stdout);
    assert!(table.contains("  error: check failed  "), "{table}");
    assert!(table.contains("reproduction file: "), "{table}");
    assert!(
        table.contains("solved 0/2, nodes ") && table.contains("CHECK FAILURES 2"),
        "{table}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
    std::fs::remove_dir_all(&repro).unwrap();
}

#[test]
fn check_verifies_an_exported_proof_and_no_check_says_so() {
    let dir = temp_dir("exported");
    let proof = dir.join("proof.sgf");
    let out = run(&[
        "solve",
        problem("05-bent-four-corner.sgf").to_str().unwrap(),
        "--max-nodes",
        LIMIT,
        "--proof-out",
        proof.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let written = std::fs::read_to_string(&proof).unwrap();
    assert!(
        written.contains("Checked by the independent checker: "),
        "{written}"
    );
    let out = run(&["check", proof.to_str().unwrap()]);
    assert!(out.status.success(), "{}", text(&out.stdout));
    let report = text(&out.stdout);
    assert!(report.contains("proof.sgf: proof that "), "{report}");
    assert!(report.contains(": checked ("), "{report}");
    assert!(report.ends_with("1 file: 1 ok, 0 failed\n"), "{report}");

    // The proof file also opens as its problem (solve, bench and the studio read it).
    let again = run(&["solve", proof.to_str().unwrap(), "--json"]);
    assert!(again.status.success(), "{}", text(&again.stderr));
    let json: serde_json::Value = serde_json::from_slice(&again.stdout).unwrap();
    assert_eq!(json["checked"], true);

    // A proof that does not read is an error, not a crash.
    std::fs::write(
        dir.join("bad.sgf"),
        written.replacen("TSROLE[and]", "TSROLE[xyz]", 1),
    )
    .unwrap();
    let out = run(&["check", dir.join("bad.sgf").to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stdout).contains("not a readable proof: "));

    // Timing runs may skip the check; the output says so.
    let out = run(&[
        "solve",
        problem("01-straight-three-kill.sgf").to_str().unwrap(),
        "--no-check",
        "--json",
    ]);
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        (json["checked"].clone(), json["check"].clone()),
        (false.into(), "skipped".into())
    );
    let out = run(&[
        "bench",
        problem("01-straight-three-kill.sgf").to_str().unwrap(),
        "--no-check",
    ]);
    assert!(text(&out.stdout).contains("proofs not checked (--no-check)"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn check_bounds_a_proofs_check_by_positions() {
    let dir = temp_dir("check-positions");
    let proof = dir.join("proof.sgf");
    let out = run(&[
        "solve",
        problem("03-bent-three-kill.sgf").to_str().unwrap(),
        "--max-nodes",
        LIMIT,
        "--proof-out",
        proof.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let path = proof.to_str().unwrap();
    let out = run(&["check", path]);
    assert_eq!(out.status.code(), Some(0));
    assert!(
        text(&out.stdout).contains(": checked ("),
        "{}",
        text(&out.stdout)
    );
    // One position is too few: the proof is not checked, and the file counts as failed.
    let out = run(&["check", path, "--check-positions", "1"]);
    assert_eq!(out.status.code(), Some(1));
    let words = text(&out.stdout);
    assert!(words.contains(": not checked"), "{words}");
    assert!(words.contains("more than 1 positions"), "{words}");
    std::fs::remove_dir_all(&dir).unwrap();
}
