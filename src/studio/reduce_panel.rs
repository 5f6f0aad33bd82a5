//! "Find a smaller proof" on the studio: the controls (strategy, K, the button and Stop), the
//! job's status line, and the Before / After switch between the proof as solved and the smaller
//! one ([`super::reduce_job`] runs the reduction).
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
use crate::solver::jobs::reduce::{ReduceSettings, Strategy, DEFAULT_SEED};
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
    /// The proof a reduction would start from (the smallest so far), with why there is none.
    fn reducible(&self) -> Result<Arc<ProofTree>, &'static str> {
        let Some(f) = self
            .jobs
            .finished
            .as_ref()
            .filter(|f| f.revision == self.doc.problem.revision())
        else {
            return Err("solve the problem first");
        };
        let Some(shown) = f.proof.clone() else {
            return Err("there is no proof to reduce");
        };
        if f.check == Some(CheckVerdict::Failed) {
            return Err("the independent checker rejected this proof");
        }
        if self.jobs.live.is_running() {
            return Err("a solve is running");
        }
        Ok(match &self.jobs.before_after {
            Some(ba) => Arc::clone(&ba.after.proof),
            None => shown,
        })
    }

    /// The section under "Proof tree": the controls, the status, Before / After.
    pub fn reduce_section(&mut self, ui: &mut egui::Ui) {
        let running = self
            .jobs
            .reduction
            .as_ref()
            .is_some_and(ReduceJob::is_running);
        let reducible = self.reducible();
        ui.horizontal_wrapped(|ui| {
            if running {
                let stopping = self
                    .jobs
                    .reduction
                    .as_ref()
                    .is_some_and(ReduceJob::stopping);
                if ui
                    .add_enabled(!stopping, egui::Button::new("■ Stop reducing"))
                    .on_hover_text("Stop the zone reduction: the proof shown stays")
                    .clicked()
                {
                    self.stop_reduction();
                }
            } else {
                let r = ui
                    .add_enabled(reducible.is_ok(), egui::Button::new("Find a smaller proof"))
                    .on_hover_text(
                        "Relevance-zone reduction: solve the claim again and again, each time \
                         forbidding the points outside the smallest zone so far and one point \
                         inside it, until K rounds in a row find nothing. A smaller proof is \
                         shown once the independent checker accepts it. MCTS proofs are \
                         reduced with df-pn.",
                    );
                let r = match &reducible {
                    Err(why) => r.on_disabled_hover_text(*why),
                    Ok(_) => r,
                };
                if r.clicked() {
                    let ctx = ui.ctx().clone();
                    self.start_reduction(&ctx);
                }
            }
            ui.add_enabled_ui(!running, |ui| {
                let choice = &mut self.settings.reduce;
                egui::ComboBox::from_id_salt("reduce-strategy")
                    .selected_text(choice.strategy.name())
                    .width(80.0)
                    .show_ui(ui, |ui| {
                        for s in [Strategy::Heatmap, Strategy::Erosion, Strategy::Random] {
                            ui.selectable_value(&mut choice.strategy, s, s.name())
                                .on_hover_text(strategy_help(s));
                        }
                    })
                    .response
                    .on_hover_text(strategy_help(choice.strategy));
                ui.label("K");
                ui.add(egui::DragValue::new(&mut choice.k).range(1..=100))
                    .on_hover_text("Stop after this many failed rounds in a row");
            });
        });
        // A smaller proof found: the summary beside Before / After says it.
        let found = |j: &&ReduceJob| {
            matches!(
                j.outcome.as_ref().map(|o| &o.end),
                Some(ReduceEnd::Smaller(_))
            )
        };
        if let Some(job) = self.jobs.reduction.as_ref().filter(|j| !found(j)) {
            let text = egui::RichText::new(job.status());
            let failed = matches!(
                job.outcome.as_ref().map(|o| &o.end),
                Some(ReduceEnd::NotAccepted(_) | ReduceEnd::Failed(_))
            );
            if failed {
                ui.colored_label(ui.visuals().error_fg_color, text);
            } else {
                ui.label(text);
            }
        }
        let Some(ba) = &self.jobs.before_after else {
            return;
        };
        let showing_after = ba.showing_after;
        let (before, after) = (
            ba.before.proof.root.zone.len(),
            ba.after.proof.root.zone.len(),
        );
        let summary = ba.summary.clone();
        let mut show = None;
        ui.horizontal_wrapped(|ui| {
            ui.label("Show:");
            if ui
                .selectable_label(!showing_after, "Before")
                .on_hover_text(format!("The proof as solved (zone {before} points)"))
                .clicked()
            {
                show = Some(false);
            }
            if ui
                .selectable_label(showing_after, "After")
                .on_hover_text(format!("The smaller proof, checked (zone {after} points)"))
                .clicked()
            {
                show = Some(true);
            }
        });
        ui.label(egui::RichText::new(summary).strong());
        if let Some(after) = show {
            self.show_reduced(after);
        }
    }

    /// Start reducing the smallest proof so far in the background (refused with the reason in
    /// the status bar when there is none).
    pub fn start_reduction(&mut self, ctx: &egui::Context) {
        let proof = match self.reducible() {
            Ok(p) => p,
            Err(why) => {
                self.warn(format!("cannot look for a smaller proof: {why}"));
                return;
            }
        };
        let Some(f) = &self.jobs.finished else { return };
        let claim = f.proof_claim().clone();
        let mut config = self.solve_config();
        if config.engine == Engine::Mcts {
            // MCTS cannot search under forbidden points: its proofs are reduced with df-pn.
            config.engine = Engine::Dfpn;
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

    /// The points of the solved proof's root zone that the smaller one no longer needs, when
    /// the smaller proof's root is shown.
    pub fn dropped_zone(&self) -> Option<crate::go::Zone> {
        let ba = self
            .jobs
            .before_after
            .as_ref()
            .filter(|ba| ba.showing_after)?;
        if !self.view.cursor.path().is_empty() {
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

/// What a strategy does, for its hover text.
fn strategy_help(s: Strategy) -> &'static str {
    match s {
        Strategy::Heatmap => {
            "heatmap: forbid first the point covered by the fewest zones of the proof's nodes \
             (the paper's best)"
        }
        Strategy::Erosion => {
            "erosion: forbid first the empty points with the most neighbours outside the zone"
        }
        Strategy::Random => "random: forbid a point of the zone drawn at random (seeded)",
    }
}
