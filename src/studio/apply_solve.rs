//! The handlers of solving and its results: the solve and the judgement of every first move
//! (start, stop, their messages), a judged move's proof, the proof cursor's keys and the
//! refutation game, and what the panels ask about the result shown.

use super::app::StudioApp;
use super::kept_results::ResultKey;
use super::live::Finished;
use super::proof_nav::ProofCursor;
use super::solve_job::JobSettings;
use super::view_state::Mode;
use crate::go::Move;
use crate::solver::engines::portfolio::MctsGuide;
use crate::solver::jobs::service::{ReproTarget, SolveRequest};
use crate::solver::proof::certify::CheckSettings;
use crate::solver::proof::replay::{AnswerKind, Ending, ProofReplay, ReplayError};
use crate::solver::proof::ProofTree;
use crate::solver::SolveConfig;
use std::path::Path;
use std::time::Duration;

/// The shortest time between frames caused by solver progress.
const PROGRESS_FRAME: Duration = Duration::from_millis(100);

impl StudioApp {
    /// Take in what background work reported: solver progress, dialog answers, PNG exports.
    pub fn poll_background(&mut self, ctx: &egui::Context) {
        if let Some(finished) = self.jobs.live.poll() {
            self.on_finished(finished);
        }
        self.reduce_frame();
        self.proof_file_frame(ctx);
        if let Some(job) = self.jobs.all_moves.as_mut() {
            if job.poll() {
                let status = job.status();
                self.info(status);
            }
        }
        self.poll_files(ctx);
    }

    fn on_finished(&mut self, finished: Finished) {
        if finished.revision != self.doc.problem.revision() {
            return;
        }
        if let Some(path) = self.doc.problem.path().map(Path::to_path_buf) {
            // The list keeps the tag of a file as saved; the open file's tag follows the result
            // shown (`StudioApp::current_tag`), so that an edit or undo changes it.
            if self.doc.problem.is_dirty() {
                self.doc.library.status.remove(&path);
            } else {
                self.doc
                    .library
                    .status
                    .insert(path, headline(&finished.verdict));
            }
        }
        self.info(finished.verdict.clone());
        self.cancel_reduction();
        let has_proof = finished.proof().is_some();
        if has_proof {
            self.jobs.kept.keep(self.result_key(), finished.clone());
        }
        self.jobs.finished = Some(finished);
        self.jobs.viewing_move = None;
        self.view.cursor = ProofCursor::root();
        self.view.replay = None;
        // "Solve from here" goes back to the explored tree, now marked against the proof.
        if std::mem::take(&mut self.jobs.resume_explore) && self.explore_current().is_some() {
            self.view.mode = Mode::Explore;
        } else if has_proof {
            self.view.mode = Mode::Proof;
        }
    }

    /// The search settings of the solver panel: the engine's, or the portfolio's first lane's
    /// (df-pn without the net), which the judging of every first move and the reduction run.
    pub fn solve_config(&self) -> SolveConfig {
        self.solve_lanes().into_iter().next().unwrap_or_default()
    }

    /// The searches a solve races on each claim ([`crate::solver::EngineChoice::lanes`]): the engine's
    /// settings, or the portfolio's lanes (df-pn without the net, MCTS with the net when Net
    /// is on, else with the heuristic prior).
    pub fn solve_lanes(&self) -> Vec<SolveConfig> {
        let l = &self.settings.limits;
        let guide = self.net.solve_guide(l);
        let base = SolveConfig {
            time_limit: (l.time_secs > 0.0)
                .then(|| Duration::try_from_secs_f64(l.time_secs).ok())
                .flatten(),
            max_nodes: (l.max_nodes > 0).then_some(l.max_nodes),
            engine: l.engine.first_engine(),
            build_proof: true,
            guide: guide.clone(),
            ..SolveConfig::default()
        };
        l.engine.lanes(&base, || guide)
    }

    /// The solve's settings in words (a reproduction file's, a kept result's key):
    /// [`crate::solver::EngineChoice::describe`].
    pub fn solve_words(&self) -> String {
        let mcts = match self.net.solve_guide(&self.settings.limits) {
            Some(_) => MctsGuide::Net,
            None => MctsGuide::Heuristic,
        };
        self.settings
            .limits
            .engine
            .describe(&self.solve_config(), mcts)
    }

    /// Solve the problem in the background (refused, with the reasons, when it is invalid).
    pub fn start_solve(&mut self, ctx: &egui::Context) {
        let problem = match self.doc.problem.problem() {
            Ok(p) => p.clone(),
            Err(errors) => {
                self.warn(format!("cannot solve: {}", errors.messages().join("; ")));
                return;
            }
        };
        let claims = self.settings.claim.claims(&problem);
        let wake = ctx.clone();
        self.cancel_reduction();
        self.jobs.proof_file = None;
        self.jobs.finished = None;
        self.view.replay = None;
        self.jobs.resume_explore = false;
        self.view.cursor = ProofCursor::root();
        self.view.mode = Mode::Edit;
        let mut settings = JobSettings::with_lanes(self.solve_lanes(), self.solve_words());
        settings.width = self.settings.limits.width();
        settings.repro_dir = self.jobs.repro_dir.clone();
        settings.check.fault = self.jobs.check_fault;
        self.jobs.live.start(
            claims,
            settings,
            self.doc.problem.revision(),
            // At most ten frames a second from progress: the board stays live while drawing
            // (software-rendered on machines without a GPU) leaves the solver its core.
            move || wake.request_repaint_after(PROGRESS_FRAME),
        );
        match (
            self.jobs.live.racing_words(),
            self.net.solve_guide(&self.settings.limits),
        ) {
            (Some(racing), _) => self.info(format!("solving: {racing}…")),
            (None, Some(g)) => self.info(format!("solving, guided by the {}…", g.guide().name())),
            (None, None) => self.info("solving…"),
        }
    }

    /// Judge every first move of the problem in the background ([`super::all_moves`]).
    pub fn start_all_moves(&mut self, ctx: &egui::Context) {
        let problem = match self.doc.problem.problem() {
            Ok(p) => p.clone(),
            Err(errors) => {
                self.warn(format!("cannot judge: {}", errors.messages().join("; ")));
                return;
            }
        };
        let wake = ctx.clone();
        // One engine judges (the portfolio's first lane); proofs checked and rejected ones
        // written as a solve's are.
        let config = self.solve_config();
        let check = CheckSettings {
            fault: self.jobs.check_fault,
            ..CheckSettings::default()
        };
        let repro = ReproTarget {
            dir: self.jobs.repro_dir.clone(),
            source: None,
            settings: format!("the studio: {}", config.describe()),
        };
        let run = SolveRequest::new(
            problem.clone(),
            config,
            self.settings.limits.width(),
            check,
            repro,
        );
        self.jobs.all_moves = Some(super::all_moves::AllMovesJob::start(
            problem,
            run,
            self.doc.problem.revision(),
            move || wake.request_repaint_after(PROGRESS_FRAME),
        ));
        self.info("judging every first move…");
    }

    /// Show the proof (a move that works) or the refutation (a failing move) of the judged first
    /// move `mv` in the proof view; the problem's own result comes back with
    /// [`StudioApp::close_move_proof`].
    pub fn open_move_proof(&mut self, mv: Move) {
        let size = self.doc.problem.setup().size;
        let revision = self.doc.problem.revision();
        let Some(job) = self
            .jobs
            .all_moves
            .as_ref()
            .filter(|j| j.revision == revision)
        else {
            self.warn("the first moves were judged for an earlier version of the problem");
            return;
        };
        let Some(j) = job.moves.iter().find(|j| j.mv == mv) else {
            return;
        };
        let Some(finished) = super::all_moves::move_proof(&job.claim, j, size, revision) else {
            self.warn(format!(
                "{}: no proof to show ({})",
                crate::problem::coords::move_gtp(mv, size),
                crate::report::first_moves::move_words(&job.claim, j)
            ));
            return;
        };
        self.info(finished.verdict.clone());
        self.cancel_reduction();
        self.jobs.finished = Some(finished);
        self.jobs.viewing_move = Some(mv);
        self.view.cursor = ProofCursor::root();
        self.view.replay = None;
        self.view.mode = Mode::Proof;
    }

    /// Back from a judged move's proof to the problem's own result (when one is kept).
    pub fn close_move_proof(&mut self) {
        self.cancel_reduction();
        self.jobs.viewing_move = None;
        self.jobs.finished = self
            .jobs
            .kept
            .find(&self.result_key())
            .cloned()
            .map(|mut f| {
                f.revision = self.doc.problem.revision();
                f
            });
        self.view.cursor = ProofCursor::root();
        self.view.replay = None;
        self.view.mode = if self.jobs.finished.is_some() {
            Mode::Proof
        } else {
            Mode::Edit
        };
    }

    pub fn stop_solve(&mut self) {
        self.jobs.live.request_stop();
        self.info("stopping…");
    }

    /// The problem list's tag of the open file: the headline of the result shown for the
    /// problem as it is now (none after an edit that has no result).
    pub fn current_tag(&self) -> Option<String> {
        self.jobs
            .finished
            .as_ref()
            .filter(|f| {
                f.revision == self.doc.problem.revision() && self.jobs.viewing_move.is_none()
            })
            .map(|f| headline(&f.verdict))
    }

    /// What a result of the current position and settings is kept under.
    pub fn result_key(&self) -> ResultKey {
        ResultKey {
            setup: self.doc.problem.setup().clone(),
            claim: self.settings.claim,
            config: self.solve_words(),
        }
    }

    /// Arrow keys, Home and End on the proof tree.
    pub fn proof_key(&mut self, key: egui::Key) {
        let Some(tree) = self.jobs.finished.as_ref().and_then(Finished::proof) else {
            return;
        };
        let c = &mut self.view.cursor;
        match key {
            egui::Key::ArrowLeft => c.parent(),
            egui::Key::ArrowRight => c.first_child(tree),
            egui::Key::ArrowUp => c.sibling(tree, -1),
            egui::Key::ArrowDown => c.sibling(tree, 1),
            egui::Key::Home => c.to_root(),
            egui::Key::End => c.to_leaf(tree),
            _ => false,
        };
    }

    /// Start a game against the proof.
    pub fn start_refute(&mut self) {
        let Some(f) = &self.jobs.finished else { return };
        let Some(proof) = f.proof() else { return };
        match ProofReplay::new(
            f.proof_claim(),
            proof.clone(),
            SolveConfig::default().superko,
        ) {
            Ok(r) => {
                let and = r.and_player();
                self.view.cursor = ProofCursor::from_path(r.path().to_vec());
                self.view.replay = Some(r);
                self.view.mode = Mode::Refute;
                self.refute_sync_tree();
                self.info(format!(
                    "you play {and}: click the board (or Pass) to try to refute the proof"
                ));
            }
            Err(e) => self.warn(format!("cannot replay the proof: {e}")),
        }
    }

    /// The user's move in the refutation game.
    pub fn refute_move(&mut self, mv: Move) {
        let Some(r) = self.view.replay.as_mut() else {
            return;
        };
        let size = r.board().size();
        let or = r.and_player().opponent();
        let message = match r.play(mv) {
            Ok(reply) => {
                let answer = reply.map(|reply| match reply.kind {
                    AnswerKind::KoThreat => format!(
                        "{or} plays a ko threat elsewhere (the ko ban forbids retaking at {} at \
                         once): answer it, then {or} retakes",
                        r.pending_retake().unwrap_or(Move::Pass).to_gtp(size)
                    ),
                    AnswerKind::Retake => format!(
                        "you answered the threat; {or} retakes the ko at {}",
                        reply.mv.to_gtp(size)
                    ),
                    kind => {
                        let how = match kind {
                            AnswerKind::NullMove => "a move that needs no reply of its own",
                            AnswerKind::PassBack => {
                                "your move was outside the area that matters, so it passes"
                            }
                            _ => "the proven reply",
                        };
                        format!("answered {} ({how})", reply.mv.to_gtp(size))
                    }
                });
                let end = r.ending().map(|e| match e {
                    Ending::GoalReached(_) => {
                        format!("{or} has reached its goal: the proof holds")
                    }
                    Ending::TwoPasses => "two passes end the game: the proof holds".to_string(),
                });
                [answer, end]
                    .into_iter()
                    .flatten()
                    .collect::<Vec<_>>()
                    .join("; ")
            }
            Err(e) => {
                let text = match e {
                    ReplayError::Illegal(m) if ko_banned(r.board(), r.and_player(), mv) => {
                        format!(
                            "{m} retakes the ko at once, which the ko ban forbids: play a ko \
                             threat first (Pass: a move elsewhere)"
                        )
                    }
                    e => e.to_string(),
                };
                self.warn(text);
                return;
            }
        };
        self.view.cursor = ProofCursor::from_path(r.path().to_vec());
        self.refute_sync_tree();
        self.info(message);
    }

    pub fn refute_undo(&mut self) {
        if let Some(r) = self.view.replay.as_mut() {
            r.undo();
            self.view.cursor = ProofCursor::from_path(r.path().to_vec());
        }
        self.refute_sync_tree();
    }

    /// Does the player to move defend (seki then counts as a success of its first moves)?
    pub fn first_mover_defends(&self) -> bool {
        self.doc.first_mover_defends()
    }

    /// The finished solve of the problem as it is now (not a judged move's proof), if any.
    pub fn current_result(&self) -> Option<&Finished> {
        self.jobs.current_result(self.doc.problem.revision())
    }

    /// The finished judgement of every first move of the current problem, if any.
    pub fn judged_first_moves(&self) -> Option<&crate::solver::jobs::first_moves::FirstMoves> {
        self.jobs.judged_first_moves(self.doc.problem.revision())
    }

    /// The proof of the last finished solve, if it is for the current problem.
    pub fn proof(&self) -> Option<&ProofTree> {
        self.jobs.proof(self.doc.problem.revision())
    }
}

/// "White kills", "Black lives by ko", "Not decided whether Black lives": a verdict's first
/// words, the problem list's tag.
pub fn headline(verdict: &str) -> String {
    verdict
        .split([':', '(', '.'])
        .next()
        .unwrap_or_default()
        .trim()
        .to_string()
}

/// Is `mv` the point the ko ban forbids `c` to play?
fn ko_banned(board: &crate::go::Board, c: crate::go::Color, mv: Move) -> bool {
    mv.point().is_some() && mv.point() == board.ko_point_for(c)
}
