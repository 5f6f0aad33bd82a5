//! A proven result against the file's own answer (the book), in words for a player: what the
//! file states ([`Stated`]) and where a result differs from it ([`BookDifference`], found by
//! [`crate::solver::jobs::book::differs`]).

use super::verdict::outcome_verb;
use crate::go::Move;
use crate::problem::coords::move_gtp;
use crate::problem::{Problem, Way};
use crate::solver::jobs::book::{differs, BookDifference, Stated};
use crate::solver::jobs::go_result::GoResult;
use crate::solver::Status;

/// The statement in a player's words: `Black lives`, `Black lives in seki`, `White kills`,
/// `Black's life is a ko`.
pub fn stated_words(stated: Stated) -> String {
    let d = stated.defender;
    match (stated.way, stated.defender_lives) {
        (Some(Way::Ko), _) => format!("{d}'s life is a ko"),
        (Some(Way::Seki), true) => format!("{d} lives in seki"),
        (Some(Way::Unconditional), true) => format!("{d} lives unconditionally"),
        (_, true) => format!("{d} lives"),
        (_, false) => format!("{} kills", d.opponent()),
    }
}

/// A difference from the book of `claim` in words: "This differs from the book: the file says
/// Black lives in seki", "This differs from the book answer (D1, E2)".
pub fn difference_words(claim: &Problem, difference: &BookDifference) -> String {
    match difference {
        BookDifference::GoResult(stated) => format!(
            "This differs from the book: the file says {}",
            stated_words(*stated)
        ),
        BookDifference::Outcome(outcome) => format!(
            "This differs from the book: the file says {} {}",
            claim.or_player(),
            outcome_verb(claim.goal(), *outcome)
        ),
        BookDifference::FirstMove(book) => {
            let moves: Vec<String> = book.iter().map(|&m| move_gtp(m, claim.size())).collect();
            format!("This differs from the book answer ({})", moves.join(", "))
        }
    }
}

/// Where a proven result of `claim` differs from its book, in words ([`differs`] and
/// [`difference_words`]); `None` when it agrees or there is nothing to compare.
pub fn differs_words(
    claim: &Problem,
    status: Status,
    go: Option<GoResult>,
    first_move: Option<Move>,
) -> Option<String> {
    differs(claim, status, go, first_move).map(|d| difference_words(claim, &d))
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::go::{Color, Point};
    use crate::problem::fixtures::{bent_three_live, bent_three_with_book as problem};
    use crate::problem::Outcome;

    #[test]
    fn a_result_or_first_move_against_the_book_in_words() {
        let p = problem(Some(Outcome::Win));
        let book = Move::Play(Point::new(1, 0));
        let other = Move::Play(Point::new(2, 0));
        assert_eq!(differs_words(&p, Status::Win, None, Some(book)), None);
        assert_eq!(
            differs_words(&p, Status::Win, None, Some(other)).unwrap(),
            format!(
                "This differs from the book answer ({})",
                move_gtp(book, p.size())
            )
        );
        assert_eq!(
            differs_words(&p, Status::Fail, None, None).unwrap(),
            "This differs from the book: the file says White lives"
        );
        assert_eq!(
            differs_words(&problem(None), Status::Fail, None, None),
            None
        );
    }

    /// A stated ko reads the same from either claim.
    #[test]
    fn a_stated_ko_in_words() {
        let mut s = bent_three_live();
        s.expected = Some(Outcome::Fail);
        s.expected_way = Some(Way::Ko);
        let stated = s.validate().unwrap();
        assert_eq!(
            stated_words(Stated::of(&stated).unwrap()),
            "White's life is a ko"
        );
        for claim in [&stated, &stated.flipped()] {
            assert_eq!(
                differs_words(claim, Status::Win, Some(GoResult::Kills), None).unwrap(),
                "This differs from the book: the file says White's life is a ko"
            );
        }
    }

    #[test]
    fn the_ways_of_a_statement_in_words() {
        let lives = |way| Stated {
            defender: Color::White,
            defender_lives: true,
            way,
        };
        assert_eq!(stated_words(lives(Some(Way::Seki))), "White lives in seki");
        assert_eq!(
            stated_words(lives(Some(Way::Unconditional))),
            "White lives unconditionally"
        );
        assert_eq!(stated_words(lives(None)), "White lives");
        let kills = Stated {
            defender_lives: false,
            ..lives(None)
        };
        assert_eq!(stated_words(kills), "Black kills");
    }
}
