//! The studio starts without libtorch and loads the net only when asked; a missing module is
//! one line in the status bar and changes nothing else. Its own test binary: it sets
//! `TSUMEGO_NN_MODULE` before anything opens the module.
#![allow(clippy::unwrap_used)]

use crate::studio_common;

use egui_kittest::kittest::Queryable;
use std::time::{Duration, Instant};
use studio_common::{bundled, wait_for_solve, window_on};
use tsumego_studio::go::{Color, Point};
use tsumego_studio::solver::knowledge::guide::{Guidance, Guide, GuideHandle, GuideQuery};
use tsumego_studio::studio::net_status::NetState;

/// Whether a libtorch library is mapped into this process.
fn libtorch_loaded() -> bool {
    std::fs::read_to_string("/proc/self/maps")
        .unwrap()
        .contains("libtorch")
}

#[test]
fn the_net_loads_only_when_asked_and_a_missing_module_is_one_line() {
    let missing = std::env::temp_dir().join("tsumego-no-such-folder/libtsumego_nn.so");
    // SAFETY (edition 2021: not unsafe): set before any thread of this binary reads it.
    std::env::set_var("TSUMEGO_NN_MODULE", &missing);
    let mut h = window_on(bundled("03-bent-three-kill.sgf"), [1280.0, 820.0]);
    assert!(matches!(h.state().net.status, NetState::NotLoaded));
    assert!(
        !libtorch_loaded(),
        "the studio's start must not load libtorch"
    );

    // The menu (the solver panel's Net choice is a checkbox of the same name).
    h.get_by_role_and_label(egui::accesskit::Role::Button, "Net")
        .click();
    h.run_steps(2);
    h.get_by_label("Load the net").click();
    let start = Instant::now();
    while !matches!(
        h.state().net.status,
        NetState::Unavailable(_) | NetState::Ready { .. }
    ) {
        assert!(
            start.elapsed() < Duration::from_secs(30),
            "loading never ended"
        );
        std::thread::sleep(Duration::from_millis(10));
        h.step();
    }
    h.run_steps(2);
    let notice = h.state().view.notice.clone().unwrap();
    assert!(notice.error, "{}", notice.text);
    assert!(
        notice.text.starts_with("Net unavailable: "),
        "{}",
        notice.text
    );
    assert!(notice.text.contains("heuristic prior"), "{}", notice.text);
    assert!(!notice.text.contains('\n'));
    if cfg!(feature = "nn") {
        assert!(notice.text.contains("was not found"), "{}", notice.text);
        assert!(notice.text.contains(&missing.display().to_string()));
    } else {
        assert!(notice.text.contains("no net"), "{}", notice.text);
    }
    assert!(!libtorch_loaded());
    // The net overlays and the solver panel's Net choice say why instead, and change nothing
    // else: no heat, no guide in the solve.
    h.state_mut().settings.overlays.net_policy = true;
    h.state_mut().settings.overlays.net_value = true;
    h.state_mut().settings.limits.use_net = true;
    h.run_steps(2);
    assert!(h.state().scene().heat.is_empty());
    h.get_by_label_contains("(the net is unavailable: ");
    let line = h.state().net_value_line();
    assert!(line.starts_with("Net: the net is unavailable: "), "{line}");
    if !cfg!(feature = "nn") {
        assert!(line.contains("--no-default-features"), "{line}");
    }
    assert!(h.state().solve_config().guide.is_none());
    assert!(!libtorch_loaded());
    // Nothing else changed: the problem still solves.
    h.get_by_label("▶ Solve").click();
    h.run_steps(2);
    wait_for_solve(&mut h);
    assert!(h.state().jobs.finished.is_some());
}

/// A guide as slow as a net on a busy CPU: every answer takes `delay`; priors favour the first
/// move, the d-win rates climb to 0.75.
struct SlowGuide {
    delay: Duration,
}

impl Guide for SlowGuide {
    fn name(&self) -> String {
        "slow".to_string()
    }

    fn guide(&self, query: &GuideQuery<'_>) -> Guidance {
        std::thread::sleep(self.delay);
        let n = query.moves.len();
        let mut priors = vec![0.5 / n.max(1) as f32; n];
        if let Some(first) = priors.first_mut() {
            *first += 0.4;
        }
        Guidance {
            priors,
            pass: 0.1,
            dwin: (1..=30).map(|d| 0.75 * d as f32 / 30.0).collect(),
        }
    }

    fn has_value(&self) -> bool {
        true
    }
}

#[test]
fn a_slow_net_never_holds_the_frames_up() {
    let mut h = window_on(bundled("03-bent-three-kill.sgf"), [1280.0, 820.0]);
    let delay = Duration::from_millis(1500);
    h.state_mut().net.status = NetState::ready(GuideHandle::new(SlowGuide { delay }));
    h.state_mut().settings.overlays.net_policy = true;
    h.state_mut().settings.overlays.net_value = true;
    // While the net thinks, frames go on: the board without heat, the line says so.
    let start = Instant::now();
    h.run_steps(4);
    assert!(
        start.elapsed() < delay,
        "four frames took {:?}: the frame waited for the net",
        start.elapsed()
    );
    assert!(h.state().net.view.waiting());
    assert!(h.state().scene().heat.is_empty());
    assert_eq!(h.state().net_value_line(), "Net: evaluating…");
    h.get_by_label("Net: evaluating…");
    // Then the answer comes and is drawn.
    while h.state().scene().heat.is_empty() {
        assert!(start.elapsed() < Duration::from_secs(20), "no answer");
        std::thread::sleep(Duration::from_millis(20));
        h.step();
    }
    h.run_steps(2);
    let problem = h.state().doc.problem.problem().unwrap().clone();
    let moves = problem
        .board()
        .legal_moves(problem.to_move(), Some(&problem.region()));
    let first: Point = moves[0];
    let heat = h.state().scene().heat;
    assert_eq!(heat.len(), moves.len());
    assert_eq!(heat[0].0, first);
    assert_eq!(problem.to_move(), Color::White);
    h.get_by_label("Net: P(White kills within 5/10/20/30 moves) = 0.12 / 0.25 / 0.50 / 0.75");
    h.get_by_label_contains("pass 10%");
}
