//! Whole-board safety in words, for the `safety` command and the studio's *Analyze a game*:
//! an area's verdict and why a zone was left out of the search.

use crate::go::partition::{LeftOutReason, Partition};
use crate::solver::jobs::area_safety::BoundarySafety;

/// The name of an area's verdict (`None`: not searched), as `safety --json` writes it:
/// `safe`, `safe-if-defended`, `unsafe`, `unknown` or `not-searched`.
pub fn verdict_name(verdict: Option<BoundarySafety>) -> &'static str {
    match verdict {
        Some(BoundarySafety::Safe) => "safe",
        Some(BoundarySafety::SafeIfDefended) => "safe-if-defended",
        Some(BoundarySafety::Unsafe) => "unsafe",
        Some(BoundarySafety::Unknown) => "unknown",
        None => "not-searched",
    }
}

/// An area's verdict for a reader: `safe`, `to answer` (safe when the defender answers a move
/// there), `unsafe`, `unknown`, `not searched`.
pub fn verdict_words(verdict: Option<BoundarySafety>) -> &'static str {
    match verdict {
        Some(BoundarySafety::Safe) => "safe",
        Some(BoundarySafety::SafeIfDefended) => "to answer",
        Some(BoundarySafety::Unsafe) => "unsafe",
        Some(BoundarySafety::Unknown) => "unknown",
        None => "not searched",
    }
}

/// The name of why a zone is no search area (`no_defender_stone`, `too_large`, `too_open`)
/// and the reason in words, with the thresholds of `part`.
pub fn left_out_words(part: &Partition, reason: LeftOutReason) -> (&'static str, String) {
    match reason {
        LeftOutReason::NoDefenderStone => ("no_defender_stone", "no defender stone".to_string()),
        LeftOutReason::TooLarge { empty } => (
            "too_large",
            format!(
                "{empty} empty points, more than {}",
                part.thresholds.max_interior_empty
            ),
        ),
        LeftOutReason::TooOpen { dividers, boundary } => (
            "too_open",
            format!(
                "{dividers} of its {boundary} boundary points are gaps, more than {}/{}",
                part.thresholds.max_divider_share.num, part.thresholds.max_divider_share.den
            ),
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::go::partition::partition;
    use crate::go::{Board, Color};

    #[test]
    fn verdicts_have_a_name_and_words() {
        assert_eq!(
            verdict_name(Some(BoundarySafety::SafeIfDefended)),
            "safe-if-defended"
        );
        assert_eq!(
            verdict_words(Some(BoundarySafety::SafeIfDefended)),
            "to answer"
        );
        assert_eq!(verdict_name(None), "not-searched");
        assert_eq!(verdict_words(None), "not searched");
    }

    #[test]
    fn reasons_name_the_thresholds() {
        let part = partition(&Board::new(9), Color::Black);
        let (name, why) = left_out_words(&part, LeftOutReason::TooLarge { empty: 40 });
        assert_eq!(name, "too_large");
        assert_eq!(why, "40 empty points, more than 15");
        let (name, why) = left_out_words(
            &part,
            LeftOutReason::TooOpen {
                dividers: 4,
                boundary: 6,
            },
        );
        assert_eq!(name, "too_open");
        assert_eq!(why, "4 of its 6 boundary points are gaps, more than 1/3");
    }
}
