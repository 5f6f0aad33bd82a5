//! The layers' import rules (ARCHITECTURE.md): a layer never imports a higher one; `go`,
//! `problem` and `solver` know nothing of egui; the studio imports nothing from the command line;
//! nothing but the net module links libtorch.
#![allow(clippy::unwrap_used)]

use std::path::{Path, PathBuf};

fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            out.extend(rust_files(&path));
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
    out.sort();
    out
}

/// Whether `code` mentions `word` as a path or name of its own: not inside a longer name
/// (`Batch::fill` does not mention `tch::`).
fn mentions(code: &str, word: &str) -> bool {
    code.match_indices(word).any(|(at, _)| {
        !code[..at]
            .chars()
            .next_back()
            .is_some_and(|c| c.is_alphanumeric() || c == '_')
    })
}

#[test]
fn a_mention_is_a_whole_name() {
    assert!(mentions("use tch::Tensor;", "tch::"));
    assert!(mentions("let t = tch::Tensor::zeros(&[1]);", "tch::"));
    assert!(!mentions("let b = Batch::fill(&items);", "tch::"));
    assert!(mentions("x(crate::nn::f())", "crate::nn"));
}

/// Every (file, line) of `layer` mentioning one of `forbidden` in code (comments skipped).
fn offences(layer: &str, forbidden: &[&str]) -> Vec<String> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("src")
        .join(layer);
    let files = rust_files(&dir);
    assert!(!files.is_empty(), "no sources under {}", dir.display());
    let mut found = Vec::new();
    for file in files {
        let text = std::fs::read_to_string(&file).unwrap();
        for (i, line) in text.lines().enumerate() {
            let code = line.trim_start();
            if code.starts_with("//") {
                continue;
            }
            for word in forbidden {
                if mentions(code, word) {
                    found.push(format!("{}:{}: {}", file.display(), i + 1, line.trim()));
                }
            }
        }
    }
    found
}

#[test]
fn lower_layers_never_import_higher_ones() {
    let above_go = [
        "crate::problem",
        "crate::solver",
        "crate::nn",
        "crate::studio",
        "crate::cli",
    ];
    let above_problem = ["crate::solver", "crate::nn", "crate::studio", "crate::cli"];
    let above_solver = ["crate::nn", "crate::studio", "crate::cli"];
    let gui = ["egui", "eframe", "rfd::"];
    for (layer, higher) in [
        ("go", &above_go[..]),
        ("problem", &above_problem[..]),
        ("solver", &above_solver[..]),
    ] {
        let found = offences(layer, &[higher, &gui[..]].concat());
        assert!(
            found.is_empty(),
            "{layer} imports a higher layer:\n{}",
            found.join("\n")
        );
    }
}

#[test]
fn the_studio_imports_nothing_from_the_command_line() {
    let found = offences("studio", &["crate::cli", "super::cli", "super::super::cli"]);
    assert!(found.is_empty(), "{}", found.join("\n"));
}

#[test]
fn only_the_net_module_uses_tch() {
    let found: Vec<String> = ["go", "problem", "solver", "nn", "studio", "cli"]
        .iter()
        .flat_map(|layer| offences(layer, &["tch::", "use tch"]))
        .collect();
    assert!(found.is_empty(), "{}", found.join("\n"));
    let manifest =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("Cargo.toml")).unwrap();
    let dependencies = manifest
        .split("[dependencies]")
        .nth(1)
        .and_then(|rest| rest.split("\n[").next())
        .unwrap();
    assert!(!dependencies.contains("tch"), "{dependencies}");
}
