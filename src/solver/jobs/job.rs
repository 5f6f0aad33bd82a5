//! A **job** of a proof split across processes or machines (`../shared/research/scale.md`,
//! ARCHITECTURE.md "Jobs"): a problem, a path of moves from its position, an engine and a node
//! budget; its **result** is the problem's claim decided at the position after the path, with
//! the nodes, the root relevance zone and the proof. Plain data with serde, read and written as
//! JSON lines by `tsumego-studio worker` and made by the in-process callers alike. A job is one
//! search of the claim as stated (no Go analysis of seki and ko variants, whose proofs would be
//! of other claims).
//!
//! The path's moves become setup moves of the job's problem ([`after_move`]): the position's
//! history is the path's, so the cycle rule sees the same line as a search from the root would.
//! The node budget is the job's limit (a job run again with a cold table gives the same
//! result); the time limit is only a safety net. Every proof a job returns can be checked, and
//! is, unless the job says otherwise.

use crate::go::{Move, Point};
use crate::problem::{load_bytes, Format, Problem};
use crate::solver::jobs::first_moves::after_move;
use crate::solver::jobs::job_patterns::{decode_patterns, encode_patterns, SHARED_PATTERN_ENTRIES};
use crate::solver::knowledge::guide::GuideHandle;
use crate::solver::knowledge::pattern_pool::PatternPool;
use crate::solver::knowledge::pattern_store::PatternStore;
use crate::solver::proof::certify::CHECK_POSITIONS;
use crate::solver::proof::checker::check_proof;
use crate::solver::proof::proof_sgf::proof_to_sgf;
use crate::solver::{Engine, SolveConfig, Solver, Status, TablePool};
use serde::{Deserialize, Serialize};
use std::time::{Duration, Instant};

/// One job: what to decide and within which limits.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Job {
    /// The caller's name for the job, copied into its result.
    pub id: String,
    /// The problem file's text (SGF or the research JSON), with its claim (OR player, goal).
    pub problem: String,
    /// Moves from the problem's position, the side to move first and then alternating: GTP
    /// vertices (`D4`) or `pass`.
    #[serde(default)]
    pub path: Vec<String>,
    /// The engine's name (`dfpn` unless given; `dfs`, `mcts`, `exhaustive`).
    #[serde(default)]
    pub engine: Option<String>,
    /// Nodes the search may visit: the job's limit.
    pub max_nodes: u64,
    /// Seconds the search may take, a safety net beside the node budget.
    #[serde(default)]
    pub time_limit_secs: Option<f64>,
    /// Count seki as life whatever the problem says (the research goals become their Go forms).
    #[serde(default)]
    pub seki_life: bool,
    /// Return the proof of a win (as proof SGF).
    #[serde(default = "yes")]
    pub want_proof: bool,
    /// Check the proof of a win with the independent checker before returning it.
    #[serde(default = "yes")]
    pub check: bool,
    /// Search with a fresh transposition table, not the worker's warm one: the result, nodes
    /// and proof are then the same whichever worker runs the job after whichever others.
    #[serde(default)]
    pub fresh_table: bool,
    /// Search with the worker's warm pattern table for the game (the RZ pattern-table wins of
    /// its earlier jobs and of the snapshots it was sent, [`Worker::load_patterns`]) and
    /// return the wins this job proved ([`JobResult::patterns`]). Ignored with `fresh_table`.
    #[serde(default)]
    pub share_patterns: bool,
    /// The net guiding the search, as `--net` names it (`on`: the shipped weights, a weights
    /// file, `playout…`, `off`); none: the heuristic. Loaded once per worker process. A net
    /// that cannot be had makes the job invalid.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub net: Option<String>,
}

fn yes() -> bool {
    true
}

/// What came of a job.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum JobStatus {
    /// The claim's OR player reaches its goal at the job's position (proven).
    Win,
    /// It does not (proven).
    Fail,
    /// Not decided within the limits.
    Unknown,
    /// The job could not be run (unreadable problem, illegal path, unknown engine): running
    /// it again gives the same answer.
    Invalid,
    /// The job ran but its proof was rejected by the checker: a solver bug, not a result.
    Rejected,
}

/// A job's result.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct JobResult {
    pub id: String,
    pub status: JobStatus,
    /// Why the job is invalid or rejected, or why the search stopped undecided.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    /// The claim decided, in words (`Black to kill (kill-all)`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub claim: Option<String>,
    pub nodes: u64,
    pub seconds: f64,
    /// The OR player's winning move at the job's position, when it is to move and wins.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub first_move: Option<String>,
    /// The root relevance zone of a win, as GTP vertices.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub root_zone: Option<Vec<String>>,
    /// The checker's verdict on the proof (`checked`, …); absent when nothing was checked.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub check: Option<String>,
    /// The proof of a win as proof SGF (the job's problem with the path as setup moves).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub proof: Option<String>,
    /// With [`Job::share_patterns`]: the pattern-table wins the job's search proved
    /// ([`crate::solver::jobs::job_patterns`]), whatever its status.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub patterns: Option<String>,
    /// With [`Job::share_patterns`]: the wins the job's pattern table started with (the
    /// worker's earlier jobs' and the snapshots it was sent).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub store_wins: Option<usize>,
    /// The guide the search used, by name (with [`Job::net`]: which net, from which file).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub guide: Option<String>,
    /// The process that ran the job.
    pub worker: u32,
    /// The program that ran it (`tsumego-studio 0.1.0`): results of another are not mixed.
    pub binary: String,
}

/// The program's name and version, as results carry it.
pub fn binary_version() -> String {
    format!("tsumego-studio {}", env!("CARGO_PKG_VERSION"))
}

impl JobResult {
    /// The result of a job that could not be run.
    pub fn invalid(id: &str, reason: impl Into<String>) -> JobResult {
        JobResult {
            id: id.to_string(),
            status: JobStatus::Invalid,
            reason: Some(reason.into()),
            claim: None,
            nodes: 0,
            seconds: 0.0,
            first_move: None,
            root_zone: None,
            check: None,
            proof: None,
            patterns: None,
            store_wins: None,
            guide: None,
            worker: std::process::id(),
            binary: binary_version(),
        }
    }
}

/// The job's problem and position: the problem read, the path played as setup moves.
pub fn job_problem(job: &Job) -> Result<Problem, String> {
    let bytes = job.problem.as_bytes();
    let format = Format::sniff(bytes).ok_or("the problem is neither SGF nor JSON")?;
    let mut problem = load_bytes(bytes, format).map_err(|e| format!("the problem: {e}"))?;
    if job.seki_life {
        problem = problem.with_seki(true);
    }
    for (i, text) in job.path.iter().enumerate() {
        let size = problem.board().size();
        let mv = parse_move(text, size)
            .ok_or_else(|| format!("move {} of the path, {text:?}, is not a vertex", i + 1))?;
        if let Move::Play(p) = mv {
            let mut board = problem.board().clone();
            board.play(problem.to_move(), mv).map_err(|e| {
                format!(
                    "move {} of the path, {} {}, is illegal: {e}",
                    i + 1,
                    problem.to_move(),
                    p.to_gtp(size)
                )
            })?;
        }
        problem = after_move(&problem, mv)
            .map_err(|e| format!("the position after move {} of the path: {e}", i + 1))?;
    }
    Ok(problem)
}

/// `D4` or `pass` on a `size` board.
fn parse_move(text: &str, size: usize) -> Option<Move> {
    if text.eq_ignore_ascii_case("pass") {
        return Some(Move::Pass);
    }
    Point::from_gtp(&text.to_ascii_uppercase(), size).map(Move::Play)
}

/// A process's job runner. Each job is one search of the job's claim exactly as the problem
/// states it (its goal and ko rules: never a variant, as a Go analysis would try, whose proof
/// would prove another claim than the manager's); the seki database, the static table and the
/// net stay loaded in the process from one job to the next.
///
/// Its transposition tables stay warm too ([`TablePool`]: a table per claim's rules, so what
/// one job proved is a table hit for the next; node counts then depend on the jobs run before,
/// never a result's truth, which the checker has the last word on), and so do its pattern
/// tables for the jobs that share patterns ([`Job::share_patterns`], a [`PatternPool`]): every
/// such job's wins, and the snapshots of the other workers' wins it is sent.
pub struct Worker {
    /// Jobs run.
    pub jobs: u64,
    pool: TablePool,
    patterns: PatternPool,
    /// What a job's `net` names ([`Worker::with_nets`]; none: such jobs are invalid).
    nets: Option<NetLoader>,
}

/// The guide a `--net` spec names, or why it cannot be had (the app's
/// `nn::net_choice::guide_for`: the solver does not load nets itself).
pub type NetLoader = fn(&str) -> Result<Option<GuideHandle>, String>;

impl Default for Worker {
    fn default() -> Worker {
        Worker {
            jobs: 0,
            pool: TablePool::default(),
            patterns: PatternPool::new(SHARED_PATTERN_ENTRIES),
            nets: None,
        }
    }
}

impl Worker {
    pub fn new() -> Worker {
        Worker::default()
    }

    /// A worker whose jobs may name a net, found by `loader` (which should keep what it
    /// loaded: it is asked at every such job).
    pub fn with_nets(loader: NetLoader) -> Worker {
        Worker {
            nets: Some(loader),
            ..Worker::default()
        }
    }

    /// Add the pattern-table wins of `text` (a snapshot, [`decode_patterns`]) to the tables
    /// the next jobs start from; returns the wins read, or why the snapshot is refused (then
    /// nothing is added).
    pub fn load_patterns(&mut self, text: &str) -> Result<usize, String> {
        let snapshot = decode_patterns(text)?;
        self.patterns.load(&snapshot);
        Ok(snapshot.len())
    }

    /// Run `job` to its result (never panics on bad input: an invalid job says why).
    pub fn run(&mut self, job: &Job) -> JobResult {
        self.jobs += 1;
        let start = Instant::now();
        let problem = match job_problem(job) {
            Ok(p) => p,
            Err(e) => return JobResult::invalid(&job.id, e),
        };
        let engine = match job.engine.as_deref() {
            None => Engine::DFPN,
            Some(name) => match Engine::from_name(name) {
                Some(e) => e,
                None => return JobResult::invalid(&job.id, format!("unknown engine {name:?}")),
            },
        };
        let time_limit = match job.time_limit_secs.map(Duration::try_from_secs_f64) {
            Some(Err(_)) => {
                return JobResult::invalid(&job.id, "the time limit is not a number of seconds")
            }
            Some(Ok(t)) => Some(t),
            None => None,
        };
        let guide = match (job.net.as_deref(), self.nets) {
            (None, _) => None,
            (Some(spec), Some(load)) => match load(spec) {
                Ok(guide) => guide,
                Err(e) => return JobResult::invalid(&job.id, e),
            },
            (Some(spec), None) => {
                return JobResult::invalid(&job.id, format!("this worker has no nets ({spec})"))
            }
        };
        let share = job.share_patterns && !job.fresh_table;
        let config = SolveConfig {
            guide,
            engine,
            max_nodes: Some(job.max_nodes),
            time_limit,
            build_proof: true,
            ..SolveConfig::default()
        };
        let superko = config.superko;
        let mut store_wins = None;
        let mut new_wins = None;
        let solution = if job.fresh_table {
            Solver::new(&problem, config.clone()).solve()
        } else {
            let table = self.pool.take(&problem, &config);
            let mut solver = Solver::with_table(&problem, config.clone(), table);
            if share && !superko {
                let mut patterns = self.patterns.take(&problem);
                store_wins = Some(patterns.wins());
                patterns.keep_fresh();
                solver.set_patterns(patterns);
            }
            let solution = solver.solve();
            if store_wins.is_some() {
                let mut patterns = solver.take_patterns();
                new_wins = patterns.take_fresh().and_then(|fresh| {
                    let mut wins = PatternStore::new(SHARED_PATTERN_ENTRIES);
                    wins.merge(&problem, &fresh);
                    (!wins.is_empty()).then(|| encode_patterns(&wins))
                });
                self.patterns.give_back(&problem, patterns);
            }
            self.pool.give_back(&problem, &config, solver.into_table());
            solution
        };
        let status = match solution.status {
            Status::Win => JobStatus::Win,
            Status::Fail => JobStatus::Fail,
            Status::Unknown => JobStatus::Unknown,
        };
        let size = problem.size();
        let mut result = JobResult {
            id: job.id.clone(),
            status,
            reason: (status == JobStatus::Unknown).then(|| solution.stop.describe().to_string()),
            claim: Some(problem.claim_words()),
            nodes: solution.nodes,
            seconds: 0.0,
            first_move: solution.first_move.map(|m| m.to_gtp(size)),
            root_zone: solution
                .root_zone
                .map(|z| z.iter().map(|p| p.to_gtp(size)).collect()),
            check: None,
            proof: None,
            patterns: new_wins,
            store_wins,
            guide: config.guide.as_ref().map(|g| g.guide().name()),
            worker: std::process::id(),
            binary: binary_version(),
        };
        // Only a win's own proof is checked: a failure's certificate (the opposite claim's
        // proof) would be a second search, which the job did not ask for.
        if let (JobStatus::Win, Some(proof)) = (status, &solution.proof) {
            if job.check {
                match check_proof(&problem, proof, superko, CHECK_POSITIONS) {
                    Ok(_) => result.check = Some("checked".to_string()),
                    Err(e) => {
                        result.check = Some("failed".to_string());
                        result.status = if e.rejects() {
                            JobStatus::Rejected
                        } else {
                            JobStatus::Unknown
                        };
                        result.reason = Some(e.to_string());
                        result.seconds = start.elapsed().as_secs_f64();
                        return result;
                    }
                }
            }
            if job.want_proof {
                result.proof = Some(proof_to_sgf(&problem, proof));
            }
        }
        result.seconds = start.elapsed().as_secs_f64();
        result
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    fn bundled(name: &str) -> String {
        std::fs::read_to_string(
            std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("problems")
                .join(name),
        )
        .unwrap()
    }

    fn job(id: &str, path: &[&str]) -> Job {
        Job {
            id: id.to_string(),
            problem: bundled("03-bent-three-kill.sgf"),
            path: path.iter().map(|m| m.to_string()).collect(),
            engine: None,
            max_nodes: 200_000,
            time_limit_secs: None,
            seki_life: false,
            want_proof: true,
            check: true,
            fresh_table: false,
            share_patterns: false,
            net: None,
        }
    }

    #[test]
    fn a_job_decides_the_claim_after_its_path() {
        // White kills the bent three with D1; after a White pass Black lives.
        let mut worker = Worker::new();
        let right = worker.run(&job("right", &["D1"]));
        assert_eq!(right.status, JobStatus::Win, "{right:?}");
        assert_eq!(right.check.as_deref(), Some("checked"));
        assert!(right.proof.as_deref().unwrap().starts_with("(;"));
        assert!(right.root_zone.as_ref().is_some_and(|z| !z.is_empty()));
        let pass = worker.run(&job("pass", &["pass"]));
        assert_eq!(pass.status, JobStatus::Fail, "{pass:?}");
        assert_eq!(pass.proof, None);
        // The root itself: White to move wins, with D1.
        let root = worker.run(&job("root", &[]));
        assert_eq!(root.status, JobStatus::Win);
        assert_eq!(root.first_move.as_deref(), Some("D1"));
    }

    #[test]
    fn a_job_gives_the_same_result_in_a_cold_and_a_warm_worker() {
        let cold = Worker::new().run(&job("a", &["D1"]));
        let again = Worker::new().run(&job("a", &["D1"]));
        assert_eq!((cold.status, cold.nodes), (again.status, again.nodes));
        let mut warm = Worker::new();
        warm.run(&job("root", &[]));
        assert_eq!(warm.run(&job("a", &["D1"])).status, cold.status);
    }

    #[test]
    fn a_sharing_job_returns_its_wins_and_another_worker_starts_from_them() {
        let mut sharing = job("share", &[]);
        sharing.share_patterns = true;
        let mut first = Worker::new();
        let r = first.run(&sharing);
        assert_eq!(r.status, JobStatus::Win);
        assert_eq!(r.store_wins, Some(0));
        let text = r.patterns.clone().expect("the job's new wins");
        let wins = decode_patterns(&text).unwrap().len();
        assert!(wins > 0);
        let next = first.run(&sharing);
        assert_eq!(next.store_wins, Some(wins), "the worker keeps its own wins");
        // Another worker sent them as a snapshot starts its job with them.
        let mut second = Worker::new();
        assert_eq!(second.load_patterns(&text), Ok(wins));
        assert!(
            second.load_patterns("AAAA").is_err(),
            "a damaged snapshot adds nothing"
        );
        let again = second.run(&sharing);
        assert_eq!(again.store_wins, Some(wins));
        assert_eq!(again.status, JobStatus::Win);
        assert_eq!(again.check.as_deref(), Some("checked"));
        // A job that does not share returns no wins, nor does one with a fresh table.
        assert_eq!(Worker::new().run(&job("plain", &[])).patterns, None);
        sharing.fresh_table = true;
        let cold = Worker::new().run(&sharing);
        assert_eq!((cold.patterns, cold.store_wins), (None, None));
    }

    #[test]
    fn the_node_budget_is_the_limit() {
        let mut small = job("small", &[]);
        small.max_nodes = 1;
        let r = Worker::new().run(&small);
        assert_eq!(r.status, JobStatus::Unknown);
        assert_eq!(r.reason.as_deref(), Some("node limit reached"));
    }

    #[test]
    fn bad_jobs_are_invalid_with_the_reason() {
        let mut w = Worker::new();
        let occupied = w.run(&job("x", &["D1", "D1"]));
        assert_eq!(occupied.status, JobStatus::Invalid);
        assert!(
            occupied
                .reason
                .as_deref()
                .unwrap()
                .contains("move 2 of the path"),
            "{occupied:?}"
        );
        let nonsense = w.run(&job("y", &["Z99"]));
        assert_eq!(nonsense.status, JobStatus::Invalid);
        let mut engine = job("z", &[]);
        engine.engine = Some("quantum".to_string());
        assert!(w.run(&engine).reason.unwrap().contains("unknown engine"));
        let mut net = job("n", &[]);
        net.net = Some("on".to_string());
        assert!(w.run(&net).reason.unwrap().contains("no nets"));
        let refuse: NetLoader = |spec| Err(format!("net unavailable: {spec}"));
        let with_nets = Worker::with_nets(refuse).run(&net);
        assert_eq!(with_nets.reason.as_deref(), Some("net unavailable: on"));
        let mut garbage = job("g", &[]);
        garbage.problem = "hello".to_string();
        assert_eq!(w.run(&garbage).status, JobStatus::Invalid);
    }

    #[test]
    fn jobs_and_results_read_back_as_written() {
        let j = job("j", &["D1"]);
        let text = serde_json::to_string(&j).unwrap();
        assert_eq!(serde_json::from_str::<Job>(&text).unwrap(), j);
        let minimal: Job =
            serde_json::from_str(r#"{"id":"m","problem":"(;SZ[9])","max_nodes":5}"#).unwrap();
        assert!(minimal.want_proof && minimal.check && minimal.path.is_empty());
        let r = Worker::new().run(&j);
        let back: JobResult = serde_json::from_str(&serde_json::to_string(&r).unwrap()).unwrap();
        assert_eq!(back, r);
    }
}
