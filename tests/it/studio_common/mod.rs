//! Helpers of the tests that drive the studio with egui_kittest: bundled problem paths, a
//! window on a file, waiting for a solve.
#![allow(dead_code)] // each test file uses its own share
#![allow(clippy::unwrap_used)]

use egui_kittest::kittest::Queryable;
use egui_kittest::Harness;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};
use tsumego_studio::go::Color;
use tsumego_studio::problem::Goal;
use tsumego_studio::studio::StudioApp;

/// A bundled problem file.
pub fn bundled(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("problems")
        .join(name)
}

/// The studio on `file` in a window of `size`, with its stored settings' defaults, after its
/// first three frames.
pub fn window_on(file: PathBuf, size: [f32; 2]) -> Harness<'static, StudioApp> {
    let mut harness = Harness::builder()
        .with_size(size)
        .wgpu()
        .build_eframe(move |cc| StudioApp::from_creation(cc, Some(file)));
    harness.run_steps(3);
    harness
}

/// The studio on a new 7x7 problem, Black to live anywhere on the whole board, no time limit:
/// far too large for any claim of it to be decided soon (for tests that stop a running solve).
pub fn window_on_an_endless_7x7() -> Harness<'static, StudioApp> {
    let mut harness = window_on(bundled("03-bent-three-kill.sgf"), [1280.0, 820.0]);
    harness.state_mut().new_now(7);
    harness.state_mut().apply_edit(|s| {
        s.region = None;
        tsumego_studio::studio::edit::set_claim(s, Color::Black, Goal::LiveAny)
    });
    harness.state_mut().settings.limits.time_secs = 0.0;
    harness.run_steps(2);
    harness
}

/// Step frames until the solve has ended (the solver runs on its own thread).
/// Clicks Solve, waits for the solve to end and returns the verdict it shows.
pub fn solve_for_verdict(harness: &mut Harness<'static, StudioApp>) -> String {
    harness.get_by_label("▶ Solve").click();
    harness.run_steps(2);
    wait_for_solve(harness);
    harness
        .state()
        .jobs
        .finished
        .as_ref()
        .expect("a finished solve")
        .verdict
        .clone()
}

pub fn wait_for_solve(harness: &mut Harness<'static, StudioApp>) {
    wait_while(harness, "the solve did not end", |app| {
        app.jobs.live.is_running()
    });
}

/// Step frames while `busy` holds (a minute at most, else the test fails with `what`), then
/// two more.
pub fn wait_while(
    harness: &mut Harness<'static, StudioApp>,
    what: &str,
    busy: impl Fn(&StudioApp) -> bool,
) {
    let start = Instant::now();
    while busy(harness.state()) {
        assert!(start.elapsed() < Duration::from_secs(60), "{what}");
        std::thread::sleep(Duration::from_millis(10));
        harness.step();
    }
    harness.run_steps(2);
}

/// Step frames until the judgement of every first move has ended.
pub fn wait_for_judgement(harness: &mut Harness<'static, StudioApp>) {
    let start = Instant::now();
    while harness
        .state()
        .jobs
        .all_moves
        .as_ref()
        .is_some_and(|j| j.is_running())
    {
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "the judgement did not end"
        );
        std::thread::sleep(Duration::from_millis(10));
        harness.step();
    }
    harness.run_steps(2);
}

/// Click "Judge every first move" and step frames until the judgement has ended.
pub fn judge_every_first_move(harness: &mut Harness<'static, StudioApp>) {
    harness.get_by_label("Judge every first move").click();
    harness.run_steps(2);
    wait_for_judgement(harness);
}
