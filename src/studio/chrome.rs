//! The status bar, the board's legend and the "unsaved changes" confirmation.

use super::app::{Mode, Pending, StudioApp};
use super::theme::Palette;
use egui::{Color32, RichText};

impl StudioApp {
    pub fn status_bar(&mut self, ui: &mut egui::Ui) {
        ui.horizontal(|ui| {
            // One height whether or not there is a message: the panels above keep their size
            // when one comes or goes.
            ui.set_min_height(
                ui.spacing()
                    .interact_size
                    .y
                    .max(ui.text_style_height(&egui::TextStyle::Body)),
            );
            // Right to left: the frame time and the hovered point keep their place, and a long
            // message is cut short (its whole text on hover) instead of running under them.
            ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                if self.show_frame_time {
                    ui.weak(format!(
                        "frame {:.2} ms (max {:.2})",
                        self.frame_stats.mean().as_secs_f64() * 1e3,
                        self.frame_stats.max().as_secs_f64() * 1e3
                    ));
                }
                if let Some(p) = self.hover {
                    ui.label(p.to_gtp(self.doc.setup().size));
                }
                if let Some(n) = &self.notice {
                    let color = if n.error {
                        ui.visuals().error_fg_color
                    } else {
                        ui.visuals().text_color()
                    };
                    ui.with_layout(egui::Layout::left_to_right(egui::Align::Center), |ui| {
                        ui.add(egui::Label::new(RichText::new(&n.text).color(color)).truncate())
                            .on_hover_text(&n.text);
                    });
                }
            });
        });
    }

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
            match self.mode {
                Mode::Edit if self.live.is_running() => {
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
                        if self.mode == Mode::Proof && self.dropped_zone().is_some() {
                            swatch(ui, palette.proven, "no longer in the smaller proof's zone");
                        }
                        if self.mode == Mode::Proof
                            && self.finished.as_ref().is_some_and(|f| f.has_seki)
                        {
                            swatch(ui, palette.seki_zone, "zone of a seki leaf");
                        }
                    }
                    if o.must_play {
                        swatch(ui, palette.must_play, "must-play region (outline)");
                    }
                    if o.null_moves && self.mode == Mode::Proof {
                        swatch(ui, palette.null_move, "⊘ null moves");
                    }
                    if o.line {
                        ui.label("numbers: the line from the start");
                    }
                }
                Mode::Explore => self.explore_legend(ui),
                Mode::Edit => {
                    if o.line && !self.doc.setup().moves.is_empty() {
                        ui.label("numbers: the opening moves");
                    }
                }
            }
            let judged = self
                .all_moves
                .as_ref()
                .is_some_and(|j| j.revision == self.doc.revision() && !j.moves.is_empty());
            if self.mode == Mode::Edit && judged {
                self.first_moves_legend(ui);
            }
        });
        self.net_legend(ui, palette);
    }

    /// What the first-move marks mean (every first move judged).
    fn first_moves_legend(&self, ui: &mut egui::Ui) {
        use crate::solver::first_moves::MoveResult;
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

    /// The modal that asks before unsaved changes are lost.
    pub fn confirm_dialog(&mut self, ctx: &egui::Context) {
        let Some(pending) = self.pending.clone() else {
            return;
        };
        let what = match &pending {
            Pending::Open(p) => format!("open {}", p.display()),
            Pending::New(n) => format!("start a new {n}x{n} problem"),
            Pending::Close => "quit".to_string(),
        };
        #[derive(Clone, Copy)]
        enum Choice {
            Save,
            Discard,
            Cancel,
        }
        let mut choice = None;
        egui::Modal::new(egui::Id::unique("unsaved")).show(ctx, |ui| {
            ui.heading("Unsaved changes");
            ui.label(format!(
                "{} has unsaved changes. Save them before you {what}?",
                self.doc.title()
            ));
            ui.horizontal(|ui| {
                if ui.button("Save").clicked() {
                    choice = Some(Choice::Save);
                }
                if ui.button("Don't save").clicked() {
                    choice = Some(Choice::Discard);
                }
                if ui.button("Cancel").clicked() {
                    choice = Some(Choice::Cancel);
                }
            });
        });
        match choice {
            Some(Choice::Save) => self.save_then_continue(ctx),
            Some(Choice::Discard) => self.confirm_pending(ctx),
            Some(Choice::Cancel) => self.pending = None,
            None => {}
        }
    }
}

/// `overlay` painted over the opaque `wood`, as the board shows it.
pub fn on_wood(wood: Color32, overlay: Color32) -> Color32 {
    let [r, g, b, a] = overlay.to_srgba_unmultiplied();
    let alpha = f32::from(a) / 255.0;
    let mix = |top: u8, base: u8| {
        (f32::from(top) * alpha + f32::from(base) * (1.0 - alpha)).round() as u8
    };
    Color32::from_rgb(mix(r, wood.r()), mix(g, wood.g()), mix(b, wood.b()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn swatches_mix_translucent_colours_with_the_wood() {
        let wood = Color32::from_rgb(200, 100, 0);
        assert_eq!(
            on_wood(wood, Color32::from_rgb(1, 2, 3)),
            Color32::from_rgb(1, 2, 3)
        );
        let half = Color32::from_rgba_unmultiplied(0, 0, 255, 128);
        let mixed = on_wood(wood, half);
        assert!((99..=101).contains(&mixed.r()), "{mixed:?}");
        assert!((49..=51).contains(&mixed.g()), "{mixed:?}");
        assert!((127..=129).contains(&mixed.b()), "{mixed:?}");
    }
}
