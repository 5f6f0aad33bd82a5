//! The layouts problem files come in (`tests/corpus/layouts/`): how the moves after the root are
//! read (the reading rules of `src/problem/sgf_read.rs`: setup or answer, and why), the side to
//! move, the setup moves, the answer's first moves, and that every file loads as a valid problem
//! (with its target inferred where it is a problem). `solve` and `check` print the reading.
//!
//! The files are written here in the manner of their sources: a classic collection's website
//! edition (`PL` and one answer line, unmarked or ending in `C[Correct]`, `PL[]`, a ko retaken
//! at once), goproblems
//! (`RIGHT`, several variations, no `PL`), Sabaki (`AP[Sabaki…]`, `KM`, `DT`, `TE`/`BM`),
//! tsumego.js (a single `MA` target), a game record (players, result, 40 moves), a 7x7 Kill-all
//! record from the empty board, a file showing the opponent's last move before `PL`'s side plays,
//! our writer's setup layout (`PL` on the last setup move) and our `--answers-out` output.
#![allow(clippy::unwrap_used)] // tests may panic on what cannot happen

use crate::cli_common;

use cli_common::{run, stdout};
use std::path::{Path, PathBuf};
use tsumego_studio::go::Color::{self, Black, White};
use tsumego_studio::problem::coords::move_gtp;
use tsumego_studio::problem::{load_inferring, AnswersBecause, MovesRead, SetupBecause};

fn layouts_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/corpus/layouts")
}

/// What each file must read as.
struct Layout {
    file: &'static str,
    read: MovesRead,
    to_move: Color,
    /// The first moves of the answer variations, in file order (GTP).
    first_moves: &'static [&'static str],
    /// The answer's correct first moves (GTP).
    correct: &'static [&'static str],
    /// The target, region and goal are inferred (a problem, not a game).
    inferred: bool,
}

const fn answers(because: AnswersBecause) -> MovesRead {
    MovesRead::Answers(because)
}

const fn setup(count: usize, because: SetupBecause) -> MovesRead {
    MovesRead::Setup { count, because }
}

const LAYOUTS: &[Layout] = &[
    // The case: PL[W] and the answer alone, `(;W[ra])`.
    Layout {
        file: "classic-one-answer.sgf",
        read: answers(AnswersBecause::FirstMoveByPl(White)),
        to_move: White,
        first_moves: &["S19"],
        correct: &[],
        inferred: true,
    },
    // A longer unmarked answer line, played out whole.
    Layout {
        file: "classic-answer-line.sgf",
        read: answers(AnswersBecause::FirstMoveByPl(Black)),
        to_move: Black,
        first_moves: &["A18"],
        correct: &[],
        inferred: true,
    },
    // A ko answer whose line retakes the ko at once (the book leaves out the threats).
    Layout {
        file: "classic-ko-answer.sgf",
        read: answers(AnswersBecause::FirstMoveByPl(Black)),
        to_move: Black,
        first_moves: &["B2"],
        correct: &[],
        inferred: true,
    },
    Layout {
        file: "classic-correct-comment.sgf",
        read: answers(AnswersBecause::Markup),
        to_move: White,
        first_moves: &["S19"],
        correct: &["S19"],
        inferred: true,
    },
    // PL[] is no PL: the first move's side plays.
    Layout {
        file: "classic-empty-pl.sgf",
        read: answers(AnswersBecause::NoPl),
        to_move: Black,
        first_moves: &["R1"],
        correct: &[],
        inferred: true,
    },
    Layout {
        file: "goproblems.sgf",
        read: answers(AnswersBecause::Markup),
        to_move: Black,
        first_moves: &["T18", "S19", "S18"],
        correct: &["T18"],
        inferred: true,
    },
    Layout {
        file: "sabaki-marked.sgf",
        read: answers(AnswersBecause::Markup),
        to_move: White,
        first_moves: &["B19", "C19"],
        correct: &["B19"],
        inferred: true,
    },
    // KM and DT (written by the editor) do not make a game record.
    Layout {
        file: "sabaki-unmarked.sgf",
        read: answers(AnswersBecause::NoPl),
        to_move: Black,
        first_moves: &["C1"],
        correct: &[],
        inferred: true,
    },
    Layout {
        file: "tsumego-js.sgf",
        read: answers(AnswersBecause::FirstMoveByPl(Black)),
        to_move: Black,
        first_moves: &["F8"],
        correct: &[],
        inferred: true,
    },
    // White's last move is shown, then Black (PL) plays.
    Layout {
        file: "pl-other-colour.sgf",
        read: setup(1, SetupBecause::PlOtherColour { pl: Black }),
        to_move: Black,
        first_moves: &["C1"],
        correct: &[],
        inferred: true,
    },
    Layout {
        file: "pl-on-move.sgf",
        read: setup(1, SetupBecause::PlOnMove),
        to_move: Black,
        first_moves: &["F8", "G8"],
        correct: &["F8"],
        inferred: true,
    },
    // A handicap game: PL[W] and White's first move, but a game record all the same.
    Layout {
        file: "game-record.sgf",
        read: setup(40, SetupBecause::GameRecord { moves: 40 }),
        to_move: White,
        first_moves: &[],
        correct: &[],
        inferred: false,
    },
    Layout {
        file: "kill-all-7x7.sgf",
        read: setup(8, SetupBecause::EmptyBoard),
        to_move: Black,
        first_moves: &[],
        correct: &[],
        inferred: false,
    },
    // `solve --all-moves --answers-out` on problems/15 (TSSETUP[0], C[RIGHT]).
    Layout {
        file: "studio-answers.sgf",
        read: answers(AnswersBecause::Marker),
        to_move: Black,
        first_moves: &["T18", "S19", "T19", "S18", "T17"],
        correct: &["T18"],
        inferred: false,
    },
];

#[test]
fn every_layout_reads_as_its_source_means() {
    for layout in LAYOUTS {
        let path = layouts_dir().join(layout.file);
        let f = layout.file;
        let loaded = load_inferring(&path).unwrap_or_else(|e| panic!("{f}: {e}"));
        assert_eq!(loaded.moves_read, Some(layout.read), "{f}: reading");
        let p = &loaded.problem;
        assert_eq!(p.to_move(), layout.to_move, "{f}: side to move");
        assert_eq!(p.setup_moves().len(), layout.read.setup_count(), "{f}");
        let size = p.size();
        let firsts: Vec<String> = p
            .answer()
            .variations
            .iter()
            .map(|v| move_gtp(v.mv, size))
            .collect();
        assert_eq!(firsts, layout.first_moves, "{f}: the answer's first moves");
        for v in &p.answer().variations {
            assert_eq!(
                v.color,
                p.to_move(),
                "{f}: the answer starts with the side to move"
            );
        }
        let correct: Vec<String> = p
            .answer()
            .correct_first_moves()
            .into_iter()
            .map(|m| move_gtp(m, size))
            .collect();
        assert_eq!(correct, layout.correct, "{f}: correct first moves");
        assert_eq!(
            loaded.inferred.is_some(),
            layout.inferred,
            "{f}: {:?}",
            loaded.note()
        );
        let note = loaded.reading_note().unwrap();
        assert!(note.starts_with("moves after the root: "), "{f}: {note}");
    }
}

#[test]
fn every_file_of_the_corpus_is_listed() {
    let mut files: Vec<String> = std::fs::read_dir(layouts_dir())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    files.sort();
    let mut listed: Vec<String> = LAYOUTS.iter().map(|l| l.file.to_string()).collect();
    listed.sort();
    assert_eq!(files, listed);
}

#[test]
fn the_longer_answer_line_is_played_out_whole() {
    let loaded = load_inferring(&layouts_dir().join("classic-answer-line.sgf")).unwrap();
    assert_eq!(loaded.problem.answer().depth(), 5);
    assert!(loaded.problem.setup_moves().is_empty());
}

#[test]
fn a_ko_retaken_at_once_in_an_answer_line_is_accepted() {
    let loaded = load_inferring(&layouts_dir().join("classic-ko-answer.sgf")).unwrap();
    assert_eq!(loaded.problem.answer().depth(), 6);
}

#[test]
fn check_and_solve_say_which_reading_they_assumed() {
    let file = layouts_dir().join("classic-one-answer.sgf");
    let file = file.to_str().unwrap();
    let line = "moves after the root: the answer (the first move is White's, as PL says)";
    let out = run(&["check", file]);
    assert!(out.status.success());
    assert!(
        stdout(&out).contains(&format!("\n  {line}\n")),
        "{}",
        stdout(&out)
    );
    let out = run(&["solve", file, "--json"]);
    assert!(out.status.success());
    let json: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    let read = &json["moves_read"];
    assert_eq!(read["reading"], "answers");
    assert_eq!(read["setup_moves"], 0);
    assert_eq!(read["reason"], "the first move is White's, as PL says");
    assert_eq!(read["words"], line);
    // White kills at the book's move: the answer was not played as setup.
    assert_eq!(json["first_move"], "S19");
    assert_eq!(json["or_player"], "White");
    let out = run(&["solve", file]);
    assert!(
        stdout(&out).contains(&format!("\n  {line}\n")),
        "{}",
        stdout(&out)
    );
}
