//! Connect-out removal (Safety Solver 2.0, §3): the attacker's connectible points are taken out of
//! an area, so that an attacker stone joined to its stones outside is no trivial "win" inside.

use crate::go::board::Board;
use crate::go::color::Color;
use crate::go::zone::Zone;

/// The connectible points of an area with interior `interior` and boundary gap points
/// `dividers`: the empty interior points next to a boundary gap point that is itself next to an
/// attacker stone outside the interior. An attacker stone played there and that outside stone
/// share the gap point as a liberty, so the defender must spend a move on the gap to keep them
/// apart. Potential dividers never touch an attacker stone, so only dividers give such points.
pub fn connectible(board: &Board, defender: Color, interior: &Zone, dividers: &Zone) -> Zone {
    let size = board.size();
    let outside_attacker = board.stones(defender.opponent()).difference(interior);
    let leaky = dividers.intersection(&outside_attacker.grow(size));
    leaky
        .grow(size)
        .intersection(interior)
        .intersection(&board.empty_points())
}

#[cfg(test)]
mod tests {
    use super::super::fixtures::{board, diagram, gtp};
    use super::super::partition;
    use crate::go::color::Color;

    /// The merged pockets of the wall with the divider G1, and `h1` on H1.
    fn pockets(h1: char) -> String {
        format!(
            ". . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             X X X X X X X . .
             . . . X . . X . .
             . . . . . . . {h1} ."
        )
    }

    #[test]
    fn a_point_next_to_a_divider_with_an_attacker_stone_beyond_it_is_removed() {
        // The paper's h1/j1: White on H1 touches the divider G1, so F1 (where a White stone would
        // share G1 with it) leaves the area; E1, one step further in, stays.
        let b = board(&pockets('O'));
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
                 X X X X X X X . .
                 a a a X a a X . .
                 a a a a a * ! O ."
            )
        );
        assert_eq!(gtp(&p.areas[0].removed, 9), ["F1"]);
    }

    #[test]
    fn without_the_attacker_stone_nothing_is_removed() {
        let b = board(&pockets('.'));
        let p = partition(&b, Color::Black);
        assert!(p.areas[0].removed.is_empty());
        assert!(p.areas[0]
            .interior
            .contains(crate::go::point::Point::new(5, 8)));
    }
}
