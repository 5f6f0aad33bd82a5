//! [`Zone`]: a set of points as a fixed-size bitset over the padded point encoding.
//!
//! Iteration is always in ascending point index, i.e. row by row from the top-left corner, so every
//! use of a zone is deterministic.

use super::point::{Point, MAX_SIZE, NUM_CELLS, STRIDE};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;

const WORDS: usize = NUM_CELLS.div_ceil(64);

/// A set of points.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Zone {
    bits: [u64; WORDS],
}

impl Zone {
    /// The empty zone.
    pub const EMPTY: Zone = Zone { bits: [0; WORDS] };

    #[inline]
    pub fn new() -> Zone {
        Zone::EMPTY
    }

    /// All points of a `size`x`size` board.
    pub fn full(size: usize) -> Zone {
        BOARD_MASKS[size]
    }

    #[inline]
    pub fn contains(&self, p: Point) -> bool {
        let i = p.index();
        self.bits[i / 64] >> (i % 64) & 1 != 0
    }

    /// Adds `p`; returns true when it was not yet present.
    #[inline]
    pub fn insert(&mut self, p: Point) -> bool {
        let i = p.index();
        let was = self.contains(p);
        self.bits[i / 64] |= 1 << (i % 64);
        !was
    }

    /// Removes `p`; returns true when it was present.
    #[inline]
    pub fn remove(&mut self, p: Point) -> bool {
        let i = p.index();
        let was = self.contains(p);
        self.bits[i / 64] &= !(1 << (i % 64));
        was
    }

    #[inline]
    pub fn len(&self) -> usize {
        self.bits.iter().map(|w| w.count_ones() as usize).sum()
    }

    #[inline]
    pub fn is_empty(&self) -> bool {
        self.bits.iter().all(|&w| w == 0)
    }

    #[inline]
    pub fn union(&self, other: &Zone) -> Zone {
        let mut z = *self;
        z.union_with(other);
        z
    }

    #[inline]
    pub fn intersection(&self, other: &Zone) -> Zone {
        let mut z = *self;
        for (a, b) in z.bits.iter_mut().zip(other.bits.iter()) {
            *a &= b;
        }
        z
    }

    #[inline]
    pub fn difference(&self, other: &Zone) -> Zone {
        let mut z = *self;
        for (a, b) in z.bits.iter_mut().zip(other.bits.iter()) {
            *a &= !b;
        }
        z
    }

    #[inline]
    pub fn union_with(&mut self, other: &Zone) {
        for (a, b) in self.bits.iter_mut().zip(other.bits.iter()) {
            *a |= b;
        }
    }

    #[inline]
    pub fn intersect_with(&mut self, other: &Zone) {
        for (a, b) in self.bits.iter_mut().zip(other.bits.iter()) {
            *a &= b;
        }
    }

    #[inline]
    pub fn is_subset(&self, other: &Zone) -> bool {
        self.bits
            .iter()
            .zip(other.bits.iter())
            .all(|(a, b)| a & !b == 0)
    }

    #[inline]
    pub fn intersects(&self, other: &Zone) -> bool {
        self.bits
            .iter()
            .zip(other.bits.iter())
            .any(|(a, b)| a & b != 0)
    }

    /// The bitset's words (ascending point index, 64 points a word): for word-wise hashing of
    /// the stones inside a zone.
    #[inline]
    pub fn words(&self) -> &[u64] {
        &self.bits
    }

    /// The lowest point, if any.
    pub fn first(&self) -> Option<Point> {
        self.iter().next()
    }

    /// Points in ascending index order.
    pub fn iter(&self) -> ZoneIter {
        ZoneIter {
            bits: self.bits,
            word: 0,
        }
    }

    /// The points of `passable` connected to the zone's points (the seeds; seeds outside
    /// `passable` are dropped) through orthogonally adjacent points of `passable`, on a
    /// `size`x`size` board. Word-wise, one [`Zone::grow`] per step of the widest path.
    pub fn flood(&self, passable: &Zone, size: usize) -> Zone {
        let mut zone = self.intersection(passable);
        loop {
            let next = zone.grow(size).intersection(passable);
            if next == zone {
                return zone;
            }
            zone = next;
        }
    }

    /// Every point whose orthogonal neighbour is in the zone, plus the zone itself, limited to a
    /// `size`x`size` board. Word-wise: the zone shifted by ±1 and ±[`STRIDE`] in the padded
    /// encoding (a shift across a row end lands in the padding, which the board mask drops).
    pub fn grow(&self, size: usize) -> Zone {
        let mut z = *self;
        for shift in [1, STRIDE] {
            z.union_with(&self.shifted_up(shift));
            z.union_with(&self.shifted_down(shift));
        }
        z.intersect_with(&BOARD_MASKS[size.min(MAX_SIZE)]);
        z
    }

    /// Every point whose orthogonal or diagonal neighbour is in the zone, plus the zone itself,
    /// limited to a `size`x`size` board: [`Zone::grow`]'s eight-neighbour form, made as a row
    /// step (±1) and then a column step (±[`STRIDE`]) of that.
    pub fn grow_with_diagonals(&self, size: usize) -> Zone {
        let mut row = *self;
        row.union_with(&self.shifted_up(1));
        row.union_with(&self.shifted_down(1));
        let mut z = row;
        z.union_with(&row.shifted_up(STRIDE));
        z.union_with(&row.shifted_down(STRIDE));
        z.intersect_with(&BOARD_MASKS[size.min(MAX_SIZE)]);
        z
    }

    /// Every point moved `n` (< 64) cells up the padded array (index + n).
    fn shifted_up(&self, n: usize) -> Zone {
        let mut out = Zone::EMPTY;
        for i in 0..WORDS {
            out.bits[i] = self.bits[i] << n;
            if i > 0 {
                out.bits[i] |= self.bits[i - 1] >> (64 - n);
            }
        }
        out
    }

    /// Every point moved `n` (< 64) cells down the padded array (index - n).
    fn shifted_down(&self, n: usize) -> Zone {
        let mut out = Zone::EMPTY;
        for i in 0..WORDS {
            out.bits[i] = self.bits[i] >> n;
            if i + 1 < WORDS {
                out.bits[i] |= self.bits[i + 1] << (64 - n);
            }
        }
        out
    }
}

/// The on-board points of each board size (index = size; 0 is empty).
static BOARD_MASKS: [Zone; MAX_SIZE + 1] = board_masks();

const fn board_masks() -> [Zone; MAX_SIZE + 1] {
    let mut masks = [Zone::EMPTY; MAX_SIZE + 1];
    let mut size = 1;
    while size <= MAX_SIZE {
        let mut y = 1;
        while y <= size {
            let mut x = 1;
            while x <= size {
                let i = y * STRIDE + x;
                masks[size].bits[i / 64] |= 1 << (i % 64);
                x += 1;
            }
            y += 1;
        }
        size += 1;
    }
    masks
}

impl FromIterator<Point> for Zone {
    fn from_iter<I: IntoIterator<Item = Point>>(iter: I) -> Zone {
        let mut z = Zone::EMPTY;
        for p in iter {
            z.insert(p);
        }
        z
    }
}

impl IntoIterator for &Zone {
    type Item = Point;
    type IntoIter = ZoneIter;
    fn into_iter(self) -> ZoneIter {
        self.iter()
    }
}

/// Iterator over a zone's points in ascending index order.
pub struct ZoneIter {
    bits: [u64; WORDS],
    word: usize,
}

impl Iterator for ZoneIter {
    type Item = Point;
    #[inline]
    fn next(&mut self) -> Option<Point> {
        while self.word < WORDS {
            let w = self.bits[self.word];
            if w != 0 {
                let bit = w.trailing_zeros() as usize;
                self.bits[self.word] = w & (w - 1);
                return Some(Point::from_index(self.word * 64 + bit));
            }
            self.word += 1;
        }
        None
    }
}

impl fmt::Debug for Zone {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set()
            .entries(self.iter().map(|p| p.to_sgf()))
            .finish()
    }
}

/// Serialized as a list of SGF points, e.g. `["aa","bc"]`.
impl Serialize for Zone {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter().map(|p| p.to_sgf()))
    }
}

impl<'de> Deserialize<'de> for Zone {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Zone, D::Error> {
        let points: Vec<String> = Vec::deserialize(d)?;
        points
            .iter()
            .map(|s| {
                Point::from_sgf(s)
                    .ok_or_else(|| serde::de::Error::custom(format!("bad SGF point {s:?}")))
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{Rng, SeedableRng};

    /// Growing point by point, the definition [`Zone::grow`] computes word-wise.
    fn grow_by_points(z: &Zone, size: usize) -> Zone {
        let mut out = *z;
        for p in z.iter() {
            for q in p.neighbors() {
                if q.on_board(size) {
                    out.insert(q);
                }
            }
        }
        out
    }

    /// [`grow_by_points`] with the diagonal neighbours too.
    fn grow_with_diagonals_by_points(z: &Zone, size: usize) -> Zone {
        let mut out = grow_by_points(z, size);
        for p in z.iter() {
            for q in p.diagonals() {
                if q.on_board(size) {
                    out.insert(q);
                }
            }
        }
        out
    }

    #[test]
    fn grow_agrees_with_growing_point_by_point_on_every_board_size() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
        for size in 1..=MAX_SIZE {
            assert_eq!(Zone::full(size).len(), size * size);
            for density in [1, 5, 30] {
                for _ in 0..20 {
                    let mut z = Zone::new();
                    for y in 0..size {
                        for x in 0..size {
                            if rng.random_range(0..100) < density {
                                z.insert(Point::new(x, y));
                            }
                        }
                    }
                    assert_eq!(z.grow(size), grow_by_points(&z, size), "size {size}");
                    assert_eq!(
                        z.grow_with_diagonals(size),
                        grow_with_diagonals_by_points(&z, size),
                        "size {size}"
                    );
                }
            }
        }
        let corner: Zone = [Point::new(18, 18), Point::new(0, 0)].into_iter().collect();
        assert_eq!(corner.grow(19).len(), 6);
        assert_eq!(corner.grow_with_diagonals(19).len(), 8);
    }

    #[test]
    fn set_algebra() {
        let a: Zone = [Point::new(0, 0), Point::new(5, 5), Point::new(18, 18)]
            .into_iter()
            .collect();
        let b: Zone = [Point::new(5, 5), Point::new(1, 0)].into_iter().collect();
        assert_eq!(a.len(), 3);
        assert_eq!(a.union(&b).len(), 4);
        assert_eq!(
            a.intersection(&b).iter().collect::<Vec<_>>(),
            vec![Point::new(5, 5)]
        );
        assert_eq!(a.difference(&b).len(), 2);
        assert!(a.intersection(&b).is_subset(&a));
        assert!(!a.is_subset(&b));
        let order: Vec<_> = a.union(&b).iter().collect();
        let mut sorted = order.clone();
        sorted.sort();
        assert_eq!(order, sorted);
        assert_eq!(Zone::full(19).len(), 361);
        assert_eq!(Zone::full(7).len(), 49);
        let json = serde_json::to_string(&b).unwrap();
        assert_eq!(json, r#"["ba","ff"]"#);
        assert_eq!(serde_json::from_str::<Zone>(&json).unwrap(), b);
    }
}
