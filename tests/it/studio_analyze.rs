//! *Analyze a game* in the studio, driven with egui_kittest: a small game of
//! `tests/corpus/games/` opened in the analysis view at its last move, the static safe points
//! first and then the search's verdicts in the side panel, stepping by keys and buttons (a
//! position searched before comes back at once), bad files refused in the status bar, and
//! closing back to the problem.

#![allow(clippy::unwrap_used)]

use crate::studio_common::{bundled, window_on};
use egui_kittest::kittest::Queryable;
use egui_kittest::Harness;
use std::path::PathBuf;
use std::time::{Duration, Instant};
use tsumego_studio::studio::command::Command;
use tsumego_studio::studio::game_analysis::Phase;
use tsumego_studio::studio::scene::AreaTint;
use tsumego_studio::studio::StudioApp;

/// A game record of the corpus.
fn game(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/corpus/games")
        .join(name)
}

/// Carry out `command` as a panel would ask it, then draw two frames.
fn apply(h: &mut Harness<'static, StudioApp>, command: Command) {
    let ctx = h.ctx.clone();
    h.state_mut().apply(&ctx, command);
    h.run_steps(2);
}

/// Step frames until the shown position's analysis is complete (it runs on its own thread).
fn wait_for_analysis(h: &mut Harness<'static, StudioApp>) {
    let start = Instant::now();
    while h.state().analysis.as_ref().unwrap().phase() != Phase::Done {
        assert!(
            start.elapsed() < Duration::from_secs(120),
            "the analysis did not end"
        );
        std::thread::sleep(Duration::from_millis(10));
        h.step();
    }
    h.run_steps(2);
}

/// The studio on a problem with the 9x9 game of the corpus in the analysis view.
fn analysing() -> Harness<'static, StudioApp> {
    let mut h = window_on(bundled("03-bent-three-kill.sgf"), [1280.0, 820.0]);
    apply(&mut h, Command::AnalyzeGame(game("two-passes-9x9.sgf")));
    h
}

#[test]
fn the_end_of_a_game_shows_its_safe_points_then_the_search() {
    let mut h = analysing();
    h.get_by_label("move 18 of 18");
    h.get_by_label("· Black to play");
    h.get_by_label("two-passes-9x9.sgf");
    wait_for_analysis(&mut h);
    // Each side's two eyes: 8 stones and 2 points of territory without search, and the
    // one area (the eyes) proven safe by search.
    assert_eq!(
        h.query_all_by_label_contains(
            "10 safe points without search (8 stones, 2 territory; 0 stones kept by links and pairs)"
        )
        .count(),
        2
    );
    assert_eq!(
        h.query_all_by_label_contains("10 safe points with search")
            .count(),
        2
    );
    h.get_by_label_contains("area 1 at A9 (2 points, 1 block(s)): safe");
    h.get_by_label_contains("area 1 at G1 (2 points, 1 block(s)): safe");
    h.get_by_label_contains("at F9 (71 points): 63 empty points, more than 15");
    h.get_by_label("both colours searched (1 s per claim)");
    // The board: safe stones marked, territory squared, both areas tinted safe.
    let scene = h.state().scene();
    let safety = scene.safety.expect("the safety overlay");
    assert_eq!(safety.static_stones.len(), 16);
    assert_eq!((safety.territory.0.len(), safety.territory.1.len()), (2, 2));
    assert_eq!(
        safety.areas.iter().map(|(_, t)| *t).collect::<Vec<_>>(),
        [AreaTint::Safe, AreaTint::Safe]
    );
    // The partition overlay off: no tints, the safe points stay.
    h.get_by_label("Partition").click();
    h.run_steps(2);
    assert!(!h.state().settings.overlays.partition);
    let safety = h.state().scene().safety.unwrap();
    assert!(safety.areas.is_empty() && safety.static_stones.len() == 16);
}

#[test]
fn stepping_computes_each_position_once() {
    let mut h = analysing();
    wait_for_analysis(&mut h);
    // ← goes one move back and computes it; → comes back to the end at once.
    h.key_press(egui::Key::ArrowLeft);
    h.run_steps(2);
    h.get_by_label("move 17 of 18");
    h.get_by_label("· White to play");
    wait_for_analysis(&mut h);
    h.key_press(egui::Key::ArrowRight);
    h.run_steps(1);
    h.get_by_label("move 18 of 18");
    let a = h.state().analysis.as_ref().unwrap();
    assert!(!a.is_running() && a.phase() == Phase::Done);
    // The start button: an empty board, nothing safe, no area.
    h.get_by_label("⏮").click();
    h.run_steps(2);
    h.get_by_label("move 0 of 18");
    wait_for_analysis(&mut h);
    assert_eq!(
        h.query_all_by_label_contains("0 safe points without search")
            .count(),
        2
    );
    // Moving on drops the running job: only the position shown is computed, and nothing of
    // the one left is kept (the frames in between take in no step of it).
    let ctx = h.ctx.clone();
    h.state_mut().analysis_goto(5, &ctx);
    h.state_mut().analysis_goto(6, &ctx);
    let a = h.state().analysis.as_ref().unwrap();
    assert!(!a.is_kept(5) && a.is_running() && a.shown() == 6);
    wait_for_analysis(&mut h);
    let a = h.state().analysis.as_ref().unwrap();
    assert!(!a.is_kept(5) && a.is_kept(6));
}

#[test]
fn bad_files_change_nothing_and_closing_goes_back_to_the_problem() {
    let mut h = analysing();
    for (name, words) in [
        ("malformed.sgf", "is not a game record: SGF syntax error"),
        ("illegal-move.sgf", "is illegal"),
        ("no-such-game.sgf", "cannot read"),
    ] {
        apply(&mut h, Command::AnalyzeGame(game(name)));
        let notice = h.state().view.notice.clone().unwrap();
        assert!(notice.error && notice.text.contains(words), "{notice:?}");
        assert_eq!(
            h.state().analysis.as_ref().unwrap().name(),
            "two-passes-9x9.sgf"
        );
    }
    // A problem opened from the analysis view closes it.
    apply(&mut h, Command::Open(bundled("04-straight-four-alive.sgf")));
    assert!(h.state().analysis.is_none());
    apply(&mut h, Command::AnalyzeGame(game("two-passes-9x9.sgf")));
    assert!(h.state().analysis.is_some());
    h.get_by_label("✖ Close").click();
    h.run_steps(2);
    assert!(h.state().analysis.is_none());
    h.get_by_label("▶ Solve");
    // A bad file from the problem view leaves the problem view.
    apply(&mut h, Command::AnalyzeGame(game("malformed.sgf")));
    assert!(h.state().analysis.is_none());
    h.get_by_label("▶ Solve");
}
