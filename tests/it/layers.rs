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

/// The files of `src/studio` each file imports: a file imports another when its code (comments
/// skipped) mentions `super::<name>`, `crate::studio::<name>` or `use super::{.., <name>, ..}`
/// for the other's module name.
fn studio_imports(files: &[(String, String)]) -> Vec<(String, Vec<String>)> {
    let names: Vec<&str> = files.iter().map(|(name, _)| name.as_str()).collect();
    files
        .iter()
        .map(|(name, text)| {
            let code: String = text
                .lines()
                .filter(|l| !l.trim_start().starts_with("//"))
                .collect::<Vec<_>>()
                .join("\n");
            let mut used: Vec<String> = names
                .iter()
                .filter(|other| *other != name)
                .filter(|other| imports(&code, other))
                .map(|other| other.to_string())
                .collect();
            used.sort();
            (name.clone(), used)
        })
        .collect()
}

/// Whether `code` mentions module `name` by one of the paths of [`studio_imports`].
fn imports(code: &str, name: &str) -> bool {
    let whole = |rest: &str| {
        rest.strip_prefix(name)
            .is_some_and(|after| !after.starts_with(|c: char| c.is_alphanumeric() || c == '_'))
    };
    let by_path = ["super::", "crate::studio::"].iter().any(|prefix| {
        code.match_indices(prefix).any(|(at, _)| {
            let before_ok = !code[..at]
                .chars()
                .next_back()
                .is_some_and(|c| c.is_alphanumeric() || c == '_' || c == ':');
            before_ok && whole(&code[at + prefix.len()..])
        })
    });
    let by_group = code.match_indices("use super::{").any(|(at, found)| {
        // The group up to its closing brace (nested groups included), split at every comma.
        let rest = &code[at + found.len()..];
        let mut depth = 1;
        let end = rest
            .char_indices()
            .find(|&(_, c)| {
                depth += match c {
                    '{' => 1,
                    '}' => -1,
                    _ => 0,
                };
                depth == 0
            })
            .map_or(rest.len(), |(i, _)| i);
        rest[..end].split([',', '{']).any(|item| whole(item.trim()))
    });
    by_path || by_group
}

/// Every import circle (`a → b → … → a`, each once, from its smallest name) in `imports`.
fn import_circles(imports: &[(String, Vec<String>)]) -> Vec<Vec<String>> {
    fn walk(
        imports: &[(String, Vec<String>)],
        start: &str,
        path: &mut Vec<String>,
        found: &mut Vec<Vec<String>>,
    ) {
        let last = path.last().unwrap().clone();
        let Some((_, used)) = imports.iter().find(|(n, _)| *n == last) else {
            return;
        };
        for next in used {
            if next == start {
                found.push(path.clone());
            } else if next.as_str() > start && !path.contains(next) {
                path.push(next.clone());
                walk(imports, start, path, found);
                path.pop();
            }
        }
    }
    let mut found = Vec::new();
    for (name, _) in imports {
        walk(imports, name, &mut vec![name.clone()], &mut found);
    }
    found
}

#[test]
fn the_circle_finder_finds_circles_and_only_circles() {
    let files = |list: &[(&str, &str)]| -> Vec<(String, String)> {
        list.iter()
            .map(|(n, t)| (n.to_string(), t.to_string()))
            .collect()
    };
    // Two files that use each other, one by a path and one by a `use` group.
    let two = files(&[
        ("app", "use super::side_panel::show;\n"),
        (
            "side_panel",
            "use super::{scene::{Scene, Window}, app::StudioApp};\n",
        ),
        ("scene", "pub struct Scene;\n"),
    ]);
    assert_eq!(
        import_circles(&studio_imports(&two)),
        vec![vec!["app".to_string(), "side_panel".to_string()]]
    );
    // A longer circle through `crate::studio::`.
    let three = files(&[
        ("a", "fn f() { super::b::g() }"),
        ("b", "use crate::studio::c;"),
        ("c", "use super::{a};"),
    ]);
    assert_eq!(import_circles(&studio_imports(&three)).len(), 1);
    // Comments, longer names and other modules' paths are not imports.
    let none = files(&[
        (
            "net",
            "// super::net_panel is where it is shown\nuse super::net_view::X;",
        ),
        ("net_panel", "use super::net::Net;"),
        ("net_view", "use super::super::x::net;"),
    ]);
    assert!(import_circles(&studio_imports(&none)).is_empty());
}

#[test]
fn no_module_of_the_studio_imports_one_that_imports_it() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("src")
        .join("studio");
    let files: Vec<(String, String)> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "rs"))
        .map(|p| {
            let name = p.file_stem().unwrap().to_string_lossy().into_owned();
            (name, std::fs::read_to_string(&p).unwrap())
        })
        .collect();
    assert!(
        files.len() > 10,
        "no studio sources under {}",
        dir.display()
    );
    let circles = import_circles(&studio_imports(&files));
    let words: Vec<String> = circles
        .iter()
        .map(|c| format!("{} → {}", c.join(" → "), c[0]))
        .collect();
    assert!(circles.is_empty(), "import circles:\n{}", words.join("\n"));
}

/// The panels see only the parts of the state they read: no file of `src/studio` but the app
/// itself (`app.rs`, its command handlers `apply_*.rs`, and `mod.rs`, which starts it) names
/// `StudioApp` in code.
#[test]
fn only_the_app_and_its_command_handlers_name_the_whole_app() {
    let found: Vec<String> = offences("studio", &["StudioApp"])
        .into_iter()
        .filter(|line| {
            let file = line.split(':').next().unwrap_or_default();
            let name = Path::new(file).file_stem().unwrap().to_string_lossy();
            !(name == "app" || name == "mod" || name.starts_with("apply_"))
        })
        .collect();
    assert!(found.is_empty(), "{}", found.join("\n"));
}
