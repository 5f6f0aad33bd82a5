//! The bundled problem collection (`problems/`): its files and the loaded problems, sorted by
//! path.

#![allow(dead_code)]

use std::path::{Path, PathBuf};
use tsumego_studio::problem::{load, Problem};

pub fn problem_files() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("problems");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()))
        .map(|entry| entry.expect("directory entry").path())
        .filter(|p| p.extension().is_some_and(|e| e.eq_ignore_ascii_case("sgf")))
        .collect();
    files.sort();
    files
}

pub fn load_all() -> Vec<(PathBuf, Problem)> {
    problem_files()
        .into_iter()
        .map(|path| {
            let p = load(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            (path, p)
        })
        .collect()
}
