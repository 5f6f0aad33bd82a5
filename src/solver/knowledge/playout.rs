//! A value without a net: random games played to the end (Monte Carlo Go, as in the programs
//! before nets), for MCTS's leaves.
//!
//! A playout plays random legal moves in the region for both sides in turn, never filling a
//! point of its own that looks like an eye (every orthogonal neighbour its own stone or the
//! edge, and not false by its diagonals), and passes when no other move is left; two passes in
//! a row (or a move cap) end it. The defender has lived when a decisive stone is still on the
//! board: a crucial point holding a defender stone, or, for the kill-all goals, any defender
//! stone. The value of a position is the share of its playouts the OR player won.
//!
//! [`PlayoutGuide`] is the heuristic guide ([`HeuristicGuide`]: the ordering's priors) with
//! this value as its "Faster to Life" estimate (the same rate for every horizon). Playouts are
//! seeded by the position, so a search is reproducible. A value never decides anything: every
//! win is still proven by the goal test and the zones, and checked.

use crate::go::splitmix::splitmix64;
use crate::go::{Board, Cell, Color, Move, Point, Zone};
use crate::problem::Goal;
use crate::solver::knowledge::guide::{Guidance, Guide, GuideQuery, HeuristicGuide};

/// The playouts a [`PlayoutGuide`] runs per position unless told otherwise.
pub const DEFAULT_PLAYOUTS: u32 = 4;

/// How much of the playouts' verdict a [`PlayoutGuide`]'s value keeps unless told otherwise:
/// the value is `0.5 + weight · (share − 0.5)`, so that a proven win (1) or loss (0) still
/// stands out from an estimate.
pub const DEFAULT_WEIGHT: f32 = 0.5;

/// A small, fast, seedable generator ([`splitmix64`]).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        let (state, value) = splitmix64(self.0);
        self.0 = state;
        value
    }

    /// A number in `0..n` (`n > 0`).
    fn below(&mut self, n: usize) -> usize {
        (((self.next() >> 32) * n as u64) >> 32) as usize
    }
}

/// True when `p` (empty) looks like an eye of `c`: every orthogonal neighbour on the board is a
/// stone of `c`, and at most one diagonal neighbour (none on the edge) is the opponent's.
pub fn is_eye_like(board: &Board, c: Color, p: Point) -> bool {
    for n in p.neighbors() {
        match board.cell(n) {
            Cell::Stone(s) if s == c => {}
            Cell::Edge => {}
            _ => return false,
        }
    }
    let (mut off, mut bad) = (0, 0);
    for d in p.diagonals() {
        match board.cell(d) {
            Cell::Edge => off += 1,
            Cell::Stone(s) if s != c => bad += 1,
            _ => {}
        }
    }
    if off > 0 {
        bad == 0
    } else {
        bad < 2
    }
}

/// Whether the defender has lived at the end of a playout: a decisive stone on the board.
fn defender_lives(board: &Board, defender: Color, goal: Goal, crucial: &Zone) -> bool {
    if goal.needs_crucial_stones() {
        crucial.iter().any(|p| board.color_at(p) == Some(defender))
    } else {
        !board.stones(defender).is_empty()
    }
}

/// One random game from `board` with `to_move` to play, moves only in `region`; true when the
/// defender lives at its end.
fn playout(
    board: &Board,
    to_move: Color,
    region: &Zone,
    defender: Color,
    goal: Goal,
    crucial: &Zone,
    rng: &mut Rng,
) -> bool {
    let mut b = board.clone();
    let mut color = to_move;
    let mut passes = 0;
    let cap = 3 * region.len() + 20;
    // The empty points of the region: a chosen point leaves the list; a capture (rare) makes
    // it anew.
    let mut empty: Vec<Point> = region.iter().filter(|&p| b.is_empty(p)).collect();
    for _ in 0..cap {
        // Points tried and refused this turn are swapped behind `open`.
        let mut open = empty.len();
        let mut chosen = None;
        while open > 0 {
            let i = rng.below(open);
            let p = empty[i];
            if !is_eye_like(&b, color, p) && b.is_legal(color, Move::Play(p)) {
                chosen = Some(i);
                break;
            }
            open -= 1;
            empty.swap(i, open);
        }
        match chosen {
            Some(i) => {
                let p = empty.swap_remove(i);
                let captured = b.captures_by(color);
                b.play_unchecked(color, Move::Play(p));
                if b.captures_by(color) != captured {
                    empty.clear();
                    empty.extend(region.iter().filter(|&q| b.is_empty(q)));
                }
                passes = 0;
            }
            None => {
                b.play_unchecked(color, Move::Pass);
                passes += 1;
                if passes == 2 {
                    break;
                }
            }
        }
        color = color.opponent();
    }
    defender_lives(&b, defender, goal, crucial)
}

/// The share of `count` playouts from the queried position that the OR player wins (seeded by
/// the position).
pub fn playout_value(q: &GuideQuery<'_>, count: u32) -> f32 {
    let defender = q.goal.defender(q.or_player);
    let seed = q.board.position_hash(q.to_move) ^ u64::from(q.after_pass);
    let mut rng = Rng(seed);
    let mut lives = 0u32;
    for _ in 0..count {
        if playout(
            q.board, q.to_move, q.region, defender, q.goal, q.crucial, &mut rng,
        ) {
            lives += 1;
        }
    }
    let defender_share = lives as f32 / count.max(1) as f32;
    if q.goal.or_defends() {
        defender_share
    } else {
        1.0 - defender_share
    }
}

/// The heuristic priors with a playout value (see the module documentation).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PlayoutGuide {
    pub playouts: u32,
    /// See [`DEFAULT_WEIGHT`].
    pub weight: f32,
}

impl Default for PlayoutGuide {
    fn default() -> Self {
        PlayoutGuide {
            playouts: DEFAULT_PLAYOUTS,
            weight: DEFAULT_WEIGHT,
        }
    }
}

impl PlayoutGuide {
    /// `playout`, `playout:N` (N playouts) or `playout:N:W` (weight W in [0, 1]); `None` for
    /// anything else.
    pub fn parse(spec: &str) -> Option<PlayoutGuide> {
        let mut parts = spec.split(':');
        if parts.next()? != "playout" {
            return None;
        }
        let mut g = PlayoutGuide::default();
        if let Some(n) = parts.next() {
            g.playouts = n.parse().ok().filter(|&n| n > 0)?;
        }
        if let Some(w) = parts.next() {
            g.weight = w.parse().ok().filter(|w: &f32| (0.0..=1.0).contains(w))?;
        }
        parts.next().is_none().then_some(g)
    }
}

impl Guide for PlayoutGuide {
    fn name(&self) -> String {
        format!(
            "heuristic with {} playouts (weight {})",
            self.playouts, self.weight
        )
    }

    fn guide(&self, q: &GuideQuery<'_>) -> Guidance {
        let mut g = HeuristicGuide.guide(q);
        let share = playout_value(q, self.playouts);
        g.dwin = vec![0.5 + self.weight * (share - 0.5)];
        g
    }

    fn has_value(&self) -> bool {
        true
    }

    fn batches(&self) -> bool {
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn query<'a>(
        board: &'a Board,
        region: &'a Zone,
        crucial: &'a Zone,
        goal: Goal,
        or_player: Color,
    ) -> GuideQuery<'a> {
        GuideQuery {
            board,
            to_move: Color::Black,
            or_player,
            goal,
            region,
            crucial,
            after_pass: false,
            last_move: None,
            moves: &[],
            scores: None,
        }
    }

    #[test]
    fn eyes_are_told_from_false_eyes() {
        let b = Board::from_ascii(
            "
            . O . O X
            O . O O X
            . O X . .
            O O . . .
            . . . . .
        ",
        )
        .expect("diagram");
        // The corner eye and the edge eye of White.
        assert!(is_eye_like(&b, Color::White, Point::new(0, 0)));
        assert!(is_eye_like(&b, Color::White, Point::new(2, 0)));
        // (1, 1): one Black stone on a diagonal inside the board is still an eye.
        assert!(is_eye_like(&b, Color::White, Point::new(1, 1)));
        // (0, 2): on the edge with no opponent diagonal: an eye.
        assert!(is_eye_like(&b, Color::White, Point::new(0, 2)));
        // Not an eye of Black, and not one of White where a neighbour is empty.
        assert!(!is_eye_like(&b, Color::Black, Point::new(0, 0)));
        assert!(!is_eye_like(&b, Color::White, Point::new(3, 2)));
        let false_eye = Board::from_ascii(
            "
            . O X . .
            O . O . .
            X O . . .
            . . . . .
            . . . . .
        ",
        )
        .expect("diagram");
        assert!(!is_eye_like(&false_eye, Color::White, Point::new(1, 1)));
    }

    #[test]
    fn a_group_with_two_eyes_always_lives_and_a_lone_stone_never_does() {
        let alive = Board::from_ascii(
            "
            . O . O .
            O O O O O
            . . . . .
            . . . . .
            . . . . .
        ",
        )
        .expect("diagram");
        let region = Zone::full(5);
        let none = Zone::new();
        let q = query(&alive, &region, &none, Goal::LiveAnySeki, Color::White);
        assert_eq!(playout_value(&q, 16), 1.0);
        let kill = query(&alive, &region, &none, Goal::KillAllSeki, Color::Black);
        assert_eq!(playout_value(&kill, 16), 0.0);
        let lone = Board::from_ascii(
            "
            X X X . .
            X O X . .
            . . . . .
            . . . . .
            . . . . .
        ",
        )
        .expect("diagram");
        // Black to move captures on the one point of the region; then both pass.
        let crucial: Zone = [Point::new(1, 1)].into_iter().collect();
        let liberty: Zone = [Point::new(1, 2)].into_iter().collect();
        let q = query(&lone, &liberty, &crucial, Goal::Live, Color::White);
        assert_eq!(playout_value(&q, 16), 0.0);
    }

    #[test]
    fn the_spec_names_playouts_and_weight() {
        assert_eq!(
            PlayoutGuide::parse("playout"),
            Some(PlayoutGuide::default())
        );
        assert_eq!(
            PlayoutGuide::parse("playout:8:0.25"),
            Some(PlayoutGuide {
                playouts: 8,
                weight: 0.25
            })
        );
        for bad in [
            "playouts",
            "playout:0",
            "playout:4:2",
            "playout:4:0.5:1",
            "off",
        ] {
            assert_eq!(PlayoutGuide::parse(bad), None, "{bad}");
        }
    }

    #[test]
    fn playouts_are_reproducible() {
        let b = Board::from_ascii(
            "
            . . . . . . .
            . . X . . . .
            . . . . O . .
            . . . . . . .
            . . X . . . .
            . . . . . . .
            . . . . . . .
        ",
        )
        .expect("diagram");
        let region = Zone::full(7);
        let none = Zone::new();
        let q = query(&b, &region, &none, Goal::LiveAnySeki, Color::White);
        let v = playout_value(&q, 32);
        assert_eq!(v, playout_value(&q, 32));
        assert!(
            v > 0.0 && v < 1.0,
            "an open 7x7 position is not decided: {v}"
        );
    }
}
