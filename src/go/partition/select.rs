//! Candidate selection (Safety Solver 2.0, §3): which zones are small and closed enough to search,
//! and why each other zone is left out.

use super::zones::BoardZone;

/// A fraction `num / den`, compared exactly in integers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Share {
    /// The numerator.
    pub num: usize,
    /// The denominator (not zero).
    pub den: usize,
}

impl Share {
    /// Is `part / whole` more than this share?
    pub fn exceeded_by(self, part: usize, whole: usize) -> bool {
        part * self.den > self.num * whole
    }
}

/// The thresholds of candidate selection; [`Default`] gives the paper's values.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Thresholds {
    /// A zone with more empty interior points is left out (the paper: 15). Regions of at most
    /// this many empty points are also zones as they are, without gap points.
    pub max_interior_empty: usize,
    /// A zone whose boundary has a larger share of gap points is left out (the paper: 1/3).
    pub max_divider_share: Share,
    /// Zones related only through the defender's unconditionally alive blocks (Benson) are
    /// not merged (the paper merges every related zone): such a block is safe whatever is
    /// played, so neither zone's claim needs the other's points. An area then left safe
    /// without search (every boundary block alive, the interior static safe territory) is
    /// no area.
    pub split_at_safe_blocks: bool,
}

impl Default for Thresholds {
    fn default() -> Thresholds {
        Thresholds {
            max_interior_empty: 15,
            max_divider_share: Share { num: 1, den: 3 },
            split_at_safe_blocks: false,
        }
    }
}

/// Why a zone is not a candidate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LeftOutReason {
    /// No defender stone touches the zone: there is nothing of the defender's to make safe.
    NoDefenderStone,
    /// More empty interior points than [`Thresholds::max_interior_empty`].
    TooLarge {
        /// The zone's empty interior points.
        empty: usize,
    },
    /// More of the boundary is gap points than [`Thresholds::max_divider_share`] allows.
    TooOpen {
        /// Gap points on the boundary.
        dividers: usize,
        /// All boundary points: defender stones and gap points.
        boundary: usize,
    },
}

/// A zone left out of the search, by its index in [`super::Partition::zones`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LeftOut {
    /// Index into [`super::Partition::zones`].
    pub zone: usize,
    /// Why.
    pub reason: LeftOutReason,
}

/// Why `zone` is left out under `thresholds`, or `None` for a candidate. The reasons are tried in
/// the order of [`LeftOutReason`]'s variants and the first that holds is given.
pub fn judge(zone: &BoardZone, thresholds: &Thresholds) -> Option<LeftOutReason> {
    if zone.boundary_stones.is_empty() {
        return Some(LeftOutReason::NoDefenderStone);
    }
    if zone.empty > thresholds.max_interior_empty {
        return Some(LeftOutReason::TooLarge { empty: zone.empty });
    }
    let (dividers, boundary) = (zone.dividers.len(), zone.boundary_len());
    if thresholds.max_divider_share.exceeded_by(dividers, boundary) {
        return Some(LeftOutReason::TooOpen { dividers, boundary });
    }
    None
}

/// The candidates (indices into `zones`, ascending) and the zones left out with their reasons.
pub fn select(zones: &[BoardZone], thresholds: &Thresholds) -> (Vec<usize>, Vec<LeftOut>) {
    let mut kept = Vec::new();
    let mut left_out = Vec::new();
    for (i, zone) in zones.iter().enumerate() {
        match judge(zone, thresholds) {
            None => kept.push(i),
            Some(reason) => left_out.push(LeftOut { zone: i, reason }),
        }
    }
    (kept, left_out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::go::point::Point;
    use crate::go::zone::Zone;

    /// A zone of `empty` empty points with `stones` boundary stones and `gaps` gap points (the
    /// points themselves do not matter to the judgement).
    fn zone(empty: usize, stones: usize, gaps: usize) -> BoardZone {
        let row = |y: usize, n: usize| -> Zone {
            (0..n).map(|x| Point::new(x % 19, y + x / 19)).collect()
        };
        BoardZone {
            points: row(0, empty),
            empty,
            boundary_stones: row(4, stones),
            blocks: row(4, stones),
            dividers: row(8, gaps),
        }
    }

    #[test]
    fn a_share_is_exceeded_only_by_more_than_it() {
        let third = Share { num: 1, den: 3 };
        assert!(!third.exceeded_by(1, 3));
        assert!(!third.exceeded_by(2, 6));
        assert!(third.exceeded_by(2, 5));
        assert!(third.exceeded_by(1, 2));
        assert!(!third.exceeded_by(0, 0));
    }

    #[test]
    fn each_reason_is_given_at_its_threshold_and_not_below() {
        let paper = Thresholds::default();
        assert_eq!(judge(&zone(15, 6, 2), &paper), None);
        assert_eq!(
            judge(&zone(16, 6, 2), &paper),
            Some(LeftOutReason::TooLarge { empty: 16 })
        );
        assert_eq!(judge(&zone(10, 4, 2), &paper), None);
        assert_eq!(
            judge(&zone(10, 4, 3), &paper),
            Some(LeftOutReason::TooOpen {
                dividers: 3,
                boundary: 7
            })
        );
        assert_eq!(
            judge(&zone(3, 0, 0), &paper),
            Some(LeftOutReason::NoDefenderStone)
        );
        // The first reason that holds is given.
        assert_eq!(
            judge(&zone(40, 0, 9), &paper),
            Some(LeftOutReason::NoDefenderStone)
        );
        assert_eq!(
            judge(&zone(40, 1, 9), &paper),
            Some(LeftOutReason::TooLarge { empty: 40 })
        );
    }

    #[test]
    fn the_thresholds_are_parameters() {
        let wide = Thresholds {
            max_interior_empty: 16,
            max_divider_share: Share { num: 1, den: 2 },
            split_at_safe_blocks: false,
        };
        assert_eq!(judge(&zone(16, 6, 2), &wide), None);
        assert_eq!(judge(&zone(10, 4, 3), &wide), None);
        assert_eq!(
            judge(&zone(10, 4, 5), &wide),
            Some(LeftOutReason::TooOpen {
                dividers: 5,
                boundary: 9
            })
        );
    }

    #[test]
    fn select_keeps_the_candidates_and_lists_the_rest_with_reasons() {
        let zones = [zone(16, 6, 2), zone(5, 6, 2), zone(5, 0, 0), zone(5, 2, 1)];
        let (kept, left_out) = select(&zones, &Thresholds::default());
        assert_eq!(kept, [1, 3]);
        assert_eq!(
            left_out,
            [
                LeftOut {
                    zone: 0,
                    reason: LeftOutReason::TooLarge { empty: 16 }
                },
                LeftOut {
                    zone: 2,
                    reason: LeftOutReason::NoDefenderStone
                }
            ]
        );
    }
}
