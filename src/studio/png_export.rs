//! Exporting the board as a PNG: the studio asks eframe for a screenshot, crops it to the board
//! and writes it (atomically) on a worker thread.

use crossbeam_channel::{unbounded, Receiver, Sender};
use egui::{ColorImage, Rect};
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// Pending exports and their results.
pub struct PngExports {
    tx: Sender<Result<PathBuf, String>>,
    rx: Receiver<Result<PathBuf, String>>,
}

impl Default for PngExports {
    fn default() -> Self {
        let (tx, rx) = unbounded();
        PngExports { tx, rx }
    }
}

impl PngExports {
    /// Take a screenshot of the next frame and write its `rect` part (the board) to `path`.
    pub fn request(&self, ctx: &egui::Context, rect: Rect, path: PathBuf) {
        let tx = self.tx.clone();
        let ppp = ctx.pixels_per_point();
        let wake = ctx.clone();
        let callback = egui::ScreenshotCallback::new(move |image: Arc<ColorImage>| {
            let result = write_png(&image.region(&rect, Some(ppp)), &path).map(|()| path);
            let _ = tx.send(result);
            wake.request_repaint();
        });
        ctx.send_viewport_cmd(egui::ViewportCommand::Screenshot(callback));
    }

    /// Results of finished exports.
    pub fn poll(&self) -> Vec<Result<PathBuf, String>> {
        self.rx.try_iter().collect()
    }
}

/// Encode `image` as PNG and write it atomically to `path`.
pub fn write_png(image: &ColorImage, path: &Path) -> Result<(), String> {
    let [w, h] = image.size;
    let rgba: Vec<u8> = image.pixels.iter().flat_map(|c| c.to_array()).collect();
    let buffer = image::RgbaImage::from_raw(w as u32, h as u32, rgba)
        .ok_or_else(|| "the screenshot has no pixels".to_string())?;
    let mut bytes = std::io::Cursor::new(Vec::new());
    buffer
        .write_to(&mut bytes, image::ImageFormat::Png)
        .map_err(|e| format!("cannot encode the PNG: {e}"))?;
    crate::atomic_file::write_atomically(path, bytes.get_ref())
        .map_err(|e| format!("cannot write {}: {e}", path.display()))
}

/// A new file name in `folder` for a board image of `name`: `name-board.png`, or with a number
/// when that exists.
pub fn fresh_png_path(folder: &Path, name: &str) -> PathBuf {
    let stem: String = name
        .chars()
        .map(|c| {
            if c.is_alphanumeric() || c == '-' {
                c
            } else {
                '_'
            }
        })
        .collect();
    let stem = if stem.is_empty() {
        "board".to_string()
    } else {
        stem
    };
    let mut path = folder.join(format!("{stem}-board.png"));
    let mut n = 2;
    while path.exists() {
        path = folder.join(format!("{stem}-board-{n}.png"));
        n += 1;
    }
    path
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_png_is_written_and_names_never_overwrite() {
        let dir = std::env::temp_dir().join(format!("tsumego-png-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let first = fresh_png_path(&dir, "bent three");
        assert!(first.ends_with("bent_three-board.png"));
        let image = ColorImage::filled([4, 3], egui::Color32::RED);
        write_png(&image, &first).unwrap();
        let bytes = std::fs::read(&first).unwrap();
        assert_eq!(&bytes[1..4], b"PNG");
        let second = fresh_png_path(&dir, "bent three");
        assert_ne!(first, second);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
