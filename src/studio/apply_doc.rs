//! The handlers of the document's commands: open, new problem, save, export (proof, answers,
//! PNG), edits with undo and redo, the crop, and the unsaved-changes prompt's answers. Errors
//! end up in the status bar, never in a panic.

use super::app::StudioApp;
use super::dialogs::Purpose;
use super::doc_state::Pending;
use super::document::Document;
use super::edit;
use super::library::Library;
use super::png_export::fresh_png_path;
use super::proof_nav::ProofCursor;
use super::view_state::Mode;
use crate::atomic_file::write_atomically;
use crate::problem::{load_inferring, write_research_json, write_sgf, Format, ProblemSetup};
use crate::solver::proof::certify::CheckVerdict;
use crate::solver::proof::proof_sgf::{has_proof_marker, proof_to_sgf_with_note};
use std::path::{Path, PathBuf};

/// Does the file at `path` hold a proof (a proof SGF, as `solve --proof-out` writes)?
fn holds_proof(path: &Path) -> bool {
    std::fs::read_to_string(path).is_ok_and(|t| has_proof_marker(&t))
}

impl StudioApp {
    /// Once per frame: the file dialogs' answers and the PNG exports' ends.
    pub fn poll_files(&mut self, ctx: &egui::Context) {
        match self.view.dialogs.poll() {
            Some((purpose, Some(path))) => match purpose {
                Purpose::Open => self.request_open(path),
                Purpose::SaveAs => {
                    let waiting = self.doc.after_save.take();
                    self.save_then(&path, waiting, ctx);
                }
                Purpose::ExportProof => self.write_proof(&path),
                Purpose::ExportAnswers => self.write_answers(&path),
                Purpose::AnalyzeGame => self.analyze_game(&path, ctx),
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
                // A problem opened from the analysis view is shown: the analysis closes.
                self.analysis = None;
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
                // A proof SGF: its proof is read and checked in the background, then shown.
                self.start_proof_file(path);
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
        self.analysis = None;
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
        self.jobs.proof_file = None;
        self.jobs.unreadable_proof = None;
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

    /// Show the file dialog for `purpose` (in `folder`, suggesting `name`); its answer comes
    /// through `poll_files`.
    pub fn show_dialog(
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

    /// Save to the document's file (or ask for one). A proof file (opened with its proof) is
    /// never overwritten by its problem alone: unchanged, there is nothing to save; edited, the
    /// edited problem needs another name (Save As), so the proof is not lost.
    pub fn save(&mut self, ctx: &egui::Context) {
        match self.doc.problem.path().map(Path::to_path_buf) {
            Some(path) if holds_proof(&path) => {
                if self.doc.problem.is_dirty() {
                    self.warn(format!(
                        "not saved: {} holds a proof of the problem as it was opened, which \
                         saving the edited problem over it would lose; use Save As for the \
                         edited problem",
                        path.display()
                    ));
                } else {
                    self.info(format!(
                        "nothing to save: {} is unchanged (its proof kept)",
                        path.display()
                    ));
                }
            }
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

    /// Write the answers SGF ([`crate::report::answers::answers_sgf`]) to `path`, atomically.
    pub fn write_answers(&mut self, path: &Path) {
        let (Some(moves), Ok(problem)) = (self.judged_first_moves(), self.doc.problem.problem())
        else {
            self.warn("not exported: the judgement is not for the problem as it is now");
            return;
        };
        let text = crate::report::answers::answers_sgf(moves, problem);
        let summary = crate::report::first_moves::summary(moves);
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
        // A proof read from the file is the file's problem's: the edit forgets it.
        self.jobs.proof_file = None;
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

    /// Fixes the crop to the open problem as it is now (on opening, on a new problem, and when
    /// the user switches crop on).
    pub fn recrop(&mut self) {
        let size = self.doc.problem.setup().size;
        let region = super::view_scene::shown_region(&self.doc);
        self.view.crop_window = Some((super::view_scene::crop_around(&region, size), size));
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

/// `screenshots/` of the repository the studio was built from, or of the current folder.
pub fn screenshots_folder() -> PathBuf {
    let repo = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    if repo.is_dir() {
        repo.join("screenshots")
    } else {
        PathBuf::from("screenshots")
    }
}
