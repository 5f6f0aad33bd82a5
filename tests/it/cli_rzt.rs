//! `--rzt FILE`: the RZ pattern table kept on disk between runs of `solve`
//! and `bench`, run as the built binary on bundled problems.

#![allow(clippy::unwrap_used)]

use crate::cli_common;

use cli_common::{problem, run, stderr, stdout};
use std::path::{Path, PathBuf};

fn temp_dir(test: &str) -> PathBuf {
    cli_common::temp_dir("rzt", test)
}

/// `solve FILE --json` with `extra` arguments: the report and standard error.
fn solve_json(file: &Path, extra: &[&str]) -> (serde_json::Value, String) {
    let mut args = vec!["solve", file.to_str().unwrap(), "--json"];
    args.extend_from_slice(extra);
    let out = run(&args);
    assert!(out.status.success(), "{}", stderr(&out));
    (
        serde_json::from_str(stdout(&out).trim()).unwrap(),
        stderr(&out),
    )
}

#[test]
fn a_second_solve_starts_with_what_the_first_proved() {
    let dir = temp_dir("second-solve");
    let table = dir.join("wins.rzt");
    let table_arg = table.to_str().unwrap();
    let file = problem("17-second-line-kill.sgf");
    let (first, said) = solve_json(&file, &["--rzt", table_arg]);
    assert_eq!(first["status"], "win");
    assert_eq!(first["check"], "checked");
    let first_nodes = first["nodes"].as_u64().unwrap();
    let saved: u64 = said
        .trim()
        .strip_prefix(&format!("RZ pattern table {table_arg}: 0 entries loaded, "))
        .and_then(|rest| rest.strip_suffix(" saved (1 game)"))
        .unwrap_or_else(|| panic!("{said}"))
        .parse()
        .unwrap();
    assert!(saved > 0);
    assert!(table.is_file());

    let (second, said) = solve_json(&file, &["--rzt", table_arg]);
    assert_eq!(second["status"], "win");
    assert_eq!(second["first_move"], first["first_move"]);
    // The proof built from the loaded wins is checked like any other.
    assert_eq!(second["check"], "checked");
    assert!(second["pattern_hits"].as_u64().unwrap() > 0, "{second}");
    assert!(
        second["nodes"].as_u64().unwrap() < first_nodes,
        "{second} after {first_nodes} nodes"
    );
    assert!(
        said.starts_with(&format!(
            "RZ pattern table {table_arg}: {saved} entries loaded, "
        )),
        "{said}"
    );

    // The other claim gives the same result with the file, in at most the nodes it takes
    // without: its analysis searches the attacker's claim too (to confirm the defender's
    // failure), and those games' wins were saved by the first solve.
    let (alone, _) = solve_json(&file, &["--side", "live"]);
    let (with_file, said) = solve_json(&file, &["--side", "live", "--rzt", table_arg]);
    assert_eq!(alone["status"], "fail");
    assert_eq!(with_file["result"], alone["result"]);
    assert_eq!(with_file["result"], second["result"]);
    assert!(
        with_file["nodes"].as_u64().unwrap() <= alone["nodes"].as_u64().unwrap(),
        "{with_file} against {alone}"
    );
    // Its games (the claim with its ko variants, and the opposite claim the check searches)
    // are saved beside the first one.
    assert!(!said.trim().ends_with("(1 game)"), "{said}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_stopped_solve_keeps_what_it_proved() {
    let dir = temp_dir("stopped");
    let table = dir.join("wins.rzt");
    let table_arg = table.to_str().unwrap();
    let file = problem("17-second-line-kill.sgf");
    let (stopped, said) = solve_json(&file, &["--max-nodes", "200", "--rzt", table_arg]);
    assert_eq!(stopped["status"], "unknown");
    let prefix = format!("RZ pattern table {table_arg}: 0 entries loaded, ");
    assert!(
        said.starts_with(&prefix) && !said.starts_with(&format!("{prefix}0 saved")),
        "{said}"
    );
    let (again, _) = solve_json(&file, &["--rzt", table_arg]);
    let (alone, _) = solve_json(&file, &[]);
    assert_eq!(again["status"], "win");
    assert_eq!(again["check"], "checked");
    assert!(again["pattern_hits"].as_u64().unwrap() > 0, "{again}");
    assert!(again["nodes"].as_u64().unwrap() < alone["nodes"].as_u64().unwrap());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn bench_keeps_the_table_of_all_its_problems() {
    let dir = temp_dir("bench");
    let table = dir.join("bench.rzt");
    let table_arg = table.to_str().unwrap();
    let files = [
        problem("15-bulky-five-kill.sgf"),
        problem("20-marked-target-kill.sgf"),
    ];
    let bench = || {
        let mut args = vec!["bench", "--rzt", table_arg];
        args.extend(files.iter().map(|f| f.to_str().unwrap()));
        let out = run(&args);
        assert!(out.status.success(), "{}", stderr(&out));
        let text = stdout(&out);
        let summary = text.lines().last().unwrap().to_string();
        let nodes: u64 = summary
            .strip_prefix("solved 2/2, nodes ")
            .and_then(|s| s.split(',').next())
            .unwrap_or_else(|| panic!("{text}"))
            .parse()
            .unwrap();
        assert!(summary.ends_with("proofs checked 2"), "{text}");
        (nodes, stderr(&out))
    };
    let (first, said) = bench();
    assert!(said.contains(": 0 entries loaded, "), "{said}");
    let (second, said) = bench();
    assert!(second < first, "{second} nodes after {first}");
    assert!(!said.contains(": 0 entries loaded, "), "{said}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_damaged_or_foreign_file_is_refused_and_left_alone() {
    let dir = temp_dir("refused");
    let file = problem("15-bulky-five-kill.sgf");
    let table = dir.join("wins.rzt");
    let table_arg = table.to_str().unwrap();
    solve_json(&file, &["--rzt", table_arg]);
    let good = std::fs::read(&table).unwrap();

    let refused = |bytes: &[u8]| {
        std::fs::write(&table, bytes).unwrap();
        let out = run(&["solve", file.to_str().unwrap(), "--rzt", table_arg]);
        assert!(!out.status.success());
        assert!(stdout(&out).is_empty());
        assert_eq!(std::fs::read(&table).unwrap(), bytes);
        stderr(&out)
    };
    let mut corrupt = good.clone();
    let last = corrupt.len() - 1;
    corrupt[last] ^= 1;
    assert_eq!(
        refused(&corrupt),
        format!(
            "error: {table_arg}: RZ pattern table corrupt: checksum mismatch; refused (move it \
             away or name another file)\n"
        )
    );
    assert_eq!(
        refused(&good[..good.len() - 3]),
        format!(
            "error: {table_arg}: RZ pattern table truncated: {} bytes expected, {} found; \
             refused (move it away or name another file)\n",
            good.len(),
            good.len() - 3
        )
    );
    let proof = std::fs::read(&file).unwrap();
    assert_eq!(
        refused(&proof),
        format!(
            "error: {table_arg}: not an RZ pattern table file (bad magic); refused (move it away \
             or name another file)\n"
        )
    );
    let mut future = good.clone();
    future[8] = 9;
    assert!(refused(&future)
        .contains("written by a newer version (format 9, this build reads up to 1); refused"));

    let out = run(&[
        "solve",
        file.to_str().unwrap(),
        "--rzt",
        dir.join("missing/wins.rzt").to_str().unwrap(),
    ]);
    assert!(!out.status.success());
    assert!(
        stderr(&out).contains("directory ") && stderr(&out).contains("does not exist"),
        "{}",
        stderr(&out)
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
