//! Areas proven safe one at a time are safe *together* only when no attacker move threatens
//! two of them: each area's proof answers every attacker move in its own region, so a move
//! in two regions at once (a liberty shared by boundary blocks of two areas, a layer point
//! of both) could need two answers. The areas of one side proven safe whose claim regions
//! meet are therefore judged again as one claim ([`crate::solver::jobs::area_safety::claim_in`]:
//! every block of the group proven safe alone — an area's boundary, or its surviving blocks
//! ([`crate::solver::jobs::surviving_blocks`]) —, the union of their claim regions), and
//! counted only when that
//! claim is won too; when it is not, only the largest area of the group counts (one area is
//! safe on its own proof). Territory likewise: the interiors of the group's areas proven
//! territory safe are claimed together.
//!
//! A joint claim whose region meets another group's region (its cap on empty points may take
//! liberties no member's own region holds) is not used. With the claim regions of the counted
//! areas disjoint, the defender answers each attacker
//! move in the one region it falls in, as that area's proof says; for every other area the
//! move is outside its region, as good as a pass, and the defender's answer is outside it too
//! (every liberty of its boundary blocks lies in its region by the leak rule, so the answer
//! touches none of them).

use crate::go::partition::Area;
use crate::go::{Board, Color, Zone};
use crate::problem::Problem;
use crate::solver::jobs::area_safety::{checked_status, claim_in, AreaSafety, ClaimSolver};
use crate::solver::jobs::service::SolveRequest;
use crate::solver::kernel::search::Status;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Instant;

/// What one side's safe areas prove together.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct JointSafety {
    /// The boundary stones of the areas counted.
    pub stones: Zone,
    /// The interiors of the areas counted as territory safe.
    pub territory: Zone,
    /// Groups of areas (indices) whose regions meet, judged together, with the result.
    pub groups: Vec<(Vec<usize>, bool)>,
}

/// The groups of `safe` (indices into `regions`) whose regions meet, directly or through
/// others, in ascending order of their first index; single areas as groups of one.
pub fn overlapping_groups(regions: &[Zone], safe: &[usize]) -> Vec<Vec<usize>> {
    let mut groups: Vec<(Zone, Vec<usize>)> = Vec::new();
    for &i in safe {
        let mut zone = regions[i];
        let mut members = vec![i];
        // Absorb every group this region meets (and, through the grown zone, their chains).
        while let Some(k) = groups.iter().position(|(z, _)| z.intersects(&zone)) {
            let (z, m) = groups.swap_remove(k);
            zone.union_with(&z);
            members.extend(m);
        }
        members.sort_unstable();
        groups.push((zone, members));
    }
    let mut out: Vec<Vec<usize>> = groups.into_iter().map(|(_, m)| m).collect();
    out.sort_unstable();
    out
}

/// Each judged area's claim region, as its claim has it (empty for an area not judged, which
/// takes no part).
pub fn claim_regions(areas: &[(Area, Option<AreaSafety>)]) -> Vec<Zone> {
    areas
        .iter()
        .map(|(_, j)| {
            j.as_ref()
                .map_or(Zone::new(), |j| j.attacker_first.0.region())
        })
        .collect()
}

/// Each judged area's stones proven safe alone: its boundary, or its surviving blocks
/// ([`AreaSafety::safe_stones`]).
pub fn safe_alone(areas: &[(Area, Option<AreaSafety>)]) -> Vec<Option<Zone>> {
    areas
        .iter()
        .map(|(a, j)| j.as_ref().and_then(|j| j.safe_stones(a)))
        .collect()
}

/// The points `defender`'s judged `areas` prove safe together (see the module
/// documentation): the groups of safe areas whose claim regions meet judged again as one
/// claim, each within what is left before `deadline`.
pub fn joint_safety(
    board: &Board,
    defender: Color,
    areas: &[(Area, Option<AreaSafety>)],
    run: &SolveRequest,
    stop: Arc<AtomicBool>,
    deadline: Option<Instant>,
) -> JointSafety {
    let regions = claim_regions(areas);
    let judged = |i: usize| areas[i].1.as_ref();
    let alone = safe_alone(areas);
    let safe: Vec<usize> = (0..areas.len()).filter(|&i| alone[i].is_some()).collect();
    let mut out = JointSafety::default();
    let mut claims = ClaimSolver::new(run, stop, deadline);
    for group in overlapping_groups(&regions, &safe) {
        // The other groups' regions: a joint claim's region must stay clear of them (the
        // claim region's cap on empty points may pick liberties no member's region holds).
        let others = safe
            .iter()
            .filter(|i| !group.contains(i))
            .fold(Zone::new(), |acc, &i| acc.union(&regions[i]));
        // The members' claim regions together (an area's own, or grown from it).
        let region = group
            .iter()
            .fold(Zone::new(), |acc, &i| acc.union(&regions[i]));
        let stones = group.iter().fold(Zone::new(), |acc, &i| {
            acc.union(&alone[i].unwrap_or_default())
        });
        let territory = group
            .iter()
            .filter(|&&i| judged(i).is_some_and(|j| j.territory_safe()))
            .fold(Zone::new(), |acc, &i| acc.union(&areas[i].0.interior));
        if group.len() == 1 {
            out.stones.union_with(&stones);
            out.territory.union_with(&territory);
            out.groups.push((group, true));
            continue;
        }
        // Past the deadline nothing more is searched (the claim is not won).
        let mut won = |claim| {
            deadline.is_none_or(|d| Instant::now() < d)
                && checked_status(&claims.solve(claim).1) == Status::Win
        };
        let attacker = defender.opponent();
        let apart = |claim: &Problem| !claim.region().intersects(&others);
        let together = claim_in(board, defender, region, stones, attacker, Zone::new())
            .is_ok_and(|c| apart(&c) && won(c));
        if together {
            out.stones.union_with(&stones);
            if !territory.is_empty()
                && claim_in(board, defender, region, stones, attacker, territory)
                    .is_ok_and(|c| apart(&c) && won(c))
            {
                out.territory.union_with(&territory);
            }
        } else if let Some(&best) = group.iter().max_by_key(|&&i| {
            let a = &areas[i].0;
            let counted = judged(i).is_some_and(|j| j.territory_safe());
            alone[i].unwrap_or_default().len() + if counted { a.interior.len() } else { 0 }
        }) {
            out.stones.union_with(&alone[best].unwrap_or_default());
            if judged(best).is_some_and(|j| j.territory_safe()) {
                out.territory.union_with(&areas[best].0.interior);
            }
        }
        out.groups.push((group, together));
    }
    out
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::go::partition::partition;
    use crate::go::Point;
    use crate::solver::jobs::area_safety::{judge_area, test_run, STRAIGHT_FOUR};

    /// A straight four on the edge listed twice: the two regions are one, so the two are
    /// judged together (one claim with every boundary block, then the territory); they hold
    /// together, and the wall and the four points count once.
    #[test]
    fn safe_areas_whose_regions_meet_are_judged_together() {
        let board = Board::from_ascii(STRAIGHT_FOUR).unwrap();
        let run = test_run("joint safety tests");
        let area = partition(&board, Color::Black).areas.remove(0);
        let judged = || judge_area(&board, Color::Black, &area, &run, Arc::default(), None).ok();
        let areas = vec![(area.clone(), judged()), (area.clone(), judged())];
        let joint = joint_safety(&board, Color::Black, &areas, &run, Arc::default(), None);
        assert_eq!(joint.groups, [(vec![0, 1], true)]);
        assert_eq!(joint.stones, board.block_stones(Point::new(0, 1)));
        assert_eq!(joint.territory, area.interior);
        // Past the deadline the joint claim is not won: one of the two counts, as on its own.
        let past = Some(Instant::now());
        let joint = joint_safety(&board, Color::Black, &areas, &run, Arc::default(), past);
        assert_eq!(joint.groups, [(vec![0, 1], false)]);
        assert_eq!(joint.stones, board.block_stones(Point::new(0, 1)));
        assert_eq!(joint.territory, area.interior);
    }

    fn zone(points: &[(usize, usize)]) -> Zone {
        points.iter().map(|&(x, y)| Point::new(x, y)).collect()
    }

    /// Regions meeting directly or through a third are one group; a region meeting none is a
    /// group of its own; areas not safe take no part.
    #[test]
    fn regions_that_meet_make_one_group() {
        let regions = [
            zone(&[(0, 0), (1, 0)]),
            zone(&[(5, 5)]),
            zone(&[(1, 0), (2, 0)]),
            zone(&[(2, 0), (3, 0)]),
            zone(&[(9, 9)]),
        ];
        assert_eq!(
            overlapping_groups(&regions, &[0, 1, 2, 3, 4]),
            [vec![0, 2, 3], vec![1], vec![4]]
        );
        // Without the middle one the ends do not meet.
        assert_eq!(
            overlapping_groups(&regions, &[0, 1, 3]),
            [vec![0], vec![1], vec![3]]
        );
        assert!(overlapping_groups(&regions, &[]).is_empty());
    }
}
