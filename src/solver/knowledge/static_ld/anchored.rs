//! *Anchored* walls: the attacker's blocks with a liberty outside the problem's region.
//!
//! The problem's game plays only in its region, so an empty point outside it stays empty on
//! every line: a block next to one can never be captured, and stones joined to it keep that
//! liberty. Such a block is a wall of the static rule as surely as an unconditionally alive
//! one, though Benson's test may not call it alive (a game's wall, whose eyes are not yet
//! made). This is the assumption of every problem, that the wall round the region is safe,
//! read block by block. (For an open-boundary problem the defender may also play outside the
//! region in a real game; its stones there only take liberties the model leaves empty, which is
//! the residual assumption ARCHITECTURE.md, "Open boundaries", names.)

use crate::go::{Board, Color, Point, Zone};

/// The stones of `attacker`'s blocks with an empty neighbour outside `region`.
pub fn anchored_walls(board: &Board, attacker: Color, region: &Zone) -> Zone {
    let outside = board.empty_points().difference(region);
    if outside.is_empty() {
        return Zone::EMPTY;
    }
    let size = board.size();
    let stones = board.stones(attacker);
    outside
        .grow(size)
        .intersection(&stones)
        .flood(&stones, size)
}

/// An empty neighbour outside `region` of the block at `p`: the point that anchors it.
pub fn anchor(board: &Board, p: Point, region: &Zone) -> Option<Point> {
    board
        .block_stones(p)
        .grow(board.size())
        .intersection(&board.empty_points())
        .difference(region)
        .first()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::fixtures::board;

    fn gtp(b: &Board, points: &[&str]) -> Zone {
        points
            .iter()
            .map(|s| Point::from_gtp(s, b.size()).expect("a point"))
            .collect()
    }

    #[test]
    fn a_block_with_a_liberty_outside_the_region_is_anchored_whole() {
        // The region is the left three columns; the X block B1-C1-C2-C3 reaches D3's liberty
        // outside it (through C3), the lone X at A3 only has liberties inside.
        let b = board(
            "
            . . . . .
            . . . . .
            X . X . .
            . O X . .
            O X X . .
            ",
        );
        let region = gtp(
            &b,
            &[
                "A1", "B1", "C1", "A2", "B2", "C2", "A3", "B3", "C3", "A4", "B4",
            ],
        );
        let walls = anchored_walls(&b, Color::Black, &region);
        assert_eq!(walls, gtp(&b, &["B1", "C1", "C2", "C3"]));
        let c1 = Point::from_gtp("C1", 5).unwrap();
        assert!(anchor(&b, c1, &region).is_some_and(|p| !region.contains(p)));
        let a3 = Point::from_gtp("A3", 5).unwrap();
        assert_eq!(anchor(&b, a3, &region), None);
    }

    #[test]
    fn nothing_is_anchored_when_the_region_holds_every_empty_point() {
        let b = board(
            "
            . X . . .
            X O . . .
            . X . . .
            . . . . .
            . . . . .
            ",
        );
        let region = b.empty_points();
        assert!(anchored_walls(&b, Color::Black, &region).is_empty());
    }
}
