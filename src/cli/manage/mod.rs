//! `tsumego-studio manage FILE`: one proof split into jobs. The manager keeps the job-level
//! proof-number tree ([`crate::solver::distributed::tree`]), sends its most-proving leaves as
//! jobs to workers, expands a leaf whose job stopped undecided, and when the root is decided
//! grafts the jobs' proofs into one proof ([`crate::solver::distributed::graft`]) and checks it
//! with the independent checker. Every result is appended to a log (`--log DIR`), and a manager
//! started again with the same log answers the jobs it finds there from it: a killed manager
//! resumes where it stopped.
//!
//! The workers are `tsumego-studio worker` processes ([`super::worker`]) speaking JSON lines,
//! behind an [`Executor`] ([`executor`]): started by the manager itself ([`local_pool`]), or Ray
//! actors through the Ray driver ([`ray_driver`]), which speaks the same lines; in-process and
//! simulated ones for the tests and the scaling replay. The results log is [`results_log`].

pub mod executor;
pub mod local_pool;
pub mod ray_driver;
pub mod results_log;
pub mod shared_patterns;

pub use executor::{Executor, InProcess, Simulated, SIMULATED_NODES_PER_SEC};
pub use local_pool::LocalPool;
pub use ray_driver::{ray_python, RayDriver};

use crate::nn::net_choice::weights_file;
use crate::problem::{load_inferring, write_sgf, Problem};
use crate::solver::distributed::graft::{assemble, path_words};
use crate::solver::distributed::tree::{JobTree, NodeState, Outcome};
use crate::solver::jobs::job::{job_problem, Job, JobResult, JobStatus};
use crate::solver::jobs::job_patterns::decode_patterns;
use crate::solver::knowledge::pattern_store::PatternStore;
use crate::solver::proof::certify::CHECK_POSITIONS;
use crate::solver::proof::checker::check_proof;
use crate::solver::proof::proof_sgf::{proof_from_sgf, proof_to_sgf};
use crate::solver::proof::ProofTree;
use crate::solver::SolveConfig;
use anyhow::{bail, Context};
use results_log::{read_log, Logged};
use serde::Serialize;
use shared_patterns::SharedPatterns;
use std::collections::{HashMap, VecDeque};
use std::io::Write;
use std::path::PathBuf;
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
    /// Stop at the first result after this many seconds of wall time, the other jobs in flight
    /// dropped (the result is then unknown; with `--log` a later run goes on from there).
    #[arg(long, value_name = "S")]
    pub time_limit_secs: Option<f64>,
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
    /// Do not share RZ pattern-table wins: by default every job searches with its worker's
    /// warm pattern table and returns the wins it proved, and the manager sends a snapshot of
    /// all of them to the workers every `--pattern-snapshot-secs` (off with --cold-tables).
    #[arg(long)]
    pub no_shared_patterns: bool,
    /// The net guiding the jobs' searches, as `solve --net` names it (`on`: the shipped
    /// weights; a weights file; `playout…`); by default none (the heuristic). With Ray the
    /// weights are sent to the actors once (`ray.put`), so they need not be on every node.
    #[arg(long, value_name = "SPEC")]
    pub net: Option<String>,
    /// Least seconds between two pattern-table snapshots sent to the workers.
    #[arg(long, value_name = "S", default_value_t = 60.0)]
    pub pattern_snapshot_secs: f64,
    /// Simulate N workers on a virtual clock (each job run here, taking its nodes at
    /// 170,000 nodes per second; the manager and transport free) and print the virtual
    /// time: a replay of the run's job lengths with any number of workers. With --log, the
    /// jobs logged there are replayed (their logged nodes counted) and the new ones run and
    /// logged: with --cold-tables, runs for several N share one log.
    #[arg(long, value_name = "N", conflicts_with_all = ["ray", "ray_address"])]
    pub simulate: Option<usize>,
    /// With --simulate and --log: run no job; a job the log lacks is taken to stop undecided
    /// at its budget (a replay of a large logged run with any number of workers, at no
    /// search cost; the extra jobs count as waste).
    #[arg(long, requires_all = ["simulate", "log"])]
    pub replay_only: bool,
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
    /// Why the run ended: `decided`, `time limit`, `job limit`, or `nothing left to ask`.
    pub stop: String,
    pub claim: String,
    pub workers: usize,
    pub jobs: usize,
    /// Jobs answered from the log instead of run.
    pub from_log: usize,
    /// With `--simulate` and `--log`: jobs replayed from the log on the virtual workers (their
    /// logged nodes counted), among `jobs`.
    #[serde(skip_serializing_if = "is_zero")]
    pub replayed: usize,
    /// With `--replay-only`: jobs the log lacked, taken as undecided at their budget.
    #[serde(skip_serializing_if = "is_zero")]
    pub assumed_undecided: usize,
    /// Jobs that stopped undecided (their nodes expanded).
    pub expanded: usize,
    /// Jobs cancelled because a result made them moot (a sibling's result decided their
    /// parent or covered them as a null move, or a twin's result answers them).
    pub cancelled: usize,
    /// Nodes covered by a null-move sibling (answered by its proof, no job of their own).
    pub covered: usize,
    /// Nodes answered from another node with the same position (no job of their own).
    pub transposed: usize,
    /// Jobs run again because their worker died.
    pub restarts: usize,
    /// Results refused (a proof that did not read or check) and their jobs run again.
    pub refused: usize,
    pub tree_nodes: usize,
    /// RZ pattern-table wins the jobs returned, in the manager's store at the end.
    pub pattern_wins: usize,
    /// Snapshots of those wins sent to the workers.
    pub snapshots: usize,
    /// The most wins a job's pattern table started with (its worker's earlier jobs' and the
    /// snapshots').
    pub worker_store_wins: usize,
    /// The guides the jobs' searches used, by name (with `--net`).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub guides: Vec<String>,
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

fn is_zero(n: &usize) -> bool {
    *n == 0
}

/// Run the manager with `executor` on `problem` (the file's text `text`).
pub fn manage(
    options: &ManageOptions,
    problem: &Problem,
    text: &str,
    executor: &mut dyn Executor,
) -> anyhow::Result<(ManageReport, Option<ProofTree>)> {
    let start = Instant::now();
    let mut cached = match &options.log {
        Some(dir) => read_log(dir)?,
        None => HashMap::new(),
    };
    // A simulation replays the logged jobs on its virtual workers (their lengths counted)
    // instead of answering them at once.
    executor.take_replay(&mut cached);
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
    let share = !options.no_shared_patterns && !options.cold_tables;
    // The store kept beside the log is read only when the jobs share wins.
    let kept = options.log.as_deref().filter(|_| share);
    let mut patterns = SharedPatterns::open(kept, options.pattern_snapshot_secs);
    let mut tree = JobTree::new(problem, options.top_k);
    let mut in_flight = InFlight::default();
    let mut proofs: HashMap<usize, ProofTree> = HashMap::new();
    // Each job's refused results.
    let mut refusals: HashMap<String, usize> = HashMap::new();
    let mut report = ManageReport {
        result: "unknown".to_string(),
        stop: "decided".to_string(),
        claim: problem.claim_words(),
        workers: executor.capacity(),
        jobs: 0,
        from_log: 0,
        replayed: 0,
        assumed_undecided: 0,
        expanded: 0,
        cancelled: 0,
        covered: 0,
        transposed: 0,
        restarts: 0,
        refused: 0,
        tree_nodes: 0,
        pattern_wins: 0,
        snapshots: 0,
        worker_store_wins: 0,
        guides: Vec::new(),
        nodes: 0,
        job_seconds: 0.0,
        seconds: 0.0,
        virtual_seconds: None,
        check: "no proof".to_string(),
        proof_nodes: None,
    };
    let out_of_jobs = |report: &ManageReport| options.max_jobs.is_some_and(|m| report.jobs >= m);
    let out_of_time = || {
        options
            .time_limit_secs
            .is_some_and(|s| start.elapsed().as_secs_f64() >= s)
    };
    if let Some(spec) = &options.net {
        share_net(executor, spec)?;
    }
    if share {
        // The wins of an earlier run (`--log`), before the first job.
        report.snapshots += usize::from(patterns.publish(executor)?);
    }
    while tree.decided().is_none() && !out_of_time() {
        // Fill the workers with the most-proving leaves (answered from the log when there).
        while in_flight.jobs.len() < executor.capacity() && !out_of_jobs(&report) {
            let Some(id) = tree.select() else { break };
            if tree.won_by_passing(id) || tree.asks_another_claim(id) {
                // Expanded here: its pass ends the game, or a job's claim would not be the
                // problem's (a crucial stone captured on the way).
                tree.apply(id, Outcome::Undecided);
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
                share_patterns: share,
                net: options.net.clone(),
            };
            if answer_from_twin(&mut tree, &mut proofs, &job, id) {
                report.transposed += 1;
                continue;
            }
            if let Some(result) = cached.get(&path) {
                // A logged win counts only when its proof checks again (a log may be damaged).
                if let Ok(proof) = verified(result, &job) {
                    report.from_log += 1;
                    apply(&mut tree, &mut proofs, &mut report, id, result, proof)?;
                    continue;
                }
            }
            in_flight.send(executor, id, job)?;
            report.jobs += 1;
        }
        if in_flight.jobs.is_empty() {
            break; // out of jobs, or nothing left to ask
        }
        let result = in_flight.next(executor, options.in_order)?;
        let Some((id, job)) = in_flight.take(&result.id) else {
            continue; // a cancelled job's late answer
        };
        let (proof, wins) = match accepted(&result, &job) {
            Ok(accepted) => accepted,
            Err(why) => {
                // A corrupt result (a proof that does not read or does not check on the job's
                // own position) is refused and the job run again, MAX_REFUSALS times at most.
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
                in_flight.send(executor, id, job)?;
                continue;
            }
        };
        if let Some(file) = log
            .as_mut()
            .filter(|_| !executor.keeps_out_of_log(&result.id))
        {
            // The wins go to the store's own file (`patterns.rzt`), not into every line.
            let line = serde_json::to_string(&Logged {
                path: result.id.clone(),
                result: JobResult {
                    patterns: None,
                    ..result.clone()
                },
            })?;
            writeln!(file, "{line}").context("writing the log")?;
            file.flush().context("writing the log")?;
        }
        report.nodes += result.nodes;
        report.job_seconds += result.seconds;
        report.worker_store_wins = report.worker_store_wins.max(result.store_wins.unwrap_or(0));
        if let Some(guide) = &result.guide {
            if !report.guides.contains(guide) {
                report.guides.push(guide.clone());
            }
        }
        apply(&mut tree, &mut proofs, &mut report, id, &result, proof)?;
        if let Some(wins) = wins {
            patterns.add(&wins);
        }
        if share && tree.decided().is_none() {
            report.snapshots += usize::from(patterns.publish(executor)?);
        }
        // Jobs made moot, and the twins of the node answered (their next selection answers
        // them from it).
        let mut moot = tree.moot_pending();
        moot.extend(
            tree.twins(id)
                .into_iter()
                .filter(|&t| tree.nodes[t].state == NodeState::Pending),
        );
        for moot in moot {
            let path = path_words(problem, &tree.nodes[moot].path);
            if in_flight.take(&path).is_some() {
                executor.cancel(&path)?;
                tree.unsend(moot);
                report.cancelled += 1;
            }
        }
    }
    if tree.decided().is_none() {
        report.stop = if out_of_time() {
            "time limit"
        } else if out_of_jobs(&report) {
            "job limit"
        } else {
            "nothing left to ask"
        }
        .to_string();
    }
    report.tree_nodes = tree.nodes.len();
    report.pattern_wins = patterns.store.len();
    patterns.save()?;
    report.covered = tree.nodes.iter().filter(|n| n.covered_by.is_some()).count();
    report.restarts = executor.restarts();
    report.virtual_seconds = executor.virtual_seconds();
    (report.replayed, report.assumed_undecided) = executor.replayed();
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

/// The jobs in flight, by id (their path): each job's node and the job itself (sent again when
/// its result is refused), the ids in the order sent, and results that came before their turn
/// (`in_order`).
#[derive(Default)]
struct InFlight {
    jobs: HashMap<String, (usize, Job)>,
    sent: VecDeque<String>,
    arrived: HashMap<String, JobResult>,
}

impl InFlight {
    /// Send the job of node `id`.
    fn send(&mut self, executor: &mut dyn Executor, id: usize, job: Job) -> anyhow::Result<()> {
        executor.submit(&job)?;
        self.sent.push_back(job.id.clone());
        self.jobs.insert(job.id.clone(), (id, job));
        Ok(())
    }

    /// The next result: the first to come, or with `in_order` the result of the job sent
    /// first, so that the tree, and the proof, do not depend on which worker finished first.
    fn next(&mut self, executor: &mut dyn Executor, in_order: bool) -> anyhow::Result<JobResult> {
        if !in_order {
            return executor.next_result();
        }
        let first = self.sent.front().cloned().context("no job in flight")?;
        loop {
            if let Some(r) = self.arrived.remove(&first) {
                return Ok(r);
            }
            let r = executor.next_result()?;
            if self.jobs.contains_key(&r.id) {
                self.arrived.insert(r.id.clone(), r);
            }
        }
    }

    /// The job `path` is no longer in flight (answered or cancelled): its node and the job,
    /// `None` when it was not.
    fn take(&mut self, path: &str) -> Option<(usize, Job)> {
        let taken = self.jobs.remove(path)?;
        self.sent.retain(|p| p != path);
        self.arrived.remove(path);
        Some(taken)
    }
}

/// Send the weights the net `spec` names to the workers (for those that do not share this
/// machine's files), once, before the first job.
fn share_net(executor: &mut dyn Executor, spec: &str) -> anyhow::Result<()> {
    if !executor.takes_nets() {
        return Ok(());
    }
    let Some(file) = weights_file(spec) else {
        return Ok(()); // no net: nothing to send
    };
    let path = file.map_err(|e| anyhow::anyhow!("--net {spec}: {e}"))?;
    let weights = std::fs::read(&path)
        .with_context(|| format!("--net {spec}: reading {}", path.display()))?;
    executor.share_net(spec, &weights)
}

/// Times a job's result may be refused before the run stops (a worker that keeps sending
/// proofs that do not check is broken, not unlucky).
const MAX_REFUSALS: usize = 2;

/// A result's proof ([`verified`]) and pattern-table wins, read; `Err` says why the result is
/// refused.
fn accepted(
    result: &JobResult,
    job: &Job,
) -> Result<(Option<ProofTree>, Option<PatternStore>), String> {
    let proof = verified(result, job)?;
    let wins = result
        .patterns
        .as_deref()
        .map(decode_patterns)
        .transpose()?;
    Ok((proof, wins))
}

/// A won result's proof, read and checked by the independent checker on the job's own
/// position (`None` for the other results); `Err` says why it is refused.
fn verified(result: &JobResult, job: &Job) -> Result<Option<ProofTree>, String> {
    if result.status != JobStatus::Win {
        return Ok(None);
    }
    let text = result.proof.as_deref().ok_or("a win without a proof")?;
    let (_, proof) = proof_from_sgf(text).map_err(|e| format!("an unreadable proof: {e}"))?;
    check_on(&proof, job)?;
    Ok(Some(proof))
}

/// Check `proof` on the position of `job`.
fn check_on(proof: &ProofTree, job: &Job) -> Result<(), String> {
    let position = job_problem(job)?;
    check_proof(
        &position,
        proof,
        SolveConfig::default().superko,
        CHECK_POSITIONS,
    )
    .map(|_| ())
    .map_err(|e| format!("a proof the checker refuses: {e}"))
}

/// Answer the fresh node `id` (whose job is `job`) from a twin, a node with the same position
/// whose job answered it: won (its proof, checked again on this node's own position), lost, or
/// expanded (a job of the same budget would stop undecided again). `false` when no twin has
/// answered.
fn answer_from_twin(
    tree: &mut JobTree,
    proofs: &mut HashMap<usize, ProofTree>,
    job: &Job,
    id: usize,
) -> bool {
    for twin in tree.twins(id) {
        let outcome = match tree.nodes[twin].state {
            NodeState::Won => match proofs.get(&twin) {
                Some(proof) if check_on(proof, job).is_ok() => {
                    let proof = proof.clone();
                    let zone = proof.root.zone;
                    proofs.insert(id, proof);
                    Outcome::Won(zone)
                }
                _ => continue,
            },
            NodeState::Lost => Outcome::Lost,
            NodeState::Expanded => Outcome::Undecided,
            _ => continue,
        };
        tree.apply(id, outcome);
        return true;
    }
    false
}

/// Apply a job's result (and its checked proof) to its node.
fn apply(
    tree: &mut JobTree,
    proofs: &mut HashMap<usize, ProofTree>,
    report: &mut ManageReport,
    id: usize,
    result: &JobResult,
    proof: Option<ProofTree>,
) -> anyhow::Result<()> {
    let path = &result.id;
    match result.status {
        JobStatus::Win => {
            let proof = proof.with_context(|| format!("the job at {path} won without a proof"))?;
            let zone = proof.root.zone;
            proofs.insert(id, proof);
            tree.apply(id, Outcome::Won(zone));
        }
        JobStatus::Fail => tree.apply(id, Outcome::Lost),
        JobStatus::Unknown => {
            report.expanded += 1;
            tree.apply(id, Outcome::Undecided);
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
        (_, Some(n)) if options.replay_only => {
            Box::new(Simulated::new(n).assume_unlogged_undecided())
        }
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
        if report.stop != "decided" {
            println!("stopped: {}", report.stop);
        }
        println!(
            "result: {} ({}), {} jobs on {} workers ({} from the log, {} expanded, {} cancelled, \
             {} run again, {} refused), {} tree nodes ({} covered by null moves, {} answered by \
             twins), {} job nodes, {} pattern-table wins shared ({} snapshots)",
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
            report.covered,
            report.transposed,
            report.nodes,
            report.pattern_wins,
            report.snapshots
        );
        println!(
            "{:.3} s wall, {:.3} s of jobs (workers busy {:.0} %)",
            report.seconds,
            report.job_seconds,
            100.0 * report.job_seconds / (report.seconds * report.workers as f64).max(1e-9)
        );
        if let Some(v) = report.virtual_seconds {
            println!(
                "simulated: {v:.3} virtual s on {} workers ({} jobs replayed from the log, {} \
                 taken as undecided)",
                report.workers, report.replayed, report.assumed_undecided
            );
        }
    }
    if report.check.starts_with("rejected") {
        bail!("the assembled proof was rejected: {}", report.check);
    }
    Ok(())
}
