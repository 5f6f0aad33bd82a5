//! The `solve` and `bench` commands, run as the built binary on the bundled problems (each solves
//! in a few hundred nodes at most; `--max-nodes` bounds them anyway).

#![allow(clippy::unwrap_used)]

use crate::cli_common;

use cli_common::{problem, run, stderr, stdout};
use std::path::PathBuf;
use tsumego_studio::go::Color;
use tsumego_studio::problem::Goal;
use tsumego_studio::solver::proof::proof_sgf::proof_from_sgf;

const LIMIT: &str = "200000";

/// A fresh temporary directory for one test.
fn temp_dir(test: &str) -> PathBuf {
    cli_common::temp_dir("cli", test)
}

#[test]
fn solve_text_reports_result_expectation_book_and_zone() {
    let file = problem("01-straight-three-kill.sgf");
    let out = run(&["solve", file.to_str().unwrap(), "--max-nodes", LIMIT]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert!(
        lines[0].ends_with("01-straight-three-kill.sgf: Straight three: White to kill"),
        "{text}"
    );
    assert!(lines[1].starts_with("  9x9, White to move, OR White goal kill"));
    // How the moves after the root were read.
    assert_eq!(
        lines[2],
        "  moves after the root: the answer (answer markup below the root: RIGHT, Correct, \
         Wrong, TE or BM)"
    );
    assert_eq!(lines[3], "result: White kills: first move D1");
    assert_eq!(lines[4], "expected: win (agrees)");
    assert_eq!(lines[5], "book first move(s): D1 (found D1: among them)");
    assert!(lines[6].starts_with("root relevance zone: "), "{text}");
    // The diagram: nine rows of nine points, the region's empty points inside the zone.
    assert_eq!(lines[7..16].iter().filter(|l| l.len() == 19).count(), 9);
    assert!(lines[15].contains("* * *"), "{text}");
    assert!(lines[16].starts_with("nodes "), "{text}");
    assert!(lines[16].contains(" nodes/s, ") && lines[16].contains(" s, depth "));
    assert!(lines[16].contains(", proof "), "{text}");
}

#[test]
fn solve_json_and_sides() {
    let file = problem("04-straight-four-alive.sgf");
    let file = file.to_str().unwrap();
    // The file's claim (White kills) fails.
    let out = run(&["solve", file, "--json", "--max-nodes", LIMIT]);
    assert!(out.status.success());
    let json: serde_json::Value = serde_json::from_str(stdout(&out).trim()).unwrap();
    assert_eq!(json["status"], "fail");
    assert_eq!(
        json["result"],
        "Black lives unconditionally (White moves first; every White move is answered)"
    );
    assert_eq!(json["go"]["result"], "lives");
    assert_eq!(
        (json["expected"].clone(), json["agrees"].clone()),
        ("fail".into(), true.into())
    );
    assert_eq!(json["side"], "file");
    assert_eq!(json["proof_size"], serde_json::Value::Null);

    // The defender's claim: Black lives although White moves first.
    let out = run(&[
        "solve",
        file,
        "--json",
        "--side",
        "live",
        "--max-nodes",
        LIMIT,
    ]);
    let json: serde_json::Value = serde_json::from_str(stdout(&out).trim()).unwrap();
    assert_eq!(
        (json["or_player"].clone(), json["goal"].clone()),
        ("Black".into(), "live".into())
    );
    assert_eq!(json["status"], "win");
    assert_eq!(json["first_move"], serde_json::Value::Null);
    assert_eq!(json["agrees"], true);
    assert!(json["root_zone_size"].as_u64().unwrap() > 0);
    assert!(json["proof_size"].as_u64().unwrap() > 1);
    for key in ["nodes", "nodes_per_second", "seconds", "depth"] {
        assert!(json[key].is_number(), "{key}");
    }
    // Black lives unconditionally: the proof shows it (its leaves are Benson life, the
    // attacker's pass searched as a waiting move), or it ends in a two-pass leaf and
    // unconditional life is searched too.
    let searches = json["searches"].as_array().unwrap();
    assert!(matches!(searches.len(), 1 | 2), "{searches:?}");
    if searches.len() == 2 {
        assert_eq!(searches[1]["goal"], "live-uca");
    }
    assert_eq!(json["how"]["kind"], "unconditional");

    // --side kill is the file's claim here; --side both reports the claim proven.
    let out = run(&[
        "solve",
        file,
        "--json",
        "--side",
        "kill",
        "--max-nodes",
        LIMIT,
    ]);
    let json: serde_json::Value = serde_json::from_str(stdout(&out).trim()).unwrap();
    assert_eq!(
        (json["or_player"].clone(), json["status"].clone()),
        ("White".into(), "fail".into())
    );
    let out = run(&["solve", file, "--side", "both", "--max-nodes", LIMIT]);
    let text = stdout(&out);
    // The claims are raced: White's failure is proven, or stopped by Black's win.
    assert!(
        text.starts_with("search: OR White goal kill (the defender as ko master): fail (solved), ")
            || text.starts_with(
                "search: OR White goal kill (the defender as ko master): unknown (stopped), "
            ),
        "{text}"
    );
    assert!(
        text.contains("\nsearch: OR Black goal live (the attacker as ko master): win (solved), "),
        "{text}"
    );
    assert!(
        text.contains(
            "\nresult: Black lives unconditionally (White moves first; every White move is \
             answered)\n"
        ),
        "{text}"
    );
}

#[test]
fn solve_both_reports_the_proven_claim_and_the_other_decided_or_stopped() {
    // Bent three: White kills, whichever claim is asked. The two are searched at once and White's win
    // stops Black's search unless it was proven to fail first: either is right, the report is
    // the same, and the file's claim comes first in the lists whichever ended first.
    let file = problem("03-bent-three-kill.sgf");
    for _ in 0..3 {
        let out = run(&[
            "solve",
            file.to_str().unwrap(),
            "--side",
            "both",
            "--json",
            "--max-nodes",
            LIMIT,
        ]);
        assert!(out.status.success(), "{}", stderr(&out));
        let json: serde_json::Value = serde_json::from_str(stdout(&out).trim()).unwrap();
        assert_eq!(json["side"], "both");
        assert_eq!(json["result"], "White kills: first move D1");
        assert_eq!(
            (json["status"].clone(), json["agrees"].clone()),
            ("win".into(), true.into())
        );
        assert_eq!(json["check"], "checked");
        let verdicts = json["verdicts"].as_array().unwrap();
        assert_eq!(verdicts.len(), 2, "{json}");
        assert_eq!(verdicts[0], "White kills: first move D1");
        let other = verdicts[1].as_str().unwrap();
        assert!(
            other == "White kills: first move D1" || other.contains("stopped"),
            "{other}"
        );
        let searches = json["searches"].as_array().unwrap();
        assert_eq!(
            (
                searches[0]["or_player"].clone(),
                searches[0]["status"].clone()
            ),
            ("White".into(), "win".into())
        );
        // Black's claim, when it ended before White's win stopped it, fails: its analysis
        // confirms that with White's claim (the attacker as ko master).
        for s in &searches[1..] {
            assert!(
                s["status"] == "fail"
                    || (s["status"] == "unknown" && s["stop"] == "stopped")
                    || (s["or_player"] == "White" && s["status"] == "win"),
                "{json}"
            );
        }
    }
}

#[test]
fn solve_unknown_within_a_node_limit() {
    let file = problem("11-rabbity-six.sgf");
    let out = run(&["solve", file.to_str().unwrap(), "--max-nodes", "5"]);
    assert!(out.status.success(), "unknown is not an error");
    let text = stdout(&out);
    assert!(
        text.contains("\nresult: unknown: node limit reached\n"),
        "{text}"
    );
    assert!(text.contains("\nexpected: fail (not decided)\n"), "{text}");
}

#[test]
fn proof_out_writes_a_proof_that_reads_back() {
    let dir = temp_dir("proof-out");
    let out_file = dir.join("proof.sgf");
    let file = problem("12-rabbity-six-live.sgf");
    let out = run(&[
        "solve",
        file.to_str().unwrap(),
        "--json",
        "--max-nodes",
        LIMIT,
        "--proof-out",
        out_file.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let json: serde_json::Value = serde_json::from_str(stdout(&out).trim()).unwrap();
    assert_eq!(json["proof_out"], out_file.to_str().unwrap());
    let text = std::fs::read_to_string(&out_file).unwrap();
    let (read, proof) = proof_from_sgf(&text).unwrap();
    assert_eq!(read.name(), "Rabbity six: White to live");
    assert_eq!((proof.or_player, proof.goal), (Color::White, Goal::Live));
    assert_eq!(
        proof.node_count() as u64,
        json["proof_size"].as_u64().unwrap()
    );
    assert_eq!(
        proof.first_move().map(|m| m.to_gtp(9)),
        Some(json["first_move"].as_str().unwrap().to_string())
    );
    // Only the proof is left in the directory (the temporary file was renamed).
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 1);

    // The opposite claim of 04 (from --side both) in text mode.
    let out_file = dir.join("alive.sgf");
    let out = run(&[
        "solve",
        problem("04-straight-four-alive.sgf").to_str().unwrap(),
        "--side",
        "both",
        "--proof-out",
        out_file.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stdout(&out).ends_with(&format!("proof written to {}\n", out_file.display())));
    let (problem, proof) = proof_from_sgf(&std::fs::read_to_string(&out_file).unwrap()).unwrap();
    assert_eq!(
        (problem.or_player(), proof.or_player),
        (Color::Black, Color::Black)
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_failing_claim_shows_and_writes_the_opposite_proof() {
    let dir = temp_dir("refutation");
    let out_file = dir.join("proof.sgf");
    let file = problem("04-straight-four-alive.sgf");
    let out = run(&[
        "solve",
        file.to_str().unwrap(),
        "--proof-out",
        out_file.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    // The failure, then the opposite claim's checked result with its line.
    let text = stdout(&out);
    let result = text.lines().find(|l| l.starts_with("result: ")).unwrap();
    assert!(
        result.starts_with(
            "result: Black lives unconditionally (White moves first; every White move is \
             answered); e.g. after W "
        ),
        "{text}"
    );
    // The proof written is Black's, and it reads back and checks.
    let sgf = std::fs::read_to_string(&out_file).unwrap();
    assert!(sgf.contains("proof of the opposite claim"), "{sgf}");
    let (claim, _) = proof_from_sgf(&sgf).unwrap();
    assert_eq!(
        (claim.or_player(), claim.goal()),
        (Color::Black, Goal::Live)
    );
    let check = run(&["check", out_file.to_str().unwrap()]);
    assert!(check.status.success(), "{}", stdout(&check));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn all_moves_judges_every_first_move() {
    let file = problem("03-bent-three-kill.sgf");
    let out = run(&["solve", file.to_str().unwrap(), "--all-moves", "--json"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let json: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert_eq!(json["summary"], "unique solution: D1");
    assert_eq!(json["claim"], "White kills (goal kill)");
    let moves = json["moves"].as_array().unwrap();
    let names: Vec<&str> = moves.iter().map(|m| m["move"].as_str().unwrap()).collect();
    assert_eq!(names, ["D2", "C1", "D1", "pass"]);
    for m in moves {
        let want = if m["move"] == "D1" { "works" } else { "fails" };
        assert_eq!(m["result"], want, "{m}");
        assert_eq!(m["checked"], true, "{m}");
    }
    assert_eq!(json["answers"], serde_json::Value::Null);
    // With --answers-out the JSON names the file written and its tree's size.
    let dir = std::env::temp_dir().join(format!("tsumego-json-answers-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let answers = dir.join("answers.sgf");
    let out = run(&[
        "solve",
        file.to_str().unwrap(),
        "--all-moves",
        "--json",
        "--answers-out",
        answers.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let json: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert_eq!(json["answers"], answers.to_str().unwrap());
    assert!(json["answer_nodes"].as_u64().unwrap() >= 4, "{json}");
    assert!(answers.is_file());
    std::fs::remove_dir_all(&dir).unwrap();
    // Text: one line per move, then the summary.
    let out = run(&["solve", file.to_str().unwrap(), "--all-moves"]);
    let text = stdout(&out);
    assert!(text.contains("\n  D1    works "), "{text}");
    assert!(text.contains("Black lives, e.g. after B D1"), "{text}");
    assert!(text.contains("\nunique solution: D1\n"), "{text}");
    // A fixed width is accepted; a nonsense one is refused.
    let out = run(&[
        "solve",
        file.to_str().unwrap(),
        "--all-moves",
        "--or-width",
        "2",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let out = run(&["solve", file.to_str().unwrap(), "--or-width", "wide"]);
    assert!(stderr(&out).contains("is not a width"), "{}", stderr(&out));
}

#[test]
fn errors_are_clear() {
    let out = run(&["solve", "no/such/problem.sgf"]);
    assert!(!out.status.success());
    assert_eq!(
        stderr(&out),
        "error: cannot read no/such/problem.sgf: No such file or directory (os error 2)\n"
    );
    assert!(stdout(&out).is_empty());
    let out = run(&["solve", "x.sgf", "--engine", "bfs"]);
    assert!(!out.status.success());
    assert!(
        stderr(&out).contains("[possible values: dfs, dfpn, mcts, exhaustive, portfolio]"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn the_dfpn_engine_solves_and_checks_the_bundled_problems() {
    let out = bench_bundled(&["--engine", "dfpn"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    let n = sgf_files_under(&problem(""));
    assert!(
        text.contains(&format!("solved {n}/{n}")) && text.contains("proofs checked"),
        "{text}"
    );
}

/// The SGF files in `dir` and its subfolders (as `bench` goes through a folder).
fn sgf_files_under(dir: &std::path::Path) -> usize {
    std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|path| !is_one_eye_set(path))
        .map(|path| {
            if path.is_dir() {
                sgf_files_under(&path)
            } else {
                usize::from(path.extension().is_some_and(|x| x == "sgf"))
            }
        })
        .sum()
}

/// The one-eye test set (`problems/one-eye/`, 140 problems up to 18 empty points): its own
/// tests and benchmark (`tests/it/one_eye_set.rs`, BENCHMARKS.md), not the bundled problems'.
fn is_one_eye_set(path: &std::path::Path) -> bool {
    path.file_name().is_some_and(|n| n == "one-eye")
}

/// `bench` on the entries of `problems/` but the one-eye set, with `flags`.
fn bench_bundled(flags: &[&str]) -> std::process::Output {
    let mut paths: Vec<String> = std::fs::read_dir(problem(""))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|path| !is_one_eye_set(path))
        .filter(|path| path.is_dir() || path.extension().is_some_and(|x| x == "sgf"))
        .map(|path| path.to_str().unwrap().to_string())
        .collect();
    paths.sort();
    let mut args = vec!["bench"];
    args.extend(paths.iter().map(String::as_str));
    args.extend(flags);
    run(&args)
}

#[test]
fn the_portfolio_solves_and_checks_the_bundled_problems() {
    // df-pn and MCTS (with the net when the build has one) raced: every result decided and
    // every proof checked, whichever lane found it.
    let out = bench_bundled(&["--engine", "portfolio"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    let n = sgf_files_under(&problem(""));
    assert!(
        text.contains(&format!("solved {n}/{n}")) && text.contains(&format!("proofs checked {n}")),
        "{text}"
    );
}

#[test]
fn bench_table_and_summary() {
    let dir = problem("");
    let out = bench_bundled(&["--max-nodes", LIMIT]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    let n = sgf_files_under(&dir);
    assert!(n >= 14, "{n} bundled problems");
    assert_eq!(lines.len(), n + 2, "{text}");
    assert!(
        lines[0].starts_with("file ") && lines[0].ends_with("RZ"),
        "{text}"
    );
    // Sorted rows.
    assert!(lines[1].contains("01-straight-three-kill.sgf  "), "{text}");
    assert!(
        lines[1].contains(" win ") && lines[1].contains(" D1 ✓ "),
        "{text}"
    );
    assert!(lines[4].contains("04-straight-four-alive.sgf  "), "{text}");
    assert!(
        lines[4].contains(" fail ") && lines[4].trim_end().ends_with(" -"),
        "{text}"
    );
    // Every bundled problem is decided, the unmarked ones through inferred markup.
    let last = lines[n + 1];
    assert!(
        last.starts_with(&format!("solved {n}/{n}, nodes ")),
        "{text}"
    );
    assert!(last.contains(", seconds "), "{text}");
}

#[test]
fn bench_json_lines_errors_and_summary() {
    let dir = temp_dir("bench");
    std::fs::copy(problem("02-straight-three-live.sgf"), dir.join("a.sgf")).unwrap();
    std::fs::write(dir.join("b.sgf"), "(;SZ[5]AB[aa]PL[B]TR[bb])").unwrap();
    let missing = dir.join("missing.sgf");
    let out = run(&[
        "bench",
        dir.to_str().unwrap(),
        missing.to_str().unwrap(),
        "--json",
        "--max-nodes",
        LIMIT,
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 4, "{text}");
    let rows: Vec<serde_json::Value> = lines
        .iter()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(rows[0]["status"], "win");
    assert_eq!(rows[0]["first_move_in_book"], true);
    assert!(rows[0]["file"].as_str().unwrap().ends_with("a.sgf"));
    assert_eq!(
        rows[1]["error"],
        "invalid problem: crucial stone B4 (SGF bb) is on an empty point"
    );
    assert!(rows[2]["error"]
        .as_str()
        .unwrap()
        .starts_with("cannot read: "));
    let nodes = rows[0]["nodes"].as_u64().unwrap();
    let seconds = rows[0]["seconds"].as_f64().unwrap();
    let expected = format!(
        "{{\"summary\":{{\"solved\":1,\"total\":3,\"nodes\":{nodes},\"seconds\":{},\
         \"checked\":1,\"check_failures\":0,\"not_checked\":0,\"unchecked\":false}}}}",
        serde_json::to_string(&seconds).unwrap()
    );
    assert_eq!(lines[3], expected);
    // The win's proof was checked by the independent checker.
    assert_eq!(rows[0]["checked"], true);
    assert_eq!(rows[0]["check"], "checked");
    assert!(rows[0]["check_positions"].as_u64().unwrap() > 0);

    // The same in text: error rows count in the total only.
    let out = run(&["bench", dir.to_str().unwrap(), missing.to_str().unwrap()]);
    let text = stdout(&out);
    let row = |name: &str| text.lines().find(|l| l.contains(name)).unwrap().to_string();
    assert!(
        row("b.sgf").contains("  error: invalid problem: "),
        "{text}"
    );
    assert!(
        row("missing.sgf").contains("  error: cannot read: "),
        "{text}"
    );
    assert!(
        text.lines()
            .last()
            .unwrap()
            .starts_with("solved 1/3, nodes "),
        "{text}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn solve_names_seki_ko_and_what_it_inferred() {
    // Seki: the defender's only life.
    let file = problem("23-seki-to-live.sgf");
    let out = run(&["solve", file.to_str().unwrap(), "--json"]);
    let json: serde_json::Value = serde_json::from_str(stdout(&out).trim()).unwrap();
    assert_eq!(json["result"], "Black lives in seki: first move F1");
    assert_eq!(json["how"]["kind"], "seki");
    assert_eq!(json["agrees"], true);

    // Ko, both claims, one result: White takes the ko first; Black needs ko threats.
    let file = problem("05-bent-four-corner.sgf");
    let out = run(&["solve", file.to_str().unwrap(), "--side", "both"]);
    let text = stdout(&out);
    let verdict = "verdict: White kills by ko: first move B1 (White takes the first ko capture; \
                   Black needs ko threats to live)";
    assert_eq!(text.lines().filter(|l| *l == verdict).count(), 2, "{text}");
    assert!(text.contains("(ko with threats (defender)): win"), "{text}");

    // An unmarked website problem: the target and region are inferred and said.
    let file = problem("15-bulky-five-kill.sgf");
    let out = run(&["solve", file.to_str().unwrap()]);
    let text = stdout(&out);
    assert!(
        text.contains("\n  inferred: Target: the White group at "),
        "{text}"
    );
    assert!(
        text.contains("\nresult: Black kills: first move T18\n"),
        "{text}"
    );
}
