//! The GTP engine under a real controller: Sabaki's own library `@sabaki/gtp` (npm, installed
//! by `scripts/setup.sh` into `tests/gtp-sabaki/node_modules`) drives `tsumego-studio gtp` —
//! 400 seeded plays and undos compared with GNU Go's boards step by step (each move legal or
//! illegal for both), Sabaki's state-tracker sync (clear_board, plays, undo), `loadsgf`,
//! `tsumego_solve`, `genmove`, a malformed command, and `lz-analyze` ended by the next command.
//! The script is `tests/gtp-sabaki/controller.test.js`.
#![allow(clippy::unwrap_used)]

use std::path::Path;
use std::process::Command;

/// GNU Go (Debian's `gnugo`, installed by `scripts/setup.sh`).
fn gnugo() -> String {
    ["/usr/games/gnugo", "/usr/bin/gnugo"]
        .iter()
        .find(|p| Path::new(p).is_file())
        .map(|p| p.to_string())
        .unwrap_or_else(|| panic!("GNU Go is missing: run `bash scripts/setup.sh`"))
}

#[test]
fn sabakis_controller_drives_the_engine_and_gnugo_agrees_on_the_boards() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let dir = root.join("tests/gtp-sabaki");
    assert!(
        dir.join("node_modules/@sabaki/gtp").is_dir(),
        "@sabaki/gtp is missing: run `bash scripts/setup.sh` (npm ci in tests/gtp-sabaki)"
    );
    let research = root.join("../shared/bench/rzs-aaai22/7x7/1.json");
    assert!(research.is_file(), "{} is missing", research.display());
    let out = Command::new("node")
        .current_dir(&dir)
        .arg("controller.test.js")
        .arg(env!("CARGO_BIN_EXE_tsumego-studio"))
        .arg(gnugo())
        .arg(root.join("problems"))
        .arg(research)
        .output()
        .unwrap_or_else(|e| panic!("node does not run ({e}): run `bash scripts/setup.sh`"));
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stdout}\n{stderr}");
    assert!(
        stdout.contains("ok: @sabaki/gtp drove the engine"),
        "{stdout}"
    );
}
