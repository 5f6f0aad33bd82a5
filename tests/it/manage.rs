//! Proofs split into jobs (`manage`): the split differential (random problems through jobs with
//! tiny node budgets against the monolithic solve, every assembled proof checked), the log a
//! stopped manager resumes from, and a worker killed mid-run.
#![allow(clippy::unwrap_used)] // tests may panic on what cannot happen

use crate::random_problems::random_problem;
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;
use tsumego_studio::cli::manage::{manage, InProcess, ManageOptions, Simulated};
use tsumego_studio::problem::write_sgf;
use tsumego_studio::solver::{SolveConfig, Solver, Status};

fn options(file: &Path, job_nodes: u64) -> ManageOptions {
    ManageOptions {
        file: file.to_path_buf(),
        workers: 2,
        job_nodes,
        top_k: 2,
        engine: None,
        seki_life: false,
        max_jobs: None,
        time_limit_secs: None,
        log: None,
        proof_out: None,
        json: false,
        cold_tables: false,
        no_shared_patterns: false,
        net: None,
        pattern_snapshot_secs: 60.0,
        in_order: false,
        simulate: None,
        replay_only: false,
        ray: false,
        ray_address: None,
    }
}

/// Random problems proven through jobs of 20 nodes: the same result as one search, and the
/// grafted proof accepted by the checker; the runs cover AND moves with null moves and answer
/// nodes from their twins (so both are checked here).
#[test]
fn split_proofs_agree_with_the_monolithic_solve_and_check() {
    let (mut split, mut covered, mut transposed) = (0, 0, 0);
    for index in 0..40 {
        let p = random_problem(41, index, 9).problem;
        let whole = Solver::new(&p, SolveConfig::default()).solve();
        if whole.status == Status::Unknown {
            continue;
        }
        let text = write_sgf(&p);
        let (report, proof) = manage(
            &options(Path::new("random.sgf"), 20),
            &p,
            &text,
            &mut InProcess::new(2),
        )
        .unwrap();
        let expected = if whole.status == Status::Win {
            "win"
        } else {
            "fail"
        };
        assert_eq!(report.result, expected, "problem {index}: {report:?}");
        if report.result == "win" {
            assert_eq!(report.check, "checked", "problem {index}: {report:?}");
            assert!(proof.is_some());
        }
        if report.jobs > 1 {
            split += 1;
        }
        covered += report.covered;
        transposed += report.transposed;
    }
    assert!(
        split >= 10,
        "only {split} problems needed more than one job"
    );
    assert!(
        covered > 0 && transposed > 0,
        "covered {covered}, twins {transposed}"
    );
}

/// A run out of time stops with the result unknown and says why.
#[test]
fn a_run_out_of_time_stops_unknown() {
    let p = random_problem(41, 0, 9).problem;
    let mut o = options(Path::new("random.sgf"), 20);
    o.time_limit_secs = Some(0.0);
    let (report, proof) = manage(&o, &p, &write_sgf(&p), &mut InProcess::new(2)).unwrap();
    assert_eq!(
        (report.result.as_str(), report.stop.as_str()),
        ("unknown", "time limit")
    );
    assert_eq!(report.jobs, 0);
    assert!(proof.is_none());
}

/// A simulation with a log replays the logged jobs (their logged nodes on the virtual clock)
/// and runs and logs only the new ones: with cold tables the replay of a run gives the same
/// tree, virtual time and checked proof as the run, and the log does not grow; another worker
/// count reuses what it can; `--replay-only` runs nothing.
#[test]
fn a_simulation_replays_its_log_exactly() {
    let dir = temp_dir("replay");
    let mut o = options(Path::new("random.sgf"), 20);
    o.cold_tables = true;
    let simulate = |o: &ManageOptions, p: &_, workers| {
        let mut executor = Simulated::new(workers);
        manage(o, p, &write_sgf(p), &mut executor).unwrap().0
    };
    // The first random problem won through a dozen jobs or more.
    let p = (0..40)
        .map(|index| random_problem(41, index, 9).problem)
        .find(|p| {
            let r = simulate(&o, p, 4);
            r.result == "win" && r.jobs >= 12
        })
        .unwrap();
    o.log = Some(dir.clone());
    let log_lines = || {
        std::fs::read_to_string(dir.join("results.jsonl"))
            .unwrap()
            .lines()
            .count()
    };
    let first = simulate(&o, &p, 4);
    assert!(first.replayed == 0 && first.check == "checked", "{first:?}");
    // Every job's result is logged but the cancelled ones' (which never come).
    let logged = first.jobs - first.cancelled;
    assert_eq!(log_lines(), logged);
    let again = simulate(&o, &p, 4);
    assert_eq!(
        (again.jobs, again.cancelled, again.replayed),
        (first.jobs, first.cancelled, logged)
    );
    assert_eq!(
        (again.tree_nodes, again.nodes, again.virtual_seconds),
        (first.tree_nodes, first.nodes, first.virtual_seconds)
    );
    assert_eq!(
        (again.result.as_str(), again.check.as_str()),
        ("win", "checked")
    );
    assert_eq!(log_lines(), logged, "replayed jobs are not logged again");
    let one = simulate(&o, &p, 1);
    assert!(one.replayed > 0 && one.replayed <= one.jobs, "{one:?}");
    assert!(log_lines() <= logged + one.jobs - one.replayed);
    assert_eq!(one.result, "win");
    // Replayed without running anything, with more workers: the jobs the log lacks are taken
    // as undecided, the proof is the logged jobs' and checks, and nothing is logged.
    let lines = log_lines();
    let mut replay = Simulated::new(8).assume_unlogged_undecided();
    let wide = manage(&o, &p, &write_sgf(&p), &mut replay).unwrap().0;
    assert_eq!(
        (wide.result.as_str(), wide.check.as_str()),
        ("win", "checked")
    );
    // (Distinct jobs: a cancelled job may be sent again later.)
    assert!(
        wide.replayed > 0 && wide.replayed + wide.assumed_undecided <= wide.jobs,
        "{wide:?}"
    );
    assert_eq!(log_lines(), lines);
    let _ = std::fs::remove_dir_all(&dir);
}

fn bin() -> &'static str {
    env!("CARGO_BIN_EXE_tsumego-studio")
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tsumego-manage-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A bundled problem won through a few dozen jobs of 30 nodes.
fn problem_file() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("problems/20-marked-target-kill.sgf")
}

/// `manage FILE ARGS… --json` with the environment `env`: its report (it must succeed).
fn manage_json(file: &Path, args: &[&str], env: &[(&str, &str)]) -> serde_json::Value {
    let out = Command::new(bin())
        .arg("manage")
        .arg(file)
        .args(args)
        .arg("--json")
        .envs(env.iter().copied())
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

fn run_manage(args: &[&str]) -> serde_json::Value {
    let mut all = vec!["--job-nodes", "30", "--cold-tables"];
    all.extend_from_slice(args);
    manage_json(&problem_file(), &all, &[])
}

#[test]
fn a_stopped_manager_resumes_from_its_log() {
    let dir = temp_dir("log");
    let log = dir.to_str().unwrap();
    let whole = run_manage(&["--workers", "1"]);
    assert_eq!(whole["result"], "win");
    let jobs = whole["jobs"].as_u64().unwrap();
    assert!(jobs > 6, "{whole}");
    let first = run_manage(&["--workers", "1", "--log", log, "--max-jobs", "5"]);
    assert_eq!(first["result"], "unknown");
    assert_eq!(first["jobs"], 5);
    let second = run_manage(&["--workers", "1", "--log", log]);
    assert_eq!(second["result"], "win");
    assert_eq!(second["check"], "checked");
    assert_eq!(second["from_log"], 5, "{second}");
    assert_eq!(second["jobs"].as_u64().unwrap() + 5, jobs, "the same tree");
    // A third run is answered from the log alone.
    let third = run_manage(&["--workers", "1", "--log", log]);
    assert_eq!(
        (third["jobs"].as_u64(), third["result"].as_str()),
        (Some(0), Some("win"))
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Jobs that share their pattern-table wins: the workers are sent snapshots (here after every
/// result) and start their jobs with them, the proof checks, and the store is kept beside the
/// log, where a run started again finds it.
#[test]
fn workers_share_their_pattern_table_wins_through_the_manager() {
    let dir = temp_dir("patterns");
    let log = dir.to_str().unwrap();
    let args = [
        "--job-nodes",
        "30",
        "--workers",
        "2",
        "--pattern-snapshot-secs",
        "0",
        "--log",
        log,
    ];
    let report = manage_json(&problem_file(), &args, &[]);
    assert_eq!(report["result"], "win", "{report}");
    assert_eq!(report["check"], "checked", "{report}");
    let wins = report["pattern_wins"].as_u64().unwrap();
    assert!(wins > 0, "{report}");
    assert!(report["snapshots"].as_u64().unwrap() >= 2, "{report}");
    assert!(
        report["worker_store_wins"].as_u64().unwrap() > 0,
        "{report}"
    );
    let kept = dir.join("patterns.rzt");
    assert!(kept.exists());
    // Started again, the run is answered from its log, with the wins it kept. (With two
    // workers the first run's tree depends on which result came first, and a job that was
    // still running when the root was proven is not in the log: the run started again may
    // choose it and run it, so only "from the log" and "at least the kept wins" are pinned.)
    let again = manage_json(&problem_file(), &args, &[]);
    assert_eq!(again["result"], "win", "{again}");
    assert_eq!(again["check"], "checked", "{again}");
    assert!(again["from_log"].as_u64().unwrap() > 0, "{again}");
    assert!(again["pattern_wins"].as_u64().unwrap() >= wins, "{again}");
    // Not shared: no wins, no snapshots.
    let mut plain = args.to_vec();
    plain.truncate(4);
    plain.push("--no-shared-patterns");
    let report = manage_json(&problem_file(), &plain, &[]);
    assert_eq!(
        (
            report["pattern_wins"].as_u64(),
            report["snapshots"].as_u64()
        ),
        (Some(0), Some(0))
    );
    assert_eq!(report["check"], "checked");
    // A store file that is not one is set aside with a warning, not a reason to stop.
    std::fs::write(&kept, b"not a table").unwrap();
    let damaged = manage_json(&problem_file(), &args, &[]);
    assert_eq!(damaged["result"], "win");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The problem through jobs of 30 nodes on one worker with fresh tables, once as it is and
/// once with the worker fault `var=value`: both reports, after asserting that the two runs
/// wrote the same proof, byte for byte.
fn clean_and_faulty(name: &str, var: &str, value: &str) -> [serde_json::Value; 2] {
    let dir = temp_dir(name);
    let outs = [dir.join("clean.sgf"), dir.join("faulty.sgf")];
    let run = |out: &Path, env: &[(&str, &str)]| {
        let out = out.to_str().unwrap();
        let args = [
            "--job-nodes",
            "30",
            "--workers",
            "1",
            "--cold-tables",
            "--proof-out",
            out,
        ];
        manage_json(&problem_file(), &args, env)
    };
    let reports = [run(&outs[0], &[]), run(&outs[1], &[(var, value)])];
    assert_eq!(
        std::fs::read(&outs[0]).unwrap(),
        std::fs::read(&outs[1]).unwrap()
    );
    std::fs::remove_dir_all(&dir).unwrap();
    reports
}

#[test]
fn workers_dying_mid_job_give_the_same_checked_proof() {
    // Every worker process exits unanswered on its fourth job; the manager runs each such job
    // again in a fresh one. With fresh tables per job the proof is the same, byte for byte.
    let reports = clean_and_faulty("fault", "TSUMEGO_WORKER_DIE_AFTER", "4");
    assert_eq!(reports[0]["result"], "win");
    assert_eq!(reports[1]["check"], "checked");
    assert_eq!(reports[0]["restarts"], 0);
    let jobs = reports[0]["jobs"].as_u64().unwrap();
    assert!(
        reports[1]["restarts"].as_u64().unwrap() >= jobs / 4,
        "{}",
        reports[1]
    );
    assert_eq!(reports[1]["jobs"].as_u64(), Some(jobs));
}

#[test]
fn corrupt_results_are_refused_and_their_jobs_run_again() {
    // Every third job's proof comes back unreadable (its first move put off the board): the
    // manager refuses it, runs the job again, and ends with the same proof as a clean run.
    let reports = clean_and_faulty("corrupt", "TSUMEGO_WORKER_CORRUPT_EVERY", "3");
    assert_eq!(reports[0]["refused"], 0);
    assert!(
        reports[1]["refused"].as_u64().unwrap() >= 1,
        "{}",
        reports[1]
    );
    assert_eq!(reports[1]["check"], "checked");
    // A worker whose every proof is damaged stops the run with the reason.
    let out = Command::new(bin())
        .arg("manage")
        .arg(problem_file())
        .args(["--job-nodes", "30", "--workers", "1"])
        .env("TSUMEGO_WORKER_CORRUPT_EVERY", "1")
        .output()
        .unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("was refused 3 times"), "{err}");
}

/// The workers of a running manager (its children running `worker`).
fn workers_of(manager: u32) -> Vec<u32> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir("/proc").unwrap().flatten() {
        let Ok(pid) = entry.file_name().to_string_lossy().parse::<u32>() else {
            continue;
        };
        let Ok(stat) = std::fs::read_to_string(format!("/proc/{pid}/stat")) else {
            continue;
        };
        let ppid = stat
            .rsplit(')')
            .next()
            .and_then(|rest| rest.split_whitespace().nth(1))
            .and_then(|p| p.parse::<u32>().ok());
        if ppid == Some(manager) {
            out.push(pid);
        }
    }
    out
}

#[cfg(target_os = "linux")]
#[test]
fn workers_killed_from_outside_cost_reruns_not_the_result() {
    // Workers of a running manager killed with SIGKILL (whether mid-job depends on timing).
    let file =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/corpus/manage/killall-7x7-two-rows.sgf");
    let mut child = Command::new(bin())
        .arg("manage")
        .arg(&file)
        .args(["--job-nodes", "2000", "--workers", "2", "--json"])
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let manager = child.id();
    let mut killed = 0;
    for _ in 0..50 {
        let workers = workers_of(manager);
        if let Some(&w) = workers.first() {
            let _ = Command::new("kill").args(["-9", &w.to_string()]).status();
            killed += 1;
            if killed == 3 {
                break;
            }
            std::thread::sleep(Duration::from_millis(30));
        } else {
            std::thread::sleep(Duration::from_millis(5));
        }
    }
    let mut text = String::new();
    for line in BufReader::new(child.stdout.take().unwrap()).lines() {
        text.push_str(&line.unwrap());
    }
    assert!(child.wait().unwrap().success());
    let report: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(report["result"], "win", "{report}");
    assert_eq!(report["check"], "checked", "{report}");
    assert!(killed > 0);
}

/// The processes whose environment holds `marker` (this test's workers, wherever Ray put them).
#[cfg(target_os = "linux")]
fn processes_marked(marker: &str) -> Vec<u32> {
    let needle = format!("TSUMEGO_TEST_MARK={marker}");
    std::fs::read_dir("/proc")
        .unwrap()
        .flatten()
        .filter_map(|e| e.file_name().to_string_lossy().parse::<u32>().ok())
        .filter(|pid| *pid != std::process::id())
        .filter(|pid| {
            std::fs::read(format!("/proc/{pid}/environ"))
                .map(|env| env.split(|&b| b == 0).any(|v| v == needle.as_bytes()))
                .unwrap_or(false)
        })
        .collect()
}

/// Issue 41's test: a local Ray with 2 workers proves a 7x7 Killall-Go problem through jobs,
/// the merged proof checked; with every worker process dying on its 150th job (the actor is
/// restarted by Ray, the job sent again) the proof is the same as without Ray and without
/// faults, byte for byte; nothing is left running after.
#[cfg(target_os = "linux")]
#[test]
fn ray_with_two_workers_proves_a_7x7_problem_and_survives_dying_workers() {
    let file =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/corpus/manage/killall-7x7-two-rows.sgf");
    let dir = temp_dir("ray");
    let marker = format!("ray-{}", std::process::id());
    let local = dir.join("local.sgf");
    let ray = dir.join("ray.sgf");
    let common = [
        "--job-nodes",
        "2000",
        "--workers",
        "2",
        "--cold-tables",
        "--in-order",
    ];
    let mut args = common.to_vec();
    args.extend(["--proof-out", local.to_str().unwrap()]);
    manage_json(&file, &args, &[]);
    let mut args = common.to_vec();
    args.extend(["--ray", "--proof-out", ray.to_str().unwrap()]);
    let env = [
        ("TSUMEGO_WORKER_DIE_AFTER", "150"),
        ("TSUMEGO_TEST_MARK", marker.as_str()),
    ];
    let report = manage_json(&file, &args, &env);
    assert_eq!(report["result"], "win", "{report}");
    assert_eq!(report["check"], "checked", "{report}");
    assert_eq!(report["workers"], 2);
    assert!(report["jobs"].as_u64().unwrap() > 300, "{report}");
    assert!(report["restarts"].as_u64().unwrap() >= 2, "{report}");
    assert_eq!(std::fs::read(&local).unwrap(), std::fs::read(&ray).unwrap());
    // Warm workers sharing their pattern-table wins (on a problem whose jobs prove some: the
    // kill-all problem's have whole-board zones): the snapshots go through Ray's object store
    // to every actor (again to a restarted one), and the proof checks.
    let shared = [
        "--job-nodes",
        "30",
        "--workers",
        "2",
        "--ray",
        "--pattern-snapshot-secs",
        "0",
    ];
    let env = [
        ("TSUMEGO_WORKER_DIE_AFTER", "40"),
        ("TSUMEGO_TEST_MARK", marker.as_str()),
    ];
    let report = manage_json(&problem_file(), &shared, &env);
    assert_eq!(report["check"], "checked", "{report}");
    assert!(report["snapshots"].as_u64().unwrap() >= 2, "{report}");
    // A net's weights go to the actors through Ray's object store: each actor's jobs name the
    // file it wrote on its node (by the weights' hash), not the manager's.
    let weights = dir.join("our-net.safetensors");
    std::fs::copy(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("weights/ftl.safetensors"),
        &weights,
    )
    .unwrap();
    let mut with_net = shared.to_vec();
    with_net.extend(["--net", weights.to_str().unwrap()]);
    let netted = manage_json(&problem_file(), &with_net, &env);
    assert_eq!(netted["check"], "checked", "{netted}");
    let guides = netted["guides"].as_array().unwrap();
    assert!(!guides.is_empty(), "{netted}");
    for guide in guides {
        let name = guide.as_str().unwrap();
        assert!(
            name.contains("tsumego-net-") && !name.contains("our-net"),
            "{name}"
        );
    }
    assert!(
        report["worker_store_wins"].as_u64().unwrap() > 0,
        "{report}"
    );
    // The driver stopped Ray and its workers before the manager exited.
    let mut left = processes_marked(&marker);
    for _ in 0..50 {
        if left.is_empty() {
            break;
        }
        std::thread::sleep(Duration::from_millis(100));
        left = processes_marked(&marker);
    }
    assert!(left.is_empty(), "processes left behind: {left:?}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Deterministic jobs (cold tables) on random problems, with 1, 8 and 16 virtual workers:
/// every win's grafted proof checks. (It pins two faults found by the scaling replay: the
/// tree's children are the plays the problem's ko rules allow, not merely the board's, and no
/// job is sent where a crucial stone has been captured, whose job would ask a weaker claim.)
#[test]
fn cold_table_splits_check_whatever_the_worker_count() {
    let mut o = options(Path::new("random.sgf"), 20);
    o.cold_tables = true;
    let (mut wins, mut rejected) = (0, Vec::new());
    for index in 0..40 {
        let p = random_problem(41, index, 9).problem;
        for w in [1, 8, 16] {
            let r = manage(&o, &p, &write_sgf(&p), &mut Simulated::new(w))
                .unwrap()
                .0;
            if r.result == "win" {
                wins += 1;
                if r.check != "checked" {
                    rejected.push(format!("problem {index}, {w} workers: {}", r.check));
                }
            }
        }
    }
    assert!(rejected.is_empty(), "{rejected:#?}");
    assert!(wins >= 30, "only {wins} wins");
}
