//! The in-process cost of one solve, as `solve FILE` runs it: the analysis (up to four searches
//! with the automatic width, [`SearchArgs::analyse_until`]) and the check of what it reports
//! ([`CheckArgs::check`]: the checker, and for a failure the search of the opposite claim).
//! Process start-up and file loading are not counted.
//!
//! ```sh
//! cargo bench -p tsumego-studio --no-default-features --bench solve_cost -- [--runs N] [FILE.sgf ...]
//! ```
//!
//! Prints one row per problem (default: every `problems/*.sgf`): the nodes of the analysis and
//! of the refutation search, the positions checked, and the median and 90th percentile
//! microseconds of `--runs` runs (default 31) after one warm-up run; then the medians' median
//! and 90th percentile over the problems. `--runs 1 --no-warm-up` runs each problem once, for
//! `valgrind --tool=callgrind` (instruction counts, repeatable on a busy machine). Figures in
//! BENCHMARKS.md.
#![allow(clippy::unwrap_used)]

use clap::Parser;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Instant;
use tsumego_studio::cli::checking::CheckArgs;
use tsumego_studio::cli::engine::SearchArgs;
use tsumego_studio::problem::load_inferring;
use tsumego_studio::solver::jobs::schedule::Width;

/// The options: `solve`'s search and check options (their defaults are `solve`'s), the runs
/// and the files.
#[derive(Parser)]
struct Options {
    #[command(flatten)]
    search: SearchArgs,
    #[command(flatten)]
    check: CheckArgs,
    /// Timed runs per problem.
    #[arg(long, default_value_t = 31)]
    runs: usize,
    /// No untimed first run.
    #[arg(long)]
    no_warm_up: bool,
    /// cargo bench passes this to every bench binary.
    #[arg(long, hide = true)]
    bench: bool,
    files: Vec<PathBuf>,
}

/// The value at quantile `q` (0..=1) of sorted `v` (nearest rank).
fn quantile(v: &[f64], q: f64) -> f64 {
    let rank = ((q * v.len() as f64).ceil() as usize).clamp(1, v.len());
    v[rank - 1]
}

fn main() {
    let mut options = Options::parse();
    if options.files.is_empty() {
        let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("problems");
        let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|x| x == "sgf"))
            .collect();
        files.sort();
        options.files = files;
    }
    println!(
        "{:<34} {:>8} {:>6} {:>8} {:>10} {:>10}",
        "file", "nodes", "refut", "checked", "median µs", "p90 µs"
    );
    let mut medians = Vec::new();
    for file in &options.files {
        let loaded = load_inferring(file).unwrap();
        let problem = options.search.goal_of(loaded.problem);
        let once = || {
            let start = Instant::now();
            let mut analysis = options
                .search
                .analyse_until(&problem, Width::Auto, Arc::default());
            let repro = options.search.check(&options.check, file, &mut analysis);
            let micros = start.elapsed().as_secs_f64() * 1e6;
            assert!(repro.is_none(), "{}: a proof was rejected", file.display());
            (micros, analysis)
        };
        if !options.no_warm_up {
            once();
        }
        let mut times = Vec::new();
        let mut last = None;
        for _ in 0..options.runs.max(1) {
            let (micros, analysis) = once();
            times.push(micros);
            last = Some(analysis);
        }
        times.sort_by(f64::total_cmp);
        let analysis = last.unwrap();
        let check = analysis.check.as_ref();
        let median = quantile(&times, 0.5);
        medians.push(median);
        let name = file.file_name().unwrap().to_string_lossy();
        println!(
            "{:<34} {:>8} {:>6} {:>8} {:>10.0} {:>10.0}",
            name,
            analysis.nodes,
            check.map_or(0, |c| c.refutation_nodes),
            check.map_or(0, |c| c.positions),
            median,
            quantile(&times, 0.9),
        );
    }
    medians.sort_by(f64::total_cmp);
    println!(
        "{} problems: median of the medians {:.0} µs, 90th percentile {:.0} µs, sum {:.0} µs",
        medians.len(),
        quantile(&medians, 0.5),
        quantile(&medians, 0.9),
        medians.iter().sum::<f64>()
    );
}
