//! Native file dialogs (rfd, GTK) on a worker thread, so that the frame loop never blocks: the
//! studio asks for a dialog, keeps drawing, and picks up the answer from a channel.

use crossbeam_channel::{unbounded, Receiver, Sender};
use std::path::PathBuf;
use std::thread;

/// What a dialog is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Purpose {
    Open,
    SaveAs,
    ExportProof,
    ExportAnswers,
    /// A game record for *Analyze a game*.
    AnalyzeGame,
}

impl Purpose {
    fn title(self) -> &'static str {
        match self {
            Purpose::Open => "Open a problem",
            Purpose::SaveAs => "Save the problem as",
            Purpose::ExportProof => "Export the proof tree as SGF",
            Purpose::ExportAnswers => "Export the answer tree as SGF",
            Purpose::AnalyzeGame => "Analyze a game",
        }
    }
}

/// The answer of a dialog: the path chosen, or `None` when cancelled.
pub type Answer = (Purpose, Option<PathBuf>);

/// At most one dialog at a time.
pub struct Dialogs {
    tx: Sender<Answer>,
    rx: Receiver<Answer>,
    open: Option<Purpose>,
}

impl Default for Dialogs {
    fn default() -> Self {
        let (tx, rx) = unbounded();
        Dialogs { tx, rx, open: None }
    }
}

impl Dialogs {
    /// Show a dialog (ignored while another is open). `wake` is called when it closes.
    pub fn request(
        &mut self,
        purpose: Purpose,
        folder: Option<PathBuf>,
        file_name: Option<String>,
        wake: impl Fn() + Send + 'static,
    ) -> Result<(), String> {
        if self.open.is_some() {
            return Err("a file dialog is already open".to_string());
        }
        let tx = self.tx.clone();
        thread::Builder::new()
            .name("file-dialog".to_string())
            .spawn(move || {
                let mut d = rfd::FileDialog::new().set_title(purpose.title());
                d = match purpose {
                    Purpose::Open => d
                        .add_filter("Problems (SGF, research JSON)", &["sgf", "json"])
                        .add_filter("All files", &["*"]),
                    Purpose::SaveAs => d
                        .add_filter("SGF", &["sgf"])
                        .add_filter("Research JSON", &["json"]),
                    Purpose::ExportProof | Purpose::ExportAnswers => d.add_filter("SGF", &["sgf"]),
                    Purpose::AnalyzeGame => d
                        .add_filter("Game records (SGF)", &["sgf"])
                        .add_filter("All files", &["*"]),
                };
                if let Some(f) = folder.filter(|f| f.is_dir()) {
                    d = d.set_directory(f);
                }
                if let Some(n) = file_name {
                    d = d.set_file_name(n);
                }
                let path = match purpose {
                    Purpose::Open | Purpose::AnalyzeGame => d.pick_file(),
                    Purpose::SaveAs | Purpose::ExportProof | Purpose::ExportAnswers => {
                        d.save_file()
                    }
                };
                let _ = tx.send((purpose, path));
                wake();
            })
            .map_err(|e| format!("could not open a file dialog: {e}"))?;
        self.open = Some(purpose);
        Ok(())
    }

    /// The answer of the open dialog, once it has closed.
    pub fn poll(&mut self) -> Option<Answer> {
        let answer = self.rx.try_recv().ok()?;
        self.open = None;
        Some(answer)
    }
}
