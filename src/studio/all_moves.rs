//! "Judge every first move" in the studio: [`crate::solver::jobs::first_moves`] on a background thread,
//! each judged move sent over a bounded channel as it is decided, the whole judgement at the
//! end. The panel lists the moves with their results and states the solutions ("unique
//! solution: C3"); the board marks each judged point.

use super::live::Finished;
use crate::go::Move;
use crate::problem::coords::move_gtp;
use crate::problem::Problem;
use crate::report::first_moves::{move_words, summary};
use crate::solver::jobs::analysis::{ends_in_seki, ko_capture_paths};
use crate::solver::jobs::first_moves::{
    first_moves, judge_first_moves, judged_claim, FirstMoves, JudgedMove, MoveResult,
};
use crate::solver::jobs::service::SolveRequest;
use crossbeam_channel::{bounded, Receiver};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread;

/// What the judging thread reports.
enum Event {
    Judged(Box<JudgedMove>, usize),
    Done(Box<FirstMoves>),
}

/// One judgement of every first move: running, or finished.
pub struct AllMovesJob {
    rx: Receiver<Event>,
    stop: Arc<AtomicBool>,
    /// The document revision judged.
    pub revision: u64,
    /// The claim judged (the player to move's), which the moves' words name.
    pub claim: Problem,
    /// The moves judged so far, in order.
    pub moves: Vec<JudgedMove>,
    /// The number of first moves to judge.
    pub total: usize,
    /// The whole judgement, once finished.
    pub finished: Option<FirstMoves>,
}

impl AllMovesJob {
    /// Start judging `problem`'s first moves, each position solved as `run` asks (`wake`
    /// requests a repaint after each message).
    pub fn start(
        problem: Problem,
        run: SolveRequest,
        revision: u64,
        wake: impl Fn() + Send + 'static,
    ) -> AllMovesJob {
        let (tx, rx) = bounded(1024);
        let stop = Arc::new(AtomicBool::new(false));
        let flag = Arc::clone(&stop);
        let claim = judged_claim(&problem);
        let total = first_moves(&claim).len();
        let spawned = thread::Builder::new()
            .name("judge-first-moves".to_string())
            .spawn(move || {
                let done = judge_first_moves(&problem, &run, flag, None, &mut |j, _, total| {
                    if tx.send(Event::Judged(Box::new(j.clone()), total)).is_ok() {
                        wake();
                    }
                });
                if tx.send(Event::Done(Box::new(done))).is_ok() {
                    wake();
                }
            });
        if let Err(e) = spawned {
            eprintln!("tsumego-studio: could not start the judging thread: {e}");
        }
        AllMovesJob {
            rx,
            stop,
            revision,
            claim,
            moves: Vec::new(),
            total,
            finished: None,
        }
    }

    /// Take in what the thread reported; `true` when the judgement ended just now.
    pub fn poll(&mut self) -> bool {
        let mut ended = false;
        while let Ok(event) = self.rx.try_recv() {
            match event {
                Event::Judged(j, total) => {
                    self.total = total;
                    self.moves.push(*j);
                }
                Event::Done(all) => {
                    self.finished = Some(*all);
                    ended = true;
                }
            }
        }
        ended
    }

    pub fn is_running(&self) -> bool {
        self.finished.is_none()
    }

    /// Ask the thread to stop (the moves not reached stay unjudged).
    pub fn request_stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }

    /// The result of the move at `mv`, when judged.
    pub fn result_at(&self, mv: Move) -> Option<MoveResult> {
        self.moves.iter().find(|j| j.mv == mv).map(|j| j.result)
    }

    /// "judging… 3 of 7 first moves", or the finished summary.
    pub fn status(&self) -> String {
        match &self.finished {
            Some(all) => format!(
                "{} ({} moves, {:.1} s)",
                capitalised(&summary(all)),
                all.moves.len(),
                all.elapsed.as_secs_f64()
            ),
            None => format!(
                "judging… {} of {} first moves",
                self.moves.len(),
                self.total
            ),
        }
    }

    /// One line per judged move: `C3  works  Black lives unconditionally`.
    pub fn lines(&self, size: usize) -> Vec<(Move, MoveResult, String)> {
        self.moves
            .iter()
            .map(|j| {
                (
                    j.mv,
                    j.result,
                    format!(
                        "{:<5} {:<7} {}",
                        move_gtp(j.mv, size),
                        j.result.name(),
                        move_words(&self.claim, j)
                    ),
                )
            })
            .collect()
    }
}

impl Drop for AllMovesJob {
    fn drop(&mut self) {
        self.request_stop();
    }
}

/// The proof behind a judged move, as the proof view shows a solve: for a move that works its
/// proof, for a failing one (and an attacker's seki) the opponent's refutation, both from the
/// position after the move. `None` when the result rests on no proof (a pass that fails by rule,
/// an unknown move). `judged`: the claim judged ([`AllMovesJob::claim`]).
pub fn move_proof(
    judged: &Problem,
    j: &JudgedMove,
    size: usize,
    revision: u64,
) -> Option<Finished> {
    let a = j.analysis.as_ref()?;
    // The claim searched is the analysis' own (after the move, or the opponent's claim after
    // it); a refutation that is a failure's certificate proves the opposite claim.
    let (claim, proof, refutation_claim, what) = match (j.proof(), j.refutation()) {
        (Some((claim, proof)), _) => (claim, proof, None, "the proof"),
        (None, Some((claim, proof))) => {
            let opposite = (!j.by_opposite).then(|| claim.clone());
            (claim, proof, opposite, "the refutation")
        }
        (None, None) => return None,
    };
    let mut solution = a.solution.clone();
    solution.proof = None;
    let mover = a.claim.to_move().opponent();
    let verdict = format!(
        "After {mover} {}: {} ({what}).",
        move_gtp(j.mv, size),
        move_words(judged, j)
    );
    let has_seki = ends_in_seki(proof);
    let ko_captures = ko_capture_paths(claim, proof, 100_000);
    Some(Finished {
        revision,
        searches: vec![(a.claim.clone(), solution, a.how)],
        chosen: 0,
        verdict,
        details: super::live::details(&a.solution, 1),
        proof: Some(std::sync::Arc::new(proof.clone())),
        has_seki,
        ko_captures,
        check: a.check.as_ref().map(|c| c.verdict),
        refutation_claim,
    })
}

fn capitalised(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(first) => first.to_uppercase().collect::<String>() + c.as_str(),
        None => String::new(),
    }
}

/// The mark of a result on the board: a short text and whether it is good for the player.
pub fn mark(result: MoveResult, defends: bool) -> (&'static str, egui::Color32) {
    match result {
        MoveResult::Works => ("✔", egui::Color32::from_rgb(20, 140, 40)),
        MoveResult::Seki if defends => ("S", egui::Color32::from_rgb(20, 140, 40)),
        MoveResult::Seki => ("S", egui::Color32::from_rgb(190, 40, 30)),
        MoveResult::Ko => ("K", egui::Color32::from_rgb(210, 120, 0)),
        MoveResult::Fails => ("×", egui::Color32::from_rgb(190, 40, 30)),
        MoveResult::Unknown => ("?", egui::Color32::GRAY),
    }
}
