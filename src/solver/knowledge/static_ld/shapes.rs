//! Every area geometry the table covers: each connected shape of at most `max` cells
//! (polyominoes), placed in the open, against one board edge, in a corner, or across the board
//! when the board is that small, each placement giving the cells that touch the wall (an
//! on-board neighbour outside the shape) and the others (only area cells and edges around them).
//! Placements are reduced to their canonical [`ShapeKey`], so each class appears once.

use super::canon::{canonical, ShapeKey};
use std::collections::BTreeSet;

/// The fixed polyominoes (translations identified) of exactly `n` cells, as grids (bit `8y+x`,
/// shifted to the top-left corner). `n` at most 8.
pub fn polyominoes(n: usize) -> BTreeSet<u64> {
    let mut level: BTreeSet<u64> = BTreeSet::new();
    if n == 0 || n > 8 {
        return level;
    }
    level.insert(1);
    for _ in 1..n {
        let mut next = BTreeSet::new();
        for &grid in &level {
            let cells = cells_of(grid);
            for &(x, y) in &cells {
                for (dx, dy) in [(1i8, 0i8), (-1, 0), (0, 1), (0, -1)] {
                    let (nx, ny) = (x + dx, y + dy);
                    if cells.contains(&(nx, ny)) {
                        continue;
                    }
                    let mut grown = cells.clone();
                    grown.push((nx, ny));
                    if let Some(g) = normalised(&grown) {
                        next.insert(g);
                    }
                }
            }
        }
        level = next;
    }
    level
}

/// The cells `(x, y)` of a grid (bit `8y + x`), in ascending bit order.
pub fn cells_of(grid: u64) -> Vec<(i8, i8)> {
    let mut out = Vec::new();
    let mut g = grid;
    while g != 0 {
        let b = g.trailing_zeros() as i8;
        g &= g - 1;
        out.push((b % 8, b / 8));
    }
    out
}

/// The grid of `cells` shifted to the top-left corner; `None` when it does not fit 8x8.
fn normalised(cells: &[(i8, i8)]) -> Option<u64> {
    let min_x = cells.iter().map(|c| c.0).min()?;
    let min_y = cells.iter().map(|c| c.1).min()?;
    let mut grid = 0u64;
    for &(x, y) in cells {
        let (x, y) = (x - min_x, y - min_y);
        if x >= 8 || y >= 8 {
            return None;
        }
        grid |= 1 << (8 * y + x);
    }
    Some(grid)
}

/// Which sides of the shape's bounding box are the board's edge: left, top, right, bottom.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Edges {
    left: bool,
    top: bool,
    right: bool,
    bottom: bool,
}

impl Edges {
    fn all() -> impl Iterator<Item = Edges> {
        (0..16u8).map(|m| Edges {
            left: m & 1 != 0,
            top: m & 2 != 0,
            right: m & 4 != 0,
            bottom: m & 8 != 0,
        })
    }

    /// Can a shape `w` wide and `h` high lie on a square board (side 2..=19) with exactly these
    /// sides on the edge? Opposite edges fix the board's side to the shape's extent.
    fn fit(self, w: i8, h: i8) -> bool {
        let across_x = self.left && self.right;
        let across_y = self.top && self.bottom;
        match (across_x, across_y) {
            (true, true) => w == h && w >= 2,
            (true, false) => w >= 2 && h < w,
            (false, true) => h >= 2 && w < h,
            (false, false) => true,
        }
    }
}

/// The wall cells of the shape `cells` (w x h box at the origin) placed with `edges`.
fn wall_mask(cells: &[(i8, i8)], w: i8, h: i8, edges: Edges) -> u8 {
    let on_board = |x: i8, y: i8| {
        !(x < 0 && edges.left
            || y < 0 && edges.top
            || x >= w && edges.right
            || y >= h && edges.bottom)
    };
    let mut wall = 0u8;
    for (i, &(x, y)) in cells.iter().enumerate() {
        let touches = [(x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)]
            .iter()
            .any(|&(u, v)| !cells.contains(&(u, v)) && on_board(u, v));
        if touches {
            wall |= 1 << i;
        }
    }
    wall
}

/// Every class (canonical shape and wall cells) of 1..=`max` cells, sorted.
pub fn classes(max: usize) -> BTreeSet<ShapeKey> {
    let mut out = BTreeSet::new();
    for n in 1..=max.min(8) {
        for grid in polyominoes(n) {
            let cells = cells_of(grid);
            let w = cells.iter().map(|c| c.0).max().unwrap_or(0) + 1;
            let h = cells.iter().map(|c| c.1).max().unwrap_or(0) + 1;
            for edges in Edges::all().filter(|e| e.fit(w, h)) {
                let wall = wall_mask(&cells, w, h, edges);
                out.insert(canonical(&cells, wall).0);
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fixed_polyomino_counts_are_the_known_ones() {
        let counts: Vec<usize> = (1..=8).map(|n| polyominoes(n).len()).collect();
        assert_eq!(counts, [1, 2, 6, 19, 63, 216, 760, 2725]);
    }

    #[test]
    fn one_cell_has_the_walled_and_the_board_corner_classes() {
        // A single cell: it touches a wall on any board of side >= 2.
        let c = classes(1);
        assert_eq!(c.len(), 1);
        assert!(c.iter().all(|k| k.wall == 1));
        // Two cells: the domino with both cells on the wall, or filling a side of a 2x2 board
        // (still a wall below). Every class of two cells touches the wall.
        assert!(classes(2).iter().all(|k| k.cells() < 2 || k.wall != 0));
    }
}
