//! The "🗺 Explore" mode on the studio: the session (the variation tree of [`super::explore`] for
//! the open problem), board clicks and keys, the side-panel section (the line with its marks and
//! variations, Pass / Back / Delete variation / Solve from here), the board's scene and legend.
//!
//! "⚔ Try to refute" ([`Mode::Refute`]) is Explore with the AND side's moves answered by the
//! proof: its moves go into the same tree, the keys walk that tree, and the
//! [`ProofReplay`] of the refutation game is rebuilt to follow the cursor.

use super::app::StudioApp;
use super::edit;
use super::explore::{Explore, Mark};
use super::explore_session::ExploreSession;
use super::scene::{NumberedMove, Scene};
use super::view_state::Mode;
use crate::go::{Color, Move, Zone};
use crate::problem::{AnswerTree, SetupMove};
use crate::solver::proof::replay::ProofReplay;
use crate::solver::SolveConfig;
use egui::{Color32, RichText};

/// Colours of the marks in the move list and the legend.
pub const IN_PROOF: Color32 = Color32::from_rgb(40, 150, 70);
pub const LEAVES_PROOF: Color32 = Color32::from_rgb(225, 110, 30);
pub const OUTSIDE_PROOF: Color32 = Color32::from_rgb(140, 140, 140);

/// The colour of a mark.
pub fn mark_color(mark: Mark) -> Color32 {
    match mark {
        Mark::InProof { .. } => IN_PROOF,
        Mark::LeavesProof { .. } => LEAVES_PROOF,
        Mark::Outside(_) => OUTSIDE_PROOF,
    }
}

/// What a click in the explore section asks for (applied after the section is drawn).
enum Action {
    Goto(Vec<usize>),
    Play(Move),
    Back,
    Delete,
    SolveHere,
    RefutePass,
    RefuteUndo,
    RefuteRestart,
}

/// A move of the list.
struct Row {
    path: Vec<usize>,
    text: String,
    mark: Option<Mark>,
    /// Not on the board yet (after the cursor).
    ahead: bool,
    /// The other variations of this move: path, text, mark.
    others: Vec<(Vec<usize>, String, Option<Mark>)>,
}

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

    /// The board in Explore mode: the explored position, move numbers, and the proof's next
    /// move as a ghost stone.
    pub fn explore_scene(&self, scene: &mut Scene) {
        let Some(session) = self.explore_current() else {
            return;
        };
        let t = &session.tree;
        let board = t.board().clone();
        if let Ok(p) = self.doc.problem.problem() {
            scene.crucial = scene.crucial.intersection(&board.stones(p.defender()));
        }
        scene.board = board;
        let line = t.line();
        if self.settings.overlays.line {
            scene.number_played(&line);
        } else {
            scene.last_move = line.last().and_then(|(_, m)| m.point());
        }
        if let Some(Move::Play(p)) = t.judged_here().proof_next {
            if scene.board.is_empty(p) {
                scene.numbered.push(NumberedMove {
                    color: t.to_move(),
                    point: p,
                    number: line.len() + 1,
                    ghost: true,
                });
            }
        }
    }

    /// The legend's entries in Explore mode.
    pub fn explore_legend(&self, ui: &mut egui::Ui) {
        // Each entry on one line (the legend wraps between entries, not inside one).
        let text = |ui: &mut egui::Ui, text: &str| {
            ui.add(egui::Label::new(text).wrap_mode(egui::TextWrapMode::Extend));
            ui.add_space(8.0);
        };
        if self.settings.overlays.line {
            text(ui, "numbers: the explored line");
        }
        if self.proof().is_some() {
            text(ui, "ghost: the proof's next move");
            for (color, words) in [
                (IN_PROOF, "in the proof"),
                (LEAVES_PROOF, "leaves the proof"),
                (OUTSIDE_PROOF, "outside the proof"),
            ] {
                // The dot and its words as one label, so that they wrap together.
                let font = egui::TextStyle::Body.resolve(ui.style());
                let format = |color| egui::TextFormat {
                    font_id: font.clone(),
                    color,
                    ..Default::default()
                };
                let mut job = egui::text::LayoutJob::default();
                job.append("● ", 0.0, format(color));
                job.append(words, 0.0, format(ui.visuals().text_color()));
                ui.add(egui::Label::new(job).wrap_mode(egui::TextWrapMode::Extend));
                ui.add_space(8.0);
            }
        }
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

    /// The side panel's Explore section (Explore and Try-to-refute).
    pub fn explore_section(&mut self, ui: &mut egui::Ui) {
        let refute = self.view.mode == Mode::Refute;
        let size = self.doc.problem.setup().size;
        let running = self.jobs.live.is_running();
        let proof_words = self.proof().and(self.jobs.finished.as_ref()).map(|f| {
            let c = f.proof_claim();
            format!("{} {}", c.or_player(), c.goal().verb())
        });
        let Some(session) = self.explore_current() else {
            ui.weak("Nothing explored yet: click 🗺 Explore above the board.");
            return;
        };
        let t = &session.tree;
        let at_start = t.path().is_empty();
        let here = t.judged_here();
        let to_move = t.to_move();
        let depth = t.path().len();
        let rows = rows(t, size);
        let mut action = None;

        if refute {
            if let Some(a) = self.refute_controls(ui) {
                action = Some(a);
            }
        } else {
            ui.label(format!("{to_move} to move (move {}).", depth + 1));
            ui.horizontal_wrapped(|ui| {
                if ui
                    .button("Pass")
                    .on_hover_text("Pass for the side to move")
                    .clicked()
                {
                    action = Some(Action::Play(Move::Pass));
                }
                if ui
                    .add_enabled(!at_start, egui::Button::new("◀ Back"))
                    .on_hover_text("One move back (←); the moves after it stay as a variation")
                    .clicked()
                {
                    action = Some(Action::Back);
                }
                if ui
                    .add_enabled(!at_start, egui::Button::new("✖ Delete variation"))
                    .on_hover_text("Delete this move and every move after it")
                    .clicked()
                {
                    action = Some(Action::Delete);
                }
                if ui
                    .add_enabled(!running, egui::Button::new("🔍 Solve from here"))
                    .on_hover_text(
                        "Solve the position reached: the explored moves become setup moves of \
                         the problem (one edit: Undo returns to the original)",
                    )
                    .clicked()
                {
                    action = Some(Action::SolveHere);
                }
            });
        }
        match &proof_words {
            Some(words) => {
                ui.label(format!("Marks: against the proof that {words}."));
                if here.proof_ended {
                    ui.label("The proof's game is over here: the goal is reached.");
                } else if let Some(mv) = here.proof_next {
                    ui.label(format!(
                        "The proof plays {} here{}.",
                        mv.to_gtp(size),
                        if mv == Move::Pass {
                            ""
                        } else {
                            " (the ghost stone)"
                        }
                    ));
                } else if matches!(here.mark, Some(Mark::LeavesProof { .. } | Mark::Outside(_))) {
                    ui.label("This line has left the proof.");
                }
            }
            None => {
                ui.weak("No proof yet: Solve (or Solve from here) to mark the moves.");
            }
        }
        ui.weak("Keys: ←/→ back/forward, ↑/↓ variations, Home/End.");

        egui::ScrollArea::vertical()
            .id_salt("explore-line")
            .max_height(260.0)
            .auto_shrink([false, true])
            .show(ui, |ui| {
                if ui.selectable_label(at_start, "0. start").clicked() {
                    action = Some(Action::Goto(Vec::new()));
                }
                for row in &rows {
                    ui.horizontal(|ui| {
                        mark_dot(ui, row.mark, size);
                        let text = if row.ahead {
                            RichText::new(&row.text).weak()
                        } else {
                            RichText::new(&row.text)
                        };
                        let selected = row.path.as_slice() == t.path();
                        let r = ui.selectable_label(selected, text);
                        if selected {
                            r.scroll_to_me(None);
                        }
                        if r.clicked() {
                            action = Some(Action::Goto(row.path.clone()));
                        }
                        if let Some(mark) = row.mark {
                            ui.weak(mark.words(size));
                        }
                    });
                    if !row.others.is_empty() {
                        ui.horizontal_wrapped(|ui| {
                            ui.add_space(18.0);
                            ui.weak("or");
                            for (path, text, mark) in &row.others {
                                mark_dot(ui, *mark, size);
                                if ui.small_button(text).clicked() {
                                    action = Some(Action::Goto(path.clone()));
                                }
                            }
                        });
                    }
                }
            });

        let ctx = ui.ctx().clone();
        match action {
            Some(Action::Goto(path)) => self.explore_goto(&path),
            Some(Action::Play(mv)) => self.explore_play(mv),
            Some(Action::Back) => self.explore_key(egui::Key::ArrowLeft),
            Some(Action::Delete) => self.explore_delete(),
            Some(Action::SolveHere) => self.solve_from_here(&ctx),
            Some(Action::RefutePass) => self.refute_move(Move::Pass),
            Some(Action::RefuteUndo) => self.refute_undo(),
            Some(Action::RefuteRestart) => self.start_refute(),
            None => {}
        }
    }

    /// The refutation game's controls: whose move, Pass, Undo, Restart.
    fn refute_controls(&self, ui: &mut egui::Ui) -> Option<Action> {
        let r = self.view.replay.as_ref()?;
        let and = r.and_player();
        let over = r.ending().is_some();
        let threat = r.pending_retake();
        let size = r.board().size();
        let mut action = None;
        ui.horizontal_wrapped(|ui| {
            match (over, threat) {
                (true, _) => ui.label("game over: the proof held"),
                (false, Some(retake)) => ui
                    .label(format!(
                        "{}'s ko threat: answer it, then {} retakes at {}",
                        and.opponent(),
                        and.opponent(),
                        retake.to_gtp(size)
                    ))
                    .on_hover_text(
                        "The proof was made with this side as ko master (it needs ko threats). \
                         Go's ko ban forbids retaking at once, so it plays a threat first; the \
                         proof counts on the threat being answered.",
                    ),
                (false, None) => ui.label(format!("your move ({and}); the proof answers")),
            };
            let pass = if threat.is_some() {
                "Answer the threat"
            } else {
                "Pass"
            };
            if ui
                .add_enabled(!over, egui::Button::new(pass))
                .on_hover_text("a move elsewhere on the board (a pass here)")
                .clicked()
            {
                action = Some(Action::RefutePass);
            }
            if ui.button("Undo").clicked() {
                action = Some(Action::RefuteUndo);
            }
            if ui.button("Restart").clicked() {
                action = Some(Action::RefuteRestart);
            }
        });
        action
    }
}

/// The list of the current line (up to the end of the variations visited last).
fn rows(t: &Explore, size: usize) -> Vec<Row> {
    let full = t.full_path();
    let cursor = t.path().len();
    (0..full.len())
        .filter_map(|d| {
            let path = full[..=d].to_vec();
            let node = t.node(&path)?;
            Some(Row {
                text: format!("{}. {}", d + 1, move_text(node.color, node.mv, size)),
                mark: node.judged.mark,
                ahead: d >= cursor,
                others: others(t, &path, size),
                path,
            })
        })
        .collect()
}

/// The other variations of the move at `path`.
fn others(t: &Explore, path: &[usize], size: usize) -> Vec<(Vec<usize>, String, Option<Mark>)> {
    let Some((&last, parent)) = path.split_last() else {
        return Vec::new();
    };
    let Some(list) = t.variations(parent) else {
        return Vec::new();
    };
    list.nodes
        .iter()
        .enumerate()
        .filter(|&(i, _)| i != last)
        .map(|(i, n)| {
            let mut p = parent.to_vec();
            p.push(i);
            (p, move_text(n.color, n.mv, size), n.judged.mark)
        })
        .collect()
}

fn move_text(c: Color, mv: Move, size: usize) -> String {
    format!("{} {}", c.sgf_letter(), mv.to_gtp(size))
}

/// A coloured dot for a mark (a blank of the same width without one).
fn mark_dot(ui: &mut egui::Ui, mark: Option<Mark>, size: usize) {
    match mark {
        Some(m) => {
            ui.label(RichText::new("●").color(mark_color(m)))
                .on_hover_text(m.words(size));
        }
        None => {
            ui.label(RichText::new("●").color(Color32::TRANSPARENT));
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
