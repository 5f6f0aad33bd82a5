//! The worker of *Analyze a game*: the safety of one position
//! ([`crate::solver::jobs::position_safety`]) on a thread of its own, the static part first,
//! then each colour's areas judged by search, every step sent over a bounded crossbeam channel
//! as the whole result so far. Dropping the job sets its stop flag: the search ends at its next
//! node, and what it still sends goes nowhere.

use crate::go::{Board, Color};
use crate::solver::jobs::position_safety::{PositionSafety, SafetySearch};
use crossbeam_channel::{bounded, Receiver};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread;

/// One step of the computation: the safety so far.
#[derive(Clone, Debug, PartialEq)]
pub struct Update {
    /// The result so far (the static part, then each colour's search added).
    pub safety: PositionSafety,
    /// The last step: both colours searched (or the search not asked for).
    pub complete: bool,
}

/// The safety of one position being computed on a worker thread.
pub struct AnalysisJob {
    rx: Receiver<Update>,
    stop: Arc<AtomicBool>,
    /// The position's move number in the game.
    pub move_number: usize,
}

impl AnalysisJob {
    /// Start computing the safety of `board`, the position after `move_number` moves, with
    /// `search` (none: the static part only). `wake` requests a repaint after each step.
    pub fn start(
        board: Board,
        move_number: usize,
        search: Option<SafetySearch>,
        wake: impl Fn() + Send + 'static,
    ) -> Result<AnalysisJob, String> {
        // Three steps at most: the static part and the two colours' searches.
        let (tx, rx) = bounded(4);
        let stop = Arc::new(AtomicBool::new(false));
        let flag = Arc::clone(&stop);
        thread::Builder::new()
            .name("analyze-position".to_string())
            .spawn(move || {
                let mut safety = PositionSafety::statics(&board);
                let Some(search) = search else {
                    let _ = tx.send(Update {
                        safety,
                        complete: true,
                    });
                    wake();
                    return;
                };
                if tx
                    .send(Update {
                        safety: safety.clone(),
                        complete: false,
                    })
                    .is_err()
                {
                    return;
                }
                wake();
                for c in [Color::Black, Color::White] {
                    if flag.load(Ordering::Relaxed) {
                        return;
                    }
                    safety.search_side(c, &search, Arc::clone(&flag));
                    // A search cut short by the stop flag is no result.
                    if flag.load(Ordering::Relaxed) {
                        return;
                    }
                    let complete = c == Color::White;
                    let update = Update {
                        safety: safety.clone(),
                        complete,
                    };
                    if tx.send(update).is_err() {
                        return;
                    }
                    wake();
                }
            })
            .map_err(|e| format!("could not start the analysis thread: {e}"))?;
        Ok(AnalysisJob {
            rx,
            stop,
            move_number,
        })
    }

    /// The steps the thread has sent since the last call, in order.
    pub fn poll(&self) -> Vec<Update> {
        self.rx.try_iter().collect()
    }

    /// Ask the thread to stop.
    pub fn request_stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}

impl Drop for AnalysisJob {
    fn drop(&mut self) {
        self.request_stop();
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use std::time::{Duration, Instant};

    /// Every step of `job` until its last, waiting at most a minute.
    fn all_steps(job: &AnalysisJob) -> Vec<Update> {
        let start = Instant::now();
        let mut steps = Vec::new();
        while !steps.last().is_some_and(|u: &Update| u.complete) {
            assert!(start.elapsed() < Duration::from_secs(60), "no last step");
            steps.extend(job.poll());
            thread::sleep(Duration::from_millis(5));
        }
        steps
    }

    fn corner_board() -> Board {
        Board::from_ascii(
            ". X . X X . .
             X X X X X . .
             . . . . . . .
             . . . . . . .
             . . . . . O O
             . . . . . O .
             . . . . . O .",
        )
        .unwrap()
    }

    /// A search of 5 s per claim.
    fn five_seconds() -> SafetySearch {
        SafetySearch {
            secs_per_claim: 5.0,
            secs_per_position: None,
            described_as: "analysis job tests".to_string(),
            threads: 1,
        }
    }

    #[test]
    fn the_static_part_comes_first_then_each_colour_searched() {
        let job = AnalysisJob::start(corner_board(), 3, Some(five_seconds()), || {}).unwrap();
        assert_eq!(job.move_number, 3);
        let steps = all_steps(&job);
        assert_eq!(steps.len(), 3);
        let searched = |u: &Update, c: Color| u.safety.colors[c].searched.is_some();
        assert!(!searched(&steps[0], Color::Black) && !searched(&steps[0], Color::White));
        assert!(searched(&steps[1], Color::Black) && !searched(&steps[1], Color::White));
        assert!(searched(&steps[2], Color::Black) && searched(&steps[2], Color::White));
        assert_eq!(
            steps.iter().map(|u| u.complete).collect::<Vec<_>>(),
            [false, false, true]
        );
        assert_eq!(steps[0].safety.colors.black.statics.count(), 10);
    }

    #[test]
    fn without_search_the_static_part_is_the_whole_result() {
        let job = AnalysisJob::start(corner_board(), 0, None, || {}).unwrap();
        let steps = all_steps(&job);
        assert_eq!(steps.len(), 1);
        assert!(steps[0].safety.colors.white.searched.is_none());
    }

    #[test]
    fn a_stopped_job_sends_no_search() {
        // The thread waits in its first wake-up (after sending the static part) until the job
        // is stopped: nothing after the static part, and the thread ends.
        let (gate_tx, gate_rx) = bounded::<()>(0);
        let wake = move || {
            let _ = gate_rx.recv_timeout(Duration::from_secs(60));
        };
        let job = AnalysisJob::start(corner_board(), 0, Some(five_seconds()), wake).unwrap();
        job.request_stop();
        gate_tx.send(()).unwrap();
        let steps: Vec<Update> = job.rx.iter().collect();
        assert_eq!(steps.len(), 1);
        assert!(!steps[0].complete);
    }
}
