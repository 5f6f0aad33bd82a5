//! The studio's Explore mode driven as a user would, with egui_kittest (software-rendered, no
//! snapshots): free play of both colours, the arrow keys in the variation tree, marks against
//! the proof, Try to refute as Explore with the proof answering, and Solve from here.
#![allow(clippy::unwrap_used)]

use crate::studio_common;

use egui_kittest::kittest::Queryable;
use egui_kittest::Harness;
use tsumego_studio::go::{Color, Move, Point};
use tsumego_studio::studio::explore::Mark;
use tsumego_studio::studio::view_state::Mode;
use tsumego_studio::studio::StudioApp;

use studio_common::{bundled, wait_for_solve, window_on};

// The bent three (White to kill): the black group's liberties are D1, C1 and D2.
const D1: (usize, usize) = (3, 8);
const C1: (usize, usize) = (2, 8);
const D2: (usize, usize) = (3, 7);

fn pt((x, y): (usize, usize)) -> Point {
    Point::new(x, y)
}

fn bent_three() -> Harness<'static, StudioApp> {
    let mut h = window_on(bundled("03-bent-three-kill.sgf"), [1280.0, 820.0]);
    h.run_steps(1);
    h
}

/// Click the board at `p`.
fn click_point(h: &mut Harness<'static, StudioApp>, p: (usize, usize)) {
    let p = pt(p);
    let pos = h.state().view.board_layout.unwrap().center(p);
    h.hover_at(pos);
    h.step();
    for pressed in [true, false] {
        h.event(egui::Event::PointerButton {
            pos,
            button: egui::PointerButton::Primary,
            pressed,
            modifiers: egui::Modifiers::NONE,
        });
        h.step();
    }
    h.run_steps(2);
}

fn key(h: &mut Harness<'static, StudioApp>, k: egui::Key) {
    h.key_press(k);
    h.run_steps(2);
}

fn line(h: &Harness<'static, StudioApp>) -> Vec<(Color, Move)> {
    h.state().view.explore.as_ref().unwrap().tree.line()
}

fn path(h: &Harness<'static, StudioApp>) -> Vec<usize> {
    h.state()
        .view
        .explore
        .as_ref()
        .unwrap()
        .tree
        .path()
        .to_vec()
}

fn solve(h: &mut Harness<'static, StudioApp>) {
    h.get_by_label("▶ Solve").click();
    h.run_steps(2);
    wait_for_solve(h);
}

#[test]
fn explore_both_colours_walk_the_line_with_the_keys_and_solve_from_here() {
    let mut h = bent_three();
    h.get_by_label("🗺 Explore").click();
    h.run_steps(2);
    assert_eq!(h.state().view.mode, Mode::Explore);
    // White (to move) at D1, then Black at C1: colours alternate.
    click_point(&mut h, D1);
    click_point(&mut h, C1);
    assert_eq!(
        line(&h),
        vec![
            (Color::White, Move::Play(pt(D1))),
            (Color::Black, Move::Play(pt(C1)))
        ]
    );
    let scene = h.state().scene();
    assert_eq!(scene.board.color_at(pt(C1)), Some(Color::Black));
    let numbers: Vec<_> = scene.numbered.iter().map(|n| (n.point, n.number)).collect();
    assert_eq!(
        numbers,
        vec![(pt(D1), 1), (pt(C1), 2)],
        "the line's move numbers"
    );
    h.get_by_label("2. B C1");
    // The problem is not edited by exploring.
    assert!(!h.state().doc.problem.is_dirty());

    // ← one move back, → forward again.
    key(&mut h, egui::Key::ArrowLeft);
    assert_eq!(path(&h), vec![0]);
    assert_eq!(h.state().scene().board.color_at(pt(C1)), None);
    key(&mut h, egui::Key::ArrowRight);
    assert_eq!(path(&h), vec![0, 0]);
    assert_eq!(line(&h).len(), 2);

    // A second variation for Black's move; ↑/↓ switch between them; Home/End.
    key(&mut h, egui::Key::ArrowLeft);
    click_point(&mut h, D2);
    assert_eq!(path(&h), vec![0, 1]);
    h.get_by_label("B C1"); // the other variation, listed under the move
    key(&mut h, egui::Key::ArrowUp);
    assert_eq!(path(&h), vec![0, 0]);
    key(&mut h, egui::Key::ArrowDown);
    assert_eq!(path(&h), vec![0, 1]);
    key(&mut h, egui::Key::Home);
    assert!(path(&h).is_empty());
    key(&mut h, egui::Key::End);
    assert_eq!(
        path(&h),
        vec![0, 1],
        "End follows the variation visited last"
    );
    // Clicking a played point again is refused (occupied); playing an existing move reuses it.
    key(&mut h, egui::Key::Home);
    click_point(&mut h, D1);
    assert_eq!(path(&h), vec![0]);
    assert_eq!(
        h.state().view.explore.as_ref().unwrap().tree.node_count(),
        3
    );
    key(&mut h, egui::Key::ArrowUp);
    click_point(&mut h, C1);
    assert_eq!(path(&h), vec![0, 0]);

    // Solve from here: White to move after D1 C1, and D2 captures everything.
    h.get_by_label("🔍 Solve from here").click();
    h.run_steps(2);
    assert!(h.state().jobs.live.is_running() || h.state().jobs.finished.is_some());
    wait_for_solve(&mut h);
    let app = h.state();
    let verdict = app.jobs.finished.as_ref().unwrap().verdict.clone();
    assert!(
        verdict.starts_with("White kills: first move D2"),
        "{verdict}"
    );
    assert_eq!(app.view.mode, Mode::Explore, "back to the explored tree");
    let setup = app.doc.problem.setup();
    assert_eq!(setup.moves.len(), 2);
    assert_eq!(setup.to_move, Some(Color::White));
    assert!(app.doc.problem.is_dirty());
    // The tree goes on from the position solved, marked against its proof: D2 is the ghost.
    let tree = &app.view.explore.as_ref().unwrap().tree;
    assert!(tree.path().is_empty());
    assert_eq!(tree.judged_here().proof_next, Some(Move::Play(pt(D2))));
    let ghost = app
        .scene()
        .numbered
        .iter()
        .find(|n| n.ghost)
        .copied()
        .unwrap();
    assert_eq!((ghost.point, ghost.number), (pt(D2), 1));
    h.get_by_label_contains("The proof plays D2 here");

    // Undo returns to the problem as it was (and its explored tree starts again).
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    h.run_steps(2);
    assert!(!h.state().doc.problem.is_dirty());
    assert!(h.state().doc.problem.setup().moves.is_empty());

    // The same line again: the position was proven before, so its proof is shown at once.
    h.get_by_label("🗺 Explore").click();
    h.run_steps(2);
    click_point(&mut h, D1);
    click_point(&mut h, C1);
    h.get_by_label("🔍 Solve from here").click();
    h.run_steps(2);
    assert!(!h.state().jobs.live.is_running());
    assert_eq!(h.state().view.mode, Mode::Explore);
    assert!(h.state().proof().is_some());
    let notice = h.state().view.notice.clone().unwrap();
    assert!(notice.text.contains("proven before"), "{}", notice.text);
}

#[test]
fn moves_are_marked_against_the_proof_and_try_to_refute_plays_into_the_tree() {
    let mut h = bent_three();
    solve(&mut h);
    assert_eq!(h.state().view.mode, Mode::Proof);
    h.get_by_label("🗺 Explore").click();
    h.run_steps(2);
    assert_eq!(h.state().view.mode, Mode::Explore);
    // The proof's first move is suggested as a ghost stone.
    let ghost = h.state().scene().numbered.iter().find(|n| n.ghost).copied();
    assert_eq!(ghost.map(|g| g.point), Some(pt(D1)));

    // White leaves the proof with C1; what follows is outside the proof.
    click_point(&mut h, C1);
    click_point(&mut h, D1);
    let mark = |h: &Harness<'static, StudioApp>, path: &[usize]| {
        let tree = &h.state().view.explore.as_ref().unwrap().tree;
        tree.node(path).unwrap().judged.mark.unwrap()
    };
    assert_eq!(
        mark(&h, &[0]),
        Mark::LeavesProof {
            proof_move: Move::Play(pt(D1))
        }
    );
    assert!(matches!(mark(&h, &[0, 0]), Mark::Outside(_)));
    h.get_by_label_contains("leaves the proof (it plays D1)");

    // The proof's line: D1, then Black's C1 is answered.
    key(&mut h, egui::Key::Home);
    click_point(&mut h, D1);
    click_point(&mut h, C1);
    assert_eq!(mark(&h, &[1]), Mark::InProof { answer: None });
    assert!(matches!(
        mark(&h, &[1, 0]),
        Mark::InProof { answer: Some(_) }
    ));
    let tree = &h.state().view.explore.as_ref().unwrap().tree;
    assert!(tree.judged_here().proof_next.is_some() || tree.judged_here().proof_ended);

    // Try to refute: the proof's first move is played into the same tree; Black's moves are
    // answered and recorded there too.
    h.get_by_label("⚔ Try to refute").click();
    h.run_steps(2);
    assert_eq!(h.state().view.mode, Mode::Refute);
    assert_eq!(path(&h), vec![1], "the proof's D1, the existing node");
    click_point(&mut h, D2);
    let replay = h.state().view.replay.as_ref().unwrap();
    assert_eq!(line(&h), replay.moves().to_vec());
    assert!(line(&h).len() >= 2);
    // ← goes back to the user's last position (over the proof's answer), → forward again.
    key(&mut h, egui::Key::ArrowLeft);
    assert_eq!(path(&h), vec![1]);
    assert_eq!(
        h.state().view.replay.as_ref().unwrap().moves().len(),
        1,
        "the game follows the tree"
    );
    key(&mut h, egui::Key::ArrowRight);
    assert_eq!(
        line(&h),
        h.state().view.replay.as_ref().unwrap().moves().to_vec()
    );
    assert!(line(&h).len() >= 2);
}

#[test]
fn solve_from_here_says_so_when_a_crucial_stone_was_captured() {
    let mut h = bent_three();
    h.get_by_label("🗺 Explore").click();
    h.run_steps(2);
    click_point(&mut h, D1);
    h.get_by_label("Pass").click();
    h.run_steps(2);
    click_point(&mut h, C1);
    h.get_by_label("Pass").click();
    h.run_steps(2);
    click_point(&mut h, D2);
    assert_eq!(line(&h).len(), 5);
    assert_eq!(h.state().scene().board.stones(Color::Black).len(), 0);
    h.get_by_label("🔍 Solve from here").click();
    h.run_steps(2);
    assert!(!h.state().jobs.live.is_running());
    let notice = h.state().view.notice.clone().unwrap();
    assert!(
        notice.text.starts_with("not solved: the crucial stones"),
        "{}",
        notice.text
    );
    assert!(!h.state().doc.problem.is_dirty());
    // Delete variation takes the capture back.
    h.get_by_label("✖ Delete variation").click();
    h.run_steps(2);
    assert_eq!(line(&h).len(), 4);
    assert_eq!(h.state().scene().board.stones(Color::Black).len(), 8);
}

#[test]
fn solving_after_a_move_that_leaves_the_proof_shows_the_refutation() {
    let mut h = bent_three();
    solve(&mut h);
    h.get_by_label("🗺 Explore").click();
    h.run_steps(2);
    // White's C1 instead of the vital D1.
    click_point(&mut h, C1);
    h.get_by_label("🔍 Solve from here").click();
    h.run_steps(2);
    wait_for_solve(&mut h);
    let app = h.state();
    let f = app.jobs.finished.as_ref().unwrap();
    assert!(f.verdict.starts_with("Black lives"), "{}", f.verdict);
    assert_eq!(app.view.mode, Mode::Explore);
    // The tree is now marked against the proof that Black lives: its D1 is the ghost stone.
    assert_eq!(f.proof_claim().or_player(), Color::Black);
    let here = app.view.explore.as_ref().unwrap().tree.judged_here();
    assert_eq!(here.proof_next, Some(Move::Play(pt(D1))));
    h.get_by_label_contains("against the proof that Black lives");
    click_point(&mut h, D1);
    let tree = &h.state().view.explore.as_ref().unwrap().tree;
    assert_eq!(
        tree.judged_here().mark,
        Some(Mark::InProof { answer: None })
    );
}

/// Bent four in the corner (`05`): White kills by ko; the proof shown is Black's, made with
/// Black as ko master. In Try to refute (the user plays White) the ko goes as in Go: after
/// White's capture Black plays a ko threat elsewhere, White answers it, and then Black retakes.
#[test]
fn a_ko_retake_in_try_to_refute_comes_after_a_threat() {
    let mut h = window_on(bundled("05-bent-four-corner.sgf"), [1280.0, 820.0]);
    h.run_steps(1);
    solve(&mut h);
    h.get_by_label("⚔ Try to refute").click();
    h.run_steps(2);
    let at = |x, y| Move::Play(pt((x, y)));
    let moves =
        |h: &Harness<'static, StudioApp>| h.state().view.replay.as_ref().unwrap().moves().to_vec();
    // White's B1 (the user's), Black's A1; White's A2 takes the ko.
    click_point(&mut h, (1, 8));
    assert_eq!(
        moves(&h)[..2],
        [(Color::White, at(1, 8)), (Color::Black, at(0, 8))]
    );
    click_point(&mut h, (0, 7));
    let m = moves(&h);
    assert_eq!(
        m[2..],
        [(Color::White, at(0, 7)), (Color::Black, Move::Pass)],
        "Black's answer is a ko threat elsewhere, not the retake at once"
    );
    assert_eq!(
        h.state().view.replay.as_ref().unwrap().pending_retake(),
        Some(at(0, 8))
    );
    h.get_by_label_contains("'s ko threat: answer it");
    // A play on the board does not answer the threat.
    click_point(&mut h, (2, 8));
    assert_eq!(moves(&h).len(), 4);
    assert!(h
        .state()
        .view
        .notice
        .as_ref()
        .unwrap()
        .text
        .contains("must be answered first"));
    // The user answers the threat; Black retakes.
    h.get_by_label("Answer the threat").click();
    h.run_steps(2);
    let m = moves(&h);
    assert_eq!(
        m[4..],
        [(Color::White, Move::Pass), (Color::Black, at(0, 8))],
    );
    assert_eq!(line(&h), m, "the game goes into the explored tree");
    // White may not retake at once either: the ban says so, and a threat is the way on.
    click_point(&mut h, (0, 7));
    assert_eq!(moves(&h).len(), 6);
    assert!(h
        .state()
        .view
        .notice
        .as_ref()
        .unwrap()
        .text
        .contains("ko ban forbids"));
    h.get_by_label("Pass").click();
    h.run_steps(2);
    assert!(moves(&h).len() >= 8, "the proof answers White's threat");
}

/// The problem list's tag of the open file follows the problem as it is now: a solve after an
/// edit changes it, the edit alone takes it away, and an undo back to the proven position
/// brings the proven result's tag back.
#[test]
fn the_list_tag_follows_the_document() {
    let mut h = bent_three();
    solve(&mut h);
    assert_eq!(h.state().current_tag().as_deref(), Some("White kills"));
    h.get_by_label_contains("[White kills]");
    // Black to move: Black lives.
    h.state_mut()
        .apply_edit(|s| tsumego_studio::studio::edit::set_to_move(s, Color::Black));
    h.run_steps(2);
    assert_eq!(
        h.state().current_tag(),
        None,
        "an edit without a result has no tag"
    );
    solve(&mut h);
    let tag = h.state().current_tag().unwrap();
    assert!(tag.starts_with("Black lives"), "{tag}");
    h.state_mut().undo();
    h.run_steps(2);
    assert_eq!(h.state().current_tag().as_deref(), Some("White kills"));
    h.get_by_label_contains("[White kills]");
    assert!(h.query_by_label_contains("[Black lives").is_none());
}
