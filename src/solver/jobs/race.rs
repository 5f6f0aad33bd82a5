//! Racing the claims of one position: a claim and its opposite (`solve --side both`, the
//! studio's "both") searched at once, each on a thread of its own with a stop flag of its own.
//! The first claim proven — a win without ko ([`proven`]) — stops the others: their searches end
//! at their next stop check and report an unknown result, stopped. A claim proven to fail, or
//! won only by ko, stops nothing: the other claim's result is still wanted for the report (a
//! ko fight is won by either side, depending on who takes the ko first).
//!
//! The race knows nothing of what a lane does around its search (checking the proof, progress
//! events): a lane is a closure given its [`Lane`], which calls [`Lane::ended`] as soon as its
//! analysis is known and before any slower work, so that the others stop at once. The caller's
//! own stop (Stop in the studio) sets every lane's flag.

use crate::solver::jobs::analysis::Analysis;
use crate::solver::kernel::search::Status;
use std::panic::{self, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread;

/// Stack of a lane's own thread: twice a main thread's 8 MiB (where the CLI's searches ran
/// before the race), for the depth-first search's recursion to its 256-ply depth limit. Only
/// the pages touched are ever committed.
const LANE_STACK_BYTES: usize = 16 << 20;

/// Does `analysis` end the race: a win without ko (the proven claim of `solve --side both`)?
pub fn proven(analysis: &Analysis) -> bool {
    analysis.status_without_ko() == Status::Win
}

/// One lane of a race: its index, its stop flag, and the means to stop the other lanes.
pub struct Lane<'a> {
    index: usize,
    stops: &'a [Arc<AtomicBool>],
}

impl Lane<'_> {
    /// The lane's index (the index of its flag among the race's `stops`).
    pub fn index(&self) -> usize {
        self.index
    }

    /// The lane's stop flag, for its searches: set by the race's caller, or when another lane
    /// wins.
    pub fn stop(&self) -> Arc<AtomicBool> {
        Arc::clone(&self.stops[self.index])
    }

    /// The lane's analysis has ended: when it is [`proven`], the other lanes are told to stop.
    /// Returns whether it was.
    pub fn ended(&self, analysis: &Analysis) -> bool {
        let won = proven(analysis);
        if won {
            for (i, stop) in self.stops.iter().enumerate() {
                if i != self.index {
                    stop.store(true, Ordering::Relaxed);
                }
            }
        }
        won
    }
}

/// Run `lane` once per flag of `stops`, all at once; returns the lanes' results in lane order,
/// whatever order they ended in. Lane 0 runs on the calling thread and every other lane on a
/// scoped thread of its own (one claim alone starts no thread); a lane whose thread cannot be
/// started runs on the calling thread after lane 0 (so it is already stopped when lane 0 won).
/// A lane that panics stops the others, and its panic is resumed here once all have ended.
pub fn race<R: Send>(stops: &[Arc<AtomicBool>], lane: impl Fn(Lane<'_>) -> R + Sync) -> Vec<R> {
    let run = |index: usize| -> thread::Result<R> {
        let outcome = panic::catch_unwind(AssertUnwindSafe(|| lane(Lane { index, stops })));
        if outcome.is_err() {
            for stop in stops {
                stop.store(true, Ordering::Relaxed);
            }
        }
        outcome
    };
    let run = &run;
    let outcomes: Vec<thread::Result<R>> = thread::scope(|s| {
        let others: Vec<_> = (1..stops.len())
            .map(|index| {
                thread::Builder::new()
                    .name(format!("race-{index}"))
                    .stack_size(LANE_STACK_BYTES)
                    .spawn_scoped(s, move || run(index))
            })
            .collect();
        let mut outcomes = Vec::with_capacity(stops.len());
        if !stops.is_empty() {
            outcomes.push(run(0));
        }
        for (i, spawned) in others.into_iter().enumerate() {
            outcomes.push(match spawned {
                // The lane catches its own panic; a join error is one outside it.
                Ok(handle) => handle.join().unwrap_or_else(Err),
                Err(_) => run(i + 1),
            });
        }
        outcomes
    });
    outcomes
        .into_iter()
        .map(|o| o.unwrap_or_else(|p| panic::resume_unwind(p)))
        .collect()
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::problem::fixtures::bent_three_live;
    use crate::problem::{Goal, Problem, ProblemSetup};
    use crate::solver::jobs::schedule::{analyse_with_width, Width};
    use crate::solver::{SolveConfig, StopReason, TablePool};
    use std::sync::mpsc;
    use std::time::Duration;

    /// Only a guard against a hang: the races below end in well under a second.
    const HANG_GUARD: Duration = Duration::from_secs(120);

    /// Black to live anywhere on an empty 7x7 board: far too large to finish.
    fn endless() -> Problem {
        let mut setup = ProblemSetup::new(7);
        setup.goal = Some(Goal::LiveAny);
        setup.to_move = Some(crate::go::Color::Black);
        setup.or_player = Some(crate::go::Color::Black);
        setup.validate().unwrap()
    }

    /// Race the analyses of `claims` (without limits) on a thread of the test, so that a hang
    /// fails the test instead of stalling it; `stop_after`: set every flag after this long.
    fn race_claims(claims: Vec<Problem>, stop_after: Option<Duration>) -> Vec<Analysis> {
        let stops: Vec<Arc<AtomicBool>> = claims.iter().map(|_| Arc::default()).collect();
        let flags = stops.clone();
        let (tx, rx) = mpsc::channel();
        thread::spawn(move || {
            let analyses = race(&stops, |lane| {
                let a = analyse_with_width(
                    &claims[lane.index()],
                    &SolveConfig::default(),
                    Width::Auto,
                    lane.stop(),
                    None,
                    &mut TablePool::new(),
                );
                lane.ended(&a);
                a
            });
            let _ = tx.send(analyses);
        });
        if let Some(after) = stop_after {
            thread::sleep(after);
            for f in &flags {
                f.store(true, Ordering::Relaxed);
            }
        }
        match rx.recv_timeout(HANG_GUARD) {
            Ok(analyses) => analyses,
            Err(e) => {
                for f in &flags {
                    f.store(true, Ordering::Relaxed);
                }
                panic!("the race did not end: {e}");
            }
        }
    }

    fn outcome(a: &Analysis) -> (Status, StopReason) {
        (a.status_without_ko(), a.solution.stop)
    }

    #[test]
    fn a_win_stops_a_search_that_would_run_for_ever() {
        let easy = bent_three_live().validate().unwrap();
        // In both lane orders: the results come back in lane order.
        let a = race_claims(vec![endless(), easy.clone()], None);
        assert_eq!(outcome(&a[0]), (Status::Unknown, StopReason::Stopped));
        assert_eq!(outcome(&a[1]), (Status::Win, StopReason::Solved));
        let a = race_claims(vec![easy, endless()], None);
        assert_eq!(outcome(&a[0]), (Status::Win, StopReason::Solved));
        assert_eq!(outcome(&a[1]), (Status::Unknown, StopReason::Stopped));
    }

    #[test]
    fn a_proven_failure_stops_nothing() {
        let easy = bent_three_live().validate().unwrap();
        // The opposite claim fails, the claim wins. The win is never stopped, whether the
        // failure ended first or not; the failure is decided unless the win (which stops the
        // others by design) ended first: which one ends first is up to the threads (a first
        // goal test that reads the static table, about a millisecond, is enough to lose it).
        for _ in 0..4 {
            let a = race_claims(vec![easy.flipped(), easy.clone()], None);
            assert!(
                [
                    (Status::Fail, StopReason::Solved),
                    (Status::Unknown, StopReason::Stopped)
                ]
                .contains(&outcome(&a[0])),
                "{:?}",
                outcome(&a[0])
            );
            assert_eq!(outcome(&a[1]), (Status::Win, StopReason::Solved));
        }
    }

    #[test]
    fn the_callers_stop_ends_every_lane_and_one_claim_runs_alone() {
        let a = race_claims(
            vec![endless(), endless().flipped()],
            Some(Duration::from_millis(200)),
        );
        for a in &a {
            assert_eq!(outcome(a), (Status::Unknown, StopReason::Stopped));
        }
        let a = race_claims(vec![bent_three_live().validate().unwrap()], None);
        assert_eq!(outcome(&a[0]), (Status::Win, StopReason::Solved));
        assert!(race(&[], |_| 0).is_empty());
    }

    #[test]
    fn a_panicking_lane_stops_the_others_and_its_panic_is_resumed() {
        let stops: Vec<Arc<AtomicBool>> = vec![Arc::default(), Arc::default()];
        let raced = panic::catch_unwind(AssertUnwindSafe(|| {
            race(&stops, |lane| {
                if lane.index() == 0 {
                    panic!("lane 0 fails");
                }
                // Wait for the stop (bounded: a hang guard only).
                let stop = lane.stop();
                let start = std::time::Instant::now();
                while !stop.load(Ordering::Relaxed) && start.elapsed() < HANG_GUARD {
                    thread::sleep(Duration::from_millis(1));
                }
                stop.load(Ordering::Relaxed)
            })
        }));
        assert!(raced.is_err());
        assert!(stops.iter().all(|s| s.load(Ordering::Relaxed)));
    }
}
