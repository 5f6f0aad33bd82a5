//! The net on the studio: loading it when something asks for it, the solver panel's Net choice,
//! and the two net overlays (the policy as a heat map, the d-win estimate under the board) for
//! the position shown in each mode. The data and the worker are in [`super::net_view`].

use super::app::StudioApp;
use super::net_status::NetState;
use super::net_view::NetPosition;
use super::theme::Palette;
use super::view_state::Mode;

impl StudioApp {
    /// Something wants the net: the solver panel's choice or a net overlay.
    pub fn wants_net(&self) -> bool {
        let o = &self.settings.overlays;
        self.settings.limits.use_net || o.net_policy || o.net_value
    }

    /// Starts loading the net on a worker thread (once), saying so in the status bar.
    pub fn load_net(&mut self, ctx: &egui::Context) {
        if !matches!(self.net.status, NetState::NotLoaded) {
            return;
        }
        let wake = ctx.clone();
        self.net
            .status
            .start(self.net.weights.clone(), move || wake.request_repaint());
        self.info("Loading the net…");
    }

    /// Once per frame, before the layout: takes the loading worker's answer, starts loading
    /// when the net is wanted and not loaded yet (also for choices saved on in the last
    /// session), takes the view worker's answers and asks about the shown position when a net
    /// overlay is on.
    pub fn net_frame(&mut self, ctx: &egui::Context) {
        if let Some((line, error)) = self.net.status.poll() {
            if error {
                self.warn(line);
            } else {
                self.info(line);
            }
        }
        if self.wants_net() && matches!(self.net.status, NetState::NotLoaded) {
            self.load_net(ctx);
        }
        self.net.view.poll();
        let o = &self.settings.overlays;
        if !(o.net_policy || o.net_value) {
            return;
        }
        let (Some(guide), Some(position)) =
            (self.net.status.guide().cloned(), self.shown_position())
        else {
            return;
        };
        let wake = ctx.clone();
        if let Err(e) = self
            .net
            .view
            .ask(&guide, position, move || wake.request_repaint())
        {
            self.warn(e);
        }
    }

    /// The position on the board, as the net is asked about it: the problem's position in
    /// Edit mode, the selected proof node's in Proof mode, the explored (or replayed) position
    /// in Explore (or Try to refute); about the open problem's claim, or in Proof and Try to
    /// refute about the claim the proof proves. `None` when the
    /// problem is not valid or the mode has nothing to show.
    pub fn shown_position(&self) -> Option<NetPosition> {
        let problem = self.doc.problem.problem().ok()?;
        match self.view.mode {
            Mode::Edit => Some(NetPosition::new(
                problem,
                problem.board().clone(),
                problem.to_move(),
                &[],
            )),
            Mode::Proof => {
                // About the claim the proof proves (the opposite one for a proven failure).
                let (f, tree) = (self.jobs.finished.as_ref()?, self.proof()?);
                let claim = f.proof_claim();
                let board = self.view.cursor.board(claim, tree);
                let line = self.view.cursor.line(tree);
                let to_move = self.view.cursor.node(tree).to_move;
                Some(NetPosition::new(claim, board, to_move, &line))
            }
            Mode::Explore => {
                let t = &self.explore_current()?.tree;
                Some(NetPosition::new(
                    problem,
                    t.board().clone(),
                    t.to_move(),
                    &t.line(),
                ))
            }
            Mode::Refute => {
                let r = self.view.replay.as_ref()?;
                let claim = self.jobs.finished.as_ref()?.proof_claim();
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

    /// The net's policy for the shown position, when the overlay is on and the net answered.
    pub fn heat(&self) -> Vec<(crate::go::Point, f32)> {
        if !self.settings.overlays.net_policy {
            return Vec::new();
        }
        self.shown_position()
            .and_then(|p| self.net.view.answer(&p.key()).map(|a| a.heat.clone()))
            .unwrap_or_default()
    }

    /// The d-win line under the board (or what stands in its way).
    pub fn net_value_line(&self) -> String {
        if let Some(why) = self.net.status.why_not() {
            return format!("Net: {why}");
        }
        let Some(position) = self.shown_position() else {
            return "Net: no position to evaluate (the problem is not valid)".to_string();
        };
        match self.net.view.answer(&position.key()) {
            Some(answer) => answer.dwin_line(),
            None => "Net: evaluating…".to_string(),
        }
    }

    /// The legend's net rows (each overlay that is on), under the other entries.
    pub fn net_legend(&self, ui: &mut egui::Ui, palette: &Palette) {
        let o = &self.settings.overlays;
        if o.net_policy {
            let position = self.shown_position();
            let answer = position
                .as_ref()
                .and_then(|p| self.net.view.answer(&p.key()));
            ui.horizontal(|ui| {
                match &position {
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
                if let Some(why) = self.net.status.why_not() {
                    ui.weak(format!("({why})"));
                }
            });
        }
        if o.net_value {
            ui.add(egui::Label::new(self.net_value_line()).truncate())
                .on_hover_text(
                    "The net's \"Faster to Life\" estimate for the position on the board: the \
                     probability that the problem's OR player reaches its goal within so many \
                     more moves. An estimate to read, never a proof.",
                );
        }
    }

    /// How many rows [`StudioApp::net_legend`] takes.
    pub fn net_legend_rows(&self) -> usize {
        let o = &self.settings.overlays;
        usize::from(o.net_policy) + usize::from(o.net_value)
    }

    /// The solver panel's Net choice: on only when the net is loaded; ticking it while nothing
    /// is loaded starts loading (the tick shows, greyed, until the net is there). With an
    /// engine that does not ask a guide, the choice stays but says it has no effect.
    pub fn net_checkbox(&mut self, ui: &mut egui::Ui) {
        const WHAT: &str = "Guide the search by the net: df-pn costs its moves by the net's \
                            policy near the root, MCTS searches by its priors. A guide only \
                            orders the search; every result is still proven and checked.";
        let engine = super::side_panel::engine_choice(self.settings.limits.engine);
        let used = engine.is_some_and(|c| c.uses_guide);
        match &self.net.status {
            NetState::Ready { name, .. } => {
                let hover = format!("{WHAT}\n\nNet: {name}");
                ui.checkbox(&mut self.settings.limits.use_net, "Net")
                    .on_hover_text(hover);
            }
            NetState::NotLoaded => {
                let mut on = false;
                let r = ui.checkbox(&mut on, "Net").on_hover_text(format!(
                    "{WHAT}\n\nThe net is not loaded yet: ticking this loads it (libtorch and \
                     the weights) in the background."
                ));
                if r.changed() && on {
                    self.settings.limits.use_net = true;
                }
            }
            NetState::Loading(_) | NetState::Unavailable(_) => {
                let why = self.net.status.why_not().unwrap_or_default();
                let loading = matches!(self.net.status, NetState::Loading(_));
                let mut shown = loading && self.settings.limits.use_net;
                ui.add_enabled(false, egui::Checkbox::new(&mut shown, "Net"))
                    .on_disabled_hover_text(format!("{WHAT}\n\nNow: {why}"));
            }
        }
        if self.settings.limits.use_net && self.net.status.guide().is_some() && !used {
            let label = engine.map_or("this engine", |c| c.label);
            ui.weak(format!("({label} does not use it)"));
        }
    }

    /// The net's guide when the solver panel asks for it, the net is loaded and the engine
    /// asks a guide.
    pub fn solve_guide(&self) -> Option<crate::solver::knowledge::guide::GuideHandle> {
        let used = super::side_panel::engine_choice(self.settings.limits.engine)
            .is_some_and(|c| c.uses_guide);
        if self.settings.limits.use_net && used {
            self.net.status.guide().cloned()
        } else {
            None
        }
    }
}
