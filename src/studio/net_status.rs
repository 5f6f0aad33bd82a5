//! The net as the studio shows it. Nothing of libtorch is loaded at start-up: the net module is
//! opened on a worker thread the first time the user asks for it (Net → Load the net), and the
//! result, or the one-line reason it is unavailable, goes to the status bar and the Net menu.
//! The engines work the same either way (they use the heuristic move ordering).

use crossbeam_channel::{bounded, Receiver, TryRecvError};

/// Where the net stands.
#[derive(Debug, Default)]
pub enum NetState {
    /// Not asked for yet: libtorch is not in the process.
    #[default]
    NotLoaded,
    /// The worker is opening the module and running a first evaluation.
    Loading(Receiver<Result<String, String>>),
    /// Loaded: the module and the device, in words.
    Ready(String),
    /// Cannot be loaded: why, in one line.
    Unavailable(String),
}

impl NetState {
    /// Starts loading on a worker thread (once; later calls do nothing). `wake` repaints the
    /// window when the worker is done.
    pub fn start(&mut self, wake: impl Fn() + Send + 'static) {
        if !matches!(self, NetState::NotLoaded) {
            return;
        }
        let (tx, rx) = bounded(1);
        let spawned = std::thread::Builder::new()
            .name("net-load".into())
            .spawn(move || {
                let _ = tx.send(load());
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
        let line = match &result {
            Ok(ready) => format!("Net loaded: {ready}"),
            Err(why) => format!("Net unavailable: {why}; the engines use the heuristic prior"),
        };
        *self = match result {
            Ok(ready) => NetState::Ready(ready),
            Err(why) => NetState::Unavailable(why),
        };
        Some((line, matches!(self, NetState::Unavailable(_))))
    }

    /// One line for the Net menu.
    pub fn summary(&self) -> String {
        match self {
            NetState::NotLoaded => {
                "Not loaded (libtorch is loaded only when a net is asked for)".into()
            }
            NetState::Loading(_) => "Loading…".into(),
            NetState::Ready(ready) => format!("Loaded: {ready}"),
            NetState::Unavailable(why) => format!("Unavailable: {why}"),
        }
    }
}

/// Opens the module, makes a net and evaluates one position: the module and device in words.
#[cfg(feature = "nn")]
fn load() -> Result<String, String> {
    use crate::nn::{DevicePreference, NetModule};
    use tsumego_nn_abi::DEFAULT_SPEC;
    let module = NetModule::get().map_err(|e| e.to_string())?;
    let net = module
        .new_net(DEFAULT_SPEC, 1, DevicePreference::Auto)
        .map_err(|e| e.to_string())?;
    let planes = DEFAULT_SPEC.input_planes as usize;
    net.forward(1, 9, 9, &vec![0.0; planes * 81])
        .map_err(|e| e.to_string())?;
    Ok(format!("{} on {}", module.info(), net.device()))
}

#[cfg(not(feature = "nn"))]
fn load() -> Result<String, String> {
    Err("this build has no net (built with --no-default-features)".to_string())
}
