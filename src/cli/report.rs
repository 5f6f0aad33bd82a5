//! What `solve` and `bench` report about one search: [`SolveReport`], in words or as JSON.

use crate::go::Color;
use crate::problem::coords::move_gtp;
use crate::problem::{Goal, MovesRead, Outcome, Problem};
use crate::report::verdict::{analysis_words, proof_line_words, result_words};
use crate::solver::jobs::analysis::{Analysis, How};
use crate::solver::jobs::book::{agrees, agrees_with_book, book_first_moves, first_move_in_book};
use crate::solver::jobs::go_result::GoResult;
use crate::solver::proof::certify::CheckVerdict;
use crate::solver::{Solution, Status, StopReason};
use serde::Serialize;
use std::io::{self, Write};
use std::path::Path;

/// One search of one claim, ready to print (text) or serialize (JSON, field by field as below).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SolveReport {
    pub file: String,
    /// The problem's name (may be empty).
    pub name: String,
    /// [`Problem::summary`] of the claim searched.
    pub summary: String,
    pub or_player: Color,
    pub goal: Goal,
    pub status: Status,
    pub stop: StopReason,
    /// The result in words, e.g. `White lives: first move C1`.
    pub result: String,
    /// The OR player's winning first move (GTP), when it moves first and wins.
    pub first_move: Option<String>,
    /// The result the file states for this claim.
    pub expected: Option<Outcome>,
    /// Whether the proven result is the expected one (`None`: nothing stated or not proven).
    pub agrees: Option<bool>,
    /// The file's correct first moves of the OR player (GTP).
    pub book_first_moves: Vec<String>,
    /// Whether the found first move is among them (`None`: no first move or no book move).
    pub first_move_in_book: Option<bool>,
    /// Size of the root's relevance zone (a win).
    pub root_zone_size: Option<usize>,
    /// The root's relevance zone on the problem board ([`crate::go::Board::zone_ascii`]).
    pub root_zone_diagram: Option<String>,
    pub nodes: u64,
    /// Nodes answered by the relevance-zone pattern table.
    pub pattern_hits: u64,
    pub nodes_per_second: f64,
    pub seconds: f64,
    /// Ply limit of the last iterative-deepening iteration.
    pub depth: u32,
    /// Number of proof-tree nodes (a win).
    pub proof_size: Option<usize>,
    /// How the result comes about (unconditional life, seki, ko; see
    /// [`crate::solver::jobs::analysis`]).
    pub how: How,
    /// The Go result of a `live`/`kill` position, the same whichever claim was asked (see
    /// [`crate::solver::jobs::go_result`]); `None` for the research goals and undecided results.
    pub go: Option<GoResult>,
    /// What was inferred for a file without markup (target, region, goal, frame), or why it
    /// could not be.
    pub inferred: Option<String>,
    /// How the moves after the file's root were read (setup or answer, and why); `None` when
    /// no move follows the root or the file is not SGF-based.
    pub moves_read: Option<MovesReadReport>,
    /// The independent checker accepted the proof.
    pub checked: bool,
    /// The checker's verdict (`None`: no proof): `checked`, `failed` (then `status` is
    /// `unknown` and `result` says "internal error"), `too-large`, `out-of-time`, `stopped` or
    /// `skipped` (`--no-check`).
    pub check: Option<CheckVerdict>,
    pub check_positions: Option<u64>,
    pub check_seconds: Option<f64>,
    /// Memory of the checker's table, in bytes.
    pub check_memory_bytes: Option<u64>,
    /// Why the checker rejected the proof, or why the check did not finish.
    pub check_error: Option<String>,
    /// The reproduction file of a rejected proof.
    pub repro_file: Option<String>,
    /// For a proven failure: the opposite claim whose proof was checked as its certificate, in
    /// words (`Black lives (goal live)`), and the nodes and seconds of its search.
    pub check_refutation: Option<String>,
    pub refutation_nodes: Option<u64>,
    pub refutation_seconds: Option<f64>,
    /// For a proven failure: the opposite claim's checked result with the start of its line,
    /// `Black lives, e.g. after W C1 B D1`.
    pub refutation_line: Option<String>,
    /// The search width that decided (`full width`, `or-width 8`).
    pub width: String,
}

impl SolveReport {
    /// The report of `solution`, a search of `problem`'s claim, read from `file`.
    pub fn new(file: &Path, problem: &Problem, solution: &Solution) -> SolveReport {
        let size = problem.size();
        let first_move = solution.first_move;
        let book = book_first_moves(problem);
        let seconds = solution.elapsed.as_secs_f64();
        SolveReport {
            file: file.display().to_string(),
            name: problem.name().to_string(),
            summary: problem.summary(),
            or_player: problem.or_player(),
            goal: problem.goal(),
            status: solution.status,
            stop: solution.stop,
            result: result_words(problem, solution),
            first_move: first_move.map(|m| move_gtp(m, size)),
            expected: problem.expected(),
            agrees: agrees(solution.status.outcome(), problem.expected()),
            book_first_moves: book.iter().map(|&m| move_gtp(m, size)).collect(),
            first_move_in_book: first_move_in_book(first_move, &book),
            root_zone_size: solution.root_zone.map(|z| z.len()),
            root_zone_diagram: solution.root_zone.map(|z| problem.board().zone_ascii(&z)),
            nodes: solution.nodes,
            pattern_hits: solution.pattern_hits,
            nodes_per_second: if seconds > 0.0 {
                solution.nodes as f64 / seconds
            } else {
                0.0
            },
            seconds,
            depth: solution.depth,
            proof_size: solution.proof.as_ref().map(|p| p.node_count()),
            how: How::Plain,
            go: None,
            inferred: None,
            moves_read: None,
            checked: false,
            check: None,
            check_positions: None,
            check_seconds: None,
            check_memory_bytes: None,
            check_error: None,
            repro_file: None,
            check_refutation: None,
            refutation_nodes: None,
            refutation_seconds: None,
            refutation_line: None,
            width: "full width".to_string(),
        }
    }

    /// The report of an [`Analysis`] of `problem`'s claim: the claim as the file states it, its
    /// result without ko (`status`, `agrees`), the Go result in words (`result`: seki,
    /// unconditional life, ko), the zone and proof of the deciding search, and the figures of
    /// all searches.
    pub fn from_analysis(file: &Path, problem: &Problem, analysis: &Analysis) -> SolveReport {
        let mut report = SolveReport::new(file, &analysis.claim, &analysis.solution);
        let status = analysis.status_without_ko();
        report.summary = problem.summary();
        report.goal = problem.goal();
        report.status = status;
        report.result = analysis_words(problem, analysis);
        report.expected = problem.expected();
        report.agrees = agrees_with_book(problem, status, analysis.go);
        report.nodes = analysis.nodes;
        report.seconds = analysis.elapsed.as_secs_f64();
        report.nodes_per_second = if report.seconds > 0.0 {
            report.nodes as f64 / report.seconds
        } else {
            0.0
        };
        report.how = analysis.how;
        report.go = analysis.go;
        report.width = analysis.width_words();
        if let Some(c) = &analysis.check {
            report.checked = c.verdict.accepted();
            report.check = Some(c.verdict);
            report.check_positions = Some(c.positions);
            report.check_seconds = Some(c.seconds);
            report.check_memory_bytes = Some(c.memory_bytes);
            report.check_error = c.error.clone();
            if let Some((opposite, proof)) = c.refutation.as_deref() {
                report.check_refutation = Some(opposite.claim_words());
                if c.verdict.accepted() {
                    report.refutation_line = Some(proof_line_words(opposite, proof, 8));
                }
            }
            if c.refutation_nodes > 0 {
                report.refutation_nodes = Some(c.refutation_nodes);
                report.refutation_seconds = Some(c.refutation_seconds);
            }
            if c.verdict == CheckVerdict::Failed {
                // A proof the checker rejects is a solver bug: nothing is claimed.
                report.status = Status::Unknown;
                report.agrees = None;
                report.result = format!(
                    "internal error: the proof failed the independent check ({})",
                    c.error.as_deref().unwrap_or("no reason given")
                );
            }
        }
        report
    }

    /// `✓` when the found first move is a book move, `✗` when it is not, `-` when there is
    /// nothing to compare.
    pub fn book_mark(&self) -> &'static str {
        match self.first_move_in_book {
            Some(true) => "✓",
            Some(false) => "✗",
            None => "-",
        }
    }

    /// `win`, `fail` or `unknown: <why>`, with the way when it is not plain: `win (seki)`,
    /// `fail (win by ko)`.
    pub fn status_words(&self) -> String {
        if self.check == Some(CheckVerdict::Failed) {
            return "error: check failed".to_string();
        }
        let base = match self.status {
            Status::Unknown => format!("unknown: {}", self.stop.describe()),
            known => known.name().to_string(),
        };
        match self.how {
            How::Seki => format!("{base} (seki)"),
            How::AtLeastSeki => format!("{base} (seki at least)"),
            How::Ko { .. } => format!("{base} (win by ko)"),
            How::KoUnknown => format!("{base} (with ko: unknown)"),
            How::Endless => format!("{base} (the defender lives by endless play)"),
            How::Plain | How::Unconditional => base,
        }
    }

    /// The report in words, several lines (see `solve` in the command-line help).
    pub fn write_text(&self, out: &mut impl Write) -> io::Result<()> {
        let name = if self.name.is_empty() {
            "(no name)"
        } else {
            &self.name
        };
        writeln!(out, "{}: {name}", self.file)?;
        writeln!(out, "  {}", self.summary)?;
        if let Some(read) = &self.moves_read {
            writeln!(out, "  {}", read.words)?;
        }
        if let Some(note) = &self.inferred {
            writeln!(out, "  {note}")?;
        }
        match &self.refutation_line {
            // The Go result names the winner already: only the line follows.
            Some(line) if self.go.is_some() => match line.find("e.g. after") {
                Some(at) => writeln!(out, "result: {}; {}", self.result, &line[at..])?,
                None => writeln!(out, "result: {}", self.result)?,
            },
            Some(line) => writeln!(out, "result: {}: {line}", self.result)?,
            None => writeln!(out, "result: {}", self.result)?,
        }
        match (self.expected, self.agrees) {
            (None, _) => writeln!(out, "expected: not stated")?,
            (Some(e), Some(true)) => writeln!(out, "expected: {e} (agrees)")?,
            (Some(e), Some(false)) => writeln!(out, "expected: {e} (DISAGREES)")?,
            (Some(e), None) => writeln!(out, "expected: {e} (not decided)")?,
        }
        let book = if self.book_first_moves.is_empty() {
            "none".to_string()
        } else {
            self.book_first_moves.join(" ")
        };
        match (&self.first_move, self.first_move_in_book) {
            (Some(m), Some(true)) => {
                writeln!(out, "book first move(s): {book} (found {m}: among them)")?
            }
            (Some(m), Some(false)) => writeln!(
                out,
                "book first move(s): {book} (found {m}: NOT among them)"
            )?,
            _ => writeln!(out, "book first move(s): {book}")?,
        }
        match (&self.root_zone_diagram, self.root_zone_size) {
            (Some(diagram), Some(n)) => {
                writeln!(out, "root relevance zone: {n} points")?;
                for line in diagram.lines() {
                    writeln!(out, "  {line}")?;
                }
            }
            _ => writeln!(out, "root relevance zone: none (no win proven)")?,
        }
        let proof = self
            .proof_size
            .map_or("no proof".to_string(), |n| format!("proof {n} nodes"));
        writeln!(
            out,
            "nodes {}, {:.0} nodes/s, {:.3} s, depth {}, {proof}, {}",
            self.nodes, self.nodes_per_second, self.seconds, self.depth, self.width
        )?;
        let (positions, secs) = (
            self.check_positions.unwrap_or(0),
            self.check_seconds.unwrap_or(0.0),
        );
        let why = self.check_error.as_deref().unwrap_or("no reason given");
        let of = match &self.check_refutation {
            Some(opposite) => format!(
                "the proof of the opposite claim, {opposite}, found in {} nodes and {:.3} s",
                self.refutation_nodes.unwrap_or(0),
                self.refutation_seconds.unwrap_or(0.0)
            ),
            None => "the proof".to_string(),
        };
        match self.check {
            Some(CheckVerdict::Checked) => writeln!(
                out,
                "checked: the independent checker accepts {of} ({positions} positions in \
                 {secs:.3} s, {:.1} MiB)",
                self.check_memory_bytes.unwrap_or(0) as f64 / (1 << 20) as f64
            )?,
            Some(CheckVerdict::Skipped) => writeln!(out, "not checked (--no-check)")?,
            Some(CheckVerdict::Failed) => writeln!(out, "CHECK FAILED on {of}: {why}")?,
            Some(v) if v.unfinished() => writeln!(out, "not checked: {why}")?,
            Some(_) | None => {}
        }
        match &self.repro_file {
            Some(file) => writeln!(out, "reproduction file: {file}"),
            None => Ok(()),
        }
    }
}

/// How the moves after a file's root were read ([`MovesRead`]), in a report.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MovesReadReport {
    /// `answers` or `setup`.
    pub reading: &'static str,
    /// The number of setup moves (0 for `answers`).
    pub setup_moves: usize,
    /// Why: `the first move is White's, as PL says`.
    pub reason: String,
    /// The line printed: `moves after the root: the answer (the first move is White's, as PL
    /// says)`.
    pub words: String,
}

impl MovesReadReport {
    /// The report of a reading; `None` when no move follows the root.
    pub fn new(read: Option<MovesRead>) -> Option<MovesReadReport> {
        let read = read?;
        Some(MovesReadReport {
            reading: read.kind(),
            setup_moves: read.setup_count(),
            reason: read.reason(),
            words: read.describe()?,
        })
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::go::{Move, Point};
    use crate::problem::fixtures::bent_three_live;
    use crate::problem::AnswerTree;
    use crate::solver::{SolveConfig, Solver};

    /// The bent three of `fixtures`, with its book move B5.
    fn problem() -> Problem {
        let mut s = bent_three_live();
        s.name = "bent three".to_string();
        s.answer = AnswerTree::single_correct(Color::White, Move::Play(Point::new(1, 0)));
        s.validate().unwrap()
    }

    #[test]
    fn text_of_a_win_and_a_failure() {
        let p = problem();
        let solution = Solver::new(&p, SolveConfig::default()).solve();
        let report = SolveReport::new(Path::new("x.sgf"), &p, &solution);
        let mut out = Vec::new();
        report.write_text(&mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], "x.sgf: bent three");
        assert_eq!(lines[2], "result: White lives: first move B5");
        assert_eq!(lines[3], "expected: win (agrees)");
        assert_eq!(lines[4], "book first move(s): B5 (found B5: among them)");
        assert_eq!(lines[5], "root relevance zone: 8 points");
        assert_eq!(lines[6], "  * * * O x");
        assert!(lines[11].starts_with("nodes "), "{text}");
        assert!(lines[11].ends_with(", proof 2 nodes, full width"), "{text}");
        assert_eq!(report.book_mark(), "✓");

        // The opposite claim fails; the book has no first move of Black.
        let f = p.flipped();
        let solution = Solver::new(&f, SolveConfig::default()).solve();
        let report = SolveReport::new(Path::new("x.sgf"), &f, &solution);
        assert_eq!(report.result, "Black cannot kill (proven)");
        assert_eq!(report.agrees, Some(true));
        assert!(report.book_first_moves.is_empty());
        assert_eq!(
            (report.book_mark(), report.status_words().as_str()),
            ("-", "fail")
        );
        assert_eq!(report.root_zone_diagram, None);
    }
}
