//! The safety of one side's areas on a whole board: every area of the board partition
//! ([`crate::go::partition`]) judged by [`crate::solver::jobs::area_safety`], and the stones
//! proven safe — the boundary blocks of every area that is safe even with the opponent to move
//! — and the territory proven safe (the interiors of the areas proven territory safe).
//!
//! The judging comes in two rounds when a deadline bounds it. The first gives every area the
//! run's seconds per claim ([`judge_areas`]); the second gives the time left before the deadline
//! to the areas the first left undecided for want of time ([`judge_again`]: a boundary claim
//! with the attacker to move out of time, or a safe boundary whose territory claim was), the
//! smallest first, each its share of what is left. A position's search used to end, on GNU Go's
//! games at 1 s a claim, at 4 s of its 10 while enclosed areas of 13–15 points stayed unknown
//! that 3–6 s prove (BENCHMARKS, "Safety of territory in games"). Time is kept back for the
//! joint claims of the areas safe after the first round ([`joint_reserve`]), so that the second
//! round never costs a point the first one counted.

use crate::go::partition::Area;
use crate::go::{Board, Color, Zone};
use crate::solver::jobs::area_safety::{
    checked_status, judge_area, judge_area_in, AreaSafety, ClaimSolver,
};
use crate::solver::jobs::joint_safety::{
    claim_regions, joint_safety, overlapping_groups, safe_alone,
};
use crate::solver::jobs::service::SolveRequest;
use crate::solver::jobs::surviving_blocks::{may_have_survivors, surviving_blocks};
use crate::solver::jobs::watched_growth::grown_region;
use crate::solver::kernel::search::Status;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// One side's areas, judged.
pub struct SideSafety {
    pub defender: Color,
    /// Each area with its judgement ([`Judged`]).
    pub areas: Vec<Judged>,
    /// The stones proven safe by search: the boundary blocks of the areas judged
    /// [`BoundarySafety::Safe`], where they are safe together
    /// ([`crate::solver::jobs::joint_safety`]).
    pub safe_stones: Zone,
    /// The points proven safe territory by search: the interiors of the areas proven
    /// territory safe, where they are safe together.
    pub safe_territory: Zone,
}

/// An area of one side with its judgement (`None`: not searched, the position after it being
/// no valid claim, or stopped before it).
pub type Judged = (Area, Option<AreaSafety>);

/// Judge `areas`, the areas of `defender` on `board` (its board partition's,
/// [`crate::go::partition::partition`]), each claim solved as `run` asks (its limits apply to
/// each claim) and ended by `deadline`; then, with a deadline, the undecided ones again with
/// the time left ([`judge_again`]), and the safe ones together
/// ([`crate::solver::jobs::joint_safety`]). `stop` ends the judging; the areas not reached (or
/// reached past the deadline) stay unjudged.
pub fn side_safety(
    board: &Board,
    defender: Color,
    areas: &[Area],
    run: &SolveRequest,
    stop: Arc<AtomicBool>,
    deadline: Option<Instant>,
) -> SideSafety {
    let mut judged = judge_areas(board, defender, areas, run, Arc::clone(&stop), deadline);
    let mut sides = [(defender, &mut judged)];
    judge_again(board, &mut sides, run, Arc::clone(&stop), deadline);
    side_from_judged(board, defender, judged, run, stop, deadline)
}

/// The first round: each of `areas` judged as `run` asks, within `deadline`.
pub fn judge_areas(
    board: &Board,
    defender: Color,
    areas: &[Area],
    run: &SolveRequest,
    stop: Arc<AtomicBool>,
    deadline: Option<Instant>,
) -> Vec<Judged> {
    areas
        .iter()
        .map(|area| {
            let past = deadline.is_some_and(|d| Instant::now() >= d);
            let judged = if stop.load(Ordering::Relaxed) || past {
                None
            } else {
                judge_area(board, defender, area, run, Arc::clone(&stop), deadline).ok()
            };
            (area.clone(), judged)
        })
        .collect()
}

/// What the second round does with an area.
enum Retry {
    /// Judge it again with more time: it was stopped by the time limit.
    Again,
    /// Judge it in this region, grown by the liberties of the blocks that failed its watch at
    /// the start ([`crate::solver::jobs::watched_growth`]).
    Grown(Zone),
    /// Ask whether the blocks the attacker's proof does not take live
    /// ([`crate::solver::jobs::surviving_blocks`]).
    Survivors,
}

/// The second round: the areas of `sides` (each side's defender and judged areas) that the
/// first left undecided for want of time ([`AreaSafety::undecided`]) judged again; then those
/// whose boundary failed at the start by the outside watch judged in a grown region
/// ([`grown_region`]); then the others whose boundary failed asked whether some of their
/// blocks live all the same ([`may_have_survivors`]); each kind the smallest interior first.
/// Each within its share of the time left before `deadline`, less the time kept back for the
/// joint claims that follow ([`joint_reserve`]): what is left divided by all the areas still
/// to come, of every kind (the undecided ones sharing the time among themselves
/// alone leave the others none: 35.7 points a game against 36.0, BENCHMARKS). A share
/// replaces the run's seconds per claim when it is more. A judgement replaces the first only
/// when it decides more. Nothing without a deadline.
pub fn judge_again(
    board: &Board,
    sides: &mut [(Color, &mut Vec<Judged>)],
    run: &SolveRequest,
    stop: Arc<AtomicBool>,
    deadline: Option<Instant>,
) {
    let Some(deadline) = deadline else {
        return;
    };
    let reserve: Duration = sides.iter().map(|(_, j)| joint_reserve(j, run)).sum();
    let deadline = deadline.checked_sub(reserve).unwrap_or_else(Instant::now);
    let mut todo: Vec<(u8, usize, usize, usize, Retry)> = Vec::new();
    for (s, (defender, judged)) in sides.iter().enumerate() {
        for (i, (area, j)) in judged.iter().enumerate() {
            let Some(j) = j else {
                continue;
            };
            let size = area.interior.len();
            if j.undecided() {
                todo.push((0, size, s, i, Retry::Again));
            } else if checked_status(&j.attacker_first.1) != Status::Fail {
                continue;
            } else if let Some(grown) =
                grown_region(board, *defender, area, j.attacker_first.0.region())
            {
                todo.push((1, size, s, i, Retry::Grown(grown)));
            } else if may_have_survivors(j) {
                todo.push((2, size, s, i, Retry::Survivors));
            }
        }
    }
    todo.sort_by_key(|&(kind, size, s, i, _)| (kind, size, s, i));
    let per_claim = run.lanes.first().and_then(|l| l.time_limit);
    let count = todo.len();
    for (k, (_, _, s, i, retry)) in todo.into_iter().enumerate() {
        let left = deadline.saturating_duration_since(Instant::now());
        let share = left / u32::try_from(count - k).unwrap_or(u32::MAX);
        if stop.load(Ordering::Relaxed) || per_claim.is_some_and(|t| share <= t) {
            continue;
        }
        let mut longer = run.clone();
        for lane in &mut longer.lanes {
            lane.time_limit = Some(share);
        }
        let (defender, judged) = &mut sides[s];
        let until = Some((Instant::now() + share).min(deadline));
        let (area, judgement) = &mut judged[i];
        let again = match retry {
            Retry::Again => judge_area(board, *defender, area, &longer, Arc::clone(&stop), until),
            Retry::Grown(region) => {
                let stop = Arc::clone(&stop);
                judge_area_in(board, *defender, area, region, &longer, stop, until)
            }
            Retry::Survivors => {
                let Some(j) = judgement.as_mut() else {
                    continue;
                };
                let mut claims = ClaimSolver::new(&longer, Arc::clone(&stop), until);
                let region = j.attacker_first.0.region();
                let failed = &j.attacker_first.1;
                j.survivors = surviving_blocks(board, *defender, area, region, failed, &mut claims);
                j.repro.append(&mut claims.repro);
                continue;
            }
        };
        if let Ok(again) = again {
            if again.decides_more_than(judgement.as_ref()) {
                *judgement = Some(again);
            }
        }
    }
}

/// The time kept back from the second round for the joint claims of the areas of `judged`
/// safe after the first: two claims (boundary, territory) at the run's seconds per claim for
/// each group of safe areas whose regions meet. (A group the second round makes may find no
/// time left: its largest area counts alone, at least what the first round counted.)
fn joint_reserve(judged: &[Judged], run: &SolveRequest) -> Duration {
    let per_claim = run
        .lanes
        .first()
        .and_then(|l| l.time_limit)
        .unwrap_or_default();
    let alone = safe_alone(judged);
    let safe: Vec<usize> = (0..judged.len()).filter(|&i| alone[i].is_some()).collect();
    let groups = overlapping_groups(&claim_regions(judged), &safe)
        .iter()
        .filter(|g| g.len() > 1)
        .count();
    per_claim * (2 * u32::try_from(groups).unwrap_or(u32::MAX))
}

/// The stones and territory `defender`'s `judged` areas prove safe, the safe ones taken
/// together where their regions meet ([`joint_safety`], its claims within `deadline`).
pub fn side_from_judged(
    board: &Board,
    defender: Color,
    judged: Vec<Judged>,
    run: &SolveRequest,
    stop: Arc<AtomicBool>,
    deadline: Option<Instant>,
) -> SideSafety {
    // Safe one at a time, safe together only where no attacker move meets two regions.
    let joint = joint_safety(board, defender, &judged, run, stop, deadline);
    SideSafety {
        defender,
        areas: judged,
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

    /// The second round: an area the first left undecided for want of time (a nanosecond a
    /// claim) is judged again within its share of the time left, and found safe; without a
    /// deadline there is no second round.
    #[test]
    fn the_time_left_goes_to_the_areas_left_undecided() {
        // A corner of six points behind a wall with outside liberties: more nodes than the
        // search runs between two looks at the clock.
        let board = Board::from_ascii(
            ". . . X . . . . .
             . . . X . . . . .
             X X X X . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .",
        )
        .unwrap();
        let mut run = test_run("board safety tests");
        for lane in &mut run.lanes {
            lane.time_limit = Some(Duration::from_nanos(1));
        }
        let areas = partition(&board, Color::Black).areas;
        let first = judge_areas(&board, Color::Black, &areas, &run, Arc::default(), None);
        let judged = |j: &[Judged]| j[0].1.as_ref().map(|j| (j.safety, j.undecided()));
        assert_eq!(judged(&first), Some((BoundarySafety::Unknown, true)));
        let mut again = first;
        judge_again(
            &board,
            &mut [(Color::Black, &mut again)],
            &run,
            Arc::default(),
            None,
        );
        assert_eq!(judged(&again), Some((BoundarySafety::Unknown, true)));
        let deadline = Some(Instant::now() + Duration::from_secs(30));
        judge_again(
            &board,
            &mut [(Color::Black, &mut again)],
            &run,
            Arc::default(),
            deadline,
        );
        assert_eq!(judged(&again).map(|j| j.0), Some(BoundarySafety::Safe));
        let side = side_from_judged(&board, Color::Black, again, &run, Arc::default(), deadline);
        assert_eq!(
            side.safe_stones,
            board.block_stones(crate::go::Point::new(0, 2))
        );
    }
}
