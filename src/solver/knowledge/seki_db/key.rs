//! The key of a seki pattern: what the database stores and a query looks up, the same for the
//! 8 symmetric images of a pattern and for every translation of it that touches the same board
//! edges.
//!
//! A pattern is an area (at most 8 points, fitting an 8x8 box) enclosed by White, the Black
//! stones inside it (the rest of it empty) and which board edges the area touches (the enclosing
//! ring has no points beyond them). Under each of the 8 symmetries the area's points are mapped
//! into their bounding box, the grid is the bitmask of point `(x, y)` at bit `8y + x`, the edge
//! flags are mapped with the box, and the Black stones become a mask over the grid's points in
//! ascending bit order; the key is the smallest image (grid, edges, black).

use crate::go::point::Point;
use crate::go::zone::Zone;

/// Largest area a key can hold.
pub const MAX_AREA: usize = 8;

/// Edge flags: the area touches the board's left, right, top, bottom edge.
pub const LEFT: u8 = 1;
pub const RIGHT: u8 = 2;
pub const TOP: u8 = 4;
pub const BOTTOM: u8 = 8;

/// A canonical seki pattern.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct SekiKey {
    /// Bit `8y + x` for each area point `(x, y)`, the box's corner at `(0, 0)`.
    pub grid: u64,
    /// [`LEFT`] | [`RIGHT`] | [`TOP`] | [`BOTTOM`] for the edges the area touches.
    pub edges: u8,
    /// Bit `i` for a Black stone on the grid's `i`-th point in ascending bit order.
    pub black: u8,
}

impl SekiKey {
    /// The key of `area` on a `size` board with `black` (the Black stones; other area points
    /// are empty); `None` when the area is empty, larger than [`MAX_AREA`] or wider than 8.
    pub fn of(size: usize, area: &Zone, black: &Zone) -> Option<SekiKey> {
        let n = area.len();
        if n == 0 || n > MAX_AREA {
            return None;
        }
        let pts: Vec<Point> = area.iter().collect();
        let min_x = pts.iter().map(|p| p.x()).min()?;
        let max_x = pts.iter().map(|p| p.x()).max()?;
        let min_y = pts.iter().map(|p| p.y()).min()?;
        let max_y = pts.iter().map(|p| p.y()).max()?;
        let (w, h) = (max_x - min_x + 1, max_y - min_y + 1);
        if w > 8 || h > 8 {
            return None;
        }
        let mut edges = 0;
        if min_x == 0 {
            edges |= LEFT;
        }
        if max_x + 1 == size {
            edges |= RIGHT;
        }
        if min_y == 0 {
            edges |= TOP;
        }
        if max_y + 1 == size {
            edges |= BOTTOM;
        }
        let cells: Vec<(usize, usize, bool)> = pts
            .iter()
            .map(|p| (p.x() - min_x, p.y() - min_y, black.contains(*p)))
            .collect();
        (0..8).map(|t| image(&cells, w, h, edges, t)).min()
    }

    /// Number of area points.
    pub fn points(&self) -> usize {
        self.grid.count_ones() as usize
    }

    /// The 10 bytes of the key in the database file: grid (little-endian), edges, black.
    pub fn to_bytes(self) -> [u8; 10] {
        let mut out = [0u8; 10];
        out[..8].copy_from_slice(&self.grid.to_le_bytes());
        out[8] = self.edges;
        out[9] = self.black;
        out
    }

    /// A key from its bytes, `None` unless it is a canonical key.
    pub fn from_bytes(bytes: [u8; 10]) -> Option<SekiKey> {
        let key = SekiKey::from_bytes_unchecked(bytes);
        key.is_canonical().then_some(key)
    }

    /// A key from its bytes, not checked: for bytes known to hold a canonical key (the records
    /// of a [`super::table::SekiTable`], checked when the table was read, or the shipped ones,
    /// checked by a test). A key that is not canonical is never found by a query; it does no
    /// other harm.
    pub fn from_bytes_unchecked(bytes: [u8; 10]) -> SekiKey {
        let mut grid = [0u8; 8];
        grid.copy_from_slice(&bytes[..8]);
        SekiKey {
            grid: u64::from_le_bytes(grid),
            edges: bytes[8],
            black: bytes[9],
        }
    }

    /// The key is its own canonical form: a connected area of 1..=8 points with its box in the
    /// corner, edge flags and Black stones within range, and the smallest of its 8 images.
    pub fn is_canonical(&self) -> bool {
        let n = self.points();
        if n == 0 || n > MAX_AREA || self.edges > 15 || (self.black as u16) >> n != 0 {
            return false;
        }
        let mut cells = Vec::with_capacity(n);
        let mut area = Zone::new();
        let mut g = self.grid;
        while g != 0 {
            let b = g.trailing_zeros() as usize;
            g &= g - 1;
            let i = cells.len();
            cells.push((b % 8, b / 8, self.black >> i & 1 == 1));
            area.insert(Point::new(b % 8, b / 8));
        }
        let w = cells.iter().map(|c| c.0).max().unwrap_or(0) + 1;
        let h = cells.iter().map(|c| c.1).max().unwrap_or(0) + 1;
        let in_corner = cells.iter().any(|c| c.0 == 0) && cells.iter().any(|c| c.1 == 0);
        in_corner
            && connected(&area)
            && (0..8).map(|t| image(&cells, w, h, self.edges, t)).min() == Some(*self)
    }
}

/// The image of the cells under symmetry `t` (bit 0 transpose, bit 1 mirror x, bit 2 mirror y).
fn image(cells: &[(usize, usize, bool)], w: usize, h: usize, edges: u8, t: u8) -> SekiKey {
    let (mut bw, mut bh) = (w, h);
    let mut e = edges;
    let mut mapped: Vec<(usize, usize, bool)> = cells.to_vec();
    if t & 1 != 0 {
        for c in &mut mapped {
            *c = (c.1, c.0, c.2);
        }
        std::mem::swap(&mut bw, &mut bh);
        e = swap_bits(e, LEFT, TOP);
        e = swap_bits(e, RIGHT, BOTTOM);
    }
    if t & 2 != 0 {
        for c in &mut mapped {
            c.0 = bw - 1 - c.0;
        }
        e = swap_bits(e, LEFT, RIGHT);
    }
    if t & 4 != 0 {
        for c in &mut mapped {
            c.1 = bh - 1 - c.1;
        }
        e = swap_bits(e, TOP, BOTTOM);
    }
    mapped.sort_by_key(|c| 8 * c.1 + c.0);
    let mut grid = 0u64;
    let mut black = 0u8;
    for (i, &(x, y, b)) in mapped.iter().enumerate() {
        grid |= 1 << (8 * y + x);
        if b {
            black |= 1 << i;
        }
    }
    SekiKey {
        grid,
        edges: e,
        black,
    }
}

fn swap_bits(e: u8, a: u8, b: u8) -> u8 {
    let (ha, hb) = (e & a != 0, e & b != 0);
    let mut out = e & !(a | b);
    if ha {
        out |= b;
    }
    if hb {
        out |= a;
    }
    out
}

/// `zone` is orthogonally connected.
fn connected(zone: &Zone) -> bool {
    zone.first().is_some_and(|first| {
        Zone::from_iter([first]).flood(zone, crate::go::point::MAX_SIZE) == *zone
    })
}
