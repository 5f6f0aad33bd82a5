//! "Find a smaller proof" in the studio: the relevance-zone reduction
//! ([`crate::solver::jobs::reduce`]) of the shown proof on a background thread, its progress sent over a
//! bounded channel (dropped when the GUI lags, never blocking the reduction), its end last. A
//! smaller proof is checked by the independent checker on the same thread before it is offered:
//! the studio shows it only when the checker accepts it.
//!
//! The job is the GUI's to drop: dropping it (another solve, another problem, an edit) sets its
//! stop flag, and the thread ends within one stop check; its last messages go nowhere.

use crate::problem::Problem;
use crate::solver::jobs::reduce::{reduce_with_progress, ReduceProgress, ReduceSettings, Strategy};
use crate::solver::proof::certify::{check, CheckSettings, CheckVerdict, Checked};
use crate::solver::proof::ProofTree;
use crate::solver::SolveConfig;
use crossbeam_channel::{bounded, Receiver, Sender, TrySendError};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread;
use std::time::{Duration, Instant};

/// How many progress messages may wait (the end is always delivered).
const CHANNEL_CAPACITY: usize = 64;

/// What the reducing thread reports.
enum Event {
    Progress(ReduceProgress),
    Done(Box<ReduceOutcome>),
}

/// How a reduction ended.
#[derive(Clone, Debug)]
pub enum ReduceEnd {
    /// A proof with a smaller root zone, accepted by the independent checker.
    Smaller(Arc<ProofTree>),
    /// No round found a smaller zone.
    NoSmaller,
    /// Stopped before it ended (Stop, or the check was stopped): the original proof stays.
    Stopped,
    /// The checker did not accept the smaller proof (rejected: a solver bug; or the check did
    /// not finish): the original proof stays.
    NotAccepted(Box<Checked>),
    /// The reduction could not run (the proof is not one of the claim).
    Failed(String),
}

/// A finished reduction: how it ended and its figures.
#[derive(Clone, Debug)]
pub struct ReduceOutcome {
    pub end: ReduceEnd,
    /// The root zone's size of the proof reduced.
    pub original_zone: usize,
    /// The root zone's size of the smallest proof found (the original's when none).
    pub zone: usize,
    pub rounds: usize,
    pub nodes: u64,
    pub elapsed: Duration,
}

impl ReduceOutcome {
    fn failed(why: String, original_zone: usize) -> ReduceOutcome {
        ReduceOutcome {
            end: ReduceEnd::Failed(why),
            original_zone,
            zone: original_zone,
            rounds: 0,
            nodes: 0,
            elapsed: Duration::ZERO,
        }
    }

    /// "zone 18 → 13 points (72.2 %), 6 rounds, 0.1 s" (the figures of a reduction).
    pub fn figures(&self) -> String {
        let percent = if self.original_zone == 0 {
            100.0
        } else {
            100.0 * self.zone as f64 / self.original_zone as f64
        };
        format!(
            "zone {} → {} points ({percent:.1} %), {} rounds, {:.1} s",
            self.original_zone,
            self.zone,
            self.rounds,
            self.elapsed.as_secs_f64()
        )
    }

    /// One line for the panel and the status bar.
    pub fn words(&self) -> String {
        let secs = self.elapsed.as_secs_f64();
        match &self.end {
            ReduceEnd::Smaller(_) => {
                format!("Smaller proof found and checked: {}.", self.figures())
            }
            ReduceEnd::NoSmaller => format!(
                "No smaller proof found (zone {} points; {} rounds, {secs:.1} s).",
                self.original_zone, self.rounds
            ),
            ReduceEnd::Stopped => format!(
                "Zone reduction stopped after {} rounds ({secs:.1} s): the original proof is kept.",
                self.rounds
            ),
            ReduceEnd::NotAccepted(c) if c.verdict == CheckVerdict::Failed => format!(
                "INTERNAL ERROR: the smaller proof (zone {} → {} points) failed the independent \
                 check ({}); the original proof is kept.",
                self.original_zone,
                self.zone,
                c.error.as_deref().unwrap_or("no reason given")
            ),
            ReduceEnd::NotAccepted(c) => format!(
                "The smaller proof (zone {} → {} points) could not be checked ({}); the \
                 original proof is kept.",
                self.original_zone,
                self.zone,
                c.error.as_deref().unwrap_or("the check did not finish")
            ),
            ReduceEnd::Failed(why) => {
                format!("The zone reduction could not run: {why}; the original proof is kept.")
            }
        }
    }
}

/// One reduction of a proof: running, or finished.
pub struct ReduceJob {
    rx: Receiver<Event>,
    stop: Arc<AtomicBool>,
    /// The proof being reduced.
    pub from: Arc<ProofTree>,
    /// The document revision whose proof it reduces.
    pub revision: u64,
    pub strategy: Strategy,
    pub k: usize,
    /// The latest progress.
    pub progress: Option<ReduceProgress>,
    started: Instant,
    /// How it ended, once it has.
    pub outcome: Option<ReduceOutcome>,
}

impl ReduceJob {
    /// Reduce `proof`, a proof of `claim`, with `config`'s engine and rules and `settings`;
    /// check a smaller proof within `check_settings` (`check_settings.fault` corrupts it first:
    /// tests of the checking path). `wake` is called after every message.
    pub fn start(
        claim: Problem,
        config: SolveConfig,
        proof: Arc<ProofTree>,
        settings: ReduceSettings,
        check_settings: CheckSettings,
        revision: u64,
        wake: impl Fn() + Send + 'static,
    ) -> ReduceJob {
        let (tx, rx) = bounded(CHANNEL_CAPACITY);
        let stop = Arc::new(AtomicBool::new(false));
        let flag = Arc::clone(&stop);
        let from = Arc::clone(&proof);
        let (strategy, k) = (settings.strategy, settings.k);
        let original_zone = proof.root.zone.len();
        let failed_tx = tx.clone();
        let spawned = thread::Builder::new()
            .name("zone-reduction".to_string())
            .spawn(move || {
                let outcome = run(
                    &claim,
                    &config,
                    &proof,
                    &settings,
                    &check_settings,
                    flag,
                    &tx,
                    &wake,
                );
                if tx.send(Event::Done(Box::new(outcome))).is_ok() {
                    wake();
                }
            });
        if let Err(e) = spawned {
            let outcome = ReduceOutcome::failed(format!("no thread ({e})"), original_zone);
            let _ = failed_tx.try_send(Event::Done(Box::new(outcome)));
        }
        ReduceJob {
            rx,
            stop,
            from,
            revision,
            strategy,
            k,
            progress: None,
            started: Instant::now(),
            outcome: None,
        }
    }

    /// Take in what the thread reported; the outcome when the job ended just now.
    pub fn poll(&mut self) -> Option<&ReduceOutcome> {
        let mut ended = false;
        while let Ok(event) = self.rx.try_recv() {
            match event {
                Event::Progress(p) => self.progress = Some(p),
                Event::Done(outcome) => {
                    self.outcome = Some(*outcome);
                    ended = true;
                }
            }
        }
        if ended {
            self.outcome.as_ref()
        } else {
            None
        }
    }

    pub fn is_running(&self) -> bool {
        self.outcome.is_none()
    }

    /// Ask the thread to stop (the original proof stays); its end still arrives.
    pub fn request_stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }

    /// Stop has been asked for.
    pub fn stopping(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }

    /// "reducing (heatmap, K 5)… 3 rounds, smallest zone 13 points, 12,345 nodes, 1.2 s", or
    /// how it ended.
    pub fn status(&self) -> String {
        if let Some(outcome) = &self.outcome {
            return outcome.words();
        }
        let what = if self.stopping() {
            "stopping"
        } else {
            "reducing"
        };
        let head = format!("{what} ({}, K {})…", self.strategy.name(), self.k);
        match &self.progress {
            Some(p) => format!(
                "{head} {} rounds ({} smaller), smallest zone {} points, {} nodes, {:.1} s",
                p.rounds,
                p.succeeded,
                p.zone,
                super::live::thousands(p.nodes),
                self.started.elapsed().as_secs_f64()
            ),
            None => format!(
                "{head} zone {} points, {:.1} s",
                self.from.root.zone.len(),
                self.started.elapsed().as_secs_f64()
            ),
        }
    }
}

impl Drop for ReduceJob {
    fn drop(&mut self) {
        self.request_stop();
    }
}

/// The thread's work: reduce, then check a smaller proof.
#[allow(clippy::too_many_arguments)]
fn run(
    claim: &Problem,
    config: &SolveConfig,
    proof: &ProofTree,
    settings: &ReduceSettings,
    check_settings: &CheckSettings,
    stop: Arc<AtomicBool>,
    tx: &Sender<Event>,
    wake: &impl Fn(),
) -> ReduceOutcome {
    let original_zone = proof.root.zone.len();
    let mut on_progress = |p: &ReduceProgress| {
        // A full channel drops the snapshot: the next one replaces it anyway.
        if !matches!(
            tx.try_send(Event::Progress(*p)),
            Err(TrySendError::Disconnected(_))
        ) {
            wake();
        }
    };
    let reduction = match reduce_with_progress(
        claim,
        config,
        proof,
        settings,
        Some(Arc::clone(&stop)),
        &mut on_progress,
    ) {
        Ok(r) => r,
        Err(e) => return ReduceOutcome::failed(e.to_string(), original_zone),
    };
    let mut outcome = ReduceOutcome {
        end: ReduceEnd::NoSmaller,
        original_zone,
        zone: reduction.zone.len(),
        rounds: reduction.rounds.len(),
        nodes: reduction.nodes,
        elapsed: reduction.elapsed,
    };
    // A stop during the last round ends the loop without `stopped`: the flag tells.
    if reduction.stopped || stop.load(Ordering::Relaxed) {
        outcome.end = ReduceEnd::Stopped;
        return outcome;
    }
    if reduction.zone.len() >= original_zone {
        outcome.zone = original_zone;
        return outcome;
    }
    let mut smaller = reduction.proof;
    if let Some(fault) = check_settings.fault {
        let _ = fault.apply(claim, &mut smaller);
    }
    let checked = check(claim, &smaller, check_settings, Some(Arc::clone(&stop)));
    outcome.elapsed = reduction.elapsed + Duration::from_secs_f64(checked.seconds);
    outcome.end = match checked.verdict {
        CheckVerdict::Checked => ReduceEnd::Smaller(Arc::new(smaller)),
        CheckVerdict::Stopped => ReduceEnd::Stopped,
        _ => ReduceEnd::NotAccepted(Box::new(checked)),
    };
    outcome
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::fixtures::solved_bent_three_kill;

    fn wait(job: &mut ReduceJob) -> ReduceOutcome {
        let start = Instant::now();
        while job.poll().is_none() {
            assert!(
                start.elapsed() < Duration::from_secs(60),
                "the job did not end"
            );
            thread::sleep(Duration::from_millis(5));
        }
        job.outcome.clone().unwrap()
    }

    /// The outcome of a reduction job of `proof` as a proof of `problem`, default settings.
    fn reduced(problem: Problem, proof: ProofTree) -> ReduceOutcome {
        let mut job = ReduceJob::start(
            problem,
            SolveConfig::default(),
            Arc::new(proof),
            ReduceSettings::default(),
            CheckSettings::default(),
            1,
            || {},
        );
        wait(&mut job)
    }

    #[test]
    fn an_irreducible_proof_ends_with_no_smaller_proof() {
        let (problem, proof) = solved_bent_three_kill();
        let zone = proof.root.zone.len();
        let outcome = reduced(problem, proof);
        assert!(matches!(outcome.end, ReduceEnd::NoSmaller), "{outcome:?}");
        assert_eq!((outcome.original_zone, outcome.zone), (zone, zone));
        assert!(outcome.words().starts_with("No smaller proof found"));
    }

    #[test]
    fn a_proof_of_another_claim_is_refused_without_a_panic() {
        let (problem, proof) = solved_bent_three_kill();
        let outcome = reduced(problem.flipped(), proof);
        assert!(matches!(outcome.end, ReduceEnd::Failed(_)), "{outcome:?}");
    }
}
