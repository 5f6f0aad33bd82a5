//! What the studio's commands do: open, save, export, new problem, undo and redo, solve and stop,
//! the proof cursor and the refutation game. Errors end up in the status bar, never in a panic.

use super::app::StudioApp;
use super::dialogs::Purpose;
use super::doc_state::Pending;
use super::document::Document;
use super::edit;
use super::kept_results::ResultKey;
use super::library::Library;
use super::live::Finished;
use super::png_export::fresh_png_path;
use super::proof_nav::ProofCursor;
use super::solve_job::JobSettings;
use super::view_state::Mode;
use crate::atomic_file::write_atomically;
use crate::go::Move;
use crate::problem::{load_inferring, write_research_json, write_sgf, Format, ProblemSetup};
use crate::solver::certify::CheckVerdict;
use crate::solver::proof::ProofTree;
use crate::solver::proof_sgf::proof_to_sgf_with_note;
use crate::solver::replay::{AnswerKind, Ending, ProofReplay, ReplayError};
use crate::solver::SolveConfig;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// The shortest time between frames caused by solver progress.
const PROGRESS_FRAME: Duration = Duration::from_millis(100);

impl StudioApp {
    /// Open `path`, asking first when there are unsaved changes.
    pub fn request_open(&mut self, path: PathBuf) {
        if self.doc.problem.is_dirty() {
            self.doc.pending = Some(Pending::Open(path));
        } else {
            self.open_now(&path);
        }
    }

    /// Open `path` now (unsaved changes are dropped). On an error the current problem stays.
    pub fn open_now(&mut self, path: &Path) {
        match load_inferring(path) {
            Ok(loaded) => {
                self.jobs.live.stop();
                let note = loaded.note();
                let original = loaded.original.clone().map(|s| s.validate());
                self.doc.problem = match original {
                    Some(Ok(unmarked)) => {
                        // The inferred markup is a suggestion: an edit of the file as written
                        // (undo takes it back; the document counts as changed until saved).
                        let mut doc = Document::from_problem(unmarked, Some(path.to_path_buf()));
                        let marked = loaded.problem.to_setup();
                        doc.edit(|s| {
                            *s = marked;
                            true
                        });
                        doc
                    }
                    _ => Document::from_problem(loaded.problem, Some(path.to_path_buf())),
                };
                self.forget_results();
                self.recrop();
                self.view.mode = Mode::Edit;
                self.settings.remember(path.to_path_buf());
                let in_library = self.doc.library.entries.iter().any(|e| e.path == path);
                if !in_library {
                    if let Some(dir) = path.parent().filter(|d| d.is_dir()) {
                        let status = std::mem::take(&mut self.doc.library.status);
                        self.doc.library = Library::scan(dir);
                        self.doc.library.status = status;
                    }
                }
                match note {
                    Some(note) => self.info(format!(
                        "opened {}; {note} (a suggestion: edit it, Undo removes it)",
                        path.display()
                    )),
                    None => self.info(format!("opened {}", path.display())),
                }
            }
            Err(e) => self.warn(format!("cannot open {}: {e}", path.display())),
        }
    }

    /// A new empty problem of side `size`, asking first when there are unsaved changes.
    pub fn request_new(&mut self, size: usize) {
        if self.doc.problem.is_dirty() {
            self.doc.pending = Some(Pending::New(size));
        } else {
            self.new_now(size);
        }
    }

    pub fn new_now(&mut self, size: usize) {
        self.jobs.live.stop();
        self.doc.problem = Document::from_setup(edit::new_problem(size));
        self.forget_results();
        self.recrop();
        self.view.mode = Mode::Edit;
        self.info(format!(
            "new {size}x{size} problem: the region is empty; place stones, mark crucial stones \
             and paint the region (Region +, Rect +)"
        ));
    }

    /// Nothing of the previous problem stays: no verdict, tree, refutation game or rate plot.
    fn forget_results(&mut self) {
        self.jobs.live.forget();
        self.jobs.all_moves = None;
        self.cancel_reduction();
        self.jobs.finished = None;
        self.jobs.viewing_move = None;
        self.view.replay = None;
        self.view.explore = None;
        self.jobs.resume_explore = false;
        self.view.cursor = ProofCursor::root();
        if self.view.mode != Mode::Edit {
            self.view.mode = Mode::Edit;
        }
    }

    /// The file dialog for opening.
    pub fn ask_open(&mut self, ctx: &egui::Context) {
        let folder = self.settings.last_folder.clone().or_else(|| {
            self.doc
                .problem
                .path()
                .and_then(Path::parent)
                .map(Path::to_path_buf)
        });
        self.show_dialog(ctx, Purpose::Open, folder, None);
    }

    fn show_dialog(
        &mut self,
        ctx: &egui::Context,
        purpose: Purpose,
        folder: Option<PathBuf>,
        name: Option<String>,
    ) {
        let wake = ctx.clone();
        if let Err(e) = self
            .view
            .dialogs
            .request(purpose, folder, name, move || wake.request_repaint())
        {
            self.warn(e);
        }
    }

    /// Save to the document's file (or ask for one).
    pub fn save(&mut self, ctx: &egui::Context) {
        match self.doc.problem.path().map(Path::to_path_buf) {
            Some(path) => self.save_to(&path),
            None => self.save_as(ctx),
        }
    }

    pub fn save_as(&mut self, ctx: &egui::Context) {
        let folder = self
            .doc
            .problem
            .path()
            .and_then(Path::parent)
            .map(Path::to_path_buf)
            .or_else(|| self.settings.last_folder.clone());
        let name = self
            .doc
            .problem
            .path()
            .and_then(Path::file_name)
            .map(|n| n.to_string_lossy().into_owned())
            .or_else(|| Some("problem.sgf".to_string()));
        self.show_dialog(ctx, Purpose::SaveAs, folder, name);
    }

    /// Write the problem to `path` (SGF, or research JSON for `.json`), atomically.
    pub fn save_to(&mut self, path: &Path) {
        let problem = match self.doc.problem.problem() {
            Ok(p) => p,
            Err(errors) => {
                let why = errors.messages().join("; ");
                self.warn(format!("not saved: the problem is not valid yet ({why})"));
                return;
            }
        };
        // A proven, checked result of the problem as it is now goes into the file with it.
        let saved = super::saved_result::with_proven_result(
            problem,
            self.current_result(),
            self.judged_first_moves(),
        );
        let problem = saved.as_ref().map_or(problem, |s| &s.problem);
        let text = match Format::from_path(path) {
            Some(Format::ResearchJson) => match write_research_json(problem) {
                Ok(t) => t,
                Err(e) => {
                    self.warn(format!("not saved: {e}"));
                    return;
                }
            },
            _ => write_sgf(problem),
        };
        match write_atomically(path, text.as_bytes()) {
            Ok(()) => {
                self.doc.problem.mark_saved(path.to_path_buf());
                self.settings.remember(path.to_path_buf());
                self.doc.library.refresh(path);
                match saved {
                    Some(s) => self.info(format!(
                        "saved {} with the proven result ({})",
                        path.display(),
                        s.summary
                    )),
                    None => self.info(format!("saved {}", path.display())),
                }
            }
            Err(e) => self.warn(format!(
                "not saved: cannot write {} ({e}); the problem is still open",
                path.display()
            )),
        }
    }

    /// Export the reported proof as SGF (through the file dialog).
    pub fn export_proof(&mut self, ctx: &egui::Context) {
        if self.proof().is_none() {
            self.warn("there is no proof to export: solve the problem first");
            return;
        }
        self.ask_export(ctx, Purpose::ExportProof, "proof");
    }

    /// The save dialog for an export beside the problem's file: `NAME-suffix.sgf`.
    fn ask_export(&mut self, ctx: &egui::Context, purpose: Purpose, suffix: &str) {
        let stem = self
            .doc
            .problem
            .path()
            .and_then(Path::file_stem)
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_else(|| "problem".to_string());
        let folder = self
            .doc
            .problem
            .path()
            .and_then(Path::parent)
            .map(Path::to_path_buf);
        self.show_dialog(ctx, purpose, folder, Some(format!("{stem}-{suffix}.sgf")));
    }

    pub fn write_proof(&mut self, path: &Path) {
        let Some(f) = &self.jobs.finished else { return };
        let Some(proof) = f.proof() else { return };
        let note = match f.check {
            Some(CheckVerdict::Failed) => {
                self.warn(
                    "not exported: the independent checker rejected this proof (its \
                     reproduction file is named in the verdict)",
                );
                return;
            }
            Some(CheckVerdict::Checked) => "Checked by the independent checker.",
            _ => "Not checked by the independent checker.",
        };
        let text = proof_to_sgf_with_note(f.proof_claim(), proof, Some(note));
        match write_atomically(path, text.as_bytes()) {
            Ok(()) => self.info(format!("proof written to {}", path.display())),
            Err(e) => self.warn(format!("cannot write {}: {e}", path.display())),
        }
    }

    /// Export the judged first moves as an answer tree SGF (through the file dialog).
    pub fn export_answers(&mut self, ctx: &egui::Context) {
        if self.judged_first_moves().is_none() {
            self.warn("there are no answers to export: judge every first move first");
            return;
        }
        self.ask_export(ctx, Purpose::ExportAnswers, "answers");
    }

    /// Does the player to move defend (seki then counts as a success of its first moves)?
    pub fn first_mover_defends(&self) -> bool {
        self.doc.first_mover_defends()
    }

    /// The finished solve of the problem as it is now (not a judged move's proof), if any.
    pub fn current_result(&self) -> Option<&Finished> {
        self.jobs.current_result(self.doc.problem.revision())
    }

    /// The finished judgement of every first move of the current problem, if any.
    pub fn judged_first_moves(&self) -> Option<&crate::solver::first_moves::FirstMoves> {
        self.jobs.judged_first_moves(self.doc.problem.revision())
    }

    /// Write the answers SGF ([`crate::solver::answers::answers_sgf`]) to `path`, atomically.
    pub fn write_answers(&mut self, path: &Path) {
        let (Some(moves), Ok(problem)) = (self.judged_first_moves(), self.doc.problem.problem())
        else {
            self.warn("not exported: the judgement is not for the problem as it is now");
            return;
        };
        let text = crate::solver::answers::answers_sgf(moves, problem);
        let summary = moves.summary();
        match write_atomically(path, text.as_bytes()) {
            Ok(()) => self.info(format!("answers ({summary}) written to {}", path.display())),
            Err(e) => self.warn(format!(
                "not exported: cannot write {} ({e})",
                path.display()
            )),
        }
    }

    /// Export the board as PNG into `screenshots/` (a new file name, never overwriting).
    pub fn export_png(&mut self, ctx: &egui::Context) {
        let folder = screenshots_folder();
        if let Err(e) = std::fs::create_dir_all(&folder) {
            self.warn(format!("cannot create {}: {e}", folder.display()));
            return;
        }
        let name = if self.doc.problem.setup().name.is_empty() {
            "board".to_string()
        } else {
            self.doc.problem.setup().name.clone()
        };
        let Some(layout) = self.view.board_layout else {
            self.warn("the board has not been drawn yet");
            return;
        };
        let path = fresh_png_path(&folder, &name);
        self.view.png_exports.request(ctx, layout.rect, path);
        self.info("exporting the board…");
    }

    /// Take in what background work reported: solver progress, dialog answers, PNG exports.
    pub fn poll_background(&mut self, ctx: &egui::Context) {
        if let Some(finished) = self.jobs.live.poll() {
            self.on_finished(finished);
        }
        self.reduce_frame();
        if let Some(job) = self.jobs.all_moves.as_mut() {
            if job.poll() {
                let status = job.status();
                self.info(status);
            }
        }
        match self.view.dialogs.poll() {
            Some((purpose, Some(path))) => match purpose {
                Purpose::Open => self.request_open(path),
                Purpose::SaveAs => {
                    let waiting = self.doc.after_save.take();
                    self.save_then(&path, waiting, ctx);
                }
                Purpose::ExportProof => self.write_proof(&path),
                Purpose::ExportAnswers => self.write_answers(&path),
            },
            // A cancelled "Save as" cancels what was waiting for it.
            Some((_, None)) => self.doc.after_save = None,
            None => {}
        }
        for result in self.view.png_exports.poll() {
            match result {
                Ok(path) => self.info(format!("board saved as {}", path.display())),
                Err(e) => self.warn(e),
            }
        }
    }

    fn on_finished(&mut self, finished: Finished) {
        if finished.revision != self.doc.problem.revision() {
            return;
        }
        if let Some(path) = self.doc.problem.path().map(Path::to_path_buf) {
            // The list keeps the tag of a file as saved; the open file's tag follows the result
            // shown (`StudioApp::current_tag`), so that an edit or undo changes it.
            if self.doc.problem.is_dirty() {
                self.doc.library.status.remove(&path);
            } else {
                self.doc
                    .library
                    .status
                    .insert(path, headline(&finished.verdict));
            }
        }
        self.info(finished.verdict.clone());
        self.cancel_reduction();
        let has_proof = finished.proof().is_some();
        if has_proof {
            self.jobs.kept.keep(self.result_key(), finished.clone());
        }
        self.jobs.finished = Some(finished);
        self.jobs.viewing_move = None;
        self.view.cursor = ProofCursor::root();
        self.view.replay = None;
        // "Solve from here" goes back to the explored tree, now marked against the proof.
        if std::mem::take(&mut self.jobs.resume_explore) && self.explore_current().is_some() {
            self.view.mode = Mode::Explore;
        } else if has_proof {
            self.view.mode = Mode::Proof;
        }
    }

    /// The search settings of the solver panel.
    pub fn solve_config(&self) -> SolveConfig {
        let l = &self.settings.limits;
        SolveConfig {
            time_limit: (l.time_secs > 0.0)
                .then(|| Duration::try_from_secs_f64(l.time_secs).ok())
                .flatten(),
            max_nodes: (l.max_nodes > 0).then_some(l.max_nodes),
            engine: l.engine,
            build_proof: true,
            guide: self.net.solve_guide(&self.settings.limits),
            ..SolveConfig::default()
        }
    }

    /// Solve the problem in the background (refused, with the reasons, when it is invalid).
    pub fn start_solve(&mut self, ctx: &egui::Context) {
        let problem = match self.doc.problem.problem() {
            Ok(p) => p.clone(),
            Err(errors) => {
                self.warn(format!("cannot solve: {}", errors.messages().join("; ")));
                return;
            }
        };
        let claims = self.settings.claim.claims(&problem);
        let wake = ctx.clone();
        self.cancel_reduction();
        self.jobs.finished = None;
        self.view.replay = None;
        self.jobs.resume_explore = false;
        self.view.cursor = ProofCursor::root();
        self.view.mode = Mode::Edit;
        let mut settings = JobSettings::new(self.solve_config());
        settings.width = self.settings.limits.width();
        settings.repro_dir = self.jobs.repro_dir.clone();
        settings.check.fault = self.jobs.check_fault;
        self.jobs.live.start(
            claims,
            settings,
            self.doc.problem.revision(),
            // At most ten frames a second from progress: the board stays live while drawing
            // (software-rendered on machines without a GPU) leaves the solver its core.
            move || wake.request_repaint_after(PROGRESS_FRAME),
        );
        match self.net.solve_guide(&self.settings.limits) {
            Some(g) => self.info(format!("solving, guided by the {}…", g.guide().name())),
            None => self.info("solving…"),
        }
    }

    /// Judge every first move of the problem in the background ([`super::all_moves`]).
    pub fn start_all_moves(&mut self, ctx: &egui::Context) {
        let problem = match self.doc.problem.problem() {
            Ok(p) => p.clone(),
            Err(errors) => {
                self.warn(format!("cannot judge: {}", errors.messages().join("; ")));
                return;
            }
        };
        let wake = ctx.clone();
        self.jobs.all_moves = Some(super::all_moves::AllMovesJob::start(
            problem,
            self.solve_config(),
            self.settings.limits.width(),
            self.doc.problem.revision(),
            move || wake.request_repaint_after(PROGRESS_FRAME),
        ));
        self.info("judging every first move…");
    }

    /// Show the proof (a move that works) or the refutation (a failing move) of the judged first
    /// move `mv` in the proof view; the problem's own result comes back with
    /// [`StudioApp::close_move_proof`].
    pub fn open_move_proof(&mut self, mv: Move) {
        let size = self.doc.problem.setup().size;
        let revision = self.doc.problem.revision();
        let Some(job) = self
            .jobs
            .all_moves
            .as_ref()
            .filter(|j| j.revision == revision)
        else {
            self.warn("the first moves were judged for an earlier version of the problem");
            return;
        };
        let Some(j) = job.moves.iter().find(|j| j.mv == mv) else {
            return;
        };
        let Some(finished) = super::all_moves::move_proof(j, size, revision) else {
            self.warn(format!(
                "{}: no proof to show ({})",
                crate::problem::coords::move_gtp(mv, size),
                j.words
            ));
            return;
        };
        self.info(finished.verdict.clone());
        self.cancel_reduction();
        self.jobs.finished = Some(finished);
        self.jobs.viewing_move = Some(mv);
        self.view.cursor = ProofCursor::root();
        self.view.replay = None;
        self.view.mode = Mode::Proof;
    }

    /// Back from a judged move's proof to the problem's own result (when one is kept).
    pub fn close_move_proof(&mut self) {
        self.cancel_reduction();
        self.jobs.viewing_move = None;
        self.jobs.finished = self
            .jobs
            .kept
            .find(&self.result_key())
            .cloned()
            .map(|mut f| {
                f.revision = self.doc.problem.revision();
                f
            });
        self.view.cursor = ProofCursor::root();
        self.view.replay = None;
        self.view.mode = if self.jobs.finished.is_some() {
            Mode::Proof
        } else {
            Mode::Edit
        };
    }

    pub fn stop_solve(&mut self) {
        self.jobs.live.request_stop();
        self.info("stopping…");
    }

    /// Apply an edit (a running solve is stopped first: its answer would be for another problem).
    pub fn apply_edit(&mut self, f: impl FnOnce(&mut ProblemSetup) -> bool) {
        self.edit_with(f, true);
    }

    /// Apply an edit merged into the last undo step (a brush stroke).
    pub fn apply_edit_merged(&mut self, f: impl FnOnce(&mut ProblemSetup) -> bool) {
        self.edit_with(f, false);
    }

    fn edit_with(&mut self, f: impl FnOnce(&mut ProblemSetup) -> bool, record: bool) {
        let changed = if record {
            self.doc.problem.edit(f)
        } else {
            self.doc.problem.edit_merged(f)
        };
        if changed {
            self.after_change();
        }
    }

    fn after_change(&mut self) {
        if self.jobs.live.is_running() {
            self.jobs.live.stop();
            self.info("the edit stopped the solve");
        }
        self.cancel_reduction();
        self.jobs.finished = None;
        self.jobs.viewing_move = None;
        self.view.replay = None;
        self.view.cursor = ProofCursor::root();
        self.view.mode = Mode::Edit;
        // Back at a position proven before with these settings: its proof again.
        if let Some(kept) = self.jobs.kept.find(&self.result_key()) {
            let mut finished = kept.clone();
            finished.revision = self.doc.problem.revision();
            self.info(format!(
                "back to a position proven before: {}",
                finished.verdict
            ));
            self.jobs.finished = Some(finished);
        }
    }

    /// The problem list's tag of the open file: the headline of the result shown for the
    /// problem as it is now (none after an edit that has no result).
    pub fn current_tag(&self) -> Option<String> {
        self.jobs
            .finished
            .as_ref()
            .filter(|f| {
                f.revision == self.doc.problem.revision() && self.jobs.viewing_move.is_none()
            })
            .map(|f| headline(&f.verdict))
    }

    /// What a result of the current position and settings is kept under.
    pub fn result_key(&self) -> ResultKey {
        ResultKey {
            setup: self.doc.problem.setup().clone(),
            claim: self.settings.claim,
            config: self.solve_config().describe(),
        }
    }

    pub fn undo(&mut self) {
        if self.doc.problem.undo() {
            self.after_change();
        }
    }

    pub fn redo(&mut self) {
        if self.doc.problem.redo() {
            self.after_change();
        }
    }

    /// The proof of the last finished solve, if it is for the current problem.
    pub fn proof(&self) -> Option<&ProofTree> {
        self.jobs.proof(self.doc.problem.revision())
    }

    /// Fixes the crop to the open problem as it is now (on opening, on a new problem, and when
    /// the user switches crop on).
    pub fn recrop(&mut self) {
        let size = self.doc.problem.setup().size;
        let region = super::view_scene::shown_region(&self.doc);
        self.view.crop_window = Some((super::view_scene::crop_around(&region, size), size));
    }

    /// Arrow keys, Home and End on the proof tree.
    pub fn proof_key(&mut self, key: egui::Key) {
        let Some(tree) = self.jobs.finished.as_ref().and_then(Finished::proof) else {
            return;
        };
        let c = &mut self.view.cursor;
        match key {
            egui::Key::ArrowLeft => c.parent(),
            egui::Key::ArrowRight => c.first_child(tree),
            egui::Key::ArrowUp => c.sibling(tree, -1),
            egui::Key::ArrowDown => c.sibling(tree, 1),
            egui::Key::Home => c.to_root(),
            egui::Key::End => c.to_leaf(tree),
            _ => false,
        };
    }

    /// Start a game against the proof.
    pub fn start_refute(&mut self) {
        let Some(f) = &self.jobs.finished else { return };
        let Some(proof) = f.proof() else { return };
        match ProofReplay::new(
            f.proof_claim(),
            proof.clone(),
            SolveConfig::default().superko,
        ) {
            Ok(r) => {
                let and = r.and_player();
                self.view.cursor = ProofCursor::from_path(r.path().to_vec());
                self.view.replay = Some(r);
                self.view.mode = Mode::Refute;
                self.refute_sync_tree();
                self.info(format!(
                    "you play {and}: click the board (or Pass) to try to refute the proof"
                ));
            }
            Err(e) => self.warn(format!("cannot replay the proof: {e}")),
        }
    }

    /// The user's move in the refutation game.
    pub fn refute_move(&mut self, mv: Move) {
        let Some(r) = self.view.replay.as_mut() else {
            return;
        };
        let size = r.board().size();
        let or = r.and_player().opponent();
        let message = match r.play(mv) {
            Ok(reply) => {
                let answer = reply.map(|reply| match reply.kind {
                    AnswerKind::KoThreat => format!(
                        "{or} plays a ko threat elsewhere (the ko ban forbids retaking at {} at \
                         once): answer it, then {or} retakes",
                        r.pending_retake().unwrap_or(Move::Pass).to_gtp(size)
                    ),
                    AnswerKind::Retake => format!(
                        "you answered the threat; {or} retakes the ko at {}",
                        reply.mv.to_gtp(size)
                    ),
                    kind => {
                        let how = match kind {
                            AnswerKind::NullMove => "a move that needs no reply of its own",
                            AnswerKind::PassBack => {
                                "your move was outside the area that matters, so it passes"
                            }
                            _ => "the proven reply",
                        };
                        format!("answered {} ({how})", reply.mv.to_gtp(size))
                    }
                });
                let end = r.ending().map(|e| match e {
                    Ending::GoalReached(_) => {
                        format!("{or} has reached its goal: the proof holds")
                    }
                    Ending::TwoPasses => "two passes end the game: the proof holds".to_string(),
                });
                [answer, end]
                    .into_iter()
                    .flatten()
                    .collect::<Vec<_>>()
                    .join("; ")
            }
            Err(e) => {
                let text = match e {
                    ReplayError::Illegal(m) if ko_banned(r.board(), r.and_player(), mv) => {
                        format!(
                            "{m} retakes the ko at once, which the ko ban forbids: play a ko \
                             threat first (Pass: a move elsewhere)"
                        )
                    }
                    e => e.to_string(),
                };
                self.warn(text);
                return;
            }
        };
        self.view.cursor = ProofCursor::from_path(r.path().to_vec());
        self.refute_sync_tree();
        self.info(message);
    }

    pub fn refute_undo(&mut self) {
        if let Some(r) = self.view.replay.as_mut() {
            r.undo();
            self.view.cursor = ProofCursor::from_path(r.path().to_vec());
        }
        self.refute_sync_tree();
    }

    /// "Save" in the unsaved-changes prompt: saves (asking for a file name first when the
    /// problem has none), then goes on with the waiting action. When the save fails or the file
    /// dialog is cancelled, nothing else happens (the status bar says why).
    pub fn save_then_continue(&mut self, ctx: &egui::Context) {
        let Some(waiting) = self.doc.pending.take() else {
            return;
        };
        match self.doc.problem.path().map(Path::to_path_buf) {
            Some(path) => self.save_then(&path, Some(waiting), ctx),
            None => {
                self.doc.after_save = Some(waiting);
                self.save_as(ctx);
            }
        }
    }

    /// Saves to `path`, then carries out `waiting` if the save succeeded.
    fn save_then(&mut self, path: &Path, waiting: Option<Pending>, ctx: &egui::Context) {
        self.save_to(path);
        if waiting.is_some() && !self.doc.problem.is_dirty() {
            self.doc.pending = waiting;
            self.confirm_pending(ctx);
        }
    }

    /// Carry out a confirmed pending action.
    pub fn confirm_pending(&mut self, ctx: &egui::Context) {
        match self.doc.pending.take() {
            Some(Pending::Open(path)) => self.open_now(&path),
            Some(Pending::New(size)) => self.new_now(size),
            Some(Pending::Close) => {
                self.doc.close_confirmed = true;
                ctx.send_viewport_cmd(egui::ViewportCommand::Close);
            }
            None => {}
        }
    }
}

/// "White kills", "Black lives by ko", "Not decided whether Black lives": a verdict's first
/// words, the problem list's tag.
pub fn headline(verdict: &str) -> String {
    verdict
        .split([':', '(', '.'])
        .next()
        .unwrap_or_default()
        .trim()
        .to_string()
}

/// Is `mv` the point the ko ban forbids `c` to play?
fn ko_banned(board: &crate::go::Board, c: crate::go::Color, mv: Move) -> bool {
    mv.point().is_some() && mv.point() == board.ko_point_for(c)
}

/// `screenshots/` of the repository the studio was built from, or of the current folder.
pub fn screenshots_folder() -> PathBuf {
    let repo = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    if repo.is_dir() {
        repo.join("screenshots")
    } else {
        PathBuf::from("screenshots")
    }
}
