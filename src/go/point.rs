//! Board points.
//!
//! Encoding: a [`Point`] is an index into a padded 21x21 array (`STRIDE` = 21 = 19 + 2). Column `x`
//! (0 = left) and row `y` (0 = top) map to `(y + 1) * STRIDE + (x + 1)`. The encoding does not depend
//! on the board size, so points, zones and hashes of the same intersection agree between boards; a
//! board smaller than 19x19 simply treats the cells beyond its size as off-board. The four neighbours
//! of a point are at `±1` and `±STRIDE`, always inside the padded array.

use serde::{Deserialize, Serialize};
use std::fmt;

/// Largest supported board side.
pub const MAX_SIZE: usize = 19;
/// Row stride of the padded array.
pub const STRIDE: usize = MAX_SIZE + 2;
/// Number of cells of the padded array.
pub const NUM_CELLS: usize = STRIDE * STRIDE;

/// An intersection, encoded as described in the module documentation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Point(u16);

impl Point {
    /// The point at column `x`, row `y` (0-based, `y = 0` is the top row). Panics if either is ≥ 19;
    /// see [`Point::try_new`] for the fallible form.
    #[inline]
    pub fn new(x: usize, y: usize) -> Point {
        assert!(
            x < MAX_SIZE && y < MAX_SIZE,
            "point ({x}, {y}) out of range"
        );
        Point(((y + 1) * STRIDE + x + 1) as u16)
    }

    /// The point at column `x`, row `y`, or `None` when outside a 19x19 board.
    pub fn try_new(x: usize, y: usize) -> Option<Point> {
        (x < MAX_SIZE && y < MAX_SIZE).then(|| Point::new(x, y))
    }

    /// A point from its padded index. The caller guarantees `index < NUM_CELLS`.
    #[inline]
    pub fn from_index(index: usize) -> Point {
        debug_assert!(index < NUM_CELLS);
        Point(index as u16)
    }

    /// The padded index.
    #[inline]
    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// Column, 0 = left. Meaningful only for on-board points.
    #[inline]
    pub fn x(self) -> usize {
        (self.0 as usize % STRIDE).wrapping_sub(1)
    }

    /// Row, 0 = top. Meaningful only for on-board points.
    #[inline]
    pub fn y(self) -> usize {
        (self.0 as usize / STRIDE).wrapping_sub(1)
    }

    /// True when the point lies on a `size`x`size` board.
    #[inline]
    pub fn on_board(self, size: usize) -> bool {
        let (cx, cy) = (self.0 as usize % STRIDE, self.0 as usize / STRIDE);
        (1..=size).contains(&cx) && (1..=size).contains(&cy)
    }

    /// The four orthogonal neighbours in the padded array (some may be off-board).
    #[inline]
    pub fn neighbors(self) -> [Point; 4] {
        let i = self.0;
        [
            Point(i - STRIDE as u16),
            Point(i - 1),
            Point(i + 1),
            Point(i + STRIDE as u16),
        ]
    }

    /// The four diagonal neighbours in the padded array (some may be off-board).
    #[inline]
    pub fn diagonals(self) -> [Point; 4] {
        let i = self.0;
        [
            Point(i - STRIDE as u16 - 1),
            Point(i - STRIDE as u16 + 1),
            Point(i + STRIDE as u16 - 1),
            Point(i + STRIDE as u16 + 1),
        ]
    }

    /// SGF coordinates: `aa` is the top-left corner.
    pub fn to_sgf(self) -> String {
        let x = (b'a' + self.x() as u8) as char;
        let y = (b'a' + self.y() as u8) as char;
        format!("{x}{y}")
    }

    /// Parse SGF coordinates (`aa`..`ss`). Returns `None` for anything else.
    pub fn from_sgf(s: &str) -> Option<Point> {
        let b = s.as_bytes();
        if b.len() != 2 || !b[0].is_ascii_lowercase() || !b[1].is_ascii_lowercase() {
            return None;
        }
        Point::try_new((b[0] - b'a') as usize, (b[1] - b'a') as usize)
    }

    /// GTP-style coordinates on a board of side `size`: columns `A`..`T` without `I`, rows counted
    /// from the bottom, e.g. `A1` is the bottom-left corner.
    pub fn to_gtp(self, size: usize) -> String {
        format!("{}{}", column_letter(self.x()), size - self.y())
    }

    /// Parse GTP coordinates (case-insensitive) on a board of side `size`.
    pub fn from_gtp(s: &str, size: usize) -> Option<Point> {
        let s = s.trim().to_ascii_uppercase();
        let mut chars = s.chars();
        let letter = chars.next()?;
        let x = COLUMN_LETTERS.find(letter)?;
        let row: usize = chars.as_str().parse().ok()?;
        if x >= size || row == 0 || row > size {
            return None;
        }
        Point::try_new(x, size - row)
    }
}

/// GTP column letters (no `I`).
pub const COLUMN_LETTERS: &str = "ABCDEFGHJKLMNOPQRSTUVWXYZ";

/// The GTP letter of column `x`.
pub fn column_letter(x: usize) -> char {
    COLUMN_LETTERS
        .as_bytes()
        .get(x)
        .map(|&b| b as char)
        .unwrap_or('?')
}

impl fmt::Display for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({},{})", self.x(), self.y())
    }
}

/// A move: a stone on a point, or a pass.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Move {
    Play(Point),
    Pass,
}

impl Move {
    /// The point of a play, `None` for a pass.
    pub fn point(self) -> Option<Point> {
        match self {
            Move::Play(p) => Some(p),
            Move::Pass => None,
        }
    }

    /// GTP text: `D4` or `pass`.
    pub fn to_gtp(self, size: usize) -> String {
        match self {
            Move::Play(p) => p.to_gtp(size),
            Move::Pass => "pass".to_string(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn coordinates_round_trip() {
        for y in 0..MAX_SIZE {
            for x in 0..MAX_SIZE {
                let p = Point::new(x, y);
                assert_eq!((p.x(), p.y()), (x, y));
                assert_eq!(Point::from_sgf(&p.to_sgf()), Some(p));
                assert_eq!(Point::from_gtp(&p.to_gtp(19), 19), Some(p));
                assert!(p.on_board(19));
                assert_eq!(p.on_board(9), x < 9 && y < 9);
            }
        }
        assert_eq!(Point::new(0, 18).to_gtp(19), "A1");
        assert_eq!(Point::new(8, 0).to_gtp(19), "J19");
        assert_eq!(Point::from_sgf("tt"), None);
        assert_eq!(Point::from_gtp("I5", 19), None);
        assert_eq!(Point::from_gtp("A8", 7), None);
    }

    #[test]
    fn diagonals_are_the_four_corner_neighbours() {
        let d = Point::new(3, 5).diagonals();
        assert_eq!(
            d,
            [
                Point::new(2, 4),
                Point::new(4, 4),
                Point::new(2, 6),
                Point::new(4, 6)
            ]
        );
        // A corner's diagonals lie in the padding, off the board.
        let off = Point::new(0, 0)
            .diagonals()
            .iter()
            .filter(|q| !q.on_board(19))
            .count();
        assert_eq!(off, 3);
    }
}
