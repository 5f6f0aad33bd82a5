//! The RZ pattern-table wins that travel with jobs ([`super::job`]): a job's new wins in its
//! result, and the manager's snapshot of every job's wins sent to the workers between jobs.
//! Both are a [`PatternStore`]'s file bytes ([`PatternStore::to_bytes`]: checksummed, every
//! record checked when read) in base64, so that they fit a JSON line; a damaged one is refused
//! as a whole.

use crate::solver::kernel::config::DEFAULT_PATTERN_ENTRIES;
use crate::solver::knowledge::pattern_store::PatternStore;
use base64::engine::general_purpose::STANDARD;
use base64::Engine as _;

/// Entries of each game's section in a worker's and the manager's stores (a solve's own
/// table's default bound).
pub const SHARED_PATTERN_ENTRIES: usize = DEFAULT_PATTERN_ENTRIES;

/// `store` as JSON-line text.
pub fn encode_patterns(store: &PatternStore) -> String {
    STANDARD.encode(store.to_bytes())
}

/// The store `text` ([`encode_patterns`]) holds, or why it is refused.
pub fn decode_patterns(text: &str) -> Result<PatternStore, String> {
    let bytes = STANDARD
        .decode(text)
        .map_err(|e| format!("pattern-table wins that are not base64: {e}"))?;
    PatternStore::from_bytes(&bytes, SHARED_PATTERN_ENTRIES)
        .map_err(|e| format!("pattern-table wins refused: {e}"))
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::problem::load_inferring;
    use crate::solver::{SolveConfig, Solver};

    fn store_of_a_solve() -> PatternStore {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("problems/03-bent-three-kill.sgf");
        let problem = load_inferring(&path).unwrap().problem;
        let store = PatternStore::new(SHARED_PATTERN_ENTRIES).into_shared();
        let config = SolveConfig {
            pattern_store: Some(store.clone()),
            ..SolveConfig::default()
        };
        Solver::new(&problem, config).solve();
        let mut copy = PatternStore::new(SHARED_PATTERN_ENTRIES);
        store.with(|s| copy.absorb_store(s));
        copy
    }

    fn refused(text: &str) -> String {
        decode_patterns(text).err().expect("refused")
    }

    #[test]
    fn wins_read_back_as_written_and_damage_is_refused() {
        let store = store_of_a_solve();
        assert!(!store.is_empty());
        let text = encode_patterns(&store);
        let back = decode_patterns(&text).unwrap();
        assert_eq!(back.to_bytes(), store.to_bytes());
        // One character changed in the middle: the checksum refuses it.
        let mut damaged = text.into_bytes();
        let at = damaged.len() / 2;
        damaged[at] = if damaged[at] == b'A' { b'B' } else { b'A' };
        let why = refused(std::str::from_utf8(&damaged).unwrap());
        assert!(why.contains("refused"), "{why}");
        assert!(refused("not base64!").contains("base64"));
    }
}
