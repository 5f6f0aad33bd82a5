//! No import circles between the files of `src/`: a file never names (by a `crate::`,
//! `super::` or `self::` path, or a `use` group) a module that names it back, directly or
//! through others. Two exceptions, both of Rust's module shape rather than of the design: a
//! module naming its own ancestors (a child uses the items its parent folder's `mod.rs`
//! defines, and the parent declares the child), and test modules (`#[cfg(test)] mod …`), which
//! may set a module up with its users.
#![allow(clippy::unwrap_used)]

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// A module's path below the crate root: `["solver", "kernel", "search"]`.
type ModPath = Vec<String>;

/// Every module of `src/` (the crate root as the empty path) and its source text.
fn modules() -> BTreeMap<ModPath, String> {
    fn walk(dir: &Path, prefix: &[String], out: &mut BTreeMap<ModPath, String>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            let name = path.file_stem().unwrap().to_string_lossy().into_owned();
            if path.is_dir() {
                let mut inner = prefix.to_vec();
                inner.push(name);
                walk(&path, &inner, out);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let mut module = prefix.to_vec();
                if !matches!(name.as_str(), "mod" | "lib" | "main") {
                    module.push(name);
                }
                let text = std::fs::read_to_string(&path).unwrap();
                out.entry(module).or_default().push_str(&text);
            }
        }
    }
    let mut out = BTreeMap::new();
    walk(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("src"),
        &[],
        &mut out,
    );
    out
}

/// `text` without comments and without its test modules (from the first `#[cfg(test)]`
/// followed, after any further attributes, by a `mod`).
fn production_code(text: &str) -> String {
    let mut kept = Vec::new();
    let mut lines = text.lines().peekable();
    while let Some(line) = lines.next() {
        let trimmed = line.trim_start();
        if trimmed.starts_with("#[cfg(test)]") {
            let rest: Vec<&str> = lines
                .clone()
                .map(str::trim_start)
                .skip_while(|l| l.starts_with("#["))
                .take(1)
                .collect();
            let opens_module = rest.first().is_some_and(|l| {
                let l = l.strip_prefix("pub(crate) ").unwrap_or(l);
                let l = l.strip_prefix("pub ").unwrap_or(l);
                l.starts_with("mod ") && l.trim_end().ends_with('{')
            });
            if opens_module {
                break;
            }
        }
        if trimmed.starts_with("//") {
            continue;
        }
        let code = match line.find("//") {
            // A `//` in a string (a URL) is rare in this code; a cut there only loses text.
            Some(at) if !line[..at].contains('"') => &line[..at],
            _ => line,
        };
        kept.push(code);
    }
    kept.join("\n")
}

/// Every path `code` names that starts at `crate`, `super` or `self`, with `use` groups
/// expanded (`use super::{a::B, c};` names `super::a::B` and `super::c`).
fn named_paths(code: &str) -> Vec<Vec<String>> {
    let mut out = Vec::new();
    let bytes: Vec<char> = code.chars().collect();
    let mut i = 0;
    while i < bytes.len() {
        let at_word_start = i == 0
            || !(bytes[i - 1].is_alphanumeric() || bytes[i - 1] == '_' || bytes[i - 1] == ':');
        let rest: String = bytes[i..bytes.len().min(i + 7)].iter().collect();
        let starts = ["crate::", "super::", "self::"]
            .iter()
            .any(|p| rest.starts_with(p));
        if at_word_start && starts {
            let (paths, end) = parse_path(&bytes, i, Vec::new());
            out.extend(paths);
            i = end.max(i + 1);
        } else {
            i += 1;
        }
    }
    out
}

/// The paths of the path (or `use` tree) starting at `bytes[i]`, each after `prefix`, and
/// where it ends.
fn parse_path(bytes: &[char], mut i: usize, prefix: Vec<String>) -> (Vec<Vec<String>>, usize) {
    let mut path = prefix;
    loop {
        while i < bytes.len() && bytes[i].is_whitespace() {
            i += 1;
        }
        if i < bytes.len() && bytes[i] == '{' {
            // A group: each item a tree of its own after the path so far.
            let mut out = Vec::new();
            i += 1;
            loop {
                while i < bytes.len() && (bytes[i].is_whitespace() || bytes[i] == ',') {
                    i += 1;
                }
                if i >= bytes.len() || bytes[i] == '}' {
                    return (out, i + 1);
                }
                let (paths, end) = parse_path(bytes, i, path.clone());
                out.extend(paths);
                i = end;
            }
        }
        let start = i;
        while i < bytes.len() && (bytes[i].is_alphanumeric() || bytes[i] == '_') {
            i += 1;
        }
        if i == start {
            return (vec![path], i);
        }
        path.push(bytes[start..i].iter().collect());
        if bytes[i..].starts_with(&[':', ':']) {
            i += 2;
        } else {
            return (vec![path], i);
        }
    }
}

/// The modules `module` (whose code is `code`) imports: each named path made absolute and cut
/// to the longest module it names, other than `module` itself and its ancestors.
fn imports_of(module: &ModPath, code: &str, all: &BTreeSet<ModPath>) -> BTreeSet<ModPath> {
    let mut out = BTreeSet::new();
    for path in named_paths(code) {
        let mut absolute: ModPath = Vec::new();
        let mut parts = path.iter().peekable();
        match parts.peek().map(|s| s.as_str()) {
            Some("crate") => {
                parts.next();
            }
            _ => {
                absolute = module.clone();
                while let Some(p) = parts.peek() {
                    match p.as_str() {
                        "super" => {
                            absolute.pop();
                        }
                        "self" => {}
                        _ => break,
                    }
                    parts.next();
                }
            }
        }
        absolute.extend(parts.cloned());
        let named = (1..=absolute.len())
            .rev()
            .map(|n| absolute[..n].to_vec())
            .find(|m| all.contains(m));
        if let Some(named) = named {
            let ancestor_or_self = module.starts_with(&named);
            if !ancestor_or_self {
                out.insert(named);
            }
        }
    }
    out
}

/// Every import circle (`a → b → … → a`, each once, from its smallest module) of `imports`.
fn import_circles(imports: &BTreeMap<ModPath, BTreeSet<ModPath>>) -> Vec<Vec<ModPath>> {
    fn walk(
        imports: &BTreeMap<ModPath, BTreeSet<ModPath>>,
        start: &ModPath,
        path: &mut Vec<ModPath>,
        seen: &mut BTreeSet<ModPath>,
        found: &mut Vec<Vec<ModPath>>,
    ) {
        let last = path.last().unwrap().clone();
        for next in imports.get(&last).into_iter().flatten() {
            if next == start {
                found.push(path.clone());
            } else if next > start && !path.contains(next) && seen.insert(next.clone()) {
                path.push(next.clone());
                walk(imports, start, path, seen, found);
                path.pop();
            }
        }
    }
    let mut found = Vec::new();
    for start in imports.keys() {
        // `seen` keeps each module once per start: one circle through it is enough to report.
        let mut seen = BTreeSet::new();
        walk(
            imports,
            start,
            &mut vec![start.clone()],
            &mut seen,
            &mut found,
        );
    }
    found
}

/// The import graph of modules given as (path, code) pairs.
fn graph(modules: &[(&str, &str)]) -> BTreeMap<ModPath, BTreeSet<ModPath>> {
    let split = |p: &str| -> ModPath {
        p.split('/')
            .filter(|s| !s.is_empty())
            .map(str::to_string)
            .collect()
    };
    let all: BTreeSet<ModPath> = modules.iter().map(|(p, _)| split(p)).collect();
    modules
        .iter()
        .map(|(p, code)| {
            let m = split(p);
            let imports = imports_of(&m, &production_code(code), &all);
            (m, imports)
        })
        .collect()
}

fn words(circle: &[ModPath]) -> String {
    let names: Vec<String> = circle.iter().map(|m| m.join("::")).collect();
    format!("{} → {}", names.join(" → "), names[0])
}

#[test]
fn the_circle_finder_finds_circles_and_only_circles() {
    // Two siblings that use each other, one by a path and one by a `use` group.
    let two = graph(&[
        ("studio/app", "use super::side_panel::show;\n"),
        (
            "studio/side_panel",
            "use super::{scene::{Scene, Window}, app::StudioApp};\n",
        ),
        ("studio/scene", "pub struct Scene;\n"),
        ("studio", "mod app;"),
    ]);
    let found: Vec<String> = import_circles(&two).iter().map(|c| words(c)).collect();
    assert_eq!(found, ["studio::app → studio::side_panel → studio::app"]);
    // A longer circle across folders, through `crate::` paths and a nested group.
    let three = graph(&[
        (
            "solver/kernel/a",
            "fn f() { crate::solver::engines::b::g() }",
        ),
        ("solver/engines/b", "use crate::solver::{jobs::{c::X}};"),
        ("solver/jobs/c", "use crate::solver::kernel::a::Y;"),
    ]);
    assert_eq!(import_circles(&three).len(), 1);
    // Comments, longer names, an ancestor's items and test modules are not imports.
    let none = graph(&[
        (
            "studio/net",
            "// super::net_panel is where it is shown\nuse super::net_view::X;",
        ),
        ("studio/net_panel", "use super::net::Net;"),
        ("studio/net_view", "use super::super::x::net;\nuse super::Shared;"),
        ("studio", "pub struct Shared;\nmod net_view;\nuse net_view::X;"),
        (
            "studio/other",
            "fn f() {}\n#[cfg(test)]\n#[allow(x)]\nmod tests {\n    use super::super::net_panel;\n}",
        ),
        ("studio/x", "use super::other::f;"),
    ]);
    assert!(
        import_circles(&none).is_empty(),
        "{:?}",
        import_circles(&none)
    );
}

#[test]
fn no_file_imports_one_that_imports_it() {
    let modules = modules();
    assert!(modules.len() > 100, "no sources found");
    let all: BTreeSet<ModPath> = modules.keys().cloned().collect();
    let imports: BTreeMap<ModPath, BTreeSet<ModPath>> = modules
        .iter()
        .map(|(m, text)| (m.clone(), imports_of(m, &production_code(text), &all)))
        .collect();
    let edges: usize = imports.values().map(BTreeSet::len).sum();
    assert!(
        edges > 300,
        "only {edges} imports found: the reader is broken"
    );
    let circles: Vec<String> = import_circles(&imports).iter().map(|c| words(c)).collect();
    assert!(
        circles.is_empty(),
        "import circles:\n{}",
        circles.join("\n")
    );
}
