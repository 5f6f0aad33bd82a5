//! The MCTS engine (`src/solver/engines/mcts/`, `--engine mcts`): on every bundled problem, both
//! claims, it decides as df-pn does and every proof passes the independent checker, with the
//! heuristic guide and with a guide that has a value (the batched path a net takes); its limits
//! hold; and on a seeded sample of the differential test's random problems it agrees with the
//! exhaustive search (`tests/it/rz_diff`; the full run is `RZ_DIFF_ENGINES=mcts
//! RZ_DIFF_COUNT=2000 cargo test --release -p tsumego-studio --no-default-features --test
//! rz_differential`, BENCHMARKS.md).
#![allow(clippy::unwrap_used)] // tests may panic on what cannot happen

use crate::bundled;
use crate::rz_diff;

use bundled::load_all;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tsumego_studio::problem::Problem;
use tsumego_studio::solver::knowledge::guide::{
    Guidance, Guide, GuideHandle, GuideQuery, HeuristicGuide, PendingGuidance,
};
use tsumego_studio::solver::knowledge::playout::PlayoutGuide;
use tsumego_studio::solver::proof::checker::check_proof;
use tsumego_studio::solver::{Engine, Progress, SolveConfig, Solver, Status, StopReason};

/// Nodes of each solve of a bundled claim (df-pn decides every one of them well within it).
const BUNDLED_NODES: u64 = 300_000;

fn config(engine: Engine) -> SolveConfig {
    SolveConfig {
        engine,
        tt_entries: 1 << 16,
        max_nodes: Some(BUNDLED_NODES),
        ..SolveConfig::default()
    }
}

/// Solve `claim` with `config`; a win's proof must pass the checker.
fn solve_checked(claim: &Problem, config: SolveConfig, context: &str) -> Status {
    let solution = Solver::new(claim, config).solve();
    if solution.status == Status::Win {
        let proof = solution
            .proof
            .as_ref()
            .unwrap_or_else(|| panic!("{context}: a win without a proof"));
        if let Err(e) = check_proof(claim, proof, false, 10_000_000) {
            panic!("{context}: the checker rejects the proof: {e}");
        }
    }
    solution.status
}

/// Every bundled claim decided by df-pn is decided the same way by MCTS with `guide`, wins
/// (with checked proofs) and failures (the claims the OR player cannot achieve) alike.
fn agrees_with_dfpn_on_the_bundled_problems(guide: Option<GuideHandle>) {
    agrees_with_dfpn_on_the_bundled_problems_on(guide, 1);
}

/// [`agrees_with_dfpn_on_the_bundled_problems`] with MCTS given `threads` threads.
fn agrees_with_dfpn_on_the_bundled_problems_on(guide: Option<GuideHandle>, threads: usize) {
    let (mut wins, mut fails) = (0, 0);
    for (path, problem) in load_all() {
        for claim in [problem.clone(), problem.flipped()] {
            let context = format!("{} (OR {})", path.display(), claim.or_player());
            let dfpn = Solver::new(&claim, config(Engine::DFPN)).solve().status;
            let mcts_config = SolveConfig {
                guide: guide.clone(),
                threads,
                ..config(Engine::MCTS)
            };
            let mcts = solve_checked(&claim, mcts_config, &context);
            assert_eq!(mcts, dfpn, "{context}");
            wins += usize::from(dfpn == Status::Win);
            fails += usize::from(dfpn == Status::Fail);
        }
    }
    assert!(wins + fails >= 40, "{wins} wins and {fails} failures");
    assert!(
        wins >= 10 && fails >= 10,
        "{wins} wins and {fails} failures"
    );
}

#[test]
fn mcts_guided_by_the_heuristic_decides_every_bundled_claim_as_dfpn_does() {
    // What a solve without a net gets (`SolveConfig::guide` `None` means the same).
    agrees_with_dfpn_on_the_bundled_problems(Some(GuideHandle::new(HeuristicGuide)));
}

#[test]
fn mcts_with_playouts_decides_every_bundled_claim_as_dfpn_does() {
    // `--net playout`: the value only steers; every answer is still proven and checked.
    agrees_with_dfpn_on_the_bundled_problems(Some(GuideHandle::new(PlayoutGuide::default())));
}

/// The heuristic guide with a made-up "Faster to Life" estimate (the OR player's chance grows
/// with the plies allowed), so that the search takes the batched path of a net; counts its
/// calls and the queries in them.
struct ValueGuide {
    calls: AtomicUsize,
    queries: AtomicUsize,
}

impl Guide for ValueGuide {
    fn name(&self) -> String {
        "heuristic with a made-up value".to_string()
    }

    fn guide_batch(&self, queries: &[GuideQuery<'_>]) -> Vec<Guidance> {
        self.calls.fetch_add(1, Ordering::Relaxed);
        self.queries.fetch_add(queries.len(), Ordering::Relaxed);
        queries.iter().map(|q| self.guide(q)).collect()
    }

    fn guide(&self, query: &GuideQuery<'_>) -> Guidance {
        let mut g = HeuristicGuide.guide(query);
        let stones = query.board.stones(query.or_player).len() as f32;
        g.dwin = (1..=30)
            .map(|d| (d as f32 / 30.0) * (0.3 + 0.02 * stones).min(0.9))
            .collect();
        g
    }

    fn has_value(&self) -> bool {
        true
    }
}

#[test]
fn a_guide_with_a_value_is_asked_in_batches_and_decides_the_same() {
    let guide = Arc::new(ValueGuide {
        calls: AtomicUsize::new(0),
        queries: AtomicUsize::new(0),
    });
    let handle = GuideHandle(guide.clone());
    agrees_with_dfpn_on_the_bundled_problems(Some(handle));
    let (calls, queries) = (
        guide.calls.load(Ordering::Relaxed),
        guide.queries.load(Ordering::Relaxed),
    );
    assert!(calls > 0);
    // Batches of up to 8: several leaves per call on average.
    assert!(queries >= 2 * calls, "{queries} queries in {calls} calls");
}

/// [`ValueGuide`] as a net with two inference workers: its batches are sent and answered
/// later ([`Guide::submit_batch`]); counts the batches sent and the most waiting at once.
struct TwoWorkerGuide {
    value: ValueGuide,
    sent: AtomicUsize,
    waiting: Arc<AtomicUsize>,
    most_waiting: AtomicUsize,
}

/// A batch of [`TwoWorkerGuide`]: answered when sent, handed over when waited for.
struct Later {
    answers: Vec<Guidance>,
    waiting: Arc<AtomicUsize>,
}

impl PendingGuidance for Later {
    fn wait(self: Box<Self>) -> Vec<Guidance> {
        self.waiting.fetch_sub(1, Ordering::Relaxed);
        self.answers
    }
}

impl Guide for TwoWorkerGuide {
    fn name(&self) -> String {
        "heuristic with a made-up value, two workers".to_string()
    }

    fn guide_batch(&self, queries: &[GuideQuery<'_>]) -> Vec<Guidance> {
        self.value.guide_batch(queries)
    }

    fn guide(&self, query: &GuideQuery<'_>) -> Guidance {
        self.value.guide(query)
    }

    fn submit_batch(&self, queries: &[GuideQuery<'_>]) -> Box<dyn PendingGuidance> {
        self.sent.fetch_add(1, Ordering::Relaxed);
        let now = self.waiting.fetch_add(1, Ordering::Relaxed) + 1;
        self.most_waiting.fetch_max(now, Ordering::Relaxed);
        Box::new(Later {
            answers: self.value.guide_batch(queries),
            waiting: self.waiting.clone(),
        })
    }

    fn parallel_batches(&self) -> usize {
        2
    }

    fn has_value(&self) -> bool {
        true
    }
}

#[test]
fn with_two_threads_batches_wait_for_the_guide_while_the_next_is_gathered_and_decide_the_same() {
    let guide = Arc::new(TwoWorkerGuide {
        value: ValueGuide {
            calls: AtomicUsize::new(0),
            queries: AtomicUsize::new(0),
        },
        sent: AtomicUsize::new(0),
        waiting: Arc::new(AtomicUsize::new(0)),
        most_waiting: AtomicUsize::new(0),
    });
    agrees_with_dfpn_on_the_bundled_problems_on(Some(GuideHandle(guide.clone())), 2);
    assert!(guide.sent.load(Ordering::Relaxed) > 0);
    // Every batch sent was waited for, and up to three (two workers and one more) waited at once.
    assert_eq!(guide.waiting.load(Ordering::Relaxed), 0);
    assert_eq!(guide.most_waiting.load(Ordering::Relaxed), 3);
    // With one thread each batch is answered before the next is gathered.
    guide.most_waiting.store(0, Ordering::Relaxed);
    let problem = largest();
    let one = SolveConfig {
        guide: Some(GuideHandle(guide.clone())),
        ..config(Engine::MCTS)
    };
    assert_ne!(Solver::new(&problem, one).solve().status, Status::Unknown);
    assert_eq!(guide.most_waiting.load(Ordering::Relaxed), 1);
}

/// The bundled problem MCTS needs the most nodes for (about 7,000): White's placement that
/// only gets seki.
fn largest() -> Problem {
    load_all()
        .into_iter()
        .find(|(p, _)| p.to_string_lossy().contains("24-seki-after-placement"))
        .unwrap()
        .1
}

/// The bundled straight three to live (`02-straight-three-live.sgf`): Black's D1 (the middle
/// point) makes two eyes at once, unconditional life.
fn straight_three() -> Problem {
    load_all()
        .into_iter()
        .find(|(p, _)| p.to_string_lossy().contains("02-straight-three-live"))
        .unwrap()
        .1
}

#[test]
fn an_or_move_the_goal_test_decides_as_won_wins_its_node_as_the_moves_are_generated() {
    let problem = straight_three();
    for engine in [Engine::MCTS, Engine::DFPN] {
        let solve = |immediate_wins: bool| {
            let config = SolveConfig {
                immediate_wins,
                ..config(engine)
            };
            let solution = Solver::new(&problem, config).solve();
            assert_eq!(solution.status, Status::Win, "{engine:?}");
            let proof = solution.proof.as_ref().unwrap();
            check_proof(&problem, proof, false, 1_000_000).unwrap();
            (solution.nodes, solution.first_move)
        };
        let middle = Some(tsumego_studio::go::Move::Play(
            tsumego_studio::go::Point::new(3, 8),
        ));
        // On: the root is won while its moves are generated, no child is searched.
        assert_eq!(solve(true), (1, middle), "{engine:?}");
        // Off: the winning child is found by entering it.
        assert_eq!(solve(false), (2, middle), "{engine:?}");
    }
}

#[test]
fn mcts_keeps_its_limits() {
    let problem = largest();
    let s = Solver::new(
        &problem,
        SolveConfig {
            max_nodes: Some(1_000),
            ..config(Engine::MCTS)
        },
    )
    .solve();
    assert_eq!((s.status, s.stop), (Status::Unknown, StopReason::NodeLimit));
    assert!(s.nodes <= 1_000, "{} nodes", s.nodes);
    assert!(s.proof.is_none());
    let start = Instant::now();
    let s = Solver::new(
        &problem,
        SolveConfig {
            max_nodes: None,
            time_limit: Some(Duration::ZERO),
            ..config(Engine::MCTS)
        },
    )
    .solve();
    assert_eq!((s.status, s.stop), (Status::Unknown, StopReason::TimeLimit));
    assert!(s.nodes <= 8, "{} nodes after the time ran out", s.nodes);
    assert!(start.elapsed() < Duration::from_secs(1));
    let mut solver = Solver::new(
        &problem,
        SolveConfig {
            max_nodes: None,
            ..config(Engine::MCTS)
        },
    );
    solver.set_stop_flag(Arc::new(AtomicBool::new(true)));
    let s = solver.solve();
    assert_eq!((s.status, s.stop), (Status::Unknown, StopReason::Stopped));
    assert!(s.nodes <= 1, "{} nodes after the stop", s.nodes);
}

#[test]
fn mcts_progress_events_show_the_root_moves_and_the_line() {
    let problem = largest();
    let mut events: Vec<Progress> = Vec::new();
    let solution = {
        let mut solver = Solver::new(
            &problem,
            SolveConfig {
                progress_interval: Duration::ZERO,
                ..config(Engine::MCTS)
            },
        );
        solver.on_progress(|p| events.push(p.clone()));
        solver.solve()
    };
    assert_eq!(solution.status.outcome(), problem.expected());
    assert!(events.len() > 100, "{} events", events.len());
    assert!(events.iter().all(|p| p.engine == Engine::MCTS));
    assert!(events.iter().any(|p| !p.line.is_empty()));
    assert!(events.iter().any(|p| p.must_play.is_some()));
    for pair in events.windows(2) {
        assert!(pair[0].nodes <= pair[1].nodes);
    }
    let last = events.last().unwrap();
    assert_eq!(last.nodes, solution.nodes);
    assert!(!last.root_moves.is_empty());
    assert!(last.root_moves.iter().any(|m| m.state.is_decided()));
    assert!(
        last.figure().starts_with("deepest line"),
        "{}",
        last.figure()
    );
    assert_eq!(last.fraction(), None);
    let under: u64 = last.root_moves.iter().map(|m| m.nodes).sum();
    assert!(under <= last.nodes, "{under} > {}", last.nodes);
}

/// Random problems of the sample in CI (the differential test's first ones; about 5 s;
/// `RZ_DIFF_ENGINES=mcts RZ_DIFF_COUNT=60` in `scripts/sweeps.sh`).
const RANDOM_COUNT: u64 = 30;

#[test]
fn mcts_agrees_with_the_exhaustive_search_on_random_problems() {
    let sample = rz_diff::Sample {
        engines: vec![Engine::MCTS],
        first: 0,
        count: RANDOM_COUNT,
        only: None,
        threads: 1,
        every_block: false,
        open: false,
        territory: false,
        one_eye: false,
    };
    let compared = rz_diff::run(&sample);
    assert!(
        compared.iter().all(|&c| c * 10 >= RANDOM_COUNT * 9),
        "only {compared:?} problems compared"
    );
}
