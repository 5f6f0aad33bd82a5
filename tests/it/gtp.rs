//! `tsumego-studio gtp` driven through its standard input and output as a controller drives
//! it: bad input never ends it, the bundled problems and samples of the research sets give the
//! same answers through GTP as through `solve`, GNU Go's owl commands reply in GNU Go's codes,
//! `lz-analyze` streams until the next input, GoGui's analyze commands and live graphics.
//! (A real controller library, Sabaki's `@sabaki/gtp`, and GNU Go's boards: `gtp_sabaki.rs`.)
#![allow(clippy::unwrap_used)]

use crate::cli_common::problem;
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

/// The node limit of every search here (deterministic, and small).
const NODES: &str = "20000";

/// Run the engine on `script` (lines, then the end of the input) with `args` after `gtp`.
fn session(args: &[&str], script: &[&str]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tsumego-studio"))
        .arg("gtp")
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    for line in script {
        writeln!(stdin, "{line}").unwrap();
    }
    drop(stdin);
    child.wait_with_output().unwrap()
}

/// The replies, each without its ending empty line.
fn replies(out: &Output) -> Vec<String> {
    let text = String::from_utf8(out.stdout.clone()).unwrap();
    text.split_terminator("\n\n").map(str::to_string).collect()
}

#[test]
fn bad_input_gets_a_failure_reply_and_the_engine_goes_on() {
    let missing = std::env::temp_dir().join("tsumego-gtp-no-such-file.sgf");
    let not_sgf = Path::new(env!("CARGO_MANIFEST_DIR")).join("Cargo.toml");
    let script = [
        "1 name".to_string(),
        String::new(),
        "# a comment".to_string(),
        "frobnicate".to_string(),
        "12".to_string(),
        "play".to_string(),
        "play X D4".to_string(),
        "play B Z99".to_string(),
        "boardsize 0".to_string(),
        "boardsize 42".to_string(),
        "komi abc".to_string(),
        format!("loadsgf {}", missing.display()),
        format!("loadsgf {}", not_sgf.display()),
        "undo".to_string(),
        "owl_attack D4".to_string(),
        "tsumego_set goal nonsense".to_string(),
        "known_command play".to_string(),
        "known_command frobnicate".to_string(),
        "2 protocol_version".to_string(),
        "quit".to_string(),
        "name".to_string(),
    ];
    let script: Vec<&str> = script.iter().map(String::as_str).collect();
    let out = session(&[], &script);
    assert!(out.status.success());
    let r = replies(&out);
    let expected_starts = [
        "=1 Tsumego Studio",
        "? unknown command",
        "?12 ",
        "? a colour and a vertex",
        "? X: not a colour",
        "? Z99: not a point",
        "? unacceptable size",
        "? unacceptable size",
        "? komi needs a number",
        "? cannot load file",
        "? cannot load file",
        "? cannot undo",
        "? D4: there is no stone there",
        "? nonsense: not a goal",
        "= true",
        "= false",
        "=2 2",
        "=",
    ];
    assert_eq!(r.len(), expected_starts.len(), "{r:#?}");
    for (reply, start) in r.iter().zip(expected_starts) {
        assert!(
            reply.starts_with(start),
            "{reply:?} should start with {start:?}"
        );
    }
}

/// The research problems of the sample: every 7x7 one, and a few 19x19 ones.
fn research_sample() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/bench/rzs-aaai22");
    assert!(dir.is_dir(), "{} is missing", dir.display());
    let mut files: Vec<PathBuf> = (1..=20)
        .map(|i| dir.join("7x7").join(format!("{i}.json")))
        .collect();
    files.extend([1, 17, 42, 64, 99].map(|i| dir.join("19x19").join(format!("{i}.json"))));
    files
}

/// The bundled problems (SGF) in the repository's `problems/` folder.
fn bundled() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("problems");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "sgf"))
        .collect();
    files.sort();
    files
}

#[test]
fn problems_give_the_same_answers_through_gtp_as_through_solve() {
    let files: Vec<PathBuf> = bundled().into_iter().chain(research_sample()).collect();
    assert!(files.len() >= 50);
    let script: Vec<String> = files
        .iter()
        .flat_map(|f| {
            [
                format!("loadsgf {}", f.display()),
                "tsumego_solve".to_string(),
            ]
        })
        .collect();
    let script: Vec<&str> = script.iter().map(String::as_str).collect();
    let out = session(&["--max-nodes", NODES], &script);
    let r = replies(&out);
    assert_eq!(r.len(), 2 * files.len(), "{r:#?}");
    let mut decided = 0;
    for (file, reply) in files.iter().zip(r.chunks(2)) {
        assert!(reply[0].starts_with("= "), "{}: {reply:?}", file.display());
        let gtp_words = reply[1]
            .split_once(" -- ")
            .unwrap_or_else(|| panic!("{}: {reply:?}", file.display()))
            .1;
        let solved = Command::new(env!("CARGO_BIN_EXE_tsumego-studio"))
            .args(["solve", "--json", "--max-nodes", NODES])
            .arg(file)
            .output()
            .unwrap();
        let json: serde_json::Value = serde_json::from_slice(&solved.stdout).unwrap();
        let solve_words = json["result"].as_str().unwrap();
        assert_eq!(gtp_words, solve_words, "{}", file.display());
        if !reply[1].starts_with("= unknown") {
            decided += 1;
            assert!(
                reply[1].contains(" checked -- "),
                "{}: {}",
                file.display(),
                reply[1]
            );
            assert_eq!(
                json["checked"],
                serde_json::Value::Bool(true),
                "{}",
                file.display()
            );
        }
    }
    // Every bundled problem is decided within the node limit (a proven claim, or its
    // failure with the opposite claim's proof), and a few research problems.
    assert!(decided >= 28, "{decided} decided");
}

#[test]
fn owl_commands_reply_in_gnugo_codes() {
    let file = problem("01-straight-three-kill.sgf");
    let load = format!("loadsgf {}", file.display());
    let out = session(
        &["--max-nodes", NODES],
        &[
            &load,
            "owl_attack B2",
            "owl_defend B2",
            "dragon_status B2",
            "owl_attack G2",
        ],
    );
    let r = replies(&out);
    assert_eq!(
        r[1..],
        [
            "= 1 D1",
            "= 1 D1",
            "= critical D1 D1",
            // White's wall: Black cannot capture it inside the neighbourhood searched.
            "= 0",
        ],
        "{r:#?}"
    );
}

#[test]
fn tsumego_set_marks_the_target_and_region_and_moves_are_judged() {
    let out = session(
        &["--max-nodes", NODES],
        &[
            "boardsize 7",
            "play b A2",
            "play b B2",
            "play b C2",
            "play b D2",
            "play b D1",
            "play w A3",
            "play w B3",
            "play w C3",
            "play w D3",
            "play w E3",
            "play w E2",
            "play w E1",
            "tsumego_set target A2",
            "tsumego_set region A1 B1 C1",
            "tsumego_set goal live",
            "tsumego_solve w",
            "tsumego_moves w",
            "tsumego_gfx_problem",
        ],
    );
    let r = replies(&out);
    assert!(r[13].contains("target A2 B2 C2 D2 D1"), "{}", r[13]);
    assert!(r[14].contains("region 3 points"), "{}", r[14]);
    // Straight three on the edge: White kills at B1.
    assert!(r[16].starts_with("= proven B1 kills checked"), "{}", r[16]);
    let moves: Vec<&str> = r[17].trim_start_matches("= ").lines().collect();
    assert!(moves.contains(&"B1 works checked"), "{moves:?}");
    assert!(
        moves.iter().any(|m| m.starts_with("A1 fails B1")),
        "{moves:?}"
    );
    assert!(r[18].contains("MARK A2 B2 C2 D2 D1"), "{}", r[18]);
}

#[test]
fn lz_analyze_streams_until_the_next_input() {
    let file = research_sample()[0].clone();
    let mut child = Command::new(env!("CARGO_BIN_EXE_tsumego-studio"))
        .args(["gtp", "--max-nodes", "5000000"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    writeln!(stdin, "loadsgf {}", file.display()).unwrap();
    writeln!(stdin, "7 lz-analyze 5").unwrap();
    let mut line = String::new();
    let mut read = |line: &mut String| {
        line.clear();
        stdout.read_line(line).unwrap();
        line.trim_end().to_string()
    };
    assert!(read(&mut line).starts_with("= "));
    assert_eq!(read(&mut line), "");
    assert_eq!(read(&mut line), "=7");
    let info = read(&mut line);
    assert!(info.starts_with("info move "), "{info}");
    assert!(info.contains(" visits ") && info.contains(" winrate ") && info.contains(" pv "));
    writeln!(stdin, "name").unwrap();
    // Info lines may come before the input is read; then the reply ends.
    while !read(&mut line).is_empty() {}
    assert_eq!(read(&mut line), "= Tsumego Studio");
    drop(stdin);
    assert!(child.wait().unwrap().success());
}

#[test]
fn gogui_gets_its_analyze_commands_and_live_graphics() {
    let file = research_sample()[1].clone();
    let load = format!("loadsgf {}", file.display());
    let out = session(
        &["--max-nodes", "300000"],
        &["gogui-analyze_commands", &load, "tsumego_solve"],
    );
    let r = replies(&out);
    assert!(r[0].contains("gfx/Tsumego: relevance zone/tsumego_gfx_zone %m"));
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(stderr.contains("gogui-gfx:\nCLEAR\n"), "{stderr}");
    assert!(stderr.contains("\nTEXT "), "{stderr}");
}

#[test]
fn loadsgf_plays_a_game_to_its_end_and_keeps_a_problems_position() {
    let dir = std::env::temp_dir().join(format!("tsumego-gtp-loadsgf-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    // No PL, no markup: the problem reader would only guess that the moves are an answer;
    // GTP plays the game to its end (as GNU Go's regression files expect).
    let game = dir.join("game.sgf");
    std::fs::write(&game, "(;GM[1]SZ[9];B[ee];W[cc];B[gg])").unwrap();
    // PL names the first move's colour: a problem with its answer, loaded at its root.
    let problem = dir.join("problem.sgf");
    std::fs::write(&problem, "(;GM[1]SZ[9]AB[aa]PL[W];W[cc])").unwrap();
    let out = session(
        &[],
        &[
            &format!("loadsgf {}", game.display()),
            "showboard",
            &format!("loadsgf {} 3", game.display()),
            "showboard",
            &format!("loadsgf {}", problem.display()),
            "showboard",
        ],
    );
    let r = replies(&out);
    let stones = |reply: &str| reply.matches(['X', 'O']).count();
    assert_eq!(r[0], "= white");
    assert_eq!(stones(&r[1]), 3, "{}", r[1]);
    assert_eq!(r[2], "= black", "before move 3: two moves played");
    assert_eq!(stones(&r[3]), 2, "{}", r[3]);
    assert_eq!(r[4], "= white");
    assert_eq!(stones(&r[5]), 1, "{}", r[5]);
    std::fs::remove_dir_all(&dir).unwrap();
}
