//! An area whose claim fails at its start by the outside watch, judged again in a region that
//! holds the failing blocks' liberties.
//!
//! In GNU Go's games most small areas that fail do so at their root, by the outside watch
//! (`kernel/outside_watch.rs`): a defender block beside the region — touching one of the
//! boundary blocks' outside liberties, which the region holds — has one liberty in the region
//! and others outside, so in the watch's pessimistic reading (the attacker has filled its
//! outside liberties) it is in atari, and the claim fails before a move is searched. Growing
//! every claim's region by such blocks' liberties was measured worse (2026-11-29: the blocks
//! chain across the board and the regions outgrow what a second proves), so it is done here
//! only for a claim that fails so, in the time a position leaves
//! ([`crate::solver::jobs::board_safety::judge_again`]): the region grows by the liberties of
//! the first failing block, then of the next one the grown region makes fail, up to
//! [`MAX_BLOCKS`] blocks and [`MAX_ADDED`] points.
//!
//! **Why the grown claim is sound**: it is the area's claim (the same board, crucial stones
//! and goal) in a larger region, an every-block claim like any other, with its leak rule and
//! watch, its proof checked. A block whose liberties the region now holds reaches outside no
//! more, so the watch does not read it; the search may capture it inside the region like any
//! other defender stone that is not crucial.

use crate::go::partition::Area;
use crate::go::{Board, Color, Zone};
use crate::solver::jobs::area_safety::{boundary_stones, claim_in};
use crate::solver::kernel::outside_watch::OutsideWatch;

/// The most blocks whose liberties are added to a region.
pub const MAX_BLOCKS: usize = 6;

/// The most points added to a region.
pub const MAX_ADDED: usize = 16;

/// `region` (the claim region of `area`, `defender` defending) grown by the liberties of the
/// defender blocks beside it that fail its outside watch at the start (see the module
/// documentation), when it fails so and the growth clears the watch within the limits; `None`
/// otherwise.
pub fn grown_region(board: &Board, defender: Color, area: &Area, region: Zone) -> Option<Zone> {
    let crucial = boundary_stones(area);
    let empty = board.empty_points();
    let mut grown = region;
    for _ in 0..=MAX_BLOCKS {
        let claim = claim_in(
            board,
            defender,
            grown,
            crucial,
            defender.opponent(),
            Zone::new(),
        )
        .ok()?;
        let Some(around) = OutsideWatch::of(&claim)?.failing(board, defender) else {
            return (grown != region).then_some(grown);
        };
        grown.union_with(&around.intersection(&empty));
        if grown.difference(&region).len() > MAX_ADDED {
            return None;
        }
    }
    None
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::go::partition::partition;
    use crate::go::Point;
    use crate::solver::jobs::area_safety::{area_region, judge_area, judge_area_in, test_run};
    use crate::solver::jobs::area_safety::{checked_status, BoundarySafety};
    use crate::solver::kernel::search::Status;
    use std::sync::Arc;

    /// Black's corner of six points behind a wall; the wall's outside liberty E8 is also the
    /// one liberty there of the Black stone F8, whose other liberties (F9, G8) lie outside the
    /// area's region: the watch reads F8 as in atari and the area's claim fails at its start.
    /// With F8's liberties in the region the wall is proven safe.
    fn corner() -> Board {
        Board::from_ascii(
            ". . . X . . . . .
             . . . X . X . . .
             X X X X O O . . .
             . . . O . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .",
        )
        .unwrap()
    }

    #[test]
    fn a_claim_failing_at_its_start_by_the_watch_is_judged_in_a_grown_region() {
        let board = corner();
        let run = test_run("watched growth tests");
        let area = partition(&board, Color::Black).areas.remove(0);
        let region = area_region(&area);
        let f8 = Point::new(5, 1);
        assert!(!region.contains(Point::new(5, 0)) && !region.contains(Point::new(6, 1)));
        let judged = judge_area(&board, Color::Black, &area, &run, Arc::default(), None).unwrap();
        assert_ne!(judged.safety, BoundarySafety::Safe);
        let grown = grown_region(&board, Color::Black, &area, region).unwrap();
        let liberties = board.liberties(f8);
        assert!(liberties.is_subset(&grown), "{liberties:?}");
        let again = judge_area_in(
            &board,
            Color::Black,
            &area,
            grown,
            &run,
            Arc::default(),
            None,
        )
        .unwrap();
        assert_eq!(again.safety, BoundarySafety::Safe);
        assert_eq!(checked_status(&again.attacker_first.1), Status::Win);
        assert_eq!(again.attacker_first.0.region(), grown);
        // A region whose watch holds does not grow.
        assert_eq!(grown_region(&board, Color::Black, &area, grown), None);
    }
}
