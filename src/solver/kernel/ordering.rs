//! Move ordering by Go heuristics (no neural net): the moves most likely to decide the fight are
//! searched first. Each candidate point gets a score; ties keep ascending point order, so the
//! order is deterministic.
//!
//! Terms (for the side `c` to move):
//! - **captures**: taking an opponent block, more for bigger blocks and for crucial stones;
//! - **saving**: a liberty of an own block in atari (extending or capturing out of atari);
//! - **ataris**: taking an opponent block down to one liberty;
//! - **crucial liberties**: a liberty of a crucial block (the attacker fills it, the defender
//!   extends or makes eye space there);
//! - **eye-shape vital points**: empty points with many empty neighbours inside the region (the
//!   middle of a three-space, bulky or crossed shape is where both sides want to play);
//! - **proximity**: closeness to the opponent's last move (answers are usually local);
//! - **self-atari** without a capture is searched late.

use crate::go::{Board, Color, Point, Zone};
use crate::problem::Goal;

/// What ordering needs to know besides the board.
#[derive(Clone, Copy, Debug)]
pub struct OrderContext {
    pub region: Zone,
    /// The stones of the crucial blocks (blocks with a defender stone on a decisive point: a
    /// crucial point, or any point for `live-any`); see [`crucial_blocks`].
    pub crucial: Zone,
    pub defender: Color,
    pub last_move: Option<Point>,
}

/// The stones of the defender blocks that hold a stone on one of the `decisive` points.
pub fn crucial_blocks(board: &Board, defender: Color, decisive: &Zone) -> Zone {
    let mut blocks = Zone::new();
    for p in board.stones(defender).intersection(decisive).iter() {
        if !blocks.contains(p) {
            blocks.union_with(&board.block_stones(p));
        }
    }
    blocks
}

/// The crucial blocks of the heuristic guide's priors: the defender blocks on `crucial` for
/// the goals that need crucial stones, every defender stone where any may live.
pub fn prior_crucial_blocks(board: &Board, goal: Goal, defender: Color, crucial: &Zone) -> Zone {
    if goal.needs_crucial_stones() {
        crucial_blocks(board, defender, crucial)
    } else {
        board.stones(defender)
    }
}

/// The heuristic score of `c` playing on the empty point `p`.
pub fn score(board: &Board, c: Color, p: Point, ctx: &OrderContext) -> i32 {
    let opp = c.opponent();
    let mut s = 0i32;
    let mut own_libs_after = 0usize;
    let mut captures = false;
    let mut seen = [Point::from_index(0); 4];
    let mut n_seen = 0;
    for n in p.neighbors() {
        match board.color_at(n) {
            None if board.on_board(n) => {
                own_libs_after += 1;
                if ctx.region.contains(n) {
                    s += 2;
                }
            }
            None => {}
            Some(col) => {
                let head = board.block_id(n);
                if seen[..n_seen].contains(&head) {
                    continue;
                }
                seen[n_seen] = head;
                n_seen += 1;
                let libs = board.num_liberties(n);
                let crucial = ctx.crucial.contains(n);
                let size = board.block_size(n) as i32;
                if col == opp {
                    if libs == 1 {
                        captures = true;
                        s += 60 + 10 * size + if crucial { 40 } else { 0 };
                    } else if libs == 2 {
                        s += 15 + if crucial { 15 } else { 0 };
                    }
                    if crucial {
                        s += 12;
                    }
                } else {
                    if libs == 1 {
                        s += 45 + 8 * size;
                    }
                    own_libs_after += libs.saturating_sub(1);
                    if crucial {
                        s += 10;
                    }
                }
            }
        }
    }
    if let Some(last) = ctx.last_move {
        let d = last.x().abs_diff(p.x()) + last.y().abs_diff(p.y());
        s += match d {
            1 => 12,
            2 => 7,
            3 => 3,
            _ => 0,
        };
    }
    if !captures && own_libs_after <= 1 {
        s -= 50;
    }
    s
}

/// `moves` (empty points) for `c` with their scores, best first (ties in the order of
/// `moves`' points, ascending).
pub fn scored(board: &Board, c: Color, moves: &[Point], ctx: &OrderContext) -> Vec<(Point, i32)> {
    let mut scored: Vec<(i32, Point)> = moves
        .iter()
        .map(|&p| (-score(board, c, p, ctx), p))
        .collect();
    scored.sort();
    scored.into_iter().map(|(s, p)| (p, -s)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn captures_of_crucial_stones_come_first_and_self_ataris_last() {
        let b = Board::from_ascii(
            "
            . X O . .
            X O O X .
            . X X . .
            . . . . .
            . . . . .
        ",
        )
        .expect("diagram");
        let ctx = OrderContext {
            region: Zone::full(5),
            crucial: crucial_blocks(&b, Color::White, &b.stones(Color::White)),
            defender: Color::White,
            last_move: None,
        };
        let moves: Vec<Point> = scored(&b, Color::Black, &b.legal_moves(Color::Black, None), &ctx)
            .into_iter()
            .map(|(p, _)| p)
            .collect();
        // (3,0) captures the three crucial White stones.
        assert_eq!(moves[0], Point::new(3, 0));
        // (0,0) is a self-atari for Black, not a capture.
        let pos = |p| moves.iter().position(|&m| m == p).expect("listed");
        assert!(pos(Point::new(0, 0)) > pos(Point::new(4, 4)));
    }
}
