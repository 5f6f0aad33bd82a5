//! `tsumego-studio safety`, run as the built binary on the hand-written game records of
//! `tests/corpus/games/`: the static safe points and search areas in text and JSON, positions
//! along the game, and clear errors (never a panic) for malformed files, illegal moves, boards
//! over 19x19 and a move number past the end.

#![allow(clippy::unwrap_used)]

use crate::cli_common::{run, stderr, stdout};
use std::path::PathBuf;

/// A game record of the corpus.
fn game(name: &str) -> String {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/corpus/games")
        .join(name)
        .to_str()
        .unwrap()
        .to_string()
}

/// `safety --json` on `file` with `extra` arguments: the parsed object (the run must succeed).
fn json(file: &str, extra: &[&str]) -> serde_json::Value {
    let out = run(&[&["safety", file, "--json"], extra].concat());
    assert!(out.status.success(), "{}", stderr(&out));
    serde_json::from_str(&stdout(&out)).unwrap()
}

/// The message of a failing run: exit status 1, no panic, one `error:` line.
fn error(args: &[&str]) -> String {
    let out = run(args);
    assert_eq!(out.status.code(), Some(1), "{}", stdout(&out));
    let message = stderr(&out);
    assert!(!message.contains("panicked"), "{message}");
    assert!(message.starts_with("error: "), "{message}");
    message
}

#[test]
fn the_end_of_a_game_shows_each_colours_eyes_and_stones() {
    let out = run(&["safety", &game("two-passes-9x9.sgf")]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(
        text.contains("9x9, the position after move 18 of 18, Black to play"),
        "{text}"
    );
    assert!(
        text.contains(
            "Black: 10 safe points (8 stones, 2 territory; 10 by Benson's rule, 0 stones kept by links and pairs)"
        ),
        "{text}"
    );
    assert!(
        text.contains(
            "White: 10 safe points (8 stones, 2 territory; 10 by Benson's rule, 0 stones kept by links and pairs)"
        ),
        "{text}"
    );
    assert!(text.contains(" 9  b X b X X . . . .  9"), "{text}");
    assert!(text.contains(" 1  . . . . O O w O w  1"), "{text}");
    assert!(
        text.contains("area 1: 2 interior point(s): A9 C9"),
        "{text}"
    );
    assert!(
        text.contains("area 1: 2 interior point(s): G1 J1"),
        "{text}"
    );
}

#[test]
fn a_bamboo_joint_keeps_two_one_eyed_blocks() {
    let out = run(&["safety", &game("bamboo-joint-7x7.sgf")]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(
        text.contains(
            "Black: 10 safe points (10 stones, 0 territory; 0 by Benson's rule, 10 stones kept by links and pairs)"
        ),
        "{text}"
    );
    assert!(text.contains(" 7  . X X . X X .  7"), "{text}");
    let v = json(&game("bamboo-joint-7x7.sgf"), &[]);
    assert_eq!(v["black"]["safe_points"], 10);
    assert_eq!(v["black"]["benson_points"], 0);
    assert_eq!(v["black"]["linked_stones"].as_array().unwrap().len(), 10);
    assert_eq!(v["white"]["safe_points"], 0);
}

#[test]
fn json_lists_points_areas_and_left_out_zones() {
    let v = json(&game("two-passes-9x9.sgf"), &[]);
    assert_eq!(v["size"], 9);
    assert_eq!(
        (v["moves"].as_u64(), v["after_move"].as_u64()),
        (Some(18), Some(18))
    );
    assert_eq!(v["to_play"], "B");
    let black = &v["black"];
    assert_eq!(black["safe_points"], 10);
    assert_eq!(black["benson_points"], 10);
    assert!(black["linked_stones"].as_array().unwrap().is_empty());
    assert_eq!(black["safe_territory"], serde_json::json!(["A9", "C9"]));
    assert_eq!(black["safe_stones"].as_array().unwrap().len(), 8);
    assert_eq!(
        black["areas"][0]["interior"],
        serde_json::json!(["A9", "C9"])
    );
    let block = &black["areas"][0]["boundary_blocks"][0];
    assert_eq!(block["stones"].as_array().unwrap().len(), 8);
    assert_eq!(
        v["white"]["safe_territory"],
        serde_json::json!(["G1", "J1"])
    );
    // The rest of the board is one zone for each colour (the opponent's stones in it), too
    // large to search.
    for c in ["black", "white"] {
        let left = v[c]["left_out"].as_array().unwrap();
        assert_eq!(left.len(), 1, "{c}");
        assert_eq!(left[0]["reason"], "too_large");
        assert_eq!(left[0]["points"], 81 - 8 - 2);
    }
}

#[test]
fn move_picks_a_position_along_the_game() {
    let v = json(&game("two-passes-9x9.sgf"), &["--move", "4"]);
    assert_eq!(v["after_move"], 4);
    assert_eq!(v["to_play"], "B");
    assert_eq!(
        (
            v["black"]["safe_points"].as_u64(),
            v["white"]["safe_points"].as_u64()
        ),
        (Some(0), Some(0))
    );
    let v = json(&game("two-passes-9x9.sgf"), &["--move", "0"]);
    assert_eq!(v["black"]["left_out"][0]["reason"], "no_defender_stone");
    // Before B9 and H1 split the eye spaces on the edges, each is a straight four, two eyes
    // by one answer (the static rule's split): the stones are safe, Benson counts nothing.
    let v = json(&game("two-passes-9x9.sgf"), &["--move", "12"]);
    for c in ["black", "white"] {
        assert_eq!(v[c]["safe_points"], 6, "{c}");
        assert_eq!(v[c]["benson_points"], 0, "{c}");
        assert_eq!(v[c]["linked_stones"].as_array().unwrap().len(), 6, "{c}");
    }
    // After B9, Black's eyes are A9 and the two points C9 D9, each beside its one block.
    let v = json(&game("two-passes-9x9.sgf"), &["--move", "13"]);
    assert_eq!(
        v["black"]["safe_territory"],
        serde_json::json!(["A9", "C9", "D9"])
    );
    assert_eq!(v["black"]["safe_points"], 10);
}

#[test]
fn handicap_stones_and_tt_passes_are_read() {
    let v = json(&game("handicap-13x13.sgf"), &["--move", "0"]);
    assert_eq!(v["size"], 13);
    assert_eq!(v["to_play"], "W");
    let v = json(&game("handicap-13x13.sgf"), &[]);
    assert_eq!(v["moves"], 5);
    assert_eq!(v["to_play"], "B");
}

#[test]
fn errors_are_messages_not_panics() {
    let m = error(&["safety", &game("malformed.sgf")]);
    assert!(m.contains("malformed.sgf: SGF syntax error"), "{m}");
    let m = error(&["safety", &game("illegal-move.sgf")]);
    assert!(
        m.contains("move 18 (White C9 (SGF ca)) is illegal: suicide"),
        "{m}"
    );
    let m = error(&["safety", &game("too-large.sgf")]);
    assert!(
        m.contains("board size 21 is not supported (2 to 19)"),
        "{m}"
    );
    let m = error(&["safety", &game("two-passes-9x9.sgf"), "--move", "19"]);
    assert!(m.contains("--move 19: the game has only 18 moves"), "{m}");
    let m = error(&["safety", &game("no-such-game.sgf")]);
    assert!(m.contains("no-such-game.sgf: cannot read"), "{m}");
}

/// `--search` proves each area's boundary safety (df-pn, proofs checked): at the end of the
/// 9x9 game each colour's one area is safe with the opponent to move, so its boundary stones
/// are proven safe, and the safe points (static and searched) are reported per colour.
#[test]
fn search_proves_the_areas_of_a_finished_game() {
    let v = json(&game("two-passes-9x9.sgf"), &["--search"]);
    for colour in ["black", "white"] {
        let s = &v[colour]["searched"];
        assert_eq!(s["areas"], serde_json::json!(["safe"]), "{colour}: {s}");
        assert_eq!(s["proven_stones"].as_array().unwrap().len(), 8, "{colour}");
        assert!(s["safe_points"].as_u64().unwrap() >= v[colour]["safe_points"].as_u64().unwrap());
    }
    // Without `--search` nothing is searched.
    let plain = json(&game("two-passes-9x9.sgf"), &[]);
    assert!(plain["black"].get("searched").is_none());
}
