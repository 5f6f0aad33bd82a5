//! The problem list left of the board.

use super::command::{Command, Commands};
use super::doc_state::DocState;

/// Draw the problem list of `doc`, the open file's tag being `current_tag`; a click on a file
/// pushes [`Command::Open`].
pub fn show(ui: &mut egui::Ui, doc: &DocState, current_tag: Option<String>, out: &mut Commands) {
    let library = &doc.library;
    let folder = library
        .folder
        .as_ref()
        .and_then(|f| f.file_name())
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "no folder".to_string());
    ui.heading("Problems");
    ui.weak(format!("{folder}/ · {} files", library.entries.len()));
    ui.separator();
    let current = doc.problem.path().map(|p| p.to_path_buf());
    egui::ScrollArea::vertical()
        .auto_shrink([false, false])
        .show(ui, |ui| {
            for e in &library.entries {
                let selected = current.as_ref() == Some(&e.path);
                // The open file's tag follows the problem as it is now; another file's is
                // the last result of it as saved.
                let tag = if selected {
                    current_tag.as_ref()
                } else {
                    library.status.get(&e.path)
                };
                let status = tag.map(|s| format!("  [{s}]")).unwrap_or_default();
                let title = egui::RichText::new(format!("{}{status}", e.title));
                let r = ui.add_enabled(e.loadable, egui::Button::selectable(selected, title));
                let r = if e.loadable {
                    r.on_hover_text(e.path.display().to_string())
                } else {
                    r.on_disabled_hover_text(&e.detail)
                };
                if r.clicked() {
                    out.push(Command::Open(e.path.clone()));
                }
                ui.weak(&e.detail);
                if let Some(result) = &e.result {
                    ui.weak(format!("result: {result}"));
                }
                ui.add_space(2.0);
            }
        });
}
