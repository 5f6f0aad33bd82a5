//! The portfolio in the studio, driven with egui_kittest: the engine row offers it with the
//! registry's label; choosing it makes the solve race the portfolio's lanes (df-pn without the
//! net, MCTS with the heuristic prior while the net is off) and reach a checked result; while
//! the lanes race (they send no progress) the live view says so and how long it has run, and
//! Stop ends them.
#![allow(clippy::unwrap_used)]

use crate::studio_common;

use egui_kittest::kittest::Queryable;
use egui_kittest::Harness;
use std::time::{Duration, Instant};
use tsumego_studio::solver::proof::certify::CheckVerdict;
use tsumego_studio::solver::{Engine, EngineChoice, Status, StopReason};
use tsumego_studio::studio::StudioApp;

use studio_common::{
    bundled, solve_for_verdict, wait_for_solve, window_on, window_on_an_endless_7x7,
};

/// Click "portfolio" in the engine row.
fn choose_portfolio(h: &mut Harness<'static, StudioApp>) {
    h.get_by_label("portfolio").click();
    h.run_steps(1);
    assert_eq!(h.state().settings.limits.engine, EngineChoice::Portfolio);
}

#[test]
fn the_engine_row_offers_the_portfolio_and_its_solve_is_checked() {
    let mut h = window_on(bundled("03-bent-three-kill.sgf"), [1280.0, 820.0]);
    // Every choice of the registry is in the row, under its label.
    for choice in tsumego_studio::solver::engines::choices() {
        h.get_by_label(choice.label);
    }
    choose_portfolio(&mut h);
    // Its lanes, the net being off: df-pn and MCTS, both without a guide; the run's own
    // settings (the judging of every first move, the reduction) are the df-pn lane's.
    let lanes = h.state().solve_lanes();
    let engines: Vec<Engine> = lanes.iter().map(|l| l.engine).collect();
    assert_eq!(engines, [Engine::DFPN, Engine::MCTS]);
    assert!(lanes.iter().all(|l| l.guide.is_none()));
    assert_eq!(h.state().solve_config().engine, Engine::DFPN);
    assert!(h
        .state()
        .solve_words()
        .starts_with("engine portfolio (df-pn; MCTS),"));
    let verdict = solve_for_verdict(&mut h);
    assert!(verdict.starts_with("White kills"), "{verdict}");
    assert!(verdict.contains("Proven and checked"), "{verdict}");
    let f = h.state().jobs.finished.as_ref().unwrap();
    assert_eq!(f.solution().status, Status::Win);
    assert_eq!(f.check, Some(CheckVerdict::Checked));
    assert!(f.proof().is_some());
    // The choice is kept with the settings.
    assert!(h
        .state()
        .settings
        .to_stored()
        .contains(r#""engine":"portfolio""#));
}

#[test]
fn while_the_lanes_race_the_live_view_says_so_and_stop_ends_them() {
    // A new 7x7 problem, Black to live anywhere on the whole board: far too large to finish.
    let mut h = window_on_an_endless_7x7();
    choose_portfolio(&mut h);
    h.get_by_label("▶ Solve").click();
    let racing = "portfolio: df-pn and MCTS racing";
    // The job's first message (its claim started) comes from its thread.
    let start = Instant::now();
    while h.query_by_label_contains(&format!("{racing} · ")).is_none() {
        assert!(
            start.elapsed() < Duration::from_secs(30),
            "the race never showed"
        );
        std::thread::sleep(Duration::from_millis(20));
        h.step();
    }
    h.get_by_label("searching whether Black lives");
    assert!(h.state().jobs.live.racing_words() == Some(racing));
    // The time runs on while no progress comes (the lanes send none); nothing stale or empty
    // is shown in its place.
    let start = Instant::now();
    while h
        .query_by_label_contains(&format!("{racing} · 2 s"))
        .is_none()
    {
        assert!(
            start.elapsed() < Duration::from_secs(30),
            "the racing time did not run on"
        );
        std::thread::sleep(Duration::from_millis(50));
        h.step();
        let live = &h.state().jobs.live;
        assert!(live.is_running() && live.progress.is_none());
    }
    assert!(h.query_by_label_contains(" nodes/s · ").is_none());
    assert!(h.query_by_label_contains("Black's moves:").is_none());
    // Nor does the legend explain live marks that are not drawn.
    assert!(h
        .query_by_label("numbered ghosts: the line being searched")
        .is_none());
    h.get_by_label("■ Stop").click();
    wait_for_solve(&mut h);
    assert!(h.query_by_label_contains(racing).is_none());
    let f = h.state().jobs.finished.as_ref().unwrap();
    assert_eq!(f.solution().status, Status::Unknown);
    assert_eq!(f.solution().stop, StopReason::Stopped);
}
