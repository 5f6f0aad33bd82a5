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
    let load = || {
        module
            .load_net(spec, &path, device)
            .map_err(|e| e.to_string())
    };
    let net = load()?;
    let where_ = net.device();
    let mut nets = vec![net];
    if on_cpu(&where_) {
        for _ in 1..cpu_workers() {
            nets.push(load()?);
        }
    }
    let name = format!(
        "net {}x{} ({}, {}{})",
        spec.blocks,
        spec.channels,
        path.display(),
        where_,
        match nets.len() {
            1 => String::new(),
            n => format!(", {n} workers"),
        }
    );
    let handle = GuideHandle::new(NetGuide::start(nets, name));
    guides.insert(path, handle.clone());
    Ok(handle)
}

/// Most inference workers on the CPU (each a copy of the net evaluating one batch at a time on
/// one core).
const MAX_CPU_WORKERS: usize = 8;

/// Whether the module's description of where a net runs ([`super::Net::device`]) is the CPU.
fn on_cpu(device: &str) -> bool {
    device.trim_start().to_ascii_uppercase().starts_with("CPU")
}

/// Inference workers for a net on the CPU: `TSUMEGO_NET_WORKERS` when set to a positive
/// number, else one per core (at most [`MAX_CPU_WORKERS`]). On a GPU one worker feeds it.
fn cpu_workers() -> usize {
    std::env::var("TSUMEGO_NET_WORKERS")
        .ok()
        .and_then(|v| v.trim().parse::<usize>().ok())
        .filter(|&n| n > 0)
        .unwrap_or_else(|| {
            std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get)
        })
        .min(MAX_CPU_WORKERS)
}

#[cfg(test)]
mod tests {
    use super::on_cpu;

    #[test]
    fn the_device_description_tells_cpu_from_gpu() {
        assert!(on_cpu("CPU (libtorch 2.13.0, 1 intra-op thread)"));
        assert!(on_cpu("cpu"));
        assert!(!on_cpu("CUDA:0 (NVIDIA A100)"));
        assert!(!on_cpu(""));
    }
}
