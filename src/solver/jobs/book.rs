//! A proven result against the file's own answer (the book): the result the file states
//! (`TSRESULT`, [`Problem::expected`], with `TSHOW`, [`Problem::expected_way`]) and the correct
//! first moves of its answer tree ([`Problem::answer`]). One place for the command line's report
//! (`expected: fail (DISAGREES)`, `found D2: NOT among them`) and the studio's verdict ("This
//! differs from the book answer (D1)", worded by the report layer from [`differs`]).
//!
//! For the `live`/`kill` goals the statement is read as a Go result ([`Stated`]): the same
//! whichever claim is asked ("as stated", "lives", "dies", "both"), and compared with the
//! position's [`GoResult`]. The research goals compare the claim's result without ko.

use crate::go::{Color, Move};
use crate::problem::{Outcome, Problem, Way};
use crate::solver::jobs::go_result::{GoResult, Life};
use crate::solver::Status;

/// What a file states about its position, as a Go result: who wins when neither side relies on
/// ko, and how (`TSHOW`: seki, unconditional, or a ko). Read from the problem as stated or from
/// its opposite claim alike ([`Problem::flipped`] swaps the OR player, the goal and the expected
/// result together, so the defender's fate is the same).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stated {
    /// The side that lives or dies.
    pub defender: Color,
    /// The defender lives when neither side relies on ko (with [`Way::Ko`]: the side that
    /// fails without ko wins the ko).
    pub defender_lives: bool,
    pub way: Option<Way>,
}

impl Stated {
    /// The file's statement; `None` when it states no result.
    pub fn of(problem: &Problem) -> Option<Stated> {
        let outcome = problem.expected()?;
        Some(Stated {
            defender: problem.defender(),
            defender_lives: (outcome == Outcome::Win) == problem.goal().or_defends(),
            way: problem.expected_way(),
        })
    }

    /// Does the Go result `go` say what the file says? A ko (`TSHOW[ko]`) is either result by
    /// ko; a plain life or kill is not a result by ko; seki and unconditional life must match
    /// when both are known.
    pub fn allows(self, go: GoResult) -> bool {
        match (self.way, go) {
            (Some(Way::Ko), go) => go.by_ko(),
            (way, GoResult::Lives { life }) => {
                self.defender_lives
                    && !matches!(
                        (way, life),
                        (Some(Way::Seki), Life::Unconditional | Life::Endless)
                            | (Some(Way::Unconditional), Life::Seki | Life::Endless)
                    )
            }
            (_, GoResult::Kills) => !self.defender_lives,
            (_, GoResult::KillsByKo | GoResult::LivesByKo) => false,
        }
    }
}

/// Does the proven result say what the file states? `None`: nothing stated, or nothing proven.
/// `go`: the position's Go result (`live`/`kill` goals), compared as a Go result; otherwise
/// `status`, the claim's result without ko ([`crate::solver::jobs::how::status_without_ko`]), against the stated outcome.
pub fn agrees_with_book(claim: &Problem, status: Status, go: Option<GoResult>) -> Option<bool> {
    match (go, Stated::of(claim)) {
        (Some(go), Some(stated)) => Some(stated.allows(go)),
        _ => agrees(status.outcome(), claim.expected()),
    }
}

/// The OR player's correct first moves in the file's answer, in the answer's order (moves of
/// the other side are not first moves of the claim).
pub fn book_first_moves(problem: &Problem) -> Vec<Move> {
    let correct = problem.answer().correct_first_moves();
    let mut out = Vec::new();
    for v in &problem.answer().variations {
        if v.color == problem.or_player() && correct.contains(&v.mv) && !out.contains(&v.mv) {
            out.push(v.mv);
        }
    }
    out
}

/// Is the proven outcome the one the file states? `None`: nothing stated, or nothing proven.
pub fn agrees(proven: Option<Outcome>, expected: Option<Outcome>) -> Option<bool> {
    match (proven, expected) {
        (Some(p), Some(e)) => Some(p == e),
        _ => None,
    }
}

/// Is the found first move among the book's? `None`: no first move, or no book move.
pub fn first_move_in_book(first_move: Option<Move>, book: &[Move]) -> Option<bool> {
    match first_move {
        Some(m) if !book.is_empty() => Some(book.contains(&m)),
        _ => None,
    }
}

/// Where a proven result differs from the file's book ([`differs`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BookDifference {
    /// The file states another Go result (`live`/`kill` goals, the position's Go result known).
    GoResult(Stated),
    /// The file states another outcome of the claim (the claim's result without ko).
    Outcome(Outcome),
    /// The proven first move is not among the book's correct first moves (these, in the
    /// answer's order).
    FirstMove(Vec<Move>),
}

/// Where a proven result of `claim` differs from its book; `None` when it agrees or there is
/// nothing to compare. `status`: the claim's result without ko ([`crate::solver::jobs::how::status_without_ko`]); `go`:
/// the position's Go result, when known (then the difference is the same whichever claim was
/// asked); `first_move`: the claim's proven first move. A stated result that differs comes
/// before the first move.
pub fn differs(
    claim: &Problem,
    status: Status,
    go: Option<GoResult>,
    first_move: Option<Move>,
) -> Option<BookDifference> {
    if agrees_with_book(claim, status, go) == Some(false) {
        return Some(match (go, Stated::of(claim)) {
            (Some(_), Some(stated)) => BookDifference::GoResult(stated),
            _ => BookDifference::Outcome(claim.expected()?),
        });
    }
    let book = book_first_moves(claim);
    if first_move_in_book(first_move, &book) == Some(false) {
        return Some(BookDifference::FirstMove(book));
    }
    None
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::go::{Color, Point};
    use crate::problem::fixtures::{bent_three_live, bent_three_with_book as problem};
    use crate::solver::jobs::how::{status_without_ko, How};

    #[test]
    fn a_result_or_first_move_against_the_book() {
        let p = problem(Some(Outcome::Win));
        let book = Move::Play(Point::new(1, 0));
        let other = Move::Play(Point::new(2, 0));
        assert_eq!(book_first_moves(&p), vec![book]);
        assert_eq!(differs(&p, Status::Win, None, Some(book)), None);
        assert_eq!(
            differs(&p, Status::Win, None, Some(other)),
            Some(BookDifference::FirstMove(vec![book]))
        );
        assert_eq!(
            differs(&p, Status::Fail, None, None),
            Some(BookDifference::Outcome(Outcome::Win))
        );
        // Nothing stated, nothing to compare.
        assert_eq!(differs(&problem(None), Status::Fail, None, None), None);
        assert_eq!(agrees(Some(Outcome::Fail), None), None);
        assert_eq!(first_move_in_book(Some(other), &[]), None);
        assert_eq!(status_without_ko(Status::Win, How::KoUnknown), Status::Fail);
    }

    /// The file states a ko for the defender's (White's) life: a Go result is compared the same
    /// from the claim as stated and from its opposite claim, whatever the claim's own result.
    #[test]
    fn a_stated_ko_reads_the_same_from_either_claim() {
        let mut s = bent_three_live();
        s.expected = Some(Outcome::Fail);
        s.expected_way = Some(Way::Ko);
        let stated = s.validate().unwrap();
        let opposite = stated.flipped();
        assert_eq!(Stated::of(&stated), Stated::of(&opposite));
        let ko = Stated::of(&stated).unwrap();
        assert_eq!((ko.defender, ko.way), (Color::White, Some(Way::Ko)));
        for claim in [&stated, &opposite] {
            for status in [Status::Win, Status::Fail] {
                for go in [GoResult::KillsByKo, GoResult::LivesByKo] {
                    assert_eq!(differs(claim, status, Some(go), None), None);
                }
                assert_eq!(
                    differs(claim, status, Some(GoResult::Kills), None),
                    Some(BookDifference::GoResult(ko))
                );
            }
        }
    }

    /// Seki and unconditional life are told apart when the file says which; a plain statement
    /// is not met by a result by ko.
    #[test]
    fn the_way_of_life_is_compared() {
        let seki = |life| GoResult::Lives { life };
        let lives = |way| Stated {
            defender: Color::White,
            defender_lives: true,
            way,
        };
        assert!(lives(Some(Way::Seki)).allows(seki(Life::Seki)));
        assert!(lives(Some(Way::Seki)).allows(seki(Life::AtLeastSeki)));
        assert!(!lives(Some(Way::Seki)).allows(seki(Life::Unconditional)));
        assert!(!lives(Some(Way::Unconditional)).allows(seki(Life::Seki)));
        assert!(lives(None).allows(seki(Life::Seki)));
        assert!(!lives(None).allows(GoResult::LivesByKo));
        assert!(!lives(None).allows(GoResult::Kills));
        let kills = Stated {
            defender_lives: false,
            ..lives(None)
        };
        assert!(kills.allows(GoResult::Kills));
        assert!(!kills.allows(GoResult::KillsByKo));
    }
}
