//! Weights files: where the shipped net is found, and a file's net shape read from its
//! safetensors header (so a weights file is all a user names).

use std::path::{Path, PathBuf};

use safetensors::SafeTensors;
use tsumego_nn_abi::NetSpec;

/// The shipped weights' file name, in the repository's `weights/` folder.
pub const SHIPPED: &str = "ftl.safetensors";

/// The environment variable naming a weights file to use instead of the shipped one.
pub const WEIGHTS_ENV: &str = "TSUMEGO_WEIGHTS";

/// Where the shipped weights are looked for, in order: `TSUMEGO_WEIGHTS`; `weights/` beside
/// the executable; `weights/` two and three folders up (Cargo's `target/release` and
/// `target/release/deps`); the source tree's `weights/` (a build run where it was built).
pub fn search_path() -> Vec<PathBuf> {
    if let Some(explicit) = std::env::var_os(WEIGHTS_ENV) {
        return vec![PathBuf::from(explicit)];
    }
    let mut out = Vec::new();
    if let Some(dir) = std::env::current_exe()
        .ok()
        .and_then(|e| e.parent().map(Path::to_path_buf))
    {
        out.push(dir.join("weights").join(SHIPPED));
        for up in [2, 3] {
            if let Some(root) = dir.ancestors().nth(up) {
                out.push(root.join("weights").join(SHIPPED));
            }
        }
    }
    out.push(
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("weights")
            .join(SHIPPED),
    );
    out
}

/// The shipped weights, or every place looked at.
pub fn find_shipped() -> Result<PathBuf, String> {
    let places = search_path();
    places.iter().find(|p| p.is_file()).cloned().ok_or_else(|| {
        let list: Vec<String> = places.iter().map(|p| p.display().to_string()).collect();
        format!("no shipped weights found (looked at {})", list.join(", "))
    })
}

/// The net shape of a weights file, read from its tensors' names and shapes.
pub fn spec_of(path: &Path) -> Result<NetSpec, String> {
    let bytes = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
    spec_of_bytes(&bytes).map_err(|e| format!("{}: {e}", path.display()))
}

/// [`spec_of`] on a file's bytes.
pub fn spec_of_bytes(bytes: &[u8]) -> Result<NetSpec, String> {
    let (_, metadata) =
        SafeTensors::read_metadata(bytes).map_err(|e| format!("not a safetensors file ({e:?})"))?;
    let tensors = metadata.tensors();
    let shape = |name: &str| -> Result<Vec<usize>, String> {
        tensors
            .get(name)
            .map(|t| t.shape.clone())
            .ok_or_else(|| format!("no tensor {name}: not a Tsumego Studio net"))
    };
    let stem = shape("stem.conv.weight")?;
    let dwin = shape("dwin.out.weight")?;
    if stem.len() != 4 || dwin.len() != 2 {
        return Err("stem or d-win tensors of the wrong rank".into());
    }
    let blocks = (0..)
        .take_while(|i| tensors.contains_key(&format!("tower.{i}.a.conv.weight")))
        .count();
    let as_u32 = |v: usize| u32::try_from(v).map_err(|_| format!("dimension {v} too large"));
    Ok(NetSpec {
        input_planes: as_u32(stem[1])?,
        blocks: as_u32(blocks)?,
        channels: as_u32(stem[0])?,
        dwin_heads: as_u32(dwin[0])?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_that_is_not_safetensors_is_refused_with_a_reason() {
        let err = spec_of_bytes(b"not a net").expect_err("refused");
        assert!(err.contains("not a safetensors file"), "{err}");
        assert!(spec_of(Path::new("/nonexistent/w.safetensors")).is_err());
    }

    #[test]
    fn the_search_path_ends_in_the_source_tree() {
        let path = search_path();
        if std::env::var_os(WEIGHTS_ENV).is_none() {
            assert!(path
                .last()
                .is_some_and(|p| p.ends_with("weights/ftl.safetensors")));
        }
    }
}
