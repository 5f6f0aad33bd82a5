//! The manager's results log (`--log DIR`: `DIR/results.jsonl`, a result per line keyed by
//! its job's path), which a manager started again answers jobs from.

use crate::solver::jobs::job::JobResult;
use anyhow::bail;
use serde::Serialize;
use std::collections::HashMap;
use std::path::Path;

/// One logged result: the job's path (its key) and what came of it.
#[derive(Serialize, serde::Deserialize)]
pub struct Logged {
    pub path: String,
    pub result: JobResult,
}

/// The results of earlier runs in `dir`'s log, by path.
pub fn read_log(dir: &Path) -> anyhow::Result<HashMap<String, JobResult>> {
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
