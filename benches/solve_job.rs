//! The studio's background solve, measured: how long Stop takes to end a running job, and whether
//! running the solver as a studio job (progress messages over the channel) costs node rate.
//!
//! `cargo bench --no-default-features --bench solve_job` prints both; figures in BENCHMARKS.md.
#![allow(clippy::unwrap_used)]

use std::thread;
use std::time::{Duration, Instant};
use tsumego_studio::go::Color;
use tsumego_studio::problem::{Goal, Problem, ProblemSetup};
use tsumego_studio::solver::{SolveConfig, Solver};
use tsumego_studio::studio::solve_job::{JobEvent, JobSettings, SolveRunner};

/// Black to live anywhere on an empty 7x7 board: far too large to finish, so every run ends by
/// its limit or by Stop.
fn endless() -> Problem {
    let mut setup = ProblemSetup::new(7);
    setup.goal = Some(Goal::LiveAny);
    setup.to_move = Some(Color::Black);
    setup.or_player = Some(Color::Black);
    setup.validate().unwrap()
}

/// Start a job, let it run `run`, press Stop; returns (stop latency, nodes per second).
fn stop_once(run: Duration) -> (Duration, f64) {
    let mut runner = SolveRunner::new();
    runner.start(
        vec![endless()],
        JobSettings::new(SolveConfig::default()),
        || {},
    );
    thread::sleep(run);
    let pressed = Instant::now();
    runner.request_stop();
    loop {
        for event in runner.poll() {
            if let JobEvent::Searched { solution, .. } = event {
                let latency = pressed.elapsed();
                let rate = solution.nodes as f64 / solution.elapsed.as_secs_f64();
                return (latency, rate);
            }
        }
        thread::sleep(Duration::from_micros(200));
    }
}

fn main() {
    let runs = 10;
    let mut latencies = Vec::new();
    let mut job_rates = Vec::new();
    for _ in 0..runs {
        let (latency, rate) = stop_once(Duration::from_millis(1500));
        latencies.push(latency);
        job_rates.push(rate);
    }
    latencies.sort();
    let ms = |d: &Duration| d.as_secs_f64() * 1e3;
    println!(
        "stop latency over {runs} jobs: median {:.2} ms, max {:.2} ms",
        ms(&latencies[runs / 2]),
        ms(&latencies[runs - 1])
    );

    // The same search on this thread, without the channel.
    let problem = endless();
    let mut direct = Vec::new();
    for _ in 0..3 {
        let config = SolveConfig {
            time_limit: Some(Duration::from_millis(1500)),
            ..SolveConfig::default()
        };
        let s = Solver::new(&problem, config).solve();
        direct.push(s.nodes as f64 / s.elapsed.as_secs_f64());
    }
    let mean = |v: &[f64]| v.iter().sum::<f64>() / v.len() as f64;
    println!(
        "node rate: as a studio job {:.0} nodes/s, directly {:.0} nodes/s",
        mean(&job_rates),
        mean(&direct)
    );
}
