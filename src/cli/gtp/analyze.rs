//! Analysis streaming for Sabaki, Lizzie and LizGoban: `lz-analyze [COLOR] [INTERVAL]` and
//! `kata-analyze [COLOR] [INTERVAL]` (Leela Zero's and KataGo's commands; the interval in
//! centiseconds). The reply starts at once (`=`), then a line of `info move … visits …
//! winrate … order … pv …` per interval, one `info` group per first move of the side to play
//! in the search's order: a proven move has winrate 1, a refuted one 0, an open one the
//! search's own estimate (df-pn's proof and disproof numbers of the line being searched, else
//! one half); `lz-analyze` writes winrates in ten-thousandths as Leela Zero does. Any input
//! line ends the reply (an empty line after the last `info` line); the line is then read as
//! the next command.

use super::gfx::move_word;
use super::protocol::CommandLine;
use super::session::{run_search, Searched, Session};
use crate::go::{Color, Move};
use crate::problem::Problem;
use crate::solver::kernel::progress::{Progress, RootState, INFINITE_NUMBER};
use crate::solver::kernel::table_pool::TablePool;
use crate::solver::Status;
use crossbeam_channel::{Receiver, RecvTimeoutError};
use std::io::{self, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// Which program's format.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flavour {
    /// Leela Zero: winrates in ten-thousandths.
    Leela,
    /// KataGo: winrates between 0 and 1.
    Kata,
}

/// The interval when none is given: 1 s (Sabaki asks for its own).
const DEFAULT_CENTISECONDS: u64 = 100;

/// What the search thread shares with the writer.
#[derive(Default)]
struct Shared {
    progress: Option<Progress>,
    done: Option<Searched>,
}

/// The arguments: an optional colour, an optional interval (bare or after `interval`); other
/// keywords of Leela Zero and KataGo are accepted and ignored.
fn arguments(args: &[String], to_play: Color) -> (Color, u64) {
    let mut color = to_play;
    let mut interval = DEFAULT_CENTISECONDS;
    for a in args {
        if let Some(c) = Color::parse(a) {
            color = c;
        } else if let Ok(n) = a.parse::<u64>() {
            interval = n.max(1);
        }
    }
    (color, interval)
}

/// Run the command: the reply's start, the `info` lines until input arrives, the reply's end.
pub fn stream(
    session: &mut Session,
    command: &CommandLine,
    flavour: Flavour,
    input: &Receiver<Option<String>>,
    out: &mut impl Write,
) -> io::Result<Streamed> {
    let id = command.id.map(|i| i.to_string()).unwrap_or_default();
    let (color, centis) = arguments(&command.args, session.position.to_play());
    let claim = match session.problem(Some(color)) {
        Ok(c) => c,
        Err(e) => return fail(out, &id, &e),
    };
    writeln!(out, "={id}")?;
    out.flush()?;
    let shared = Arc::new(Mutex::new(Shared::default()));
    let stop = Arc::new(AtomicBool::new(false));
    let worker = {
        let request = session.request(&claim);
        let (shared, stop, claim) = (Arc::clone(&shared), Arc::clone(&stop), claim.clone());
        std::thread::spawn(move || {
            let searched = run_search(&claim, &request, stop, &mut TablePool::new(), &mut |p| {
                if let Ok(mut s) = shared.lock() {
                    s.progress = Some(p.clone());
                }
            });
            if let Ok(mut s) = shared.lock() {
                s.done = Some(searched);
            }
        })
    };
    let interval = Duration::from_millis(centis * 10);
    let mut final_written = false;
    let ended_by = loop {
        match input.recv_timeout(interval) {
            Ok(Some(line)) => break Streamed::EndedBy(line),
            Ok(None) | Err(RecvTimeoutError::Disconnected) => break Streamed::InputClosed,
            Err(RecvTimeoutError::Timeout) => {}
        }
        if final_written {
            continue;
        }
        let (line, done) = match shared.lock() {
            Ok(s) => (
                info_line(&claim, s.progress.as_ref(), s.done.as_ref(), flavour),
                s.done.is_some(),
            ),
            Err(_) => (None, true),
        };
        if let Some(line) = line {
            writeln!(out, "{line}")?;
            out.flush()?;
        }
        final_written = done;
    };
    stop.store(true, Ordering::Relaxed);
    // The search thread only searches; it ends once stopped.
    let _ = worker.join();
    if let Ok(mut s) = shared.lock() {
        if let Some(searched) = s.done.take() {
            session.remember(&searched);
        }
    }
    writeln!(out)?;
    out.flush()?;
    Ok(ended_by)
}

/// How a streamed reply ended.
#[derive(Debug, PartialEq, Eq)]
pub enum Streamed {
    /// By this input line, the next command.
    EndedBy(String),
    /// By the end of the input.
    InputClosed,
    /// At once: the command was refused (a failure reply was written).
    Refused,
}

/// A failure reply; the command is over at once.
fn fail(out: &mut impl Write, id: &str, why: &str) -> io::Result<Streamed> {
    write!(out, "?{id} {why}\n\n")?;
    out.flush()?;
    Ok(Streamed::Refused)
}

/// One update: an `info` group per root move, or `None` when there is none yet.
fn info_line(
    claim: &Problem,
    progress: Option<&Progress>,
    done: Option<&Searched>,
    flavour: Flavour,
) -> Option<String> {
    let size = claim.size();
    let proof_line = done.and_then(|s| {
        let a = &s.analysis;
        (a.solution.status == Status::Win && !s.rejected())
            .then(|| a.solution.proof.as_ref().map(|p| p.root.main_line()))
            .flatten()
    });
    let mut rows: Vec<Row> = match progress {
        Some(p) if !p.root_moves.is_empty() => p
            .root_moves
            .iter()
            .map(|r| Row {
                mv: r.mv,
                visits: r.nodes.max(1),
                winrate: match r.state {
                    RootState::Proven => 1.0,
                    RootState::Refuted => 0.0,
                    RootState::Searching | RootState::Open => estimate(p, r.mv),
                },
                pv: line_from(p, r.mv),
            })
            .collect(),
        _ => Vec::new(),
    };
    if let Some(line) = &proof_line {
        if let Some(first) = line.first() {
            match rows.iter_mut().find(|r| r.mv == *first) {
                Some(row) => {
                    row.winrate = 1.0;
                    row.pv = line.clone();
                }
                None => rows.push(Row {
                    mv: *first,
                    visits: done.map_or(1, |s| s.analysis.nodes.max(1)),
                    winrate: 1.0,
                    pv: line.clone(),
                }),
            }
        }
    }
    if rows.is_empty() {
        return None;
    }
    rows.sort_by(|a, b| {
        b.winrate
            .total_cmp(&a.winrate)
            .then(b.visits.cmp(&a.visits))
    });
    let groups: Vec<String> = rows
        .iter()
        .enumerate()
        .map(|(order, r)| r.words(order, size, flavour))
        .collect();
    Some(groups.join(" "))
}

/// One root move's figures.
struct Row {
    mv: Move,
    visits: u64,
    /// For the side to play, between 0 and 1.
    winrate: f64,
    pv: Vec<Move>,
}

impl Row {
    fn words(&self, order: usize, size: usize, flavour: Flavour) -> String {
        let winrate = match flavour {
            Flavour::Leela => format!("{}", (self.winrate * 10000.0).round() as u64),
            Flavour::Kata => format!("{:.6}", self.winrate),
        };
        let pv = if self.pv.is_empty() {
            vec![self.mv]
        } else {
            self.pv.clone()
        };
        let pv: Vec<String> = pv.iter().map(|m| move_word(*m, size)).collect();
        format!(
            "info move {} visits {} winrate {winrate} prior 0 order {order} pv {}",
            move_word(self.mv, size),
            self.visits,
            pv.join(" ")
        )
    }
}

/// The line being searched when it starts with `mv`.
fn line_from(p: &Progress, mv: Move) -> Vec<Move> {
    if p.line.first() == Some(&mv) {
        p.line.clone()
    } else {
        Vec::new()
    }
}

/// The search's estimate for an open move: for the move on the line being searched, the
/// share of the disproof number in the child's two numbers (df-pn: a small proof number
/// means close to proven for the side to play), else one half.
fn estimate(p: &Progress, mv: Move) -> f64 {
    if p.line.first() != Some(&mv) {
        return 0.5;
    }
    match p.numbers.get(1) {
        Some(&(pn, dn)) if pn < INFINITE_NUMBER && dn < INFINITE_NUMBER && pn + dn > 0 => {
            let own = if p.root_is_or { dn } else { pn };
            own as f64 / (pn + dn) as f64
        }
        _ => 0.5,
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn arguments_take_a_colour_and_an_interval_in_any_order() {
        let words = |a: &[&str]| a.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        assert_eq!(arguments(&words(&[]), Color::Black), (Color::Black, 100));
        assert_eq!(
            arguments(&words(&["W", "50"]), Color::Black),
            (Color::White, 50)
        );
        assert_eq!(
            arguments(&words(&["interval", "20", "b"]), Color::White),
            (Color::Black, 20)
        );
    }

    #[test]
    fn rows_are_written_in_either_format() {
        let row = Row {
            mv: Move::Pass,
            visits: 7,
            winrate: 1.0,
            pv: Vec::new(),
        };
        assert_eq!(
            row.words(0, 9, Flavour::Leela),
            "info move pass visits 7 winrate 10000 prior 0 order 0 pv pass"
        );
        assert_eq!(
            row.words(2, 9, Flavour::Kata),
            "info move pass visits 7 winrate 1.000000 prior 0 order 2 pv pass"
        );
    }
}
