//! The status bar and the "unsaved changes" confirmation.

use super::command::{Command, Commands};
use super::doc_state::{DocState, Pending};
use super::view_state::ViewState;
use egui::{Color32, RichText};

/// The status bar: the notice, the hovered point, the frame time.
pub fn status_bar(ui: &mut egui::Ui, view: &ViewState, show_frame_time: bool, size: usize) {
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
            if show_frame_time {
                ui.weak(format!(
                    "frame {:.2} ms (max {:.2})",
                    view.frame_stats.mean().as_secs_f64() * 1e3,
                    view.frame_stats.max().as_secs_f64() * 1e3
                ));
            }
            if let Some(p) = view.hover {
                ui.label(p.to_gtp(size));
            }
            if let Some(n) = &view.notice {
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

/// The modal that asks before unsaved changes are lost.
pub fn confirm_dialog(ctx: &egui::Context, doc: &DocState, out: &mut Commands) {
    let Some(pending) = doc.pending.clone() else {
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
            doc.problem.title()
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
        Some(Choice::Save) => out.push(Command::SaveThenContinue),
        Some(Choice::Discard) => out.push(Command::ConfirmPending),
        Some(Choice::Cancel) => out.push(Command::CancelPending),
        None => {}
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
