//! What a `--net SPEC` names as the search's guide ([`guide_for`]): `off` (the heuristic move
//! order), `on` (the shipped weights), `playout[:N[:W]]` (no net: playouts), or a weights file.
//! One reading for the command line (`cli/engine.rs`, which falls back to the heuristic with a
//! warning) and the worker's jobs (`cli/worker.rs` hands [`guide_for`] to the solver's `Worker`,
//! which does not load nets itself; there a net that cannot be had makes the job invalid: the
//! manager asked for it).

use crate::solver::knowledge::guide::GuideHandle;
use crate::solver::knowledge::playout::PlayoutGuide;
use std::path::{Path, PathBuf};

/// The guide `spec` names (`None`: the heuristic), or why it cannot be had (one line).
pub fn guide_for(spec: &str) -> Result<Option<GuideHandle>, String> {
    match spec {
        "off" => Ok(None),
        s if s.starts_with("playout") => PlayoutGuide::parse(s)
            .map(|g| Some(GuideHandle::new(g)))
            .ok_or_else(|| format!("--net {s}: not playout, playout:N or playout:N:W (W in 0..1)")),
        "on" => net(None),
        file => net(Some(Path::new(file))),
    }
}

/// The weights file `spec` names, for sending it to other machines (`None`: no net).
pub fn weights_file(spec: &str) -> Option<Result<PathBuf, String>> {
    match spec {
        "off" => None,
        s if s.starts_with("playout") => None,
        "on" => Some(crate::nn::weights::find_shipped()),
        file => Some(Ok(PathBuf::from(file))),
    }
}

/// The net of the weights at `path` (the shipped ones when `None`), loaded once per process.
fn net(path: Option<&Path>) -> Result<Option<GuideHandle>, String> {
    #[cfg(feature = "nn")]
    let loaded = crate::nn::shared::guide(path, crate::nn::DevicePreference::Auto);
    #[cfg(not(feature = "nn"))]
    let loaded: Result<GuideHandle, String> = {
        let _ = path;
        Err("this build has no net (built with --no-default-features)".to_string())
    };
    loaded
        .map(Some)
        .map_err(|e| format!("net unavailable: {e}"))
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn specs_name_their_guides_and_files() {
        assert!(guide_for("off").unwrap().is_none());
        assert!(guide_for("playout").unwrap().is_some());
        assert!(guide_for("playout:x")
            .err()
            .unwrap()
            .contains("not playout"));
        let missing = guide_for("/nonexistent/net.safetensors").err().unwrap();
        assert!(missing.starts_with("net unavailable"), "{missing}");
        assert!(weights_file("off").is_none() && weights_file("playout:8").is_none());
        assert_eq!(
            weights_file("w.safetensors").unwrap().unwrap(),
            PathBuf::from("w.safetensors")
        );
    }
}
