//! The net as the solver's guide: the inference service answers batches from several
//! threads with priors that sum to one over the query's moves and pass and d-win rates that
//! never fall with d, caches what it evaluated, and a guided df-pn decides every bundled
//! problem as the heuristic one does, with proofs the checker accepts: a guide orders the
//! search, it never decides. With seeded weights, so the test does not depend on the shipped
//! ones.
#![cfg(feature = "nn")]
#![allow(clippy::unwrap_used)] // tests may panic on what cannot happen

use crate::bundled;
use crate::seeded_net;

use seeded_net::{seeded_guide, seeded_weights};
use tsumego_studio::go::{Color, Zone};
use tsumego_studio::nn::shared::guide;
use tsumego_studio::nn::DevicePreference;
use tsumego_studio::solver::knowledge::guide::{Guidance, GuideHandle, GuideQuery, DWIN_HORIZON};
use tsumego_studio::solver::proof::checker::check_proof;
use tsumego_studio::solver::{Engine, SolveConfig, Solver, Status};

/// The same guidance up to float rounding (a position evaluated at another place of a batch may
/// differ in the last bits).
fn close(a: &Guidance, b: &Guidance, context: &str) {
    let near = |x: &[f32], y: &[f32]| {
        x.len() == y.len() && x.iter().zip(y).all(|(p, q)| (p - q).abs() < 1e-5)
    };
    assert!(
        near(&a.priors, &b.priors) && near(&a.dwin, &b.dwin) && (a.pass - b.pass).abs() < 1e-5,
        "{context}: {a:?} != {b:?}"
    );
}

#[test]
fn the_service_answers_batches_from_threads_and_caches() {
    let handle = seeded_guide(5);
    let again = guide(Some(&seeded_weights(5)), DevicePreference::Cpu).unwrap();
    assert_eq!(handle, again, "one guide per weights file");
    assert!(handle.guide().has_value());
    let problems = bundled::load_all();
    std::thread::scope(|scope| {
        for chunk in problems.chunks(problems.len().div_ceil(3)) {
            let handle = handle.clone();
            scope.spawn(move || {
                for (path, problem) in chunk {
                    let region = problem.region();
                    let crucial = problem.crucial();
                    let board = problem.board();
                    let moves: Vec<_> = region.intersection(&board.empty_points()).iter().collect();
                    let query = GuideQuery {
                        board,
                        to_move: problem.to_move(),
                        or_player: problem.or_player(),
                        goal: problem.goal(),
                        region: &region,
                        crucial: &crucial,
                        after_pass: false,
                        last_move: None,
                        moves: &moves,
                        scores: None,
                    };
                    let both = handle.guide().guide_batch(&[query, query]);
                    close(&both[0], &both[1], &path.display().to_string());
                    let g = &both[0];
                    let total: f32 = g.priors.iter().sum::<f32>() + g.pass;
                    assert!((total - 1.0).abs() < 1e-4, "{}: {total}", path.display());
                    assert_eq!(g.priors.len(), moves.len());
                    assert_eq!(g.dwin.len(), DWIN_HORIZON);
                    assert!(g.dwin.windows(2).all(|w| w[0] <= w[1]));
                    assert!(g.dwin.iter().all(|p| (0.0..=1.0).contains(p)));
                    // Asked again (a cache hit), the same answer.
                    close(&handle.guide().guide(&query), g, "cached");
                }
            });
        }
    });
    // A query with no moves still gives pass everything.
    let problem = &problems[0].1;
    let region = Zone::new();
    let query = GuideQuery {
        board: problem.board(),
        to_move: Color::Black,
        or_player: Color::Black,
        goal: problem.goal(),
        region: &region,
        crucial: &region,
        after_pass: true,
        last_move: None,
        moves: &[],
        scores: None,
    };
    let g = handle.guide().guide(&query);
    assert!((g.pass - 1.0).abs() < 1e-6);
}

#[test]
fn guided_dfpn_decides_every_bundled_problem_as_the_heuristic_one() {
    let handle = seeded_guide(5);
    for (path, problem) in bundled::load_all() {
        if problem.region_empty_points().len() > 10 {
            continue;
        }
        for claim in [problem.clone(), problem.flipped()] {
            let config = |guide: Option<GuideHandle>| SolveConfig {
                engine: Engine::DFPN,
                max_nodes: Some(400_000),
                tt_entries: 1 << 16,
                guide,
                // At every node, so every answer of the net is used.
                guide_visits: 1,
                ..SolveConfig::default()
            };
            let plain = Solver::new(&claim, config(None)).solve();
            let guided = Solver::new(&claim, config(Some(handle.clone()))).solve();
            if plain.status == Status::Unknown || guided.status == Status::Unknown {
                continue;
            }
            assert_eq!(guided.status, plain.status, "{}", path.display());
            if let Some(proof) = &guided.proof {
                check_proof(&claim, proof, false, 10_000_000)
                    .unwrap_or_else(|e| panic!("{}: guided proof rejected: {e}", path.display()));
            }
        }
    }
}
