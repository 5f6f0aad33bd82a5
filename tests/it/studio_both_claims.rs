//! "Prove: both" in the studio, driven with egui_kittest: the claim as stated and its opposite
//! are searched at once on two threads; the live view follows the claim as stated while it
//! runs, Stop ends both, and the claim proven is reported with the other one listed.
#![allow(clippy::unwrap_used)]

use crate::studio_common;

use egui_kittest::kittest::Queryable;
use egui_kittest::Harness;
use std::time::{Duration, Instant};
use tsumego_studio::go::Color;
use tsumego_studio::problem::Goal;
use tsumego_studio::solver::{Status, StopReason};
use tsumego_studio::studio::solve_job::ClaimChoice;
use tsumego_studio::studio::StudioApp;

use studio_common::{
    bundled, solve_for_verdict, wait_for_solve, window_on, window_on_an_endless_7x7,
};

/// Choose "both" in the solver panel.
fn choose_both(h: &mut Harness<'static, StudioApp>) {
    h.get_by_label("both").click();
    h.run_steps(1);
    assert_eq!(h.state().settings.claim, ClaimChoice::Both);
}

#[test]
fn both_claims_run_at_once_the_view_follows_the_stated_one_and_stop_ends_both() {
    // A new 7x7 problem, Black to live anywhere on the whole board: neither claim (Black lives,
    // White kills everything) can be decided soon.
    let mut h = window_on_an_endless_7x7();
    choose_both(&mut h);
    h.get_by_label("▶ Solve").click();
    // Frames while both claims run and send progress: the view stays on the claim as stated.
    let start = Instant::now();
    let mut frames_with_progress = 0;
    while frames_with_progress < 20 {
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "the progress never came"
        );
        std::thread::sleep(Duration::from_millis(20));
        h.step();
        let live = &h.state().jobs.live;
        assert!(live.is_running());
        if let (Some(claim), Some(_)) = (&live.claim, &live.progress) {
            assert_eq!(
                (claim.or_player(), claim.goal()),
                (Color::Black, Goal::LiveAny)
            );
            frames_with_progress += 1;
        }
    }
    h.get_by_label("searching whether Black lives");
    h.get_by_label_contains(" nodes/s · ");
    // Stop ends both searches (a hang guard only: it takes a stop check).
    h.get_by_label("■ Stop").click();
    wait_for_solve(&mut h);
    let f = h.state().jobs.finished.as_ref().unwrap();
    let searched: Vec<(Color, Status, StopReason)> = f
        .searches
        .iter()
        .map(|(claim, s, _)| (claim.or_player(), s.status, s.stop))
        .collect();
    assert_eq!(
        searched,
        [
            (Color::Black, Status::Unknown, StopReason::Stopped),
            (Color::White, Status::Unknown, StopReason::Stopped)
        ]
    );
    assert!(
        f.verdict.contains("neither side's result was proven"),
        "{}",
        f.verdict
    );
    // Only the figures stay.
    assert!(h.query_by_label("searching whether Black lives").is_none());
}

#[test]
fn both_claims_of_a_bundled_problem_report_the_proven_one() {
    // White cannot kill; Black lives in seki. The two are raced: Black's win stops White's
    // search unless White's failure was proven first; either way Black's win is reported.
    let mut h = window_on(bundled("24-seki-after-placement.sgf"), [1280.0, 820.0]);
    h.state_mut().settings.limits.max_nodes = 0;
    h.state_mut().settings.limits.time_secs = 0.0;
    h.run_steps(1);
    choose_both(&mut h);
    h.get_by_label("▶ Solve").click();
    h.run_steps(1);
    let start = Instant::now();
    while h.state().jobs.live.is_running() {
        assert!(
            start.elapsed() < Duration::from_secs(120),
            "the solve did not end"
        );
        std::thread::sleep(Duration::from_millis(2));
        h.step();
    }
    wait_for_solve(&mut h);
    let f = h.state().jobs.finished.as_ref().unwrap();
    assert!(
        f.verdict.starts_with("Black lives in seki"),
        "{}",
        f.verdict
    );
    assert!(f.verdict.contains("Proven and checked"), "{}", f.verdict);
    assert_eq!(f.claim().or_player(), Color::Black);
    // Both claims listed, the claim as stated first whichever ended first.
    assert_eq!(f.searches.len(), 2);
    let (white, s, _) = &f.searches[0];
    assert_eq!(white.or_player(), Color::White);
    assert!(
        s.status == Status::Fail || s.stop == StopReason::Stopped,
        "{:?} {:?}",
        s.status,
        s.stop
    );
    assert_eq!(f.searches[1].1.status, Status::Win);
    // The rate plot ran forward over both claims.
    let samples = &h.state().jobs.live.samples;
    assert!(
        samples.windows(2).all(|w| w[0][0] <= w[1][0]),
        "the time axis went back: {samples:?}"
    );
}

/// The verdict headline and the comparison with the file's stated result are the same Go
/// result whichever claim is asked: on the ko problems "dies" once said "This differs from the
/// book: the file says White kills" where "as stated" agreed. A statement the position does not
/// have (a plain kill, the ko dropped) is called different in every mode alike.
#[test]
fn every_claim_gives_one_result_and_one_book_comparison() {
    use tsumego_studio::problem::{Outcome, Way};
    for (file, headline) in [
        ("25-ko-to-live.sgf", "Black lives by ko"),
        ("05-bent-four-corner.sgf", "White kills by ko"),
        ("26-rectangular-six-ko.sgf", "White kills by ko"),
        ("23-seki-to-live.sgf", "Black lives in seki"),
    ] {
        let mut h = window_on(bundled(file), [1280.0, 820.0]);
        let solve_in_every_mode = |h: &mut Harness<'static, StudioApp>| -> Vec<String> {
            ClaimChoice::ALL
                .iter()
                .map(|&claim| {
                    h.state_mut().settings.claim = claim;
                    h.run_steps(1);
                    let verdict = solve_for_verdict(h);
                    assert!(verdict.starts_with(headline), "{file} {claim:?}: {verdict}");
                    verdict
                })
                .collect()
        };
        for verdict in solve_in_every_mode(&mut h) {
            assert!(!verdict.contains("differs"), "{file}: {verdict}");
        }
        // The file now states the opposite of its result, without ko or seki.
        let defender_lives = headline.contains("lives");
        h.state_mut().apply_edit(|s| {
            let stated_lives = !defender_lives;
            s.expected = Some(
                if stated_lives == (s.goal == Some(tsumego_studio::problem::Goal::Live)) {
                    Outcome::Win
                } else {
                    Outcome::Fail
                },
            );
            s.expected_way = None::<Way>;
            true
        });
        let said = if defender_lives {
            "the file says White kills"
        } else {
            "the file says Black lives"
        };
        for verdict in solve_in_every_mode(&mut h) {
            assert!(
                verdict.contains(&format!("This differs from the book: {said}.")),
                "{file}: {verdict}"
            );
        }
    }
}
