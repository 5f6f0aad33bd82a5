//! The portfolio's race: its lanes searched at once, the first decided answer stopping the
//! others.

use crate::problem::Problem;
use crate::solver::jobs::analysis::Analysis;
use crate::solver::jobs::race::{proven, race};
use crate::solver::jobs::schedule::{analyse_with_width, Width};
use crate::solver::kernel::config::SolveConfig;
use crate::solver::kernel::table_pool::TablePool;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, PoisonError};

/// The portfolio: `lanes` ([`super::lanes::lanes`]) raced on threads of their own ([`race`]),
/// the first decided result stopping the others; the proven claim, else the first lane's result
/// that is decided, else the first lane's. `stop` stops them all. The lanes' searches of the
/// same rules share one transposition table ([`TablePool::shared`]): what one lane proves, the
/// other finds at its next probe of that position (on the 7x7 Kill-all set problem 16 in 20 s
/// instead of 46 s, BENCHMARKS.md). No progress events: the lanes search at once, and
/// [`analyse_with_width`] is given no callback.
pub fn search_portfolio(
    claim: &Problem,
    lanes: &[SolveConfig],
    width: Width,
    stop: &Arc<AtomicBool>,
) -> Analysis {
    let stops: Vec<Arc<AtomicBool>> = lanes.iter().map(|_| Arc::default()).collect();
    let finished = AtomicBool::new(false);
    let pools: Vec<Mutex<TablePool>> = TablePool::shared(lanes.len())
        .into_iter()
        .map(Mutex::new)
        .collect();
    let results = std::thread::scope(|scope| {
        // The caller's stop reaches every lane.
        scope.spawn(|| {
            while !finished.load(Ordering::Relaxed) {
                if stop.load(Ordering::Relaxed) {
                    stops.iter().for_each(|s| s.store(true, Ordering::Relaxed));
                }
                std::thread::sleep(std::time::Duration::from_millis(20));
            }
        });
        let results = race(&stops, |lane| {
            let config = &lanes[lane.index()];
            let mut pool = pools[lane.index()]
                .lock()
                .unwrap_or_else(PoisonError::into_inner);
            let analysis = analyse_with_width(claim, config, width, lane.stop(), None, &mut pool);
            // Every lane answers the same question: any decided answer ends the others.
            if !lane.ended(&analysis) && analysis.decided() {
                stops.iter().for_each(|s| s.store(true, Ordering::Relaxed));
            }
            analysis
        });
        finished.store(true, Ordering::Relaxed);
        results
    });
    let pick = results
        .iter()
        .position(proven)
        .or_else(|| results.iter().position(Analysis::decided))
        .unwrap_or(0);
    results.into_iter().nth(pick).expect("at least one lane")
}
