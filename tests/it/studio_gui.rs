//! The studio driven as a user would, with egui_kittest: software-rendered (wgpu on Mesa's
//! lavapipe) and compared with the snapshot images in `tests/snapshots/` (refresh them with
//! `UPDATE_SNAPSHOTS=1 cargo test --test it studio_gui::` and look at the new images before
//! committing them).
#![allow(clippy::unwrap_used)]

#[cfg(feature = "nn")]
use crate::seeded_net;
use crate::studio_common;

use egui_kittest::kittest::Queryable;
use egui_kittest::Harness;
use std::path::{Path, PathBuf};
use std::time::Duration;
use tsumego_studio::go::{Color, Move, Point};
use tsumego_studio::studio::settings::Settings;
use tsumego_studio::studio::view_state::Mode;
use tsumego_studio::studio::StudioApp;

use studio_common::{bundled, solve_for_verdict, wait_for_solve, window_on};

/// The studio on `file`, with default settings and no varying figures on screen.
fn studio(file: &str) -> Harness<'static, StudioApp> {
    let path = bundled(file);
    let mut harness = Harness::builder()
        .with_size([1280.0, 820.0])
        .wgpu()
        .build_eframe(move |cc| {
            let mut app = StudioApp::from_creation(cc, Some(path));
            // "opened /absolute/path": the path differs between checkouts.
            app.view.notice = None;
            assert_eq!(app.settings.overlays, Settings::default().overlays);
            app.panels.show_frame_time = false;
            app
        });
    harness.run_steps(3);
    harness
}

/// Forget the figures that vary from run to run (nodes per second, the rate plot).
fn hide_rates(harness: &mut Harness<'static, StudioApp>) {
    let app = harness.state_mut();
    app.view.notice = None;
    app.jobs.live.progress = None;
    app.jobs.live.samples.clear();
    if let Some(f) = app.jobs.finished.as_mut() {
        f.verdict = f.verdict.split(" (").next().unwrap_or_default().to_string();
        // The proof's figures stay; the nodes searched and the time vary.
        f.details = f.details.split(';').next().unwrap_or_default().to_string();
    }
    harness.run_steps(2);
}

/// A proven result that differs from the file's book answer says so in the verdict, as the
/// command line's "DISAGREES" does: a first move that is not the book's, and a result that is
/// not the one the file states.
#[test]
fn the_verdict_says_where_it_differs_from_the_book() {
    use tsumego_studio::problem::{AnswerTree, Outcome};
    let mut h = studio("03-bent-three-kill.sgf");
    // The book's answer made C1 (White's D1 is the proven move).
    h.state_mut().apply_edit(|s| {
        s.answer = AnswerTree::single_correct(Color::White, Move::Play(Point::new(2, 8)));
        true
    });
    let verdict = solve_for_verdict(&mut h);
    assert!(
        verdict.starts_with("White kills: first move D1. This differs from the book answer (C1)."),
        "{verdict}"
    );
    h.get_by_label_contains("book answer: C1 × (differs)");
    // The file says White cannot kill: Black lives.
    h.state_mut().apply_edit(|s| {
        s.expected = Some(Outcome::Fail);
        true
    });
    let verdict = solve_for_verdict(&mut h);
    assert!(
        verdict.contains("This differs from the book: the file says Black lives."),
        "{verdict}"
    );
    // The search's figures are a details line, not the verdict.
    assert!(!verdict.contains("nodes"), "{verdict}");
    let details = h.state().jobs.finished.as_ref().unwrap().details.clone();
    assert!(details.starts_with("Proof: "), "{details}");
}

/// At 900x600 the proof tree keeps a dozen rows or more, and a deep node's label keeps its
/// start (the move), cut at its end.
#[test]
fn the_proof_tree_has_room_at_900x600() {
    let path = bundled("27-long-l-ko.sgf");
    let mut h = Harness::builder()
        .with_size([900.0, 600.0])
        .wgpu()
        .build_eframe(move |cc| {
            let mut app = StudioApp::from_creation(cc, Some(path));
            app.view.notice = None;
            app.panels.show_frame_time = false;
            app
        });
    h.run_steps(3);
    solve_for_verdict(&mut h);
    // The deepest leaf along first children, selected with End.
    h.state_mut().proof_key(egui::Key::End);
    h.run_steps(3);
    hide_rates(&mut h);
    let depth = h.state().view.cursor.path().len();
    assert!(depth >= 4, "a deep proof: {depth}");
    // The rows the tree shows: its labels start with a move ("W B1 · …") or "start".
    use egui_kittest::kittest::NodeT;
    let rows = h
        .query_all_by_role(egui::accesskit::Role::Button)
        .filter(|n| {
            n.accesskit_node().label().is_some_and(|l| {
                l.starts_with("start") || l.starts_with("B ") || l.starts_with("W ")
            })
        })
        .count();
    assert!(rows > depth, "rows {rows}");
    h.snapshot("proof-tree-900x600");
}

/// The first empty point of the open problem's region.
fn first_empty_region_point(harness: &Harness<'static, StudioApp>) -> Point {
    let p = harness.state().doc.problem.problem().unwrap();
    p.region()
        .intersection(&p.board().empty_points())
        .first()
        .unwrap()
}

/// Click the board at `p`.
fn click_point(harness: &mut Harness<'static, StudioApp>, p: Point) {
    let layout = harness.state().view.board_layout.unwrap();
    let pos = layout.center(p);
    harness.hover_at(pos);
    harness.step();
    harness.event(egui::Event::PointerButton {
        pos,
        button: egui::PointerButton::Primary,
        pressed: true,
        modifiers: egui::Modifiers::NONE,
    });
    harness.step();
    harness.event(egui::Event::PointerButton {
        pos,
        button: egui::PointerButton::Primary,
        pressed: false,
        modifiers: egui::Modifiers::NONE,
    });
    harness.run_steps(2);
}

#[test]
fn open_a_bundled_problem_solve_it_and_walk_the_proof_with_the_keyboard() {
    let mut h = studio("03-bent-three-kill.sgf");
    assert!(h.state().doc.problem.title().starts_with("Bent three"));
    h.snapshot("opened");

    let verdict = solve_for_verdict(&mut h);
    assert!(
        verdict.starts_with("White kills: first move D1."),
        "{verdict}"
    );
    // The proof was checked by the independent checker before it was called proven.
    assert!(
        verdict.contains("Proven and checked: the independent checker accepts it ("),
        "{verdict}"
    );
    assert_eq!(h.state().view.mode, Mode::Proof);
    hide_rates(&mut h);
    h.get_by_label_contains("White kills: first move D1");
    h.snapshot("solved");

    // End: down to a leaf; Left: one up; Home: back to the root; Right/Down among children.
    h.key_press(egui::Key::End);
    h.run_steps(2);
    let leaf_depth = h.state().view.cursor.path().len();
    assert!(leaf_depth >= 2, "{leaf_depth}");
    h.key_press(egui::Key::ArrowLeft);
    h.run_steps(2);
    assert_eq!(h.state().view.cursor.path().len(), leaf_depth - 1);
    h.key_press(egui::Key::Home);
    h.run_steps(2);
    assert!(h.state().view.cursor.path().is_empty());
    h.key_press(egui::Key::ArrowRight);
    h.key_press(egui::Key::ArrowRight);
    h.run_steps(2);
    assert_eq!(h.state().view.cursor.path(), &[0, 0]);
    h.key_press(egui::Key::ArrowDown);
    h.run_steps(2);
    assert_eq!(h.state().view.cursor.path(), &[0, 1]);
    h.snapshot("proof_node");
}

#[test]
fn a_proof_the_checker_rejects_is_an_internal_error_and_the_problem_is_untouched() {
    let mut h = studio("01-straight-three-kill.sgf");
    let repro = std::env::temp_dir().join(format!("tsumego-gui-repro-{}", std::process::id()));
    std::fs::create_dir_all(&repro).unwrap();
    let before = h.state().doc.problem.problem().unwrap().clone();
    h.state_mut().jobs.repro_dir = repro.clone();
    h.state_mut().jobs.check_fault = Some(tsumego_studio::solver::proof::fault::Fault::SmallZone);
    let verdict = solve_for_verdict(&mut h);
    assert!(
        verdict.contains("INTERNAL ERROR: the proof failed the independent check (after "),
        "{verdict}"
    );
    assert!(verdict.contains("do not trust this result"), "{verdict}");
    let file = verdict.split("Reproduction file: ").nth(1).unwrap().trim();
    assert!(std::path::Path::new(file).starts_with(&repro), "{verdict}");
    assert!(std::fs::read_to_string(file)
        .unwrap()
        .contains("REPRODUCTION FILE"));
    // Shown in the solver panel and in the status bar.
    assert_eq!(h.get_all_by_label_contains("INTERNAL ERROR").count(), 2);
    // The problem is the user's, unchanged and not marked as edited.
    assert_eq!(h.state().doc.problem.problem().unwrap(), &before);
    assert!(!h.state().doc.problem.is_dirty());
    std::fs::remove_dir_all(&repro).unwrap();
}

#[test]
fn a_proven_failure_is_checked_through_the_opposite_claim() {
    let mut h = studio("04-straight-four-alive.sgf");
    let verdict = solve_for_verdict(&mut h);
    // The Go result, the same whichever claim was asked (the file's: White to kill).
    assert!(
        verdict.starts_with("Black lives unconditionally (White moves first"),
        "{verdict}"
    );
    assert!(
        verdict.contains(
            "Proven and checked: the independent checker accepts the proof that Black lives ("
        ),
        "{verdict}"
    );
    // The tree shows that proof: how Black lives after every White move.
    assert_eq!(h.state().view.mode, Mode::Proof);
    h.get_by_label_contains("The proof that Black lives (the opposite claim)");
    let f = h.state().jobs.finished.as_ref().unwrap();
    assert_eq!(
        f.proof_claim().or_player(),
        tsumego_studio::go::Color::Black
    );
    assert!(f.proof().is_some());
}

#[test]
fn typing_a_name_keeps_every_character_and_is_one_undoable_edit() {
    let mut h = studio("01-straight-three-kill.sgf");
    let before = h.state().doc.problem.setup().name.clone();
    h.get_by_label("Name:").focus();
    h.run_steps(2);
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    h.run_steps(1);
    h.get_by_label("Name:").type_text("My corner");
    h.run_steps(2);
    // Still typing: nothing is lost between frames, and the problem is not changed yet.
    assert_eq!(h.state().panels.drafts.name.as_deref(), Some("My corner"));
    assert_eq!(h.state().doc.problem.setup().name, before);
    h.key_press(egui::Key::Enter);
    h.run_steps(2);
    assert_eq!(h.state().doc.problem.setup().name, "My corner");
    assert_eq!(h.state().panels.drafts.name, None);
    assert!(h.state().doc.problem.is_dirty());
    h.state_mut().undo();
    h.run_steps(2);
    assert_eq!(h.state().doc.problem.setup().name, before);
}

/// The side panel changes nothing itself: its choices are commands, carried out after the
/// layout of the same frame (one frame is enough to see them in the state).
#[test]
fn the_side_panel_choices_are_carried_out_after_the_frame_they_are_made_in() {
    use tsumego_studio::studio::edit::Tool;
    use tsumego_studio::studio::solve_job::ClaimChoice;
    let mut h = studio("03-bent-three-kill.sgf");
    h.get_by_label("both").click();
    h.run_steps(1);
    assert_eq!(h.state().settings.claim, ClaimChoice::Both);
    h.get_by_label(Tool::Crucial.label()).click();
    h.run_steps(1);
    assert_eq!(h.state().view.tool, Tool::Crucial);
    assert_eq!(h.state().doc.problem.setup().to_move, Some(Color::White));
    h.get_by_label("Black").click();
    h.run_steps(1);
    assert_eq!(h.state().doc.problem.setup().to_move, Some(Color::Black));
    h.get_by_label("↶ Undo").click();
    h.run_steps(1);
    assert_eq!(h.state().doc.problem.setup().to_move, Some(Color::White));
    h.get_by_label("▶ Solve").click();
    h.run_steps(1);
    assert!(h.state().jobs.live.is_running() || h.state().jobs.finished.is_some());
    wait_for_solve(&mut h);
    h.get_by_label("🌳 Proof").click();
    h.run_steps(1);
    assert_eq!(h.state().view.mode, Mode::Proof);
    h.get_by_label("✏ Edit").click();
    h.run_steps(1);
    assert_eq!(h.state().view.mode, Mode::Edit);
}

#[test]
fn overlays_toggle_from_the_view_menu() {
    let mut h = studio("03-bent-three-kill.sgf");
    h.get_by_label("▶ Solve").click();
    h.run_steps(2);
    wait_for_solve(&mut h);
    hide_rates(&mut h);
    assert!(h.state().scene().zone.is_some());
    h.get_by_label("View").click();
    h.run_steps(2);
    h.get_by_label("Relevance zone").click();
    h.run_steps(2);
    assert!(!h.state().settings.overlays.zone);
    assert!(h.state().scene().zone.is_none());
    // The menu closes after a click; the crop switch is also above the board.
    h.get_by_label("Crop to problem").click();
    h.run_steps(2);
    assert!(!h.state().settings.crop);
    assert_eq!(h.state().scene().window.columns(), 9);
    h.snapshot("overlays_off");
}

#[test]
fn edit_a_stone_and_undo_it() {
    let mut h = studio("03-bent-three-kill.sgf");
    let empty = first_empty_region_point(&h);
    h.get_by_label("● Black").click();
    h.run_steps(2);
    click_point(&mut h, empty);
    assert_eq!(
        h.state()
            .doc
            .problem
            .problem()
            .unwrap()
            .board()
            .color_at(empty),
        Some(Color::Black)
    );
    assert!(h.state().doc.problem.is_dirty());
    h.snapshot("edited");
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    h.run_steps(2);
    assert_eq!(
        h.state()
            .doc
            .problem
            .problem()
            .unwrap()
            .board()
            .color_at(empty),
        None
    );
    assert!(!h.state().doc.problem.is_dirty());
    h.key_press_modifiers(
        egui::Modifiers::COMMAND | egui::Modifiers::SHIFT,
        egui::Key::Z,
    );
    h.run_steps(2);
    assert!(h.state().doc.problem.is_dirty());
}

#[test]
fn an_invalid_setup_is_explained_and_cannot_be_solved() {
    let mut h = studio("03-bent-three-kill.sgf");
    let crucial = h.state().doc.problem.problem().unwrap().crucial();
    h.get_by_label("△ Crucial").click();
    h.run_steps(2);
    // Unmark every crucial block.
    for p in crucial.iter() {
        if h.state().doc.problem.setup().crucial.contains(p) {
            click_point(&mut h, p);
        }
    }
    assert!(h.state().doc.problem.problem().is_err());
    h.get_by_label_contains("not a valid problem yet");
    h.get_by_label_contains("needs at least one crucial stone");
    h.get_by_label("▶ Solve").click();
    h.run_steps(2);
    assert!(!h.state().jobs.live.is_running());
    h.snapshot("invalid");
}

#[test]
fn try_to_refute_answers_every_move_until_the_goal() {
    let mut h = studio("03-bent-three-kill.sgf");
    h.get_by_label("▶ Solve").click();
    h.run_steps(2);
    wait_for_solve(&mut h);
    h.get_by_label("⚔ Try to refute").click();
    h.run_steps(2);
    assert_eq!(h.state().view.mode, Mode::Refute);
    // Black (the defender) plays every empty region point in turn until the game ends.
    for _ in 0..10 {
        let replay = h.state().view.replay.as_ref().unwrap();
        if replay.ending().is_some() {
            break;
        }
        let region = h.state().doc.problem.problem().unwrap().region();
        let target = region
            .intersection(&replay.board().empty_points())
            .iter()
            .find(|&p| replay.clone().play(Move::Play(p)).is_ok());
        match target {
            Some(p) => click_point(&mut h, p),
            None => {
                h.get_by_label("Pass").click();
                h.run_steps(2);
            }
        }
    }
    assert!(h.state().view.replay.as_ref().unwrap().ending().is_some());
    assert!(h.get_all_by_label_contains("the proof holds").count() >= 1);
}

#[test]
fn unsaved_changes_are_asked_about_before_opening_another_problem() {
    let mut h = studio("03-bent-three-kill.sgf");
    let empty = first_empty_region_point(&h);
    click_point(&mut h, empty);
    assert!(h.state().doc.problem.is_dirty());
    h.get_by_label("Straight three: White to kill").click();
    h.run_steps(2);
    h.get_by_label_contains("has unsaved changes");
    h.get_by_label("Cancel").click();
    h.run_steps(2);
    assert!(h.state().doc.problem.title().starts_with("Bent three"));
    assert!(h.state().doc.problem.is_dirty());
    h.get_by_label("Straight three: White to kill").click();
    h.run_steps(2);
    h.get_by_label("Don't save").click();
    h.run_steps(2);
    assert!(h.state().doc.problem.title().starts_with("Straight three"));
    assert!(!h.state().doc.problem.is_dirty());
}

#[test]
fn save_in_the_unsaved_changes_prompt_saves_then_opens() {
    let dir = std::env::temp_dir().join(format!("tsumego-save-prompt-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for name in ["01-straight-three-kill.sgf", "03-bent-three-kill.sgf"] {
        std::fs::copy(bundled(name), dir.join(name)).unwrap();
    }
    let edited = dir.join("03-bent-three-kill.sgf");
    let before = std::fs::read_to_string(&edited).unwrap();
    let path = edited.clone();
    let mut h = window_on(path, [1280.0, 820.0]);
    let empty = first_empty_region_point(&h);
    click_point(&mut h, empty);
    assert!(h.state().doc.problem.is_dirty());
    h.get_by_label("Straight three: White to kill").click();
    h.run_steps(2);
    h.get_by_label_contains("Save them before you open");
    h.get_by_label("Save").click();
    h.run_steps(3);
    assert!(h.state().doc.problem.title().starts_with("Straight three"));
    assert!(!h.state().doc.problem.is_dirty());
    let after = std::fs::read_to_string(&edited).unwrap();
    assert_ne!(before, after, "the edit was saved");
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_new_problem_starts_with_an_empty_region_and_says_so() {
    let mut h = studio("03-bent-three-kill.sgf");
    h.get_by_label("File").click();
    h.run_steps(2);
    h.get_by_label("New problem").hover();
    h.run_steps(2);
    h.get_by_label("7x7").click();
    h.run_steps(2);
    let app = h.state();
    assert_eq!(app.doc.problem.setup().size, 7);
    assert_eq!(
        app.doc.problem.setup().region.as_ref().map(|r| r.len()),
        Some(0)
    );
    let notice = app.view.notice.clone().unwrap();
    assert!(
        notice.text.contains("the region is empty"),
        "{}",
        notice.text
    );
    // Not solvable until a region is painted, and the panel says why.
    let errors = app.doc.problem.problem().unwrap_err().messages().join("; ");
    assert!(errors.contains("region"), "{errors}");
}

#[test]
fn an_edit_stops_a_running_solve() {
    let mut h = studio("03-bent-three-kill.sgf");
    // A new 7x7 problem, Black to live anywhere: far too large to finish.
    h.state_mut().new_now(7);
    h.state_mut().apply_edit(|s| {
        // The whole board as the region (a new problem starts with none).
        s.region = None;
        tsumego_studio::studio::edit::set_claim(
            s,
            Color::Black,
            tsumego_studio::problem::Goal::LiveAny,
        )
    });
    h.run_steps(2);
    h.get_by_label("▶ Solve").click();
    h.run_steps(2);
    assert!(h.state().jobs.live.is_running());
    // The live overlays: the line being searched (between two searches of the width schedule
    // the line can be empty for a moment, so wait for one).
    let start = std::time::Instant::now();
    while h.state().scene().numbered.is_empty() {
        assert!(start.elapsed() < Duration::from_secs(10), "no line shown");
        std::thread::sleep(Duration::from_millis(50));
        h.run_steps(2);
    }
    click_point(&mut h, Point::new(3, 3));
    assert!(!h.state().jobs.live.is_running());
    assert!(h.state().jobs.finished.is_none());
    assert_eq!(
        h.state()
            .doc
            .problem
            .problem()
            .unwrap()
            .board()
            .color_at(Point::new(3, 3)),
        Some(Color::Black)
    );
}

/// A file dropped on the window.
#[derive(Debug)]
struct Dropped(PathBuf);

impl egui::DroppedFile for Dropped {
    fn path(&self) -> &Path {
        &self.0
    }

    fn bytes(&self) -> Result<Vec<u8>, String> {
        std::fs::read(&self.0).map_err(|e| e.to_string())
    }
}

#[test]
fn a_dropped_file_opens_and_a_broken_one_is_reported() {
    let mut h = studio("03-bent-three-kill.sgf");
    let drop = |h: &mut Harness<'static, StudioApp>, path: PathBuf| {
        h.input_mut()
            .dropped_files
            .push(std::sync::Arc::new(Dropped(path)));
        h.run_steps(2);
    };
    drop(&mut h, bundled("10-comb.sgf"));
    assert!(h.state().doc.problem.title().starts_with("Comb"));

    let broken = std::env::temp_dir().join(format!("tsumego-broken-{}.sgf", std::process::id()));
    std::fs::write(&broken, "(;GM[1]SZ[9]AB[zz").unwrap();
    drop(&mut h, broken.clone());
    std::fs::remove_file(&broken).unwrap();
    // The comb stays open; the status bar says why the file could not be opened.
    assert!(h.state().doc.problem.title().starts_with("Comb"));
    let notice = h.state().view.notice.clone().unwrap();
    assert!(
        notice.error && notice.text.starts_with("cannot open "),
        "{}",
        notice.text
    );
}

#[test]
fn opening_another_problem_leaves_nothing_of_the_last_one() {
    let mut h = studio("03-bent-three-kill.sgf");
    h.get_by_label("▶ Solve").click();
    h.run_steps(2);
    wait_for_solve(&mut h);
    assert!(h.state().jobs.finished.is_some());
    assert!(!h.state().jobs.live.samples.is_empty() || !h.state().jobs.live.searches.is_empty());
    h.get_by_label("Straight three: White to kill").click();
    h.run_steps(3);
    let app = h.state();
    assert!(
        app.doc
            .problem
            .title()
            .contains("01-straight-three-kill.sgf"),
        "{}",
        app.doc.problem.title()
    );
    assert!(app.jobs.finished.is_none());
    assert!(app.jobs.live.samples.is_empty());
    assert!(app.jobs.live.searches.is_empty());
    assert!(app.proof().is_none());
    assert_eq!(app.view.mode, Mode::Edit);
}

#[test]
fn frame_times_show_only_when_asked_for_under_view_debug() {
    let mut h = window_on(bundled("03-bent-three-kill.sgf"), [1280.0, 820.0]);
    assert!(!h.state().panels.show_frame_time);
    assert!(h.query_by_label_contains("frame ").is_none());
    h.get_by_label("View").click();
    h.run_steps(2);
    h.get_by_label("Debug").click();
    h.run_steps(2);
    h.get_by_label("Frame times in the status bar").click();
    h.run_steps(3);
    assert!(h.state().panels.show_frame_time);
    assert!(h.query_by_label_contains("frame ").is_some());
}

#[test]
fn a_region_rectangle_starts_where_the_press_began() {
    let mut h = studio("03-bent-three-kill.sgf");
    h.state_mut().new_now(9);
    h.run_steps(2);
    h.get_by_label("▭ Rect +").click();
    h.run_steps(2);
    let layout = h.state().view.board_layout.unwrap();
    let (a, next, b) = (Point::new(1, 1), Point::new(2, 1), Point::new(3, 3));
    let button = |pos, pressed| egui::Event::PointerButton {
        pos,
        button: egui::PointerButton::Primary,
        pressed,
        modifiers: egui::Modifiers::NONE,
    };
    h.hover_at(layout.center(a));
    h.step();
    h.event(button(layout.center(a), true));
    h.step();
    // The first movement lands in the next cell: the drag is recognised only there.
    h.hover_at(layout.center(next));
    h.step();
    h.hover_at(layout.center(b));
    h.step();
    h.event(button(layout.center(b), false));
    h.run_steps(2);
    let region = h.state().doc.problem.setup().region.unwrap();
    assert_eq!(
        region.len(),
        9,
        "the 3x3 rectangle from the press to the release"
    );
    assert!(region.contains(a) && region.contains(b));
}

#[test]
fn the_view_holds_still_while_the_region_is_painted() {
    let mut h = studio("03-bent-three-kill.sgf");
    let window = h.state().scene().window;
    assert!(window.columns() < 9, "a cropped corner problem");
    h.get_by_label("▦ Region +").click();
    h.run_steps(2);
    // Paint the visible point farthest from the region: the region's box grows to the window's
    // edge, which would re-crop a view computed every frame.
    let problem = h.state().doc.problem.problem().unwrap();
    let target = (0..9)
        .flat_map(|y| (0..9).map(move |x| Point::new(x, y)))
        .filter(|&p| window.contains(p) && !problem.region().contains(p))
        .max_by_key(|p| (p.x(), std::cmp::Reverse(p.y())))
        .unwrap();
    click_point(&mut h, target);
    assert!(h
        .state()
        .doc
        .problem
        .setup()
        .region
        .unwrap()
        .contains(target));
    assert_eq!(h.state().scene().window, window);
    // Switching crop off and on again crops to the region as painted.
    h.state_mut().settings.crop = false;
    h.state_mut().recrop();
    h.state_mut().settings.crop = true;
    h.run_steps(2);
    assert!(h.state().scene().window.contains(target));
}

#[test]
fn the_board_keeps_at_least_half_the_window_from_900x600_to_2560x1440() {
    for (width, height) in [
        (900.0, 600.0),
        (1280.0, 820.0),
        (1920.0, 1080.0),
        (2560.0, 1440.0),
    ] {
        let mut h = window_on(bundled("03-bent-three-kill.sgf"), [width, height]);
        h.step();
        let area = h.state().view.board_area_rect.unwrap();
        assert!(
            area.width() >= width * 0.5,
            "{width}x{height}: the board area is {} wide",
            area.width()
        );
        let board = h.state().view.board_layout.unwrap().rect;
        assert!(board.width() > 100.0 && board.height() > 100.0, "{board:?}");
        // The solver's controls stay reachable.
        h.get_by_label("▶ Solve");
    }
}

#[test]
fn a_typed_comment_is_kept_and_saved_with_the_file() {
    let dir = std::env::temp_dir().join(format!("tsumego-comment-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("03-bent-three-kill.sgf");
    std::fs::copy(bundled("03-bent-three-kill.sgf"), &file).unwrap();
    let path = file.clone();
    let mut h = window_on(path, [1280.0, 820.0]);
    h.get_by_label("Comment:").focus();
    h.run_steps(2);
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    h.run_steps(1);
    h.get_by_label("Comment:")
        .type_text("From my own collection");
    h.run_steps(2);
    assert_eq!(
        h.state().panels.drafts.comment.as_deref(),
        Some("From my own collection")
    );
    // Leaving the field (here: for the Name field) makes it one edit.
    h.get_by_label("Name:").focus();
    h.run_steps(3);
    assert_eq!(
        h.state().doc.problem.setup().comment,
        "From my own collection"
    );
    assert_eq!(h.state().panels.drafts.comment, None);
    h.state_mut().save_to(&file);
    let back = tsumego_studio::problem::load(&file).unwrap();
    assert_eq!(back.comment(), "From my own collection");
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn undo_back_to_a_proven_position_shows_its_proof_again() {
    let mut h = studio("03-bent-three-kill.sgf");
    let verdict = solve_for_verdict(&mut h);
    assert!(h.state().proof().is_some());
    h.state_mut().view.mode = Mode::Edit;
    let empty = first_empty_region_point(&h);
    click_point(&mut h, empty);
    assert!(
        h.state().proof().is_none(),
        "an edit leaves the proven position"
    );
    h.state_mut().undo();
    h.run_steps(2);
    assert!(
        h.state().proof().is_some(),
        "undo returns to the proven position"
    );
    assert_eq!(h.state().jobs.finished.as_ref().unwrap().verdict, verdict);
    let notice = h.state().view.notice.clone().unwrap();
    assert!(
        notice.text.starts_with("back to a position proven before"),
        "{}",
        notice.text
    );
    // Other settings are another result: not shown for this position.
    h.state_mut().settings.limits.max_nodes = 5;
    h.state_mut().redo();
    h.state_mut().undo();
    h.run_steps(2);
    assert!(h.state().proof().is_none());
}

/// Steps frames until `done` holds (the net answers on its own thread).
#[cfg(feature = "nn")]
fn step_until(h: &mut Harness<'static, StudioApp>, what: &str, done: impl Fn(&StudioApp) -> bool) {
    let start = std::time::Instant::now();
    while !done(h.state()) {
        assert!(start.elapsed() < Duration::from_secs(20), "{what}");
        std::thread::sleep(Duration::from_millis(5));
        h.step();
    }
}

/// Whether the pixel inside the disc of `p` (off its figure) is the heat map's red: the
/// favourite's disc is an opaque deep red, which nothing else on the board is.
#[cfg(feature = "nn")]
fn red_disc_at(h: &mut Harness<'static, StudioApp>, p: Point) -> bool {
    let layout = h.state().view.board_layout.unwrap();
    let scale = h.ctx.pixels_per_point();
    let at = layout.center(p) + egui::Vec2::splat(layout.cell * 0.25);
    let image = h.render().unwrap();
    let [r, g, b, _] = image
        .get_pixel((at.x * scale) as u32, (at.y * scale) as u32)
        .0;
    r > 150 && g < 80 && b < 80
}

/// The net's favourite of the shown position.
#[cfg(feature = "nn")]
fn favourite(app: &StudioApp) -> Point {
    let heat = app.scene().heat;
    heat.iter()
        .copied()
        .max_by(|a, b| a.1.total_cmp(&b.1))
        .unwrap()
        .0
}

#[cfg(feature = "nn")]
#[test]
fn the_net_overlays_show_the_policy_and_d_win_estimate_of_the_shown_position() {
    use tsumego_studio::studio::net_status::NetState;
    let mut h = studio("03-bent-three-kill.sgf");
    h.state_mut().net.status = NetState::ready(seeded_net::seeded_guide(12));
    h.run_steps(2);
    // Off by default: no heat, and the net is not asked.
    assert!(h.state().scene().heat.is_empty());
    assert!(!h.state().net.view.waiting());

    h.get_by_label("View").click();
    h.run_steps(2);
    h.get_by_label("Net policy (heat map)").click();
    h.run_steps(2);
    assert!(h.state().settings.overlays.net_policy);
    step_until(&mut h, "no heat map", |app| !app.scene().heat.is_empty());
    h.run_steps(2);
    let problem = h.state().doc.problem.problem().unwrap().clone();
    let empty: Vec<Point> = problem
        .region()
        .intersection(&problem.board().empty_points())
        .iter()
        .collect();
    let heat = h.state().scene().heat;
    let points: Vec<Point> = heat.iter().map(|&(p, _)| p).collect();
    assert_eq!(points, empty, "a prior for each empty point of the region");
    assert!(heat.iter().all(|&(_, v)| v > 0.0 && v < 1.0), "{heat:?}");
    assert!(heat.iter().map(|&(_, v)| v).sum::<f32>() <= 1.0 + 1e-5);
    // Drawn: the favourite's disc is red, with its percent; the legend says whose moves.
    let top = favourite(h.state());
    assert!(red_disc_at(&mut h, top), "no red disc on {top:?}");
    h.get_by_label_contains("net policy (White to move), % per move:");

    // The d-win line under the board, about the problem's claim.
    h.get_by_label("View").click();
    h.run_steps(2);
    h.get_by_label("Net d-win estimate").click();
    step_until(&mut h, "no d-win line", |app| {
        app.net_value_line().starts_with("Net: P(")
    });
    h.run_steps(2);
    h.get_by_label_contains("Net: P(White kills within 5/10/20/30 moves) = ");

    // Another position (a stone played in Edit mode): asked again, and the heat follows it.
    let played = empty[0];
    h.get_by_label("● Black").click();
    h.run_steps(2);
    click_point(&mut h, played);
    step_until(&mut h, "no heat for the new position", |app| {
        let heat = app.scene().heat;
        !heat.is_empty() && heat.iter().all(|&(p, _)| p != played)
    });
    h.state_mut().undo();
    h.run_steps(2);

    // The solver panel's Net choice puts the guide into the solve, which still proves.
    assert!(h.state().solve_config().guide.is_none());
    h.get_by_role_and_label(egui::accesskit::Role::CheckBox, "Net")
        .click();
    h.run_steps(2);
    assert!(h.state().settings.limits.use_net);
    assert!(h.state().solve_config().guide.is_some());
    let verdict = solve_for_verdict(&mut h);
    assert!(
        verdict.starts_with("White kills: first move D1."),
        "{verdict}"
    );
    assert!(verdict.contains("checker accepts it"), "{verdict}");

    // In the proof tree: the node shown. Below the root (White's D1), Black is to move.
    assert_eq!(h.state().view.mode, Mode::Proof);
    h.key_press(egui::Key::ArrowRight);
    h.run_steps(2);
    assert_eq!(h.state().view.cursor.path(), &[0]);
    let d1 = Point::new(3, 8);
    step_until(&mut h, "no heat for the proof node", |app| {
        let heat = app.scene().heat;
        !heat.is_empty() && heat.iter().all(|&(p, _)| p != d1)
    });
    h.run_steps(2);
    h.get_by_label_contains("net policy (Black to move)");
    h.get_by_label_contains("Net: P(White kills within 5/10/20/30 moves) = ");

    // Both off: nothing of the net is drawn, and the legend's rows go.
    let top = favourite(h.state());
    for label in ["Net policy (heat map)", "Net d-win estimate"] {
        h.get_by_label("View").click();
        h.run_steps(2);
        h.get_by_label(label).click();
        h.run_steps(2);
    }
    assert!(h.state().scene().heat.is_empty());
    assert!(!red_disc_at(&mut h, top), "a disc is left on {top:?}");
    assert!(h.query_by_label_contains("net policy (").is_none());
    assert!(h.query_by_label_contains("Net: P(").is_none());
}

#[cfg(feature = "nn")]
#[test]
fn without_weights_the_net_overlays_say_why_and_the_solver_falls_back() {
    let mut h = studio("03-bent-three-kill.sgf");
    let missing = std::env::temp_dir().join("tsumego-no-such-dir/ftl.safetensors");
    h.state_mut().net.weights = Some(missing.clone());
    h.get_by_label("View").click();
    h.run_steps(2);
    h.get_by_label("Net policy (heat map)").click();
    h.run_steps(2);
    h.state_mut().settings.overlays.net_value = true;
    step_until(&mut h, "loading never ended", |app| {
        app.net
            .status
            .why_not()
            .is_some_and(|w| w.contains("unavailable"))
    });
    h.run_steps(2);
    let notice = h.state().view.notice.clone().unwrap();
    assert!(notice.error, "{}", notice.text);
    assert!(
        notice.text.starts_with("Net unavailable: "),
        "{}",
        notice.text
    );
    assert!(
        notice.text.contains(&missing.display().to_string()),
        "{}",
        notice.text
    );
    assert!(notice.text.contains("heuristic prior"), "{}", notice.text);
    // The overlays say why in place of what they would show.
    assert!(h.state().scene().heat.is_empty());
    h.get_by_label_contains("(the net is unavailable: ");
    h.get_by_label_contains("Net: the net is unavailable: ");
    // The solver panel's Net choice is greyed; asked for anyway, the solve has no guide.
    {
        use egui_kittest::kittest::NodeT;
        let net = h.get_by_role_and_label(egui::accesskit::Role::CheckBox, "Net");
        assert!(net.accesskit_node().is_disabled());
    }
    h.state_mut().settings.limits.use_net = true;
    assert!(h.state().solve_config().guide.is_none());
    let verdict = solve_for_verdict(&mut h);
    assert!(
        verdict.starts_with("White kills: first move D1."),
        "{verdict}"
    );
}

/// A 7x7 kill-all problem where White's only group keeps a seki on the bottom edge.
const KILLALL_SEKI: &str = "(;GM[1]FF[4]CA[UTF-8]SZ[7]GN[7x7 kill-all: seki on the edge]\
AB[ba][da][fa][ab][bb][cb][db][eb][fb][gb][ac][bc][cc][dc][ec][fc][gc][ad][bd][cd][dd][ed]\
[fd][gd][ae][be][ce][de][ee][fe][ge][cg][dg][eg]\
AW[af][bf][cf][df][ef][ff][gf][ag][gg]PL[B]TSOR[W]TSGOAL[live-any-seki]TSKOB[allow]TSKOW[disallow])";

#[test]
fn a_killall_seki_is_outlined_and_proven_by_the_database() {
    let dir = std::env::temp_dir().join(format!("tsumego-seki-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("killall-seki.sgf");
    std::fs::write(&file, KILLALL_SEKI).unwrap();
    let mut h = window_on(file, [1280.0, 820.0]);
    // The seki area (B1..F1) is outlined before any solve.
    let area: Vec<Point> = (1..6).map(|x| Point::new(x, 6)).collect();
    let shown = h.state().scene().seki_areas;
    assert_eq!(shown.len(), 1, "{shown:?}");
    assert_eq!(shown[0].iter().collect::<Vec<_>>(), area);
    // The proof is one seki leaf, drawn in the seki colour.
    let verdict = solve_for_verdict(&mut h);
    assert!(verdict.starts_with("White lives in seki"), "{verdict}");
    assert_eq!(h.state().view.mode, Mode::Proof);
    let scene = h.state().scene();
    assert!(scene.zone_is_seki);
    assert_eq!(scene.zone.map(|z| z.len()), Some(14));
    // The overlay switches off from the View menu.
    h.get_by_label("View").click();
    h.run_steps(2);
    h.get_by_label("Seki areas (database)").click();
    h.run_steps(2);
    assert!(h.state().scene().seki_areas.is_empty());
}
