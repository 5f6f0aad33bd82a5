//! The studio's state and its frame: panels around the board, keyboard shortcuts, the close
//! guard. The panels live in their own files (`*_panel.rs`, `menu_bar.rs`); what they do to the
//! state is in `actions.rs`.

use super::board_view::{self, BoardInput};
use super::dialogs::Dialogs;
use super::document::Document;
use super::edit::{self, Tool};
use super::frame_stats::FrameStats;
use super::library::{bundled_folder, Library};
use super::live::{Finished, LiveSolve};
use super::proof_nav::ProofCursor;
use super::settings::{Settings, KEY};
use crate::go::Point;
use crate::solver::replay::ProofReplay;
use std::path::PathBuf;
use std::time::Instant;

/// What a click on the board does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Edit the problem with the selected tool.
    Edit,
    /// Show the proof tree's selected node.
    Proof,
    /// Play the attacker's moves against the proof: Explore with the AND side's moves
    /// answered by the proof (their moves go into the explored tree).
    Refute,
    /// Free play of either colour from the problem position, in a variation tree, each move
    /// marked against the proof when there is one (`explore_panel.rs`).
    Explore,
}

/// A message in the status bar.
#[derive(Clone, Debug, PartialEq)]
pub struct Notice {
    pub text: String,
    pub error: bool,
    pub at: Instant,
}

/// An action that discards unsaved changes, waiting for the user's confirmation.
#[derive(Clone, Debug, PartialEq)]
pub enum Pending {
    Open(PathBuf),
    New(usize),
    Close,
}

/// A drag on the board in progress.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Drag {
    pub start: Point,
    pub current: Point,
    pub tool: Tool,
}

/// The frame-time log (`TSUMEGO_FRAME_STATS`).
struct FrameLog {
    enabled: bool,
    last: Instant,
}

pub struct StudioApp {
    pub settings: Settings,
    pub notice: Option<Notice>,
    pub library: Library,
    pub doc: Document,
    pub mode: Mode,
    pub tool: Tool,
    pub drag: Option<Drag>,
    pub live: LiveSolve,
    /// The last "judge every first move" job (see [`super::all_moves`]).
    pub all_moves: Option<super::all_moves::AllMovesJob>,
    pub finished: Option<Finished>,
    /// The last "Find a smaller proof" job (see [`super::reduce_job`]).
    pub reduction: Option<super::reduce_job::ReduceJob>,
    /// The proof as solved and the smaller one found, until another solve or problem.
    pub before_after: Option<super::reduce_panel::BeforeAfter>,
    /// The judged first move whose proof or refutation `finished` shows (instead of the
    /// problem's own result; see [`StudioApp::open_move_proof`]).
    pub viewing_move: Option<crate::go::Move>,
    /// Finished solves by position and settings (undo back to a proven position shows its proof).
    pub kept: super::kept_results::KeptResults,
    pub cursor: ProofCursor,
    pub replay: Option<ProofReplay>,
    /// The explored variation tree (Explore and Try-to-refute), for the revision it starts from.
    pub explore: Option<super::explore_panel::ExploreSession>,
    /// "Solve from here" is running: go back to Explore when it ends.
    pub resume_explore: bool,
    pub dialogs: Dialogs,
    pub pending: Option<Pending>,
    /// The crop fixed when the problem was opened (and the board size it is for).
    pub crop_window: Option<(super::scene::Window, usize)>,
    /// The action waiting for a "Save as" dialog chosen in the unsaved-changes prompt.
    pub after_save: Option<Pending>,
    /// The user confirmed closing with unsaved changes.
    pub close_confirmed: bool,
    pub frame_stats: FrameStats,
    pub hover: Option<Point>,
    pub new_size: usize,
    pub show_library: bool,
    /// Show the frame time in the status bar (View → Debug; off by default).
    pub show_frame_time: bool,
    /// The proof tree is folded away (its header in the side panel's list; else, with a
    /// proof, it has the panel's lower part to itself).
    pub proof_tree_folded: bool,
    /// The central area (board, its toolbar and legend) in the last frame.
    pub board_area_rect: Option<egui::Rect>,
    /// Where the board was drawn in the last frame.
    pub board_layout: Option<board_view::Layout>,
    frame_log: FrameLog,
    pub png_exports: super::png_export::PngExports,
    /// Where the reproduction file of a proof the checker rejects is written.
    pub repro_dir: PathBuf,
    /// Tests of the checking path only: every proof is corrupted before its check.
    pub check_fault: Option<crate::solver::fault::Fault>,
    /// The Name field's text while it is being typed (committed when the field is left).
    pub name_draft: Option<String>,
    /// The Comment field's text while it is being typed.
    pub comment_draft: Option<String>,
    /// The Source field's text while it is being typed.
    pub source_draft: Option<String>,
    /// The net: not loaded until the user asks for it.
    pub net: super::net_status::NetState,
    /// What the net says about the shown position (the net overlays), from its worker thread.
    pub net_view: super::net_view::NetView,
    /// The weights file the net loads: `None` for the shipped weights (or the file
    /// `TSUMEGO_WEIGHTS` names).
    pub net_weights: Option<std::path::PathBuf>,
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
            notice: None,
            library,
            doc: Document::from_setup(edit::new_problem(9)),
            mode: Mode::Edit,
            tool: Tool::Black,
            drag: None,
            live: LiveSolve::default(),
            all_moves: None,
            finished: None,
            reduction: None,
            before_after: None,
            viewing_move: None,
            kept: Default::default(),
            cursor: ProofCursor::root(),
            replay: None,
            explore: None,
            resume_explore: false,
            dialogs: Dialogs::default(),
            pending: None,
            after_save: None,
            crop_window: None,
            close_confirmed: false,
            frame_stats: FrameStats::default(),
            hover: None,
            new_size: 9,
            show_library: true,
            show_frame_time: false,
            proof_tree_folded: false,
            board_layout: None,
            board_area_rect: None,
            frame_log: FrameLog {
                enabled: std::env::var_os("TSUMEGO_FRAME_STATS").is_some(),
                last: Instant::now(),
            },
            png_exports: Default::default(),
            repro_dir: std::env::temp_dir(),
            check_fault: None,
            name_draft: None,
            comment_draft: None,
            source_draft: None,
            net: Default::default(),
            net_view: Default::default(),
            net_weights: None,
            exit_after_first_frame: std::env::var_os("TSUMEGO_EXIT_AFTER_FIRST_FRAME").is_some(),
        };
        let first = file.or_else(|| {
            app.library
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

    pub fn info(&mut self, text: impl Into<String>) {
        self.notice = Some(Notice {
            text: text.into(),
            error: false,
            at: Instant::now(),
        });
    }

    pub fn warn(&mut self, text: impl Into<String>) {
        self.notice = Some(Notice {
            text: text.into(),
            error: true,
            at: Instant::now(),
        });
    }

    /// One frame.
    pub fn frame(&mut self, ui: &mut egui::Ui) {
        let started = Instant::now();
        let ctx = ui.ctx().clone();
        // The theme is the studio's setting whatever the system or the integration prefers.
        self.settings.theme.apply(&ctx);
        self.poll_background(&ctx);
        self.net_frame(&ctx);
        self.handle_dropped_files(&ctx);
        self.handle_keys(&ctx);
        self.explore_refresh();
        self.close_guard(&ctx);

        egui::Panel::top("menu").show(ui, |ui| self.menu_bar(ui));
        egui::Panel::bottom("status").show(ui, |ui| self.status_bar(ui));
        // The board keeps at least half the window: the problem list takes at most a fifth of
        // the width and the side panel at most 28% (both scroll, and long labels wrap).
        let width = ui.available_width();
        if self.show_library {
            let library_max = width * 0.2;
            egui::Panel::left("library")
                .resizable(true)
                .default_size(230.0_f32.min(library_max))
                .max_size(library_max)
                .show(ui, |ui| self.library_panel(ui));
        }
        let side_max = width * 0.28;
        egui::Panel::right("side")
            .resizable(true)
            .default_size(360.0_f32.min(side_max))
            .max_size(side_max)
            .show(ui, |ui| self.side_panel(ui));
        egui::CentralPanel::default().show(ui, |ui| {
            self.board_area_rect = Some(ui.max_rect());
            self.board_area(ui);
        });

        self.confirm_dialog(&ctx);
        let reducing = self.reduction.as_ref().is_some_and(|j| j.is_running());
        if self.live.is_running() || reducing {
            // Progress arrives through `wake`; this keeps the clock moving between events.
            ctx.request_repaint_after(std::time::Duration::from_millis(250));
        }
        self.frame_stats.record(started.elapsed());
        self.log_frame_stats();
        if self.exit_after_first_frame {
            ctx.send_viewport_cmd(egui::ViewportCommand::Close);
        }
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
            .live
            .progress
            .as_ref()
            .map(|p| format!(", solver {:.0} nodes/s", p.nodes_per_second))
            .unwrap_or_default();
        eprintln!(
            "frames {}: mean {:.3} ms, max {:.3} ms over the last {}{rate}",
            self.frame_stats.frames,
            self.frame_stats.mean().as_secs_f64() * 1e3,
            self.frame_stats.max().as_secs_f64() * 1e3,
            self.frame_stats.window_len(),
        );
    }

    /// The central area: the mode switch, the board and its legend.
    fn board_area(&mut self, ui: &mut egui::Ui) {
        // Wrapped: on a narrow window the toolbar takes two rows instead of widening the area
        // (the board would then run under the side panel).
        ui.horizontal_wrapped(|ui| {
            ui.label("Board:");
            ui.selectable_value(&mut self.mode, Mode::Edit, "✏ Edit")
                .on_hover_text("Click the board to edit with the selected tool");
            let has_proof = self.proof().is_some();
            ui.add_enabled_ui(has_proof, |ui| {
                if ui
                    .selectable_value(&mut self.mode, Mode::Proof, "🌳 Proof")
                    .on_hover_text("Step through the proof tree (arrow keys, Home, End)")
                    .clicked()
                {
                    self.replay = None;
                }
                if ui
                    .selectable_label(self.mode == Mode::Refute, "⚔ Try to refute")
                    .on_hover_text("Play the attacker's moves; the proof answers")
                    .clicked()
                {
                    self.start_refute();
                }
            });
            let valid = self.doc.problem().is_ok();
            ui.add_enabled_ui(valid, |ui| {
                if ui
                    .selectable_label(self.mode == Mode::Explore, "🗺 Explore")
                    .on_hover_text(
                        "Play either colour in turn from the problem position, in a tree of \
                         variations; moves are marked against the proof",
                    )
                    .on_disabled_hover_text("fix the problem first (see Problem)")
                    .clicked()
                {
                    self.enter_explore();
                }
            });
            ui.separator();
            if ui
                .checkbox(&mut self.settings.crop, "Crop to problem")
                .changed()
            {
                self.recrop();
            }
        });
        // The legend's rows of the net overlays come under its usual two.
        let legend_height = 46.0 + 22.0 * self.net_legend_rows() as f32;
        let avail = ui.available_size();
        let board_size = egui::vec2(avail.x, (avail.y - legend_height).max(100.0));
        let scene = self.scene();
        let palette = self.settings.theme.palette();
        let (input, layout) = ui
            .allocate_ui(board_size, |ui| board_view::show(ui, &scene, &palette))
            .inner;
        self.board_layout = Some(layout);
        self.hover = input.hover;
        self.board_input(input);
        self.legend(ui, &palette);
    }

    /// Apply the board's pointer input in the current mode.
    fn board_input(&mut self, input: BoardInput) {
        match self.mode {
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
        let tool = self.tool;
        if let Some(p) = input.drag_started {
            self.drag = Some(Drag {
                start: p,
                current: p,
                tool,
            });
            if tool.is_brush() {
                self.apply_edit(|s| edit::apply_point(s, tool, p, false));
            }
        }
        if let (Some(p), Some(d)) = (input.dragged, self.drag.as_mut()) {
            if d.current != p {
                d.current = p;
                if tool.is_brush() {
                    self.apply_edit_merged(|s| edit::apply_point(s, tool, p, true));
                }
            }
        }
        if input.drag_stopped {
            if let Some(d) = self.drag.take() {
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
        if matches!(self.mode, Mode::Proof | Mode::Explore | Mode::Refute) {
            // Every press counts, also several of one key in the same frame.
            let keys = [
                Key::ArrowLeft,
                Key::ArrowRight,
                Key::ArrowUp,
                Key::ArrowDown,
                Key::Home,
                Key::End,
            ];
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
            for k in pressed {
                if self.mode == Mode::Proof {
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
            && self.doc.is_dirty()
            && !self.close_confirmed
        {
            ctx.send_viewport_cmd(egui::ViewportCommand::CancelClose);
            self.pending = Some(Pending::Close);
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
            self.request_open(path);
        }
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
