//! The safety of one side's areas on a whole board: every area of the board partition
//! ([`crate::go::partition`]) judged by [`crate::solver::jobs::area_safety`], and the stones
//! proven safe — the boundary blocks of every area that is safe even with the opponent to move
//! — and the territory proven safe (the interiors of the areas proven territory safe).

use crate::go::partition::Area;
use crate::go::{Board, Color, Zone};
use crate::solver::jobs::area_safety::{judge_area, AreaSafety};
use crate::solver::jobs::joint_safety::joint_safety;
use crate::solver::jobs::service::SolveRequest;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Instant;

/// One side's areas, judged.
pub struct SideSafety {
    pub defender: Color,
    /// Each area with its judgement (`None`: not searched, the position after it being no
    /// valid claim, or stopped before it).
    pub areas: Vec<(Area, Option<AreaSafety>)>,
    /// The stones proven safe by search: the boundary blocks of the areas judged
    /// [`BoundarySafety::Safe`], where they are safe together
    /// ([`crate::solver::jobs::joint_safety`]).
    pub safe_stones: Zone,
    /// The points proven safe territory by search: the interiors of the areas proven
    /// territory safe, where they are safe together.
    pub safe_territory: Zone,
}

/// Judge `areas`, the areas of `defender` on `board` (its board partition's,
/// [`crate::go::partition::partition`]), each claim solved as `run` asks (its limits apply to
/// each claim) and ended by `deadline`. `stop` ends the judging; the areas not reached (or
/// reached past the deadline) stay unjudged.
pub fn side_safety(
    board: &Board,
    defender: Color,
    areas: &[Area],
    run: &SolveRequest,
    stop: Arc<AtomicBool>,
    deadline: Option<Instant>,
) -> SideSafety {
    let mut judged_areas = Vec::new();
    for area in areas {
        let past = deadline.is_some_and(|d| Instant::now() >= d);
        let judged = if stop.load(Ordering::Relaxed) || past {
            None
        } else {
            judge_area(board, defender, area, run, Arc::clone(&stop), deadline).ok()
        };
        judged_areas.push((area.clone(), judged));
    }
    // Safe one at a time, safe together only where no attacker move meets two regions.
    let joint = joint_safety(board, defender, &judged_areas, run, stop, deadline);
    SideSafety {
        defender,
        areas: judged_areas,
        safe_stones: joint.stones,
        safe_territory: joint.territory,
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::go::partition::partition;
    use crate::solver::jobs::area_safety::{test_run, BoundarySafety};

    /// Two Black groups on a 9x9 board: a straight four on the edge (safe whoever moves) and a
    /// squared four in the corner (dead whoever moves): only the first group's stones are
    /// proven safe.
    #[test]
    fn only_the_groups_of_safe_areas_are_proven_safe() {
        let board = Board::from_ascii(
            ". . . . X . . . .
             X X X X X . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . X X X
             . . . . . . X . .
             . . . . . . X . .",
        )
        .unwrap();
        let run = test_run("board safety tests");
        let areas = partition(&board, Color::Black).areas;
        let s = side_safety(&board, Color::Black, &areas, &run, Arc::default(), None);
        assert_eq!(s.areas.len(), 2);
        let verdicts: Vec<_> = s
            .areas
            .iter()
            .map(|(_, j)| j.as_ref().map(|j| j.safety))
            .collect();
        assert_eq!(
            verdicts,
            [Some(BoundarySafety::Safe), Some(BoundarySafety::Unsafe)]
        );
        let corner = board.block_stones(crate::go::Point::new(0, 1));
        assert_eq!(s.safe_stones, corner);
    }
}
