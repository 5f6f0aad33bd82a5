//! Solving on a background thread: the studio starts a job, the job reports over a bounded
//! `crossbeam-channel`, and the studio drains the channel once per frame.
//!
//! Every job has an id; messages of a job that is no longer the current one are dropped, so a
//! stopped solve can never paint over a newer one. Progress messages are sent with `try_send`:
//! when the channel is full (the GUI is not draining it) a progress snapshot is dropped rather than
//! slowing the solver; the final message is always delivered.
//!
//! A job's claims are raced ([`crate::solver::jobs::race`]): "both" searches the two claims at once,
//! each on a thread of its own with its own stop flag, and the first proven stops the other; each
//! claim's proof is checked on its own thread. Stop sets every claim's flag. The events of the
//! claims interleave; each carries its claim's index.

use crate::problem::Problem;
use crate::report::verdict::analysis_words;
use crate::solver::jobs::analysis::How;
use crate::solver::jobs::go_result::GoResult;
use crate::solver::jobs::race::{race, Lane};
use crate::solver::jobs::schedule::Width;
use crate::solver::jobs::service::{solve, ReproTarget, SolveEvent, SolveRequest};
use crate::solver::proof::certify::{certifiable, CheckSettings, Checked};
use crate::solver::TablePool;
use crate::solver::{Progress, Solution, SolveConfig};
use crossbeam_channel::{bounded, Receiver, Sender, TrySendError};
use std::path::PathBuf;
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
    /// Both claims at once, on two threads: the first proven (a win without ko) stops the
    /// other, which then ends unknown (stopped); a proven failure stops nothing. The one proven
    /// wins.
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

/// How a job searches and checks.
#[derive(Clone, Debug)]
pub struct JobSettings {
    /// The searches raced on each claim: one engine's settings, or the portfolio's lanes
    /// ([`crate::solver::engines::portfolio::lanes()`]); the first lane's settings are the run's.
    pub lanes: Vec<SolveConfig>,
    /// The settings in words, for a reproduction file ([`SolveConfig::describe`] of one
    /// engine's).
    pub words: String,
    /// How proofs are checked (after each search, on the job's thread).
    pub check: CheckSettings,
    /// Where the reproduction file of a rejected proof goes.
    pub repro_dir: PathBuf,
    /// The search widths tried ([`Width::Auto`] by default).
    pub width: Width,
}

impl JobSettings {
    /// One engine's `config`, with proofs checked by default and reproduction files in the
    /// temporary folder.
    pub fn new(config: SolveConfig) -> JobSettings {
        let words = config.describe();
        JobSettings::with_lanes(vec![config], words)
    }

    /// `lanes` raced on each claim (the portfolio's), described as `words`; otherwise as
    /// [`JobSettings::new`].
    pub fn with_lanes(lanes: Vec<SolveConfig>, words: String) -> JobSettings {
        JobSettings {
            lanes,
            words,
            check: CheckSettings::default(),
            repro_dir: std::env::temp_dir(),
            width: Width::Auto,
        }
    }
}

/// The reproduction file written for a rejected proof (or why it could not be written); `None`
/// when the proof was not rejected.
pub use crate::solver::jobs::service::ReproFile;

/// What a job reports.
#[derive(Clone, Debug)]
pub enum JobEvent {
    /// A search of the job started (`index` counts the claims of the job). Every claim's is sent
    /// first, in order, before any other event of the job.
    Started {
        index: usize,
        claim: Box<Problem>,
    },
    Progress {
        index: usize,
        progress: Progress,
    },
    /// One claim was decided ([`crate::solver::jobs::analysis`]): the claim as searched by the
    /// deciding search (its goal or ko rule may differ from the one asked: `live-uca` for
    /// unconditional life, the OR player's ko allowed for a win by ko), its solution (with the
    /// nodes and time of all the claim's searches), and the way.
    Searched {
        index: usize,
        claim: Box<Problem>,
        solution: Box<Solution>,
        how: How,
        /// The position's Go result (`live`/`kill` goals, when decided): the same whichever
        /// claim was asked, and what the file's stated result is compared with.
        go: Option<GoResult>,
        /// The result in words ([`crate::report::verdict::analysis_words`] of the claim asked).
        words: String,
        /// The proof is being checked now: a [`JobEvent::Checked`] follows.
        checking: bool,
        /// The search width that decided (`full width`, `or-width 8`).
        width: String,
    },
    /// The independent checker's verdict on the proof of search `index`, and the reproduction
    /// file written when it rejected the proof (or why it could not be written).
    Checked {
        index: usize,
        checked: Checked,
        repro: ReproFile,
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
    /// One flag per claim (a claim's search also stops when the other claim wins).
    stops: Vec<Arc<AtomicBool>>,
    handle: Option<thread::JoinHandle<()>>,
}

impl RunningJob {
    /// Set every claim's stop flag.
    fn stop_all(&self) {
        for stop in &self.stops {
            stop.store(true, Ordering::Relaxed);
        }
    }
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

    /// Start solving `claims` at once, the first proven stopping the others (stopping any running
    /// job first); `wake` is called after every message (the studio requests a repaint). Returns
    /// the job id.
    pub fn start(
        &mut self,
        claims: Vec<Problem>,
        settings: JobSettings,
        wake: impl Fn() + Send + Sync + 'static,
    ) -> u64 {
        self.stop();
        let id = self.next_id;
        self.next_id += 1;
        let stops: Vec<Arc<AtomicBool>> = claims.iter().map(|_| Arc::default()).collect();
        let tx = self.tx.clone();
        let flags = stops.clone();
        let spawned = thread::Builder::new()
            .name(format!("solve-{id}"))
            .spawn(move || run_job(id, claims, settings, &flags, tx, wake));
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
        self.current = Some(RunningJob { id, stops, handle });
        id
    }

    /// Ask the running job to stop (it ends within one stop check, a few milliseconds); returns
    /// at once. Its remaining messages are still delivered by [`SolveRunner::poll`] until a new
    /// job starts.
    pub fn request_stop(&self) {
        if let Some(job) = &self.current {
            job.stop_all();
        }
    }

    /// Stop the running job and forget it: its later messages are dropped.
    pub fn stop(&mut self) {
        if let Some(mut job) = self.current.take() {
            job.stop_all();
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

/// The job's thread: every claim's `Started`, then the claims raced, then `Done`.
fn run_job(
    id: u64,
    claims: Vec<Problem>,
    settings: JobSettings,
    stops: &[Arc<AtomicBool>],
    tx: Sender<JobMessage>,
    wake: impl Fn() + Send + Sync + 'static,
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
    for (index, claim) in claims.iter().enumerate() {
        send(
            JobEvent::Started {
                index,
                claim: Box::new(claim.clone()),
            },
            true,
        );
    }
    race(stops, |lane| {
        let claim = &claims[lane.index()];
        run_claim(lane, claim, &settings, &send);
    });
    send(JobEvent::Done, true);
}

/// One claim of a job, on its lane of the race: the solve service searches it (reporting
/// progress), the other claims stop when it is proven, it is reported, and its proof checked.
fn run_claim(
    lane: Lane<'_>,
    claim: &Problem,
    settings: &JobSettings,
    send: &(impl Fn(JobEvent, bool) + Sync),
) {
    let index = lane.index();
    let request = SolveRequest {
        claim: claim.clone(),
        lanes: settings.lanes.clone(),
        width: settings.width,
        strong_opposite: false,
        check: settings.check.clone(),
        repro: ReproTarget {
            dir: settings.repro_dir.clone(),
            source: None,
            settings: format!("the studio: {}", settings.words),
        },
    };
    // The claim's flag: Stop ends the search and the check, and so does the other claim's win
    // (this claim is then not the one reported).
    solve(
        &request,
        lane.stop(),
        &mut TablePool::new(),
        &mut |event| match event {
            SolveEvent::Progress(p) => send(
                JobEvent::Progress {
                    index,
                    progress: p.clone(),
                },
                false,
            ),
            SolveEvent::Searched(analysis) => {
                // Before anything slower: the other claims stop at once.
                lane.ended(analysis);
                send(
                    JobEvent::Searched {
                        index,
                        claim: Box::new(analysis.claim.clone()),
                        // The nodes and time of every search of the claim (the widths,
                        // unconditional life, seki, ko), not only the deciding one's: what the
                        // verdict reports.
                        solution: Box::new(Solution {
                            nodes: analysis.nodes,
                            elapsed: analysis.elapsed,
                            ..analysis.solution.clone()
                        }),
                        how: analysis.how,
                        go: analysis.go,
                        words: analysis_words(claim, analysis),
                        checking: certifiable(analysis),
                        width: analysis.width_words(),
                    },
                    true,
                )
            }
            SolveEvent::Checked(checked, repro) => send(
                JobEvent::Checked {
                    index,
                    checked: checked.clone(),
                    repro: repro.clone(),
                },
                true,
            ),
        },
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::problem::fixtures::bent_three_live;
    use crate::solver::proof::certify::CheckVerdict;
    use crate::solver::proof::fault::Fault;
    use crate::solver::{Status, StopReason};
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
    fn a_searched_claim_reports_the_nodes_of_all_its_searches() {
        // White's kill fails; with the shared table the deciding search needs a single node
        // (its earlier rounds filled the table), which is not what deciding it cost.
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("problems")
            .join("24-seki-after-placement.sgf");
        let problem = crate::problem::load(&path).unwrap();
        let mut runner = SolveRunner::new();
        runner.start(
            ClaimChoice::AsStated.claims(&problem),
            JobSettings::new(SolveConfig::default()),
            || {},
        );
        let events = wait_done(&mut runner, Duration::from_secs(60));
        let nodes: Vec<u64> = events
            .iter()
            .filter_map(|e| match e {
                JobEvent::Searched { solution, .. } => Some(solution.nodes),
                _ => None,
            })
            .collect();
        assert_eq!(nodes.len(), 1);
        assert!(nodes[0] > 10_000, "{nodes:?}");
    }

    #[test]
    fn a_job_reports_start_search_and_done() {
        let problem = bent_three_live().validate().unwrap();
        let mut runner = SolveRunner::new();
        runner.start(
            ClaimChoice::Both.claims(&problem),
            JobSettings::new(SolveConfig::default()),
            || {},
        );
        let events = wait_done(&mut runner, Duration::from_secs(60));
        // Every claim's start first, in order.
        assert!(matches!(events[0], JobEvent::Started { index: 0, .. }));
        assert!(matches!(events[1], JobEvent::Started { index: 1, .. }));
        let searched = searched_by_index(&events);
        // The stated claim is a win; the opposite claim, raced against it, was proven to fail
        // first or stopped by the win.
        assert_eq!(searched.len(), 2, "{searched:?}");
        assert_eq!(searched[0], (0, Status::Win, StopReason::Solved));
        assert!(
            matches!(
                searched[1],
                (1, Status::Fail, StopReason::Solved) | (1, Status::Unknown, StopReason::Stopped)
            ),
            "{searched:?}"
        );
        // The search is reported first (the studio shows "proven, checking…"), then the check.
        let order: Vec<&str> = events
            .iter()
            .filter_map(|e| match e {
                JobEvent::Searched {
                    index: 0,
                    checking: true,
                    ..
                } => Some("searched, checking"),
                JobEvent::Checked { index: 0, .. } => Some("checked"),
                _ => None,
            })
            .collect();
        assert_eq!(order, ["searched, checking", "checked"]);
        // Its proof was checked after the search, and accepted.
        let checked: Vec<CheckVerdict> = events
            .iter()
            .filter_map(|e| match e {
                JobEvent::Checked {
                    index: 0,
                    checked,
                    repro,
                } => {
                    assert!(repro.is_none());
                    Some(checked.verdict)
                }
                _ => None,
            })
            .collect();
        assert_eq!(checked, vec![CheckVerdict::Checked]);
        assert!(matches!(events.last(), Some(JobEvent::Done)));
    }

    /// Black to live anywhere on an empty 7x7 board, the whole board as region: far too large
    /// to solve quickly.
    fn endless() -> Problem {
        let mut setup = crate::problem::ProblemSetup::new(7);
        setup.goal = Some(crate::problem::Goal::LiveAny);
        setup.to_move = Some(crate::go::Color::Black);
        setup.or_player = Some(crate::go::Color::Black);
        setup.validate().unwrap()
    }

    /// The job's `Searched` events by claim index: (status, stop reason).
    fn searched_by_index(events: &[JobEvent]) -> Vec<(usize, Status, StopReason)> {
        let mut searched: Vec<_> = events
            .iter()
            .filter_map(|e| match e {
                JobEvent::Searched {
                    index, solution, ..
                } => Some((*index, solution.status, solution.stop)),
                _ => None,
            })
            .collect();
        searched.sort_by_key(|s| s.0);
        searched
    }

    #[test]
    fn a_claim_proven_stops_the_other_claims_search() {
        // The job's claims are raced: an easy win beside a search that would run for ever.
        let easy = bent_three_live().validate().unwrap();
        let mut runner = SolveRunner::new();
        runner.start(
            vec![endless(), easy],
            JobSettings::new(SolveConfig::default()),
            || {},
        );
        // A hang guard only: the win takes a fraction of a second.
        let events = wait_done(&mut runner, Duration::from_secs(120));
        assert_eq!(
            searched_by_index(&events),
            [
                (0, Status::Unknown, StopReason::Stopped),
                (1, Status::Win, StopReason::Solved)
            ]
        );
        let checked = events.iter().find_map(|e| match e {
            JobEvent::Checked {
                index: 1, checked, ..
            } => Some(checked.verdict),
            _ => None,
        });
        assert_eq!(checked, Some(CheckVerdict::Checked));
    }

    #[test]
    fn stop_ends_both_claims() {
        let mut runner = SolveRunner::new();
        runner.start(
            ClaimChoice::Both.claims(&endless()),
            JobSettings::new(SolveConfig::default()),
            || {},
        );
        thread::sleep(Duration::from_millis(200));
        runner.request_stop();
        let events = wait_done(&mut runner, Duration::from_secs(60));
        assert_eq!(
            searched_by_index(&events),
            [
                (0, Status::Unknown, StopReason::Stopped),
                (1, Status::Unknown, StopReason::Stopped)
            ]
        );
    }

    #[test]
    fn a_corrupted_proof_is_rejected_and_its_reproduction_file_written() {
        let problem = bent_three_live().validate().unwrap();
        let dir = std::env::temp_dir().join(format!("tsumego-job-repro-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let mut runner = SolveRunner::new();
        let mut settings = JobSettings::new(SolveConfig::default());
        settings.repro_dir = dir.clone();
        settings.check.fault = Some(Fault::WrongMove);
        runner.start(vec![problem], settings, || {});
        let events = wait_done(&mut runner, Duration::from_secs(60));
        let (checked, repro) = events
            .iter()
            .find_map(|e| match e {
                JobEvent::Checked { checked, repro, .. } => Some((checked.clone(), repro.clone())),
                _ => None,
            })
            .unwrap();
        assert_eq!(checked.verdict, CheckVerdict::Failed);
        let path = repro.unwrap().unwrap();
        let text = std::fs::read_to_string(&path).unwrap();
        std::fs::remove_dir_all(&dir).unwrap();
        assert!(text.contains("REPRODUCTION FILE"), "{text}");
    }

    #[test]
    fn stale_jobs_are_dropped_and_stop_ends_a_job() {
        let problem = endless();
        let mut runner = SolveRunner::new();
        let settings = JobSettings::new(SolveConfig::default());
        let first = runner.start(vec![problem.clone()], settings.clone(), || {});
        let second = runner.start(vec![problem], settings, || {});
        assert_ne!(first, second);
        thread::sleep(Duration::from_millis(200));
        runner.request_stop();
        let events = wait_done(&mut runner, Duration::from_secs(5));
        let searched = events.iter().find_map(|e| match e {
            JobEvent::Searched { solution, .. } => Some(solution.stop),
            _ => None,
        });
        assert_eq!(searched, Some(StopReason::Stopped));
        assert!(events
            .iter()
            .any(|e| matches!(e, JobEvent::Progress { .. })));
    }
}
