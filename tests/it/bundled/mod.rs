//! The bundled problem collection (`problems/`): its files and the loaded problems, sorted by
//! path. The fully marked problems ([`load_all`]) are apart from the unmarked website-style ones
//! ([`load_unmarked`]), whose target and region `problem::infer` supplies.

#![allow(dead_code)]

use std::path::{Path, PathBuf};
use tsumego_studio::problem::infer::needs_inference;
use tsumego_studio::problem::{load, load_setup_bytes, Format, Problem, ProblemSetup};

pub fn problem_files() -> Vec<PathBuf> {
    sgf_files_in("problems")
}

/// The SGF files of a folder of the repository (e.g. `problems/weak-walls`), sorted.
pub fn sgf_files_in(folder: &str) -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join(folder);
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()))
        .map(|entry| entry.expect("directory entry").path())
        .filter(|p| p.extension().is_some_and(|e| e.eq_ignore_ascii_case("sgf")))
        .collect();
    files.sort();
    files
}

fn read_setup(path: &Path) -> ProblemSetup {
    let bytes = std::fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    load_setup_bytes(&bytes, Format::Sgf).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The fully marked problems, loaded and validated.
pub fn load_all() -> Vec<(PathBuf, Problem)> {
    problem_files()
        .into_iter()
        .filter(|path| !needs_inference(&read_setup(path)))
        .map(|path| {
            let p = load(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            (path, p)
        })
        .collect()
}

/// The unmarked problems (no crucial stones, no region, or a single `MA` point on the target), as
/// read.
pub fn load_unmarked() -> Vec<(PathBuf, ProblemSetup)> {
    load_unmarked_from(problem_files())
}

/// The unmarked problems among `files`, as read.
pub fn load_unmarked_from(files: Vec<PathBuf>) -> Vec<(PathBuf, ProblemSetup)> {
    files
        .into_iter()
        .map(|path| {
            let setup = read_setup(&path);
            (path, setup)
        })
        .filter(|(_, setup)| needs_inference(setup))
        .collect()
}
