//! The net as the studio shows it. Nothing of libtorch is loaded at start-up: the net is loaded
//! on a worker thread the first time something asks for it (Net → Load the net, the solver
//! panel's Net choice, a net overlay, or one of those saved on from the last session), and the
//! result, or the one-line reason it is unavailable, goes to the status bar and the Net menu.
//! The engines work the same either way (they use the heuristic move ordering).

use crate::solver::knowledge::guide::GuideHandle;
use crossbeam_channel::{bounded, Receiver, TryRecvError};
use std::path::PathBuf;

/// Where the net stands.
#[derive(Debug, Default)]
pub enum NetState {
    /// Not asked for yet: libtorch is not in the process.
    #[default]
    NotLoaded,
    /// The worker is loading the module and the weights and running a first evaluation.
    Loading(Receiver<Result<(GuideHandle, String), String>>),
    /// Loaded: the guide the solver and the overlays use, and its name (the net's shape, the
    /// weights file, the device).
    Ready { guide: GuideHandle, name: String },
    /// Cannot be loaded: why, in one line.
    Unavailable(String),
}

impl NetState {
    /// A loaded net (also how tests give the studio a guide of their own).
    pub fn ready(guide: GuideHandle) -> NetState {
        let name = guide.guide().name();
        NetState::Ready { guide, name }
    }

    /// Starts loading on a worker thread (once; later calls do nothing): the weights at
    /// `weights`, or the shipped ones (`TSUMEGO_WEIGHTS` names another file) when `None`.
    /// `wake` repaints the window when the worker is done.
    pub fn start(&mut self, weights: Option<PathBuf>, wake: impl Fn() + Send + 'static) {
        if !matches!(self, NetState::NotLoaded) {
            return;
        }
        let (tx, rx) = bounded(1);
        let spawned = std::thread::Builder::new()
            .name("net-load".into())
            .spawn(move || {
                let _ = tx.send(load(weights));
                wake();
            });
        *self = match spawned {
            Ok(_) => NetState::Loading(rx),
            Err(e) => NetState::Unavailable(format!("could not start the loading thread: {e}")),
        };
    }

    /// Takes the worker's answer when it has come: the status line to show, and whether it is
    /// an error.
    pub fn poll(&mut self) -> Option<(String, bool)> {
        let NetState::Loading(rx) = self else {
            return None;
        };
        let result = match rx.try_recv() {
            Ok(result) => result,
            Err(TryRecvError::Empty) => return None,
            Err(TryRecvError::Disconnected) => Err("the loading thread stopped".to_string()),
        };
        *self = match result {
            Ok((guide, name)) => NetState::Ready { guide, name },
            Err(why) => NetState::Unavailable(why),
        };
        match self {
            NetState::Ready { name, .. } => Some((format!("Net loaded: {name}"), false)),
            NetState::Unavailable(why) => Some((
                format!("Net unavailable: {why}; the engines use the heuristic prior"),
                true,
            )),
            _ => None,
        }
    }

    /// The guide, when the net is loaded.
    pub fn guide(&self) -> Option<&GuideHandle> {
        match self {
            NetState::Ready { guide, .. } => Some(guide),
            _ => None,
        }
    }

    /// One line for the Net menu.
    pub fn summary(&self) -> String {
        match self {
            NetState::NotLoaded => {
                "Not loaded (libtorch is loaded only when a net is asked for)".into()
            }
            NetState::Loading(_) => "Loading…".into(),
            NetState::Ready { name, .. } => format!("Loaded: {name}"),
            NetState::Unavailable(why) => format!("Unavailable: {why}"),
        }
    }

    /// Why the net cannot be used now, in words for a tooltip (`None` when it is loaded).
    pub fn why_not(&self) -> Option<String> {
        match self {
            NetState::NotLoaded => Some("the net is not loaded yet (Net → Load the net)".into()),
            NetState::Loading(_) => Some("the net is loading…".into()),
            NetState::Ready { .. } => None,
            NetState::Unavailable(why) => Some(format!("the net is unavailable: {why}")),
        }
    }
}

/// Loads `weights`, or the shipped weights (`TSUMEGO_WEIGHTS` names another file), through the process's one
/// guide per weights file, and evaluates one position: a module, weights file or evaluation
/// that fails is an error here, not a guide that answers uniform priors later. The guide and
/// its name with the module's (the net's shape, file and device; the module and its libtorch).
#[cfg(feature = "nn")]
fn load(weights: Option<PathBuf>) -> Result<(GuideHandle, String), String> {
    use crate::go::{Board, Color, Zone};
    use crate::problem::Goal;
    use crate::solver::knowledge::guide::GuideQuery;
    // The module first: when it is missing, that is the reason to give (not the weights).
    let module = crate::nn::NetModule::get().map_err(|e| e.to_string())?;
    let guide = crate::nn::shared::guide(weights.as_deref(), crate::nn::DevicePreference::Auto)?;
    let board = Board::new(9);
    let region = Zone::full(9);
    let moves = board.legal_moves(Color::Black, Some(&region));
    let first = guide.guide().guide(&GuideQuery {
        board: &board,
        to_move: Color::Black,
        or_player: Color::Black,
        goal: Goal::LiveAny,
        region: &region,
        crucial: &Zone::new(),
        after_pass: false,
        last_move: None,
        moves: &moves,
        scores: None,
    });
    // A net answers d-win rates; none means its evaluation failed (the guide fell back).
    if first.dwin.is_empty() {
        return Err("the net's first evaluation failed".to_string());
    }
    // The device's words name libtorch already: the module's version is enough.
    let version = module.info().split(',').next().unwrap_or_default();
    let name = format!("{}; {version}", guide.guide().name());
    Ok((guide, name))
}

#[cfg(not(feature = "nn"))]
fn load(_weights: Option<PathBuf>) -> Result<(GuideHandle, String), String> {
    Err("this build has no net (built with --no-default-features)".to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::knowledge::guide::HeuristicGuide;

    #[test]
    fn a_ready_net_gives_its_guide_and_names_it() {
        let handle = GuideHandle::new(HeuristicGuide);
        let state = NetState::ready(handle.clone());
        assert_eq!(state.guide(), Some(&handle));
        assert_eq!(state.summary(), "Loaded: heuristic");
        assert!(state.why_not().is_none());
        let missing = NetState::Unavailable("no weights".into());
        assert!(missing.guide().is_none());
        assert!(missing.why_not().unwrap().contains("no weights"));
        assert!(NetState::NotLoaded
            .why_not()
            .unwrap()
            .contains("not loaded"));
    }
}
