//! A proven result saved with the problem, driven with egui_kittest: a solve
//! or a judgement of every first move, then Save, writes the result, the answer and a verdict
//! line into the file; the problem list shows what the file states; the source field is kept.
#![allow(clippy::unwrap_used)]

use crate::studio_common;

use std::path::{Path, PathBuf};
use tsumego_studio::go::{Move, Point};
use tsumego_studio::problem::{load, write_sgf, AnswerTree, Outcome, Way};
use tsumego_studio::report::first_moves::summary;
use tsumego_studio::studio::StudioApp;

use egui_kittest::kittest::Queryable;
use egui_kittest::Harness;
use studio_common::{bundled, wait_for_solve, window_on};

/// A folder of its own with `name` copied from the bundled problems, without the file's answer,
/// expected result and comment (what an author has before solving).
fn bare_copy(tag: &str, name: &str) -> (PathBuf, PathBuf) {
    let dir = std::env::temp_dir().join(format!("tsumego-saved-{tag}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut setup = load(&bundled(name)).unwrap().to_setup();
    setup.answer = AnswerTree::new();
    setup.expected = None;
    setup.expected_way = None;
    setup.comment = String::new();
    let file = dir.join(name);
    std::fs::write(&file, write_sgf(&setup.validate().unwrap())).unwrap();
    (dir, file)
}

fn library_result(h: &Harness<'static, StudioApp>, file: &Path) -> Option<String> {
    let entry = h
        .state()
        .doc
        .library
        .entries
        .iter()
        .find(|e| e.path == file);
    entry.unwrap().result.clone()
}

#[test]
fn a_proven_result_is_saved_with_the_file_and_shown_in_the_problem_list() {
    let (dir, file) = bare_copy("solve", "03-bent-three-kill.sgf");
    let mut h = window_on(file.clone(), [1280.0, 820.0]);
    assert_eq!(
        library_result(&h, &file),
        None,
        "the bare file states no result"
    );
    h.get_by_label("▶ Solve").click();
    h.run_steps(2);
    wait_for_solve(&mut h);
    assert!(h.state().proof().is_some());
    h.state_mut().save_to(&file);
    let notice = h.state().view.notice.clone().unwrap().text;
    assert!(
        notice.contains("with the proven result (White kills, D1)"),
        "{notice}"
    );
    let back = load(&file).unwrap();
    assert_eq!(back.expected(), Some(Outcome::Win));
    // The proof's main line is the answer, its first move the vital point.
    assert_eq!(
        back.answer().correct_first_moves(),
        vec![Move::Play(Point::new(3, 8))]
    );
    assert!(
        back.comment()
            .ends_with("(proven and checked by Tsumego Studio)"),
        "{}",
        back.comment()
    );
    // The position, claim and region are what was open.
    let open = h.state().doc.problem.problem().unwrap().clone();
    assert_eq!(back.board(), open.board());
    assert_eq!(
        (back.goal(), back.or_player()),
        (open.goal(), open.or_player())
    );
    assert_eq!(back.region(), open.region());
    // The open document is clean: what is saved beside it is the result, not an edit.
    assert!(!h.state().doc.problem.is_dirty());
    assert_eq!(
        library_result(&h, &file).as_deref(),
        Some("White kills · D1")
    );
    // Saving again keeps one verdict line.
    h.state_mut().save_to(&file);
    let again = load(&file).unwrap();
    assert_eq!(again.comment(), back.comment());
    std::fs::remove_dir_all(dir).unwrap();
}

/// Judge every first move of a bare copy of `name`, save it, and read the file back.
fn judged_and_saved(
    tag: &str,
    name: &str,
) -> (tsumego_studio::problem::Problem, Vec<Move>, String) {
    let (dir, file) = bare_copy(tag, name);
    let mut h = window_on(file.clone(), [1280.0, 820.0]);
    studio_common::judge_every_first_move(&mut h);
    let judged = h.state().judged_first_moves().unwrap();
    let (summary, solutions) = (summary(judged), judged.solutions());
    h.state_mut().save_to(&file);
    let back = load(&file).unwrap();
    std::fs::remove_dir_all(dir).unwrap();
    (back, solutions, summary)
}

#[test]
fn a_judgement_of_every_first_move_saves_the_answer_tree() {
    // Black to live, by seki at F1.
    let (back, solutions, summary) = judged_and_saved("judge", "23-seki-to-live.sgf");
    assert_eq!(summary, "unique solution: F1");
    assert_eq!(back.expected(), Some(Outcome::Win));
    assert_eq!(back.answer().correct_first_moves(), solutions);
    assert!(!back.answer().wrong_first_moves().is_empty());
    assert!(back.comment().contains(&summary), "{}", back.comment());
    assert_eq!(back.expected_way(), None::<Way>);
    // White to kill with no move that kills: the file says White fails, and lists the moves
    // that fail with their refutations.
    let (back, solutions, summary) = judged_and_saved("nosolution", "22-seki-one-eye-each.sgf");
    assert_eq!(summary, "no solution");
    assert!(solutions.is_empty());
    assert_eq!(back.expected(), Some(Outcome::Fail));
    assert!(back.answer().correct_first_moves().is_empty());
    assert!(!back.answer().wrong_first_moves().is_empty());
}

#[test]
fn an_unproven_problem_is_saved_as_typed() {
    let (dir, file) = bare_copy("typed", "03-bent-three-kill.sgf");
    let before = std::fs::read_to_string(&file).unwrap();
    let mut h = window_on(file.clone(), [1280.0, 820.0]);
    h.state_mut().save_to(&file);
    assert_eq!(std::fs::read_to_string(&file).unwrap(), before);
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_typed_source_is_kept_and_saved_as_so() {
    let (dir, file) = bare_copy("source", "03-bent-three-kill.sgf");
    let mut h = window_on(file.clone(), [1280.0, 820.0]);
    h.get_by_label("Source:").focus();
    h.run_steps(2);
    h.get_by_label("Source:").type_text("Igo Hatsuyoron 12");
    h.run_steps(2);
    h.get_by_label("Name:").focus();
    h.run_steps(3);
    assert_eq!(h.state().doc.problem.setup().source, "Igo Hatsuyoron 12");
    h.state_mut().save_to(&file);
    assert!(std::fs::read_to_string(&file)
        .unwrap()
        .contains("SO[Igo Hatsuyoron 12]"));
    assert_eq!(load(&file).unwrap().source(), "Igo Hatsuyoron 12");
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn an_exported_proof_opens_again_as_the_problem() {
    let dir = std::env::temp_dir().join(format!("tsumego-proof-open-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut h = window_on(bundled("03-bent-three-kill.sgf"), [1280.0, 820.0]);
    h.get_by_label("▶ Solve").click();
    h.run_steps(2);
    wait_for_solve(&mut h);
    let solved = h.state().doc.problem.problem().unwrap().clone();
    let file = dir.join("proof.sgf");
    h.state_mut().write_proof(&file);
    h.state_mut().request_open(file.clone());
    h.run_steps(3);
    let app = h.state();
    assert_eq!(
        app.doc.problem.path(),
        Some(file.as_path()),
        "{:?}",
        app.view.notice
    );
    // Opening forgets the last verdict: what is shown is the file's own proof (at most being
    // read and checked still; `studio_proof_file` follows it to its verdict).
    assert!(
        app.jobs
            .finished
            .as_ref()
            .is_none_or(|f| f.verdict.contains("(a proof read from the file)")),
        "opening forgets the last verdict"
    );
    let p = app.doc.problem.problem().unwrap();
    assert_eq!(p.board(), solved.board());
    assert_eq!(
        (p.goal(), p.or_player()),
        (solved.goal(), solved.or_player())
    );
    assert_eq!(p.region(), solved.region());
    // The problem states the proven result.
    assert_eq!(p.expected(), Some(Outcome::Win));
    std::fs::remove_dir_all(dir).unwrap();
}
