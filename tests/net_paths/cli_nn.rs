//! The binary starts without libtorch; `nn-info` opens the net module on demand, and a missing
//! or broken module is one line and exit status 1 (everything else unaffected).
#![allow(clippy::unwrap_used)]

use crate::cli_common;

use cli_common::{problem, stderr, stdout, temp_dir};
use std::process::{Command, Output};

fn run_with_module(module: &std::path::Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tsumego-studio"))
        .env("TSUMEGO_NN_MODULE", module)
        .args(args)
        .output()
        .unwrap()
}

#[test]
fn the_binary_does_not_link_libtorch() {
    let out = Command::new("ldd")
        .arg(env!("CARGO_BIN_EXE_tsumego-studio"))
        .output()
        .expect("ldd (libc-bin) lists the binary's libraries");
    let libraries = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{libraries}");
    assert!(libraries.contains("libc.so"), "{libraries}");
    assert!(!libraries.contains("torch"), "{libraries}");
    assert!(!libraries.contains("cuda"), "{libraries}");
}

#[test]
fn a_missing_module_is_one_line_and_the_rest_works() {
    let dir = temp_dir("nn", "missing");
    let missing = dir.join("libtsumego_nn.so");
    let out = run_with_module(&missing, &["nn-info"]);
    assert_eq!(out.status.code(), Some(1));
    let err = stderr(&out);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.starts_with("net unavailable: ") || err.contains("no net"),
        "{err}"
    );
    assert!(err.contains("heuristic prior"), "{err}");
    if cfg!(feature = "nn") {
        assert!(err.contains(&missing.display().to_string()), "{err}");
    }
    // check and solve never ask for the net.
    let bent = problem("03-bent-three-kill.sgf");
    let bent = bent.to_str().unwrap();
    assert!(run_with_module(&missing, &["check", bent]).status.success());
    let out = run_with_module(&missing, &["solve", bent]);
    assert!(out.status.success());
    assert!(stdout(&out).contains("checked"), "{}", stdout(&out));
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_corrupt_module_is_refused_in_one_line() {
    let dir = temp_dir("nn", "corrupt");
    let corrupt = dir.join("libtsumego_nn.so");
    std::fs::write(&corrupt, b"not a library").unwrap();
    let out = run_with_module(&corrupt, &["nn-bench", "--secs", "0.01"]);
    assert_eq!(out.status.code(), Some(1));
    let err = stderr(&out);
    assert_eq!(err.lines().count(), 1, "{err}");
    if cfg!(feature = "nn") {
        assert!(err.contains("could not be loaded"), "{err}");
    }
    std::fs::remove_dir_all(dir).unwrap();
}

#[cfg(feature = "nn")]
#[test]
fn nn_info_loads_the_module_built_beside_the_binary() {
    let out = Command::new(env!("CARGO_BIN_EXE_tsumego-studio"))
        .env_remove("TSUMEGO_NN_MODULE")
        .args([
            "nn-info",
            "--device",
            "cpu",
            "--blocks",
            "1",
            "--channels",
            "8",
        ])
        .output()
        .unwrap();
    let text = stdout(&out);
    assert!(
        out.status.success(),
        "the module is built next to the binary by `cargo build`/`cargo test` at the workspace \
         root: {text}{}",
        stderr(&out)
    );
    assert!(
        text.contains("libtsumego_nn.so (tsumego-nn 0.1.0, libtorch 2.13.0)"),
        "{text}"
    );
    assert!(
        text.contains("device: CPU (libtorch 2.13.0, 1 intra-op thread)"),
        "{text}"
    );
    assert!(text.contains("first evaluation (9x9)"), "{text}");
}

#[cfg(not(feature = "nn"))]
#[test]
fn without_the_feature_the_net_commands_say_so() {
    let out = cli_common::run(&["nn-info"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains("this build has no net"),
        "{}",
        stderr(&out)
    );
}
