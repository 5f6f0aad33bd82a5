//! What the manager sends jobs to ([`Executor`]), and the two executors without processes:
//! [`InProcess`] (the tests) and [`Simulated`] (virtual workers on a virtual clock).

use crate::solver::jobs::job::{Job, JobResult, JobStatus, Worker};
use anyhow::Context;
use std::collections::{HashMap, HashSet, VecDeque};

/// The workers as the manager sees them: jobs in, results out.
pub trait Executor {
    /// Jobs that can run at once.
    fn capacity(&self) -> usize;
    fn submit(&mut self, job: &Job) -> anyhow::Result<()>;
    /// The next result (blocks).
    fn next_result(&mut self) -> anyhow::Result<JobResult>;
    /// Stop the job `id` if it runs (its result will not come).
    fn cancel(&mut self, id: &str) -> anyhow::Result<()>;
    /// Send every worker `text`, a snapshot of pattern-table wins
    /// ([`crate::solver::jobs::job_patterns`]), for its next jobs (and a worker started later
    /// too). Nothing by default: the in-process workers made every win themselves.
    fn share_patterns(&mut self, _text: &str) -> anyhow::Result<()> {
        Ok(())
    }
    /// Whether the workers want a net's weights sent ([`Executor::share_net`]) rather than
    /// reading them from this machine's files.
    fn takes_nets(&self) -> bool {
        false
    }
    /// Send every worker the weights (`weights`, a safetensors file's bytes) of the net jobs
    /// name `spec`, to use in its place.
    fn share_net(&mut self, _spec: &str, _weights: &[u8]) -> anyhow::Result<()> {
        Ok(())
    }
    /// Jobs run again because their worker died.
    fn restarts(&self) -> usize {
        0
    }
    /// For a simulation, the virtual seconds from the start to now.
    fn virtual_seconds(&self) -> Option<f64> {
        None
    }
    /// Take a results log's answers (by job id, leaving `log` empty) to replay, each job
    /// found there taking its logged length, instead of the manager answering them at once:
    /// a simulation does; real workers leave them (their time the log does save).
    fn take_replay(&mut self, _log: &mut HashMap<String, JobResult>) {}
    /// Whether the result of job `id` is not to be logged: replayed from the log, or assumed
    /// ([`Simulated::assume_unlogged_undecided`]).
    fn keeps_out_of_log(&self, _id: &str) -> bool {
        false
    }
    /// Jobs replayed from the log, and jobs assumed undecided.
    fn replayed(&self) -> (usize, usize) {
        (0, 0)
    }
}

/// Jobs run in this process by one warm [`Worker`], in the order sent, `capacity` of them
/// taken as running at once: the manager's tree as with that many workers, deterministically
/// (for tests and for replaying a run's choices).
pub struct InProcess {
    worker: Worker,
    queue: VecDeque<Job>,
    capacity: usize,
}

impl InProcess {
    pub fn new(capacity: usize) -> InProcess {
        InProcess {
            worker: Worker::with_nets(crate::nn::net_choice::guide_for),
            queue: VecDeque::new(),
            capacity: capacity.max(1),
        }
    }
}

impl Executor for InProcess {
    fn capacity(&self) -> usize {
        self.capacity
    }

    fn submit(&mut self, job: &Job) -> anyhow::Result<()> {
        self.queue.push_back(job.clone());
        Ok(())
    }

    fn next_result(&mut self) -> anyhow::Result<JobResult> {
        let job = self.queue.pop_front().context("no job was sent")?;
        Ok(self.worker.run(&job))
    }

    fn cancel(&mut self, id: &str) -> anyhow::Result<()> {
        self.queue.retain(|j| j.id != id);
        Ok(())
    }
}

/// Nodes per second of one worker in the simulation ([`Simulated`]): df-pn on 7x7 Killall-Go
/// on this machine's core (BENCHMARKS.md, "Proofs split into jobs").
pub const SIMULATED_NODES_PER_SEC: f64 = 170_000.0;

/// `capacity` virtual workers on a virtual clock: each job is run here when sent (by one
/// in-process [`Worker`]), or replayed from a results log ([`Executor::take_replay`]), and
/// takes `nodes / SIMULATED_NODES_PER_SEC` virtual seconds; results come back in the order
/// they would finish. The manager's own time and the transport are taken as free. A replay of
/// a run's job lengths with any number of workers: with `--cold-tables` a job's answer is the
/// same wherever and whenever it runs, so replaying a logged job is the same as running it,
/// and the runs for several worker counts share one log (each runs only the jobs new to it).
pub struct Simulated {
    worker: Worker,
    capacity: usize,
    /// The virtual time now.
    pub clock: f64,
    running: Vec<(f64, JobResult)>,
    replay: HashMap<String, JobResult>,
    replayed: HashSet<String>,
    /// Whether a job missing from the replayed log is assumed to stop undecided at its
    /// budget instead of being run.
    assume_undecided: bool,
    assumed: HashSet<String>,
}

impl Simulated {
    pub fn new(capacity: usize) -> Simulated {
        Simulated {
            worker: Worker::with_nets(crate::nn::net_choice::guide_for),
            capacity: capacity.max(1),
            clock: 0.0,
            running: Vec::new(),
            replay: HashMap::new(),
            replayed: HashSet::new(),
            assume_undecided: false,
            assumed: HashSet::new(),
        }
    }

    /// Replay a log without running anything: a job the log lacks (one the logged run never
    /// asked) is taken to stop undecided at its full budget (`manage --replay-only`). The
    /// replay of a large run with many workers then costs no search; the assumption makes the
    /// extra jobs pure waste (they hold workers and never help), which errs against the
    /// efficiency of more workers.
    pub fn assume_unlogged_undecided(mut self) -> Simulated {
        self.assume_undecided = true;
        self
    }
}

impl Executor for Simulated {
    fn capacity(&self) -> usize {
        self.capacity
    }

    fn submit(&mut self, job: &Job) -> anyhow::Result<()> {
        let result = match self.replay.get(&job.id) {
            Some(logged) => {
                self.replayed.insert(job.id.clone());
                JobResult {
                    id: job.id.clone(),
                    ..logged.clone()
                }
            }
            None if self.assume_undecided => {
                self.assumed.insert(job.id.clone());
                let mut r = JobResult::invalid(&job.id, "not in the log: taken as undecided");
                r.status = JobStatus::Unknown;
                r.nodes = job.max_nodes;
                r
            }
            None => self.worker.run(job),
        };
        let length = result.nodes.max(1) as f64 / SIMULATED_NODES_PER_SEC;
        self.running.push((self.clock + length, result));
        Ok(())
    }

    fn next_result(&mut self) -> anyhow::Result<JobResult> {
        let first = self
            .running
            .iter()
            .enumerate()
            .min_by(|a, b| a.1 .0.total_cmp(&b.1 .0).then(a.0.cmp(&b.0)))
            .map(|(i, _)| i)
            .context("no job was sent")?;
        let (end, result) = self.running.remove(first);
        self.clock = self.clock.max(end);
        Ok(result)
    }

    fn cancel(&mut self, id: &str) -> anyhow::Result<()> {
        self.running.retain(|(_, r)| r.id != id);
        Ok(())
    }

    fn virtual_seconds(&self) -> Option<f64> {
        Some(self.clock)
    }

    fn take_replay(&mut self, log: &mut HashMap<String, JobResult>) {
        self.replay = std::mem::take(log);
    }

    fn keeps_out_of_log(&self, id: &str) -> bool {
        self.replayed.contains(id) || self.assumed.contains(id)
    }

    fn replayed(&self) -> (usize, usize) {
        (self.replayed.len(), self.assumed.len())
    }
}
