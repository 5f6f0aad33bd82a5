//! Atomic writes: a file is written beside its destination under a name of its own and renamed
//! over it, so a reader (or a crash) never sees half a file and an old file survives a failed
//! write.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

use crate::net::NetError;

/// Writes `path` through `write`, which gets a temporary path in the same folder (same
/// extension, so writers that choose the format by extension still do) and must create it.
pub fn write_atomically(
    path: &Path,
    write: impl FnOnce(&Path) -> Result<(), NetError>,
) -> Result<(), NetError> {
    let temp = temporary_sibling(path);
    let written = write(&temp).and_then(|()| {
        std::fs::rename(&temp, path).map_err(|e| {
            NetError::Invalid(format!("{}: could not be written: {e}", path.display()))
        })
    });
    if written.is_err() {
        let _ = std::fs::remove_file(&temp);
    }
    written
}

/// `folder/.name.<pid>-<n>.tmp.<ext>`: unique per process and call.
fn temporary_sibling(path: &Path) -> PathBuf {
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let n = COUNTER.fetch_add(1, Ordering::Relaxed);
    let name = path
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    let ext = path
        .extension()
        .map(|e| format!(".{}", e.to_string_lossy()))
        .unwrap_or_default();
    path.with_file_name(format!(".{name}.{}-{n}.tmp{ext}", std::process::id()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_failed_write_leaves_the_old_file_and_no_temporary() {
        let dir = std::env::temp_dir().join(format!("atomic-file-test-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("w.safetensors");
        std::fs::write(&path, b"old").unwrap();
        let failed = write_atomically(&path, |temp| {
            std::fs::write(temp, b"half").unwrap();
            Err(NetError::Invalid("disk full".into()))
        });
        assert!(failed.is_err());
        assert_eq!(std::fs::read(&path).unwrap(), b"old");
        assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 1);
        write_atomically(&path, |temp| {
            assert!(temp.to_string_lossy().ends_with(".tmp.safetensors"));
            std::fs::write(temp, b"new").map_err(|e| NetError::Invalid(e.to_string()))
        })
        .unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"new");
        assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 1);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
