//! Verdicts of areas the table does not cover (too large, or partly outside the region), solved
//! live and kept per thread: one verdict per exact local pattern (geometry in the board's point
//! order, wall and playable cells, contents). Bounded: the cache is emptied when it reaches
//! [`CAPACITY`] patterns.

use super::game::solve_one;
use super::local::{Contents, LocalArea};
use super::verdict::Verdict;
use std::cell::RefCell;
use std::collections::HashMap;

/// Patterns kept per thread (about 40 bytes each).
pub const CAPACITY: usize = 1 << 16;

thread_local! {
    static VERDICTS: RefCell<HashMap<(LocalArea, Contents), Verdict>> =
        RefCell::new(HashMap::new());
}

/// The verdict of `contents` in `area`, from the cache or solved now.
pub fn verdict(area: &LocalArea, contents: Contents) -> Verdict {
    if let Some(v) = VERDICTS.with(|c| c.borrow().get(&(*area, contents)).copied()) {
        return v;
    }
    let v = solve_one(area, contents);
    VERDICTS.with(|c| {
        let mut c = c.borrow_mut();
        if c.len() >= CAPACITY {
            c.clear();
        }
        c.insert((*area, contents), v);
    });
    v
}
