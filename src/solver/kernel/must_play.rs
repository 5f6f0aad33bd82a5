//! The must-play region `M` of an AND node (RZS paper, "Null Moves and Must-Play Regions";
//! Algorithm 1 lines 13–20), shared by the search and proof extraction.
//!
//! `M` starts as every legal AND play plus pass. After a searched AND move `m` is refuted with the
//! child zone `z`:
//! - `m` inside `z` (or capturing stones inside `z`, which changes the zone's pattern): `m` leaves
//!   `M`;
//! - a pass answered by the end of the game (a second pass) answers only itself, since after any
//!   other move a pass does not end the game: the pass leaves `M`;
//! - otherwise `m` is a *null move*: the same answer wins after any AND move outside `z`, so
//!   `M` shrinks to `M ∩ z` (and the pass, outside every zone, leaves it).

use crate::go::{Move, Point, Zone};

/// How a refuted AND move changed the region.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refuted {
    Inside,
    PassEndingTheGame,
    NullMove,
}

/// The must-play region of one AND node.
#[derive(Clone, Debug)]
pub struct MustPlay {
    plays: Zone,
    pass: bool,
    /// All legal plays of the node, for [`MustPlay::required`].
    legal: Zone,
    /// Intersection of the null-move zones so far.
    null_zones: Option<Zone>,
    pass_ends_game: bool,
}

impl MustPlay {
    /// The region of a node whose legal AND plays are `legal`.
    pub fn new(legal: &[Point]) -> MustPlay {
        let plays: Zone = legal.iter().copied().collect();
        MustPlay {
            plays,
            pass: true,
            legal: plays,
            null_zones: None,
            pass_ends_game: false,
        }
    }

    /// The moves to consider, in order (`legal` as given to `new`, then pass); skip those that
    /// are no longer [`MustPlay::contains`]ed when their turn comes.
    pub fn order(legal: &[Point]) -> impl Iterator<Item = Move> + '_ {
        legal.iter().map(|&p| Move::Play(p)).chain([Move::Pass])
    }

    pub fn contains(&self, mv: Move) -> bool {
        match mv {
            Move::Play(p) => self.plays.contains(p),
            Move::Pass => self.pass,
        }
    }

    /// The plays still in the region.
    pub fn plays(&self) -> Zone {
        self.plays
    }

    /// Record that `mv` (whose play captured `captured`) was refuted with the child zone `zone`;
    /// `answer_ends_game`: the OR player answered with the pass that ends the game.
    pub fn refuted(
        &mut self,
        mv: Move,
        captured: &Zone,
        zone: &Zone,
        answer_ends_game: bool,
    ) -> Refuted {
        match mv {
            Move::Play(p) if zone.contains(p) || captured.intersects(zone) => {
                self.plays.remove(p);
                Refuted::Inside
            }
            Move::Pass if answer_ends_game => {
                self.pass = false;
                self.pass_ends_game = true;
                Refuted::PassEndingTheGame
            }
            _ => {
                self.plays.intersect_with(zone);
                self.pass = false;
                let nulls = self.null_zones.get_or_insert(self.legal);
                nulls.intersect_with(zone);
                Refuted::NullMove
            }
        }
    }

    /// No null-move child, and the pass is answered by the end of the game: the OR player then
    /// answers a move outside the zone with a pass ("pass-back", see `checker.rs`).
    pub fn pass_back(&self) -> bool {
        self.pass_ends_game && self.null_zones.is_none()
    }

    /// The plays that had to be searched: the legal plays inside every null-move zone.
    pub fn required(&self) -> Zone {
        self.null_zones.unwrap_or(self.legal)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn null_moves_shrink_the_region_and_drop_the_pass() {
        let pts: Vec<Point> = (0..4).map(|x| Point::new(x, 0)).collect();
        let mut m = MustPlay::new(&pts);
        assert!(m.contains(Move::Pass));
        let zone: Zone = [pts[1], pts[2]].into_iter().collect();
        // pts[0] is outside the zone: a null move.
        let r = m.refuted(Move::Play(pts[0]), &Zone::new(), &zone, false);
        assert_eq!(r, Refuted::NullMove);
        assert_eq!(m.plays(), zone);
        assert!(!m.contains(Move::Pass));
        assert_eq!(m.required(), zone);
        // pts[1] is inside its child's zone.
        let r = m.refuted(Move::Play(pts[1]), &Zone::new(), &zone, false);
        assert_eq!(r, Refuted::Inside);
        assert!(!m.contains(Move::Play(pts[1])) && m.contains(Move::Play(pts[2])));
        assert!(!m.pass_back());
    }

    #[test]
    fn a_pass_ended_by_a_second_pass_is_no_null_move() {
        let pts = [Point::new(0, 0)];
        let mut m = MustPlay::new(&pts);
        let zone: Zone = pts.into_iter().collect();
        let r = m.refuted(Move::Play(pts[0]), &Zone::new(), &zone, false);
        assert_eq!(r, Refuted::Inside);
        let r = m.refuted(Move::Pass, &Zone::new(), &Zone::new(), true);
        assert_eq!(r, Refuted::PassEndingTheGame);
        assert!(m.pass_back());
        assert_eq!(m.required(), zone);
    }
}
