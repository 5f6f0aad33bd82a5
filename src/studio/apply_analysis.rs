//! The handlers of *Analyze a game*: the file dialog and opening a game (a bad file leaves
//! everything as it was and says why in the status bar), stepping through its moves, the
//! search's time limit, the partition overlay, closing the view; and, once per frame, the
//! analysis worker's steps.

use super::app::StudioApp;
use super::dialogs::Purpose;
use super::game_analysis::GameAnalysis;
use std::path::Path;

impl StudioApp {
    /// The file dialog for a game record to analyse.
    pub fn ask_analyze_game(&mut self, ctx: &egui::Context) {
        let folder = match &self.analysis {
            Some(a) => a.path.parent().map(Path::to_path_buf),
            None => self.settings.last_folder.clone(),
        };
        self.show_dialog(ctx, Purpose::AnalyzeGame, folder, None);
    }

    /// Open the game in `path` in the analysis view at its last move and start computing its
    /// safety. On an error the view stays as it was and the status bar says why.
    pub fn analyze_game(&mut self, path: &Path, ctx: &egui::Context) {
        let secs = self.settings.analysis_secs_per_claim;
        match GameAnalysis::open(path, secs) {
            Ok(mut analysis) => {
                let end = analysis.moves();
                analysis.goto(end, waker(ctx));
                self.info(format!(
                    "analysing {} ({} moves); ←/→ step through the game",
                    path.display(),
                    end
                ));
                self.analysis = Some(analysis);
            }
            Err(e) => self.warn(e),
        }
    }

    /// Show the position after `n` moves of the game analysed.
    pub fn analysis_goto(&mut self, n: usize, ctx: &egui::Context) {
        if let Some(a) = self.analysis.as_mut() {
            a.goto(n, waker(ctx));
        }
    }

    /// Step by a key: ←/→ one move, Home/End the start and the end.
    pub fn analysis_key(&mut self, key: egui::Key, ctx: &egui::Context) {
        let Some(a) = self.analysis.as_ref() else {
            return;
        };
        let n = a.shown();
        let target = match key {
            egui::Key::ArrowLeft => n.saturating_sub(1),
            egui::Key::ArrowRight => n + 1,
            egui::Key::Home => 0,
            egui::Key::End => a.moves(),
            _ => return,
        };
        self.analysis_goto(target, ctx);
    }

    /// Another time limit per claim: kept as the setting, and the shown position searched
    /// again with it.
    pub fn set_analysis_secs(&mut self, secs: f64, ctx: &egui::Context) {
        let secs = if secs.is_finite() { secs.max(0.0) } else { 0.0 };
        self.settings.analysis_secs_per_claim = secs;
        if let Some(a) = self.analysis.as_mut() {
            a.set_secs_per_claim(secs, waker(ctx));
        }
    }

    /// Close the analysis view: its worker stops and the problem view comes back.
    pub fn close_analysis(&mut self) {
        if let Some(a) = self.analysis.take() {
            self.info(format!("closed the analysis of {}", a.name()));
        }
    }

    /// Once per frame: take in the analysis worker's steps.
    pub fn analysis_frame(&mut self) {
        let Some(a) = self.analysis.as_mut() else {
            return;
        };
        a.poll();
    }
}

/// A repaint request for the worker to call when it has something new.
fn waker(ctx: &egui::Context) -> impl Fn() + Send + 'static {
    let ctx = ctx.clone();
    move || ctx.request_repaint()
}
