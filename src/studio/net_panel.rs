//! The net on the studio: the solver panel's Net choice, and the two net overlays (the policy
//! as a heat map, the d-win estimate under the board) for the position shown in each mode. The
//! data and the worker are in [`super::net_view`]; loading and asking are handled in
//! [`super::apply_net`].

use super::doc_state::DocState;
use super::jobs::Jobs;
use super::net::Net;
use super::net_status::NetState;
use super::net_view::NetPosition;
use super::settings::{Limits, Settings};
use super::theme::Palette;
use super::view_state::{Mode, ViewState};

/// The position on the board, as the net is asked about it: the problem's position in
/// Edit mode, the selected proof node's in Proof mode, the explored (or replayed) position
/// in Explore (or Try to refute); about the open problem's claim, or in Proof and Try to
/// refute about the claim the proof proves. `None` when the
/// problem is not valid or the mode has nothing to show.
pub fn shown_position(doc: &DocState, jobs: &Jobs, view: &ViewState) -> Option<NetPosition> {
    let problem = doc.problem.problem().ok()?;
    match view.mode {
        Mode::Edit => Some(NetPosition::new(
            problem,
            problem.board().clone(),
            problem.to_move(),
            &[],
        )),
        Mode::Proof => {
            // About the claim the proof proves (the opposite one for a proven failure).
            let (f, tree) = (jobs.finished.as_ref()?, jobs.proof(doc.problem.revision())?);
            let claim = f.proof_claim();
            let board = view.cursor.board(claim, tree);
            let line = view.cursor.line(tree);
            let to_move = view.cursor.node(tree).to_move;
            Some(NetPosition::new(claim, board, to_move, &line))
        }
        Mode::Explore => {
            let t = &view.explore_at(doc.problem.revision())?.tree;
            Some(NetPosition::new(
                problem,
                t.board().clone(),
                t.to_move(),
                &t.line(),
            ))
        }
        Mode::Refute => {
            let r = view.replay.as_ref()?;
            let claim = jobs.finished.as_ref()?.proof_claim();
            let to_move = r
                .moves()
                .last()
                .map_or(claim.to_move(), |&(c, _)| c.opponent());
            Some(NetPosition::new(
                claim,
                r.board().clone(),
                to_move,
                r.moves(),
            ))
        }
    }
}

/// The net's policy for `position`, when the overlay is on and the net answered.
pub fn heat(
    settings: &Settings,
    net: &Net,
    position: Option<&NetPosition>,
) -> Vec<(crate::go::Point, f32)> {
    if !settings.overlays.net_policy {
        return Vec::new();
    }
    position
        .and_then(|p| net.view.answer(&p.key()).map(|a| a.heat.clone()))
        .unwrap_or_default()
}

/// The d-win line under the board for `position` (or what stands in its way).
pub fn net_value_line(net: &Net, position: Option<&NetPosition>) -> String {
    if let Some(why) = net.status.why_not() {
        return format!("Net: {why}");
    }
    let Some(position) = position else {
        return "Net: no position to evaluate (the problem is not valid)".to_string();
    };
    match net.view.answer(&position.key()) {
        Some(answer) => answer.dwin_line(),
        None => "Net: evaluating…".to_string(),
    }
}

/// The legend's net rows (each overlay that is on), under the other entries.
pub fn net_legend(
    ui: &mut egui::Ui,
    settings: &Settings,
    net: &Net,
    position: Option<&NetPosition>,
    palette: &Palette,
) {
    let o = &settings.overlays;
    if o.net_policy {
        let answer = position.and_then(|p| net.view.answer(&p.key()));
        ui.horizontal(|ui| {
            match position {
                Some(p) => ui.label(format!("net policy ({} to move), % per move:", p.to_move)),
                None => ui.label("net policy, % per move:"),
            };
            for share in [0.05, 0.25, 0.5, 1.0] {
                let color =
                    super::chrome::on_wood(palette.wood, super::board_view::heat_color(share));
                ui.label(egui::RichText::new("●").color(color).size(16.0));
            }
            ui.label("least → most likely");
            if let Some(a) = answer {
                ui.label(format!("· pass {:.0}%", a.pass * 100.0));
            }
            if let Some(why) = net.status.why_not() {
                ui.weak(format!("({why})"));
            }
        });
    }
    if o.net_value {
        ui.add(egui::Label::new(net_value_line(net, position)).truncate())
            .on_hover_text(
                "The net's \"Faster to Life\" estimate for the position on the board: the \
                 probability that the problem's OR player reaches its goal within so many \
                 more moves. An estimate to read, never a proof.",
            );
    }
}

/// How many rows [`net_legend`] takes.
pub fn net_legend_rows(settings: &Settings) -> usize {
    let o = &settings.overlays;
    usize::from(o.net_policy) + usize::from(o.net_value)
}

/// The solver panel's Net choice: on only when the net is loaded; ticking it while nothing
/// is loaded starts loading (the tick shows, greyed, until the net is there). With an
/// engine that does not ask a guide, the choice stays but says it has no effect.
pub fn net_checkbox(ui: &mut egui::Ui, limits: &mut Limits, net: &NetState) {
    const WHAT: &str = "Guide the search by the net: df-pn costs its moves by the net's \
                        policy near the root, MCTS searches by its priors. A guide only \
                        orders the search; every result is still proven and checked.";
    let used = limits.engine.uses_guide();
    match net {
        NetState::Ready { name, .. } => {
            let hover = format!("{WHAT}\n\nNet: {name}");
            ui.checkbox(&mut limits.use_net, "Net").on_hover_text(hover);
        }
        NetState::NotLoaded => {
            let mut on = false;
            let r = ui.checkbox(&mut on, "Net").on_hover_text(format!(
                "{WHAT}\n\nThe net is not loaded yet: ticking this loads it (libtorch and \
                 the weights) in the background."
            ));
            if r.changed() && on {
                limits.use_net = true;
            }
        }
        NetState::Loading(_) | NetState::Unavailable(_) => {
            let why = net.why_not().unwrap_or_default();
            let loading = matches!(net, NetState::Loading(_));
            let mut shown = loading && limits.use_net;
            ui.add_enabled(false, egui::Checkbox::new(&mut shown, "Net"))
                .on_disabled_hover_text(format!("{WHAT}\n\nNow: {why}"));
        }
    }
    if limits.use_net && net.guide().is_some() && !used {
        let label = limits.engine.info().label;
        ui.weak(format!("({label} does not use it)"));
    }
}
