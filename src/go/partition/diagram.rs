//! ASCII diagrams of a partition, for tests and for reading one at a glance. Stones are drawn as
//! on the board (`X`, `O`); gap points as `!` (divider) and `:` (potential divider).

use super::Partition;
use crate::go::board::Board;
use crate::go::point::Point;

/// The label of the `i`-th item from `first` on (`#` past the 14th, where a stone letter could
/// follow).
fn label(first: u8, i: usize) -> char {
    if i < 14 {
        (first + i as u8) as char
    } else {
        '#'
    }
}

impl Partition {
    /// The gap character of `p`, if it is a gap point.
    fn gap_char(&self, p: Point) -> Option<char> {
        if self.gaps.dividers.contains(p) {
            Some('!')
        } else if self.gaps.potential.contains(p) {
            Some(':')
        } else {
            None
        }
    }

    /// The zones: every gap point; the empty points of each candidate zone as the label of its
    /// index in [`Partition::zones`] (`0`–`9`, then `a`–`n`, then `#`); empty points of left-out
    /// zones as `.`.
    pub fn zones_ascii(&self, board: &Board) -> String {
        let left_out: Vec<usize> = self.left_out.iter().map(|l| l.zone).collect();
        board.to_ascii_with(|p| {
            if let Some(c) = self.gap_char(p) {
                return Some(c);
            }
            if !board.is_empty(p) {
                return None;
            }
            let z = self.zones.iter().position(|z| z.points.contains(p))?;
            if left_out.contains(&z) {
                return Some('.');
            }
            Some(match z {
                0..=9 => (b'0' + z as u8) as char,
                _ => label(b'a', z - 10),
            })
        })
    }

    /// The areas: the empty interior points of the `i`-th area as the `i`-th letter from `a`
    /// (`#` from the 15th on), removed connectible points as `*`, the gap points on an area's
    /// boundary as `!`/`:`; every other empty point (other gap points included) as `.`.
    pub fn areas_ascii(&self, board: &Board) -> String {
        board.to_ascii_with(|p| {
            if !board.is_empty(p) {
                return None;
            }
            for (i, a) in self.areas.iter().enumerate() {
                if a.interior.contains(p) {
                    return Some(label(b'a', i));
                }
                if a.removed.contains(p) {
                    return Some('*');
                }
                if a.dividers.iter().any(|d| d.point == p) {
                    return self.gap_char(p);
                }
            }
            Some('.')
        })
    }
}
