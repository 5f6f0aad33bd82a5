//! "Find a smaller proof" in the studio, driven with egui_kittest: on
//! 7x7 kill-all positions the relevance-zone reduction runs on its worker thread, the smaller
//! proof replaces the shown one only once the independent checker accepts it, Before / After
//! switch the board's zone and the proof tree between the two, and Stop, a new solve or a
//! rejected proof leave the proof as solved.
#![allow(clippy::unwrap_used)]

use crate::studio_common;

use egui_kittest::kittest::Queryable;
use egui_kittest::Harness;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tsumego_studio::solver::proof::certify::{check, CheckSettings, CheckVerdict};
use tsumego_studio::solver::proof::fault::Fault;
use tsumego_studio::studio::reduce_job::{ReduceEnd, ReduceOutcome};
use tsumego_studio::studio::view_state::Mode;
use tsumego_studio::studio::StudioApp;

use studio_common::{solve_for_verdict, window_on};

/// The opening of a 7x7 kill-all game from the df-pn proof of the research problem 7x7/1
/// (`tests/it/rz_reduce.rs`), White to live anywhere; `moves` of its 25 moves are played.
fn killall(moves: usize) -> String {
    const MOVES: [&str; 25] = [
        "B[ce]", "W[]", "B[ed]", "W[ec]", "B[fc]", "W[dd]", "B[ee]", "W[cd]", "B[dc]", "W[be]",
        "B[de]", "W[cc]", "B[eb]", "W[bf]", "B[cb]", "W[bb]", "B[cf]", "W[ba]", "B[ff]", "W[ac]",
        "B[ae]", "W[bd]", "B[af]", "W[ad]", "B[ag]",
    ];
    assert!(moves % 2 == 1, "White to move");
    format!(
        "(;GM[1]FF[4]SZ[7]GN[7x7 kill-all, {moves} moves in]\
         MA[aa][ca][da][ea][fa][ga][ab][db][fb][gb][ac][bc][ec][gc][ad][bd][fd][gd][ae][fe][ge]\
         [af][df][ef][ff][gf][ag][bg][cg][dg][eg][fg][gg]TSOR[W]TSGOAL[live-any]TSKOB[allow]\
         TSKOW[disallow]TSSETUP[{moves}];{}PL[W])",
        MOVES[..moves].join(";")
    )
}

/// The position written to a folder of its own (the studio lists the folder).
fn position_file(moves: usize) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "tsumego-studio-reduce-{}-{moves}",
        std::process::id()
    ));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(format!("killall-7x7-{moves}.sgf"));
    std::fs::write(&path, killall(moves)).unwrap();
    path
}

/// The studio on the position, solved and checked.
fn solved(moves: usize) -> Harness<'static, StudioApp> {
    let mut h = window_on(position_file(moves), [1280.0, 820.0]);
    let verdict = solve_for_verdict(&mut h);
    assert!(verdict.starts_with("White lives"), "{verdict}");
    assert!(verdict.contains("Proven and checked"), "{verdict}");
    assert_eq!(h.state().view.mode, Mode::Proof);
    h
}

/// The proof shown now.
fn shown(h: &Harness<'static, StudioApp>) -> Arc<tsumego_studio::solver::proof::ProofTree> {
    h.state()
        .jobs
        .finished
        .as_ref()
        .unwrap()
        .proof
        .clone()
        .unwrap()
}

/// The size of the zone the board shows.
fn scene_zone(h: &Harness<'static, StudioApp>) -> usize {
    h.state().scene().zone.expect("a zone on the board").len()
}

/// How the reduction that has ended ended.
fn ended(h: &Harness<'static, StudioApp>) -> ReduceOutcome {
    let job = h.state().jobs.reduction.as_ref().expect("a reduction");
    job.outcome.clone().expect("the reduction has ended")
}

/// Step frames until the reduction has ended (it runs on its own thread).
fn wait_for_reduction(h: &mut Harness<'static, StudioApp>) {
    let start = Instant::now();
    while h
        .state()
        .jobs
        .reduction
        .as_ref()
        .is_some_and(|j| j.is_running())
    {
        assert!(
            start.elapsed() < Duration::from_secs(120),
            "the reduction did not end"
        );
        std::thread::sleep(Duration::from_millis(10));
        h.step();
    }
    h.run_steps(2);
}

#[test]
fn a_smaller_proof_is_checked_then_shown_and_before_after_switch_the_zone() {
    let mut h = solved(25);
    let original = shown(&h);
    let before = original.root.zone.len();
    assert_eq!(scene_zone(&h), before);

    h.get_by_label("Find a smaller proof").click();
    h.run_steps(2);
    wait_for_reduction(&mut h);

    let outcome = ended(&h);
    assert!(
        matches!(outcome.end, ReduceEnd::Smaller(_)),
        "{}",
        outcome.words()
    );
    let reduced = shown(&h);
    let after = reduced.root.zone.len();
    assert!(after < before, "zone {before} → {after}");
    assert!(reduced.root.zone.is_subset(&original.root.zone));
    // The proof shown now is the one the checker accepted, and it holds when checked again.
    let f = h.state().jobs.finished.as_ref().unwrap();
    assert_eq!(f.check, Some(CheckVerdict::Checked));
    let again = check(f.proof_claim(), &reduced, &CheckSettings::default(), None);
    assert_eq!(again.verdict, CheckVerdict::Checked, "{:?}", again.error);
    // The board and the panel show the smaller proof at its root.
    assert_eq!(h.state().view.mode, Mode::Proof);
    assert_eq!(scene_zone(&h), after);
    assert_eq!(
        h.state().scene().proven,
        Some(original.root.zone.difference(&reduced.root.zone))
    );
    let percent = 100.0 * after as f64 / before as f64;
    // In the panel, beside Before / After, and in the status bar.
    let figures = format!("zone {before} → {after} points ({percent:.1} %), ");
    assert_eq!(h.query_all_by_label_contains(&figures).count(), 2);
    h.get_by_label_contains("The smaller proof: ");

    // Before: the proof as solved, on the board and in the tree.
    h.get_by_label("Before").click();
    h.run_steps(2);
    assert!(Arc::ptr_eq(&shown(&h), &original));
    assert_eq!(scene_zone(&h), before);
    assert_eq!(h.state().scene().proven, None);
    h.get_by_label_contains("The proof as solved: ");
    // After again.
    h.get_by_label("After").click();
    h.run_steps(2);
    assert!(Arc::ptr_eq(&shown(&h), &reduced));
    assert_eq!(scene_zone(&h), after);

    // Again, with another strategy: it starts from the smaller proof, and the proof as solved
    // stays the "before" whatever it finds.
    h.state_mut().settings.reduce.strategy = tsumego_studio::solver::jobs::reduce::Strategy::Random;
    h.get_by_label("Find a smaller proof").click();
    h.run_steps(2);
    wait_for_reduction(&mut h);
    let ba = h
        .state()
        .jobs
        .before_after
        .clone()
        .expect("both proofs kept");
    assert!(Arc::ptr_eq(&ba.before.proof, &original));
    assert!(ba.after.proof.root.zone.len() <= after);
    assert!(Arc::ptr_eq(&shown(&h), &ba.after.proof));

    // A new solve forgets both.
    h.get_by_label("▶ Solve").click();
    h.run_steps(2);
    assert!(h.state().jobs.before_after.is_none());
    assert!(h.state().jobs.reduction.is_none());
}

#[test]
fn stop_cancels_the_reduction_and_keeps_the_proof() {
    let mut h = solved(21);
    let original = shown(&h);
    // K 40: this reduction runs for seconds.
    h.state_mut().settings.reduce.k = 40;
    h.get_by_label("Find a smaller proof").click();
    h.run_steps(3);
    assert!(h.state().jobs.reduction.as_ref().unwrap().is_running());
    h.get_by_label_contains("reducing (heatmap, K 40)…");
    h.get_by_label("■ Stop reducing").click();
    h.run_steps(1);
    wait_for_reduction(&mut h);

    let outcome = ended(&h);
    assert!(
        matches!(outcome.end, ReduceEnd::Stopped),
        "{}",
        outcome.words()
    );
    assert!(Arc::ptr_eq(&shown(&h), &original));
    assert!(h.state().jobs.before_after.is_none());
    let notice = h.state().view.notice.clone().unwrap();
    assert!(
        notice.text.contains("the original proof is kept"),
        "{}",
        notice.text
    );
    assert_eq!(scene_zone(&h), original.root.zone.len());
}

#[test]
fn a_new_solve_cancels_a_running_reduction() {
    let mut h = solved(21);
    h.state_mut().settings.reduce.k = 40;
    h.get_by_label("Find a smaller proof").click();
    h.run_steps(3);
    assert!(h.state().jobs.reduction.as_ref().unwrap().is_running());
    h.get_by_label("▶ Solve").click();
    h.run_steps(2);
    assert!(h.state().jobs.reduction.is_none());
    studio_common::wait_for_solve(&mut h);
    assert!(h.state().jobs.finished.as_ref().unwrap().proof.is_some());
    assert!(h.state().jobs.before_after.is_none());
}

#[test]
fn a_smaller_proof_the_checker_rejects_is_not_shown() {
    let mut h = solved(25);
    let original = shown(&h);
    // Every proof checked from now on is corrupted first: the smaller one is rejected.
    h.state_mut().jobs.check_fault = Some(Fault::WrongMove);
    h.get_by_label("Find a smaller proof").click();
    h.run_steps(2);
    wait_for_reduction(&mut h);

    let outcome = ended(&h);
    match &outcome.end {
        ReduceEnd::NotAccepted(c) => assert_eq!(c.verdict, CheckVerdict::Failed),
        _ => panic!("{}", outcome.words()),
    }
    assert!(Arc::ptr_eq(&shown(&h), &original));
    assert!(h.state().jobs.before_after.is_none());
    let notice = h.state().view.notice.clone().unwrap();
    assert!(notice.error, "{}", notice.text);
    assert!(
        notice.text.contains("failed the independent check"),
        "{}",
        notice.text
    );
}
