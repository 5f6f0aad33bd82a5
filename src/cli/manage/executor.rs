//! What the manager sends jobs to ([`Executor`]), and the two executors without processes:
//! [`InProcess`] (the tests) and [`Simulated`] (virtual workers on a virtual clock).

use crate::solver::jobs::job::{Job, JobResult, Worker};
use anyhow::Context;
use std::collections::VecDeque;

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
/// in-process [`Worker`]) and takes `nodes / SIMULATED_NODES_PER_SEC` virtual seconds; results
/// come back in the order they would finish. The manager's own time and the transport are
/// taken as free. A replay of a run's job lengths with any number of workers.
pub struct Simulated {
    worker: Worker,
    capacity: usize,
    /// The virtual time now.
    pub clock: f64,
    running: Vec<(f64, JobResult)>,
}

impl Simulated {
    pub fn new(capacity: usize) -> Simulated {
        Simulated {
            worker: Worker::with_nets(crate::nn::net_choice::guide_for),
            capacity: capacity.max(1),
            clock: 0.0,
            running: Vec::new(),
        }
    }
}

impl Executor for Simulated {
    fn capacity(&self) -> usize {
        self.capacity
    }

    fn submit(&mut self, job: &Job) -> anyhow::Result<()> {
        let result = self.worker.run(job);
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
}
