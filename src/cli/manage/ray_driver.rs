//! The workers as Ray actors, through the Ray driver process ([`RayDriver`]).

use super::executor::Executor;
use crate::solver::jobs::job::{Job, JobResult};
use anyhow::Context;
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};

/// The Ray driver (`scripts/ray_driver.py`), built into the program and written to a
/// temporary file for each run.
const RAY_DRIVER: &str = include_str!("../../../scripts/ray_driver.py");

/// Jobs run on Ray actors through the driver process (`scripts/ray_driver.py`), which speaks the
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

    fn takes_nets(&self) -> bool {
        true
    }

    fn share_net(&mut self, spec: &str, weights: &[u8]) -> anyhow::Result<()> {
        use base64::Engine as _;
        let text = base64::engine::general_purpose::STANDARD.encode(weights);
        let line = serde_json::json!({ "net": spec, "weights": text }).to_string();
        self.send(&line)
    }

    fn share_patterns(&mut self, text: &str) -> anyhow::Result<()> {
        let line = serde_json::json!({ "patterns": text }).to_string();
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
