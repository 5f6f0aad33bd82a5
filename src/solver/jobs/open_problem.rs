//! Life and death of a group on an open board (GNU Go's `owl_attack` / `owl_defend`): a
//! target block anywhere in a position, no region or wall given. The claim is posed as an
//! open-boundary problem ([`crate::problem::Problem::is_open`]): the region is the target's
//! neighbourhood ([`neighbourhood`]), and the leak rule makes a proof hold on the whole board —
//! a kill is a capture however the group runs or connects (reaching outside the region counts
//! as escaping), a life is life inside the region (reaching outside counts for nothing). Where
//! neither claim holds inside the region the answer is *unknown*: it depends on the rest of
//! the board. The attacker's stones outside the region are taken to be safe, as in every
//! life-and-death problem.

use crate::go::{Board, Color, Point, Zone};
use crate::problem::open_region::with_defender_liberties;
use crate::problem::{Goal, Problem, ProblemSetup, ValidationErrors};

/// Most empty points of the region [`neighbourhood`] gives: the search must end within
/// seconds, and the paper's open areas stop at about 15 interior points (Niu & Müller, §7).
pub const MAX_REGION_EMPTY: usize = 24;

/// Rings of neighbours [`neighbourhood`] grows at most.
pub const MAX_RINGS: usize = 4;

/// The region of a target block on an open board: the block's liberties, grown ring by ring
/// (every neighbour, empty or a stone, of the points so far) up to [`MAX_RINGS`] rings while it
/// has at most `max_empty` empty points; each ring adds the whole blocks of the attacker's
/// stones it touches (their capture is part of the fight) and the points of the target. A
/// ring that would pass `max_empty` is not added. Then the defender's blocks on or beside the
/// region bring their stones and liberties ([`with_defender_liberties`], up to three times
/// `max_empty`: a block left reaching outside fails the defender's claim once it has one
/// liberty or none inside, the outside watch; GNU Go's seeded sample proved 12 of 100 with
/// twice, 14 with three times under the first watch, and 13 with three times, 12 with once
/// under the present one).
pub fn neighbourhood(board: &Board, target: &Zone, max_empty: usize) -> Zone {
    let size = board.size();
    let empty = board.empty_points();
    let defender = defender_of(board, target);
    let attacker = board.stones(defender.opponent());
    let mut region = target.grow(size).difference(target);
    for _ in 0..MAX_RINGS {
        let mut next = region.union(&region.grow(size)).difference(target);
        // Whole attacker blocks: a cut that is captured is played again.
        for (_, block) in board.blocks_of(&next.intersection(&attacker)) {
            next.union_with(&block);
        }
        if next.intersection(&empty).len() > max_empty {
            break;
        }
        region = next;
    }
    with_defender_liberties(board, region.union(target), defender, 3 * max_empty)
}

/// The colour of the stones of `target` (Black when it holds none, which no caller asks).
fn defender_of(board: &Board, target: &Zone) -> Color {
    target
        .first()
        .and_then(|p| board.color_at(p))
        .unwrap_or(Color::Black)
}

/// What is asked of the target.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OwlAsk {
    /// The opponent of the target's owner moves first and tries to capture it.
    Attack,
    /// The target's owner moves first and tries to save it.
    Defend,
}

/// Why no claim could be posed.
#[derive(Debug, thiserror::Error)]
pub enum OpenProblemError {
    #[error("{0}: there is no stone there")]
    NoStone(String),
    #[error("the claim is not a valid problem: {0}")]
    Invalid(#[from] ValidationErrors),
}

/// The claim `ask` about the block at `target` on `board`: `kill` with the attacker to move
/// (`Attack`) or `live` with the owner to move (`Defend`), the block's stones crucial, the
/// region its [`neighbourhood`] (an open-boundary problem when the block can reach beyond it).
pub fn owl_claim(board: &Board, target: Point, ask: OwlAsk) -> Result<Problem, OpenProblemError> {
    let size = board.size();
    let Some(owner) = board.color_at(target) else {
        return Err(OpenProblemError::NoStone(target.to_gtp(size)));
    };
    let block = board.block_stones(target);
    let (or_player, goal) = match ask {
        OwlAsk::Attack => (owner.opponent(), Goal::Kill),
        OwlAsk::Defend => (owner, Goal::Live),
    };
    let mut setup = ProblemSetup::from_board(board, or_player);
    setup.or_player = Some(or_player);
    setup.goal = Some(goal);
    setup.region = Some(neighbourhood(board, &block, MAX_REGION_EMPTY));
    setup.crucial = block;
    Ok(setup.validate()?)
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    /// A White group on the edge of an otherwise empty 9x9 board.
    const EDGE: &str = "
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . X X X X X . . .
        X O O O O O X . .
        . . . . . . X . .";

    #[test]
    fn the_region_grows_ring_by_ring_within_its_empty_points() {
        let b = Board::from_ascii(EDGE).unwrap();
        let target = b.block_stones(Point::new(1, 7));
        let small = neighbourhood(&b, &target, 6);
        // The liberties (the five points below the group) only: the next ring has more.
        assert_eq!(small.intersection(&b.empty_points()).len(), 5);
        assert!(target.iter().all(|p| small.contains(p)));
        let large = neighbourhood(&b, &target, MAX_REGION_EMPTY);
        assert!(large.len() > small.len());
        assert!(large.intersection(&b.empty_points()).len() <= MAX_REGION_EMPTY);
        // The attacker's blocks it touches are whole.
        let wall = b.block_stones(Point::new(1, 6));
        assert!(wall.iter().all(|p| large.contains(p)));
    }

    #[test]
    fn a_claim_names_the_block_and_the_side_to_move() {
        let b = Board::from_ascii(EDGE).unwrap();
        let attack = owl_claim(&b, Point::new(1, 7), OwlAsk::Attack).unwrap();
        assert_eq!(attack.or_player(), Color::Black);
        assert_eq!(attack.to_move(), Color::Black);
        assert_eq!(attack.goal(), Goal::Kill);
        assert_eq!(attack.crucial().len(), 5);
        let defend = owl_claim(&b, Point::new(1, 7), OwlAsk::Defend).unwrap();
        assert_eq!(
            (defend.or_player(), defend.goal()),
            (Color::White, Goal::Live)
        );
        assert!(matches!(
            owl_claim(&b, Point::new(4, 4), OwlAsk::Attack),
            Err(OpenProblemError::NoStone(_))
        ));
    }
}
