//! `tsumego-studio manage FILE`: one proof split into jobs. The manager keeps the job-level
//! proof-number tree ([`crate::solver::distributed::tree`]), sends its most-proving leaves as
//! jobs to workers, expands a leaf whose job stopped undecided, and when the root is decided
//! grafts the jobs' proofs into one proof ([`crate::solver::distributed::graft`]) and checks it
//! with the independent checker. Every result is appended to a log (`--log DIR`), and a manager
//! started again with the same log answers the jobs it finds there from it: a killed manager
//! resumes where it stopped.
//!
//! The workers are `tsumego-studio worker` processes ([`super::worker`]) speaking JSON lines,
//! started by the manager itself ([`LocalPool`]); the Ray driver speaks the same lines.

use crate::problem::{load_inferring, write_sgf, Problem};
use crate::solver::distributed::graft::{assemble, path_words};
use crate::solver::distributed::tree::JobTree;
use crate::solver::jobs::job::{job_problem, Job, JobResult, JobStatus, Worker};
use crate::solver::proof::certify::CHECK_POSITIONS;
use crate::solver::proof::checker::check_proof;
use crate::solver::proof::proof_sgf::{proof_from_sgf, proof_to_sgf};
use crate::solver::proof::ProofTree;
use crate::solver::SolveConfig;
use anyhow::{bail, Context};
use crossbeam_channel::{unbounded, Receiver, Sender};
use serde::Serialize;
use std::collections::{HashMap, VecDeque};
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::time::Instant;

/// How the manager runs (the command line's `manage`).
#[derive(Clone, Debug, clap::Args)]
pub struct ManageOptions {
    /// The problem file (SGF or research JSON).
    pub file: PathBuf,
    /// Worker processes.
    #[arg(long, default_value_t = 2)]
    pub workers: usize,
    /// Nodes each job may visit.
    #[arg(long, value_name = "N", default_value_t = 200_000)]
    pub job_nodes: u64,
    /// Children of an OR node in flight at once.
    #[arg(long, value_name = "K", default_value_t = 2)]
    pub top_k: usize,
    /// The jobs' engine (df-pn by default).
    #[arg(long, value_name = "ENGINE")]
    pub engine: Option<String>,
    /// Count seki as life (as `solve --seki-life`).
    #[arg(long)]
    pub seki_life: bool,
    /// Stop after this many jobs (the result is then unknown).
    #[arg(long, value_name = "N")]
    pub max_jobs: Option<usize>,
    /// Keep every result in DIR/results.jsonl and answer jobs found there.
    #[arg(long, value_name = "DIR")]
    pub log: Option<PathBuf>,
    /// Write the assembled proof (proof SGF).
    #[arg(long, value_name = "OUT.sgf")]
    pub proof_out: Option<PathBuf>,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
    /// Search every job with a fresh transposition table (slower; the same results, nodes
    /// and proof whichever worker runs a job, restarts included).
    #[arg(long)]
    pub cold_tables: bool,
    /// Simulate N workers on a virtual clock (each job run here, taking its nodes at
    /// 170,000 nodes per second; the manager and transport free) and print the virtual
    /// time: a replay of the run's job lengths with any number of workers.
    #[arg(long, value_name = "N", conflicts_with_all = ["ray", "ray_address"])]
    pub simulate: Option<usize>,
    /// Take the results in the order the jobs were sent (a worker done early waits): with
    /// --cold-tables the same proof whatever the timing and the faults.
    #[arg(long)]
    pub in_order: bool,
    /// Run the workers as Ray actors through the Ray driver (`scripts/ray_driver.py`, built
    /// in): a local Ray started for the run, or with `--ray-address` an existing cluster.
    /// The driver's Python: TSUMEGO_RAY_PYTHON, else the one `scripts/setup.sh` installs.
    #[arg(long)]
    pub ray: bool,
    /// The Ray cluster to use (`auto`, `ray://host:10001`); implies --ray.
    #[arg(long, value_name = "ADDRESS")]
    pub ray_address: Option<String>,
}

/// What a run of the manager did.
#[derive(Clone, Debug, Serialize)]
pub struct ManageReport {
    /// `win`, `fail` or `unknown`: the problem's claim at its root.
    pub result: String,
    pub claim: String,
    pub workers: usize,
    pub jobs: usize,
    /// Jobs answered from the log instead of run.
    pub from_log: usize,
    /// Jobs that stopped undecided (their nodes expanded).
    pub expanded: usize,
    /// Jobs cancelled because a sibling's result decided their parent.
    pub cancelled: usize,
    /// Jobs run again because their worker died.
    pub restarts: usize,
    /// Results refused (a proof that did not read or check) and their jobs run again.
    pub refused: usize,
    pub tree_nodes: usize,
    /// Nodes of every job run.
    pub nodes: u64,
    /// Seconds of every job run (their sum: the work).
    pub job_seconds: f64,
    /// Seconds from start to end (the wall).
    pub seconds: f64,
    /// With `--simulate`: the virtual seconds the run took (the makespan).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub virtual_seconds: Option<f64>,
    /// The checker's verdict on the assembled proof (`checked`), or why there is none.
    pub check: String,
    pub proof_nodes: Option<usize>,
}

/// The workers as the manager sees them: jobs in, results out.
pub trait Executor {
    /// Jobs that can run at once.
    fn capacity(&self) -> usize;
    fn submit(&mut self, job: &Job) -> anyhow::Result<()>;
    /// The next result (blocks).
    fn next_result(&mut self) -> anyhow::Result<JobResult>;
    /// Stop the job `id` if it runs (its result will not come).
    fn cancel(&mut self, id: &str) -> anyhow::Result<()>;
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
            worker: Worker::new(),
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

/// `tsumego-studio worker` processes started by the manager, one job at a time each.
pub struct LocalPool {
    program: PathBuf,
    slots: Vec<Slot>,
    results: Receiver<(usize, u64, Option<String>)>,
    sender: Sender<(usize, u64, Option<String>)>,
    /// Jobs run again because their worker died.
    pub restarts: usize,
}

struct Slot {
    child: Child,
    stdin: ChildStdin,
    /// The job running, if any: its id and its line (sent again if the process dies).
    job: Option<(String, String)>,
    /// Which process of the slot this is (a cancelled job's process is replaced).
    generation: u64,
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
        writeln!(slot.stdin, "{line}")
            .and_then(|()| slot.stdin.flush())
            .context("sending a job to a worker")?;
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
            worker: Worker::new(),
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

/// The Ray driver (`scripts/ray_driver.py`), built into the program and written to a
/// temporary file for each run.
const RAY_DRIVER: &str = include_str!("../../scripts/ray_driver.py");

/// Jobs run on Ray actors through the driver process ([`RAY_DRIVER`]), which speaks the
/// worker's JSON lines (plus its `ready` and `restart` events and `cancel` requests).
pub struct RayDriver {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: std::io::Lines<BufReader<std::process::ChildStdout>>,
    workers: usize,
    restarts: usize,
    _script: TempScript,
}

/// A file removed when dropped.
struct TempScript(PathBuf);

impl Drop for TempScript {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

/// The Python with Ray: `TSUMEGO_RAY_PYTHON`, else the virtualenv `scripts/setup.sh` makes
/// (`$TSUMEGO_CACHE/ray-venv`), else `python3` on the PATH.
pub fn ray_python() -> PathBuf {
    if let Some(p) = std::env::var_os("TSUMEGO_RAY_PYTHON") {
        return PathBuf::from(p);
    }
    let cache = std::env::var_os("TSUMEGO_CACHE")
        .map(PathBuf::from)
        .or_else(|| {
            std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".cache/tsumego-studio"))
        });
    if let Some(venv) = cache.map(|c| c.join("ray-venv/bin/python")) {
        if venv.exists() {
            return venv;
        }
    }
    PathBuf::from("python3")
}

impl RayDriver {
    /// Start the driver with `workers` actors running `program worker`, on a local Ray or
    /// the cluster at `address`; returns once the actors are up.
    pub fn start(
        program: &Path,
        workers: usize,
        address: Option<&str>,
    ) -> anyhow::Result<RayDriver> {
        let script = TempScript(
            std::env::temp_dir().join(format!("tsumego-ray-driver-{}.py", std::process::id())),
        );
        std::fs::write(&script.0, RAY_DRIVER).context("writing the Ray driver")?;
        let python = ray_python();
        let mut cmd = Command::new(&python);
        cmd.arg(&script.0)
            .arg("--binary")
            .arg(program)
            .arg("--workers")
            .arg(workers.max(1).to_string())
            .stdin(Stdio::piped())
            .stdout(Stdio::piped());
        if let Some(a) = address {
            cmd.arg("--address").arg(a);
        }
        let mut child = cmd
            .spawn()
            .with_context(|| format!("starting the Ray driver with {}", python.display()))?;
        let stdin = child.stdin.take().context("the driver's standard input")?;
        let stdout = child
            .stdout
            .take()
            .context("the driver's standard output")?;
        let mut lines = BufReader::new(stdout).lines();
        let ready = lines
            .next()
            .transpose()
            .context("reading from the Ray driver")?
            .with_context(|| {
                format!(
                    "the Ray driver ended before it was ready (is Ray installed for {}? \
                     `bash scripts/setup.sh` installs it)",
                    python.display()
                )
            })?;
        let event: serde_json::Value = serde_json::from_str(&ready)
            .with_context(|| format!("the Ray driver said {ready:?}"))?;
        let workers = event["workers"]
            .as_u64()
            .with_context(|| format!("the Ray driver said {ready:?}, not ready"))?
            as usize;
        Ok(RayDriver {
            child,
            stdin: Some(stdin),
            lines,
            workers,
            restarts: 0,
            _script: script,
        })
    }

    fn send(&mut self, line: &str) -> anyhow::Result<()> {
        let stdin = self.stdin.as_mut().context("the Ray driver was stopped")?;
        writeln!(stdin, "{line}")
            .and_then(|()| stdin.flush())
            .context("writing to the Ray driver")
    }
}

impl Executor for RayDriver {
    fn capacity(&self) -> usize {
        self.workers
    }

    fn restarts(&self) -> usize {
        self.restarts
    }

    fn submit(&mut self, job: &Job) -> anyhow::Result<()> {
        let line = serde_json::to_string(job)?;
        self.send(&line)
    }

    fn next_result(&mut self) -> anyhow::Result<JobResult> {
        loop {
            let line = self
                .lines
                .next()
                .transpose()
                .context("reading from the Ray driver")?
                .context("the Ray driver ended")?;
            if !line.starts_with('{') {
                continue; // not the protocol's (a message of Ray's own)
            }
            let value: serde_json::Value = serde_json::from_str(&line)
                .with_context(|| format!("the Ray driver said {line:?}"))?;
            if value.get("event").is_some() {
                if value["event"] == "restart" {
                    self.restarts += 1;
                }
                continue;
            }
            return serde_json::from_value(value)
                .with_context(|| format!("the Ray driver's answer is not a result: {line}"));
        }
    }

    fn cancel(&mut self, id: &str) -> anyhow::Result<()> {
        let line = serde_json::json!({ "cancel": id }).to_string();
        self.send(&line)
    }
}

impl Drop for RayDriver {
    fn drop(&mut self) {
        // The end of its input stops the driver, its actors and the local Ray.
        drop(self.stdin.take());
        let _ = self.child.wait();
    }
}

/// One logged result: the job's path (its key) and what came of it.
#[derive(Serialize, serde::Deserialize)]
struct Logged {
    path: String,
    result: JobResult,
}

/// The results of earlier runs in `dir`'s log, by path.
fn read_log(dir: &Path) -> anyhow::Result<HashMap<String, JobResult>> {
    let file = dir.join("results.jsonl");
    let mut out = HashMap::new();
    let Ok(text) = std::fs::read_to_string(&file) else {
        return Ok(out);
    };
    for (i, line) in text.lines().enumerate() {
        // A manager killed while writing leaves at most its last line cut short.
        match serde_json::from_str::<Logged>(line) {
            Ok(l) => {
                out.insert(l.path, l.result);
            }
            Err(_) if i + 1 == text.lines().count() => {}
            Err(e) => bail!("{} line {}: {e}", file.display(), i + 1),
        }
    }
    Ok(out)
}

/// Run the manager with `executor` on `problem` (the file's text `text`).
pub fn manage(
    options: &ManageOptions,
    problem: &Problem,
    text: &str,
    executor: &mut dyn Executor,
) -> anyhow::Result<(ManageReport, Option<ProofTree>)> {
    let start = Instant::now();
    let cached = match &options.log {
        Some(dir) => read_log(dir)?,
        None => HashMap::new(),
    };
    let mut log = match &options.log {
        Some(dir) => {
            std::fs::create_dir_all(dir)
                .with_context(|| format!("creating the log folder {}", dir.display()))?;
            Some(
                std::fs::OpenOptions::new()
                    .create(true)
                    .append(true)
                    .open(dir.join("results.jsonl"))
                    .with_context(|| format!("opening the log in {}", dir.display()))?,
            )
        }
        None => None,
    };
    let mut tree = JobTree::new(problem, options.top_k);
    let mut pending: HashMap<String, usize> = HashMap::new();
    // With `in_order`: the jobs in flight in the order sent, and results come early.
    let mut sent: VecDeque<String> = VecDeque::new();
    let mut arrived: HashMap<String, JobResult> = HashMap::new();
    let mut proofs: HashMap<usize, ProofTree> = HashMap::new();
    // The jobs in flight (sent again when a result is refused), and each job's refusals.
    let mut jobs: HashMap<String, Job> = HashMap::new();
    let mut refusals: HashMap<String, usize> = HashMap::new();
    let mut report = ManageReport {
        result: "unknown".to_string(),
        claim: problem.claim_words(),
        workers: executor.capacity(),
        jobs: 0,
        from_log: 0,
        expanded: 0,
        cancelled: 0,
        restarts: 0,
        refused: 0,
        tree_nodes: 0,
        nodes: 0,
        job_seconds: 0.0,
        seconds: 0.0,
        virtual_seconds: None,
        check: "no proof".to_string(),
        proof_nodes: None,
    };
    let out_of_jobs = |report: &ManageReport| options.max_jobs.is_some_and(|m| report.jobs >= m);
    while tree.decided().is_none() {
        // Fill the workers with the most-proving leaves (answered from the log when there).
        while pending.len() < executor.capacity() && !out_of_jobs(&report) {
            let Some(id) = tree.select() else { break };
            if tree.won_by_passing(id) {
                tree.apply(id, None); // expanded: its pass ends the game
                continue;
            }
            let path = path_words(problem, &tree.nodes[id].path);
            tree.mark_pending(id);
            let job = Job {
                id: path.clone(),
                problem: text.to_string(),
                path: tree.nodes[id]
                    .path
                    .iter()
                    .map(|m| m.to_gtp(problem.size()))
                    .collect(),
                engine: options.engine.clone(),
                max_nodes: options.job_nodes,
                time_limit_secs: None,
                seki_life: options.seki_life,
                want_proof: true,
                check: false,
                fresh_table: options.cold_tables,
            };
            if let Some(result) = cached.get(&path) {
                // A logged win counts only when its proof checks again (a log may be damaged).
                if let Ok(proof) = verified(result, &job) {
                    report.from_log += 1;
                    apply(
                        &mut tree,
                        &mut proofs,
                        &mut report,
                        id,
                        &path,
                        result,
                        proof,
                    )?;
                    continue;
                }
            }
            executor.submit(&job)?;
            report.jobs += 1;
            sent.push_back(path.clone());
            pending.insert(path.clone(), id);
            jobs.insert(path, job);
        }
        if pending.is_empty() {
            break; // out of jobs, or nothing left to ask
        }
        let result = if options.in_order {
            // Results are taken in the order the jobs were sent, so that the tree, and the
            // proof, do not depend on which worker finished first.
            let first = sent.front().cloned().context("no job in flight")?;
            loop {
                if let Some(r) = arrived.remove(&first) {
                    sent.pop_front();
                    break r;
                }
                let r = executor.next_result()?;
                if pending.contains_key(&r.id) {
                    arrived.insert(r.id.clone(), r);
                }
            }
        } else {
            executor.next_result()?
        };
        let Some(id) = pending.remove(&result.id) else {
            continue; // a cancelled job's late answer
        };
        let job = jobs
            .remove(&result.id)
            .context("a result without its job")?;
        let proof = match verified(&result, &job) {
            Ok(proof) => proof,
            Err(why) => {
                // A corrupt result (a proof that does not read or does not check on the job's
                // own position) is refused and the job run again, once.
                report.refused += 1;
                let tries = refusals.entry(result.id.clone()).or_insert(0);
                *tries += 1;
                if *tries > MAX_REFUSALS {
                    bail!(
                        "the job at {} was refused {} times: {why}",
                        result.id,
                        *tries
                    );
                }
                executor.submit(&job)?;
                sent.push_back(result.id.clone());
                pending.insert(result.id.clone(), id);
                jobs.insert(result.id.clone(), job);
                continue;
            }
        };
        if let Some(file) = log.as_mut() {
            let line = serde_json::to_string(&Logged {
                path: result.id.clone(),
                result: result.clone(),
            })?;
            writeln!(file, "{line}").context("writing the log")?;
            file.flush().context("writing the log")?;
        }
        report.nodes += result.nodes;
        report.job_seconds += result.seconds;
        let path = result.id.clone();
        apply(
            &mut tree,
            &mut proofs,
            &mut report,
            id,
            &path,
            &result,
            proof,
        )?;
        for moot in tree.moot_pending() {
            let path = path_words(problem, &tree.nodes[moot].path);
            if pending.remove(&path).is_some() {
                jobs.remove(&path);
                executor.cancel(&path)?;
                sent.retain(|p| *p != path);
                arrived.remove(&path);
                report.cancelled += 1;
            }
        }
    }
    report.tree_nodes = tree.nodes.len();
    report.restarts = executor.restarts();
    report.virtual_seconds = executor.virtual_seconds();
    report.seconds = start.elapsed().as_secs_f64();
    let mut proof = None;
    match tree.decided() {
        Some(true) => {
            report.result = "win".to_string();
            let config = SolveConfig::default();
            let assembled = assemble(problem, &tree, &proofs, config.superko)?;
            report.proof_nodes = Some(assembled.node_count());
            report.check = match check_proof(problem, &assembled, config.superko, 100_000_000) {
                Ok(_) => "checked".to_string(),
                Err(e) => format!("rejected: {e}"),
            };
            proof = Some(assembled);
        }
        Some(false) => {
            report.result = "fail".to_string();
            report.check = "a failure has no proof of its own (solve the opposite claim)".into();
        }
        None => {}
    }
    report.seconds = start.elapsed().as_secs_f64();
    Ok((report, proof))
}

/// Times a job's result may be refused before the run stops (a worker that keeps sending
/// proofs that do not check is broken, not unlucky).
const MAX_REFUSALS: usize = 2;

/// A won result's proof, read and checked by the independent checker on the job's own
/// position (`None` for the other results); `Err` says why it is refused.
fn verified(result: &JobResult, job: &Job) -> Result<Option<ProofTree>, String> {
    if result.status != JobStatus::Win {
        return Ok(None);
    }
    let text = result.proof.as_deref().ok_or("a win without a proof")?;
    let (_, proof) = proof_from_sgf(text).map_err(|e| format!("an unreadable proof: {e}"))?;
    let position = job_problem(job)?;
    check_proof(
        &position,
        &proof,
        SolveConfig::default().superko,
        CHECK_POSITIONS,
    )
    .map_err(|e| format!("a proof the checker refuses: {e}"))?;
    Ok(Some(proof))
}

/// Apply a job's result (and its checked proof) to its node.
fn apply(
    tree: &mut JobTree,
    proofs: &mut HashMap<usize, ProofTree>,
    report: &mut ManageReport,
    id: usize,
    path: &str,
    result: &JobResult,
    proof: Option<ProofTree>,
) -> anyhow::Result<()> {
    match result.status {
        JobStatus::Win => {
            let proof = proof.with_context(|| format!("the job at {path} won without a proof"))?;
            proofs.insert(id, proof);
            tree.apply(id, Some(true));
        }
        JobStatus::Fail => tree.apply(id, Some(false)),
        JobStatus::Unknown => {
            report.expanded += 1;
            tree.apply(id, None);
        }
        JobStatus::Invalid | JobStatus::Rejected => bail!(
            "the job at {path} was {}: {}",
            if result.status == JobStatus::Invalid {
                "invalid"
            } else {
                "rejected by the checker"
            },
            result.reason.as_deref().unwrap_or("no reason given")
        ),
    }
    Ok(())
}

/// Run `manage` from the command line.
pub fn run(options: &ManageOptions) -> anyhow::Result<()> {
    // The file as `solve` reads it (its target inferred when unmarked); the jobs carry the
    // problem as read, so that every worker decides the same claim.
    let loaded =
        load_inferring(&options.file).with_context(|| format!("{}", options.file.display()))?;
    let problem = if options.seki_life {
        loaded.problem.with_seki(true)
    } else {
        loaded.problem
    };
    let text = write_sgf(&problem);
    let program = std::env::current_exe().context("finding this program")?;
    let ray = options.ray || options.ray_address.is_some();
    let mut executor: Box<dyn Executor> = match (ray, options.simulate) {
        (_, Some(n)) => Box::new(Simulated::new(n)),
        (false, None) => Box::new(LocalPool::start(&program, options.workers)?),
        (true, None) => Box::new(RayDriver::start(
            &program,
            options.workers,
            options.ray_address.as_deref(),
        )?),
    };
    let (report, proof) = manage(options, &problem, &text, executor.as_mut())?;
    drop(executor);
    if let (Some(out), Some(proof)) = (&options.proof_out, &proof) {
        crate::atomic_file::write_atomically(out, proof_to_sgf(&problem, proof).as_bytes())
            .with_context(|| format!("writing {}", out.display()))?;
    }
    if options.json {
        println!("{}", serde_json::to_string_pretty(&report)?);
    } else {
        println!("{}: {}", options.file.display(), report.claim);
        println!(
            "result: {} ({}), {} jobs on {} workers ({} from the log, {} expanded, {} cancelled, \
             {} run again, {} refused), {} tree nodes, {} job nodes",
            report.result,
            report.check,
            report.jobs,
            report.workers,
            report.from_log,
            report.expanded,
            report.cancelled,
            report.restarts,
            report.refused,
            report.tree_nodes,
            report.nodes
        );
        println!(
            "{:.3} s wall, {:.3} s of jobs (workers busy {:.0} %)",
            report.seconds,
            report.job_seconds,
            100.0 * report.job_seconds / (report.seconds * report.workers as f64).max(1e-9)
        );
        if let Some(v) = report.virtual_seconds {
            println!("simulated: {v:.3} virtual s on {} workers", report.workers);
        }
    }
    if report.check.starts_with("rejected") {
        bail!("the assembled proof was rejected: {}", report.check);
    }
    Ok(())
}
