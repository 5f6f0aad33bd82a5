//! The proof of an opened proof SGF, read and checked on a worker thread.
//!
//! A proof SGF (`solve --proof-out`, `manage --proof-out`, a reproduction file) opens as its
//! problem at once, like any problem file; its proof tree is read
//! ([`crate::solver::proof::proof_sgf::proof_from_sgf`]) and run through the independent checker
//! ([`crate::solver::proof::certify::check`]) here, off the GUI thread: a large proof takes
//! seconds to read and up to the check's time limit to check, and the window must go on
//! drawing meanwhile. The thread reports over a bounded channel, as the solve job does: first the
//! proof read (or why it is unreadable), then the checker's verdict. Dropping the job sets its
//! stop flag, which ends the check within a few positions.

use crate::problem::Problem;
use crate::solver::jobs::analysis::{ends_in_seki, ko_capture_paths};
use crate::solver::proof::certify::{check, CheckSettings, Checked};
use crate::solver::proof::proof_sgf::{proof_from_sgf, ProofSgfError};
use crate::solver::proof::ProofTree;
use crossbeam_channel::{bounded, Receiver, TryRecvError};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, OnceLock};
use std::thread;

/// The worker's stack: proof lines are read and checked recursively, up to the reader's
/// [`crate::solver::proof::proof_sgf::MAX_PROOF_DEPTH`] moves deep (only the pages touched are
/// ever committed).
const WORKER_STACK_BYTES: usize = 64 << 20;

/// Ko capture paths are looked for in at most this many proof nodes (as for a solve's proof).
const KO_SCAN_NODES: usize = 100_000;

/// A proof read from the file, with what the tree panel marks in it.
#[derive(Clone, Debug)]
pub struct ReadProof {
    /// The problem the file's proof proves (the file's problem, its claim as the file states it).
    pub problem: Problem,
    /// The proof tree (shared with the shown result, so that the check's verdict finds it).
    pub proof: Arc<ProofTree>,
    /// The proof has a seki leaf.
    pub has_seki: bool,
    /// Paths of the proof's ko captures.
    pub ko_captures: Vec<Vec<usize>>,
}

/// What the worker reports, in this order: `Read` then `Checked`, or `Unreadable` alone.
#[derive(Clone, Debug)]
pub enum ProofFileEvent {
    /// The proof was read; its check starts.
    Read(Box<ReadProof>),
    /// The file looked like a proof SGF, but its proof cannot be read.
    Unreadable(ProofSgfError),
    /// The independent checker's verdict on the proof read.
    Checked(Box<Checked>),
    /// The worker ended without a verdict (it could not start, or it failed): why, in words.
    Lost(String),
}

/// Reading and checking one opened file's proof.
pub struct ProofFileJob {
    rx: Receiver<ProofFileEvent>,
    stop: Arc<AtomicBool>,
    /// The window to wake when a message is sent: known from the first frame after the start
    /// (a file opened before the window exists starts its job before there is a context).
    waker: Arc<OnceLock<egui::Context>>,
    /// The document revision the file opened as: an edit makes the proof another problem's.
    pub revision: u64,
    /// The file the proof is read from.
    pub path: PathBuf,
    /// The proof, once read (the shown result's proof is this very tree).
    pub proof: Option<Arc<ProofTree>>,
    /// The last message arrived (a verdict, or why there is none).
    finished: bool,
}

impl ProofFileJob {
    /// Read the proof in `text` (the content of `path`) and check it with `settings`, on a
    /// worker thread.
    pub fn start(path: &Path, text: String, revision: u64, settings: CheckSettings) -> Self {
        // Capacity for every message the worker sends: it never waits for the GUI.
        let (tx, rx) = bounded(4);
        let stop = Arc::new(AtomicBool::new(false));
        let waker: Arc<OnceLock<egui::Context>> = Arc::default();
        let (flag, wake_slot) = (Arc::clone(&stop), Arc::clone(&waker));
        let lost_tx = tx.clone();
        let spawned = thread::Builder::new()
            .name("proof-file".to_string())
            .stack_size(WORKER_STACK_BYTES)
            .spawn(move || {
                let send = |event| {
                    if tx.send(event).is_ok() {
                        if let Some(ctx) = wake_slot.get() {
                            ctx.request_repaint();
                        }
                    }
                };
                read_and_check(&text, &settings, &flag, send);
            });
        if let Err(e) = spawned {
            let _ = lost_tx.try_send(ProofFileEvent::Lost(format!(
                "the proof could not be read: no worker thread ({e})"
            )));
        }
        ProofFileJob {
            rx,
            stop,
            waker,
            revision,
            path: path.to_path_buf(),
            proof: None,
            finished: false,
        }
    }

    /// The worker's messages so far (`ctx` is woken by later ones). A worker that ended without
    /// its verdict reports [`ProofFileEvent::Lost`].
    pub fn poll(&mut self, ctx: &egui::Context) -> Vec<ProofFileEvent> {
        if self.waker.get().is_none() {
            // Set before draining: a message sent from now on wakes the window, and one sent
            // before is drained below.
            let _ = self.waker.set(ctx.clone());
        }
        let mut events = Vec::new();
        while !self.finished {
            match self.rx.try_recv() {
                Ok(event) => {
                    match &event {
                        ProofFileEvent::Read(read) => self.proof = Some(Arc::clone(&read.proof)),
                        _ => self.finished = true,
                    }
                    events.push(event);
                }
                Err(TryRecvError::Empty) => break,
                Err(TryRecvError::Disconnected) => {
                    self.finished = true;
                    events.push(ProofFileEvent::Lost(
                        "the worker reading and checking the proof stopped without a verdict"
                            .to_string(),
                    ));
                }
            }
        }
        events
    }

    /// The proof is read and its check has not ended yet.
    pub fn is_checking(&self) -> bool {
        self.proof.is_some() && !self.finished
    }
}

impl Drop for ProofFileJob {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}

/// The worker: read the proof in `text`, report it, check it, report the verdict.
fn read_and_check(
    text: &str,
    settings: &CheckSettings,
    stop: &Arc<AtomicBool>,
    send: impl Fn(ProofFileEvent),
) {
    let (problem, proof) = match proof_from_sgf(text) {
        Ok(read) => read,
        Err(e) => return send(ProofFileEvent::Unreadable(e)),
    };
    let has_seki = ends_in_seki(&proof);
    let ko_captures = ko_capture_paths(&problem, &proof, KO_SCAN_NODES);
    let proof = Arc::new(proof);
    send(ProofFileEvent::Read(Box::new(ReadProof {
        problem: problem.clone(),
        proof: Arc::clone(&proof),
        has_seki,
        ko_captures,
    })));
    let checked = check(&problem, &proof, settings, Some(Arc::clone(stop)));
    send(ProofFileEvent::Checked(Box::new(checked)));
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::problem::fixtures::bent_three_live;
    use crate::solver::proof::certify::CheckVerdict;
    use crate::solver::proof::proof_sgf::proof_to_sgf;
    use crate::solver::{SolveConfig, Solver};
    use std::time::{Duration, Instant};

    /// Poll `job` until it has sent its last message.
    fn all_events(job: &mut ProofFileJob) -> Vec<ProofFileEvent> {
        let ctx = egui::Context::default();
        let start = Instant::now();
        let mut events = Vec::new();
        while !job.finished {
            assert!(start.elapsed() < Duration::from_secs(60), "no verdict");
            events.extend(job.poll(&ctx));
            thread::sleep(Duration::from_millis(5));
        }
        events
    }

    #[test]
    fn a_proof_is_read_then_checked() {
        let problem = bent_three_live().validate().unwrap();
        let proof = Solver::new(&problem, SolveConfig::default())
            .solve()
            .proof
            .unwrap();
        let text = proof_to_sgf(&problem, &proof);
        let mut job = ProofFileJob::start(Path::new("p.sgf"), text, 0, CheckSettings::default());
        let events = all_events(&mut job);
        assert!(
            matches!(&events[..], [ProofFileEvent::Read(r), ProofFileEvent::Checked(c)]
                if *r.proof == proof && c.verdict == CheckVerdict::Checked),
            "{events:?}"
        );
        assert!(job.proof.is_some() && !job.is_checking());
    }

    #[test]
    fn an_unreadable_proof_says_why() {
        let text = "(;SZ[5]AB[aa]PL[B]TR[aa]\n;C[x]TSROLE[both]TSZONE[])".to_string();
        let mut job = ProofFileJob::start(Path::new("p.sgf"), text, 0, CheckSettings::default());
        let events = all_events(&mut job);
        assert!(
            matches!(&events[..], [ProofFileEvent::Unreadable(e)]
                if e.to_string().contains("TSROLE[both]")),
            "{events:?}"
        );
        assert!(job.proof.is_none());
    }
}
