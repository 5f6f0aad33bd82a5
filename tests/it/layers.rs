//! The layers' import rules (ARCHITECTURE.md): a layer never imports a higher one ([`LEVELS`]);
//! `go`, `problem`, `solver` and `report` know nothing of egui; the studio imports nothing from
//! the command line; nothing but the net module links libtorch.
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

/// The layers of `src/` by level, lowest first. A file may name (by a `crate::` path, a
/// `crate::{..}` group, or `super::` climbing out of its layer to the crate's root) its own
/// layer and the layers of lower levels: never a layer beside it on its level, nor one above.
///
/// - `atomic_file` (temp file + fsync + rename) names nothing of the crate: any layer may use it.
/// - `nn` (the net: its features, training samples from proofs, and the solver's `Guide` it
///   implements) uses `go`, `problem` and `solver`; `report` (results in words and files) uses
///   the same three. Neither uses the other, so they share a level.
/// - The app edges: `cli` starts the studio (`crate::studio::run`, the command line without a
///   subcommand), so it sits above `studio`.
const LEVELS: &[&[&str]] = &[
    &["atomic_file"],
    &["go"],
    &["problem"],
    &["solver"],
    &["nn", "report"],
    &["studio"],
    &["cli"],
];

/// The level of a layer in [`LEVELS`]; `None` for a name that is not a placed layer.
fn level(layer: &str) -> Option<usize> {
    LEVELS.iter().position(|level| level.contains(&layer))
}

/// `text` without its comments: whole comment lines (`//`, `///`, `//!`) and what follows `//`
/// outside a string literal on a line of code. (String literals stay: a path in one, as serde's
/// `with = "crate::…"`, is used.)
fn code_of(text: &str) -> String {
    let mut out = String::new();
    for line in text.lines() {
        if line.trim_start().starts_with("//") {
            continue;
        }
        // A quote as a character literal opens no string.
        let line = line.replace("'\\\"'", "'  '").replace("'\"'", "' '");
        let mut in_string = false;
        let mut escaped = false;
        let mut end = line.len();
        for (i, c) in line.char_indices() {
            match c {
                _ if escaped => escaped = false,
                '\\' if in_string => escaped = true,
                '"' => in_string = !in_string,
                '/' if !in_string && line[i..].starts_with("//") => {
                    end = i;
                    break;
                }
                _ => {}
            }
        }
        out.push_str(&line[..end]);
        out.push('\n');
    }
    out
}

/// The identifier at the start of `rest` (after spaces and line breaks).
fn first_name(rest: &str) -> &str {
    let rest = rest.trim_start();
    let end = rest
        .find(|c: char| !(c.is_alphanumeric() || c == '_'))
        .unwrap_or(rest.len());
    &rest[..end]
}

/// The top-level modules named by the path that goes on with `rest` from the crate's root: the
/// first name, or each item's first name in a `{..}` group (nested groups skipped).
fn root_names(rest: &str) -> Vec<String> {
    let Some(group) = rest.trim_start().strip_prefix('{') else {
        let name = first_name(rest);
        return if name.is_empty() {
            Vec::new()
        } else {
            vec![name.to_string()]
        };
    };
    let mut names = Vec::new();
    let mut depth = 1;
    let mut item_start = true;
    for (i, c) in group.char_indices() {
        if depth == 1 && item_start && !c.is_whitespace() {
            names.push(first_name(&group[i..]).to_string());
            item_start = false;
        }
        match c {
            '{' => depth += 1,
            '}' if depth == 1 => break,
            '}' => depth -= 1,
            ',' if depth == 1 => item_start = true,
            _ => {}
        }
    }
    names.retain(|n| !n.is_empty() && n != "self");
    names
}

/// How many inline modules (`mod name { .. }`, as `mod tests`) enclose byte `at` of `code`
/// (braces in string and character literals skipped).
fn enclosing_modules(code: &str, at: usize) -> usize {
    let mut open: Vec<bool> = Vec::new();
    let mut in_string = false;
    let mut escaped = false;
    let mut skip = 0;
    for (i, c) in code[..at].char_indices() {
        if skip > 0 {
            skip -= 1;
            continue;
        }
        match c {
            _ if escaped => escaped = false,
            '\\' if in_string => escaped = true,
            '"' => in_string = !in_string,
            _ if in_string => {}
            // A character literal: '{', '}', '"', '\''.
            '\'' if code[i..].starts_with("'\\") => skip = 3,
            '\'' if code[i + 1..].chars().nth(1) == Some('\'') => skip = 2,
            '{' => {
                let before: Vec<&str> = code[..i].split_whitespace().rev().take(2).collect();
                open.push(before.len() == 2 && before[1] == "mod");
            }
            '}' => {
                open.pop();
            }
            _ => {}
        }
    }
    open.iter().filter(|&&m| m).count()
}

/// The top-level modules of the crate that the code of the file at `file` (its path under
/// `src/`, e.g. `solver/jobs/book.rs`) names: by `crate::` paths and groups, and by `super::`
/// chains that climb to the crate's root. In order of appearance, repeats kept.
fn named_layers(file: &str, code: &str) -> Vec<String> {
    let before_ok = |at: usize| {
        !code[..at]
            .chars()
            .next_back()
            .is_some_and(|c| c.is_alphanumeric() || c == '_' || c == ':')
    };
    let mut found: Vec<(usize, String)> = Vec::new();
    for (at, word) in code.match_indices("crate::") {
        if before_ok(at) {
            for name in root_names(&code[at + word.len()..]) {
                found.push((at, name));
            }
        }
    }
    // The file's module depth: `solver/jobs/book.rs` is `solver::jobs::book` (3),
    // `solver/jobs/mod.rs` is `solver::jobs` (2); each inline module adds one.
    let parts: Vec<&str> = file.trim_end_matches(".rs").split('/').collect();
    let depth = parts.len() - usize::from(parts.last() == Some(&"mod"));
    for (at, _) in code.match_indices("super::") {
        if !before_ok(at) {
            continue;
        }
        let mut rest = &code[at..];
        let mut climbs = 0;
        while let Some(r) = rest.strip_prefix("super::") {
            rest = r;
            climbs += 1;
        }
        if climbs >= depth + enclosing_modules(code, at) {
            for name in root_names(rest) {
                found.push((at, name));
            }
        }
    }
    found.sort();
    found.into_iter().map(|(_, name)| name).collect()
}

/// Every layer the file at `file` (its path under `src/`) names that it may not: a layer beside
/// or above its own ([`LEVELS`]), or a top-level module no level places.
fn upward_imports(file: &str, code: &str) -> Vec<String> {
    let own = file.split('/').next().unwrap().trim_end_matches(".rs");
    let own_level = level(own).unwrap_or_else(|| panic!("{file}: layer {own} is not placed"));
    let mut found: Vec<String> = named_layers(file, &code_of(code))
        .into_iter()
        .filter(|named| named != own && level(named).is_none_or(|l| l >= own_level))
        .collect();
    found.sort();
    found.dedup();
    found
}

#[test]
fn the_layer_checker_finds_upward_imports() {
    // Made-up upward imports, one in each form the checker reads.
    let upward = [
        (
            "solver/jobs/book.rs",
            "use crate::report::verdict::outcome_verb;\n",
        ),
        (
            "solver/jobs/book.rs",
            "let said = crate::report::verdict::verbs(goal).0;",
        ),
        ("problem/mod.rs", "use crate::{go::Color, solver::Status};"),
        (
            "go/board.rs",
            "use crate::{\n    go::Color,\n    problem::{Goal, Outcome},\n};",
        ),
        ("solver/jobs/book.rs", "use super::super::super::cli::Cli;"),
        (
            "solver/jobs/book.rs",
            "mod tests {\n    use super::super::super::super::studio::App;\n}",
        ),
        (
            "solver/jobs/book.rs",
            "mod tests {\n    fn f() {}\n}\nuse super::super::super::cli::Cli;",
        ),
        ("solver/mod.rs", "use super::{go::Move, report::verdict};"),
        ("report/verdict.rs", "use crate::nn::NetGuide;"),
        ("nn/features.rs", "use crate::report::verdict::verbs;"),
        ("studio/app.rs", "let args = crate::cli::Cli::parse();"),
        ("solver/jobs/book.rs", "use crate::scratch::Note;"),
        (
            "solver/kernel/tt.rs",
            "let url = \"http://x\"; use crate::cli::Cli;",
        ),
        (
            "problem/coords.rs",
            "#[serde(with = \"crate::solver::proof::x\")] m: Move,",
        ),
    ];
    for (file, code) in upward {
        assert_eq!(upward_imports(file, code).len(), 1, "{file}: {code}");
    }
    // Allowed: the own layer and lower ones, `super::` within the layer, comments, longer
    // names, a string after a comment.
    let fine = [
        (
            "solver/jobs/book.rs",
            "use crate::solver::Status;\nuse crate::{go::Move, problem::{Goal, Problem}};",
        ),
        (
            "solver/jobs/book.rs",
            "use super::super::kernel::rules::Rules;",
        ),
        ("solver/jobs/mod.rs", "use super::kernel::Solver;"),
        (
            "solver/jobs/book.rs",
            "//! worded by [`crate::report`]\n/// crate::cli\nlet x = 1; // crate::studio",
        ),
        (
            "report/answers.rs",
            "use super::verdict::verbs;\nuse crate::solver::Status;",
        ),
        ("cli/mod.rs", "crate::studio::run(cli.file)?;"),
        (
            "go/board.rs",
            "let n = subcrate::nn::f(); let m = x.super::y;",
        ),
        (
            "nn/samples.rs",
            "use crate::solver::{ProofNode, ProofTree, Role};",
        ),
        ("solver/kernel/tt.rs", "let c = '\"'; f(c); // crate::cli"),
        ("solver/mod.rs", "use super::*;"),
        (
            "cli/train.rs",
            "mod imp {\n    use super::*;\n    fn f() { super::super::train_plot::draw(); }\n}",
        ),
        (
            "solver/mod.rs",
            "#[cfg(test)]\nmod tests {\n    fn f() { let c = '{'; }\n    use super::super::solver::Solver;\n}",
        ),
    ];
    for (file, code) in fine {
        assert_eq!(
            upward_imports(file, code),
            Vec::<String>::new(),
            "{file}: {code}"
        );
    }
}

/// Every file of `src/` (but the crate's roots `lib.rs` and `main.rs`) names only its own layer
/// and lower ones ([`LEVELS`]).
#[test]
fn no_layer_names_a_higher_one() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut found = Vec::new();
    let mut named = 0;
    let mut files_by_layer = std::collections::BTreeMap::<String, usize>::new();
    for path in rust_files(&src) {
        let file = path
            .strip_prefix(&src)
            .unwrap()
            .to_string_lossy()
            .replace('\\', "/");
        if file == "lib.rs" || file == "main.rs" {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        named += named_layers(&file, &code_of(&text)).len();
        let layer = file.split('/').next().unwrap().trim_end_matches(".rs");
        *files_by_layer.entry(layer.to_string()).or_default() += 1;
        for layer in upward_imports(&file, &text) {
            found.push(format!("{file} names {layer}"));
        }
    }
    // Not vacuous: every placed layer was read, and the paths were found.
    for layer in LEVELS.iter().flat_map(|l| l.iter()) {
        assert!(files_by_layer.contains_key(*layer), "no sources of {layer}");
    }
    assert!(named > 500, "only {named} crate paths found");
    assert!(found.is_empty(), "upward imports:\n{}", found.join("\n"));
}

/// `go`, `problem`, `solver` and `report` know nothing of the GUI.
#[test]
fn lower_layers_know_nothing_of_the_gui() {
    let gui = ["egui", "eframe", "rfd::"];
    for layer in ["go", "problem", "solver", "report"] {
        let found = offences(layer, &gui);
        assert!(
            found.is_empty(),
            "{layer} uses the GUI:\n{}",
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
    let found: Vec<String> = ["go", "problem", "solver", "nn", "report", "studio", "cli"]
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
