//! The handlers of Explore and Try to refute: the session (the variation tree of
//! [`super::explore`] for the open problem), its moves, keys and deletions, "Solve from here",
//! and the refutation game following the tree. The section that shows it is
//! [`super::explore_panel`].

use super::app::StudioApp;
use super::edit;
use super::explore::Explore;
use super::explore_session::ExploreSession;
use super::view_state::Mode;
use crate::go::{Move, Zone};
use crate::problem::{AnswerTree, SetupMove};
use crate::solver::proof::replay::ProofReplay;
use crate::solver::SolveConfig;

impl StudioApp {
    /// The repetition rule of the searches (explored moves follow it too).
    fn explore_superko() -> bool {
        SolveConfig::default().superko
    }

    /// The explored tree, if it belongs to the problem as it is now.
    pub fn explore_current(&self) -> Option<&ExploreSession> {
        self.view
            .explore
            .as_ref()
            .filter(|s| s.revision == self.doc.problem.revision())
    }

    fn explore_current_mut(&mut self) -> Option<&mut ExploreSession> {
        let revision = self.doc.problem.revision();
        self.view
            .explore
            .as_mut()
            .filter(|s| s.revision == revision)
    }

    /// Make sure there is a tree for the problem as it is now (a new one when the problem was
    /// edited). False, with the reasons in the status bar, when the problem is not valid.
    fn ensure_explore(&mut self) -> bool {
        if self.explore_current().is_some() {
            return true;
        }
        match self.doc.problem.problem() {
            Ok(p) => {
                let tree = Explore::new(p, Self::explore_superko());
                self.view.explore = Some(ExploreSession::new(tree, self.doc.problem.revision()));
                true
            }
            Err(errors) => {
                let why = errors.messages().join("; ");
                self.warn(format!("cannot explore: the problem is not valid ({why})"));
                false
            }
        }
    }

    /// "🗺 Explore": free play from the problem position (the tree of the last visit is kept
    /// while the problem is unchanged).
    pub fn enter_explore(&mut self) {
        if !self.ensure_explore() {
            return;
        }
        self.view.mode = Mode::Explore;
        self.view.replay = None;
        // Free play follows the problem's ko rules (Try to refute, its proof's).
        if let Ok(problem) = self.doc.problem.problem().cloned() {
            if let Some(session) = self.explore_current_mut() {
                session.tree.set_rules(&problem, Self::explore_superko());
            }
        }
        self.explore_refresh();
        self.info(
            "explore: click the board to play (colours alternate); ←/→ back and forward, ↑/↓ \
             variations, Home/End",
        );
    }

    /// Mark the tree against the proof when either changed since the last time (cheap when
    /// nothing did: called every frame).
    pub fn explore_refresh(&mut self) {
        let revision = self.doc.problem.revision();
        let proof = self
            .jobs
            .finished
            .as_ref()
            .filter(|f| f.revision == revision)
            .and_then(|f| f.proof().map(|tree| (f.proof_claim(), tree)));
        let Some(session) = self
            .view
            .explore
            .as_mut()
            .filter(|s| s.revision == revision)
        else {
            return;
        };
        let proof_id = proof.map_or(0, |(_, tree)| std::ptr::from_ref(tree) as usize);
        let key = (proof_id, session.tree.version());
        if session.judged == Some(key) {
            return;
        }
        match proof {
            Some((claim, tree)) => session.tree.judge(claim, tree, tree.superko),
            None => session.tree.clear_judgement(),
        }
        session.judged = Some(key);
    }

    /// A move at the cursor in Explore mode (a click on the board, or Pass).
    pub fn explore_play(&mut self, mv: Move) {
        if !self.ensure_explore() {
            return;
        }
        let size = self.doc.problem.setup().size;
        let Some(session) = self.explore_current_mut() else {
            return;
        };
        let played = match session.tree.play(mv) {
            Ok(played) => played,
            Err(e) => {
                self.warn(e.to_string());
                return;
            }
        };
        let number = session.tree.path().len();
        self.explore_refresh();
        let mark = self
            .explore_current()
            .and_then(|s| s.tree.judged_here().mark);
        let mut text = format!("{number}. {} {}", played.color, played.mv.to_gtp(size));
        if !played.captured.is_empty() {
            text += &format!(" captures {}", played.captured.len());
        }
        if let Some(mark) = mark {
            text += &format!(": {}", mark.words(size));
        }
        if played.outside_region {
            self.warn(format!(
                "{text} (outside the problem's region: allowed here, but no search plays there)"
            ));
        } else {
            self.info(text);
        }
    }

    /// Arrow keys, Home and End in Explore and Try-to-refute.
    pub fn explore_key(&mut self, key: egui::Key) {
        let refute = self.view.mode == Mode::Refute;
        let or = self.view.replay.as_ref().map(|r| r.and_player().opponent());
        let Some(session) = self.explore_current_mut() else {
            return;
        };
        let t = &mut session.tree;
        let moved = match key {
            egui::Key::ArrowLeft => {
                let back = t.back();
                // In the refutation game the user's positions are those with the AND player to
                // move: step over the proof's answer.
                if back && refute && Some(t.to_move()) == or {
                    t.back();
                }
                back
            }
            egui::Key::ArrowRight => t.forward(),
            egui::Key::ArrowUp => t.sibling(-1),
            egui::Key::ArrowDown => t.sibling(1),
            egui::Key::Home => t.home(),
            egui::Key::End => t.end(),
            _ => false,
        };
        if moved && refute {
            self.refute_follow_tree();
        }
    }

    /// Delete the cursor's move and what follows it.
    pub fn explore_delete(&mut self) {
        if let Some(session) = self.explore_current_mut() {
            if session.tree.delete_variation() {
                self.info("variation deleted");
            }
        }
    }

    /// "Solve from here": the explored position becomes the problem (the moves appended as
    /// setup moves; region, crucial stones, goal and ko rules kept; one undoable edit) and is
    /// solved; the tree goes on from there. Refused when a crucial stone was captured.
    pub fn solve_from_here(&mut self, ctx: &egui::Context) {
        let Some((line, captured, to_move, variations)) = self.explore_current().map(|s| {
            let t = &s.tree;
            (
                t.line(),
                t.crucial_captured(),
                t.to_move(),
                t.variations_here(),
            )
        }) else {
            return;
        };
        if line.is_empty() {
            self.start_solve(ctx);
            self.jobs.resume_explore = self.jobs.live.is_running();
            return;
        }
        let size = self.doc.problem.setup().size;
        if !captured.is_empty() {
            self.warn(format!(
                "not solved: the crucial stone{} {} {} captured in this line, so the goal is \
                 decided here",
                if captured.len() > 1 { "s" } else { "" },
                points_text(&captured, size),
                if captured.len() > 1 { "were" } else { "was" },
            ));
            return;
        }
        let Ok(problem) = self.doc.problem.problem() else {
            return;
        };
        // As `Document::edit` hands it to an edit: setup moves flattened to stones.
        let mut setup = edit::flatten(self.doc.problem.setup(), Some(problem.board()));
        setup
            .moves
            .extend(line.iter().map(|&(c, mv)| SetupMove::new(c, mv)));
        setup.to_move = Some(to_move);
        // The book's answer and expected result are the original position's.
        setup.answer = AnswerTree::new();
        setup.expected = None;
        setup.expected_way = None;
        let here = match setup.clone().validate() {
            Ok(p) => p,
            Err(errors) => {
                self.warn(format!(
                    "cannot solve from here: {}",
                    errors.messages().join("; ")
                ));
                return;
            }
        };
        self.apply_edit(|s| {
            *s = setup;
            true
        });
        let tree = Explore::with_variations(&here, Self::explore_superko(), variations);
        self.view.explore = Some(ExploreSession::new(tree, self.doc.problem.revision()));
        if self.proof().is_some() {
            // Proven before with these settings (the edit found the kept result): no new solve.
            self.view.mode = Mode::Explore;
            self.info(format!(
                "from move {}: the explored position is now the problem, proven before (Undo \
                 returns to the original)",
                line.len()
            ));
            return;
        }
        self.start_solve(ctx);
        if self.jobs.live.is_running() {
            self.jobs.resume_explore = true;
            self.info(format!(
                "solving from move {}: the explored position is now the problem (Undo returns \
                 to the original)",
                line.len()
            ));
        }
    }

    /// Try-to-refute: the tree follows the game (its cursor goes to the replay's position,
    /// adding the moves it does not have yet).
    pub fn refute_sync_tree(&mut self) {
        let Some(moves) = self.view.replay.as_ref().map(|r| r.moves().to_vec()) else {
            return;
        };
        if !self.ensure_explore() {
            return;
        }
        let claim = self
            .jobs
            .finished
            .as_ref()
            .map(|f| (f.proof_claim().clone(), f.proof().map(|p| p.superko)));
        let Some(session) = self.explore_current_mut() else {
            return;
        };
        let t = &mut session.tree;
        // The game is played by the rules the proof was made under (e.g. the side that needs
        // ko threats as ko master; its retakes come after a threat, see `ProofReplay`).
        if let Some((claim, Some(superko))) = claim {
            t.set_rules(&claim, superko);
        }
        t.home();
        for (_, mv) in moves {
            if t.play(mv).is_err() {
                break;
            }
        }
    }

    /// Try-to-refute after a key: the game is replayed along the tree's line as far as the
    /// proof goes (the user's moves answered, the answers checked against the line), the
    /// cursor cut back to there, and the proof's answer added when the line stops at it.
    fn refute_follow_tree(&mut self) {
        let line = match self.explore_current() {
            Some(s) => s.tree.line(),
            None => return,
        };
        let Some(start) = self
            .jobs
            .finished
            .as_ref()
            .and_then(|f| f.proof().map(|p| (f.proof_claim(), p)))
            .map(|(claim, proof)| ProofReplay::new(claim, proof.clone(), proof.superko))
        else {
            return;
        };
        let mut replay = match start {
            Ok(r) => r,
            Err(e) => {
                self.warn(format!("cannot replay the proof: {e}"));
                return;
            }
        };
        let and = replay.and_player();
        let mut agreed = 0;
        for (i, &(c, mv)) in line.iter().enumerate() {
            let ok = match replay.moves().get(i) {
                // The proof's own move: the line must have played it.
                Some(&proof_move) => proof_move == (c, mv),
                None => c == and && replay.play(mv).is_ok(),
            };
            if !ok {
                break;
            }
            agreed = i + 1;
        }
        if agreed < line.len() {
            self.info("that line leaves the proof (🗺 Explore shows it)");
        }
        self.view.cursor = super::proof_nav::ProofCursor::from_path(replay.path().to_vec());
        self.view.replay = Some(replay);
        self.refute_sync_tree();
    }

    /// Go to the node at `path` of the explored tree (in Try to refute, the game follows).
    pub fn explore_goto(&mut self, path: &[usize]) {
        if let Some(s) = self.explore_current_mut() {
            s.tree.goto(path);
        }
        if self.view.mode == Mode::Refute {
            self.refute_follow_tree();
        }
    }
}

/// Points in GTP coordinates, e.g. `C1, D2`.
fn points_text(zone: &Zone, size: usize) -> String {
    zone.iter()
        .map(|p| p.to_gtp(size))
        .collect::<Vec<_>>()
        .join(", ")
}
