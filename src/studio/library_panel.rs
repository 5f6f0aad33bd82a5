//! The problem list left of the board.

use super::app::StudioApp;

impl StudioApp {
    pub fn library_panel(&mut self, ui: &mut egui::Ui) {
        let folder = self
            .library
            .folder
            .as_ref()
            .and_then(|f| f.file_name())
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_else(|| "no folder".to_string());
        ui.heading("Problems");
        ui.weak(format!("{folder}/ · {} files", self.library.entries.len()));
        ui.separator();
        let current = self.doc.path().map(|p| p.to_path_buf());
        let mut open = None;
        let current_tag = self.current_tag();
        egui::ScrollArea::vertical()
            .auto_shrink([false, false])
            .show(ui, |ui| {
                for e in &self.library.entries {
                    let selected = current.as_ref() == Some(&e.path);
                    // The open file's tag follows the problem as it is now; another file's is
                    // the last result of it as saved.
                    let tag = if selected {
                        current_tag.as_ref()
                    } else {
                        self.library.status.get(&e.path)
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
                        open = Some(e.path.clone());
                    }
                    ui.weak(&e.detail);
                    if let Some(result) = &e.result {
                        ui.weak(format!("result: {result}"));
                    }
                    ui.add_space(2.0);
                }
            });
        if let Some(path) = open {
            self.request_open(path);
        }
    }
}
