//! Proof trees as SGF: [`proof_to_sgf`] writes a problem with the proof of its claim so that an SGF
//! editor (Sabaki, GoGui) can step through it, and [`proof_from_sgf`] reads such a file back
//! exactly.
//!
//! # Layout
//!
//! The problem comes first, exactly as [`crate::problem::write_sgf_with`] writes it with the
//! private properties and without the reference answer (the root node, then the setup moves, if
//! any; see [`crate::problem::sgf_write`]). The proof hangs below the problem position as one
//! variation tree:
//!
//! - the **proof root** is a move-less node right after the problem position (the root node
//!   already carries the problem's `TR`/`MA` markup, and an SGF node may mark a point once only);
//! - every other proof node is a move node, `B[..]`/`W[..]` (`B[]` is a pass), and describes the
//!   position after its move. One child follows on the next line; several children are each in
//!   parentheses.
//!
//! # Properties of a proof node
//!
//! | property | meaning |
//! |---|---|
//! | `C` | for people: the role (`OR: White wins with C1 (zone 12 points)`, `AND: Black to move; must-play region 3 points; null moves: D4 …`, `Leaf: alive (Benson)`, `Leaf: all crucial stones captured`, `Leaf: two passes`, `Leaf: statically dead …`), preceded by `Black D4: null move` on null-move nodes and by a headline on the proof root |
//! | `SQ` | the relevance zone, except the points marked `SL` (omitted when the zone is the whole board; the comment says "whole board") |
//! | `SL` | the must-play region (AND nodes) |
//! | `TSROLE` | `or`, `and`, `alive`, `captured`, `two-passes`, `seki`, `static-dead` (a leaf and why it is won) |
//! | `TSZONE` | the relevance zone, exactly |
//! | `TSMUST` | the must-play region, exactly; written on AND nodes and wherever it is not empty; absent means empty |
//! | `TSNULL[1]` | the move that led here is a null move |
//! | `TSSUPERKO[1]` | (proof root only) the proof was made with positional superko, so the checker must use it too |
//!
//! `SQ` and `SL` are for display only; reading uses the `TS*` properties. `TSZONE` and `TSMUST`
//! are SGF *compressed point lists*: each value is a point (`cd`) or a rectangle given by its
//! upper-left and lower-right corners (`ab:cd`). The writer emits the maximal runs of each row,
//! merged with identical runs of the rows below, sorted by top row then left column, so a 9x9
//! whole board is `TSZONE[aa:ii]`; an empty zone is one empty value, `TSMUST[]`.
//!
//! # Reading
//!
//! The proof root is the one node carrying `TSROLE` whose parent does not; it must follow the
//! problem position. Everything else is handed to the problem reader (so answer variations added
//! beside the proof are kept as the problem's answer). The tree's size, goal and OR player are the
//! problem's; the side to move is the problem's at the proof root and the opponent of the mover
//! below. Unknown `TS*` properties in proof nodes are errors, as in the problem reader.

mod read;
mod write;

pub use read::proof_from_sgf;
pub use write::{proof_to_sgf, proof_to_sgf_with_note};

/// The property every proof node carries and a problem file never does: its presence is what
/// makes an SGF text a proof SGF.
pub const PROOF_MARKER: &str = "TSROLE[";

/// Does `text` look like a proof SGF (it carries [`PROOF_MARKER`])? A cheap test, so that only
/// such files pay for [`proof_from_sgf`]; whether the proof is readable is that function's to say.
pub fn has_proof_marker(text: &str) -> bool {
    text.contains(PROOF_MARKER)
}

use crate::go::{Point, Zone};
use crate::problem::{SgfError, ValidationErrors};
use thiserror::Error;

/// Proof lines deeper than this are refused when reading (the solver's proofs are at most about
/// 1000 moves deep).
pub const MAX_PROOF_DEPTH: usize = 1100;

/// Why an SGF text could not be read as a problem with its proof.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ProofSgfError {
    /// The text is not an SGF game tree of Go.
    #[error("not an SGF file: {0}")]
    NotSgf(SgfError),
    #[error("the problem: {0}")]
    Problem(SgfError),
    #[error("the problem: {0}")]
    InvalidProblem(ValidationErrors),
    #[error("no proof tree in the file (no node carries TSROLE)")]
    NoProof,
    #[error(
        "{0} proof trees in the file (nodes with TSROLE in separate variations); expected one"
    )]
    SeveralProofs(usize),
    #[error(
        "the proof starts after {found} move(s), but the problem position is after {expected} \
         setup move(s)"
    )]
    NotAtProblemPosition { found: usize, expected: usize },
    #[error("{ident}[{value}] at {place}: expected {expected}")]
    BadValue {
        /// The proof node, e.g. `the proof root` or `proof line W C1, B D4`.
        place: String,
        ident: String,
        /// The raw values joined by `][`.
        value: String,
        expected: String,
    },
    #[error("{place}: missing {ident}")]
    Missing { place: String, ident: &'static str },
    #[error("{place}: {message}")]
    Inconsistent { place: String, message: String },
    #[error("the proof is nested deeper than {0} moves")]
    TooDeep(usize),
}

/// The values of an SGF compressed point list for `zone` (see the module documentation).
fn compressed_list(zone: &Zone) -> Vec<String> {
    // Rectangles as (x0, x1, y0, y1), inclusive; `open` holds those that reach the previous row.
    let mut done: Vec<(usize, usize, usize, usize)> = Vec::new();
    let mut open: Vec<(usize, usize, usize, usize)> = Vec::new();
    let max = crate::go::MAX_SIZE;
    for y in 0..=max {
        let mut runs = Vec::new();
        let mut x = 0;
        while y < max && x < max {
            if zone.contains(Point::new(x, y)) {
                let start = x;
                while x + 1 < max && zone.contains(Point::new(x + 1, y)) {
                    x += 1;
                }
                runs.push((start, x));
            }
            x += 1;
        }
        let mut next = Vec::new();
        for rect in open {
            if let Some(i) = runs.iter().position(|&(a, b)| (a, b) == (rect.0, rect.1)) {
                runs.remove(i);
                next.push((rect.0, rect.1, rect.2, y));
            } else {
                done.push(rect);
            }
        }
        next.extend(runs.into_iter().map(|(a, b)| (a, b, y, y)));
        open = next;
    }
    done.sort_by_key(|&(x0, _, y0, _)| (y0, x0));
    if done.is_empty() {
        return vec![String::new()];
    }
    done.into_iter()
        .map(|(x0, x1, y0, y1)| {
            let a = Point::new(x0, y0).to_sgf();
            if (x0, y0) == (x1, y1) {
                a
            } else {
                format!("{a}:{}", Point::new(x1, y1).to_sgf())
            }
        })
        .collect()
}

/// Parse a compressed point list on a board of side `size`; `None` when a value is not a point or
/// rectangle on that board. A single empty value is the empty zone.
fn parse_compressed_list(values: &[String], size: usize) -> Option<Zone> {
    let mut zone = Zone::new();
    if let [only] = values {
        if only.trim().is_empty() {
            return Some(zone);
        }
    }
    let on_board = |s: &str| Point::from_sgf(s.trim()).filter(|p| p.on_board(size));
    for value in values {
        let (a, b) = match value.split_once(':') {
            Some((a, b)) => (on_board(a)?, on_board(b)?),
            None => {
                let p = on_board(value)?;
                (p, p)
            }
        };
        for y in a.y().min(b.y())..=a.y().max(b.y()) {
            for x in a.x().min(b.x())..=a.x().max(b.x()) {
                zone.insert(Point::new(x, y));
            }
        }
    }
    Some(zone)
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::go::{Color, Move};
    use crate::problem::fixtures::bent_three_live;
    use crate::problem::{Goal, Problem};
    use crate::solver::{LeafKind, ProofNode, ProofTree, Role, SolveConfig, Solver, Status};

    fn p(s: &str) -> Point {
        Point::from_sgf(s).unwrap()
    }

    fn zone(points: &[&str]) -> Zone {
        points.iter().map(|s| p(s)).collect()
    }

    /// The bent three of `fixtures`, with a name that needs SGF escaping.
    fn problem() -> Problem {
        let mut s = bent_three_live();
        s.name = "bent ] three \\ test".to_string();
        s.validate().unwrap()
    }

    fn node(mv: Option<(Color, Move)>, to_move: Color, role: Role, zone: Zone) -> ProofNode {
        ProofNode {
            mv: mv.map(|m| m.1),
            player: mv.map(|m| m.0),
            to_move,
            role,
            zone,
            must_play: Zone::new(),
            null_move: false,
            children: Vec::new(),
        }
    }

    /// A hand-built proof: White B5 (ba); Black A5 is answered by C5, Black C5 (a null move) by
    /// A5; a pass answered by a pass ends in two passes. (A format test: it is not a sound proof,
    /// A5 is even suicide.)
    fn hand_proof() -> ProofTree {
        let (b, w) = (Color::Black, Color::White);
        let all = Zone::full(5);
        let corner = zone(&["aa", "ba", "ca", "da", "ab", "bb", "cb", "db"]);
        let alive = |mv: &str| {
            node(
                Some((w, Move::Play(p(mv)))),
                b,
                Role::Leaf(LeafKind::Alive),
                corner,
            )
        };
        let mut a5 = node(Some((b, Move::Play(p("aa")))), w, Role::Or, corner);
        a5.children.push(alive("ca"));
        let mut c5 = node(Some((b, Move::Play(p("ca")))), w, Role::Or, corner);
        c5.null_move = true;
        c5.children.push(alive("aa"));
        let mut pass = node(Some((b, Move::Pass)), w, Role::Or, all);
        pass.null_move = true;
        pass.children.push(node(
            Some((w, Move::Pass)),
            b,
            Role::Leaf(LeafKind::TwoPasses),
            all,
        ));
        let mut and = node(Some((w, Move::Play(p("ba")))), b, Role::And, corner);
        and.must_play = zone(&["aa"]);
        and.children = vec![a5, c5, pass];
        let mut root = node(None, w, Role::Or, corner);
        root.children.push(and);
        ProofTree {
            size: 5,
            goal: Goal::Live,
            or_player: w,
            superko: false,
            root,
        }
    }

    #[test]
    fn hand_built_proof_round_trips() {
        let problem = problem();
        let proof = hand_proof();
        let text = proof_to_sgf(&problem, &proof);
        let (q, read) = proof_from_sgf(&text).unwrap();
        assert_eq!(q, problem);
        assert_eq!(read, proof);
        // Written twice, the same text.
        assert_eq!(proof_to_sgf(&q, &read), text);
        // Markup and comments for people.
        assert!(text.contains("\n;W[ba]C[AND: Black to move; must-play region 1 point; null moves: C5, pass (each answer covers every Black move outside its zone); zone 8 points]"), "{text}");
        assert!(
            text.contains("SL[aa]TSROLE[and]TSZONE[aa:db]TSMUST[aa]"),
            "{text}"
        );
        assert!(text.contains("(;B[]C[Black pass: null move\nOR: White wins with pass (zone: whole board)]TSROLE[or]TSZONE[aa:ee]TSNULL[1]"), "{text}");
        assert!(
            text.contains(";W[]C[Leaf: two passes; zone: whole board]TSROLE[two-passes]"),
            "{text}"
        );
        assert!(
            text.contains("C[Leaf: alive (Benson); zone 8 points]"),
            "{text}"
        );
        assert!(text.contains("GN[bent \\] three \\\\ test]"), "{text}");
        // The whole file also reads as the problem alone (the studio and `bench` open it so).
        assert_eq!(
            crate::problem::read_sgf(&text).unwrap().validate().unwrap(),
            problem
        );
        // The problem part reads as the problem alone, and the proof root follows its position.
        let problem_text = crate::problem::write_sgf(&problem);
        let open = problem_text.strip_suffix(")\n").unwrap();
        assert!(text.starts_with(&format!("{open}\n;C[Proof that White lives")));
    }

    #[test]
    fn superko_and_a_note_are_kept_on_the_proof_root() {
        let problem = problem();
        let mut proof = hand_proof();
        proof.superko = true;
        let text = proof_to_sgf_with_note(&problem, &proof, Some("rejected: because"));
        assert!(
            text.contains(", positional superko\nrejected: because\nOR: White wins with B5"),
            "{text}"
        );
        let (_, read) = proof_from_sgf(&text).unwrap();
        assert_eq!(read, proof);
        // Only the proof root may carry it.
        let below = text.replacen("TSNULL[1]", "TSNULL[1]TSSUPERKO[1]", 1);
        let err = proof_from_sgf(&below).unwrap_err().to_string();
        assert!(
            err.contains("TSSUPERKO is given below the proof root"),
            "{err}"
        );
    }

    #[test]
    fn markup_is_valid_sgf() {
        let text = proof_to_sgf(&problem(), &hand_proof());
        let trees = sgf_parse::go::parse(&text).unwrap();
        assert_eq!(trees.len(), 1);
        // No point is marked twice in a node, no node mixes setup and move properties, etc.
        trees[0].validate().unwrap();
    }

    #[test]
    fn solver_proof_round_trips() {
        let problem = problem();
        let mut solver = Solver::new(&problem, SolveConfig::default());
        let solution = solver.solve();
        assert_eq!(solution.status, Status::Win);
        let proof = solution.proof.unwrap();
        let text = proof_to_sgf(&problem, &proof);
        let (q, read) = proof_from_sgf(&text).unwrap();
        assert_eq!(q, problem);
        assert_eq!(read, proof);
        sgf_parse::go::parse(&text).unwrap()[0].validate().unwrap();
    }

    /// Bundled problems with bigger proofs: White lives with the first move (12), and the
    /// flipped claim of 04 (Black lives although White moves first: the proof root is an AND node).
    #[test]
    fn bundled_problem_proofs_round_trip() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("problems");
        let live = crate::problem::load(&dir.join("12-rabbity-six-live.sgf")).unwrap();
        let alive = crate::problem::load(&dir.join("04-straight-four-alive.sgf"))
            .unwrap()
            .flipped();
        for (problem, root_role) in [(live, Role::Or), (alive, Role::And)] {
            let solution = Solver::new(&problem, SolveConfig::default()).solve();
            assert_eq!(solution.status, Status::Win, "{}", problem.name());
            let proof = solution.proof.unwrap();
            assert_eq!(proof.root.role, root_role);
            // 12 lives at once (2 nodes); 04 has AND nodes (11 nodes).
            let least = if root_role == Role::And { 5 } else { 2 };
            assert!(proof.node_count() >= least, "{}", problem.name());
            let text = proof_to_sgf(&problem, &proof);
            let (q, read) = proof_from_sgf(&text).unwrap();
            // The reference answer is not written.
            let mut without_answer = problem.to_setup();
            without_answer.answer = crate::problem::AnswerTree::new();
            assert_eq!(q, without_answer.validate().unwrap());
            assert_eq!(read, proof);
            sgf_parse::go::parse(&text).unwrap()[0].validate().unwrap();
        }
    }

    #[test]
    fn setup_moves_and_kill_goal() {
        // The flipped claim (Black kills) with the position reached by a setup move.
        let mut s = crate::problem::fixtures::bent_three_live();
        s.moves = vec![crate::problem::SetupMove::new(Color::Black, Move::Pass)];
        s.to_move = Some(Color::White);
        s.goal = Some(Goal::Kill);
        s.or_player = Some(Color::Black);
        s.expected = None;
        let problem = s.validate().unwrap();
        let mut solver = Solver::new(&problem, SolveConfig::default());
        let solution = solver.solve();
        // White lives with B5, so Black's kill fails; prove White's claim instead.
        assert_eq!(solution.status, Status::Fail);
        let flipped = problem.flipped();
        let solution = Solver::new(&flipped, SolveConfig::default()).solve();
        let proof = solution.proof.unwrap();
        let text = proof_to_sgf(&flipped, &proof);
        assert!(text.contains(";B[]PL[W]\n;C[Proof"), "{text}");
        let (q, read) = proof_from_sgf(&text).unwrap();
        // The problem written with a proof states the proven result.
        assert_eq!(q, flipped.with_expected(Some(crate::problem::Outcome::Win)));
        assert_eq!(read, proof);
    }

    #[test]
    fn compressed_lists() {
        let full = Zone::full(9);
        assert_eq!(compressed_list(&full), vec!["aa:ii"]);
        assert_eq!(compressed_list(&Zone::new()), vec![""]);
        let z = zone(&["aa", "ba", "ab", "bb", "db", "ac"]);
        assert_eq!(compressed_list(&z), vec!["aa:bb", "db", "ac"]);
        for z in [full, Zone::new(), z, zone(&["ss", "as", "sa"])] {
            assert_eq!(parse_compressed_list(&compressed_list(&z), 19), Some(z));
        }
        // Either corner order; off-board points are refused.
        let v = |s: &[&str]| s.iter().map(|x| x.to_string()).collect::<Vec<_>>();
        assert_eq!(
            parse_compressed_list(&v(&["bb:aa"]), 9),
            Some(zone(&["aa", "ab", "ba", "bb"]))
        );
        assert_eq!(parse_compressed_list(&v(&["aj"]), 9), None);
        assert_eq!(parse_compressed_list(&v(&["a"]), 9), None);
        assert_eq!(parse_compressed_list(&v(&["aa", ""]), 9), None);
    }

    #[test]
    fn malformed_inputs_are_errors() {
        let problem = problem();
        let good = proof_to_sgf(&problem, &hand_proof());
        let err = |text: &str| proof_from_sgf(text).unwrap_err().to_string();
        assert!(err("").starts_with("not an SGF file: "), "{}", err(""));
        assert!(err("hello").starts_with("not an SGF file: "));
        assert!(err("(;SZ[5]AB[aa]").starts_with("not an SGF file: SGF syntax error at line 1"));
        assert_eq!(
            err("(;GM[2])"),
            "not an SGF file: not a Go game (GM is not 1)"
        );
        assert_eq!(
            err(&crate::problem::write_sgf(&problem)),
            "no proof tree in the file (no node carries TSROLE)"
        );
        assert_eq!(
            err(&good.replace("TSROLE[and]", "TSROLE[both]")),
            "TSROLE[both] at proof line W B5: expected or, and, alive, captured, two-passes, seki or static-dead"
        );
        assert_eq!(
            err(&good.replace("TSZONE[aa:db]TSMUST[aa]", "TSZONE[aa:zz]TSMUST[aa]")),
            "TSZONE[aa:zz] at proof line W B5: expected SGF points or rectangles (ab:cd) on the \
             5x5 board"
        );
        assert_eq!(
            err(&good.replacen("TSZONE[aa:db]", "", 1)),
            "the proof root: missing TSZONE"
        );
        assert_eq!(
            err(&good.replace("TSNULL[1]", "TSNULL[yes]")),
            "TSNULL[yes] at proof line W B5, B C5: expected 1"
        );
        assert_eq!(
            err(&good.replace("TSNULL[1]", "TSFOO[1]")),
            "TSFOO[1] at proof line W B5, B C5: expected no unknown TS* property (known: \
             TSROLE, TSZONE, TSMUST, TSNULL, TSSUPERKO)"
        );
        assert_eq!(
            err(&good.replace(";W[ba]", ";B[ba]")),
            "proof line B B5: an AND node with White (the OR player) to move"
        );
        assert_eq!(
            err(&good.replace("TSSETUP[0]", "TSSETUP[0]TSGOAL[nope]")),
            "the problem: TSGOAL[nope]: expected live, live-uca, live-any, kill, kill-uca or kill-all"
        );
        assert_eq!(
            err(&good.replace("TR[ab]", "TR[aa]")),
            "the problem: invalid problem: crucial stone A5 (SGF aa) is on an empty point"
        );
        assert_eq!(
            err(&good.replace("\n;C[Proof", "\n;W[]C[Proof")),
            "the proof root: a move (W[]), but the proof root must be a move-less node"
        );
        assert_eq!(
            err(&good.replace("\n;C[Proof", "\n;B[ed]\n;C[Proof")),
            "the proof starts after 1 move(s), but the problem position is after 0 setup move(s)"
        );
        let open = good.trim_end().strip_suffix(')').unwrap();
        let two = format!(
            "{})\n)\n",
            open.replacen("\n;C[Proof", "\n(;C[x]TSROLE[or]TSZONE[])\n(;C[Proof", 1)
        );
        assert_eq!(
            err(&two),
            "2 proof trees in the file (nodes with TSROLE in separate variations); expected one"
        );
        assert_eq!(
            err(&good.replace(";B[aa]C[", ";B[sa]C[")),
            "B[sa] at proof line W B5's child 1: expected a point on the 5x5 board or an \
             empty value"
        );
        assert_eq!(
            err("(;SZ[5]AB[aa]PL[W]TSROLE[or]TSZONE[])"),
            "the proof root: the root node of the game tree, but it must follow the problem \
             position"
        );
        // Other properties in proof nodes are ignored.
        assert!(proof_from_sgf(&good.replace(";B[aa]C[", ";B[aa]BM[1]C[")).is_ok());
        // A node without TSROLE inside the proof.
        let bare = good.replacen("TSROLE[alive]", "", 1);
        assert_eq!(err(&bare), "proof line W B5, B A5, W C5: missing TSROLE");
        // A leaf with children.
        let leaf = good.replacen("TSROLE[or]TSZONE[aa:db]", "TSROLE[alive]TSZONE[aa:db]", 2);
        assert!(
            err(&leaf).contains("a leaf with 1 child(ren)"),
            "{}",
            err(&leaf)
        );
    }

    #[test]
    fn deep_proofs_are_refused() {
        let mut text = crate::problem::write_sgf(&problem()).replace(")\n", "");
        text += "\n;C[root]TSROLE[or]TSZONE[]";
        for i in 0..(MAX_PROOF_DEPTH + 5) {
            let (c, role) = if i % 2 == 0 {
                ('W', "and")
            } else {
                ('B', "or")
            };
            text += &format!(";{c}[]TSROLE[{role}]TSZONE[]");
        }
        text += ")";
        let e = std::thread::Builder::new()
            .stack_size(16 << 20)
            .spawn(move || proof_from_sgf(&text).unwrap_err())
            .unwrap()
            .join()
            .unwrap();
        assert_eq!(e, ProofSgfError::TooDeep(MAX_PROOF_DEPTH));
    }

    #[test]
    fn arbitrary_text_never_panics() {
        let good = proof_to_sgf(&problem(), &hand_proof());
        // Every prefix, and every single-byte deletion of the proof part.
        for cut in (0..good.len()).filter(|&i| good.is_char_boundary(i)) {
            let _ = proof_from_sgf(&good[..cut]);
        }
        let start = good.find(";C[Proof").unwrap();
        for i in (start..good.len()).filter(|&i| good.is_char_boundary(i)) {
            let mut t = good.clone();
            t.remove(i);
            let _ = proof_from_sgf(&t);
        }
    }
}
