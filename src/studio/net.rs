//! The net part of the studio's state: the net's loading status and its guide, what it says
//! about the shown position, and the weights file it loads.

use super::net_status::NetState;
use super::net_view::NetView;
use super::settings::Limits;
use std::path::PathBuf;

/// The net, as the studio uses it.
#[derive(Default)]
pub struct Net {
    /// Not loaded until the user asks for it; then loading, ready (with its guide) or failed.
    pub status: NetState,
    /// What the net says about the shown position (the net overlays), from its worker thread.
    pub view: NetView,
    /// The weights file the net loads: `None` for the shipped weights (or the file
    /// `TSUMEGO_WEIGHTS` names).
    pub weights: Option<PathBuf>,
}

impl Net {
    /// The net's guide when `limits` ask for it, the net is loaded and the engine asks a guide
    /// (the portfolio: for its MCTS lane).
    pub fn solve_guide(
        &self,
        limits: &Limits,
    ) -> Option<crate::solver::knowledge::guide::GuideHandle> {
        let used = limits.engine.uses_guide();
        if limits.use_net && used {
            self.status.guide().cloned()
        } else {
            None
        }
    }
}
