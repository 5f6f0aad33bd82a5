//! The panel right of the board: the solver (claim, limits, Solve/Stop, live figures, plot,
//! verdict), every first move, the proof tree, and the problem's settings and validation. It
//! reads the parts it shows, keeps its own state in [`PanelState`] (the proof tree's fold, the
//! text fields' drafts) and pushes everything else as a [`Command`].

use super::command::{Command, Commands, SetupEdit};
use super::doc_state::{DocState, TextField};
use super::explore_panel::explore_section;
use super::jobs::Jobs;
use super::live::thousands;
use super::live_view::live_view;
use super::net_panel::net_checkbox;
use super::net_status::NetState;
use super::panel_state::PanelState;
use super::proof_nav::{node_hover, node_label};
use super::reduce_panel::reduce_section;
use super::settings::Settings;
use super::solve_job::ClaimChoice;
use super::view_state::{Mode, ViewState};
use crate::go::Color;
use crate::problem::{Goal, KoRule};
use crate::report::verdict::how_words;
use crate::solver::jobs::book::{book_first_moves, first_move_in_book};
use crate::solver::jobs::first_moves::MoveResult;
use crate::solver::proof::certify::CheckVerdict;
use crate::solver::{LeafKind, ProofNode, Role};

/// What the side panel reads, its own state (the proof tree's fold, the text fields' drafts)
/// and the queue it pushes into.
pub struct SidePanel<'a> {
    pub settings: &'a Settings,
    pub doc: &'a DocState,
    pub jobs: &'a Jobs,
    pub view: &'a ViewState,
    pub net: &'a NetState,
    pub panels: &'a mut PanelState,
    pub out: &'a mut Commands,
}

impl SidePanel<'_> {
    /// Draw the panel.
    pub fn show(mut self, ui: &mut egui::Ui) {
        // A proof gets the lower part of the panel to itself (60% of it in Proof and Edit
        // mode, 35% in Explore and Try to refute, whose moves and controls are above it;
        // resizable, each size kept apart), so the tree has room in a small window whatever the
        // sections above it hold.
        let revision = self.doc.problem.revision();
        let has_tree = self
            .jobs
            .finished
            .as_ref()
            .is_some_and(|f| f.revision == revision && f.proof.is_some());
        if has_tree && !self.panels.proof_tree_folded {
            let height = ui.available_height();
            let playing = matches!(self.view.mode, Mode::Explore | Mode::Refute);
            let (id, share) = if playing {
                ("proof-tree-dock-play", 0.35)
            } else {
                ("proof-tree-dock", 0.6)
            };
            egui::Panel::bottom(id)
                .resizable(true)
                .default_size((height * share).max(160.0))
                .size_range(120.0..=(height * 0.85).max(120.0))
                .show(ui, |ui| {
                    ui.add_space(4.0);
                    self.proof_tree_header(ui, "⏷");
                    self.proof_section(ui);
                });
        }
        // Vertical only: labels wrap at the panel's width instead of scrolling sideways.
        egui::ScrollArea::vertical()
            .auto_shrink([false, false])
            .show(ui, |ui| {
                egui::CollapsingHeader::new("Solver")
                    .default_open(true)
                    .show(ui, |ui| self.solver_section(ui));
                if matches!(self.view.mode, Mode::Explore | Mode::Refute) {
                    egui::CollapsingHeader::new("Explore")
                        .default_open(true)
                        .show(ui, |ui| {
                            explore_section(ui, self.doc, self.jobs, self.view, self.out)
                        });
                }
                egui::CollapsingHeader::new("Every first move")
                    .default_open(true)
                    .show(ui, |ui| self.all_moves_section(ui));
                if !has_tree {
                    egui::CollapsingHeader::new("Proof tree")
                        .default_open(true)
                        .show(ui, |ui| self.proof_section(ui));
                } else if self.panels.proof_tree_folded {
                    self.proof_tree_header(ui, "⏵");
                }
                egui::CollapsingHeader::new("Problem")
                    .default_open(true)
                    .show(ui, |ui| self.problem_section(ui));
            });
    }

    /// The proof tree's header: a click folds the tree away (room for the sections above) or
    /// brings it back.
    fn proof_tree_header(&mut self, ui: &mut egui::Ui, icon: &str) {
        ui.horizontal(|ui| {
            ui.label(icon);
            let title = egui::Button::new(egui::RichText::new("Proof tree").strong()).frame(false);
            let hover = if self.panels.proof_tree_folded {
                "Show the proof tree in the lower part of this panel."
            } else {
                "Fold the proof tree away (room for the sections above)."
            };
            if ui.add(title).on_hover_text(hover).clicked() {
                self.panels.proof_tree_folded = !self.panels.proof_tree_folded;
            }
        });
    }

    /// "Judge every first move": the button, the progress or the solutions, one line per move.
    fn all_moves_section(&mut self, ui: &mut egui::Ui) {
        let valid = self.doc.problem.problem().is_ok();
        let running = self.jobs.all_moves.as_ref().is_some_and(|j| j.is_running());
        ui.horizontal_wrapped(|ui| {
            if running {
                if ui.button("⏹ Stop judging").clicked() {
                    self.out.push(Command::StopJudging);
                }
            } else if ui
                .add_enabled(valid, egui::Button::new("Judge every first move"))
                .on_hover_text(
                    "Play each legal first move (pass included) and solve the position after \
                     it, each within the limits: works, fails (with the refutation), seki, ko \
                     or unknown.",
                )
                .clicked()
            {
                self.out.push(Command::JudgeAllMoves);
            }
        });
        let size = self.doc.problem.setup().size;
        let Some(job) = &self.jobs.all_moves else {
            return;
        };
        if job.revision != self.doc.problem.revision() {
            ui.weak("(for an earlier version of the problem)");
        }
        ui.label(egui::RichText::new(job.status()).strong());
        let defends = self.doc.first_mover_defends();
        let mut back = false;
        if self.jobs.viewing_move.is_some() && ui.button("← Back to the problem").clicked() {
            back = true;
        }
        let current = job.revision == self.doc.problem.revision();
        let mut open = None;
        for (mv, result, line) in job.lines(size) {
            let (_, color) = super::all_moves::mark(result, defends);
            let text = egui::RichText::new(line).monospace().color(color);
            let selected = self.jobs.viewing_move == Some(mv);
            let decided = !matches!(result, MoveResult::Unknown);
            let r = ui.add_enabled(
                current && decided,
                egui::Button::selectable(selected, text).wrap(),
            );
            let what = if result.is_solution(defends) {
                "Show the proof that this move works"
            } else {
                "Show the refutation of this move"
            };
            if r.on_hover_text(what).clicked() {
                open = Some(mv);
            }
        }
        if back {
            self.out.push(Command::CloseMoveProof);
        }
        if let Some(mv) = open {
            self.out.push(Command::OpenMoveProof(mv));
        }
    }

    fn solver_section(&mut self, ui: &mut egui::Ui) {
        let running = self.jobs.live.is_running();
        // The panel's choices change copies; a change is a command (it changes the settings of
        // the next solve).
        let mut claim = self.settings.claim;
        let mut limits = self.settings.limits.clone();
        ui.add_enabled_ui(!running, |ui| {
            ui.horizontal_wrapped(|ui| {
                ui.label("Prove:");
                for c in ClaimChoice::ALL {
                    ui.selectable_value(&mut claim, c, c.label());
                }
            });
            ui.horizontal_wrapped(|ui| {
                ui.label("Time (s):");
                ui.add(
                    egui::DragValue::new(&mut limits.time_secs)
                        .range(0.0..=86_400.0)
                        .speed(1.0),
                )
                .on_hover_text("0 = no limit");
                ui.label("Nodes:");
                ui.add(
                    egui::DragValue::new(&mut limits.max_nodes)
                        .range(0..=u64::MAX)
                        .speed(1000.0),
                )
                .on_hover_text("0 = no limit");
            });
            ui.horizontal_wrapped(|ui| {
                ui.label("Engine:");
                // Every run choice of the solver's registry, in its order: the engines,
                // then the portfolio.
                for choice in crate::solver::engines::choices() {
                    ui.selectable_value(&mut limits.engine, choice.id, choice.label)
                        .on_hover_text(engine_hover(choice));
                }
                ui.separator();
                net_checkbox(ui, &mut limits, self.net);
            });
            ui.horizontal_wrapped(|ui| {
                ui.label("OR width:");
                ui.checkbox(&mut limits.auto_width, "auto").on_hover_text(
                    "Full width and width 8 in turn with growing budgets (width 8 first on \
                         regions of more than 20 empty points); the verdict says which decided.",
                );
                ui.add_enabled(
                    !limits.auto_width,
                    egui::DragValue::new(&mut limits.or_width)
                        .range(0..=361)
                        .speed(0.2),
                )
                .on_hover_text(
                    "Try only the N most promising moves of the OR player (0 = all). \
                     A search that fails with pruning reports 'unknown', never 'fails'.",
                );
            });
        });
        if claim != self.settings.claim {
            self.out.push(Command::SetClaim(claim));
        }
        if limits != self.settings.limits {
            self.out.push(Command::SetLimits(limits));
        }
        let valid = self.doc.problem.problem().is_ok();
        ui.horizontal_wrapped(|ui| {
            if ui
                .add_enabled(!running && valid, egui::Button::new("▶ Solve"))
                .on_disabled_hover_text("fix the problem first (see Problem below)")
                .clicked()
            {
                self.out.push(Command::Solve);
            }
            if ui
                .add_enabled(running, egui::Button::new("■ Stop"))
                .clicked()
            {
                self.out.push(Command::StopSolve);
            }
            if running {
                // Text, not a spinner: an animation would redraw the window continuously.
                ui.label(if self.jobs.live.checking.is_some() {
                    "proven, checking…"
                } else {
                    "solving…"
                });
            }
        });
        if let Some(v) = &self.jobs.live.checking {
            ui.label(format!("{v} Proven, checking the proof…"));
        }
        live_view(ui, &self.jobs.live);
        if self.jobs.live.samples.len() > 1 {
            let points = egui_plot::PlotPoints::from(self.jobs.live.samples.clone());
            egui_plot::Plot::new("rate")
                .height(90.0)
                .allow_scroll(false)
                .allow_zoom(false)
                .allow_drag(false)
                .x_axis_label("s")
                .y_axis_label("nodes/s")
                .show(ui, |p| p.line(egui_plot::Line::new("nodes/s", points)));
        }
        if let Some(f) = &self.jobs.finished {
            ui.separator();
            let stale = f.revision != self.doc.problem.revision();
            let mut text = egui::RichText::new(&f.verdict).strong();
            if f.check == Some(CheckVerdict::Failed) {
                // A rejected proof (a solve's internal error, or a proof file's) stands out.
                text = text.color(ui.visuals().error_fg_color);
            }
            ui.label(if stale { text.weak() } else { text });
            if f.searches.len() > 1 {
                for (claim, s, how) in &f.searches {
                    ui.label(format!("  {}", how_words(claim, s, *how)));
                }
            }
            ui.weak(&f.details).on_hover_text(
                "The search's figures. Proof: the tree of moves that proves the result (its \
                 nodes and depth). Relevance zone: the points the proof depends on; a stone \
                 added outside it changes nothing. Width: how many of the proving side's moves \
                 were tried at each turn (full width: all).",
            );
            let book = book_first_moves(f.claim());
            if !book.is_empty() {
                let size = f.claim().size();
                let moves: Vec<String> = book.iter().map(|m| m.to_gtp(size)).collect();
                let found = first_move_in_book(f.solution().first_move, &book);
                ui.label(format!(
                    "book answer: {}{}",
                    moves.join(", "),
                    match found {
                        Some(true) => " ✔ (agrees)",
                        Some(false) => " × (differs)",
                        None => "",
                    }
                ));
            }
        }
    }

    fn proof_section(&mut self, ui: &mut egui::Ui) {
        let revision = self.doc.problem.revision();
        let shared = self
            .jobs
            .finished
            .as_ref()
            .filter(|f| f.revision == revision)
            .and_then(|f| f.proof.clone());
        let Some(tree) = shared else {
            match self.jobs.file_proof_note(revision) {
                Some(Ok(reading)) => ui.weak(reading),
                Some(Err(unreadable)) => ui.colored_label(ui.visuals().error_fg_color, unreadable),
                None => ui.weak("Solve the problem to see its proof tree."),
            };
            return;
        };
        let size = tree.size;
        if let Some(opposite) = self
            .jobs
            .finished
            .as_ref()
            .and_then(|f| f.refutation_claim.as_ref())
        {
            ui.label(format!(
                "The proof that {} {} (the opposite claim), which shows the failure:",
                opposite.or_player(),
                opposite.goal().verb()
            ));
        }
        // A proof "by ko" of the side that needs ko threats is made with it as ko master.
        if let Some(claim) = self
            .jobs
            .finished
            .as_ref()
            .map(|f| f.proof_claim())
            .filter(|c| c.ko_rule(c.or_player()).ignores_ko_ban())
        {
            let or = claim.or_player();
            ui.label(format!(
                "The proof that {or} {} with ko threats enough: it retakes kos at once (in Try \
                 to refute, after a threat).",
                crate::report::verdict::verbs(claim.goal()).0
            ))
            .on_hover_text(format!("The claim proven has {or} as ko master."));
        }
        reduce_section(ui, self.jobs, &self.settings.reduce, revision, self.out);
        ui.separator();
        // Before / After may have switched the proof just now.
        let tree = self
            .jobs
            .finished
            .as_ref()
            .and_then(|f| f.proof.clone())
            .unwrap_or(tree);
        let which = match &self.jobs.before_after {
            Some(ba) if ba.showing_after => "The smaller proof: ",
            Some(_) => "The proof as solved: ",
            None => "",
        };
        let node = self.view.cursor.node(&tree);
        ui.label(format!(
            "{which}{} nodes, depth {} · selected: zone {} points{}",
            thousands(tree.node_count() as u64),
            tree.root.depth(),
            node.zone.len(),
            if node.children.iter().any(|c| c.null_move) {
                ", with answers that cover many moves (⊘)"
            } else {
                ""
            }
        ))
        .on_hover_text("Keys: ←/→ parent/child, ↑/↓ siblings, Home/End root/leaf.");
        // Rows keep their start: the tree scrolls only up and down, each row is cut at its
        // end (the whole label on hover) and the indent per level is small. It fills the rest
        // of the panel's lower part.
        egui::ScrollArea::vertical()
            .id_salt("proof-tree")
            .auto_shrink([false, false])
            .show(ui, |ui| {
                ui.spacing_mut().indent = 10.0;
                let mut path = Vec::new();
                self.tree_node(ui, &tree.root, None, &mut path, size);
            });
    }

    fn tree_node(
        &mut self,
        ui: &mut egui::Ui,
        node: &ProofNode,
        parent: Option<&ProofNode>,
        path: &mut Vec<usize>,
        size: usize,
    ) {
        let mut text = node_label(node, parent, size);
        let ko = self
            .jobs
            .finished
            .as_ref()
            .is_some_and(|f| f.ko_captures.iter().any(|k| k == path));
        if ko {
            text.push_str(" · ko capture");
        }
        // Leaves in colour: seki apart from life (unconditional, or by links).
        let label = match node.role {
            Role::Leaf(LeafKind::Seki) => {
                egui::RichText::new(text).color(egui::Color32::from_rgb(150, 70, 210))
            }
            Role::Leaf(LeafKind::Alive | LeafKind::Linked) => {
                egui::RichText::new(text).color(egui::Color32::from_rgb(40, 150, 70))
            }
            Role::Leaf(LeafKind::StaticDead) => {
                egui::RichText::new(text).color(egui::Color32::from_rgb(190, 90, 40))
            }
            _ => egui::RichText::new(text),
        };
        let selected = self.view.cursor.path() == path.as_slice();
        let on_path = self.view.cursor.path().starts_with(path);
        let hover = node_hover(node, parent);
        let row = |ui: &mut egui::Ui| {
            let r = ui.add(egui::Button::selectable(selected, label).truncate());
            if selected {
                r.scroll_to_me(None);
            }
            r.on_hover_text(hover)
        };
        if node.children.is_empty() {
            if row(ui).clicked() {
                self.out.push(Command::SelectNode(path.clone()));
            }
            return;
        }
        let id = ui.make_persistent_id(("proof-node", path.clone()));
        let mut state = egui::collapsing_header::CollapsingState::load_with_default_open(
            ui.ctx(),
            id,
            path.len() < 2,
        );
        if on_path && !selected {
            state.set_open(true);
        }
        state
            .show_header(ui, |ui| {
                if row(ui).clicked() {
                    self.out.push(Command::SelectNode(path.clone()));
                }
            })
            .body(|ui| {
                for (i, child) in node.children.iter().enumerate() {
                    path.push(i);
                    self.tree_node(ui, child, Some(node), path, size);
                    path.pop();
                }
            });
    }

    fn problem_section(&mut self, ui: &mut egui::Ui) {
        ui.label("Tool (click or drag on the board in ✏ Edit mode):");
        ui.horizontal_wrapped(|ui| {
            for t in super::edit::Tool::ALL {
                if ui
                    .selectable_label(self.view.tool == t, t.label())
                    .clicked()
                {
                    self.out.push(Command::SelectTool(t));
                }
            }
        });
        let setup = self.doc.problem.setup().clone();
        ui.horizontal_wrapped(|ui| {
            ui.label("To move:");
            for c in [Color::Black, Color::White] {
                if ui
                    .selectable_label(setup.to_move == Some(c), c.to_string())
                    .clicked()
                {
                    self.out.push(Command::Edit(SetupEdit::ToMove(c)));
                }
            }
        });
        let or = setup.or_player.unwrap_or(Color::Black);
        let goal = setup.goal.unwrap_or(Goal::Live);
        ui.horizontal_wrapped(|ui| {
            let label = ui
                .label("Side with the goal:")
                .on_hover_text("The side that must reach the goal (the search's OR player).");
            egui::ComboBox::from_id_salt("or-player")
                .selected_text(or.to_string())
                .show_ui(ui, |ui| {
                    for c in [Color::Black, Color::White] {
                        if ui.selectable_label(or == c, c.to_string()).clicked() {
                            self.out.push(Command::Edit(SetupEdit::Claim(c, goal)));
                        }
                    }
                })
                .response
                .labelled_by(label.id);
            let label = ui.label("goal:");
            egui::ComboBox::from_id_salt("goal")
                .selected_text(goal_text(goal))
                .show_ui(ui, |ui| {
                    for g in Goal::ALL {
                        let r = ui.selectable_label(goal == g, goal_text(g));
                        if r.on_hover_text(goal_help(g)).clicked() {
                            self.out.push(Command::Edit(SetupEdit::Claim(or, g)));
                        }
                    }
                })
                .response
                .on_hover_text(goal_help(goal))
                .labelled_by(label.id);
        });
        for c in [Color::Black, Color::White] {
            let rule = setup.ko_rules.get(c).unwrap_or(KoRule::default_for(c, or));
            ui.horizontal_wrapped(|ui| {
                ui.label(format!("Ko, {c}:"));
                for r in KoRule::ALL {
                    let help = match r {
                        KoRule::Allow => "may capture kos (not right after a ko capture)",
                        KoRule::Disallow => "never makes a ko capture: wins without ko",
                        KoRule::Master => "may retake a ko at once, as if it had a ko threat",
                    };
                    if ui
                        .selectable_label(rule == r, r.name())
                        .on_hover_text(help)
                        .clicked()
                    {
                        self.out.push(Command::Edit(SetupEdit::KoRule(c, r)));
                    }
                }
            });
        }
        ui.horizontal(|ui| self.text_field(ui, TextField::Name));
        ui.horizontal(|ui| self.text_field(ui, TextField::Source));
        ui.horizontal_top(|ui| self.text_field(ui, TextField::Comment));
        ui.horizontal_wrapped(|ui| {
            let undo = ui.add_enabled(self.doc.problem.can_undo(), egui::Button::new("↶ Undo"));
            if undo.on_hover_text("Ctrl+Z").clicked() {
                self.out.push(Command::Undo);
            }
            let redo = ui.add_enabled(self.doc.problem.can_redo(), egui::Button::new("↷ Redo"));
            if redo.on_hover_text("Ctrl+Shift+Z").clicked() {
                self.out.push(Command::Redo);
            }
        });
        match self.doc.problem.problem() {
            Ok(p) => {
                ui.label(format!(
                    "✔ valid: region {} points ({} empty), {} crucial stone(s)",
                    p.region().len(),
                    p.region_empty_points().len(),
                    p.crucial().len()
                ));
                if p.is_open() {
                    ui.label("◌ open boundary: the crucial stones can reach outside the region")
                        .on_hover_text(
                            "Solved as an open-boundary problem: a win holds on the whole board \
                             (the wall outside the region taken as safe); running out of the \
                             region counts for neither side, so a failure is reported only when \
                             the other side's claim is proven, else unknown.",
                        );
                }
                if !p.territory().is_empty() {
                    ui.label(format!(
                        "territory claimed: {} point(s) (TSTERR)",
                        p.territory().len()
                    ))
                    .on_hover_text(
                        "The defender wins only when every crucial block lives and each of these \
                         points is safe without search (territory safe).",
                    );
                }
                if let Some(book) = book_answer(p) {
                    ui.label(book).on_hover_text(
                        "The answer the file gives (correct and wrong first moves of its tree)",
                    );
                }
            }
            Err(errors) => {
                let red = ui.visuals().error_fg_color;
                ui.colored_label(red, "✖ not a valid problem yet (cannot be solved):");
                for m in errors.messages() {
                    ui.colored_label(red, format!("• {m}"));
                }
            }
        }
    }
}

/// `Book answer: D1 · wrong: C1, E1` for a problem whose file has an answer tree.
fn book_answer(p: &crate::problem::Problem) -> Option<String> {
    let answer = p.answer();
    if answer.is_empty() {
        return None;
    }
    let names = |moves: Vec<crate::go::Move>| crate::problem::coords::moves_gtp(&moves, p.size());
    let correct = answer.correct_first_moves();
    let wrong = answer.wrong_first_moves();
    let mut text = if correct.is_empty() {
        "Book answer: no correct first move".to_string()
    } else {
        format!("Book answer: {}", names(correct))
    };
    if !wrong.is_empty() {
        text += &format!(" · wrong: {}", names(wrong));
    }
    Some(text)
}

/// A goal in words for the claim selector.
/// What a goal means, for the goal box's hover text.
fn goal_help(goal: Goal) -> &'static str {
    match goal {
        Goal::Live => "The crucial stones are never captured: seki counts as life.",
        Goal::LiveUca => "A crucial stone reaches unconditional life (Benson): seki is not enough.",
        Goal::LiveAny => "Any defender stone reaches unconditional life (7x7 kill-all).",
        Goal::Kill => "Every crucial stone is captured: a seki is not a kill.",
        Goal::KillUca => "No crucial stone reaches unconditional life (the RZS paper's kill).",
        Goal::KillAll => "No defender stone reaches unconditional life (7x7 kill-all).",
        Goal::LiveAnySeki => "Some defender stone is never captured: seki counts (Killall-Go).",
        Goal::KillAllSeki => "Every defender stone is captured: a seki is not a kill (Killall-Go).",
        Goal::LiveAll => {
            "Every crucial block is never captured: seki counts (the safety of an area's boundary)."
        }
        Goal::LiveAllUca => "Every crucial block reaches unconditional life (Benson).",
        Goal::KillAny => "Some crucial block is captured: a seki keeping them all is not a kill.",
        Goal::KillAnyUca => "Some crucial block cannot reach unconditional life.",
        Goal::OneEye => {
            "An eye in the region connected to every crucial stone (the one-eye problem: the \
             crucial stones have one safe eye outside the region already)."
        }
        Goal::NoEye => "No eye connected to every crucial stone, or a crucial stone captured.",
    }
}

fn goal_text(g: Goal) -> &'static str {
    match g {
        Goal::Live => "lives (seki too)",
        Goal::LiveUca => "lives (Benson)",
        Goal::LiveAny => "any group lives",
        Goal::Kill => "kills",
        Goal::KillUca => "kills (Benson)",
        Goal::KillAll => "kills all",
        Goal::LiveAnySeki => "any group lives (seki too)",
        Goal::KillAllSeki => "kills all (seki lives)",
        Goal::LiveAll => "every block lives (seki too)",
        Goal::LiveAllUca => "every block lives (Benson)",
        Goal::KillAny => "captures a block",
        Goal::KillAnyUca => "captures a block (Benson)",
        Goal::OneEye => "makes one eye",
        Goal::NoEye => "denies the eye",
    }
}

impl SidePanel<'_> {
    /// A text field that keeps what is typed: the text lives in a draft while the field has
    /// focus (the problem's value would overwrite it every frame) and becomes one undoable edit
    /// when the field is left.
    fn text_field(&mut self, ui: &mut egui::Ui, field: TextField) {
        let current = field.get(self.doc.problem.setup()).to_string();
        let label = ui.label(field.label());
        let mut text = self
            .panels
            .drafts
            .get_mut(field)
            .clone()
            .unwrap_or_else(|| current.clone());
        // As wide as the panel leaves (egui's default, 280 px, would widen a narrow panel).
        let width = ui.available_width().max(60.0);
        let widget = match field {
            TextField::Name | TextField::Source => {
                egui::TextEdit::singleline(&mut text).desired_width(width)
            }
            TextField::Comment => egui::TextEdit::multiline(&mut text)
                .desired_rows(2)
                .desired_width(width),
        };
        let edit = ui.add(widget).labelled_by(label.id);
        if edit.lost_focus() {
            *self.panels.drafts.get_mut(field) = None;
            if text != current {
                self.out.push(Command::Edit(SetupEdit::Text(field, text)));
            }
        } else if edit.has_focus() {
            *self.panels.drafts.get_mut(field) = Some(text);
        }
    }
}

/// A run choice's hover text: the registry's description (the command line's help), and for
/// the portfolio which net its MCTS lane takes here (the command line's `--net` is not the
/// studio's).
fn engine_hover(choice: crate::solver::engines::Choice) -> String {
    match choice.id {
        crate::solver::EngineChoice::Portfolio => format!(
            "{}.\n\nIn the studio its MCTS lane takes the net when Net is on, else the \
             heuristic prior; it reports no progress while it runs.",
            choice.description
        ),
        crate::solver::EngineChoice::One(_) => choice.description.to_string(),
    }
}
