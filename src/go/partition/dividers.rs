//! Dividers and potential dividers: the gaps in the defender's wall that bound its zones. The
//! patterns and the argument why they stop the attacker are in the module documentation of
//! [`super`].

use crate::go::board::Board;
use crate::go::color::Color;
use crate::go::point::Point;
use crate::go::zone::Zone;

/// The gap points of the defender's wall on one board: dividers and potential dividers are
/// disjoint, and both are empty points.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Gaps {
    /// One-point gaps the attacker cannot pass through.
    pub dividers: Zone,
    /// The two points of each two-point gap: one defender move on either point makes the other
    /// a divider.
    pub potential: Zone,
}

impl Gaps {
    /// Dividers and potential dividers together.
    pub fn all(&self) -> Zone {
        self.dividers.union(&self.potential)
    }
}

/// What lies beside a point in one direction.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Side {
    /// Off the board.
    Edge,
    /// A defender stone.
    Defender,
    /// An attacker stone.
    Attacker,
    /// An empty point.
    Empty,
}

impl Side {
    /// The board edge or a defender stone: the attacker cannot go that way.
    fn closed(self) -> bool {
        matches!(self, Side::Edge | Side::Defender)
    }
}

/// The two axes as (along, across) unit steps: horizontal, then vertical.
const AXES: [((isize, isize), (isize, isize)); 2] = [((1, 0), (0, 1)), ((0, 1), (1, 0))];

/// The board seen from the defender: what lies `k` steps of `(dx, dy)` from a point.
struct View<'a> {
    board: &'a Board,
    defender: Color,
}

impl View<'_> {
    /// What lies at `p` moved by `k * (dx, dy)`.
    fn side(&self, p: Point, (dx, dy): (isize, isize), k: isize) -> Side {
        let size = self.board.size() as isize;
        let x = p.x() as isize + k * dx;
        let y = p.y() as isize + k * dy;
        if !(0..size).contains(&x) || !(0..size).contains(&y) {
            return Side::Edge;
        }
        match self.board.color_at(Point::new(x as usize, y as usize)) {
            None => Side::Empty,
            Some(c) if c == self.defender => Side::Defender,
            Some(_) => Side::Attacker,
        }
    }

    /// The divider pattern on the empty point `p`: along one axis both neighbours are closed
    /// (defender stone or edge), at least one of them a defender stone; across it both
    /// neighbours are on the board and free (empty or attacker), not both attacker stones.
    fn is_divider(&self, p: Point) -> bool {
        AXES.iter().any(|&(along, across)| {
            let (a, b) = (self.side(p, along, -1), self.side(p, along, 1));
            let (c, d) = (self.side(p, across, -1), self.side(p, across, 1));
            a.closed()
                && b.closed()
                && (a == Side::Defender || b == Side::Defender)
                && !c.closed()
                && !d.closed()
                && !(c == Side::Attacker && d == Side::Attacker)
        })
    }

    /// The potential-divider pattern starting on the empty point `p` along `along`: `p` and the
    /// next point `q` empty, defender stones just before `p` and just after `q`, and the four
    /// points across `p` and `q` empty (so no attacker stone touches the gap).
    fn two_point_gap(&self, p: Point, along: (isize, isize), across: (isize, isize)) -> bool {
        self.side(p, along, 1) == Side::Empty
            && self.side(p, along, -1) == Side::Defender
            && self.side(p, along, 2) == Side::Defender
            && [-1, 1].iter().all(|&k| {
                let q = (along.0 + k * across.0, along.1 + k * across.1);
                self.side(p, across, k) == Side::Empty && self.side(p, q, 1) == Side::Empty
            })
    }
}

/// The gaps of `defender`'s wall on `board`. Only regions (maximal connected sets of points
/// without a defender stone, as Benson's) with more than `max_whole_region` empty points are
/// searched for gaps: a smaller region is a zone as it is.
pub fn find_gaps(board: &Board, defender: Color, max_whole_region: usize) -> Gaps {
    let view = View { board, defender };
    let size = board.size();
    let empty = board.empty_points();
    let mut gaps = Gaps {
        dividers: Zone::new(),
        potential: Zone::new(),
    };
    let mut rest = board.all_points().difference(&board.stones(defender));
    while let Some(start) = rest.first() {
        let region = Zone::from_iter([start]).flood(&rest, size);
        rest = rest.difference(&region);
        let region_empty = region.intersection(&empty);
        if region_empty.len() <= max_whole_region {
            continue;
        }
        for p in region_empty.iter() {
            if view.is_divider(p) {
                gaps.dividers.insert(p);
            }
            for &(along, across) in &AXES {
                if view.two_point_gap(p, along, across) {
                    gaps.potential.insert(p);
                    let q = Point::new(
                        (p.x() as isize + along.0) as usize,
                        (p.y() as isize + along.1) as usize,
                    );
                    gaps.potential.insert(q);
                }
            }
        }
    }
    gaps.potential = gaps.potential.difference(&gaps.dividers);
    gaps
}

#[cfg(test)]
mod tests {
    use super::super::fixtures::{board, gtp};
    use super::*;

    /// The gaps of Black's walls with the paper's region threshold, in GTP coordinates.
    fn gaps_of(text: &str) -> (Vec<String>, Vec<String>) {
        let b = board(text);
        let gaps = find_gaps(&b, Color::Black, 15);
        (
            gtp(&gaps.dividers, b.size()),
            gtp(&gaps.potential, b.size()),
        )
    }

    #[test]
    fn one_point_jumps_and_points_between_a_stone_and_the_edge_are_dividers() {
        // C8: X . X; B9, D9: first line above a second-line stone, A8 and J5: between the edge
        // and a second-line stone; G5: X . X with one attacker stone across; E1: first line
        // below a second-line stone.
        let (dividers, potential) = gaps_of(
            ". . . . . . . . .
             . X . X . . . . .
             . . . . . . . . .
             . . . . . . O . .
             . . . . . X . X .
             . . . . . . . . .
             . . . . . . . . .
             . . . . X . . . .
             . . . . . . . . .",
        );
        assert_eq!(dividers, ["B9", "D9", "A8", "C8", "G5", "J5", "E1"]);
        assert!(potential.is_empty());
    }

    #[test]
    fn dead_ends_and_points_between_attacker_stones_are_no_dividers() {
        // A9: edge and X along the row, but the edge across it (a dead end); E5: X . X with
        // attacker stones on both sides across (a cutting point); H2: X . X with X below (a notch).
        let (dividers, potential) = gaps_of(
            ". X . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . O . . . .
             . . . X . X . . .
             . . . . O . . . .
             . . . . . . . . .
             . . . . . . X . X
             . . . . . . . X .",
        );
        assert!(dividers.is_empty(), "{dividers:?}");
        assert!(potential.is_empty(), "{potential:?}");
    }

    #[test]
    fn two_point_jumps_are_potential_dividers_unless_an_attacker_stone_or_the_edge_is_there() {
        // C8 D8: X . . X with empty points across; C4 D4 touch the attacker stone D3; H2 H1 end
        // on the edge; B7 B6 B5 are three points. B9, E9, A8, A4 and J3 are ordinary dividers
        // beside stones on the second line.
        let (dividers, potential) = gaps_of(
            ". . . . . . . . .
             . X . . X . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . X . . X . . . .
             . . . O . . . X .
             . . . . . . . . .
             . . . . . . . . .",
        );
        assert_eq!(dividers, ["B9", "E9", "A8", "A4", "J3"]);
        assert_eq!(potential, ["C8", "D8"]);
    }

    #[test]
    fn a_region_small_enough_to_search_whole_has_no_gap_points() {
        // The corner straight three A5 B5 C5: B5 matches the divider pattern (edge above, X
        // below, empty points either side), but its region has 3 empty points. The open region
        // beside it has 17, so E4 (between a stone and the edge) is a divider.
        let b = board(
            ". . . X .
             X X X X .
             . . . . .
             . . . . .
             . . . . .",
        );
        let gaps = find_gaps(&b, Color::Black, 15);
        assert_eq!(gtp(&gaps.dividers, 5), ["E4"]);
        assert!(gaps.potential.is_empty());
        let gaps = find_gaps(&b, Color::Black, 2);
        assert_eq!(gtp(&gaps.dividers, 5), ["B5", "E4"]);
    }
}
