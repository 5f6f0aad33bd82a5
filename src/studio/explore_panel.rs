//! The "🗺 Explore" mode on the studio: the side-panel section (the line with its marks and
//! variations, Pass / Back / Delete variation / Solve from here, in "⚔ Try to refute" the
//! game's controls), the board's scene and legend. They read the explored tree of the view and
//! push commands; the session, its moves and keys are handled in [`super::apply_explore`].
//!
//! "⚔ Try to refute" ([`Mode::Refute`]) is Explore with the AND side's moves answered by the
//! proof: its moves go into the same tree, the keys walk that tree, and the
//! [`ProofReplay`] of the refutation game is rebuilt to follow the cursor.

use super::command::{Command, Commands};
use super::doc_state::DocState;
use super::explore::{Explore, Mark};
use super::jobs::Jobs;
use super::scene::{NumberedMove, Scene};
use super::settings::Settings;
use super::view_state::{Mode, ViewState};
use crate::go::{Color, Move};
use crate::solver::proof::replay::ProofReplay;
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

/// The board in Explore mode: the explored position, move numbers, and the proof's next
/// move as a ghost stone.
pub fn explore_scene(settings: &Settings, doc: &DocState, view: &ViewState, scene: &mut Scene) {
    let Some(session) = view.explore_at(doc.problem.revision()) else {
        return;
    };
    let t = &session.tree;
    let board = t.board().clone();
    if let Ok(p) = doc.problem.problem() {
        scene.crucial = scene.crucial.intersection(&board.stones(p.defender()));
    }
    scene.board = board;
    let line = t.line();
    if settings.overlays.line {
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
pub fn explore_legend(ui: &mut egui::Ui, settings: &Settings, has_proof: bool) {
    // Each entry on one line (the legend wraps between entries, not inside one).
    let text = |ui: &mut egui::Ui, text: &str| {
        ui.add(egui::Label::new(text).wrap_mode(egui::TextWrapMode::Extend));
        ui.add_space(8.0);
    };
    if settings.overlays.line {
        text(ui, "numbers: the explored line");
    }
    if has_proof {
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

/// The side panel's Explore section (Explore and Try-to-refute).
pub fn explore_section(
    ui: &mut egui::Ui,
    doc: &DocState,
    jobs: &Jobs,
    view: &ViewState,
    out: &mut Commands,
) {
    let refute = view.mode == Mode::Refute;
    let size = doc.problem.setup().size;
    let revision = doc.problem.revision();
    let running = jobs.live.is_running();
    let proof_words = jobs.proof(revision).and(jobs.finished.as_ref()).map(|f| {
        let c = f.proof_claim();
        format!("{} {}", c.or_player(), c.goal().verb())
    });
    let Some(session) = view.explore_at(revision) else {
        ui.weak("Nothing explored yet: click 🗺 Explore above the board.");
        return;
    };
    let t = &session.tree;
    let at_start = t.path().is_empty();
    let here = t.judged_here();
    let to_move = t.to_move();
    let depth = t.path().len();
    let rows = rows(t, size);
    if refute {
        refute_controls(ui, view.replay.as_ref(), out);
    } else {
        ui.label(format!("{to_move} to move (move {}).", depth + 1));
        ui.horizontal_wrapped(|ui| {
            if ui
                .button("Pass")
                .on_hover_text("Pass for the side to move")
                .clicked()
            {
                out.push(Command::ExplorePlay(Move::Pass));
            }
            if ui
                .add_enabled(!at_start, egui::Button::new("◀ Back"))
                .on_hover_text("One move back (←); the moves after it stay as a variation")
                .clicked()
            {
                out.push(Command::ExploreBack);
            }
            if ui
                .add_enabled(!at_start, egui::Button::new("✖ Delete variation"))
                .on_hover_text("Delete this move and every move after it")
                .clicked()
            {
                out.push(Command::ExploreDelete);
            }
            if ui
                .add_enabled(!running, egui::Button::new("🔍 Solve from here"))
                .on_hover_text(
                    "Solve the position reached: the explored moves become setup moves of \
                         the problem (one edit: Undo returns to the original)",
                )
                .clicked()
            {
                out.push(Command::SolveFromHere);
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
                out.push(Command::ExploreGoto(Vec::new()));
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
                        out.push(Command::ExploreGoto(row.path.clone()));
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
                                out.push(Command::ExploreGoto(path.clone()));
                            }
                        }
                    });
                }
            }
        });
}

/// The refutation game's controls: whose move, Pass, Undo, Restart.
fn refute_controls(ui: &mut egui::Ui, replay: Option<&ProofReplay>, out: &mut Commands) {
    let Some(r) = replay else {
        return;
    };
    let and = r.and_player();
    let over = r.ending().is_some();
    let threat = r.pending_retake();
    let size = r.board().size();
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
            out.push(Command::RefuteMove(Move::Pass));
        }
        if ui.button("Undo").clicked() {
            out.push(Command::RefuteUndo);
        }
        if ui.button("Restart").clicked() {
            out.push(Command::StartRefute);
        }
    });
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
