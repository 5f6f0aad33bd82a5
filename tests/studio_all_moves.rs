//! "Judge every first move" in the studio, driven with egui_kittest: the button starts the
//! judgement on a worker thread, the panel states the solutions, the board marks each move, and
//! opening another problem forgets it.
#![allow(clippy::unwrap_used)]

mod studio_common;

use egui_kittest::kittest::Queryable;
use egui_kittest::Harness;
use std::time::{Duration, Instant};
use tsumego_studio::go::{Move, Point};
use tsumego_studio::solver::first_moves::MoveResult;
use tsumego_studio::studio::StudioApp;

use studio_common::{bundled, window_on};

fn wait_for_judgement(h: &mut Harness<'static, StudioApp>) {
    let start = Instant::now();
    while h.state().all_moves.as_ref().is_some_and(|j| j.is_running()) {
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "the judgement did not end"
        );
        std::thread::sleep(Duration::from_millis(10));
        h.step();
    }
    h.run_steps(2);
}

#[test]
fn every_first_move_is_judged_marked_and_forgotten_on_another_problem() {
    let mut h = window_on(bundled("03-bent-three-kill.sgf"), [1280.0, 820.0]);
    h.get_by_label("Judge every first move").click();
    h.run_steps(2);
    wait_for_judgement(&mut h);
    // The summary in the panel, and one line per move.
    // In the panel and in the status bar.
    assert_eq!(
        h.query_all_by_label_contains("Unique solution: D1").count(),
        2
    );
    h.get_by_label_contains("D1    works");
    h.get_by_label_contains("pass  fails");
    // The status bar says the judgement ended.
    assert!(h
        .state()
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
    let job = h.state().all_moves.as_ref().unwrap();
    assert_eq!(job.result_at(Move::Pass), Some(MoveResult::Fails));
    assert_eq!(job.moves.len(), job.total);
    // Another problem opens without the judgement.
    let other = bundled("04-straight-four-alive.sgf");
    h.state_mut().request_open(other);
    h.run_steps(3);
    assert!(h.state().all_moves.is_none());
    assert!(h.state().scene().marks.is_empty());
}
