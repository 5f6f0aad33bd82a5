//! Open regions: a region the crucial stones can leave.
//!
//! A problem's moves are the plays in its region; points outside it are never played. When the
//! attacker's stones and the board's edge close the region round the crucial stones, that is
//! the problem: the wall is taken to be safe and nothing leaves. When they do not — a crucial
//! block can reach an empty point outside the region, directly or through region points and
//! the defender's other stones — the region cuts the fight off: liberties out there can never
//! be filled, so a block holding one can never be captured, and a search inside the region
//! would call a group alive that in fact may be captured, or dead that in fact runs out. Such a
//! problem is an *open-boundary* problem ([`crate::problem::Problem::is_open`]), solved under
//! the leak rule of `solver::kernel::leaf` (a crucial block with a liberty outside the region is
//! a failure of whichever side's claim is searched), so that a proof holds on the whole board
//! and a result depending on what happens outside is reported as not decided.

use crate::go::{benson, Board, Color, Zone};

/// Can a crucial block of `defender` reach an empty point outside `region` on `board`? The
/// crucial stones' blocks grow through the points of the region (any point there may become
/// the defender's, attacker stones being captured) and through the defender's stones anywhere
/// (which they may join); the region is open when that growth touches an empty point outside
/// it. Attacker stones outside the region are the wall: never captured.
pub fn region_is_open(board: &Board, region: &Zone, crucial: &Zone, defender: Color) -> bool {
    if crucial.is_empty() {
        return false;
    }
    let size = board.size();
    let passable = region.union(&board.stones(defender));
    let outside_empty = board.empty_points().difference(region);
    let mut reached = *crucial;
    let mut frontier = *crucial;
    while !frontier.is_empty() {
        let around = frontier.grow(size);
        if around.intersects(&outside_empty) {
            return true;
        }
        frontier = around.intersection(&passable).difference(&reached);
        reached.union_with(&frontier);
    }
    false
}

/// `region` with the neighbours (liberties, and the opponent's stones beside it, whose
/// capture makes liberties) of every `defender` block on or beside it, until no block is left
/// out or the next would take the empty points past `max_empty`: block by block, the one
/// bringing the fewest new empty points first. The defender's claim of an open-boundary
/// problem fails when a defender block on or beside the region reaches outside it with one
/// liberty or none inside (the outside watch: such a block could be shortened or captured
/// from outside), so those blocks' neighbours belong in the region, where the attacker may
/// fill them and the defender extend. Blocks
/// that stay unconditionally alive whatever is played in the region
/// ([`crate::go::benson::lasting_safe`]) are exempt from the watch and bring nothing.
pub fn with_defender_liberties(
    board: &Board,
    mut region: Zone,
    defender: Color,
    max_empty: usize,
) -> Zone {
    let size = board.size();
    let empty = board.empty_points();
    let stones = board.stones(defender);
    // (Life does not change as the region grows; only which components it meets does.)
    let life = benson(board, defender);
    loop {
        let safe = life.lasting_safe(board, &region);
        let near = stones.intersection(&region.grow(size)).difference(&safe);
        let cheapest = board
            .blocks_of(&near)
            .map(|(_, block)| region.union(&block.grow(size).difference(&block)))
            .filter(|with| *with != region)
            .map(|with| (with.intersection(&empty).len(), with))
            .min_by_key(|&(count, _)| count);
        match cheapest {
            Some((count, with)) if count <= max_empty => region = with,
            _ => return region,
        }
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::go::Point;

    fn board(diagram: &str) -> Board {
        Board::from_ascii(diagram).unwrap()
    }

    const CORNER: &str = "
        . . . X . . .
        O O . X . . .
        X O O X . . .
        . X X X . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .";

    /// The corner's empty points A7, B7, C7 and C6 (on a 7x7 board).
    fn corner_region() -> Zone {
        [(0, 0), (1, 0), (2, 0), (2, 1)]
            .into_iter()
            .map(|(x, y)| Point::new(x, y))
            .collect()
    }

    #[test]
    fn a_group_walled_in_by_the_attacker_is_closed() {
        let b = board(CORNER);
        let crucial = b.block_stones(Point::new(0, 1));
        // The corner's three empty points: the White group cannot get out.
        let region = corner_region();
        assert!(!region_is_open(&b, &region, &crucial, Color::White));
        // Nor with every empty point of the board as the region: the wall holds.
        assert!(!region_is_open(
            &b,
            &b.empty_points(),
            &crucial,
            Color::White
        ));
    }

    #[test]
    fn a_region_that_stops_short_of_a_liberty_is_open() {
        let b = board(
            ". . . X . . .
             O O . X . . .
             X O O . . . .
             . X X X . . .
             . . . . . . .
             . . . . . . .
             . . . . . . .",
        );
        let crucial = b.block_stones(Point::new(0, 1));
        // D5 is a liberty of the White block outside the corner region.
        let region = corner_region();
        assert!(region_is_open(&b, &region, &crucial, Color::White));
        // With the whole board as the region nothing is outside: closed.
        assert!(!region_is_open(
            &b,
            &b.empty_points(),
            &crucial,
            Color::White
        ));
    }

    #[test]
    fn reaching_out_through_a_region_point_and_an_own_stone_is_open() {
        // The corner group's liberty D5 is in the region; beside it White's stone at E5, whose
        // liberties lie outside: White may connect out.
        let diagram = |e5: char| {
            format!(
                ". . . X . . .
                 O O . X . . .
                 X O O . {e5} . .
                 . X X X . . .
                 . . . . . . .
                 . . . . . . .
                 . . . . . . ."
            )
        };
        let mut region = corner_region();
        region.insert(Point::new(3, 2));
        let b = board(&diagram('O'));
        let crucial = b.block_stones(Point::new(0, 1));
        assert!(region_is_open(&b, &region, &crucial, Color::White));
        // With a Black stone at E5 instead, D5 leads nowhere: closed.
        let b = board(&diagram('X'));
        assert!(!region_is_open(&b, &region, &crucial, Color::White));
        // And with D5 left out of the region, the liberty itself is outside: open.
        let mut without = region;
        without.remove(Point::new(3, 2));
        assert!(region_is_open(&b, &without, &crucial, Color::White));
    }

    /// A weak White stone beside the region brings its liberties; the White corner beside it,
    /// alive with both eyes outside the region, brings nothing; past the limit nothing is added.
    #[test]
    fn weak_defender_blocks_beside_the_region_bring_their_liberties() {
        let b = board(
            "
            . O . O X . .
            O O O O X . .
            . . . . . . .
            . . . . . O .
            . . . . . . .
            . . . . . . .
            . . . . . . .",
        );
        let points =
            |ps: &[(usize, usize)]| -> Zone { ps.iter().map(|&(x, y)| Point::new(x, y)).collect() };
        let row: Vec<(usize, usize)> = (0..7).map(|x| (x, 2)).collect();
        let region = points(&row);
        let grown = with_defender_liberties(&b, region, Color::White, 20);
        assert_eq!(grown, region.union(&points(&[(4, 3), (6, 3), (5, 4)])));
        assert_eq!(with_defender_liberties(&b, region, Color::White, 7), region);
    }
}
