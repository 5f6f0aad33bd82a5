//! The problem list beside the board: every problem file of a folder with its goal and the
//! studio's status for it (solved, failed, unknown) in this run.

use crate::problem::files::{problem_files, FileEntry};
use crate::problem::{load_inferring, Goal};
use crate::report::book::stated_words;
use crate::report::verdict::outcome_verb;
use crate::solver::jobs::book::Stated;
use std::collections::HashMap;
use std::path::{Path, PathBuf};

/// One file of the list.
#[derive(Clone, Debug, PartialEq)]
pub struct Entry {
    pub path: PathBuf,
    /// The problem's name (or the file name).
    pub title: String,
    /// e.g. `9x9 · Black to live`, or why the file cannot be opened.
    pub detail: String,
    /// The result the file states (`TSRESULT` and the answer's correct first moves), e.g.
    /// `Black lives · C1`: what a book gives, or what the studio proved and saved.
    pub result: Option<String>,
    pub loadable: bool,
}

/// The problems of a folder.
#[derive(Clone, Debug, Default)]
pub struct Library {
    pub folder: Option<PathBuf>,
    pub entries: Vec<Entry>,
    /// The result's headline per file, set when the studio solves the file as saved (the
    /// open file's tag is `StudioApp::current_tag`).
    pub status: HashMap<PathBuf, String>,
}

impl Library {
    /// List the problem files under `folder` (recursively, sorted).
    pub fn scan(folder: &Path) -> Library {
        let mut entries = Vec::new();
        for e in problem_files(&[folder.to_path_buf()]) {
            match e {
                FileEntry::File(path) => entries.push(entry(path)),
                FileEntry::Error { path, message } => entries.push(Entry {
                    title: name_of(&path),
                    path,
                    detail: message,
                    result: None,
                    loadable: false,
                }),
            }
        }
        Library {
            folder: Some(folder.to_path_buf()),
            entries,
            status: HashMap::new(),
        }
    }

    /// Read `path` again after it was saved: its entry is replaced, or added when the file is
    /// in the listed folder and was not listed.
    pub fn refresh(&mut self, path: &Path) {
        let fresh = entry(path.to_path_buf());
        if let Some(e) = self.entries.iter_mut().find(|e| e.path == path) {
            *e = fresh;
        } else if self
            .folder
            .as_deref()
            .is_some_and(|f| path.parent() == Some(f))
        {
            self.entries.push(fresh);
            self.entries.sort_by(|a, b| a.path.cmp(&b.path));
        }
    }
}

/// `Black lives · C1`, `White kills`, `Black lives in seki`, `Black's life is a ko`: the result
/// a problem states, if any, in the Go words of the verdicts ([`Stated`]; the research goals:
/// `White cannot kill`).
fn stated_result(p: &crate::problem::Problem) -> Option<String> {
    let outcome = p.expected()?;
    let words = match p.goal() {
        Goal::Live | Goal::Kill => stated_words(Stated::of(p)?),
        goal => format!("{} {}", p.or_player(), outcome_verb(goal, outcome)),
    };
    let firsts = p.answer().correct_first_moves();
    let firsts = if firsts.is_empty() || p.to_move() != p.or_player() {
        String::new()
    } else {
        format!(
            " · {}",
            crate::problem::coords::moves_gtp(&firsts, p.size())
        )
    };
    Some(format!("{words}{firsts}"))
}

fn name_of(path: &Path) -> String {
    path.file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| path.display().to_string())
}

fn entry(path: PathBuf) -> Entry {
    match load_inferring(&path).map(|l| l.problem) {
        Ok(p) => {
            let n = p.size();
            let verb = match p.goal() {
                Goal::OneEye => "make an eye",
                Goal::NoEye => "deny the eye",
                g if g.or_defends() => "live",
                _ => "kill",
            };
            let file = name_of(&path);
            let (title, prefix) = if p.name().is_empty() {
                (file, String::new())
            } else {
                (p.name().to_string(), format!("{file} · "))
            };
            Entry {
                result: stated_result(&p),
                detail: format!(
                    "{prefix}{n}x{n} · {} to {verb} · {} to move",
                    p.or_player(),
                    p.to_move()
                ),
                title,
                path,
                loadable: true,
            }
        }
        Err(e) => Entry {
            title: name_of(&path),
            result: None,
            detail: e.to_string(),
            path,
            loadable: false,
        },
    }
}

/// The bundled collection: `problems/` beside the executable's repository (the build's manifest
/// folder), or `problems/` in the current folder.
pub fn bundled_folder() -> Option<PathBuf> {
    let candidates = [
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("problems"),
        PathBuf::from("problems"),
    ];
    candidates.into_iter().find(|p| p.is_dir())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bundled_collection_lists_every_problem() {
        let folder = bundled_folder().unwrap();
        let lib = Library::scan(&folder);
        assert!(lib.entries.len() >= 14);
        assert!(lib.entries.iter().all(|e| e.loadable), "{:?}", lib.entries);
        assert!(lib.entries[0].detail.contains(" to "));
    }

    #[test]
    fn unreadable_files_are_listed_with_the_reason() {
        let dir = std::env::temp_dir().join(format!("tsumego-lib-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("bad.sgf"), "(;GM[1]SZ[").unwrap();
        let lib = Library::scan(&dir);
        assert_eq!(lib.entries.len(), 1);
        assert!(!lib.entries[0].loadable);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
