//! The explored variation tree of the open problem (Explore and Try to refute), tied to the
//! document revision it starts from.

use super::explore::Explore;

/// The explored tree of the open problem.
pub struct ExploreSession {
    pub tree: Explore,
    /// The document revision whose problem the tree starts from (an edit leaves it behind).
    pub revision: u64,
    /// What the marks were computed for: the proof (its address, `0` for none) and the tree's
    /// version.
    pub judged: Option<(usize, u64)>,
}

impl ExploreSession {
    pub fn new(tree: Explore, revision: u64) -> ExploreSession {
        ExploreSession {
            tree,
            revision,
            judged: None,
        }
    }
}
