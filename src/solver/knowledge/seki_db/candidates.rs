//! The candidate patterns of the seki database, enumerated as the seki-database paper describes
//! (Chen et al., "Solving 7x7 Killall-Go with Seki Database", section 3.1) on the 7x7 board:
//!
//! 1. every placement on the board of every connected shape (fixed polyomino) of `n` cells: the
//!    *area*;
//! 2. the *ring*: every on-board point next to the area, diagonals included (the enclosing White
//!    block; at a board edge it may fall into several blocks);
//! 3. the *boundary*: every on-board point next to the ring (orthogonally) outside area and ring,
//!    Black stones that take the ring's outside liberties;
//! 4. the area filled with Black stones except two or three empty points, every choice of them.
//!
//! A candidate counts when every block on the board keeps a liberty (as when the stones are
//! played onto an empty board and none is captured). These rules reproduce the paper's counts
//! exactly: 28,432 / 133,812 / 578,064 / 2,315,014 candidates for areas of 5 / 6 / 7 / 8 points
//! (`tests/it/seki_db.rs` pins 5 to 7, the full build prints 8).

use crate::go::board::Board;
use crate::go::color::Color;
use crate::go::point::Point;
use crate::go::zone::Zone;
use crate::solver::knowledge::static_ld::shapes::{cells_of, polyominoes};

/// The board the paper enumerates on.
pub const BOARD_SIZE: usize = 7;

/// One candidate pattern.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Candidate {
    pub size: usize,
    pub area: Zone,
    /// Black stones inside the area (all of it but two or three points).
    pub inner_black: Zone,
    /// White stones around the area.
    pub ring: Zone,
    /// Black stones around the ring.
    pub boundary: Zone,
}

impl Candidate {
    /// The candidate on an otherwise empty board.
    pub fn board(&self) -> Board {
        Board::with_stones(
            self.size,
            &self.inner_black.union(&self.boundary),
            &self.ring,
        )
    }
}

/// Every placement of a connected shape of `n` cells (1..=8) on a `size` board, as zones.
pub fn placements(n: usize, size: usize) -> Vec<Zone> {
    let mut out = Vec::new();
    for grid in polyominoes(n) {
        let cells = grid_cells(grid);
        let w = cells.iter().map(|c| c.0).max().unwrap_or(0) + 1;
        let h = cells.iter().map(|c| c.1).max().unwrap_or(0) + 1;
        if w > size || h > size {
            continue;
        }
        for dy in 0..=size - h {
            for dx in 0..=size - w {
                let mut zone = Zone::new();
                for &(x, y) in &cells {
                    zone.insert(Point::new(x + dx, y + dy));
                }
                out.push(zone);
            }
        }
    }
    out
}

/// The cells `(x, y)` of an 8x8 grid (bit `8y + x`).
pub fn grid_cells(grid: u64) -> Vec<(usize, usize)> {
    cells_of(grid)
        .into_iter()
        .map(|(x, y)| (x as usize, y as usize))
        .collect()
}

/// The on-board points next to `area`, diagonals included, outside it.
pub fn ring_of(area: &Zone, size: usize) -> Zone {
    let mut ring = Zone::new();
    for p in area.iter() {
        let (x, y) = (p.x() as isize, p.y() as isize);
        for dy in -1..=1 {
            for dx in -1..=1 {
                let (nx, ny) = (x + dx, y + dy);
                if nx < 0 || ny < 0 || nx >= size as isize || ny >= size as isize {
                    continue;
                }
                let q = Point::new(nx as usize, ny as usize);
                if !area.contains(q) {
                    ring.insert(q);
                }
            }
        }
    }
    ring
}

/// The on-board points orthogonally next to `ring`, outside `area` and `ring`.
pub fn boundary_of(area: &Zone, ring: &Zone, size: usize) -> Zone {
    ring.grow(size).difference(ring).difference(area)
}

/// Every Black filling of `area` leaving exactly two or three points empty.
pub fn fillings(area: &Zone) -> Vec<Zone> {
    let points: Vec<Point> = area.iter().collect();
    let n = points.len();
    let mut out = Vec::new();
    for empties in [2usize, 3] {
        if empties > n {
            continue;
        }
        for mask in 0u32..1 << n {
            if mask.count_ones() as usize != empties {
                continue;
            }
            let mut black = Zone::new();
            for (i, &p) in points.iter().enumerate() {
                if mask >> i & 1 == 0 {
                    black.insert(p);
                }
            }
            out.push(black);
        }
    }
    out
}

/// Every candidate of an `n`-point area on the `size` board, legal or not, with whether it is
/// legal (every block has a liberty).
pub fn for_each_candidate(n: usize, size: usize, mut f: impl FnMut(&Candidate, bool)) {
    for area in placements(n, size) {
        let ring = ring_of(&area, size);
        let boundary = boundary_of(&area, &ring, size);
        for inner_black in fillings(&area) {
            let c = Candidate {
                size,
                area,
                inner_black,
                ring,
                boundary,
            };
            let legal = c.board().blocks_without_liberties().is_empty();
            f(&c, legal);
        }
    }
}

/// The `color` blocks of `board` next to `area`, largest first (ties: lowest point first).
pub fn enclosing_blocks(board: &Board, color: Color, area: &Zone) -> Vec<Zone> {
    let around = area.grow(board.size()).difference(area);
    let stones = around.intersection(&board.stones(color));
    let mut blocks: Vec<Zone> = board.blocks_of(&stones).map(|(_, block)| block).collect();
    blocks.sort_by(|a, b| b.len().cmp(&a.len()).then(a.first().cmp(&b.first())));
    blocks
}
