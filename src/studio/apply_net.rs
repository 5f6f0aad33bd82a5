//! The handlers of the net: loading it when something asks for it, and once a frame taking
//! the workers' answers and asking about the shown position ([`super::net_panel`] shows it).

use super::app::StudioApp;
use super::net_panel::shown_position;
use super::net_status::NetState;

impl StudioApp {
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
        if self.settings.wants_net() && matches!(self.net.status, NetState::NotLoaded) {
            self.load_net(ctx);
        }
        self.net.view.poll();
        let o = &self.settings.overlays;
        if !(o.net_policy || o.net_value) {
            return;
        }
        let (Some(guide), Some(position)) = (
            self.net.status.guide().cloned(),
            shown_position(&self.doc, &self.jobs, &self.view),
        ) else {
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
}
