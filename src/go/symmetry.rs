//! The eight symmetries of a square board.

use super::board::Board;
use super::point::{Move, Point};
use super::zone::Zone;

/// A symmetry of the square: optional transpose, then optional flips.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Symmetry {
    pub transpose: bool,
    pub flip_x: bool,
    pub flip_y: bool,
}

impl Symmetry {
    /// All eight, the identity first.
    pub fn all() -> [Symmetry; 8] {
        let mut out = [Symmetry::IDENTITY; 8];
        for (i, s) in out.iter_mut().enumerate() {
            *s = Symmetry {
                transpose: i & 4 != 0,
                flip_x: i & 1 != 0,
                flip_y: i & 2 != 0,
            };
        }
        out
    }

    pub const IDENTITY: Symmetry = Symmetry {
        transpose: false,
        flip_x: false,
        flip_y: false,
    };

    /// Image of `p` on a board of side `size`.
    pub fn apply(self, p: Point, size: usize) -> Point {
        let (mut x, mut y) = (p.x(), p.y());
        if self.transpose {
            std::mem::swap(&mut x, &mut y);
        }
        if self.flip_x {
            x = size - 1 - x;
        }
        if self.flip_y {
            y = size - 1 - y;
        }
        Point::new(x, y)
    }

    pub fn apply_move(self, m: Move, size: usize) -> Move {
        match m {
            Move::Play(p) => Move::Play(self.apply(p, size)),
            Move::Pass => Move::Pass,
        }
    }

    pub fn apply_zone(self, z: &Zone, size: usize) -> Zone {
        z.iter().map(|p| self.apply(p, size)).collect()
    }

    /// The image of a board's stones (history and ko are not carried over).
    pub fn apply_board(self, board: &Board) -> Board {
        let n = board.size();
        let mut out = Board::new(n);
        for p in board.points() {
            if let Some(c) = board.color_at(p) {
                out.set_stone(c, self.apply(p, n));
            }
        }
        out
    }
}
