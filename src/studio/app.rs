//! The studio's state and its frame: the panels around the board, keyboard shortcuts, the close
//! guard, and `apply`, which carries out the panels' commands after the layout. The panels live
//! in their own files (`*_panel.rs`, `menu_bar.rs`, `chrome.rs`, `legend.rs`) and see only the
//! parts they read; what the commands do is in `apply_*.rs`.

use super::analysis_board::AnalysisBoard;
use super::analysis_panel;
use super::analysis_scene::analysis_scene;
use super::board_panel::BoardPanel;
use super::board_view::BoardInput;
use super::chrome;
use super::command::{Command, Commands};
use super::doc_state::{DocState, Pending};
use super::document::Document;
use super::edit::{self, Tool};
use super::game_analysis::GameAnalysis;
use super::jobs::Jobs;
use super::library::{bundled_folder, Library};
use super::library_panel;
use super::menu_bar::MenuBar;
use super::net::Net;
use super::net_panel::{net_value_line, shown_position};
use super::panel_state::PanelState;
use super::proof_nav::ProofCursor;
use super::scene::Scene;
use super::settings::{Settings, KEY};
use super::side_panel::SidePanel;
use super::view_scene;
use super::view_state::{Drag, Mode, ViewState};
use std::path::PathBuf;
use std::time::Instant;

/// The frame-time log (`TSUMEGO_FRAME_STATS`).
struct FrameLog {
    enabled: bool,
    last: Instant,
}

/// The studio: its state in parts, each in its own file, and the settings every part reads.
pub struct StudioApp {
    pub settings: Settings,
    /// The problem document, the problem list and the unsaved-changes flow.
    pub doc: DocState,
    /// The background jobs and their results.
    pub jobs: Jobs,
    /// Mode, tool, cursor, explored tree, board layout, notice, dialogs.
    pub view: ViewState,
    /// The panels' own state: shown or folded, the menu's inputs, the text fields' drafts.
    pub panels: PanelState,
    /// The net: its status and guide, its view of the shown position.
    pub net: Net,
    /// *Analyze a game*: the game shown instead of the problem, while the view is open.
    pub analysis: Option<GameAnalysis>,
    frame_log: FrameLog,
    /// `TSUMEGO_EXIT_AFTER_FIRST_FRAME`: close after the first frame (the start-up benchmark).
    exit_after_first_frame: bool,
}

impl StudioApp {
    /// The studio with `settings`, showing `file` if given (else the first bundled problem).
    pub fn new(settings: Settings, notice: Option<String>, file: Option<PathBuf>) -> StudioApp {
        let library = match file.as_ref().and_then(|f| f.parent()) {
            Some(dir) if dir.is_dir() => Library::scan(dir),
            _ => bundled_folder()
                .map(|f| Library::scan(&f))
                .unwrap_or_default(),
        };
        let mut app = StudioApp {
            settings,
            doc: DocState::new(Document::from_setup(edit::new_problem(9)), library),
            jobs: Jobs::default(),
            view: ViewState::default(),
            panels: PanelState::default(),
            net: Net::default(),
            analysis: None,
            frame_log: FrameLog {
                enabled: std::env::var_os("TSUMEGO_FRAME_STATS").is_some(),
                last: Instant::now(),
            },
            exit_after_first_frame: std::env::var_os("TSUMEGO_EXIT_AFTER_FIRST_FRAME").is_some(),
        };
        let first = file.or_else(|| {
            app.doc
                .library
                .entries
                .iter()
                .find(|e| e.loadable)
                .map(|e| e.path.clone())
        });
        if let Some(path) = first {
            app.open_now(&path);
        }
        if let Some(n) = notice {
            app.warn(n);
        }
        app
    }

    /// Build the studio for eframe: settings from its storage, the theme applied.
    pub fn from_creation(cc: &eframe::CreationContext<'_>, file: Option<PathBuf>) -> StudioApp {
        let stored = cc.storage.and_then(|s| s.get_string(KEY));
        let (settings, notice) = Settings::from_stored(stored.as_deref());
        settings.theme.apply(&cc.egui_ctx);
        super::fonts::install(&cc.egui_ctx);
        StudioApp::new(settings, notice, file)
    }

    /// Show `text` in the status bar.
    pub fn info(&mut self, text: impl Into<String>) {
        self.view.info(text);
    }

    /// Show `text` in the status bar as an error.
    pub fn warn(&mut self, text: impl Into<String>) {
        self.view.warn(text);
    }

    /// One frame.
    pub fn frame(&mut self, ui: &mut egui::Ui) {
        let started = Instant::now();
        let ctx = ui.ctx().clone();
        // The theme is the studio's setting whatever the system or the integration prefers.
        self.settings.theme.apply(&ctx);
        self.poll_background(&ctx);
        self.analysis_frame();
        self.net_frame(&ctx);
        self.handle_dropped_files(&ctx);
        self.handle_keys(&ctx);
        self.explore_refresh();
        self.close_guard(&ctx);

        // The panels read the parts they show and push what they ask for; it is carried out
        // after the layout, in one place (`apply`).
        let mut out = Commands::new();
        egui::Panel::top("menu").show(ui, |ui| {
            MenuBar {
                doc: &self.doc,
                jobs: &self.jobs,
                analysis: self.analysis.as_ref(),
                net: &self.net.status,
                panels: &mut self.panels,
                settings: &mut self.settings,
                out: &mut out,
            }
            .show(ui)
        });
        let size = match &self.analysis {
            Some(a) => a.size(),
            None => self.doc.problem.setup().size,
        };
        egui::Panel::bottom("status").show(ui, |ui| {
            chrome::status_bar(ui, &self.view, self.panels.show_frame_time, size)
        });
        // The board keeps at least half the window: the problem list takes at most a fifth of
        // the width and the side panel at most 28% (both scroll, and long labels wrap).
        let width = ui.available_width();
        if self.analysis.is_some() {
            self.analysis_view(ui, &mut out);
        } else {
            self.problem_view(ui, width, &mut out);
        }
        self.apply_all(&ctx, &mut out);
        // After the panels' commands, as the modal follows what they asked (an Open that waits
        // for the answer shows it in this frame); its own answer is carried out at once.
        chrome::confirm_dialog(&ctx, &self.doc, &mut out);
        self.apply_all(&ctx, &mut out);

        let reducing = self.jobs.reduction.as_ref().is_some_and(|j| j.is_running());
        if self.jobs.live.is_running() || reducing {
            // Progress arrives through `wake`; this keeps the clock moving between events.
            ctx.request_repaint_after(std::time::Duration::from_millis(250));
        }
        self.view.frame_stats.record(started.elapsed());
        self.log_frame_stats();
        if self.exit_after_first_frame {
            ctx.send_viewport_cmd(egui::ViewportCommand::Close);
        }
    }

    /// The analysis view's panels: the side panel of the game and the board with its step
    /// controls (the problem list is hidden while it is open).
    fn analysis_view(&mut self, ui: &mut egui::Ui, out: &mut Commands) {
        let Some(analysis) = &self.analysis else {
            return;
        };
        let side_max = ui.available_width() * 0.3;
        egui::Panel::right("analysis-side")
            .resizable(true)
            .default_size(380.0_f32.min(side_max))
            .max_size(side_max)
            .show(ui, |ui| {
                analysis_panel::show(ui, &self.settings, analysis, out)
            });
        egui::CentralPanel::default().show(ui, |ui| {
            let rect = ui.max_rect();
            let (layout, hover) = AnalysisBoard {
                settings: &self.settings,
                analysis,
                out,
            }
            .show(ui);
            self.view.board_area_rect = Some(rect);
            self.view.board_layout = Some(layout);
            self.view.hover = hover;
        });
    }

    /// The problem view's panels: the problem list, the side panel and the board.
    fn problem_view(&mut self, ui: &mut egui::Ui, width: f32, out: &mut Commands) {
        if self.panels.show_library {
            let library_max = width * 0.2;
            let current_tag = self.current_tag();
            egui::Panel::left("library")
                .resizable(true)
                .default_size(230.0_f32.min(library_max))
                .max_size(library_max)
                .show(ui, |ui| {
                    library_panel::show(ui, &self.doc, current_tag, &mut *out)
                });
        }
        let side_max = width * 0.28;
        egui::Panel::right("side")
            .resizable(true)
            .default_size(360.0_f32.min(side_max))
            .max_size(side_max)
            .show(ui, |ui| {
                SidePanel {
                    settings: &self.settings,
                    doc: &self.doc,
                    jobs: &self.jobs,
                    view: &self.view,
                    net: &self.net.status,
                    panels: &mut self.panels,
                    out: &mut *out,
                }
                .show(ui)
            });
        egui::CentralPanel::default().show(ui, |ui| {
            let rect = ui.max_rect();
            let shown = BoardPanel {
                settings: &self.settings,
                doc: &self.doc,
                jobs: &self.jobs,
                view: &self.view,
                net: &self.net,
                out: &mut *out,
            }
            .show(ui);
            self.view.board_area_rect = Some(rect);
            self.view.board_layout = Some(shown.layout);
            self.view.hover = shown.hover;
        });
    }

    /// With `TSUMEGO_FRAME_STATS` set, print the frame times (and the solver's rate) to stderr
    /// every five seconds: how `BENCHMARKS.md` measures the UI thread during a solve.
    fn log_frame_stats(&mut self) {
        if !self.frame_log.enabled {
            return;
        }
        let now = Instant::now();
        if now.duration_since(self.frame_log.last) < std::time::Duration::from_secs(5) {
            return;
        }
        self.frame_log.last = now;
        let rate = self
            .jobs
            .live
            .progress
            .as_ref()
            .map(|p| format!(", solver {:.0} nodes/s", p.nodes_per_second))
            .unwrap_or_default();
        eprintln!(
            "frames {}: mean {:.3} ms, max {:.3} ms over the last {}{rate}",
            self.view.frame_stats.frames,
            self.view.frame_stats.mean().as_secs_f64() * 1e3,
            self.view.frame_stats.max().as_secs_f64() * 1e3,
            self.view.frame_stats.window_len(),
        );
    }

    /// Carry out the queued commands in the order pushed, emptying the queue.
    fn apply_all(&mut self, ctx: &egui::Context, out: &mut Commands) {
        for command in out.drain(..) {
            self.apply(ctx, command);
        }
    }

    /// Carry out one command of a panel (after the frame's layout, in the order pushed).
    pub fn apply(&mut self, ctx: &egui::Context, command: Command) {
        match command {
            Command::Open(path) => self.request_open(path),
            Command::AskOpen => self.ask_open(ctx),
            Command::New(size) => self.request_new(size),
            Command::Save => self.save(ctx),
            Command::SaveAs => self.save_as(ctx),
            Command::ExportProof => self.export_proof(ctx),
            Command::ExportAnswers => self.export_answers(ctx),
            Command::ExportPng => self.export_png(ctx),
            Command::ShowBundled => match bundled_folder() {
                Some(f) => {
                    self.doc.library = Library::scan(&f);
                    self.panels.show_library = true;
                }
                None => self.warn("the bundled problems/ folder was not found"),
            },
            Command::Undo => self.undo(),
            Command::Redo => self.redo(),
            Command::Edit(edit) => self.apply_edit(|s| edit.apply(s)),
            Command::SaveThenContinue => self.save_then_continue(ctx),
            Command::ConfirmPending => self.confirm_pending(ctx),
            Command::CancelPending => self.doc.pending = None,
            Command::Board(input) => self.board_input(input),
            Command::SetCrop(on) => {
                self.settings.crop = on;
                self.recrop();
            }
            Command::EditMode => self.view.mode = Mode::Edit,
            Command::SelectTool(tool) => {
                self.view.tool = tool;
                self.view.mode = Mode::Edit;
            }
            Command::SetClaim(claim) => self.settings.claim = claim,
            Command::SetLimits(limits) => self.settings.limits = limits,
            Command::SetReduce(reduce) => self.settings.reduce = reduce,
            Command::Solve => self.start_solve(ctx),
            Command::StopSolve => self.stop_solve(),
            Command::JudgeAllMoves => self.start_all_moves(ctx),
            Command::StopJudging => {
                if let Some(job) = &self.jobs.all_moves {
                    job.request_stop();
                }
            }
            Command::OpenMoveProof(mv) => self.open_move_proof(mv),
            Command::CloseMoveProof => self.close_move_proof(),
            Command::SelectNode(path) => {
                self.view.cursor = ProofCursor::from_path(path);
                self.view.mode = Mode::Proof;
                self.view.replay = None;
            }
            Command::ShowProof => {
                self.view.mode = Mode::Proof;
                self.view.replay = None;
            }
            Command::StartReduction => self.start_reduction(ctx),
            Command::StopReduction => self.stop_reduction(),
            Command::ShowReduced(after) => self.show_reduced(after),
            Command::EnterExplore => self.enter_explore(),
            Command::StartRefute => self.start_refute(),
            Command::ExploreGoto(path) => self.explore_goto(&path),
            Command::ExplorePlay(mv) => self.explore_play(mv),
            Command::ExploreBack => self.explore_key(egui::Key::ArrowLeft),
            Command::ExploreDelete => self.explore_delete(),
            Command::SolveFromHere => self.solve_from_here(ctx),
            Command::RefuteMove(mv) => self.refute_move(mv),
            Command::RefuteUndo => self.refute_undo(),
            Command::LoadNet => self.load_net(ctx),
            Command::AskAnalyzeGame => self.ask_analyze_game(ctx),
            Command::AnalyzeGame(path) => self.analyze_game(&path, ctx),
            Command::AnalysisGoto(n) => self.analysis_goto(n, ctx),
            Command::SetAnalysisSecs(secs) => self.set_analysis_secs(secs, ctx),
            Command::SetPartitionOverlay(on) => self.settings.overlays.partition = on,
            Command::CloseAnalysis => self.close_analysis(),
        }
    }

    /// Apply the board's pointer input in the current mode.
    fn board_input(&mut self, input: BoardInput) {
        match self.view.mode {
            Mode::Edit => self.edit_input(input),
            Mode::Refute => {
                if let Some(p) = input.clicked {
                    self.refute_move(crate::go::Move::Play(p));
                }
            }
            Mode::Explore => {
                if let Some(p) = input.clicked {
                    self.explore_play(crate::go::Move::Play(p));
                }
            }
            Mode::Proof => {}
        }
    }

    fn edit_input(&mut self, input: BoardInput) {
        let tool = self.view.tool;
        if let Some(p) = input.drag_started {
            self.view.drag = Some(Drag {
                start: p,
                current: p,
                tool,
            });
            if tool.is_brush() {
                self.apply_edit(|s| edit::apply_point(s, tool, p, false));
            }
        }
        if let (Some(p), Some(d)) = (input.dragged, self.view.drag.as_mut()) {
            if d.current != p {
                d.current = p;
                if tool.is_brush() {
                    self.apply_edit_merged(|s| edit::apply_point(s, tool, p, true));
                }
            }
        }
        if input.drag_stopped {
            if let Some(d) = self.view.drag.take() {
                if d.tool.is_rect() {
                    let add = d.tool == Tool::RegionRect;
                    self.apply_edit(|s| edit::apply_rect(s, add, d.start, d.current));
                }
            }
        }
        if let Some(p) = input.clicked {
            if tool.is_rect() {
                let add = tool == Tool::RegionRect;
                self.apply_edit(|s| edit::apply_rect(s, add, p, p));
            } else {
                self.apply_edit(|s| edit::apply_point(s, tool, p, false));
            }
        }
    }

    fn handle_keys(&mut self, ctx: &egui::Context) {
        use egui::{Key, KeyboardShortcut, Modifiers};
        let undo = KeyboardShortcut::new(Modifiers::COMMAND, Key::Z);
        let redo = KeyboardShortcut::new(Modifiers::COMMAND | Modifiers::SHIFT, Key::Z);
        let redo_y = KeyboardShortcut::new(Modifiers::COMMAND, Key::Y);
        let open = KeyboardShortcut::new(Modifiers::COMMAND, Key::O);
        let save = KeyboardShortcut::new(Modifiers::COMMAND, Key::S);
        let save_as = KeyboardShortcut::new(Modifiers::COMMAND | Modifiers::SHIFT, Key::S);
        // A focused text field keeps its own undo.
        let typing = ctx.egui_wants_keyboard_input();
        // Longest shortcuts first: Ctrl+Shift+Z must not count as Ctrl+Z.
        if !typing && ctx.input_mut(|i| i.consume_shortcut(&redo) || i.consume_shortcut(&redo_y)) {
            self.redo();
        }
        if !typing && ctx.input_mut(|i| i.consume_shortcut(&undo)) {
            self.undo();
        }
        if ctx.input_mut(|i| i.consume_shortcut(&save_as)) {
            self.save_as(ctx);
        }
        if ctx.input_mut(|i| i.consume_shortcut(&save)) {
            self.save(ctx);
        }
        if ctx.input_mut(|i| i.consume_shortcut(&open)) {
            self.ask_open(ctx);
        }
        if typing {
            return;
        }
        if self.analysis.is_some() {
            // The analysis view steps through the game: every press counts.
            let keys = [Key::ArrowLeft, Key::ArrowRight, Key::Home, Key::End];
            let pressed = take_presses(ctx, &keys);
            for k in pressed {
                self.analysis_key(k, ctx);
            }
            return;
        }
        if matches!(self.view.mode, Mode::Proof | Mode::Explore | Mode::Refute) {
            // Every press counts, also several of one key in the same frame.
            let keys = [
                Key::ArrowLeft,
                Key::ArrowRight,
                Key::ArrowUp,
                Key::ArrowDown,
                Key::Home,
                Key::End,
            ];
            let pressed = take_presses(ctx, &keys);
            for k in pressed {
                if self.view.mode == Mode::Proof {
                    self.proof_key(k);
                } else {
                    self.explore_key(k);
                }
            }
        }
    }

    /// The close guard: unsaved changes ask first.
    fn close_guard(&mut self, ctx: &egui::Context) {
        if ctx.input(|i| i.viewport().close_requested())
            && self.doc.problem.is_dirty()
            && !self.doc.close_confirmed
        {
            ctx.send_viewport_cmd(egui::ViewportCommand::CancelClose);
            self.doc.pending = Some(Pending::Close);
        }
    }

    fn handle_dropped_files(&mut self, ctx: &egui::Context) {
        let dropped: Vec<PathBuf> = ctx.input(|i| {
            i.raw
                .dropped_files
                .iter()
                .map(|f| f.path().to_path_buf())
                .collect()
        });
        if let Some(path) = dropped.into_iter().next() {
            // In the analysis view a dropped file is a game to analyse.
            if self.analysis.is_some() {
                self.analyze_game(&path, ctx);
            } else {
                self.request_open(path);
            }
        }
    }

    /// The board as it should look now (the game's position in the analysis view).
    pub fn scene(&self) -> Scene {
        match &self.analysis {
            Some(a) => analysis_scene(a, &self.settings.overlays),
            None => view_scene::scene(&self.settings, &self.doc, &self.jobs, &self.view, &self.net),
        }
    }

    /// The d-win line under the board (or what stands in its way).
    pub fn net_value_line(&self) -> String {
        let position = shown_position(&self.doc, &self.jobs, &self.view);
        net_value_line(&self.net, position.as_ref())
    }

    /// The stored settings (eframe calls `save` periodically and on exit).
    pub fn stored_settings(&self) -> String {
        self.settings.to_stored()
    }
}

impl eframe::App for StudioApp {
    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        self.frame(ui);
    }

    fn save(&mut self, storage: &mut dyn eframe::Storage) {
        storage.set_string(KEY, self.stored_settings());
    }
}

/// Every press of one of `keys` (without modifiers) this frame, in order, taken out of the
/// input so that no widget sees them too.
fn take_presses(ctx: &egui::Context, keys: &[egui::Key]) -> Vec<egui::Key> {
    let mut pressed = Vec::new();
    ctx.input_mut(|i| {
        i.events.retain(|e| match e {
            egui::Event::Key {
                key,
                pressed: true,
                modifiers,
                ..
            } if keys.contains(key) && modifiers.is_none() => {
                pressed.push(*key);
                false
            }
            _ => true,
        })
    });
    pressed
}
