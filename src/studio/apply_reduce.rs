//! The handlers of "Find a smaller proof": starting and stopping the reduction
//! ([`super::reduce_job`] runs it), taking in its end, and the Before / After switch. The
//! controls are in [`super::reduce_panel`].
//!
//! The smaller proof is shown only once the independent checker has accepted it; both proofs
//! stay until another solve, another problem or an edit. Switching puts the chosen proof into
//! the finished result, so everything that shows a proof (the tree, the board's zones, Try to
//! refute, Explore's marks, the exports) follows it.

use super::app::StudioApp;
use super::before_after::{BeforeAfter, ShownProof};
use super::proof_nav::ProofCursor;
use super::reduce_job::{ReduceEnd, ReduceJob};
use super::view_state::Mode;
use crate::solver::jobs::analysis::{ends_in_seki, ko_capture_paths};
use crate::solver::jobs::reduce::{ReduceSettings, DEFAULT_SEED};
use crate::solver::proof::certify::{CheckSettings, CheckVerdict};
use crate::solver::proof::ProofTree;
use crate::solver::Engine;
use std::sync::Arc;

/// Fewest nodes a round may search (as many as the solve used, when more; as the CLI's
/// `solve --reduce-zones`).
const MIN_ROUND_NODES: u64 = 20_000;

/// Most ko-capture paths looked for in a proof (as for a solve's proof).
const KO_PATH_LIMIT: usize = 100_000;

impl StudioApp {
    /// Start reducing the smallest proof so far in the background (refused with the reason in
    /// the status bar when there is none).
    pub fn start_reduction(&mut self, ctx: &egui::Context) {
        let proof = match self.jobs.reducible(self.doc.problem.revision()) {
            Ok(p) => p,
            Err(why) => {
                self.warn(format!("cannot look for a smaller proof: {why}"));
                return;
            }
        };
        let Some(f) = &self.jobs.finished else { return };
        let claim = f.proof_claim().clone();
        let mut config = self.solve_config();
        if !config.engine.capabilities().forbidden_zone {
            // An engine that cannot search under forbidden points (MCTS): its proofs are
            // reduced with df-pn.
            config.engine = Engine::DFPN;
            config.guide = None;
        }
        let choice = &self.settings.reduce;
        let settings = ReduceSettings {
            strategy: choice.strategy,
            k: choice.k.max(1),
            round_nodes: f.solution().nodes.max(MIN_ROUND_NODES),
            round_time: None,
            seed: DEFAULT_SEED,
            keep_patterns: true,
        };
        let check = CheckSettings {
            fault: self.jobs.check_fault,
            ..CheckSettings::default()
        };
        let wake = ctx.clone();
        let job = ReduceJob::start(
            claim,
            config,
            proof,
            settings,
            check,
            self.doc.problem.revision(),
            move || wake.request_repaint_after(std::time::Duration::from_millis(100)),
        );
        self.info(format!(
            "looking for a proof with a smaller zone than {} points…",
            job.from.root.zone.len()
        ));
        self.jobs.reduction = Some(job);
        self.view.mode = Mode::Proof;
    }

    /// Ask the running reduction to stop; its end (and "the original proof is kept") follows.
    pub fn stop_reduction(&mut self) {
        if let Some(job) = &self.jobs.reduction {
            job.request_stop();
            self.info("stopping the zone reduction…");
        }
    }

    /// Forget the reduction and both proofs (another solve, problem or edit): a running job is
    /// stopped.
    pub fn cancel_reduction(&mut self) {
        if self.jobs.reduction.take().is_some_and(|j| j.is_running()) {
            self.info("the zone reduction was cancelled");
        }
        self.jobs.before_after = None;
    }

    /// Once per frame: take in the job's messages; forget what no longer belongs to the shown
    /// result.
    pub fn reduce_frame(&mut self) {
        let shown = self
            .jobs
            .finished
            .as_ref()
            .filter(|f| f.revision == self.doc.problem.revision())
            .and_then(|f| f.proof.clone());
        // Whatever replaced the result without cancelling: the job and the pair are not its.
        let belongs = |p: &Arc<ProofTree>| shown.as_ref().is_some_and(|s| Arc::ptr_eq(s, p));
        let pair_belongs = self
            .jobs
            .before_after
            .as_ref()
            .is_none_or(|ba| shown.as_ref().is_some_and(|s| ba.holds(s)));
        if !pair_belongs {
            self.jobs.before_after = None;
        }
        let job_belongs = self.jobs.reduction.as_ref().is_none_or(|j| {
            belongs(&j.from)
                || self
                    .jobs
                    .before_after
                    .as_ref()
                    .is_some_and(|ba| ba.holds(&j.from))
        });
        if !job_belongs {
            // Stopped by the drop when still running; the pair (checked above) stays: a job
            // that reduced the smaller proof again has ended with an even smaller one.
            if self.jobs.reduction.take().is_some_and(|j| j.is_running()) {
                self.info("the zone reduction was cancelled");
            }
            return;
        }
        let Some(job) = self.jobs.reduction.as_mut() else {
            return;
        };
        let Some(outcome) = job.poll().cloned() else {
            return;
        };
        let from = Arc::clone(&job.from);
        match outcome.end {
            ReduceEnd::Smaller(smaller) => {
                let Some(f) = self.jobs.finished.as_ref() else {
                    return;
                };
                let claim = f.proof_claim();
                let after = ShownProof {
                    has_seki: ends_in_seki(&smaller),
                    ko_captures: ko_capture_paths(claim, &smaller, KO_PATH_LIMIT),
                    proof: smaller,
                    check: Some(CheckVerdict::Checked),
                };
                let before = match self.jobs.before_after.take() {
                    Some(ba) => ba.before,
                    None => ShownProof {
                        proof: from,
                        has_seki: f.has_seki,
                        ko_captures: f.ko_captures.clone(),
                        check: f.check,
                    },
                };
                let (b, a) = (before.proof.root.zone.len(), after.proof.root.zone.len());
                let summary = format!(
                    "zone {b} → {a} points ({:.1} %), {} rounds, {:.1} s",
                    100.0 * a as f64 / b.max(1) as f64,
                    outcome.rounds,
                    outcome.elapsed.as_secs_f64()
                );
                self.info(format!("Smaller proof found and checked: {summary}."));
                self.jobs.before_after = Some(BeforeAfter {
                    before,
                    after,
                    showing_after: true,
                    summary,
                });
                self.show_reduced(true);
            }
            ReduceEnd::NoSmaller | ReduceEnd::Stopped => self.info(outcome.words()),
            ReduceEnd::NotAccepted(_) | ReduceEnd::Failed(_) => self.warn(outcome.words()),
        }
    }

    /// Show the smaller proof (`after`) or the proof as solved, from the tree's root.
    pub fn show_reduced(&mut self, after: bool) {
        let Some(ba) = self.jobs.before_after.as_mut() else {
            return;
        };
        ba.showing_after = after;
        let shown = if after { &ba.after } else { &ba.before }.clone();
        if let Some(f) = self.jobs.finished.as_mut() {
            f.proof = Some(shown.proof);
            f.has_seki = shown.has_seki;
            f.ko_captures = shown.ko_captures;
            f.check = shown.check;
        }
        self.view.cursor = ProofCursor::root();
        self.view.replay = None;
        if self.view.mode != Mode::Explore {
            self.view.mode = Mode::Proof;
        }
    }
}
