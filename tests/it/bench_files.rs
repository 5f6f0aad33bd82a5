//! The RZS paper's problem sets (`../shared/bench/rzs-aaai22`, see `../shared/bench/README.md`):
//! every file loads and validates with the crate's loader, with pinned counts and shapes, and the
//! `check` subcommand of the binary accepts the whole folder.

use std::path::{Path, PathBuf};
use std::process::Command;
use tsumego_studio::go::Color;
use tsumego_studio::problem::{load, Goal, Outcome, Problem};

const NUM_19X19: usize = 106;
const NUM_7X7: usize = 20;
/// 19x19 problems with a reference first move (the others: the loser moves first, or 64/75).
const WITH_ANSWER: usize = 91;

fn bench_dir() -> PathBuf {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/bench/rzs-aaai22");
    assert!(
        dir.join("19x19").is_dir() && dir.join("7x7").is_dir(),
        "benchmark folder {} (with 19x19/ and 7x7/) is missing; it is described in \
         ../shared/bench/README.md",
        dir.display()
    );
    dir
}

/// The `.json` files of `bench/<sub>`, numbered 1..=n, in numeric order.
fn json_files(sub: &str) -> Vec<PathBuf> {
    let dir = bench_dir().join(sub);
    let mut files: Vec<(u32, PathBuf)> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("cannot list {}: {e}", dir.display()))
        .map(|e| e.expect("dir entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .map(|p| {
            let n = p
                .file_stem()
                .and_then(|s| s.to_str())
                .and_then(|s| s.parse().ok())
                .unwrap_or_else(|| panic!("unexpected file name {}", p.display()));
            (n, p)
        })
        .collect();
    files.sort();
    let numbers: Vec<u32> = files.iter().map(|(n, _)| *n).collect();
    assert_eq!(
        numbers,
        (1..=files.len() as u32).collect::<Vec<_>>(),
        "{sub}: numbering has gaps"
    );
    files.into_iter().map(|(_, p)| p).collect()
}

/// Load every file of `bench/<sub>`; panics listing every file that fails.
fn load_all(sub: &str) -> Vec<(PathBuf, Problem)> {
    let mut ok = Vec::new();
    let mut failed = Vec::new();
    for path in json_files(sub) {
        match load(&path) {
            Ok(p) => ok.push((path, p)),
            Err(e) => failed.push(format!("{}: {}", path.display(), e.messages().join(" / "))),
        }
    }
    assert!(
        failed.is_empty(),
        "{} of {} files of {sub} do not load:\n{}",
        failed.len(),
        failed.len() + ok.len(),
        failed.join("\n")
    );
    ok
}

#[test]
fn file_counts() {
    assert_eq!(json_files("19x19").len(), NUM_19X19);
    assert_eq!(json_files("7x7").len(), NUM_7X7);
}

#[test]
fn all_19x19_problems_load_and_validate() {
    let problems = load_all("19x19");
    assert_eq!(problems.len(), NUM_19X19);
    let mut region_sizes = Vec::new();
    let (mut with_answer, mut dropped_answers) = (0, Vec::new());
    for (path, p) in &problems {
        let name = path.display();
        assert_eq!(p.size(), 19, "{name}");
        assert!(
            matches!(p.goal(), Goal::LiveUca | Goal::KillUca),
            "{name}: goal {}",
            p.goal()
        );
        assert_eq!(p.expected(), Some(Outcome::Win), "{name}");
        assert!(p.setup_moves().is_empty(), "{name}: setup moves");
        // Crucial stones: the defender's, at least one.
        let crucial = p.crucial();
        assert!(!crucial.is_empty(), "{name}: no crucial stone");
        for q in crucial.iter() {
            assert_eq!(
                p.board().color_at(q),
                Some(p.defender()),
                "{name}: crucial {q:?}"
            );
        }
        // The OR player must win without ko; the opponent may fight ko.
        assert_eq!(
            (
                p.ko_rule(p.or_player()).to_string(),
                p.ko_rule(p.or_player().opponent()).to_string()
            ),
            ("disallow".to_string(), "allow".to_string()),
            "{name}"
        );
        // The region: about 150 points, in the lower-right part of the board, with empty points.
        let region = p.region();
        region_sizes.push(region.len());
        assert!(
            (140..=170).contains(&region.len()),
            "{name}: region of {} points",
            region.len()
        );
        assert!(!p.region_empty_points().is_empty(), "{name}");
        assert!(
            crucial.iter().all(|q| q.x() >= 8 && q.y() >= 11),
            "{name}: crucial stones outside the lower-right corner"
        );
        // An answer is a correct first move of the winner, who then moves first.
        for m in p.answer().correct_first_moves() {
            assert_eq!(p.to_move(), p.or_player(), "{name}: answer {m:?}");
        }
        if !p.answer().is_empty() {
            with_answer += 1;
        }
        if p.comment().contains("answer_firstmove") {
            dropped_answers.push(path.file_name().and_then(|f| f.to_str()).unwrap_or("?"));
        }
    }
    // Region sizes: 81 problems have the usual 153 points; all are within 141..=166.
    region_sizes.sort_unstable();
    let mean = region_sizes.iter().sum::<usize>() as f64 / region_sizes.len() as f64;
    assert!((148.0..=156.0).contains(&mean), "mean region size {mean}");
    assert_eq!(
        (region_sizes[0], region_sizes[NUM_19X19 - 1]),
        (141, 166),
        "smallest and largest"
    );
    assert_eq!(region_sizes.iter().filter(|&&n| n == 153).count(), 81);
    // Two files give a book first move on an occupied point (not moved with the problem): the
    // loader keeps the position, drops the answer and says so in the comment.
    dropped_answers.sort_unstable();
    assert_eq!(dropped_answers, vec!["64.json", "75.json"]);
    assert_eq!(with_answer, WITH_ANSWER);
}

#[test]
fn all_7x7_problems_load_and_validate() {
    let problems = load_all("7x7");
    assert_eq!(problems.len(), NUM_7X7);
    for (path, p) in &problems {
        let name = path.display();
        assert_eq!(p.size(), 7, "{name}");
        // Kill-all: White (the OR player) wins if any white stone lives.
        assert_eq!(
            (p.or_player(), p.goal()),
            (Color::White, Goal::LiveAny),
            "{name}"
        );
        assert!(p.crucial().is_empty(), "{name}: crucial stones in kill-all");
        assert_eq!(p.expected(), Some(Outcome::Win), "{name}");
        // The position comes from a move sequence: Black's two opening stones and a White pass
        // first, and no setup stones.
        let moves = p.setup_moves();
        assert!(moves.len() >= 3, "{name}: {} setup moves", moves.len());
        assert_eq!(
            moves[..3].iter().map(|m| m.color).collect::<Vec<_>>(),
            vec![Color::Black, Color::White, Color::Black],
            "{name}"
        );
        assert!(
            moves[1].mv.point().is_none(),
            "{name}: the second move is White's pass"
        );
        assert!(p.start_stones().black.is_empty() && p.start_stones().white.is_empty());
        // No region given, a game from the empty board: the whole board is in play.
        assert_eq!(p.region().len(), 49, "{name}");
    }
}

#[test]
fn check_subcommand_accepts_the_folder() {
    let dir = bench_dir();
    let output = Command::new(env!("CARGO_BIN_EXE_tsumego-studio"))
        .arg("check")
        .arg(&dir)
        .output()
        .expect("the binary runs");
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    let total = NUM_19X19 + NUM_7X7;
    let lines: Vec<&str> = stdout.lines().collect();
    let summaries = lines
        .iter()
        .filter(|l| l.contains(".json: ") && (l.contains(": 19x19, ") || l.contains(": 7x7, ")))
        .count();
    let errors: Vec<&&str> = lines.iter().filter(|l| l.contains(" error")).collect();
    assert!(
        output.status.success() && summaries == total && errors.is_empty(),
        "check exited with {}, {summaries} summary lines of {total}; failures:\n{}\nstderr:\n{stderr}",
        output.status,
        stdout
            .lines()
            .filter(|l| l.starts_with("    ") || l.contains(" error"))
            .collect::<Vec<_>>()
            .join("\n")
    );
    // The 7x7 records (games from the empty board) are read as setup, and `check` says so.
    let readings: Vec<&&str> = lines
        .iter()
        .filter(|l| l.starts_with("  moves after the root: "))
        .collect();
    assert_eq!(readings.len(), NUM_7X7, "{readings:?}");
    for l in &readings {
        assert!(
            l.ends_with(" setup moves (a game from the empty board: no AB/AW stones)"),
            "{l}"
        );
    }
    assert_eq!(
        lines.len(),
        total + NUM_7X7 + 1,
        "one line per file, the 7x7 files' readings and a total"
    );
    assert_eq!(
        lines.last().copied(),
        Some(format!("{total} files: {total} ok, 0 failed").as_str())
    );
}
