//! Zones: the maximal connected sets of points without a defender stone or a gap point, each with
//! what bounds it.

use super::dividers::Gaps;
use crate::go::board::Board;
use crate::go::color::Color;
use crate::go::zone::Zone;

/// One zone of the partition: its interior and its boundary.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardZone {
    /// The interior: empty points and attacker stones (an attacker block lies wholly in one zone).
    pub points: Zone,
    /// How many interior points are empty.
    pub empty: usize,
    /// The defender stones next to an interior point.
    pub boundary_stones: Zone,
    /// All stones of the boundary blocks (the defender blocks holding a boundary stone).
    pub blocks: Zone,
    /// The gap points (dividers and potential dividers) next to an interior point.
    pub dividers: Zone,
}

impl BoardZone {
    /// No gap point on the boundary: the zone is enclosed by defender stones and the edge, and
    /// is exactly one of Benson's regions of the defender.
    pub fn is_closed(&self) -> bool {
        self.dividers.is_empty()
    }

    /// How many boundary points there are: boundary stones and gap points.
    pub fn boundary_len(&self) -> usize {
        self.boundary_stones.len() + self.dividers.len()
    }
}

/// The zones of `defender` on `board` bounded by its stones, the edge and `gaps`, in ascending
/// order of their lowest point.
pub fn find_zones(board: &Board, defender: Color, gaps: &Gaps) -> Vec<BoardZone> {
    let size = board.size();
    let own = board.stones(defender);
    let empty = board.empty_points();
    let gap_points = gaps.all();
    let mut rest = board.all_points().difference(&own).difference(&gap_points);
    let mut zones = Vec::new();
    while let Some(start) = rest.first() {
        let points = Zone::from_iter([start]).flood(&rest, size);
        rest = rest.difference(&points);
        let around = points.grow(size).difference(&points);
        let boundary_stones = around.intersection(&own);
        let mut blocks = Zone::new();
        for (_, stones) in board.blocks_of(&boundary_stones) {
            blocks.union_with(&stones);
        }
        zones.push(BoardZone {
            empty: points.intersection(&empty).len(),
            points,
            boundary_stones,
            blocks,
            dividers: around.intersection(&gap_points),
        });
    }
    zones
}

#[cfg(test)]
mod tests {
    use super::super::dividers::find_gaps;
    use super::super::fixtures::{board, gtp};
    use super::*;

    #[test]
    fn a_zone_holds_empty_points_and_attacker_stones_and_knows_its_boundary() {
        let b = board(
            ". . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             X X X X X . . . .
             . . . . X . . . .
             . O . . X . . . .
             . . . . X . . . .
             . . . . . . . . .",
        );
        let zones = find_zones(&b, Color::Black, &find_gaps(&b, Color::Black, 15));
        assert_eq!(zones.len(), 2);
        let corner = &zones[1];
        assert_eq!(corner.points.len(), 16);
        assert!(corner
            .points
            .contains(b.stones(Color::White).first().unwrap()));
        assert_eq!(corner.empty, 15);
        assert_eq!(
            gtp(&corner.boundary_stones, 9),
            ["A5", "B5", "C5", "D5", "E4", "E3", "E2"]
        );
        assert_eq!(
            gtp(&corner.blocks, 9).len(),
            8,
            "E5 belongs to the block too"
        );
        assert_eq!(gtp(&corner.dividers, 9), ["E1"]);
        assert_eq!(corner.boundary_len(), 8);
        assert!(!corner.is_closed());
        // The rest of the board: bounded by the wall and E1 as well.
        assert_eq!(zones[0].empty, 56);
        assert_eq!(gtp(&zones[0].dividers, 9), ["E1"]);
    }

    #[test]
    fn without_gap_points_every_zone_is_closed() {
        let b = board(
            ". X . . .
             X X . . .
             . . . X X
             . . . X .
             . . . X .",
        );
        let gaps = Gaps {
            dividers: Zone::new(),
            potential: Zone::new(),
        };
        let zones = find_zones(&b, Color::Black, &gaps);
        let sizes: Vec<usize> = zones.iter().map(|z| z.points.len()).collect();
        assert_eq!(sizes, [1, 15, 2]);
        assert!(zones.iter().all(BoardZone::is_closed));
    }
}
