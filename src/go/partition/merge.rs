//! Merging related zones (Safety Solver 2.0, §3): candidates that share a boundary block become
//! one area, and the inner dividers between them become interior points.

use super::dividers::Gaps;
use super::zones::BoardZone;
use crate::go::board::Board;
use crate::go::color::Color;
use crate::go::zone::Zone;

/// Related candidate zones merged, before connect-out removal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Merged {
    /// The merged zones (indices into the partition's zones, ascending).
    pub zones: Vec<usize>,
    /// The zones' points and the inner dividers.
    pub interior: Zone,
    /// The gap points that became interior points.
    pub inner_dividers: Zone,
    /// The gap points next to the interior that stayed on the boundary.
    pub dividers: Zone,
    /// All stones of the boundary blocks of the merged zones.
    pub blocks: Zone,
}

/// Merge the candidates `kept` (indices into `zones`) into groups that share boundary blocks
/// (transitively), in ascending order of their first zone; blocks whose stones are in
/// `unmerging` (the defender's unconditionally alive stones, or nothing) relate no zones.
pub fn merge(
    board: &Board,
    defender: Color,
    zones: &[BoardZone],
    kept: &[usize],
    gaps: &Gaps,
    unmerging: &Zone,
) -> Vec<Merged> {
    // Groups of zone indices with the union of their boundary blocks.
    let mut groups: Vec<(Vec<usize>, Zone)> = Vec::new();
    for &z in kept {
        let mut members = vec![z];
        let mut blocks = zones[z].blocks;
        let mut i = 0;
        while i < groups.len() {
            if groups[i].1.intersects(&blocks.difference(unmerging)) {
                let (m, b) = groups.remove(i);
                members.extend(m);
                blocks.union_with(&b);
            } else {
                i += 1;
            }
        }
        groups.push((members, blocks));
    }
    for g in &mut groups {
        g.0.sort_unstable();
    }
    groups.sort_by_key(|g| g.0[0]);

    let own = board.stones(defender);
    groups
        .into_iter()
        .map(|(members, blocks)| {
            let mut points = Zone::new();
            for &z in &members {
                points.union_with(&zones[z].points);
            }
            let inner_dividers = inner_dividers(board, &own, &points, &gaps.all());
            let interior = points.union(&inner_dividers);
            let dividers = interior
                .grow(board.size())
                .intersection(&gaps.all())
                .difference(&inner_dividers);
            Merged {
                zones: members,
                interior,
                inner_dividers,
                dividers,
                blocks,
            }
        })
        .collect()
}

/// The gap points next to `points` all of whose on-board neighbours are defender stones, points
/// of `points` or such gap points themselves (the largest such set: a two-point gap between two
/// merged zones becomes interior as a whole).
fn inner_dividers(board: &Board, own: &Zone, points: &Zone, gap_points: &Zone) -> Zone {
    let size = board.size();
    let mut inner = points.grow(size).intersection(gap_points);
    loop {
        let allowed = own.union(points).union(&inner);
        let outside = board.all_points().difference(&allowed);
        let leaking = outside.grow(size).intersection(&inner);
        if leaking.is_empty() {
            return inner;
        }
        inner = inner.difference(&leaking);
    }
}

#[cfg(test)]
mod tests {
    use super::super::fixtures::{board, diagram};
    use super::super::partition;
    use crate::go::color::Color;

    #[test]
    fn zones_sharing_a_block_merge_and_the_gap_between_them_becomes_interior() {
        // Zones 1 and 2 share the wall; the two-point gap D3 D2 between them touches only them,
        // the wall and the stone D1, so both of its points become interior (with the inner
        // points taken one at a time, neither would: each has the other as a neighbour).
        let b = board(
            ". . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             X X X X X X X . .
             . . . X . . X . .
             . . . . . . X . .
             . . . . . . X . .
             . . . X . . . . .",
        );
        let p = partition(&b, Color::Black);
        assert_eq!(
            p.zones_ascii(&b),
            diagram(
                ". . . . . . . . .
                 . . . . . . . . .
                 . . . . . . . . .
                 . . . . . . . . .
                 X X X X X X X . .
                 1 1 1 X 2 2 X . .
                 1 1 1 : 2 2 X . .
                 1 1 1 : 2 2 X . .
                 1 1 1 X 2 2 ! . ."
            )
        );
        assert_eq!(
            p.areas_ascii(&b),
            diagram(
                ". . . . . . . . .
                 . . . . . . . . .
                 . . . . . . . . .
                 . . . . . . . . .
                 X X X X X X X . .
                 a a a X a a X . .
                 a a a a a a X . .
                 a a a a a a X . .
                 a a a X a a ! . ."
            )
        );
        assert_eq!(p.areas[0].zones, [1, 2]);
        assert_eq!(p.areas[0].inner_dividers.len(), 2);
    }

    #[test]
    fn zones_without_a_common_block_stay_apart() {
        // The pockets at A2 and F2 are bounded by two different blocks; the points between them
        // (D3 D2 dividers, D1 a zone without defender stones) keep them apart.
        let b = board(
            ". . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             X X X . X X X X .
             . . X . X . . X .
             . . . . . . . . .",
        );
        let p = partition(&b, Color::Black);
        assert_eq!(
            p.areas_ascii(&b),
            diagram(
                ". . . . . . . . .
                 . . . . . . . . .
                 . . . . . . . . .
                 . . . . . . . . .
                 . . . . . . . . .
                 . . . . . . . . .
                 X X X . X X X X .
                 a a X . X b b X .
                 a a ! . ! b b ! ."
            )
        );
        let zones: Vec<&[usize]> = p.areas.iter().map(|a| a.zones.as_slice()).collect();
        assert_eq!(zones, [[1], [2]]);
    }
}
