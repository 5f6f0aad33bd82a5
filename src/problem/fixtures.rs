//! Problems shared by unit tests of several modules (compiled for tests only).

#![allow(clippy::unwrap_used)]

use super::{AnswerTree, Goal, Outcome, Problem, ProblemSetup};
use crate::go::{Board, Color, Move, Point};

/// A 5x5 corner: White's bent three at the top left (A5 B5 C5 empty), inside a living Black
/// wall; White to move and live (crucial stone A4, region A5 B5 C5). The book move is B5; callers
/// add the name and answer they need.
pub(crate) fn bent_three_live() -> ProblemSetup {
    let board = Board::from_ascii(
        ". . . O X
         O O O O X
         X X X X X
         . X . X .
         X X X X X",
    )
    .unwrap();
    let mut s = ProblemSetup::from_board(&board, Color::White);
    s.crucial = [Point::new(0, 1)].into_iter().collect();
    s.region = Some([0, 1, 2].into_iter().map(|x| Point::new(x, 0)).collect());
    s.goal = Some(Goal::Live);
    s.or_player = Some(Color::White);
    s.expected = Some(Outcome::Win);
    s
}

/// [`bent_three_live`] with its book move B5 as the file's answer and `expected` stated.
pub(crate) fn bent_three_with_book(expected: Option<Outcome>) -> Problem {
    let mut s = bent_three_live();
    s.answer = AnswerTree::single_correct(Color::White, Move::Play(Point::new(1, 0)));
    s.expected = expected;
    s.validate().unwrap()
}
