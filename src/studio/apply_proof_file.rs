//! The handlers of an opened proof SGF: its proof is read and checked in the background
//! ([`super::proof_file_job`]) and shown as a finished solve is ([`super::file_proof`]): the
//! proof tree, the proof view's overlays, the verdict ("checking…", then the checker's
//! words). A proof that cannot be read leaves the problem open with a warning that names the
//! reason; a rejected proof is shown, marked rejected. An edit, another file, a new problem or
//! a solve drops the job, as it forgets a solve's result.

use super::app::StudioApp;
use super::file_proof::{finished_from_file, is_warning, with_check, without_check};
use super::proof_file_job::{ProofFileEvent, ProofFileJob, ReadProof};
use super::proof_nav::ProofCursor;
use super::view_state::Mode;
use crate::solver::proof::certify::{CheckSettings, Checked};
use crate::solver::proof::proof_sgf::has_proof_marker;
use std::path::Path;
use std::sync::Arc;

impl StudioApp {
    /// After `path` opened as the document: when it is a proof SGF (it carries the proof
    /// marker), start reading and checking its proof. Any earlier file's job is dropped.
    pub fn start_proof_file(&mut self, path: &Path) {
        self.jobs.proof_file = None;
        self.jobs.unreadable_proof = None;
        let is_sgf = path
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("sgf"));
        // The file was just read as the problem: reading it again is cheap.
        let Some(text) = is_sgf
            .then(|| std::fs::read_to_string(path).ok())
            .flatten()
            .filter(|t| has_proof_marker(t))
        else {
            return;
        };
        self.jobs.proof_file = Some(ProofFileJob::start(
            path,
            text,
            self.doc.problem.revision(),
            CheckSettings::default(),
        ));
        self.info(format!("opened {}; reading its proof…", path.display()));
    }

    /// Once per frame: take in the proof file job's messages.
    pub fn proof_file_frame(&mut self, ctx: &egui::Context) {
        let Some(job) = self.jobs.proof_file.as_mut() else {
            return;
        };
        let events = job.poll(ctx);
        for event in events {
            match event {
                ProofFileEvent::Read(read) => self.show_file_proof(&read),
                ProofFileEvent::Unreadable(e) => {
                    let path = self.proof_file_path();
                    if let Some(job) = self.jobs.proof_file.take() {
                        self.jobs.unreadable_proof = Some((job.revision, e.to_string()));
                    }
                    self.warn(format!(
                        "opened {path} as a problem only: its proof cannot be read ({e})"
                    ));
                }
                ProofFileEvent::Checked(checked) => self.file_proof_checked(&checked),
                ProofFileEvent::Lost(why) => self.file_proof_lost(&why),
            }
        }
    }

    /// The proof file job's path, for messages.
    fn proof_file_path(&self) -> String {
        self.jobs
            .proof_file
            .as_ref()
            .map(|j| j.path.display().to_string())
            .unwrap_or_else(|| "the file".to_string())
    }

    /// The proof was read: show it (its check still running) in the proof view, when it is the
    /// proof of the problem open as it was opened.
    fn show_file_proof(&mut self, read: &ReadProof) {
        let Some(job) = self.jobs.proof_file.as_ref() else {
            return;
        };
        let revision = self.doc.problem.revision();
        if job.revision != revision {
            // Edited meanwhile (an edit drops the job; this is a guard).
            self.jobs.proof_file = None;
            return;
        }
        if !same_problem(self.doc.problem.problem().ok(), &read.problem) {
            let path = self.proof_file_path();
            let why = "it proves another problem than the one the file opened as";
            self.jobs.proof_file = None;
            self.jobs.unreadable_proof = Some((revision, why.to_string()));
            self.warn(format!("opened {path} as a problem only: {why}"));
            return;
        }
        let finished = finished_from_file(read, &job.path, revision);
        self.cancel_reduction();
        self.info(finished.verdict.clone());
        self.jobs.finished = Some(finished);
        self.jobs.viewing_move = None;
        self.view.cursor = ProofCursor::root();
        self.view.replay = None;
        self.view.mode = Mode::Proof;
    }

    /// The checker's verdict on the proof read: into the shown result (when it still shows that
    /// proof), the status bar, the problem list's tag and the kept results.
    fn file_proof_checked(&mut self, checked: &Checked) {
        let Some(job) = self.jobs.proof_file.take() else {
            return;
        };
        let revision = self.doc.problem.revision();
        let Some(f) = self.jobs.finished.as_mut().filter(|f| {
            f.revision == revision
                && job.revision == revision
                && f.proof
                    .as_ref()
                    .zip(job.proof.as_ref())
                    .is_some_and(|(shown, read)| Arc::ptr_eq(shown, read))
        }) else {
            return;
        };
        with_check(f, checked);
        let (verdict, finished) = (f.verdict.clone(), f.clone());
        if !self.doc.problem.is_dirty() {
            self.doc
                .library
                .status
                .insert(job.path.clone(), super::apply_solve::headline(&verdict));
        }
        // An undo back to this position shows the file's proof again, as a solve's.
        self.jobs.kept.keep(self.result_key(), finished);
        if is_warning(checked) {
            self.warn(verdict);
        } else {
            self.info(verdict);
        }
    }
}

impl StudioApp {
    /// The worker ended without a verdict: a proof already shown says it is not checked.
    fn file_proof_lost(&mut self, why: &str) {
        let Some(job) = self.jobs.proof_file.take() else {
            return;
        };
        let shown = self.jobs.finished.as_mut().filter(|f| {
            f.proof
                .as_ref()
                .zip(job.proof.as_ref())
                .is_some_and(|(shown, read)| Arc::ptr_eq(shown, read))
        });
        match shown {
            Some(f) => {
                without_check(f, why);
                let verdict = f.verdict.clone();
                self.warn(verdict);
            }
            None => {
                self.jobs.unreadable_proof = Some((job.revision, why.to_string()));
                self.warn(format!(
                    "opened {} as a problem only: {why}",
                    job.path.display()
                ));
            }
        }
    }
}

/// Is the proof's problem the problem open (the same position, claim, rules and region)? The
/// file is read twice, as a problem and as a proof; a proof is shown only over its own problem.
fn same_problem(open: Option<&crate::problem::Problem>, proven: &crate::problem::Problem) -> bool {
    open.is_some_and(|p| {
        p.board() == proven.board()
            && (p.to_move(), p.or_player(), p.goal())
                == (proven.to_move(), proven.or_player(), proven.goal())
            && (p.region(), p.crucial(), p.territory())
                == (proven.region(), proven.crucial(), proven.territory())
            && p.ko_rules() == proven.ko_rules()
    })
}
