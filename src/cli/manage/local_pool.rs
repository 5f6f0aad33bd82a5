//! Worker processes of the manager's own ([`LocalPool`]).

use super::executor::Executor;
use crate::solver::jobs::job::{Job, JobResult};
use anyhow::Context;
use crossbeam_channel::{unbounded, Receiver, Sender};
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};

/// `tsumego-studio worker` processes started by the manager, one job at a time each.
pub struct LocalPool {
    program: PathBuf,
    slots: Vec<Slot>,
    results: Receiver<(usize, u64, Option<String>)>,
    sender: Sender<(usize, u64, Option<String>)>,
    /// Jobs run again because their worker died.
    pub restarts: usize,
    /// The last pattern-table snapshot's line, for the processes started after it.
    snapshot: Option<String>,
}

struct Slot {
    child: Child,
    stdin: ChildStdin,
    /// The job running, if any: its id and its line (sent again if the process dies).
    job: Option<(String, String)>,
    /// Which process of the slot this is (a cancelled job's process is replaced).
    generation: u64,
    /// The last pattern-table snapshot is to be sent before the next job.
    snapshot_due: bool,
}

impl LocalPool {
    /// `workers` processes of `program worker`.
    pub fn start(program: &Path, workers: usize) -> anyhow::Result<LocalPool> {
        let (sender, results) = unbounded();
        let mut pool = LocalPool {
            program: program.to_path_buf(),
            slots: Vec::new(),
            results,
            sender,
            restarts: 0,
            snapshot: None,
        };
        for i in 0..workers.max(1) {
            let slot = pool.spawn(i, 0)?;
            pool.slots.push(slot);
        }
        Ok(pool)
    }

    fn spawn(&self, index: usize, generation: u64) -> anyhow::Result<Slot> {
        let mut child = Command::new(&self.program)
            .arg("worker")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .with_context(|| format!("starting {} worker", self.program.display()))?;
        let stdin = child.stdin.take().context("the worker's standard input")?;
        let stdout = child
            .stdout
            .take()
            .context("the worker's standard output")?;
        let sender = self.sender.clone();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if sender.send((index, generation, Some(line))).is_err() {
                    return;
                }
            }
            // The process ended (or was killed): the manager runs its job again elsewhere.
            let _ = sender.send((index, generation, None));
        });
        Ok(Slot {
            child,
            stdin,
            job: None,
            generation,
            snapshot_due: self.snapshot.is_some(),
        })
    }
}

impl Executor for LocalPool {
    fn capacity(&self) -> usize {
        self.slots.len()
    }

    fn restarts(&self) -> usize {
        self.restarts
    }

    fn share_patterns(&mut self, text: &str) -> anyhow::Result<()> {
        // Sent with each worker's next job: a busy worker would not read it before the end of
        // its job, and the manager would wait on the pipe till then.
        self.snapshot = Some(serde_json::json!({ "patterns": text }).to_string());
        for slot in &mut self.slots {
            slot.snapshot_due = true;
        }
        Ok(())
    }

    fn submit(&mut self, job: &Job) -> anyhow::Result<()> {
        let index = self
            .slots
            .iter()
            .position(|s| s.job.is_none())
            .context("every worker is busy")?;
        let line = serde_json::to_string(job)?;
        self.send(index, job.id.clone(), line)
    }

    fn next_result(&mut self) -> anyhow::Result<JobResult> {
        loop {
            let (index, generation, line) =
                self.results.recv().context("every worker has stopped")?;
            if self.slots[index].generation != generation {
                continue; // a replaced process
            }
            let Some(line) = line else {
                // The worker died: a fresh one runs its job again (a job's result does not
                // depend on which process runs it).
                let job = self.slots[index].job.take();
                self.replace(index)?;
                if let Some((id, line)) = job {
                    self.restarts += 1;
                    self.send(index, id, line)?;
                }
                continue;
            };
            self.slots[index].job = None;
            return serde_json::from_str(&line)
                .with_context(|| format!("a worker's answer is not a result: {line}"));
        }
    }

    fn cancel(&mut self, id: &str) -> anyhow::Result<()> {
        if let Some(index) = self
            .slots
            .iter()
            .position(|s| s.job.as_ref().is_some_and(|(j, _)| j == id))
        {
            self.replace(index)?;
        }
        Ok(())
    }
}

impl LocalPool {
    fn send(&mut self, index: usize, id: String, line: String) -> anyhow::Result<()> {
        let slot = &mut self.slots[index];
        let mut written = Ok(());
        if slot.snapshot_due {
            if let Some(snapshot) = &self.snapshot {
                written = writeln!(slot.stdin, "{snapshot}");
            }
            slot.snapshot_due = false;
        }
        let written = written
            .and_then(|()| writeln!(slot.stdin, "{line}"))
            .and_then(|()| slot.stdin.flush());
        match written {
            Ok(()) => {}
            // The worker died (killed from outside): its reader reports the death, and
            // `next_result` runs the job again on a fresh process.
            Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => {}
            Err(e) => return Err(e).context("sending a job to a worker"),
        }
        slot.job = Some((id, line));
        Ok(())
    }

    /// A fresh process in slot `index` (the old one killed), with no job.
    fn replace(&mut self, index: usize) -> anyhow::Result<()> {
        let generation = self.slots[index].generation + 1;
        let fresh = self.spawn(index, generation)?;
        let mut old = std::mem::replace(&mut self.slots[index], fresh);
        let _ = old.child.kill();
        let _ = old.child.wait();
        Ok(())
    }

    /// The process ids of the workers (for fault tests and reports).
    pub fn worker_ids(&self) -> Vec<u32> {
        self.slots.iter().map(|s| s.child.id()).collect()
    }
}

impl Drop for LocalPool {
    fn drop(&mut self) {
        for slot in &mut self.slots {
            let _ = slot.child.kill();
            let _ = slot.child.wait();
        }
    }
}
