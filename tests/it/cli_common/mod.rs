//! Helpers of the tests that run the built binary: bundled problem paths, running a command,
//! its output as text, a fresh temporary folder.
#![allow(dead_code)] // each test file uses its own share

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// A bundled problem file.
pub fn problem(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("problems")
        .join(name)
}

/// Run `tsumego-studio` with `args`.
pub fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tsumego-studio"))
        .args(args)
        .output()
        .expect("the binary runs")
}

pub fn stdout(out: &Output) -> String {
    String::from_utf8(out.stdout.clone()).expect("UTF-8 output")
}

pub fn stderr(out: &Output) -> String {
    String::from_utf8(out.stderr.clone()).expect("UTF-8 output")
}

/// A fresh temporary directory for one test (`prefix` and `test` name it).
pub fn temp_dir(prefix: &str, test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tsumego-{prefix}-{test}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    dir
}
