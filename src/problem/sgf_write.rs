//! Writing a [`Problem`] as SGF, and the SGF conventions of Tsumego Studio (the reference for
//! them; `ARCHITECTURE.md` points here).
//!
//! # Standard properties
//!
//! | property | meaning |
//! |---|---|
//! | `SZ[n]` | board side, 2..=19 (default 19; square boards only) |
//! | `AB`/`AW`/`AE` | setup stones, in the root (and move-less nodes right after it) |
//! | `PL[B\|W]` | side to move in the problem position |
//! | `B`/`W` | moves: setup moves on the main line, then answer variations (`B[]`/`B[tt]` = pass) |
//! | `TR` | the **crucial stones** (research-benchmark convention) |
//! | `MA` | the **region**: the points where moves may be played; may include stones, which can be captured and the point replayed (default: every empty point) |
//! | `GN` / root `C` | problem name / comment |
//! | `C[Correct…]`, `C[Wrong…]`, `TE`, `BM`, `C[…RIGHT…]`, `N[正解]`, `N[失敗…]` | answer verdicts (see below) |
//!
//! # Private properties
//!
//! | property | values | meaning | default when absent |
//! |---|---|---|---|
//! | `TSOR` | `B`, `W` | the OR player (the side trying to achieve the goal) | for `live`/`kill` with `TR` stones of one colour: that colour for `live`, the other for `kill`; otherwise the side to move |
//! | `TSGOAL` | `live`, `live-uca`, `live-any`, `kill`, `kill-uca`, `kill-all` | the OR player's goal: `live`/`kill` count seki as life (the crucial stones are never captured), `live-uca`/`kill-uca` only unconditional life (the RZS paper's), `live-any`/`kill-all` any defender stone's unconditional life (kill-all) | `live` when `TR` is present, else `live-any` |
//! | `TSKOB` | `allow`, `disallow` | Black's ko rule | `disallow` if Black is the OR player, else `allow` |
//! | `TSKOW` | `allow`, `disallow` | White's ko rule | `disallow` if White is the OR player, else `allow` |
//! | `TSRESULT` | `win`, `fail` | the expected result for the OR player (the OR player's ko captures as `TSKOB`/`TSKOW` say) | unknown |
//! | `TSHOW` | `unconditional`, `seki`, `ko` | how that result comes about: the defender lives unconditionally or only in seki; `ko`: the OR player fails without ko but wins when it may capture kos | unknown |
//! | `TSTERR` | points | the territory the defender claims with every crucial block (goals `live-all`, `kill-any` and their `-uca` forms): the defender wins only when each point is also safe for it without search (Safety Solver 2.0's *territory safe*) | none |
//! | `TSSETUP` | a number `n` ≥ 0 | the first `n` moves of the main line are part of the setup position; the rest of the tree is the answer | see "Setup and answer" |
//!
//! Private properties are read from the root only. Values are exact (lower case, surrounding blanks
//! ignored); an unknown `TS*` property or value is an error, so typos do not go unnoticed.
//!
//! # Setup and answer
//!
//! The problem position is the root position followed by the *setup moves*, replayed with
//! captures; the moves after it are the *answer*. Which moves after the root are setup is decided
//! once per file, by the reading rules of [`super::sgf_read`] (first match wins), and recorded
//! ([`super::MovesRead`]); `solve` and `check` print the reading and its reason:
//!
//! | the file | the moves after the root are |
//! |---|---|
//! | `TSSETUP[n]` | setup for the first `n` main-line moves, then the answer |
//! | `PL` on a move node of the leading unbranched line | setup up to that node, then the answer |
//! | `PB`/`PW`/`RE` and a main line of at least 30 moves (a game record) | setup (the leading unbranched line) |
//! | answer markup below the root | the answer |
//! | no `AB`/`AW` stones (a game from the empty board, e.g. a 7x7 Kill-all record `;B[ce];W[];B[ed]…`) | setup (the leading unbranched line) |
//! | first move by `PL`'s colour (`PL[W]` and `(;W[ed])`) | the answer |
//! | several first moves | the answer (variations) |
//! | `PL` of the other colour than the first move's | setup up to the last move by that other colour, then the answer (`PL`'s side plays) |
//! | no `PL` (or `PL[]`, read as no `PL`) | the answer; the first move's side plays |
//!
//! A move in the root node itself is always a setup move. Where a setup line ends at a branch,
//! the branches are answer variations. `KM`, `DT`, `AP` and the like, which editors write into
//! every file, do not make a game record. The writer always writes `TSSETUP` when it writes
//! private properties, and puts `PL` on the last setup move's node, so that without them too
//! the setup moves read back as setup moves.
//!
//! Answer moves must be legal along their lines, except that an answer line may retake a ko at
//! once: books and sites leave out the ko threat and its answer between the two captures.
//!
//! # Answer verdicts
//!
//! Verdicts are the OR player's: `Correct` = the OR player achieves the goal along the line. When
//! reading, the first rule that applies wins: a comment starting with the word `Correct` or `Wrong`
//! (any case; the word and following punctuation are dropped from the stored comment); `RIGHT` as
//! a word in the comment (goproblems); a comment or `N` starting with `正解` (correct) or
//! `失敗`/`失败` (failure); an `N` starting with `Correct`/`Wrong`; `TE` (correct) or `BM` (wrong).
//! The writer marks a correct node `C[Correct]` (the comment follows on the next line) and `TE[1]`,
//! a wrong node `C[Wrong]` and `BM[1]`, and writes an unmarked node's comment as is. (An unmarked
//! node whose comment itself looks like a marker, e.g. starts with "correct", reads back marked.)
//! With [`VerdictMarks::Right`] (answer trees for problem sites, [`write_sgf_marked`]) a correct
//! node carries `TE[1]` and its comment with the word `RIGHT` instead of the leading `Correct`:
//! `C[RIGHT]` for the comment `RIGHT`, `C[RIGHT\n…]` for a comment that does not start with it.
//!
//! # Layout of written files
//!
//! Everything goes in the root node except `PL` when there are setup moves (then it is on the
//! last setup move's node). Point lists are sorted (row by row from the top-left corner), so the
//! output is deterministic. `MA` is omitted when the region is the default
//! ([`super::validate::default_region`]: every empty point, the whole board for a game from the
//! empty board), `TR` when there are no crucial stones. Text is escaped (`\` and `]`).

use super::answer::{AnswerNode, Verdict};
use super::coords::move_to_sgf;
use super::validate::default_region;
use super::Problem;
use crate::go::{Color, Zone};
use std::fmt::Write;

/// What [`write_sgf_with`] writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SgfWriteOptions {
    /// The private `TS*` properties (without them, the OR player, goal, ko rules and expected
    /// result fall back to the defaults when read back; setup moves still read back as setup,
    /// through the `PL` on the last one's node).
    pub private_properties: bool,
    /// The answer variations.
    pub answers: bool,
}

impl Default for SgfWriteOptions {
    fn default() -> Self {
        SgfWriteOptions {
            private_properties: true,
            answers: true,
        }
    }
}

/// How [`write_sgf_marked`] marks a correct answer node (wrong nodes are `C[Wrong…]BM[1]` in
/// both).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum VerdictMarks {
    /// `TE[1]C[Correct…]` (the default of [`write_sgf_with`]).
    #[default]
    Words,
    /// `TE[1]C[RIGHT]`, as problem sites (goproblems) mark the end of a correct line: the
    /// node's comment as is when it starts with the word `RIGHT`, else `RIGHT` and the comment
    /// on the next line.
    Right,
}

/// The problem as SGF with every property: reading it back gives an equal problem.
pub fn write_sgf(problem: &Problem) -> String {
    write_sgf_with(problem, &SgfWriteOptions::default())
}

/// The problem as SGF, with the given options.
pub fn write_sgf_with(problem: &Problem, options: &SgfWriteOptions) -> String {
    write_sgf_marked(problem, options, VerdictMarks::Words)
}

/// [`write_sgf_with`], correct answer nodes marked as `marks` says.
pub fn write_sgf_marked(
    problem: &Problem,
    options: &SgfWriteOptions,
    marks: VerdictMarks,
) -> String {
    let mut out = String::new();
    let n = problem.size();
    out += &format!(
        "(;GM[1]FF[4]CA[UTF-8]AP[Tsumego Studio:{}]SZ[{n}]",
        env!("CARGO_PKG_VERSION")
    );
    if !problem.name().is_empty() {
        out += &format!("\nGN[{}]", escape(problem.name()));
    }
    if !problem.source().is_empty() {
        out += &format!("\nSO[{}]", escape(problem.source()));
    }
    if !problem.comment().is_empty() {
        out += &format!("\nC[{}]", escape(problem.comment()));
    }
    let start = problem.start_stones();
    list(&mut out, "AB", &start.black);
    list(&mut out, "AW", &start.white);
    list(&mut out, "TR", &problem.crucial());
    if problem.region() != default_region(&start, problem.setup_moves().len(), problem.board()) {
        list(&mut out, "MA", &problem.region());
    }
    if options.private_properties {
        let ko = problem.ko_rules();
        out += &format!(
            "\nTSOR[{}]TSGOAL[{}]TSKOB[{}]TSKOW[{}]",
            problem.or_player().sgf_letter(),
            problem.goal().name(),
            ko.black.name(),
            ko.white.name()
        );
        if let Some(result) = problem.expected() {
            out += &format!("TSRESULT[{}]", result.name());
        }
        if let Some(way) = problem.expected_way() {
            out += &format!("TSHOW[{}]", way.name());
        }
        if !problem.territory().is_empty() {
            list(&mut out, "TSTERR", &problem.territory());
        }
        out += &format!("TSSETUP[{}]", problem.setup_moves().len());
    }
    let pl = format!("PL[{}]", problem.to_move().sgf_letter());
    if problem.setup_moves().is_empty() {
        out += &format!("\n{pl}");
    }
    for (i, m) in problem.setup_moves().iter().enumerate() {
        out += &format!("\n;{}[{}]", m.color.sgf_letter(), move_to_sgf(m.mv));
        if i + 1 == problem.setup_moves().len() {
            out += &pl;
        }
    }
    if options.answers {
        write_variations(&mut out, &problem.answer().variations, marks);
    }
    out += ")\n";
    out
}

/// Continuations: one child follows on the next line, several are each in parentheses.
fn write_variations(out: &mut String, nodes: &[AnswerNode], marks: VerdictMarks) {
    match nodes {
        [] => {}
        [only] => {
            out.push('\n');
            write_node(out, only, marks);
        }
        _ => {
            for node in nodes {
                out.push_str("\n(");
                write_node(out, node, marks);
                out.push(')');
            }
        }
    }
}

fn write_node(out: &mut String, node: &AnswerNode, marks: VerdictMarks) {
    let _ = write!(
        out,
        ";{}[{}]",
        color_letter(node.color),
        move_to_sgf(node.mv)
    );
    let (annotation, text) = match node.verdict {
        Verdict::Correct if marks == VerdictMarks::Right && starts_with_right(&node.comment) => {
            ("TE[1]", node.comment.clone())
        }
        Verdict::Correct if marks == VerdictMarks::Right => {
            ("TE[1]", with_marker("RIGHT", &node.comment))
        }
        Verdict::Correct => ("TE[1]", with_marker("Correct", &node.comment)),
        Verdict::Wrong => ("BM[1]", with_marker("Wrong", &node.comment)),
        Verdict::Unknown => ("", node.comment.clone()),
    };
    out.push_str(annotation);
    if !text.is_empty() {
        let _ = write!(out, "C[{}]", escape(&text));
    }
    write_variations(out, &node.children, marks);
}

/// `word`, and the comment on the next line when there is one.
fn with_marker(word: &str, comment: &str) -> String {
    if comment.is_empty() {
        word.to_string()
    } else {
        format!("{word}\n{comment}")
    }
}

/// Does `comment` start with the word `RIGHT` (which the reader takes as the goproblems mark)?
fn starts_with_right(comment: &str) -> bool {
    comment
        .strip_prefix("RIGHT")
        .is_some_and(|rest| !rest.starts_with(char::is_alphanumeric))
}

fn color_letter(c: Color) -> char {
    c.sgf_letter()
}

/// `\nID[aa][bb]…` for a non-empty zone.
fn list(out: &mut String, ident: &str, zone: &Zone) {
    if zone.is_empty() {
        return;
    }
    out.push('\n');
    out.push_str(ident);
    for p in zone.iter() {
        out.push('[');
        out.push_str(&p.to_sgf());
        out.push(']');
    }
}

/// SGF text escaping: `\` and `]` get a backslash.
pub(crate) fn escape(text: &str) -> String {
    text.replace('\\', "\\\\").replace(']', "\\]")
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::go::{Board, Move, Point};
    use crate::problem::{
        read_sgf, AnswerTree, Goal, MovesRead, Outcome, ProblemSetup, SetupBecause, SetupMove,
    };

    fn problem() -> Problem {
        let board = Board::from_ascii(
            ". X O . .
             X X O . .
             O O O . .
             . . . . .
             . . . . .",
        )
        .unwrap();
        let mut s = ProblemSetup::from_board(&board, Color::White);
        s.crucial = [Point::new(1, 1)].into_iter().collect();
        s.goal = Some(Goal::Kill);
        s.expected = Some(Outcome::Win);
        s.name = "corner ]\\ test".to_string();
        s.answer = AnswerTree {
            variations: vec![
                AnswerNode::new(Color::White, Move::Play(Point::new(0, 0)))
                    .with_verdict(Verdict::Correct),
                AnswerNode::new(Color::White, Move::Pass)
                    .with_verdict(Verdict::Wrong)
                    .with_child(AnswerNode::new(Color::Black, Move::Play(Point::new(3, 3)))),
            ],
        };
        s.answer.variations[1].comment = "Black makes two eyes".to_string();
        s.validate().unwrap()
    }

    #[test]
    fn golden_output() {
        let text = write_sgf(&problem());
        let expected = format!(
            "(;GM[1]FF[4]CA[UTF-8]AP[Tsumego Studio:{}]SZ[5]
GN[corner \\]\\\\ test]
AB[ba][ab][bb]
AW[ca][cb][ac][bc][cc]
TR[bb]
TSOR[W]TSGOAL[kill]TSKOB[allow]TSKOW[disallow]TSRESULT[win]TSSETUP[0]
PL[W]
(;W[aa]TE[1]C[Correct])
(;W[]BM[1]C[Wrong
Black makes two eyes]
;B[dd]))
",
            env!("CARGO_PKG_VERSION")
        );
        assert_eq!(text, expected);
        assert_eq!(read_sgf(&text).unwrap().validate().unwrap(), problem());
    }

    /// A territory claim (`TSTERR`) reads back as written; with a goal about one block it is
    /// refused with the reason, and a malformed point is an error naming the property.
    #[test]
    fn a_territory_round_trips_and_needs_an_every_block_goal() {
        let mut s = problem().to_setup();
        s.goal = Some(Goal::KillAny);
        s.territory = [Point::new(0, 0), Point::new(3, 4)].into_iter().collect();
        let p = s.clone().validate().unwrap();
        let text = write_sgf(&p);
        assert!(text.contains("TSGOAL[kill-any]"), "{text}");
        assert!(text.contains("TSTERR[aa][de]"), "{text}");
        let back = read_sgf(&text).unwrap().validate().unwrap();
        assert_eq!(back, p);
        assert_eq!(back.territory(), s.territory);
        let one_block = text.replace("TSGOAL[kill-any]", "TSGOAL[kill]");
        let err = read_sgf(&one_block).unwrap().validate().unwrap_err();
        assert!(
            err.to_string()
                .contains("a territory (SGF TSTERR) is claimed with every crucial block only"),
            "{err}"
        );
        let bad = text.replace("TSTERR[aa]", "TSTERR[a]");
        let err = read_sgf(&bad).unwrap_err();
        assert!(err.to_string().contains("TSTERR"), "{err}");
    }

    #[test]
    fn setup_moves_and_region_round_trip() {
        let mut s = ProblemSetup::new(7);
        s.moves = vec![
            SetupMove::new(Color::Black, Move::Play(Point::new(2, 4))),
            SetupMove::new(Color::White, Move::Pass),
            SetupMove::new(Color::Black, Move::Play(Point::new(4, 3))),
        ];
        s.to_move = Some(Color::White);
        s.or_player = Some(Color::White);
        s.region = Some([Point::new(0, 0), Point::new(2, 4)].into_iter().collect());
        s.answer = AnswerTree::single_correct(Color::White, Move::Play(Point::new(0, 0)));
        s.name = "A [bracketed] name".to_string();
        s.source = "Xuanxuan Qijing, problem 12".to_string();
        let p = s.clone().validate().unwrap();
        let text = write_sgf(&p);
        assert!(text.contains("SO[Xuanxuan Qijing, problem 12]"), "{text}");
        assert!(text.contains("MA[aa][ce]"), "{text}");
        assert!(text.contains("\n;B[ed]PL[W]\n;W[aa]"), "{text}");
        assert_eq!(read_sgf(&text).unwrap().validate().unwrap(), p);
        // Without private properties the setup line (no answers) still reads back as setup.
        let bare = write_sgf_with(
            &p,
            &SgfWriteOptions {
                private_properties: false,
                answers: false,
            },
        );
        let q = read_sgf(&bare).unwrap().validate().unwrap();
        assert_eq!(q.board(), p.board());
        assert_eq!(q.setup_moves(), p.setup_moves());
        // With the answers too: the PL on the last setup move marks the problem position.
        let bare = write_sgf_with(
            &p,
            &SgfWriteOptions {
                private_properties: false,
                answers: true,
            },
        );
        let read = read_sgf(&bare).unwrap();
        let because = SetupBecause::PlOnMove;
        assert_eq!(
            read.moves_read,
            Some(MovesRead::Setup { count: 3, because })
        );
        let back = read.validate().unwrap();
        assert_eq!(back.setup_moves(), p.setup_moves());
        assert_eq!(back.answer(), p.answer());
        // A game from the empty board: the whole board is the default region (no MA), and a
        // region of the empty points only is written out.
        for (region, ma) in [(None, false), (Some(p.board().empty_points()), true)] {
            let mut game = s.clone();
            game.region = region;
            let g = game.validate().unwrap();
            let text = write_sgf(&g);
            assert_eq!(text.contains("MA["), ma, "{text}");
            assert_eq!(read_sgf(&text).unwrap().validate().unwrap(), g);
        }
        assert_eq!(q.goal(), Goal::LiveAny);
    }

    #[test]
    fn right_marks_read_back_as_correct() {
        let mut p = problem().to_setup();
        let correct = &mut p.answer.variations[0];
        correct.comment = "RIGHT".to_string();
        let mut plain = p.clone();
        plain.answer.variations[0].comment = "two eyes".to_string();
        let options = SgfWriteOptions::default();
        for (setup, written) in [(p, "C[RIGHT])"), (plain, "C[RIGHT\ntwo eyes])")] {
            let problem = setup.validate().unwrap();
            let text = write_sgf_marked(&problem, &options, VerdictMarks::Right);
            assert!(text.contains(&format!("(;W[aa]TE[1]{written}")), "{text}");
            assert!(
                text.contains(";W[]BM[1]C[Wrong\nBlack makes two eyes]"),
                "{text}"
            );
            let back = read_sgf(&text).unwrap().validate().unwrap();
            assert_eq!(back.answer().variations[0].verdict, Verdict::Correct);
            assert_eq!(back.answer().variations[1], problem.answer().variations[1]);
        }
        // The comment RIGHT round-trips exactly.
        let problem = {
            let mut s = problem().to_setup();
            s.answer.variations[0].comment = "RIGHT".to_string();
            s.validate().unwrap()
        };
        let text = write_sgf_marked(&problem, &options, VerdictMarks::Right);
        assert_eq!(read_sgf(&text).unwrap().validate().unwrap(), problem);
    }
}
