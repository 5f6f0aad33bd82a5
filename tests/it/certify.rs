//! Checking what the product reports (`solver::proof::certify`): every bundled problem's analysis is
//! certified (a win by its proof, a failure by a proof of the opposite claim), and a check is
//! bounded by its time limit and its stop flag.
#![allow(clippy::unwrap_used)]

use crate::bundled;

use bundled::load_all;
use std::path::Path;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;
use tsumego_studio::problem::load_inferring;
use tsumego_studio::solver::jobs::analysis::analyse;
use tsumego_studio::solver::proof::certify::{certify, check, CheckSettings, CheckVerdict};
use tsumego_studio::solver::SolveConfig;

#[test]
fn every_bundled_result_is_certified() {
    let config = SolveConfig::default();
    for (path, problem) in load_all() {
        let mut analysis = analyse(&problem, &config, Arc::default(), None);
        certify(&mut analysis, &config, &CheckSettings::default(), None);
        let check = analysis.check.as_ref().unwrap();
        assert_eq!(
            check.verdict,
            CheckVerdict::Checked,
            "{}: {:?}",
            path.display(),
            check.error
        );
        // A failure without a proof of its own is certified by the opposite claim's proof.
        assert_eq!(
            check.refutation.is_some(),
            analysis.solution.proof.is_none(),
            "{}",
            path.display()
        );
        if let Some((opposite, _)) = check.refutation.as_deref() {
            assert_eq!(opposite.or_player(), problem.or_player().opponent());
        }
    }
}

#[test]
fn a_check_stops_at_its_deadline_and_at_its_stop_flag() {
    // The limits are looked at on the first position and every 1,024 after it.
    let file = Path::new(env!("CARGO_MANIFEST_DIR")).join("problems/18-rabbity-six-kill-9x9.sgf");
    // An unmarked file: its target and region are inferred, as `solve` does.
    let problem = load_inferring(&file).unwrap().problem;
    let config = SolveConfig::default();
    let analysis = analyse(&problem, &config, Arc::default(), None);
    let proof = analysis.solution.proof.as_ref().unwrap();
    let full = check(&analysis.claim, proof, &CheckSettings::default(), None);
    assert_eq!(full.verdict, CheckVerdict::Checked);
    assert!(full.positions > 100, "{}", full.positions);

    let no_time = CheckSettings {
        time_limit: Some(Duration::from_nanos(1)),
        ..CheckSettings::default()
    };
    let late = check(&analysis.claim, proof, &no_time, None);
    assert_eq!((late.verdict, late.positions), (CheckVerdict::OutOfTime, 1));
    assert!(late.error.unwrap().contains("ran out of time"));

    let stop = Arc::new(AtomicBool::new(true));
    let stopped = check(
        &analysis.claim,
        proof,
        &CheckSettings::default(),
        Some(stop),
    );
    assert_eq!(
        (stopped.verdict, stopped.positions),
        (CheckVerdict::Stopped, 1)
    );
    assert!(!stopped.verdict.accepted());
}
