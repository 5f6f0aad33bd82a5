//! A proof SGF opened in the studio, driven with egui_kittest: its proof is read and checked in
//! the background and shown as a solve's (tree, proof view, stepping, the verdict saying it came
//! from the file and what the checker found); a proof the checker rejects is shown marked
//! rejected; an unreadable proof leaves the problem open with a warning naming the reason; an
//! edit forgets the proof.
#![allow(clippy::unwrap_used)]

use crate::studio_common::{bundled, wait_while, window_on};

use egui_kittest::kittest::Queryable;
use egui_kittest::Harness;
use std::path::PathBuf;
use tsumego_studio::go::Move;
use tsumego_studio::problem::{load, Problem};
use tsumego_studio::solver::proof::certify::CheckVerdict;
use tsumego_studio::solver::proof::fault::Fault;
use tsumego_studio::solver::proof::proof_sgf::proof_to_sgf;
use tsumego_studio::solver::{ProofTree, SolveConfig, Solver, Status};
use tsumego_studio::studio::view_state::Mode;
use tsumego_studio::studio::StudioApp;

/// The bundled bent three (White kills at D1) and its proof, solved with the library.
fn bent_three_proof() -> (Problem, ProofTree) {
    let problem = load(&bundled("03-bent-three-kill.sgf")).unwrap();
    let solution = Solver::new(&problem, SolveConfig::default()).solve();
    assert_eq!(solution.status, Status::Win);
    (problem, solution.proof.unwrap())
}

/// `text` written as `name` in a folder of the test's own.
fn proof_file(tag: &str, name: &str, text: &str) -> (PathBuf, PathBuf) {
    let dir = std::env::temp_dir().join(format!("tsumego-proof-file-{tag}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join(name);
    std::fs::write(&file, text).unwrap();
    (dir, file)
}

/// Step frames until the proof file's job is over (read, and checked or refused).
fn wait_for_proof_file(h: &mut Harness<'static, StudioApp>) {
    wait_while(h, "the proof file was not read and checked", |app| {
        app.jobs.proof_file.is_some()
    });
}

/// Is a widget whose label contains `text` on screen (the verdict is also in the status bar)?
fn on_screen(h: &Harness<'static, StudioApp>, text: &str) -> bool {
    h.query_all_by_label_contains(text).next().is_some()
}

fn verdict(h: &Harness<'static, StudioApp>) -> String {
    h.state().jobs.finished.as_ref().unwrap().verdict.clone()
}

#[test]
fn a_proof_file_opens_with_its_proof_checked_and_steps_node_by_node() {
    let (problem, proof) = bent_three_proof();
    let (dir, file) = proof_file("ok", "bent-proof.sgf", &proof_to_sgf(&problem, &proof));
    let mut h = window_on(file.clone(), [1280.0, 820.0]);
    wait_for_proof_file(&mut h);

    // The file's proof is the result shown, checked, in the proof view.
    let f = h.state().jobs.finished.clone().unwrap();
    assert_eq!(f.proof.as_deref(), Some(&proof));
    assert_eq!(f.check, Some(CheckVerdict::Checked));
    assert_eq!(h.state().proof(), Some(&proof));
    assert_eq!(h.state().view.mode, Mode::Proof);
    let v = verdict(&h);
    assert!(
        v.starts_with(
            "White kills: first move D1 (a proof read from the file). Proven and \
                       checked: the independent checker accepts it ("
        ),
        "{v}"
    );
    assert!(
        f.details.starts_with("Proof read from bent-proof.sgf: "),
        "{}",
        f.details
    );
    // The problem is the file's, unchanged.
    assert_eq!(h.state().doc.problem.path(), Some(file.as_path()));
    assert!(!h.state().doc.problem.is_dirty());
    // The verdict and the tree panel are on screen; the list's tag is the result.
    assert!(on_screen(
        &h,
        "(a proof read from the file). Proven and checked"
    ));
    // The tree panel's header.
    h.get_by_label_contains(&format!(
        "{} nodes, depth {} · selected",
        proof.node_count(),
        proof.root.depth()
    ));
    assert_eq!(h.state().current_tag().as_deref(), Some("White kills"));

    // Stepping: a click on the winning move's row, Right to the first reply, Down to its
    // sibling.
    let d1 = proof.root.children[0].mv.unwrap();
    h.get_by_label_contains("W D1 · winning move").click();
    h.run_steps(2);
    assert_eq!(h.state().view.cursor.path(), &[0]);
    assert!(!h.state().scene().board.is_empty(d1.point().unwrap()));
    h.key_press(egui::Key::ArrowRight);
    h.run_steps(2);
    assert_eq!(h.state().view.cursor.path(), &[0, 0]);
    if proof.root.children[0].children.len() > 1 {
        h.key_press(egui::Key::ArrowDown);
        h.run_steps(2);
        assert_eq!(h.state().view.cursor.path(), &[0, 1]);
    }
    // The overlays follow the node: its zone, and an AND node's must-play region.
    let scene = h.state().scene();
    let node = h.state().view.cursor.node(&proof).clone();
    assert_eq!(scene.zone, Some(node.zone));

    // An edit forgets the file's proof, as it forgets a solve's result.
    h.state_mut().apply_edit(|s| {
        s.comment.push_str(" edited");
        true
    });
    h.run_steps(2);
    assert!(h.state().proof().is_none());
    assert_eq!(h.state().view.mode, Mode::Edit);
    // Undo returns to the file's problem, and to its checked proof.
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    h.run_steps(2);
    assert_eq!(h.state().proof(), Some(&proof));

    // Save never writes the problem alone over the proof file: unchanged, nothing to save;
    // edited, the edited problem needs another name.
    let written = std::fs::read_to_string(&file).unwrap();
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::S);
    h.run_steps(2);
    assert_eq!(std::fs::read_to_string(&file).unwrap(), written);
    h.state_mut().apply_edit(|s| {
        s.comment.push_str(" edited");
        true
    });
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::S);
    h.run_steps(2);
    assert_eq!(std::fs::read_to_string(&file).unwrap(), written);
    let notice = h.state().view.notice.as_ref().map(|n| n.text.clone());
    assert!(
        notice
            .as_deref()
            .is_some_and(|t| t.ends_with("use Save As for the edited problem")),
        "{notice:?}"
    );
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_proof_the_checker_rejects_is_shown_marked_rejected() {
    let (problem, mut proof) = bent_three_proof();
    // The first OR move replaced by another play: the file reads, the checker rejects it.
    Fault::WrongMove.apply(&problem, &mut proof).unwrap();
    assert_ne!(proof.root.children[0].mv, Some(Move::Pass));
    let (dir, file) = proof_file("rejected", "wrong.sgf", &proof_to_sgf(&problem, &proof));
    let mut h = window_on(file, [1280.0, 820.0]);
    wait_for_proof_file(&mut h);

    let f = h.state().jobs.finished.clone().unwrap();
    assert_eq!(f.check, Some(CheckVerdict::Failed));
    assert_eq!(
        f.proof.as_deref(),
        Some(&proof),
        "the rejected proof is shown as written"
    );
    let v = verdict(&h);
    assert!(
        v.starts_with("REJECTED: the independent checker rejects the proof read from the file"),
        "{v}"
    );
    assert!(v.contains("do not trust it"), "{v}");
    let notice = h.state().view.notice.clone().unwrap();
    assert!(
        notice.error && notice.text.starts_with("REJECTED"),
        "{}",
        notice.text
    );
    assert!(on_screen(&h, "REJECTED: the independent checker"));
    assert!(on_screen(&h, "[REJECTED]"), "the problem list's tag");
    assert_eq!(h.state().current_tag().as_deref(), Some("REJECTED"));
    // Still a proof to step through, and nothing to reduce.
    h.key_press(egui::Key::ArrowRight);
    h.run_steps(2);
    assert_eq!(h.state().view.cursor.path(), &[0]);
    assert!(h
        .state()
        .jobs
        .reducible(h.state().doc.problem.revision())
        .is_err());
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn an_unreadable_proof_opens_as_the_problem_with_a_warning() {
    let (problem, proof) = bent_three_proof();
    let text = proof_to_sgf(&problem, &proof).replacen("TSROLE[and]", "TSROLE[both]", 1);
    let (dir, file) = proof_file("unreadable", "broken.sgf", &text);
    let mut h = window_on(file.clone(), [1280.0, 820.0]);
    wait_for_proof_file(&mut h);

    // The problem is open, as the file states it; no proof is shown.
    assert_eq!(h.state().doc.problem.path(), Some(file.as_path()));
    let open = h.state().doc.problem.problem().unwrap().clone();
    assert_eq!(open.board(), problem.board());
    assert_eq!(open.goal(), problem.goal());
    assert!(h.state().jobs.finished.is_none());
    assert_eq!(h.state().view.mode, Mode::Edit);
    let notice = h.state().view.notice.clone().unwrap();
    assert!(notice.error, "{}", notice.text);
    assert!(
        notice.text.contains("as a problem only: its proof cannot be read (TSROLE[both] at proof line W D1: expected or, and,"),
        "{}",
        notice.text
    );
    // The proof tree panel says it in place of a tree.
    assert!(on_screen(
        &h,
        "The file's proof could not be read (TSROLE[both]"
    ));
    // It can still be solved.
    h.get_by_label("▶ Solve").click();
    h.run_steps(2);
    crate::studio_common::wait_for_solve(&mut h);
    assert!(h.state().proof().is_some());
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_plain_problem_file_opens_as_before() {
    let h = window_on(bundled("03-bent-three-kill.sgf"), [1280.0, 820.0]);
    assert!(h.state().jobs.proof_file.is_none());
    assert!(h.state().jobs.finished.is_none());
    assert_eq!(h.state().view.mode, Mode::Edit);
}
