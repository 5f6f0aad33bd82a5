//! `tsumego-studio owl`, run as the built binary on `tests/corpus/games/owl-9x9.sgf`: a group
//! with a straight three of eye space inside a wall (killed by the attacker moving first at
//! the vital point, alive when its owner takes it), a lone stone in the open (neither claim
//! holds inside its neighbourhood: unknown), the claim written as a problem file, and clear
//! errors for a point without a stone and a move past the end; and on
//! `owl-short-wall-9x9.sgf`, which claim answers when the region closed round the group has a
//! short wall block.

#![allow(clippy::unwrap_used)]

use crate::cli_common::{run, stderr, stdout};
use std::path::PathBuf;

/// The path of `tests/corpus/games/NAME`.
fn game(name: &str) -> String {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/corpus/games")
        .join(name)
        .to_str()
        .unwrap()
        .to_string()
}

fn position() -> String {
    game("owl-9x9.sgf")
}

/// `owl --json` on `file` with `args`: the parsed object (the run must succeed).
fn owl_on(file: &str, args: &[&str]) -> serde_json::Value {
    let out = run(&[&["owl", file, "--json"], args].concat());
    assert!(out.status.success(), "{}", stderr(&out));
    serde_json::from_str(&stdout(&out)).unwrap()
}

/// `owl --json` on `owl-9x9.sgf` with `args`.
fn owl(args: &[&str]) -> serde_json::Value {
    owl_on(&position(), args)
}

#[test]
fn the_vital_point_kills_or_saves_the_straight_three() {
    let attack = owl(&["--attack", "B2", "--secs", "20"]);
    assert_eq!(attack["result"], "proven", "{attack}");
    assert_eq!(attack["gnugo"], 1);
    assert_eq!(attack["go_result"], "kills");
    assert_eq!(attack["move"], "B1");
    assert_eq!(attack["to_move"], "B");
    assert_eq!(attack["check"], "Checked");
    let defend = owl(&["--defend", "B2", "--secs", "20"]);
    assert_eq!(defend["result"], "proven", "{defend}");
    assert_eq!(defend["go_result"], "lives");
    assert_eq!(defend["move"], "B1");
    assert_eq!(defend["to_move"], "W");
}

/// `owl --json` on `owl-short-wall-9x9.sgf` with `args`.
fn owl_short_wall(args: &[&str]) -> serde_json::Value {
    owl_on(&game("owl-short-wall-9x9.sgf"), args)
}

#[test]
fn behind_a_short_wall_block_life_comes_from_the_enclosure_and_a_kill_from_the_open_board() {
    // The defender's life in the closed region holds whatever the wall.
    let defend = owl_short_wall(&["--defend", "B2", "--secs", "20"]);
    assert_eq!(defend["result"], "proven", "{defend}");
    assert_eq!(defend["go_result"], "lives");
    assert_eq!(
        (defend["open"].clone(), defend["region_empty"].clone()),
        (false.into(), 3.into())
    );
    assert_eq!(defend["region"], "enclosure");
    // The kill found there takes the short block E1-E2 to be safe, so it does not count: the
    // answer is the races', where White may attack that block and run out through it.
    let attack = owl_short_wall(&["--attack", "B2", "--secs", "20"]);
    assert_eq!(attack["region"], "race", "{attack}");
    assert_eq!(attack["open"], true, "{attack}");
    assert!(attack["region_empty"].as_u64().unwrap() > 3, "{attack}");
    assert_eq!(attack["result"], "proven", "{attack}");
    assert_eq!(attack["move"], "B1");
    assert_eq!(attack["check"], "Checked");
}

#[test]
fn a_lone_stone_in_the_open_is_unknown_not_dead() {
    let attack = owl(&["--attack", "E7", "--secs", "1"]);
    assert_eq!(attack["result"], "unknown", "{attack}");
    assert_eq!(attack["open"], true);
    assert!(attack["gnugo"].is_null() && attack["move"].is_null());
}

#[test]
fn the_claim_is_written_as_a_problem_file() {
    let dir = crate::cli_common::temp_dir("owl", "problem-out");
    let out_file = dir.join("claim.sgf");
    let file = position();
    let out = run(&[
        "owl",
        &file,
        "--attack",
        "B2",
        "--secs",
        "20",
        "--problem-out",
        out_file.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        stdout(&out).contains("proven (kills), first move B1"),
        "{}",
        stdout(&out)
    );
    let solved = run(&["solve", out_file.to_str().unwrap(), "--json"]);
    let v: serde_json::Value = serde_json::from_str(&stdout(&solved)).unwrap();
    assert_eq!(v["status"], "win", "{v}");
    assert_eq!(v["first_move"], "B1");
}

#[test]
fn bad_targets_get_clear_errors() {
    let file = position();
    for (args, words) in [
        (vec!["--attack", "E5"], "E5: there is no stone there"),
        (vec!["--attack", "Z9"], "Z9: not a point of a 9x9 board"),
        (
            vec!["--defend", "B2", "--move", "3"],
            "the game has only 0 moves",
        ),
    ] {
        let out = run(&[&["owl", file.as_str()], args.as_slice()].concat());
        assert_eq!(out.status.code(), Some(1), "{}", stdout(&out));
        let message = stderr(&out);
        assert!(!message.contains("panicked"), "{message}");
        assert!(message.contains(words), "{message}");
    }
}
