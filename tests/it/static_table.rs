//! The shipped table of the static life-and-death rule (`assets/static_dead.bin`) is exactly
//! what `tsumego-studio static-table build` generates, and `static-table info` reads it; a
//! corrupt file is refused with its reason.
#![allow(clippy::unwrap_used)] // tests may panic on what cannot happen

use crate::cli_common;

use cli_common::{run, stderr, stdout, temp_dir};
use std::path::Path;

fn shipped() -> Vec<u8> {
    std::fs::read(Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/static_dead.bin")).unwrap()
}

#[test]
fn the_command_regenerates_the_shipped_table_byte_for_byte() {
    let dir = temp_dir("static-table", "regenerate");
    let out = dir.join("table.bin");
    let result = run(&[
        "static-table",
        "build",
        "--max-area",
        "8",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(result.status.success(), "{}", stderr(&result));
    assert!(stdout(&result).starts_with("classes 946, positions 285031"));
    assert!(
        std::fs::read(&out).unwrap() == shipped(),
        "the shipped table is stale"
    );
}

#[test]
fn info_reads_the_built_in_table_and_refuses_a_corrupt_one() {
    let result = run(&["static-table", "info"]);
    assert!(result.status.success(), "{}", stderr(&result));
    let text = stdout(&result);
    assert!(
        text.starts_with("the built-in table: 151062 bytes, max area 8, 946 classes"),
        "{text}"
    );
    let dir = temp_dir("static-table", "corrupt");
    let bad = dir.join("bad.bin");
    let mut bytes = shipped();
    let last = bytes.len() - 1;
    bytes[last] ^= 1;
    std::fs::write(&bad, &bytes).unwrap();
    let result = run(&["static-table", "info", bad.to_str().unwrap()]);
    assert!(!result.status.success());
    assert!(
        stderr(&result).contains("static life-and-death table corrupt: checksum mismatch"),
        "{}",
        stderr(&result)
    );
}
