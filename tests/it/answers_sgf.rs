//! Answer trees as SGF (`report::answers`, `solve --all-moves --answers-out`): for
//! every bundled problem, every first move judged and written as a problem site's answer file;
//! reading it back gives the same position, region, crucial stones, goal (the player to move's),
//! side to move and answer tree, the tree keeps the sites' rules, `check` accepts every file, and
//! judging the file again writes the same file.

#![allow(clippy::unwrap_used)]

use crate::bundled;
use crate::cli_common;
use crate::judging;

use cli_common::{problem, run, stderr, stdout};
use std::path::Path;
use tsumego_studio::go::{Color, Move};
use tsumego_studio::problem::{
    load_bytes, load_inferring, AnswerNode, AnswerTree, Format, Problem, Verdict,
};
use tsumego_studio::report::answers::{
    answer_tree, answers_sgf, verdict_line, DEFAULT_MAX_NODES, RIGHT,
};
use tsumego_studio::report::first_moves::summary;
use tsumego_studio::solver::jobs::first_moves::FirstMoves;

/// Regions with more empty points than this (19-open-corner-live: 34 first moves, most of them
/// open 19x19 kills) get a small node limit per move, so the test stays fast in debug builds;
/// their undecided moves are unmarked nodes of the tree.
const MAX_EMPTY: usize = 20;

/// Every first move of `problem` judged within a node limit per move.
fn judge(problem: &Problem) -> FirstMoves {
    let max_nodes = if problem.region_empty_points().len() > MAX_EMPTY {
        2_000
    } else {
        200_000
    };
    judging::judge(problem, max_nodes)
}

/// The rules of problem sites: lines start with `p`, colours alternate, no passes, marks only
/// on correct leaves (`p`'s, `RIGHT`) and wrong first moves, whose lines end with the opponent.
fn assert_site_rules(tree: &AnswerTree, p: Color, what: &str) {
    fn walk(node: &AnswerNode, c: Color, first: &AnswerNode, what: &str) {
        assert_eq!(node.color, c, "{what}: colours alternate");
        assert_ne!(node.mv, Move::Pass, "{what}: a pass");
        let leaf = node.children.is_empty();
        match (first.line_verdict(), leaf) {
            (Verdict::Correct, true) => {
                assert_eq!(
                    (node.verdict, node.comment.as_str()),
                    (Verdict::Correct, RIGHT)
                );
                assert_eq!(
                    node.color, first.color,
                    "{what}: a correct line ends with P"
                );
            }
            (Verdict::Wrong, true) => {
                assert_eq!(
                    node.color,
                    first.color.opponent(),
                    "{what}: wrong line's end"
                )
            }
            (Verdict::Wrong, false) if std::ptr::eq(node, first) => {
                assert_eq!(node.verdict, Verdict::Wrong)
            }
            (Verdict::Unknown, true) => assert!(!node.comment.is_empty(), "{what}: {node:?}"),
            _ => assert!(node.verdict.is_unknown(), "{what}: {node:?}"),
        }
        for child in &node.children {
            walk(child, c.opponent(), first, what);
        }
    }
    for v in &tree.variations {
        walk(v, p, v, what);
    }
}

#[test]
fn every_bundled_problem_round_trips_through_its_answers_sgf() {
    let dir = cli_common::temp_dir("answers", "round-trip");
    let mut trees = 0;
    for path in bundled::problem_files() {
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        let source = load_inferring(&path).unwrap().problem;
        let moves = judge(&source);
        let claim = &moves.claim;
        let text = answers_sgf(&moves, &source);
        std::fs::write(dir.join(&name), &text).unwrap();
        let back = load_bytes(text.as_bytes(), Format::Sgf)
            .unwrap_or_else(|e| panic!("{name}: {e}\n{text}"));
        // The problem: the source's position and markup, as the player to move's claim.
        assert_eq!(back.board(), source.board(), "{name}");
        assert_eq!(back.region(), source.region(), "{name}");
        assert_eq!(back.crucial(), source.crucial(), "{name}");
        assert_eq!(back.to_move(), source.to_move(), "{name}");
        assert_eq!(back.or_player(), source.to_move(), "{name}");
        assert_eq!(back.goal(), claim.goal(), "{name}");
        assert_eq!(back.ko_rules(), claim.ko_rules(), "{name}");
        assert_eq!(back.name(), source.name(), "{name}");
        // The answers: the tree written, keeping the sites' rules.
        let tree = answer_tree(&moves, DEFAULT_MAX_NODES);
        assert_eq!(back.answer(), &tree, "{name}\n{text}");
        assert!(!tree.is_empty(), "{name}");
        assert!(tree.node_count() <= DEFAULT_MAX_NODES, "{name}");
        assert_site_rules(&tree, claim.or_player(), &name);
        let mut correct = tree.correct_first_moves();
        let mut solutions: Vec<Move> = moves
            .solutions()
            .into_iter()
            .filter(|&m| m != Move::Pass)
            .collect();
        correct.sort();
        solutions.sort();
        assert_eq!(correct, solutions, "{name}");
        // The verdict ends the root comment: `Black to live. unique solution: C1 (checked by
        // Tsumego Studio)`.
        let verdict = verdict_line(&moves);
        assert!(
            back.comment().ends_with(&verdict),
            "{name}: {}",
            back.comment()
        );
        assert!(verdict.contains(&summary(&moves)), "{verdict}");
        // Judged again, the file gives itself back.
        if source.region_empty_points().len() <= MAX_EMPTY {
            assert_eq!(answers_sgf(&judge(&back), &back), text, "{name}");
        }
        trees += 1;
    }
    assert!(trees >= 28, "{trees}");
    // `check` accepts every answers file.
    let out = run(&["check", dir.to_str().unwrap()]);
    let report = stdout(&out);
    assert!(out.status.success(), "{report}{}", stderr(&out));
    assert!(
        report.ends_with(&format!("{trees} files: {trees} ok, 0 failed\n")),
        "{report}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn solve_all_moves_writes_the_answers_file() {
    let dir = cli_common::temp_dir("answers", "cli");
    let file = problem("01-straight-three-kill.sgf");
    let file = file.to_str().unwrap();
    let out_file = dir.join("answers.sgf");
    let out_path = out_file.to_str().unwrap();
    let args = [
        "solve",
        file,
        "--all-moves",
        "--max-nodes",
        "200000",
        "--answers-out",
        out_path,
    ];
    let out = run(&args);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.contains("unique solution: D1"), "{text}");
    assert!(
        text.ends_with(&format!("answers: {out_path} (9 nodes in the tree)\n")),
        "{text}"
    );
    let written = std::fs::read_to_string(&out_file).unwrap();
    assert!(written.contains("White to kill. unique solution: D1 (checked by Tsumego Studio)"));
    // D1, Black's two replies each answered and marked RIGHT; C1 and E1 refuted by D1.
    assert_eq!(written.matches("TE[1]C[RIGHT]").count(), 2, "{written}");
    assert_eq!(written.matches("BM[1]C[Wrong").count(), 2, "{written}");
    let back = load_inferring(&out_file).unwrap().problem;
    let source = load_inferring(Path::new(file)).unwrap().problem;
    assert_eq!(
        answers_sgf(&judge(&source), &source),
        written,
        "the CLI writes answers_sgf"
    );
    assert_eq!(back.answer().correct_first_moves().len(), 1);
    assert_eq!(run(&["check", out_path]).status.code(), Some(0));
    // JSON mode keeps stdout one object.
    let json_out = dir.join("json.sgf");
    let mut json_args = args.to_vec();
    json_args[6] = json_out.to_str().unwrap();
    json_args.push("--json");
    let out = run(&json_args);
    assert!(out.status.success(), "{}", stderr(&out));
    let json: serde_json::Value = serde_json::from_str(stdout(&out).trim()).unwrap();
    assert_eq!(json["summary"], "unique solution: D1");
    assert_eq!(std::fs::read_to_string(&json_out).unwrap(), written);
    // A missing folder is an error before the search; without --all-moves the flag is refused.
    let missing = dir.join("missing/answers.sgf");
    let out = run(&[
        "solve",
        file,
        "--all-moves",
        "--answers-out",
        missing.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stdout(&out).is_empty(), "{}", stdout(&out));
    assert!(
        stderr(&out).contains("cannot write the answers to")
            && stderr(&out).contains("does not exist"),
        "{}",
        stderr(&out)
    );
    let out = run(&["solve", file, "--answers-out", out_path]);
    assert_eq!(out.status.code(), Some(2), "clap's usage error");
    assert!(stderr(&out).contains("--all-moves"), "{}", stderr(&out));
    std::fs::remove_dir_all(&dir).unwrap();
}
