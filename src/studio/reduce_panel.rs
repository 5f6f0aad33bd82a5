//! "Find a smaller proof" on the studio: the controls (strategy, K, the button and Stop), the
//! job's status line, and the Before / After switch between the proof as solved and the smaller
//! one (carried out in [`super::apply_reduce`]; [`super::reduce_job`] runs the reduction).

use super::command::{Command, Commands};
use super::jobs::Jobs;
use super::reduce_job::{ReduceEnd, ReduceJob};
use super::settings::ReduceChoice;
use crate::solver::jobs::reduce::Strategy;

/// The section under "Proof tree": the controls, the status, Before / After.
pub fn reduce_section(
    ui: &mut egui::Ui,
    jobs: &Jobs,
    reduce: &ReduceChoice,
    revision: u64,
    out: &mut Commands,
) {
    let running = jobs.reduction.as_ref().is_some_and(ReduceJob::is_running);
    let reducible = jobs.reducible(revision);
    ui.horizontal_wrapped(|ui| {
        if running {
            let stopping = jobs.reduction.as_ref().is_some_and(ReduceJob::stopping);
            if ui
                .add_enabled(!stopping, egui::Button::new("■ Stop reducing"))
                .on_hover_text("Stop the zone reduction: the proof shown stays")
                .clicked()
            {
                out.push(Command::StopReduction);
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
                out.push(Command::StartReduction);
            }
        }
        ui.add_enabled_ui(!running, |ui| {
            let mut choice = reduce.clone();
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
            if choice != *reduce {
                out.push(Command::SetReduce(choice));
            }
        });
    });
    // A smaller proof found: the summary beside Before / After says it.
    let found = |j: &&ReduceJob| {
        matches!(
            j.outcome.as_ref().map(|o| &o.end),
            Some(ReduceEnd::Smaller(_))
        )
    };
    if let Some(job) = jobs.reduction.as_ref().filter(|j| !found(j)) {
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
    let Some(ba) = &jobs.before_after else {
        return;
    };
    let showing_after = ba.showing_after;
    let (before, after) = (
        ba.before.proof.root.zone.len(),
        ba.after.proof.root.zone.len(),
    );
    let summary = ba.summary.clone();
    ui.horizontal_wrapped(|ui| {
        ui.label("Show:");
        if ui
            .selectable_label(!showing_after, "Before")
            .on_hover_text(format!("The proof as solved (zone {before} points)"))
            .clicked()
        {
            out.push(Command::ShowReduced(false));
        }
        if ui
            .selectable_label(showing_after, "After")
            .on_hover_text(format!("The smaller proof, checked (zone {after} points)"))
            .clicked()
        {
            out.push(Command::ShowReduced(true));
        }
    });
    ui.label(egui::RichText::new(summary).strong());
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
