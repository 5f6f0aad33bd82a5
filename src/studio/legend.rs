//! The board's legend: one swatch per overlay shown in the current mode.

use super::app::StudioApp;
use super::chrome::on_wood;
use super::theme::Palette;
use super::view_state::Mode;
use egui::{Color32, RichText};

impl StudioApp {
    /// One swatch per overlay shown in this mode.
    pub fn legend(&self, ui: &mut egui::Ui, palette: &Palette) {
        let o = &self.settings.overlays;
        ui.horizontal_wrapped(|ui| {
            // A swatch shows the colour as the board shows it: translucent overlays over wood.
            let wood = palette.wood;
            let swatch = |ui: &mut egui::Ui, color: Color32, text: &str| {
                let color = on_wood(wood, color);
                ui.label(RichText::new("■").color(color).size(16.0));
                ui.label(text);
                ui.add_space(8.0);
            };
            if o.region {
                swatch(ui, palette.outside, "outside the region");
            }
            if o.crucial {
                swatch(ui, palette.crucial, "△ crucial stones");
            }
            if o.seki && !self.scene().seki_areas.is_empty() {
                swatch(ui, palette.seki_area, "seki area (database, outline)");
            }
            match self.view.mode {
                Mode::Edit if self.jobs.live.is_running() => {
                    if o.zone {
                        swatch(ui, palette.proven, "zones proven at the root");
                    }
                    if o.must_play {
                        swatch(ui, palette.must_play, "must-play region (outline)");
                    }
                    if o.line {
                        ui.label("numbered ghosts: the line being searched");
                    }
                    ui.label("✔/× first moves proven to work/fail so far");
                }
                Mode::Proof | Mode::Refute => {
                    if o.zone {
                        swatch(ui, palette.zone, "relevance zone");
                        if self.view.mode == Mode::Proof && self.dropped_zone().is_some() {
                            swatch(ui, palette.proven, "no longer in the smaller proof's zone");
                        }
                        if self.view.mode == Mode::Proof
                            && self.jobs.finished.as_ref().is_some_and(|f| f.has_seki)
                        {
                            swatch(ui, palette.seki_zone, "zone of a seki leaf");
                        }
                    }
                    if o.must_play {
                        swatch(ui, palette.must_play, "must-play region (outline)");
                    }
                    if o.null_moves && self.view.mode == Mode::Proof {
                        swatch(ui, palette.null_move, "⊘ null moves");
                    }
                    if o.line {
                        ui.label("numbers: the line from the start");
                    }
                }
                Mode::Explore => self.explore_legend(ui),
                Mode::Edit => {
                    if o.line && !self.doc.problem.setup().moves.is_empty() {
                        ui.label("numbers: the opening moves");
                    }
                }
            }
            let judged =
                self.jobs.all_moves.as_ref().is_some_and(|j| {
                    j.revision == self.doc.problem.revision() && !j.moves.is_empty()
                });
            if self.view.mode == Mode::Edit && judged {
                self.first_moves_legend(ui);
            }
        });
        self.net_legend(ui, palette);
    }

    /// What the first-move marks mean (every first move judged).
    fn first_moves_legend(&self, ui: &mut egui::Ui) {
        use crate::solver::jobs::first_moves::MoveResult;
        let defends = self.first_mover_defends();
        ui.label("first moves:");
        for result in [
            MoveResult::Works,
            MoveResult::Fails,
            MoveResult::Seki,
            MoveResult::Ko,
            MoveResult::Unknown,
        ] {
            let (text, color) = super::all_moves::mark(result, defends);
            ui.label(RichText::new(text).color(color).strong());
            ui.label(result.name());
            ui.add_space(4.0);
        }
    }
}
