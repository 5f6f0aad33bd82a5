//! A proven result against the file's own answer (the book): the result the file states for
//! the claim (`TSRESULT`, [`Problem::expected`]) and the correct first moves of its answer tree
//! ([`Problem::answer`]). One place for the command line's report (`expected: fail
//! (DISAGREES)`, `found D2: NOT among them`) and the studio's verdict ("This differs from the
//! book answer (D1)").

use super::analysis::How;
use super::Status;
use crate::go::Move;
use crate::problem::coords::move_gtp;
use crate::problem::{Outcome, Problem};

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

/// The claim's result when neither side may rely on ko (a win by ko, or a ko left undecided,
/// is a failure), as the file's `TSRESULT` states it.
pub fn status_without_ko(status: Status, how: How) -> Status {
    match how {
        How::Ko { .. } | How::KoUnknown | How::Endless => Status::Fail,
        _ => status,
    }
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

/// Where a proven result of `claim` differs from its book, in words for a player, e.g. "This
/// differs from the book: the file says Black cannot live" or "This differs from the book
/// answer (D1, E2)"; `None` when it agrees or there is nothing to compare. `proven`: the claim's
/// result without ko ([`status_without_ko`]); `first_move`: the claim's proven first move.
pub fn differs_words(claim: &Problem, proven: Status, first_move: Option<Move>) -> Option<String> {
    if agrees(proven.outcome(), claim.expected()) == Some(false) {
        let expected = claim.expected()?;
        return Some(format!(
            "This differs from the book: the file says {} {}",
            claim.or_player(),
            super::verdict::outcome_verb(claim.goal(), expected)
        ));
    }
    let book = book_first_moves(claim);
    if first_move_in_book(first_move, &book) == Some(false) {
        let moves: Vec<String> = book.iter().map(|&m| move_gtp(m, claim.size())).collect();
        return Some(format!(
            "This differs from the book answer ({})",
            moves.join(", ")
        ));
    }
    None
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::go::{Color, Point};
    use crate::problem::fixtures::bent_three_live;
    use crate::problem::AnswerTree;

    /// The bent three with its book move B5 and a stated result.
    fn problem(expected: Option<Outcome>) -> Problem {
        let mut s = bent_three_live();
        s.answer = AnswerTree::single_correct(Color::White, Move::Play(Point::new(1, 0)));
        s.expected = expected;
        s.validate().unwrap()
    }

    #[test]
    fn a_result_or_first_move_against_the_book() {
        let p = problem(Some(Outcome::Win));
        let book = Move::Play(Point::new(1, 0));
        let other = Move::Play(Point::new(2, 0));
        assert_eq!(book_first_moves(&p), vec![book]);
        assert_eq!(differs_words(&p, Status::Win, Some(book)), None);
        assert_eq!(
            differs_words(&p, Status::Win, Some(other)).unwrap(),
            format!(
                "This differs from the book answer ({})",
                move_gtp(book, p.size())
            )
        );
        assert_eq!(
            differs_words(&p, Status::Fail, None).unwrap(),
            "This differs from the book: the file says White lives"
        );
        // Nothing stated, nothing to compare.
        assert_eq!(differs_words(&problem(None), Status::Fail, None), None);
        assert_eq!(agrees(Some(Outcome::Fail), None), None);
        assert_eq!(first_move_in_book(Some(other), &[]), None);
        assert_eq!(status_without_ko(Status::Win, How::KoUnknown), Status::Fail);
    }
}
