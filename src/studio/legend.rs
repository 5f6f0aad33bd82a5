//! The board's legend: one swatch per overlay shown in the current mode.

use super::chrome::on_wood;
use super::doc_state::DocState;
use super::explore_panel::explore_legend;
use super::jobs::Jobs;
use super::net::Net;
use super::net_panel::{net_legend, shown_position};
use super::scene::Scene;
use super::settings::Settings;
use super::theme::Palette;
use super::view_state::{Mode, ViewState};
use egui::{Color32, RichText};

/// The parts the legend reads.
pub struct Legend<'a> {
    pub settings: &'a Settings,
    pub doc: &'a DocState,
    pub jobs: &'a Jobs,
    pub view: &'a ViewState,
    pub net: &'a Net,
    /// The scene the board shows (its seki areas).
    pub scene: &'a Scene,
}

impl Legend<'_> {
    /// One swatch per overlay shown in this mode.
    pub fn show(&self, ui: &mut egui::Ui, palette: &Palette) {
        let o = &self.settings.overlays;
        let revision = self.doc.problem.revision();
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
            if o.seki && !self.scene.seki_areas.is_empty() {
                swatch(ui, palette.seki_area, "seki area (database, outline)");
            }
            match self.view.mode {
                // The portfolio's lanes send no progress, so nothing live is drawn for them.
                Mode::Edit
                    if self.jobs.live.is_running() && self.jobs.live.racing_words().is_none() =>
                {
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
                        if self.view.mode == Mode::Proof
                            && self
                                .jobs
                                .dropped_zone(self.view.cursor.path().is_empty())
                                .is_some()
                        {
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
                Mode::Explore => {
                    explore_legend(ui, self.settings, self.jobs.proof(revision).is_some())
                }
                Mode::Edit => {
                    if o.line && !self.doc.problem.setup().moves.is_empty() {
                        ui.label("numbers: the opening moves");
                    }
                }
            }
            let judged = self
                .jobs
                .all_moves
                .as_ref()
                .is_some_and(|j| j.revision == revision && !j.moves.is_empty());
            if self.view.mode == Mode::Edit && judged {
                first_moves_legend(ui, self.doc.first_mover_defends());
            }
        });
        let position = shown_position(self.doc, self.jobs, self.view);
        net_legend(ui, self.settings, self.net, position.as_ref(), palette);
    }
}

/// What the first-move marks mean (every first move judged).
fn first_moves_legend(ui: &mut egui::Ui, defends: bool) {
    use crate::solver::jobs::first_moves::MoveResult;
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
