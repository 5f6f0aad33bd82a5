//! The live view of a running solve, driven with egui_kittest: the figures, the iteration's
//! progress bar, the table's fill, the line and the root moves appear while a search runs and go
//! when it ends; a progress event of known content is shown as it should be (states, order,
//! words).
#![allow(clippy::unwrap_used)]

use crate::studio_common;

use egui_kittest::kittest::Queryable;
use egui_kittest::Harness;
use std::time::{Duration, Instant};
use tsumego_studio::go::{Color, Move, Point};
use tsumego_studio::problem::Goal;
use tsumego_studio::solver::kernel::progress::{RootMove, RootState, INFINITE_NUMBER};
use tsumego_studio::solver::{Engine, EngineChoice, Progress};
use tsumego_studio::studio::StudioApp;

use studio_common::{bundled, wait_for_solve, window_on};

/// Step frames until the drawn progress satisfies `ready` (the solve runs on its own thread;
/// the frame takes in its messages before drawing, so the state read after a step is the one
/// on screen).
fn step_until(h: &mut Harness<'static, StudioApp>, ready: impl Fn(&Progress) -> bool) {
    let start = Instant::now();
    loop {
        h.step();
        let app = h.state();
        if app.jobs.live.claim.is_some() && app.jobs.live.progress.as_ref().is_some_and(&ready) {
            return;
        }
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "the progress never came"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// The studio on a new 7x7 problem, Black to live anywhere on the whole board (far too large
/// to finish), with one width (one search for the whole job, so the progress is never reset in
/// between), no time limit and the depth-first engine (its iterations have a progress bar).
fn open_7x7_without_limits() -> Harness<'static, StudioApp> {
    let mut h = window_on(bundled("03-bent-three-kill.sgf"), [1280.0, 820.0]);
    h.state_mut().new_now(7);
    h.state_mut().apply_edit(|s| {
        s.region = None;
        tsumego_studio::studio::edit::set_claim(s, Color::Black, Goal::LiveAny)
    });
    h.state_mut().settings.limits.auto_width = false;
    h.state_mut().settings.limits.time_secs = 0.0;
    h.state_mut().settings.limits.engine = EngineChoice::One(Engine::DFS);
    h.run_steps(2);
    h
}

#[test]
fn a_running_solve_shows_its_root_moves_progress_table_and_line() {
    let mut h = open_7x7_without_limits();
    h.get_by_label("▶ Solve").click();
    step_until(&mut h, |p| {
        !p.line.is_empty() && p.root_moves.iter().any(|m| m.state == RootState::Searching)
    });
    h.get_by_label_contains(" nodes/s · ");
    h.get_by_label("searching whether Black lives");
    // The progress bar, labelled with its words.
    let depth = h.state().jobs.live.progress.as_ref().unwrap().depth;
    h.get_by_label_contains(&format!("depth {depth}: "));
    h.get_by_label_contains(" of 49 root moves done");
    h.get_by_label_contains("% full (");
    h.get_by_label_contains("line: ");
    h.get_by_label("Black's moves:");
    h.get_by_label("state");
    h.get_by_label("… searching");
    // 49 points (the OR player may not pass): ten rows and the rest counted.
    h.get_by_label_contains("… 39 more: ");
    // The nodes spent under the root moves are counted.
    let p = h.state().jobs.live.progress.clone().unwrap();
    assert!(p.root_moves.iter().map(|m| m.nodes).sum::<u64>() > 0);
    // Stopped: only the figures stay.
    h.get_by_label("■ Stop").click();
    wait_for_solve(&mut h);
    h.get_by_label_contains(" nodes/s · ");
    assert!(h.query_by_label("Black's moves:").is_none());
    assert!(h.query_by_label_contains("root moves done").is_none());
}

#[test]
fn a_df_pn_solve_chosen_in_the_panel_shows_the_root_numbers_and_the_most_proving_line() {
    let mut h = open_7x7_without_limits();
    h.get_by_label("df-pn").click();
    h.run_steps(1);
    assert_eq!(
        h.state().settings.limits.engine,
        EngineChoice::One(Engine::DFPN)
    );
    assert_eq!(h.state().solve_config().engine, Engine::DFPN);
    h.get_by_label("▶ Solve").click();
    step_until(&mut h, |p| p.engine == Engine::DFPN && p.line.len() >= 2);
    let p = h.state().jobs.live.progress.clone().unwrap();
    assert_eq!(
        p.numbers.len(),
        p.line.len(),
        "one pair of numbers per node of the line"
    );
    let (pn, dn) = p.numbers[0];
    assert!(pn > 0 && dn > 0, "an open root: {pn}/{dn}");
    h.get_by_label(&format!("root: proof number {pn} · disproof number {dn}"));
    h.get_by_label_contains("most-proving line: ");
    assert!(h.query_by_label_contains("root moves done").is_none());
    h.get_by_label("■ Stop").click();
    wait_for_solve(&mut h);
}

#[test]
fn an_mcts_solve_chosen_in_the_panel_shows_its_line_and_root_moves() {
    let mut h = open_7x7_without_limits();
    h.get_by_label("MCTS").click();
    h.run_steps(1);
    assert_eq!(
        h.state().settings.limits.engine,
        EngineChoice::One(Engine::MCTS)
    );
    assert_eq!(h.state().solve_config().engine, Engine::MCTS);
    h.get_by_label("▶ Solve").click();
    step_until(&mut h, |p| {
        p.engine == Engine::MCTS && !p.line.is_empty() && !p.root_moves.is_empty()
    });
    let depth = h.state().jobs.live.progress.as_ref().unwrap().depth;
    h.get_by_label(&format!("deepest line {depth} plies"));
    h.get_by_label_contains("line: ");
    h.get_by_label("Black's moves:");
    assert!(h.query_by_label_contains("root moves done").is_none());
    h.get_by_label("■ Stop").click();
    wait_for_solve(&mut h);
}

#[test]
fn a_known_df_pn_progress_event_is_shown_in_words() {
    let mut h = window_on(bundled("03-bent-three-kill.sgf"), [1280.0, 820.0]);
    let claim = h.state().doc.problem.problem().unwrap().clone();
    let progress = Progress {
        nodes: 500,
        nodes_per_second: 1000.0,
        elapsed: Duration::from_secs(1),
        depth: 2,
        line: vec![Move::Play(Point::new(1, 8)), Move::Pass],
        must_play: None,
        proven_zones: Vec::new(),
        root_moves: Vec::new(),
        root_is_or: true,
        root_pruned: 0,
        table_entries: 512,
        table_capacity: 1024,
        engine: Engine::DFPN,
        numbers: vec![(7, 2), (INFINITE_NUMBER, 1)],
    };
    h.state_mut().jobs.live.claim = Some(claim);
    h.state_mut().jobs.live.progress = Some(progress);
    h.run_steps(2);
    h.get_by_label("root: proof number 7 · disproof number 2");
    h.get_by_label("most-proving line: B1 (7/2) pass (∞/1)");
}

fn row(x: usize, state: RootState, nodes: u64, decided_at: Option<u32>) -> RootMove {
    RootMove {
        mv: Move::Play(Point::new(x, 8)),
        state,
        nodes,
        decided_at,
        searched_to: 0,
    }
}

#[test]
fn a_known_progress_event_is_shown_sorted_and_in_words() {
    let mut h = window_on(bundled("03-bent-three-kill.sgf"), [1280.0, 820.0]);
    let claim = h.state().doc.problem.problem().unwrap().clone();
    let progress = Progress {
        nodes: 12_345,
        nodes_per_second: 1000.0,
        elapsed: Duration::from_secs(12),
        depth: 5,
        line: vec![Move::Play(Point::new(1, 8)), Move::Play(Point::new(2, 8))],
        must_play: None,
        proven_zones: Vec::new(),
        root_moves: vec![
            row(2, RootState::Refuted, 40, Some(3)),
            RootMove {
                mv: Move::Pass,
                ..row(0, RootState::Open, 7, None)
            },
            row(1, RootState::Searching, 300, None),
            row(3, RootState::Proven, 2_000_000, Some(5)),
        ],
        root_is_or: true,
        root_pruned: 2,
        table_entries: 512,
        table_capacity: 1024,
        engine: Engine::DFS,
        numbers: Vec::new(),
    };
    // The seam: what the job's messages would have put there.
    h.state_mut().jobs.live.claim = Some(claim);
    h.state_mut().jobs.live.progress = Some(progress);
    h.run_steps(2);
    h.get_by_label("12,345 nodes · 1,000 nodes/s · 12.0 s · depth 5");
    h.get_by_label("searching whether White kills");
    h.get_by_label("depth 5: 2 of 4 root moves done");
    h.get_by_label("table 50.0% full (512 of 1,024 entries)");
    h.get_by_label("line: B1 C1");
    h.get_by_label("White's moves:");
    h.get_by_label("2 more beyond the OR width, not tried");
    // One row per move, proven first, then searching, open, refuted, each with its words.
    let y = |label: &str| h.get_by_label(label).rect().center().y;
    let order = [
        ("D1", "✔ proven", "2.0M"),
        ("B1", "… searching", "300"),
        ("pass", "open", "7"),
        ("C1", "× refuted", "40"),
    ];
    for w in order.windows(2) {
        assert!(y(w[0].0) < y(w[1].0), "{} above {}", w[0].0, w[1].0);
    }
    for (mv, state, nodes) in order {
        assert!(
            (y(mv) - y(state)).abs() < 1.0,
            "{mv} and {state} on one row"
        );
        assert!(
            (y(mv) - y(nodes)).abs() < 1.0,
            "{mv} and {nodes} on one row"
        );
    }
    // The depths that decided D1 and C1.
    assert!((y("D1") - y("5")).abs() < 1.0);
    assert!((y("C1") - y("3")).abs() < 1.0);
}

#[test]
fn the_rate_plot_runs_forward_over_every_search_of_the_job() {
    // A proven failure: the claim's searches (the widths, unconditional life, seki) and the
    // opposite claim's each start their own clock.
    let mut h = window_on(bundled("24-seki-after-placement.sgf"), [1280.0, 820.0]);
    h.state_mut().settings.limits.max_nodes = 0;
    h.get_by_label("▶ Solve").click();
    h.run_steps(1);
    let start = Instant::now();
    while h.state().jobs.live.is_running() {
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "the solve did not end"
        );
        std::thread::sleep(Duration::from_millis(2));
        h.step();
    }
    wait_for_solve(&mut h);
    let samples = &h.state().jobs.live.samples;
    assert!(samples.len() > 1, "{samples:?}");
    assert!(
        samples.windows(2).all(|w| w[0][0] <= w[1][0]),
        "the time axis went back: {samples:?}"
    );
}
