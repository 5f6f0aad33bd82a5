//! The jobs part of the studio's state: the background work (the live solve, the judgement of
//! every first move, the proof reduction) and the results it produced.

use super::all_moves::AllMovesJob;
use super::before_after::BeforeAfter;
use super::kept_results::KeptResults;
use super::live::{Finished, LiveSolve};
use super::reduce_job::ReduceJob;
use std::path::PathBuf;

/// The background jobs and their results.
pub struct Jobs {
    /// The solve job: progress, rate samples, the verdict of a finished job.
    pub live: LiveSolve,
    /// The last "judge every first move" job (see [`super::all_moves`]).
    pub all_moves: Option<AllMovesJob>,
    /// The result the proof view shows (the problem's, or a judged move's).
    pub finished: Option<Finished>,
    /// The last "Find a smaller proof" job (see [`super::reduce_job`]).
    pub reduction: Option<ReduceJob>,
    /// The proof as solved and the smaller one found, until another solve or problem.
    pub before_after: Option<BeforeAfter>,
    /// The judged first move whose proof or refutation `finished` shows (instead of the
    /// problem's own result).
    pub viewing_move: Option<crate::go::Move>,
    /// Finished solves by position and settings (undo back to a proven position shows its proof).
    pub kept: KeptResults,
    /// "Solve from here" is running: go back to Explore when it ends.
    pub resume_explore: bool,
    /// Where the reproduction file of a proof the checker rejects is written.
    pub repro_dir: PathBuf,
    /// Tests of the checking path only: every proof is corrupted before its check.
    pub check_fault: Option<crate::solver::proof::fault::Fault>,
}

impl Default for Jobs {
    fn default() -> Self {
        Jobs {
            live: LiveSolve::default(),
            all_moves: None,
            finished: None,
            reduction: None,
            before_after: None,
            viewing_move: None,
            kept: KeptResults::default(),
            resume_explore: false,
            repro_dir: std::env::temp_dir(),
            check_fault: None,
        }
    }
}
