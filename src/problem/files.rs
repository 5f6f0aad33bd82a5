//! The problem files a list of paths means (a command line, a folder in the studio): files as
//! given, directories searched recursively for `.sgf` and `.json` files (sorted by path; symbolic
//! links to directories are not followed).

use super::Format;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};

/// A problem file to process, or a path that gave none (with the reason).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FileEntry {
    File(PathBuf),
    /// `message` is e.g. `cannot read: …`, `cannot list directory: …` or
    /// `no .sgf or .json file found`.
    Error {
        path: PathBuf,
        message: String,
    },
}

/// The entries of `paths`, in argument order. A file is taken as is (whatever its extension);
/// a path that cannot be read is an error entry; a directory gives its listing errors first, then
/// its problem files sorted, or an error entry when it has none.
pub fn problem_files(paths: &[PathBuf]) -> Vec<FileEntry> {
    let mut out = Vec::new();
    for path in paths {
        match fs::metadata(path) {
            Err(e) => out.push(FileEntry::Error {
                path: path.clone(),
                message: format!("cannot read: {e}"),
            }),
            Ok(meta) if !meta.is_dir() => out.push(FileEntry::File(path.clone())),
            Ok(_) => {
                let mut files = Vec::new();
                let mut errors = Vec::new();
                collect(path, &mut files, &mut errors);
                files.sort();
                for (dir, e) in errors {
                    out.push(FileEntry::Error {
                        path: dir,
                        message: format!("cannot list directory: {e}"),
                    });
                }
                if files.is_empty() {
                    out.push(FileEntry::Error {
                        path: path.clone(),
                        message: "no .sgf or .json file found".to_string(),
                    });
                }
                out.extend(files.into_iter().map(FileEntry::File));
            }
        }
    }
    out
}

/// Every `.sgf`/`.json` file under `dir`.
fn collect(dir: &Path, files: &mut Vec<PathBuf>, errors: &mut Vec<(PathBuf, io::Error)>) {
    let entries = match fs::read_dir(dir) {
        Ok(entries) => entries,
        Err(e) => {
            errors.push((dir.to_path_buf(), e));
            return;
        }
    };
    for entry in entries {
        let entry = match entry {
            Ok(entry) => entry,
            Err(e) => {
                errors.push((dir.to_path_buf(), e));
                continue;
            }
        };
        let path = entry.path();
        match entry.file_type() {
            Ok(t) if t.is_dir() => collect(&path, files, errors),
            Ok(_) => {
                if Format::from_path(&path).is_some() {
                    files.push(path);
                }
            }
            Err(e) => errors.push((path, e)),
        }
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn walks_sorted_and_reports_errors() {
        let dir = std::env::temp_dir().join(format!("tsumego-files-{}", std::process::id()));
        let sub = dir.join("a-sub");
        let empty = dir.join("empty");
        fs::create_dir_all(&sub).unwrap();
        fs::create_dir_all(&empty).unwrap();
        for f in ["z.sgf", "b.JSON", "notes.txt", "a-sub/y.sgf"] {
            fs::write(dir.join(f), "").unwrap();
        }
        let entries = problem_files(&[
            dir.clone(),
            dir.join("notes.txt"),
            dir.join("missing.sgf"),
            empty.clone(),
        ]);
        fs::remove_dir_all(&dir).unwrap();
        let files: Vec<PathBuf> = ["a-sub/y.sgf", "b.JSON", "z.sgf", "notes.txt"]
            .iter()
            .map(|f| dir.join(f))
            .collect();
        assert_eq!(
            entries[..4],
            files.into_iter().map(FileEntry::File).collect::<Vec<_>>()
        );
        assert!(matches!(&entries[4], FileEntry::Error { path, message }
            if path.ends_with("missing.sgf") && message.starts_with("cannot read: ")));
        assert_eq!(
            entries[5],
            FileEntry::Error {
                path: empty,
                message: "no .sgf or .json file found".to_string()
            }
        );
        assert_eq!(entries.len(), 6);
    }
}
