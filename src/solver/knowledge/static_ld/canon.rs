//! Canonical form of an area's geometry, the same for the 8 symmetric images of an area: the
//! table stores one class per canonical (shape, wall cells) and one verdict per contents in the
//! canonical cell order.
//!
//! A shape is given by its cells' coordinates. Under each of the 8 symmetries the cells are
//! mapped, shifted so that the smallest column and row are 0, and numbered in reading order
//! (row by row, then column); the shape's *grid* is the bitmask of cell `(x, y)` at bit
//! `8 * y + x` (an area of at most 8 cells fits an 8x8 box). The canonical form is the image
//! with the smallest (grid, wall mask in that numbering).

use super::local::{LocalArea, MAX_AREA};

/// The canonical geometry of an area: the class key of the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ShapeKey {
    /// Bit `8 * y + x` for each cell `(x, y)`.
    pub grid: u64,
    /// Wall cells, in reading order of the grid's cells.
    pub wall: u8,
}

impl ShapeKey {
    /// Number of cells.
    pub fn cells(&self) -> usize {
        self.grid.count_ones() as usize
    }

    /// The cells' coordinates in reading order.
    pub fn coords(&self) -> Vec<(u8, u8)> {
        let mut out = Vec::new();
        let mut g = self.grid;
        while g != 0 {
            let b = g.trailing_zeros() as u8;
            g &= g - 1;
            out.push((b % 8, b / 8));
        }
        out
    }

    /// The local area of this geometry with every cell playable; `None` when the grid has more
    /// than [`MAX_AREA`] cells or none.
    pub fn local_area(&self) -> Option<LocalArea> {
        let coords = self.coords();
        if coords.is_empty() || coords.len() > MAX_AREA || (self.wall as u16) >> coords.len() != 0 {
            return None;
        }
        let mut nbrs = [0u8; MAX_AREA];
        for (i, &(x, y)) in coords.iter().enumerate() {
            for (j, &(u, v)) in coords.iter().enumerate() {
                if x.abs_diff(u) + y.abs_diff(v) == 1 {
                    nbrs[i] |= 1 << j;
                }
            }
        }
        let n = coords.len() as u8;
        Some(LocalArea {
            n,
            nbrs,
            wall: self.wall,
            playable: ((1u16 << n) - 1) as u8,
        })
    }
}

/// The image of `(x, y)` under symmetry `s` (0..8: bit 2 transposes, bit 0 mirrors x, bit 1
/// mirrors y), before shifting.
#[inline]
fn map(s: u8, x: i8, y: i8) -> (i8, i8) {
    let (mut x, mut y) = if s & 4 != 0 { (y, x) } else { (x, y) };
    if s & 1 != 0 {
        x = -x;
    }
    if s & 2 != 0 {
        y = -y;
    }
    (x, y)
}

/// The canonical key of the area with cells `coords` (distinct, at most [`MAX_AREA`]: any more
/// are ignored) and wall
/// cells `wall` (bit `i` for `coords[i]`), and `order`: `order[k]` is the index in `coords` of
/// the canonical cell `k`.
pub fn canonical(coords: &[(i8, i8)], wall: u8) -> (ShapeKey, [u8; MAX_AREA]) {
    let n = coords.len().min(MAX_AREA);
    let mut best: Option<(ShapeKey, [u8; MAX_AREA])> = None;
    for s in 0..8u8 {
        let mut mapped = [(0i8, 0i8); MAX_AREA];
        for (m, &(x, y)) in mapped.iter_mut().zip(&coords[..n]) {
            *m = map(s, x, y);
        }
        let min_x = mapped[..n].iter().map(|p| p.0).min().unwrap_or(0);
        let min_y = mapped[..n].iter().map(|p| p.1).min().unwrap_or(0);
        // (bit position, original index), sorted by bit = reading order.
        let mut cells = [(0u32, 0u8); MAX_AREA];
        for (i, (c, &(x, y))) in cells.iter_mut().zip(&mapped[..n]).enumerate() {
            *c = (8 * (y - min_y) as u32 + (x - min_x) as u32, i as u8);
        }
        cells[..n].sort_unstable();
        let mut grid = 0u64;
        let mut key_wall = 0u8;
        let mut order = [0u8; MAX_AREA];
        for (k, &(bit, i)) in cells[..n].iter().enumerate() {
            grid |= 1 << bit;
            if wall & (1 << i) != 0 {
                key_wall |= 1 << k;
            }
            order[k] = i;
        }
        let key = ShapeKey {
            grid,
            wall: key_wall,
        };
        if best.as_ref().is_none_or(|(b, _)| key < *b) {
            best = Some((key, order));
        }
    }
    best.unwrap_or((ShapeKey { grid: 0, wall: 0 }, [0; MAX_AREA]))
}

/// Is `key` its own canonical form (a check of table data)?
pub fn is_canonical(key: &ShapeKey) -> bool {
    let coords: Vec<(i8, i8)> = key
        .coords()
        .iter()
        .map(|&(x, y)| (x as i8, y as i8))
        .collect();
    !coords.is_empty() && canonical(&coords, key.wall).0 == *key
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_eight_images_of_an_l_share_one_key() {
        // An L of four cells with its corner cell on the wall.
        let l = [(0i8, 0i8), (0, 1), (0, 2), (1, 2)];
        let (key, _) = canonical(&l, 0b0100);
        assert!(is_canonical(&key));
        for s in 0..8 {
            let img: Vec<(i8, i8)> = l.iter().map(|&(x, y)| map(s, x + 3, y - 5)).collect();
            let (k, o) = canonical(&img, 0b0100);
            assert_eq!(k, key, "symmetry {s}");
            // The wall cell is the same original cell in every image.
            let wall_at = (0..4)
                .find(|&c| k.wall & (1 << c) != 0)
                .expect("a wall cell");
            assert_eq!(o[wall_at], 2);
        }
    }

    #[test]
    fn the_local_area_of_a_key_has_its_adjacency() {
        let (key, _) = canonical(&[(0, 0), (1, 0), (2, 0)], 0b111);
        let area = key.local_area().expect("small");
        assert_eq!(area.n, 3);
        assert_eq!(area.nbrs[1], 0b101);
        assert_eq!(area.wall, 0b111);
        // Eight cells, the most an area has: every cell on the wall.
        let line: Vec<(i8, i8)> = (0..8).map(|x| (x, 0)).collect();
        let (key, _) = canonical(&line, 0xff);
        assert_eq!(key.local_area().expect("eight cells").n, 8);
        assert!(is_canonical(&key));
    }
}
