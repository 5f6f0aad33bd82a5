//! The central area: the mode switch and crop above the board, the board (painted from the
//! scene of [`super::view_scene`]) and its legend. The pointer input goes out as a command; the
//! board's layout and the point under the pointer are returned for the view to keep.

use super::board_view::{self, Layout};
use super::command::{Command, Commands};
use super::doc_state::DocState;
use super::jobs::Jobs;
use super::legend::Legend;
use super::net::Net;
use super::net_panel::net_legend_rows;
use super::settings::Settings;
use super::view_scene::scene;
use super::view_state::{Mode, ViewState};
use crate::go::Point;

/// What the central area reads and the queue it pushes into.
pub struct BoardPanel<'a> {
    pub settings: &'a Settings,
    pub doc: &'a DocState,
    pub jobs: &'a Jobs,
    pub view: &'a ViewState,
    pub net: &'a Net,
    pub out: &'a mut Commands,
}

/// Where the board was drawn and what the pointer was over.
pub struct BoardShown {
    pub layout: Layout,
    pub hover: Option<Point>,
}

impl BoardPanel<'_> {
    /// The mode switch, the board and its legend.
    pub fn show(self, ui: &mut egui::Ui) -> BoardShown {
        let BoardPanel {
            settings,
            doc,
            jobs,
            view,
            net,
            out,
        } = self;
        // Wrapped: on a narrow window the toolbar takes two rows instead of widening the area
        // (the board would then run under the side panel).
        ui.horizontal_wrapped(|ui| {
            ui.label("Board:");
            if ui
                .selectable_label(view.mode == Mode::Edit, "✏ Edit")
                .on_hover_text("Click the board to edit with the selected tool")
                .clicked()
            {
                out.push(Command::EditMode);
            }
            let has_proof = jobs.proof(doc.problem.revision()).is_some();
            ui.add_enabled_ui(has_proof, |ui| {
                if ui
                    .selectable_label(view.mode == Mode::Proof, "🌳 Proof")
                    .on_hover_text("Step through the proof tree (arrow keys, Home, End)")
                    .clicked()
                {
                    out.push(Command::ShowProof);
                }
                if ui
                    .selectable_label(view.mode == Mode::Refute, "⚔ Try to refute")
                    .on_hover_text("Play the attacker's moves; the proof answers")
                    .clicked()
                {
                    out.push(Command::StartRefute);
                }
            });
            let valid = doc.problem.problem().is_ok();
            ui.add_enabled_ui(valid, |ui| {
                if ui
                    .selectable_label(view.mode == Mode::Explore, "🗺 Explore")
                    .on_hover_text(
                        "Play either colour in turn from the problem position, in a tree of \
                         variations; moves are marked against the proof",
                    )
                    .on_disabled_hover_text("fix the problem first (see Problem)")
                    .clicked()
                {
                    out.push(Command::EnterExplore);
                }
            });
            ui.separator();
            let mut crop = settings.crop;
            if ui.checkbox(&mut crop, "Crop to problem").changed() {
                out.push(Command::SetCrop(crop));
            }
        });
        // The legend's rows of the net overlays come under its usual two.
        let legend_height = 46.0 + 22.0 * net_legend_rows(settings) as f32;
        let avail = ui.available_size();
        let board_size = egui::vec2(avail.x, (avail.y - legend_height).max(100.0));
        let scene = scene(settings, doc, jobs, view, net);
        let palette = settings.theme.palette();
        let (input, layout) = ui
            .allocate_ui(board_size, |ui| board_view::show(ui, &scene, &palette))
            .inner;
        let hover = input.hover;
        out.push(Command::Board(input));
        Legend {
            settings,
            doc,
            jobs,
            view,
            net,
            scene: &scene,
        }
        .show(ui, &palette);
        BoardShown { layout, hover }
    }
}
