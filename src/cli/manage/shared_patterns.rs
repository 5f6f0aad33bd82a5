//! The manager's RZ pattern-table store ([`SharedPatterns`]): the wins every job returned
//! ([`crate::solver::jobs::job_patterns`]), sent to the workers as a snapshot now and then
//! (through the [`Executor`]: a line to each worker process, or one `ray.put` the actors read)
//! and kept beside the results log (`DIR/patterns.rzt`, an `--rzt` file), so that a manager
//! started again gives its workers what the earlier run proved.
//!
//! The wins are a cache: every proof that uses one is checked like any other, and a store file
//! that cannot be read is set aside with a warning, never a reason to stop.

use super::executor::Executor;
use crate::solver::jobs::job_patterns::{encode_patterns, SHARED_PATTERN_ENTRIES};
use crate::solver::knowledge::pattern_store::PatternStore;
use anyhow::Context;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// The store file's name in the log folder.
pub const STORE_FILE: &str = "patterns.rzt";

/// See the module documentation.
pub struct SharedPatterns {
    pub store: PatternStore,
    /// Where the store is kept (with `--log DIR`).
    file: Option<PathBuf>,
    /// Least time between two snapshots.
    every: Duration,
    /// When the last snapshot was sent (`None`: never).
    last: Option<Instant>,
    /// Wins were added since the last snapshot.
    changed: bool,
}

impl SharedPatterns {
    /// The store kept in the log folder `log` (empty without one, or when its file is missing
    /// or cannot be read: said on standard error), snapshots at most every `every_secs`.
    pub fn open(log: Option<&Path>, every_secs: f64) -> SharedPatterns {
        let file = log.map(|dir| dir.join(STORE_FILE));
        let store = match &file {
            Some(path) => PatternStore::open(path, SHARED_PATTERN_ENTRIES).unwrap_or_else(|e| {
                eprintln!("manage: {e}; the run starts with no pattern-table wins");
                PatternStore::new(SHARED_PATTERN_ENTRIES)
            }),
            None => PatternStore::new(SHARED_PATTERN_ENTRIES),
        };
        SharedPatterns {
            changed: !store.is_empty(),
            store,
            file,
            every: Duration::try_from_secs_f64(every_secs.max(0.0)).unwrap_or(Duration::MAX),
            last: None,
        }
    }

    /// Keep a job's wins.
    pub fn add(&mut self, wins: &PatternStore) {
        if !wins.is_empty() {
            self.store.absorb_store(wins);
            self.changed = true;
        }
    }

    /// Send the workers a snapshot of the store (and keep it in its file) when wins were added
    /// since the last one and it is time; returns whether one was sent.
    pub fn publish(&mut self, executor: &mut dyn Executor) -> anyhow::Result<bool> {
        if !self.changed || self.last.is_some_and(|t| t.elapsed() < self.every) {
            return Ok(false);
        }
        executor.share_patterns(&encode_patterns(&self.store))?;
        self.save()?;
        self.last = Some(Instant::now());
        self.changed = false;
        Ok(true)
    }

    /// Keep the store in its file (nothing without a log folder, or with no wins).
    pub fn save(&self) -> anyhow::Result<()> {
        match &self.file {
            Some(path) if !self.store.is_empty() => self
                .store
                .save(path)
                .with_context(|| "keeping the jobs' pattern-table wins".to_string()),
            _ => Ok(()),
        }
    }
}
