//! Go knowledge in the numbers: what a move costs beyond its subtree's own proof or disproof
//! number (df-pn+ edge costs, Nagai 2002). The cost is added to the child's number where the
//! parent takes a minimum (pn at OR nodes, dn at AND nodes) for as long as the child is open, so
//! the search prefers moves near the fight not only at first but however its numbers grow. A
//! cost never decides anything: every move is still searched before a node is lost, so the
//! results are those of plain df-pn.
//!
//! - **Distance**: a life-and-death fight is decided next to the crucial blocks. A move more
//!   than two steps (orthogonal, over any points) from them costs [`FAR_STEP`] per step, up to
//!   [`FAR_MAX`].
//! - **Rank**: the ordering's rank ([`crate::solver::kernel::ordering`]), one more per [`RANK_STEP`]
//!   places.
//! - **Hint**: the reply that won a sibling's subtree (simulation, Kawano 1996; the one-eye
//!   solver paper's "try the sibling's winning move first") costs nothing and comes first.
//! - **Guide** (a net, [`crate::solver::knowledge::guide`]): with a guide in the configuration, distance
//!   and rank give way to the guide's prior: the likeliest move costs nothing and every halving
//!   of the prior below it costs one more, up to [`PRIOR_MAX`] ([`prior_costs`]).

use super::numbers::Num;
use crate::go::{Board, Move, Point, Zone};

/// One more per this many places of the ordering's rank.
pub const RANK_STEP: usize = 4;

/// The cost of one step of distance beyond two from the crucial blocks.
pub const FAR_STEP: Num = 2;

/// The largest distance cost.
pub const FAR_MAX: Num = 8;

/// The distance rings around the crucial blocks: `rings[k]` holds the points within `k + 1`
/// steps (the blocks themselves are step 0).
pub struct Rings {
    rings: Vec<Zone>,
}

impl Rings {
    /// The rings around `crucial` (the stones of the crucial blocks); none when it is empty.
    pub fn new(board: &Board, crucial: &Zone) -> Rings {
        let mut rings = Vec::new();
        if !crucial.is_empty() {
            let mut z = *crucial;
            let steps = 2 + (FAR_MAX / FAR_STEP) as usize;
            for _ in 0..steps {
                z = z.grow(board.size());
                rings.push(z);
            }
        }
        Rings { rings }
    }

    /// The distance cost of playing on `p` (0 when there are no crucial blocks).
    pub fn cost(&self, p: Point) -> Num {
        if self.rings.is_empty() {
            return 0;
        }
        let steps = self
            .rings
            .iter()
            .position(|z| z.contains(p))
            .unwrap_or(self.rings.len())
            + 1;
        ((steps.saturating_sub(2)) as Num * FAR_STEP).min(FAR_MAX)
    }
}

/// The one-eye goals' knowledge in the costs (the one-eye paper's "heuristic initialization of
/// proof and disproof numbers", after its eye test): a play that is neither a potential eye
/// point ([`crate::solver::knowledge::one_eye::potential_eye_points`]) nor next to one
/// (orthogonally or diagonally) cannot make or spoil an eye at once: it costs
/// [`FAR_FROM_EYES`] more. `eyes`: the potential eye points (none: no cost).
pub fn eye_costs(moves: &mut [(Num, Move)], eyes: &Zone, size: usize) {
    if eyes.is_empty() {
        return;
    }
    let near = eyes.grow_with_diagonals(size);
    for (cost, mv) in moves.iter_mut() {
        if let Move::Play(p) = *mv {
            if !near.contains(p) {
                *cost += FAR_FROM_EYES;
            }
        }
    }
    moves.sort_by_key(|&(c, _)| c);
}

/// What a play away from every potential eye point costs ([`eye_costs`]).
pub const FAR_FROM_EYES: Num = 2;

/// The candidate moves with their costs, cheapest first (stable: the ordering's order breaks
/// ties): `points` in the ordering's order, then `extra` (the pass) at the highest cost.
pub fn costed_moves(points: &[Point], extra: Option<Move>, rings: &Rings) -> Vec<(Num, Move)> {
    let mut out: Vec<(Num, Move)> = points
        .iter()
        .enumerate()
        .map(|(rank, &p)| ((rank / RANK_STEP) as Num + rings.cost(p), Move::Play(p)))
        .collect();
    if let Some(mv) = extra {
        let top = out.iter().map(|&(c, _)| c).max().unwrap_or(0);
        out.push((top, mv));
    }
    out.sort_by_key(|&(c, _)| c);
    out
}

/// The largest cost a prior gives.
pub const PRIOR_MAX: Num = 12;

/// The candidate moves costed by their priors (`priors[i]` of `points[i]`, `extra_prior` of
/// `extra`), cheapest first (ties in the given order): 0 for the likeliest, one more per
/// halving below it, at most [`PRIOR_MAX`].
pub fn prior_costs(
    points: &[Point],
    priors: &[f32],
    extra: Option<(Move, f32)>,
) -> Vec<(Num, Move)> {
    let mut all: Vec<(f32, Move)> = points
        .iter()
        .zip(priors)
        .map(|(&p, &prior)| (prior, Move::Play(p)))
        .collect();
    all.extend(extra.map(|(mv, prior)| (prior, mv)));
    let top = all
        .iter()
        .map(|&(p, _)| p)
        .fold(f32::MIN_POSITIVE, f32::max);
    let mut out: Vec<(Num, Move)> = all
        .into_iter()
        .map(|(prior, mv)| {
            let halvings = (top / prior.max(1e-12)).log2().floor();
            let cost = if halvings.is_finite() {
                (halvings.max(0.0) as Num).min(PRIOR_MAX)
            } else {
                PRIOR_MAX
            };
            (cost, mv)
        })
        .collect();
    out.sort_by_key(|&(c, _)| c);
    out
}

/// Move the `hint` (if among `moves`) to the front at cost 0: the reply that won a sibling is
/// tried first (simulation).
pub fn put_first(moves: &mut Vec<(Num, Move)>, hint: Option<Move>) {
    let Some(h) = hint else { return };
    if let Some(i) = moves.iter().position(|&(_, m)| m == h) {
        moves.remove(i);
        moves.insert(0, (0, h));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_far_from_the_crucial_blocks_cost_more_per_step() {
        let b = Board::from_ascii(
            "
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            O . . . . . . . .
        ",
        )
        .expect("diagram");
        let crucial: Zone = [Point::new(0, 8)].into_iter().collect();
        let rings = Rings::new(&b, &crucial);
        assert_eq!(rings.cost(Point::new(1, 8)), 0);
        assert_eq!(rings.cost(Point::new(1, 7)), 0);
        assert_eq!(rings.cost(Point::new(2, 7)), FAR_STEP);
        assert_eq!(rings.cost(Point::new(3, 7)), 2 * FAR_STEP);
        assert_eq!(rings.cost(Point::new(8, 0)), FAR_MAX);
        let none = Rings::new(&b, &Zone::new());
        assert_eq!(none.cost(Point::new(8, 0)), 0);
    }

    #[test]
    fn priors_cost_one_per_halving() {
        let points = [Point::new(0, 0), Point::new(1, 0), Point::new(2, 0)];
        let moves = prior_costs(&points, &[0.1, 0.4, 0.02], Some((Move::Pass, 0.0)));
        assert_eq!(
            moves,
            vec![
                (0, Move::Play(Point::new(1, 0))),
                (2, Move::Play(Point::new(0, 0))),
                (4, Move::Play(Point::new(2, 0))),
                (PRIOR_MAX, Move::Pass),
            ]
        );
    }

    #[test]
    fn the_hint_comes_first_and_the_pass_last() {
        let b = Board::new(9);
        let crucial: Zone = [Point::new(0, 8)].into_iter().collect();
        let rings = Rings::new(&b, &crucial);
        let points = [Point::new(1, 8), Point::new(8, 0), Point::new(0, 7)];
        let hint = Some(Move::Play(Point::new(0, 7)));
        let mut moves = costed_moves(&points, Some(Move::Pass), &rings);
        put_first(&mut moves, hint);
        let order: Vec<Move> = moves.iter().map(|&(_, m)| m).collect();
        assert_eq!(
            order,
            vec![
                Move::Play(Point::new(0, 7)),
                Move::Play(Point::new(1, 8)),
                Move::Play(Point::new(8, 0)),
                Move::Pass
            ]
        );
        assert_eq!(moves[0].0, 0);
    }
}
