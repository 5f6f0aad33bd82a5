//! Board partitioning for open-boundary problems (Niu & Müller, "An Open Boundary
//! Safety-of-Territory Solver for the Game of Go", Safety Solver 2.0, §3): the defender's zones
//! bounded by its stones, the edge and the gaps in its walls, the candidates among them, merged
//! into search areas with the attacker's connectible points removed. Rules code: a pure function
//! of the board and the defender's colour ([`partition`]).
//!
//! # Definitions
//! *Closed* and *free* beside a point: a neighbour is closed when it is off the board or a
//! defender stone, free when it is an empty point or an attacker stone.
//!
//! **Regions** are Benson's: the maximal connected sets of points without a defender stone. Gap
//! points are looked for only in regions with more than [`Thresholds::max_interior_empty`] empty
//! points. A smaller region is enclosed and small enough to search whole, so it is one zone as
//! it is; splitting it would only cut an eye space at its narrow places (the middle point of an
//! enclosed straight three matches the divider pattern) into pieces that the ratio test could
//! throw away.
//!
//! **Divider** (`!` in the diagrams): an empty point `p` of a large region such that, along one
//! axis, both neighbours of `p` are closed (a one-point jump `X . X`, or a first-line point beside
//! a defender stone on the second line, `edge . X`; on a board of side 2 or more one of the two is
//! a stone), and across that axis both neighbours are free and not both attacker stones. Why the
//! attacker cannot pass: from `p` an attacker stone can only go on across the axis, since its other
//! neighbours are defender stones or the edge. When it reaches for the point on one side, the
//! defender plays there; `p`'s only free neighbour is then the one on the side the attacker came
//! from, so it has not passed, and unless it is joined to attacker stones on that side the stone on
//! `p` is in atari. The answer stands diagonally next to the defender stone(s) of the gap, so it is
//! connected to them unless the attacker cuts elsewhere; the partition, as the paper's, is a
//! heuristic and does not read that out. Left out on purpose (fewer dividers): a point whose free
//! neighbours are both attacker stones (the attacker is already on both sides: the point is a
//! cutting point, whoever plays first), and a point with a closed neighbour across the axis (a dead
//! end, such as the last point of an eye space: it separates nothing). Diagonal steps in a wall
//! need no divider: zones are connected orthogonally, and the two points beside a diagonal step are
//! not neighbours.
//!
//! **Potential divider** (`:`): the two empty points `p`, `q` of a two-point jump `X . . X` on a
//! line (no edge at either end) in a large region, when the four points across `p` and `q` are
//! empty: a defender stone on either point makes the other a divider by the pattern above. No
//! attacker stone may touch the gap, which keeps contact fights out; a gap wider than two points,
//! or one ending on the edge, is no potential divider (fewer dividers: the zone then reaches
//! further and is left out as too large or too open rather than bounded by a doubtful gap).
//!
//! Dividers and potential dividers together are the *gap points*; they are boundary points of
//! zones, never interior points (except the inner dividers of a merged area, below).
//!
//! **Zones** ([`BoardZone`]): the maximal connected sets of points that hold no defender stone
//! and no gap point. A zone's interior holds its empty points *and attacker stones*: what the
//! attacker has inside the defender's area is what the defender must capture, an attacker block
//! is never split between zones, and a zone without gap points on its boundary (*closed*) is then
//! exactly a Benson region of the defender. Its boundary: the defender stones next to it (the
//! *boundary stones*), the blocks holding them (*boundary blocks*) and the gap points next to it.
//!
//! **Candidates** (`select.rs`): a zone is left out, with its reason ([`LeftOutReason`]), when no
//! defender stone touches it; when it has more empty interior points than
//! [`Thresholds::max_interior_empty`] (15); or when gap points make more than
//! [`Thresholds::max_divider_share`] (one third) of its boundary points (boundary stones plus
//! gap points, dividers and potential dividers alike, as the paper's Fig. 3 counts them).
//!
//! **Merging** (`merge.rs`): candidates sharing a boundary block are related, and related zones
//! (transitively) are merged into one area; with [`Thresholds::split_at_safe_blocks`] a block
//! the defender's Benson life already holds relates nothing, and an area left safe without
//! search (every boundary block alive, the interior static safe territory) is no area. A gap
//! point next to the merged zones becomes an
//! interior point (*inner divider*) when each of its on-board neighbours is a defender stone, a
//! point of the merged zones or another such gap point (the largest such set, so the two points
//! of a potential divider between two merged zones join together). Left-out zones are never
//! merged, so a gap point next to one stays on the boundary.
//!
//! **Connect-out removal** (`connect.rs`): an empty interior point next to a boundary gap point
//! that is itself next to an attacker stone outside the area is removed from the area (the paper's
//! h1 as we read its Fig. 4: next to the divider j1 with an attacker stone beyond it; the figure
//! itself is not in the text we have): an attacker stone there shares a liberty with the outside
//! stone and is one move from joining it, a trivial "win" for the attacker in a territory search.
//! One pass: the removed points are empty and outside the area afterwards, and they do not make
//! further points connectible. Attacker stones inside the area are never removed, not even next to
//! a divider with an empty point beyond it.
//!
//! **What an area gives the search** ([`Area`]): the interior, the removed points, each boundary
//! block's external liberties (its liberties outside the interior: gap points and removed points
//! included), and each boundary gap point's layer-one and layer-two points (§5.1: the empty points
//! one and two steps out from the gap, outside the interior and off the area's boundary).
//!
//! Everything is computed with [`Zone`] sets and iterates in ascending point order, so the
//! partition is deterministic.

mod area;
mod connect;
mod diagram;
mod dividers;
mod merge;
mod select;
mod zones;

#[cfg(test)]
mod fixtures;
#[cfg(test)]
mod properties;

pub use area::{Area, BoundaryBlock, Divider};
pub use dividers::Gaps;
pub use select::{LeftOut, LeftOutReason, Share, Thresholds};
pub use zones::BoardZone;

use crate::go::board::Board;
use crate::go::color::Color;
use crate::go::zone::Zone;

/// The partition of one board for one defender.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Partition {
    /// Whose areas these are.
    pub defender: Color,
    /// The thresholds it was computed with.
    pub thresholds: Thresholds,
    /// The gap points of the defender's walls.
    pub gaps: Gaps,
    /// Every zone, in ascending order of its lowest point.
    pub zones: Vec<BoardZone>,
    /// The zones that are no candidates, with their reasons, in ascending zone order.
    pub left_out: Vec<LeftOut>,
    /// The search areas: merged candidates, in ascending order of their first zone.
    pub areas: Vec<Area>,
}

/// The partition of `board` for `defender` with the paper's thresholds.
pub fn partition(board: &Board, defender: Color) -> Partition {
    partition_with(board, defender, &Thresholds::default())
}

/// The partition of `board` for `defender` with the given thresholds.
pub fn partition_with(board: &Board, defender: Color, thresholds: &Thresholds) -> Partition {
    let gaps = dividers::find_gaps(board, defender, thresholds.max_interior_empty);
    let zones = zones::find_zones(board, defender, &gaps);
    let (kept, left_out) = select::select(&zones, thresholds);
    let statics = thresholds
        .split_at_safe_blocks
        .then(|| crate::go::safe_points::safe_points(board, defender));
    let unmerging = statics.as_ref().map_or(Zone::new(), |s| s.stones);
    let areas = merge::merge(board, defender, &zones, &kept, &gaps, &unmerging)
        .into_iter()
        .map(|m| Area::build(board, defender, m, &gaps))
        .filter(|a| !statics.as_ref().is_some_and(|s| safe_already(a, s)))
        .collect();
    Partition {
        defender,
        thresholds: *thresholds,
        gaps,
        zones,
        left_out,
        areas,
    }
}

/// Is `area` safe without search: every boundary block alive by Benson's rule and the
/// interior static safe territory ([`crate::go::safe_points`])? Nothing is left to search.
fn safe_already(area: &Area, statics: &crate::go::safe_points::SafePoints) -> bool {
    area.blocks
        .iter()
        .all(|b| b.stones.is_subset(&statics.stones))
        && area.interior.is_subset(&statics.territory)
}

impl Partition {
    /// The interiors of all areas together.
    pub fn area_points(&self) -> Zone {
        let mut z = Zone::new();
        for a in &self.areas {
            z.union_with(&a.interior);
        }
        z
    }
}

#[cfg(test)]
mod tests {
    use super::fixtures::{board, diagram, gtp};
    use super::*;
    use crate::go::benson::benson;

    #[test]
    fn an_enclosed_eye_space_is_a_closed_zone_without_dividers() {
        // Two eyes of one group: the straight three A9 B9 C9 (B9 would be a divider in an open
        // region) and E9. Each is a closed zone, one of Benson's regions; sharing the group,
        // they merge into one closed area.
        let b = board(
            ". . . X . X . . .
             X X X X X X . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .",
        );
        let p = partition(&b, Color::Black);
        assert!(p.gaps.all().is_empty());
        assert_eq!(
            p.zones_ascii(&b),
            diagram(
                "0 0 0 X 1 X . . .
                 X X X X X X . . .
                 . . . . . . . . .
                 . . . . . . . . .
                 . . . . . . . . .
                 . . . . . . . . .
                 . . . . . . . . .
                 . . . . . . . . .
                 . . . . . . . . ."
            )
        );
        let regions = benson(&b, Color::Black).regions;
        for z in &p.zones[..2] {
            assert!(z.is_closed());
            assert!(regions.iter().any(|r| r.points == z.points));
        }
        assert_eq!(
            p.left_out,
            [LeftOut {
                zone: 2,
                reason: LeftOutReason::TooLarge { empty: 69 }
            }]
        );
        assert_eq!(p.areas.len(), 1);
        assert_eq!(gtp(&p.areas[0].interior, 9), ["A9", "B9", "C9", "E9"]);
        assert!(p.areas[0].is_closed());
        assert_eq!(
            gtp(&p.areas[0].blocks[0].external_liberties, 9),
            ["G9", "G8", "A7", "B7", "C7", "D7", "E7", "F7"]
        );
    }

    /// Zones related only through an unconditionally alive block stay apart with
    /// `split_at_safe_blocks`, and those already safe without search (the eyes) are no
    /// areas; through a block Benson does not hold, they merge either way.
    #[test]
    fn zones_related_only_through_a_living_block_can_stay_apart() {
        let split = Thresholds {
            split_at_safe_blocks: true,
            ..Thresholds::default()
        };
        let interiors = |p: &Partition| -> Vec<Vec<String>> {
            p.areas.iter().map(|a| gtp(&a.interior, 9)).collect()
        };
        // Three one-point eyes (E9, G9, J9) and a corner of nine points with inner points.
        let alive = board(
            ". . . X . X . X .
             . . . X X X X X X
             . . . X . . . . .
             X X X X . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .",
        );
        let corner = vec!["A9", "B9", "C9", "A8", "B8", "C8", "A7", "B7", "C7"];
        assert_eq!(
            interiors(&partition(&alive, Color::Black)),
            [vec![
                "A9", "B9", "C9", "E9", "G9", "J9", "A8", "B8", "C8", "A7", "B7", "C7"
            ]]
        );
        assert_eq!(
            interiors(&partition_with(&alive, Color::Black, &split)),
            [corner]
        );
        // One eye: no life, one area either way.
        let one_eye = board(
            ". . . X . X X X X
             . . . X X X X X X
             . . . X . . . . .
             X X X X . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .",
        );
        for t in [Thresholds::default(), split] {
            assert_eq!(
                interiors(&partition_with(&one_eye, Color::Black, &t)),
                [vec![
                    "A9", "B9", "C9", "E9", "A8", "B8", "C8", "A7", "B7", "C7"
                ]]
            );
        }
    }

    /// The paper's Fig. 3 on the lower edge of a 19x19 board: two Black zones of 15 interior
    /// points. The left one is bounded by four stones and four dividers, the right one by six
    /// stones and two dividers.
    const FIG_3: &str = ". . . . . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . . . . . .
         . . . X . . . . . . . . . . . O . . .
         . . . . . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . . . . . .
         . . . O . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . . . . . .
         X . X . X X . . . X . . . . X . X . X
         . . . . . . . . . O . . . X . . . . .
         . . . . . X . . . . . . . X . . . . .
         . . . . . . . . . . . . . X . . . . .";

    #[test]
    fn a_zone_with_too_many_dividers_is_left_out_and_one_with_few_is_kept() {
        let b = board(FIG_3);
        let p = partition(&b, Color::Black);
        assert_eq!(
            p.zones_ascii(&b),
            diagram(
                ". . . . . . . . . . . . . . . . . . .
                 . . . . . . . . . . . . . . . . . . .
                 . . . . . . . . . . . . . . . . . . .
                 . . . X . . . . . . . . . . . O . . .
                 . . . . . . . . . . . . . . . . . . .
                 . . . . . . . . . . . . . . . . . . .
                 . . . . . . . . . . . . . . . . . . .
                 . . . . . . . . . . . . . . . . . . .
                 . . . . . . . . . . . . . . . . . . .
                 . . . . . . . . . . . . . . . . . . .
                 . . . . . . . . . . . . . . . . . . .
                 . . . . . . . . . . . . . . . . . . .
                 . . . O . . . . . . . . . . . . . . .
                 . . . . . . . . . . . . . . . . . . .
                 . . . . . . . . . . . . . . . . . . .
                 X ! X ! X X . . . X . . . . X ! X ! X
                 . . . . . ! . . . O . . . X 2 2 2 2 2
                 . . . . . X . . . . . . . X 2 2 2 2 2
                 . . . . . ! . . . . . . . X 2 2 2 2 2"
            )
        );
        assert_eq!(
            p.left_out,
            [
                LeftOut {
                    zone: 0,
                    reason: LeftOutReason::TooLarge { empty: 309 }
                },
                LeftOut {
                    zone: 1,
                    reason: LeftOutReason::TooOpen {
                        dividers: 4,
                        boundary: 8
                    }
                }
            ]
        );
        assert_eq!(p.zones[1].empty, 15);
        assert_eq!(p.zones[2].empty, 15);
        assert_eq!(
            (p.zones[2].boundary_stones.len(), p.zones[2].dividers.len()),
            (6, 2)
        );
        assert_eq!(p.areas.len(), 1);
        assert_eq!(p.areas[0].zones, [2]);
        assert_eq!(gtp(&p.areas[0].divider_points(), 19), ["Q4", "S4"]);
        assert_eq!(p.areas[0].blocks.len(), 4);
    }

    #[test]
    fn potential_dividers_count_as_gap_points_of_the_boundary() {
        // A corridor two points wide between two walls: every row but the last is a two-point
        // gap, so the last row is a zone with two stones and two potential dividers around it.
        let b = board(
            ". . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             X . . X . . . . .
             X . . X . . . . .
             X . . X . . . . .",
        );
        let p = partition(&b, Color::Black);
        assert_eq!(
            p.zones_ascii(&b),
            diagram(
                ". . . . . . . . .
                 . . . . . . . . .
                 . . . . . . . . .
                 . . . . . . . . .
                 . . . . . . . . .
                 . . . . . . . . .
                 X : : X . . . . .
                 X : : X . . . . .
                 X . . X . . . . ."
            )
        );
        assert_eq!(
            p.left_out[1],
            LeftOut {
                zone: 1,
                reason: LeftOutReason::TooOpen {
                    dividers: 2,
                    boundary: 4
                }
            }
        );
        assert!(p.areas.is_empty());
    }

    #[test]
    fn the_divider_share_is_a_parameter() {
        // Half the boundary may be gap points: the left zone of Fig. 3 (four of eight) is kept.
        let b = board(FIG_3);
        let half = Thresholds {
            max_divider_share: Share { num: 1, den: 2 },
            ..Thresholds::default()
        };
        let p = partition_with(&b, Color::Black, &half);
        let kept: Vec<&[usize]> = p.areas.iter().map(|a| a.zones.as_slice()).collect();
        assert_eq!(kept, [[1], [2]]);
    }

    /// A 4x4 corner on a 9x9 board behind a wall with the divider E1; `b7` on B7.
    fn corner(b7: char) -> String {
        format!(
            ". . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             X X X X X . . . .
             . . . . X . . . .
             . {b7} . . X . . . .
             . . . . X . . . .
             . . . . . . . . ."
        )
    }

    #[test]
    fn a_zone_of_more_than_fifteen_empty_points_is_left_out() {
        let b = board(&corner('.'));
        let p = partition(&b, Color::Black);
        assert!(p.areas.is_empty());
        assert_eq!(
            p.left_out[1],
            LeftOut {
                zone: 1,
                reason: LeftOutReason::TooLarge { empty: 16 }
            }
        );
        // Attacker stones are interior points but not empty ones: with one on B7 the zone has 15.
        let b = board(&corner('O'));
        let p = partition(&b, Color::Black);
        assert_eq!(
            p.areas_ascii(&b),
            diagram(
                ". . . . . . . . .
                 . . . . . . . . .
                 . . . . . . . . .
                 . . . . . . . . .
                 X X X X X . . . .
                 a a a a X . . . .
                 a O a a X . . . .
                 a a a a X . . . .
                 a a a a ! . . . ."
            )
        );
        assert_eq!(p.areas[0].interior.len(), 16);
        // And the size is a parameter.
        let sixteen = Thresholds {
            max_interior_empty: 16,
            ..Thresholds::default()
        };
        let b = board(&corner('.'));
        assert_eq!(partition_with(&b, Color::Black, &sixteen).areas.len(), 1);
    }

    #[test]
    fn white_is_a_defender_as_black_is() {
        // The merged pockets with the colours swapped, White defending; Black's H1 makes F1
        // connectible.
        let b = board(
            ". . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             O O O O O O O . .
             . . . O . . O . .
             . . . . . . . X .",
        );
        let p = partition(&b, Color::White);
        assert_eq!(
            p.areas_ascii(&b),
            diagram(
                ". . . . . . . . .
                 . . . . . . . . .
                 . . . . . . . . .
                 . . . . . . . . .
                 . . . . . . . . .
                 . . . . . . . . .
                 O O O O O O O . .
                 a a a O a a O . .
                 a a a a a * ! X ."
            )
        );
        // For Black the same board has no area: its one stone touches the whole board's zone.
        let p = partition(&b, Color::Black);
        assert!(p.areas.is_empty());
    }

    #[test]
    fn small_boards_and_corners() {
        // 2x2: one stone encloses the other three points.
        let b = board(
            ". X
             . .",
        );
        let p = partition(&b, Color::Black);
        assert_eq!(p.areas_ascii(&b), diagram("a X\n a a"));
        assert!(p.areas[0].is_closed());
        // An empty board has no area for either colour.
        let b = Board::new(7);
        for c in Color::ALL {
            let p = partition(&b, c);
            assert!(p.areas.is_empty());
            assert_eq!(
                p.left_out,
                [LeftOut {
                    zone: 0,
                    reason: LeftOutReason::NoDefenderStone
                }]
            );
        }
        // A corner of 19x19 closed by the first-line divider C1.
        let mut text = String::new();
        for y in 0..19 {
            let row: Vec<&str> = (0..19)
                .map(|x| match (x, y) {
                    (0..=2, 16) | (2, 17) => "X",
                    _ => ".",
                })
                .collect();
            text.push_str(&row.join(" "));
            text.push('\n');
        }
        let b = board(&text);
        let p = partition(&b, Color::Black);
        assert_eq!(gtp(&p.gaps.dividers, 19), ["C1"], "{}", p.zones_ascii(&b));
        assert_eq!(p.areas.len(), 1);
        assert_eq!(gtp(&p.areas[0].interior, 19), ["A2", "B2", "A1", "B1"]);
        assert_eq!(gtp(&p.areas[0].dividers[0].layer_one, 19), ["D1"]);
    }
}
