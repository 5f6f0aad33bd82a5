//! [`Area`]: what the safety search of one merged area needs — interior, boundary blocks with
//! their external liberties, and the boundary dividers with the points beside them (Safety
//! Solver 2.0, §5.1).

use super::connect::connectible;
use super::dividers::Gaps;
use super::merge::Merged;
use crate::go::board::Board;
use crate::go::color::Color;
use crate::go::point::Point;
use crate::go::zone::Zone;

/// One search area: merged candidate zones with the connectible points removed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Area {
    /// The merged zones (indices into [`super::Partition::zones`], ascending).
    pub zones: Vec<usize>,
    /// The interior: empty points and attacker stones, after connect-out removal.
    pub interior: Zone,
    /// Gap points between the merged zones that became interior points.
    pub inner_dividers: Zone,
    /// The connectible points removed from the merged interior (empty points, outside
    /// `interior`).
    pub removed: Zone,
    /// The boundary blocks of the merged zones, in ascending order of their lowest stone.
    pub blocks: Vec<BoundaryBlock>,
    /// The gap points on the boundary of the merged zones, in ascending point order.
    pub dividers: Vec<Divider>,
}

/// A defender block on an area's boundary.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoundaryBlock {
    /// Its stones.
    pub stones: Zone,
    /// Its liberties outside the area's interior (gap points and removed points included).
    pub external_liberties: Zone,
}

/// A gap point on an area's boundary and the moves beside it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Divider {
    /// The gap point.
    pub point: Point,
    /// A potential divider (one of a two-point gap) rather than a divider.
    pub potential: bool,
    /// Layer one: the empty neighbours of the gap point outside the interior that are not gap
    /// points of this area's boundary (the attacker's approach, which the defender must answer).
    pub layer_one: Zone,
    /// Layer two: the empty neighbours of layer one outside the interior that are neither gap
    /// points of this area's boundary nor layer one of this divider (the attacker's moves one
    /// step further out; the defender's there are pruned).
    pub layer_two: Zone,
}

impl Area {
    /// The area of the merged zones `merged`: removes the connectible points and collects the
    /// boundary.
    pub fn build(board: &Board, defender: Color, merged: Merged, gaps: &Gaps) -> Area {
        let size = board.size();
        let empty = board.empty_points();
        let removed = connectible(board, defender, &merged.interior, &merged.dividers);
        let interior = merged.interior.difference(&removed);
        let blocks = board
            .blocks_of(&merged.blocks)
            .map(|(p, stones)| BoundaryBlock {
                stones,
                external_liberties: board.liberties(p).difference(&interior),
            })
            .collect();
        let not_beside = interior.union(&merged.dividers);
        let dividers = merged
            .dividers
            .iter()
            .map(|point| {
                let layer_one = Zone::from_iter([point])
                    .grow(size)
                    .intersection(&empty)
                    .difference(&not_beside);
                let layer_two = layer_one
                    .grow(size)
                    .intersection(&empty)
                    .difference(&not_beside)
                    .difference(&layer_one);
                Divider {
                    point,
                    potential: gaps.potential.contains(point),
                    layer_one,
                    layer_two,
                }
            })
            .collect();
        Area {
            zones: merged.zones,
            interior,
            inner_dividers: merged.inner_dividers,
            removed,
            blocks,
            dividers,
        }
    }

    /// The boundary's gap points as a zone.
    pub fn divider_points(&self) -> Zone {
        self.dividers.iter().map(|d| d.point).collect()
    }

    /// Enclosed by defender stones and the edge alone: no gap point on the boundary and nothing
    /// removed.
    pub fn is_closed(&self) -> bool {
        self.dividers.is_empty() && self.removed.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::super::fixtures::{board, diagram, gtp};
    use super::super::partition;
    use super::*;

    /// The layers and external liberties of an area, in GTP coordinates.
    fn describe(b: &Board, a: &Area) -> Vec<String> {
        let n = b.size();
        let mut out: Vec<String> = a
            .blocks
            .iter()
            .map(|bl| {
                format!(
                    "block {}: {:?}",
                    gtp(&bl.stones, n)[0],
                    gtp(&bl.external_liberties, n)
                )
            })
            .collect();
        out.extend(a.dividers.iter().map(|d| {
            format!(
                "{} {}: {:?} {:?}",
                if d.potential { "potential" } else { "divider" },
                d.point.to_gtp(n),
                gtp(&d.layer_one, n),
                gtp(&d.layer_two, n)
            )
        }));
        out
    }

    #[test]
    fn dividers_give_their_two_layers_and_blocks_their_external_liberties() {
        // The paper's Fig. 6 in small: the first-line divider G1 of the pocket; H1 beside it is
        // layer one, H2 and J1 beyond it layer two. E1 is interior (an inner divider).
        let b = board(
            ". . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             X X X X X X X . .
             . . . X . . X . .
             . . . . . . . . .",
        );
        let p = partition(&b, Color::Black);
        assert_eq!(p.areas.len(), 1);
        assert_eq!(
            describe(&b, &p.areas[0]),
            [
                r#"block A3: ["A4", "B4", "C4", "D4", "E4", "F4", "G4", "H3", "H2", "G1"]"#,
                r#"divider G1: ["H1"] ["H2", "J1"]"#,
            ]
        );
        assert!(!p.areas[0].is_closed());
    }

    #[test]
    fn potential_dividers_are_flagged_and_layers_stop_at_the_area_boundary() {
        // A pocket closed by the two-point gap C3 D3 (between B3 and E3): both are boundary
        // points, so neither is layer one of the other; C4 and D4 are layer one.
        let b = board(
            ". . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             X X . . X . . . .
             X X . . . X . . .
             X X . . . X . . .",
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
                 X X : : X . . . .
                 X X a a a X . . .
                 X X a a a X . . ."
            )
        );
        assert_eq!(
            describe(&b, &p.areas[0]),
            [
                r#"block A3: ["A4", "B4", "C3"]"#,
                r#"block E3: ["E4", "D3", "F3"]"#,
                r#"block F2: ["F3", "G2", "G1"]"#,
                r#"potential C3: ["C4"] ["C5", "B4", "D4"]"#,
                r#"potential D3: ["D4"] ["D5", "C4", "E4"]"#,
            ]
        );
    }
}
