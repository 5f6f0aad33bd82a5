//! Point and move text used by the file formats and by error messages.
//!
//! - SGF points: `aa` is the top-left corner (see [`Point::to_sgf`]); a move is a point or the empty
//!   string for a pass; `tt` is also read as a pass on boards up to 19x19 (the FF\[3\] convention,
//!   used by the research set's `answer_firstmove`).
//! - Messages name a point in both systems, GTP first: `R2 (SGF qr)`; a point that is not on the
//!   board (or a board of invalid size) is named in SGF only.

use crate::go::{Color, Move, Point};
use serde::{Deserialize, Deserializer, Serializer};
use std::fmt;

/// A point named for a message: `R2 (SGF qr)` on a board of side `size`, or `qr` when the point is
/// not on such a board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PointName {
    pub point: Point,
    pub size: usize,
}

impl PointName {
    pub fn new(point: Point, size: usize) -> PointName {
        PointName { point, size }
    }
}

impl fmt::Display for PointName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if (2..=crate::go::MAX_SIZE).contains(&self.size) && self.point.on_board(self.size) {
            write!(
                f,
                "{} (SGF {})",
                self.point.to_gtp(self.size),
                self.point.to_sgf()
            )
        } else {
            f.write_str(&self.point.to_sgf())
        }
    }
}

/// `R2 (SGF qr)`: shorthand for [`PointName`] as a string.
pub fn point_name(point: Point, size: usize) -> String {
    PointName::new(point, size).to_string()
}

/// A move named for a message: `Black R2 (SGF qr)` or `White pass`.
pub fn move_name(color: Color, mv: Move, size: usize) -> String {
    match mv {
        Move::Play(p) => format!("{color} {}", PointName::new(p, size)),
        Move::Pass => format!("{color} pass"),
    }
}

/// Moves in short GTP names, comma-separated: `C3, D2, pass`.
pub fn moves_gtp(moves: &[Move], size: usize) -> String {
    moves
        .iter()
        .map(|&m| move_gtp(m, size))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Short GTP name of a move on a board of side `size`: `R2`, `pass`, or the SGF text when the point
/// is off the board.
pub fn move_gtp(mv: Move, size: usize) -> String {
    match mv {
        Move::Play(p) if p.on_board(size) => p.to_gtp(size),
        Move::Play(p) => p.to_sgf(),
        Move::Pass => "pass".to_string(),
    }
}

/// The SGF value of a move: the point, or the empty string for a pass.
pub fn move_to_sgf(mv: Move) -> String {
    match mv {
        Move::Play(p) => p.to_sgf(),
        Move::Pass => String::new(),
    }
}

/// Parse an SGF move value: a point `aa`..`ss`, the empty string (pass) or `tt` (pass).
pub fn move_from_sgf(s: &str) -> Option<Move> {
    match s {
        "" | "tt" => Some(Move::Pass),
        _ => Point::from_sgf(s).map(Move::Play),
    }
}

/// Serde for [`Move`] as its SGF value (`"qr"`, `""` for a pass), independent of the internal
/// point encoding. Use with `#[serde(with = "crate::problem::coords::sgf_move")]`.
pub mod sgf_move {
    use super::*;

    pub fn serialize<S: Serializer>(mv: &Move, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&move_to_sgf(*mv))
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Move, D::Error> {
        let text = String::deserialize(d)?;
        move_from_sgf(&text)
            .ok_or_else(|| serde::de::Error::custom(format!("bad SGF move {text:?}")))
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn names() {
        let p = Point::new(16, 17);
        assert_eq!(point_name(p, 19), "R2 (SGF qr)");
        assert_eq!(point_name(p, 9), "qr");
        assert_eq!(point_name(p, 25), "qr");
        assert_eq!(move_name(Color::White, Move::Pass, 19), "White pass");
        assert_eq!(
            move_name(Color::Black, Move::Play(p), 19),
            "Black R2 (SGF qr)"
        );
        assert_eq!(move_gtp(Move::Play(p), 19), "R2");
        assert_eq!(move_gtp(Move::Play(p), 7), "qr");
    }

    #[test]
    fn sgf_moves() {
        assert_eq!(move_from_sgf(""), Some(Move::Pass));
        assert_eq!(move_from_sgf("tt"), Some(Move::Pass));
        assert_eq!(move_from_sgf("ss"), Some(Move::Play(Point::new(18, 18))));
        assert_eq!(move_from_sgf("zz"), None);
        assert_eq!(move_from_sgf("a"), None);
        for mv in [Move::Pass, Move::Play(Point::new(3, 4))] {
            assert_eq!(move_from_sgf(&move_to_sgf(mv)), Some(mv));
        }
    }
}
