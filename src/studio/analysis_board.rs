//! The central area of *Analyze a game*: the step controls above the board (first, previous,
//! next, last, a slider over the moves, the move number and whose turn), the board with the
//! safety overlay ([`super::analysis_scene`]) and its legend.

use super::analysis_scene::analysis_scene;
use super::board_view::{self, tint_color, Layout, GAP_MARK, SAFE_MARK};
use super::chrome::on_wood;
use super::command::{Command, Commands};
use super::game_analysis::GameAnalysis;
use super::scene::AreaTint;
use super::settings::Settings;
use crate::go::Point;
use egui::{Color32, RichText};

/// What the central area of the analysis reads and the queue it pushes into.
pub struct AnalysisBoard<'a> {
    pub settings: &'a Settings,
    pub analysis: &'a GameAnalysis,
    pub out: &'a mut Commands,
}

impl AnalysisBoard<'_> {
    /// The step controls, the board and its legend; where the board was drawn and the point
    /// under the pointer.
    pub fn show(self, ui: &mut egui::Ui) -> (Layout, Option<Point>) {
        let AnalysisBoard {
            settings,
            analysis: a,
            out,
        } = self;
        let (n, total) = (a.shown(), a.moves());
        ui.horizontal_wrapped(|ui| {
            let step = |ui: &mut egui::Ui, text: &str, hover: &str, to: usize, on: bool| {
                if ui
                    .add_enabled(on, egui::Button::new(RichText::new(text).size(15.0)))
                    .on_hover_text(hover)
                    .clicked()
                {
                    Some(to)
                } else {
                    None
                }
            };
            let targets = [
                step(ui, "⏮", "The start (Home)", 0, n > 0),
                step(ui, "◀", "The previous move (←)", n.saturating_sub(1), n > 0),
                step(ui, "▶", "The next move (→)", n + 1, n < total),
                step(ui, "⏭", "The end (End)", total, n < total),
            ];
            if let Some(to) = targets.into_iter().flatten().next() {
                out.push(Command::AnalysisGoto(to));
            }
            let mut slider = n;
            if ui
                .add(egui::Slider::new(&mut slider, 0..=total).show_value(false))
                .changed()
            {
                out.push(Command::AnalysisGoto(slider));
            }
            let to_play = a.position().to_play;
            ui.label(RichText::new(format!("move {n} of {total}")).strong());
            ui.label(format!("· {to_play} to play"));
            ui.separator();
            let mut partition = settings.overlays.partition;
            if ui
                .checkbox(&mut partition, "Partition")
                .on_hover_text(
                    "Tint each search area by its verdict and mark the gap points (dividers)",
                )
                .changed()
            {
                out.push(Command::SetPartitionOverlay(partition));
            }
            if ui
                .button("✖ Close")
                .on_hover_text("Close the analysis and go back to the problem")
                .clicked()
            {
                out.push(Command::CloseAnalysis);
            }
        });
        let legend_height = 50.0;
        let avail = ui.available_size();
        let board_size = egui::vec2(avail.x, (avail.y - legend_height).max(100.0));
        let scene = analysis_scene(a, &settings.overlays);
        let palette = settings.theme.palette();
        let (input, layout) = ui
            .allocate_ui(board_size, |ui| board_view::show(ui, &scene, &palette))
            .inner;
        legend(ui, settings, palette.wood);
        (layout, input.hover)
    }
}

/// What the marks and tints mean.
fn legend(ui: &mut egui::Ui, settings: &Settings, wood: Color32) {
    ui.horizontal_wrapped(|ui| {
        let mark = |ui: &mut egui::Ui, symbol: &str, color: Color32, text: &str| {
            ui.label(RichText::new(symbol).color(color).size(16.0));
            ui.label(text);
            ui.add_space(8.0);
        };
        mark(ui, "●", SAFE_MARK, "safe stone");
        mark(ui, "◯", SAFE_MARK, "proven safe by search");
        mark(
            ui,
            "■",
            Color32::DARK_GRAY,
            "safe territory (owner's colour)",
        );
        if settings.overlays.partition {
            mark(ui, "◆", GAP_MARK, "gap point");
            ui.label("areas:");
            for (tint, text) in [
                (AreaTint::Safe, "safe"),
                (AreaTint::ToAnswer, "to answer"),
                (AreaTint::Unsafe, "unsafe"),
                (AreaTint::Unknown, "unknown"),
                (AreaTint::Computing, "computing"),
            ] {
                let color = on_wood(wood, tint_color(tint));
                mark(ui, "■", color, text);
            }
        }
    });
}
