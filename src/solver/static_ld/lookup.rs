//! The verdict of an area: the live search of [`super::game`] through the per-thread
//! [`super::cache`].

use super::area::BoardArea;
use super::cache;
use super::verdict::Verdict;

/// The verdict of `area` (the defender to move).
pub fn verdict(area: &BoardArea) -> Verdict {
    cache::verdict(&area.local, area.contents)
}
