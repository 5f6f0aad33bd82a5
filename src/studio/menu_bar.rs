//! The menu bar: File, Edit, View, Net. It reads the document, the jobs and the net, changes
//! the view toggles its checkboxes stand for (overlays, theme, shown panels, the menu's own
//! inputs) and pushes the rest as commands (also the crop and the solver's Net choice).

use super::command::{Command, Commands};
use super::doc_state::DocState;
use super::game_analysis::GameAnalysis;
use super::jobs::Jobs;
use super::net_status::NetState;
use super::panel_state::PanelState;
use super::settings::{Limits, Settings};
use super::theme::ThemeChoice;

/// What the menu bar reads and changes.
pub struct MenuBar<'a> {
    pub doc: &'a DocState,
    pub jobs: &'a Jobs,
    /// The game analysed, while the analysis view is open.
    pub analysis: Option<&'a GameAnalysis>,
    pub net: &'a NetState,
    pub panels: &'a mut PanelState,
    pub settings: &'a mut Settings,
    pub out: &'a mut Commands,
}

impl MenuBar<'_> {
    /// Draw the menu bar.
    pub fn show(self, ui: &mut egui::Ui) {
        let MenuBar {
            doc,
            jobs,
            analysis,
            net,
            panels,
            settings,
            out,
        } = self;
        let ctx = ui.ctx().clone();
        egui::MenuBar::new().ui(ui, |ui| {
            ui.menu_button("File", |ui| {
                if ui.button("Open…  (Ctrl+O)").clicked() {
                    out.push(Command::AskOpen);
                }
                if ui
                    .button("Analyze a game…")
                    .on_hover_text(
                        "Open a game record (SGF) and step through it: each position's safe \
                         points and search areas, proven by search on a worker thread",
                    )
                    .clicked()
                {
                    out.push(Command::AskAnalyzeGame);
                }
                if analysis.is_some() && ui.button("Close the analysis").clicked() {
                    out.push(Command::CloseAnalysis);
                }
                if ui.button("Bundled problems").clicked() {
                    out.push(Command::ShowBundled);
                }
                ui.menu_button("Recent", |ui| {
                    if settings.recent.is_empty() {
                        ui.weak("no recent files");
                    }
                    for path in settings.recent.clone() {
                        if ui.button(path.display().to_string()).clicked() {
                            out.push(Command::Open(path));
                        }
                    }
                });
                ui.menu_button("New problem", |ui| {
                    for size in [5, 7, 9, 13, 19] {
                        if ui.button(format!("{size}x{size}")).clicked() {
                            out.push(Command::New(size));
                        }
                    }
                    ui.horizontal(|ui| {
                        ui.add(egui::DragValue::new(&mut panels.new_size).range(2..=19));
                        if ui.button("Create").clicked() {
                            out.push(Command::New(panels.new_size));
                        }
                    });
                });
                ui.separator();
                if ui.button("Save  (Ctrl+S)").clicked() {
                    out.push(Command::Save);
                }
                if ui.button("Save as…  (Ctrl+Shift+S)").clicked() {
                    out.push(Command::SaveAs);
                }
                ui.separator();
                if ui.button("Export proof tree as SGF…").clicked() {
                    out.push(Command::ExportProof);
                }
                let judged = jobs
                    .all_moves
                    .as_ref()
                    .is_some_and(|j| j.finished.is_some() && j.revision == doc.problem.revision());
                if ui
                    .add_enabled(judged, egui::Button::new("Export answers as SGF…"))
                    .on_hover_text(
                        "The problem with its answer tree (correct and wrong first moves, the \
                         refutations, RIGHT marks) for Go problem sites and SGF editors",
                    )
                    .on_disabled_hover_text("Judge every first move first (the solver panel)")
                    .clicked()
                {
                    out.push(Command::ExportAnswers);
                }
                if ui.button("Export board as PNG (screenshots/)").clicked() {
                    out.push(Command::ExportPng);
                }
                ui.separator();
                if ui.button("Quit").clicked() {
                    ctx.send_viewport_cmd(egui::ViewportCommand::Close);
                }
            });
            ui.menu_button("Edit", |ui| {
                if ui
                    .add_enabled(doc.problem.can_undo(), egui::Button::new("Undo  (Ctrl+Z)"))
                    .clicked()
                {
                    out.push(Command::Undo);
                }
                if ui
                    .add_enabled(
                        doc.problem.can_redo(),
                        egui::Button::new("Redo  (Ctrl+Shift+Z)"),
                    )
                    .clicked()
                {
                    out.push(Command::Redo);
                }
            });
            ui.menu_button("View", |ui| {
                let o = &mut settings.overlays;
                ui.checkbox(&mut o.region, "Search region (outside dimmed)");
                ui.checkbox(&mut o.crucial, "Crucial stones");
                ui.checkbox(&mut o.zone, "Relevance zone");
                ui.checkbox(&mut o.must_play, "Must-play region");
                ui.checkbox(&mut o.null_moves, "Null moves");
                ui.checkbox(&mut o.line, "Line (numbered)");
                ui.checkbox(&mut o.seki, "Seki areas (database)")
                    .on_hover_text(
                        "Outline the areas where a block keeps a seki the seki database knows \
                     (areas of 5 to 8 points enclosed by one block)",
                    );
                ui.checkbox(&mut o.coordinates, "Coordinates");
                let mut partition = o.partition;
                if ui
                    .checkbox(&mut partition, "Partition (Analyze a game)")
                    .on_hover_text("Tint each search area by its verdict and mark the gap points")
                    .changed()
                {
                    out.push(Command::SetPartitionOverlay(partition));
                }
                ui.separator();
                ui.checkbox(&mut o.net_policy, "Net policy (heat map)")
                    .on_hover_text(
                        "The net's prior of each legal move of the side to move in the region, \
                         for the position on the board (loads the net when it is not loaded)",
                    );
                ui.checkbox(&mut o.net_value, "Net d-win estimate")
                    .on_hover_text(
                        "Under the board: the net's estimate that the OR player wins within \
                         5, 10, 20 and 30 moves from the position on the board",
                    );
                ui.separator();
                let mut crop = settings.crop;
                if ui.checkbox(&mut crop, "Crop to the problem").changed() {
                    out.push(Command::SetCrop(crop));
                }
                ui.checkbox(&mut panels.show_library, "Problem list");
                ui.separator();
                for t in [ThemeChoice::Light, ThemeChoice::Dark] {
                    if ui.radio(settings.theme == t, t.label()).clicked() {
                        settings.theme = t;
                        t.apply(&ctx);
                    }
                }
                ui.separator();
                ui.menu_button("Debug", |ui| {
                    ui.checkbox(&mut panels.show_frame_time, "Frame times in the status bar");
                });
            });
            ui.menu_button("Net", |ui| {
                ui.label(net.summary());
                let idle = matches!(net, NetState::NotLoaded);
                if ui
                    .add_enabled(idle, egui::Button::new("Load the net"))
                    .on_hover_text(
                        "Open the net module (libtorch), load the shipped weights (or the file \
                         TSUMEGO_WEIGHTS names) and evaluate one position",
                    )
                    .clicked()
                {
                    out.push(Command::LoadNet);
                }
                ui.separator();
                // The same switches as the solver panel's Net choice and the View menu's net
                // overlays; each loads the net when it is not loaded.
                let mut use_net = settings.limits.use_net;
                if ui
                    .checkbox(&mut use_net, "Guide the solver by the net")
                    .on_hover_text(
                        "The solver panel's Net choice: df-pn and MCTS search by the net's \
                         policy (depth-first does not use it)",
                    )
                    .changed()
                {
                    out.push(Command::SetLimits(Limits {
                        use_net,
                        ..settings.limits.clone()
                    }));
                }
                let o = &mut settings.overlays;
                ui.checkbox(&mut o.net_policy, "Show the policy (heat map)");
                ui.checkbox(&mut o.net_value, "Show the d-win estimate");
            });
            ui.separator();
            match analysis {
                Some(a) => ui.strong(format!("Analyze a game: {}", a.name())),
                None => ui.strong(doc.problem.title()),
            };
        });
    }
}
