//! Solving on a background thread: the studio starts a job, the job reports over a bounded
//! `crossbeam-channel`, and the studio drains the channel once per frame.
//!
//! Every job has an id; messages of a job that is no longer the current one are dropped, so a
//! stopped solve can never paint over a newer one. Progress messages are sent with `try_send`:
//! when the channel is full (the GUI is not draining it) a progress snapshot is dropped rather than
//! slowing the solver; the final message is always delivered.

use crate::problem::Problem;
use crate::solver::analysis::{analyse, Checked, How};
use crate::solver::{Progress, Solution, SolveConfig};
use crossbeam_channel::{bounded, Receiver, Sender, TrySendError};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread;

/// Which claims a job proves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum ClaimChoice {
    /// The claim the problem states.
    AsStated,
    /// The defender's claim ("lives").
    Lives,
    /// The attacker's claim ("dies").
    Dies,
    /// Both claims in turn; the one proven wins.
    Both,
}

impl ClaimChoice {
    pub const ALL: [ClaimChoice; 4] = [
        ClaimChoice::AsStated,
        ClaimChoice::Lives,
        ClaimChoice::Dies,
        ClaimChoice::Both,
    ];

    pub fn label(self) -> &'static str {
        match self {
            ClaimChoice::AsStated => "as stated",
            ClaimChoice::Lives => "lives",
            ClaimChoice::Dies => "dies",
            ClaimChoice::Both => "both",
        }
    }

    /// The problems to search, in order.
    pub fn claims(self, problem: &Problem) -> Vec<Problem> {
        match self {
            ClaimChoice::AsStated => vec![problem.clone()],
            ClaimChoice::Lives => vec![problem.claim(true)],
            ClaimChoice::Dies => vec![problem.claim(false)],
            ClaimChoice::Both => vec![problem.clone(), problem.flipped()],
        }
    }
}

/// What a job reports.
#[derive(Clone, Debug)]
pub enum JobEvent {
    /// A search of the job started (`index` counts the claims of the job).
    Started {
        index: usize,
        claim: Box<Problem>,
    },
    Progress {
        index: usize,
        progress: Progress,
    },
    /// One claim was decided ([`crate::solver::analysis`]): the claim as searched by the
    /// deciding search (its goal or ko rule may differ from the one asked: `live-uca` for
    /// unconditional life, the OR player's ko allowed for a win by ko), its solution, and the way.
    Searched {
        index: usize,
        claim: Box<Problem>,
        solution: Box<Solution>,
        how: How,
        /// The independent checker's verdict on the proof.
        checked: Option<Checked>,
    },
    /// The whole job ended (after its last `Searched`).
    Done,
}

/// A message on the channel: the job it belongs to and the event.
#[derive(Clone, Debug)]
pub struct JobMessage {
    pub job: u64,
    pub event: JobEvent,
}

/// Runs solve jobs one at a time in the background.
pub struct SolveRunner {
    tx: Sender<JobMessage>,
    rx: Receiver<JobMessage>,
    next_id: u64,
    current: Option<RunningJob>,
}

struct RunningJob {
    id: u64,
    stop: Arc<AtomicBool>,
    handle: Option<thread::JoinHandle<()>>,
}

/// How many messages may wait in the channel (about three seconds of progress at 20 per second).
const CHANNEL_CAPACITY: usize = 64;

impl Default for SolveRunner {
    fn default() -> Self {
        SolveRunner::new()
    }
}

impl SolveRunner {
    pub fn new() -> SolveRunner {
        let (tx, rx) = bounded(CHANNEL_CAPACITY);
        SolveRunner {
            tx,
            rx,
            next_id: 1,
            current: None,
        }
    }

    /// Start solving `claims` in turn (stopping any running job first); `wake` is called after
    /// every message (the studio requests a repaint). Returns the job id.
    pub fn start(
        &mut self,
        claims: Vec<Problem>,
        config: SolveConfig,
        wake: impl Fn() + Send + 'static,
    ) -> u64 {
        self.stop();
        let id = self.next_id;
        self.next_id += 1;
        let stop = Arc::new(AtomicBool::new(false));
        let tx = self.tx.clone();
        let flag = Arc::clone(&stop);
        let spawned = thread::Builder::new()
            .name(format!("solve-{id}"))
            .spawn(move || run_job(id, claims, config, flag, tx, wake));
        let handle = match spawned {
            Ok(h) => Some(h),
            Err(e) => {
                // No thread: report the job as ended at once.
                let _ = self.tx.try_send(JobMessage {
                    job: id,
                    event: JobEvent::Done,
                });
                eprintln!("tsumego-studio: could not start the solver thread: {e}");
                None
            }
        };
        self.current = Some(RunningJob { id, stop, handle });
        id
    }

    /// Ask the running job to stop (it ends within one stop check, a few milliseconds); returns
    /// at once. Its remaining messages are still delivered by [`SolveRunner::poll`] until a new
    /// job starts.
    pub fn request_stop(&self) {
        if let Some(job) = &self.current {
            job.stop.store(true, Ordering::Relaxed);
        }
    }

    /// Stop the running job and forget it: its later messages are dropped.
    pub fn stop(&mut self) {
        if let Some(mut job) = self.current.take() {
            job.stop.store(true, Ordering::Relaxed);
            // Detach: the thread ends on its own within a stop check; joining here could stall a
            // frame while a large proof is being rebuilt.
            drop(job.handle.take());
        }
    }

    /// The id of the current job, if one is running or its messages are pending.
    pub fn current(&self) -> Option<u64> {
        self.current.as_ref().map(|j| j.id)
    }

    /// The messages of the current job received since the last call (others are dropped).
    pub fn poll(&mut self) -> Vec<JobEvent> {
        let current = self.current();
        let mut out = Vec::new();
        while let Ok(msg) = self.rx.try_recv() {
            if Some(msg.job) == current {
                out.push(msg.event);
            }
        }
        out
    }
}

impl Drop for SolveRunner {
    fn drop(&mut self) {
        self.stop();
    }
}

fn run_job(
    id: u64,
    claims: Vec<Problem>,
    config: SolveConfig,
    stop: Arc<AtomicBool>,
    tx: Sender<JobMessage>,
    wake: impl Fn() + Send + 'static,
) {
    let send = |event: JobEvent, must: bool| {
        let msg = JobMessage { job: id, event };
        let sent = if must {
            tx.send(msg).is_ok()
        } else {
            !matches!(tx.try_send(msg), Err(TrySendError::Disconnected(_)))
        };
        if sent {
            wake();
        }
    };
    for (index, claim) in claims.into_iter().enumerate() {
        if stop.load(Ordering::Relaxed) {
            break;
        }
        send(
            JobEvent::Started {
                index,
                claim: Box::new(claim.clone()),
            },
            true,
        );
        let mut on_progress = |p: &Progress| {
            send(
                JobEvent::Progress {
                    index,
                    progress: p.clone(),
                },
                false,
            )
        };
        let analysis = analyse(&claim, &config, Arc::clone(&stop), Some(&mut on_progress));
        let won = analysis.status_without_ko() == crate::solver::Status::Win;
        send(
            JobEvent::Searched {
                index,
                claim: Box::new(analysis.claim),
                solution: Box::new(analysis.solution),
                how: analysis.how,
                checked: analysis.check,
            },
            true,
        );
        if won {
            break;
        }
    }
    send(JobEvent::Done, true);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::problem::fixtures::bent_three_live;
    use crate::solver::Status;
    use std::time::{Duration, Instant};

    fn wait_done(runner: &mut SolveRunner, limit: Duration) -> Vec<JobEvent> {
        let start = Instant::now();
        let mut all = Vec::new();
        loop {
            let events = runner.poll();
            let done = events.iter().any(|e| matches!(e, JobEvent::Done));
            all.extend(events);
            if done {
                return all;
            }
            assert!(start.elapsed() < limit, "the job did not end");
            thread::sleep(Duration::from_millis(5));
        }
    }

    #[test]
    fn a_job_reports_start_search_and_done() {
        let problem = bent_three_live().validate().unwrap();
        let mut runner = SolveRunner::new();
        runner.start(
            ClaimChoice::Both.claims(&problem),
            SolveConfig::default(),
            || {},
        );
        let events = wait_done(&mut runner, Duration::from_secs(60));
        assert!(matches!(events[0], JobEvent::Started { index: 0, .. }));
        let searched: Vec<Status> = events
            .iter()
            .filter_map(|e| match e {
                JobEvent::Searched { solution, .. } => Some(solution.status),
                _ => None,
            })
            .collect();
        // The stated claim is a win, so the opposite claim is not searched.
        assert_eq!(searched, vec![Status::Win]);
    }

    #[test]
    fn stale_jobs_are_dropped_and_stop_ends_a_job() {
        // An empty 7x7 board with the whole board as region: far too large to solve quickly.
        let mut setup = crate::problem::ProblemSetup::new(7);
        setup.goal = Some(crate::problem::Goal::LiveAny);
        setup.to_move = Some(crate::go::Color::Black);
        setup.or_player = Some(crate::go::Color::Black);
        let problem = setup.validate().unwrap();
        let mut runner = SolveRunner::new();
        let first = runner.start(vec![problem.clone()], SolveConfig::default(), || {});
        let second = runner.start(vec![problem], SolveConfig::default(), || {});
        assert_ne!(first, second);
        thread::sleep(Duration::from_millis(200));
        runner.request_stop();
        let events = wait_done(&mut runner, Duration::from_secs(5));
        let searched = events.iter().find_map(|e| match e {
            JobEvent::Searched { solution, .. } => Some(solution.stop),
            _ => None,
        });
        assert_eq!(searched, Some(crate::solver::StopReason::Stopped));
        assert!(events
            .iter()
            .any(|e| matches!(e, JobEvent::Progress { .. })));
    }
}
