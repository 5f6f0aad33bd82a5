//! The jobs part of the studio's state: the background work (the live solve, the judgement of
//! every first move, the proof reduction) and the results it produced.

use super::all_moves::AllMovesJob;
use super::before_after::BeforeAfter;
use super::kept_results::KeptResults;
use super::live::{Finished, LiveSolve};
use super::proof_file_job::ProofFileJob;
use super::reduce_job::ReduceJob;
use crate::go::Zone;
use crate::solver::jobs::first_moves::FirstMoves;
use crate::solver::proof::certify::CheckVerdict;
use crate::solver::proof::ProofTree;
use std::path::PathBuf;
use std::sync::Arc;

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
    /// The proof of the opened proof SGF, being read and checked (see
    /// [`super::proof_file_job`]); gone once its verdict is in `finished`.
    pub proof_file: Option<ProofFileJob>,
    /// Why the opened proof SGF's proof could not be read, with the document revision the
    /// file opened as (the proof tree panel says it in place of a tree).
    pub unreadable_proof: Option<(u64, String)>,
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
            proof_file: None,
            unreadable_proof: None,
            before_after: None,
            viewing_move: None,
            kept: KeptResults::default(),
            resume_explore: false,
            repro_dir: std::env::temp_dir(),
            check_fault: None,
        }
    }
}

impl Jobs {
    /// The result shown, if it is for the problem at `revision`.
    pub fn finished_at(&self, revision: u64) -> Option<&Finished> {
        self.finished.as_ref().filter(|f| f.revision == revision)
    }

    /// The proof of the last finished solve, if it is for the problem at `revision`.
    pub fn proof(&self, revision: u64) -> Option<&ProofTree> {
        self.finished_at(revision).and_then(Finished::proof)
    }

    /// The finished solve of the problem at `revision` (not a judged move's proof), if any.
    pub fn current_result(&self, revision: u64) -> Option<&Finished> {
        self.finished_at(revision)
            .filter(|_| self.viewing_move.is_none())
    }

    /// The finished judgement of every first move of the problem at `revision`, if any.
    pub fn judged_first_moves(&self, revision: u64) -> Option<&FirstMoves> {
        self.all_moves
            .as_ref()
            .filter(|j| j.revision == revision)
            .and_then(|j| j.finished.as_ref())
    }

    /// What the proof tree panel says of the opened proof SGF at `revision` while there is no
    /// tree to show: `Ok` while its proof is being read, `Err` when it could not be read.
    pub fn file_proof_note(&self, revision: u64) -> Option<Result<String, String>> {
        let unreadable = self.unreadable_proof.as_ref();
        if let Some((_, why)) = unreadable.filter(|(at, _)| *at == revision) {
            return Some(Err(format!(
                "The file's proof could not be read ({why}). Solve the problem to see a proof \
                 tree."
            )));
        }
        self.proof_file
            .as_ref()
            .filter(|j| j.revision == revision && j.proof.is_none())
            .map(|_| Ok("Reading the proof from the file…".to_string()))
    }

    /// The proof a reduction would start from (the smallest so far), with why there is none.
    pub fn reducible(&self, revision: u64) -> Result<Arc<ProofTree>, &'static str> {
        let Some(f) = self.finished_at(revision) else {
            return Err("solve the problem first");
        };
        let Some(shown) = f.proof.clone() else {
            return Err("there is no proof to reduce");
        };
        if f.check == Some(CheckVerdict::Failed) {
            return Err("the independent checker rejected this proof");
        }
        if self
            .proof_file
            .as_ref()
            .is_some_and(ProofFileJob::is_checking)
        {
            return Err("the proof read from the file is being checked");
        }
        if self.live.is_running() {
            return Err("a solve is running");
        }
        Ok(match &self.before_after {
            Some(ba) => Arc::clone(&ba.after.proof),
            None => shown,
        })
    }

    /// The points of the solved proof's root zone that the smaller one no longer needs, when
    /// the smaller proof is shown and the proof cursor is `at_root`.
    pub fn dropped_zone(&self, at_root: bool) -> Option<Zone> {
        let ba = self.before_after.as_ref().filter(|ba| ba.showing_after)?;
        if !at_root {
            return None;
        }
        let dropped = ba
            .before
            .proof
            .root
            .zone
            .difference(&ba.after.proof.root.zone);
        (!dropped.is_empty()).then_some(dropped)
    }
}
