//! "Judge every first move" in the studio, driven with egui_kittest: the button starts the
//! judgement on a worker thread, the panel states the solutions, the board marks each move, and
//! opening another problem forgets it.
#![allow(clippy::unwrap_used)]

use crate::studio_common;

use egui_kittest::kittest::Queryable;
use tsumego_studio::go::{Color, Move, Point};
use tsumego_studio::solver::jobs::first_moves::MoveResult;
use tsumego_studio::studio::view_state::Mode;

use studio_common::{bundled, window_on};

#[test]
fn every_first_move_is_judged_marked_and_forgotten_on_another_problem() {
    let mut h = window_on(bundled("03-bent-three-kill.sgf"), [1280.0, 820.0]);
    studio_common::judge_every_first_move(&mut h);
    // The summary in the panel, and one line per move.
    // In the panel and in the status bar.
    assert_eq!(
        h.query_all_by_label_contains("Unique solution: D1").count(),
        2
    );
    h.get_by_label_contains("D1    works");
    h.get_by_label_contains("pass  fails");
    // The legend under the board explains the marks.
    h.get_by_label("first moves:");
    // The status bar says the judgement ended.
    assert!(h
        .state()
        .view
        .notice
        .as_ref()
        .unwrap()
        .text
        .starts_with("Unique solution: D1"));
    // The board marks D1 as working and C1 as failing.
    let scene = h.state().scene();
    let mark = |x, y| {
        scene
            .marks
            .iter()
            .find(|m| m.point == Point::new(x, y))
            .map(|m| m.text)
    };
    assert_eq!(mark(3, 8), Some("✔"));
    assert_eq!(mark(2, 8), Some("×"));
    let job = h.state().jobs.all_moves.as_ref().unwrap();
    assert_eq!(job.result_at(Move::Pass), Some(MoveResult::Fails));
    assert_eq!(job.moves.len(), job.total);
    // Another problem opens without the judgement.
    let other = bundled("04-straight-four-alive.sgf");
    h.state_mut().request_open(other);
    h.run_steps(3);
    assert!(h.state().jobs.all_moves.is_none());
    assert!(h.state().scene().marks.is_empty());
}

#[test]
fn a_failing_first_move_opens_its_refutation_in_one_click() {
    let mut h = window_on(bundled("03-bent-three-kill.sgf"), [1280.0, 820.0]);
    studio_common::judge_every_first_move(&mut h);
    h.get_by_label_contains("C1    fails").click();
    h.run_steps(2);
    let app = h.state();
    assert_eq!(app.view.mode, Mode::Proof);
    assert_eq!(app.jobs.viewing_move, Some(Move::Play(Point::new(2, 8))));
    let f = app.jobs.finished.as_ref().unwrap();
    assert!(f.verdict.starts_with("After White C1: "), "{}", f.verdict);
    assert!(f.verdict.ends_with("(the refutation)."), "{}", f.verdict);
    // The tree is Black's proof from the position after White's C1.
    let claim = f.proof_claim();
    assert_eq!(claim.or_player(), Color::Black);
    assert_eq!(
        claim.board().color_at(Point::new(2, 8)),
        Some(Color::White),
        "the board is the one after the move"
    );
    assert!(app.proof().is_some());
    h.get_by_label("Proof tree").click();
    h.run_steps(2);
    // The working move shows its proof, and "back" returns to the problem.
    h.get_by_label_contains("D1    works").click();
    h.run_steps(2);
    let f = h.state().jobs.finished.as_ref().unwrap();
    assert!(f.verdict.ends_with("(the proof)."), "{}", f.verdict);
    assert_eq!(f.proof_claim().or_player(), Color::White);
    h.get_by_label("← Back to the problem").click();
    h.run_steps(2);
    assert_eq!(h.state().jobs.viewing_move, None);
    assert!(
        h.state().jobs.finished.is_none(),
        "no solve was run for the problem itself"
    );
    assert_eq!(h.state().view.mode, Mode::Edit);
}

#[test]
fn exported_answers_open_in_the_studio_with_their_book_moves() {
    let dir = std::env::temp_dir().join(format!("tsumego-answers-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut h = window_on(bundled("03-bent-three-kill.sgf"), [1280.0, 820.0]);
    studio_common::judge_every_first_move(&mut h);
    let file = dir.join("answers.sgf");
    h.state_mut().write_answers(&file);
    let notice = h.state().view.notice.clone().unwrap().text;
    assert!(
        notice.starts_with("answers (unique solution: D1) written to"),
        "{notice}"
    );
    h.state_mut().request_open(file.clone());
    h.run_steps(3);
    let app = h.state();
    assert_eq!(app.doc.problem.path(), Some(file.as_path()));
    let p = app.doc.problem.problem().unwrap();
    assert_eq!(
        p.answer().correct_first_moves(),
        vec![Move::Play(Point::new(3, 8))]
    );
    assert!(p
        .answer()
        .wrong_first_moves()
        .contains(&Move::Play(Point::new(2, 8))));
    // The panel shows the book's answer.
    h.get_by_label_contains("Book answer: D1");
    std::fs::remove_dir_all(dir).unwrap();
}
