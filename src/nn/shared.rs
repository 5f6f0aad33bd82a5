//! One net guide per weights file per process: the CLI's `--net` and the studio's Net menu ask
//! here, so every solve of a run shares one inference thread and its cache.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use super::service::NetGuide;
use super::weights::{find_shipped, spec_of};
use super::{DevicePreference, NetModule};
use crate::solver::knowledge::guide::GuideHandle;

static GUIDES: Mutex<Option<HashMap<PathBuf, GuideHandle>>> = Mutex::new(None);

/// The guide of the weights at `path` (the shipped weights when `None`), loaded on first use
/// (the net module, libtorch, the weights) on `device`; later calls return the same guide.
/// The error is one line, meant for the user (the caller falls back to the heuristic).
pub fn guide(path: Option<&Path>, device: DevicePreference) -> Result<GuideHandle, String> {
    let path = match path {
        Some(p) => p.to_path_buf(),
        None => find_shipped()?,
    };
    let mut guides = GUIDES.lock().unwrap_or_else(|e| e.into_inner());
    let guides = guides.get_or_insert_with(HashMap::new);
    if let Some(g) = guides.get(&path) {
        return Ok(g.clone());
    }
    let spec = spec_of(&path)?;
    let module = NetModule::get().map_err(|e| e.to_string())?;
    let net = module
        .load_net(spec, &path, device)
        .map_err(|e| e.to_string())?;
    let name = format!(
        "net {}x{} ({}, {})",
        spec.blocks,
        spec.channels,
        path.display(),
        net.device()
    );
    let handle = GuideHandle::new(NetGuide::start(net, name));
    guides.insert(path, handle.clone());
    Ok(handle)
}
