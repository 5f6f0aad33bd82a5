//! Two eyes from one region: a region the defender splits, whatever the opponent first plays in
//! it, into two regions each vital by pairs (the parent module's documentation, "Two eyes from
//! one region", has the rule and why it holds).

use super::pairs::{pair_vital, Pair};
use crate::go::board::Board;
use crate::go::color::Color;
use crate::go::point::{Move, Point};
use crate::go::zone::Zone;

/// The largest region tried (points): each opponent move in it is tried with each answer.
pub(super) const MAX_SPLIT_POINTS: usize = 40;

/// The answer to the opponent's first move in a split region.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SplitAnswer {
    /// The opponent's move.
    pub at: Point,
    /// The defender's answer, beside a stone of the defender.
    pub answer: Point,
    /// The pairs of the two regions the answer leaves (each vital by pairs).
    pub pairs: Vec<Pair>,
}

/// A region that gives the chain round it two eyes: the answer to each opponent move in it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Split {
    pub region: Zone,
    pub answers: Vec<SplitAnswer>,
}

/// The answers that split the region `points` of `color` on `board` (a region touching the
/// defender's stones, no link point in it: the caller's tests), if every opponent move in it
/// has one: the region holds two empty points beside a `color` stone, and for each empty point
/// `x` of it where the opponent's stone is no suicide there is an empty point `y` of it, beside
/// a `color` stone and with an empty neighbour in the region once `x` is played (or capturing),
/// such that with `x` and `y` played the region's other points fall into two regions each
/// vital by pairs ([`pair_vital`], no link point). Read on the board without its ko ban: while
/// the region is untouched an opponent move in it is legal exactly when it is no suicide there.
pub(super) fn split_answers(
    board: &Board,
    color: Color,
    points: &Zone,
) -> Option<Vec<SplitAnswer>> {
    let size = board.size();
    if points.len() > MAX_SPLIT_POINTS {
        return None;
    }
    let opponent = color.opponent();
    // The board as it is, without a ko ban.
    let plain = Board::with_stones(
        size,
        &board.stones(Color::Black),
        &board.stones(Color::White),
    );
    let empties = points.intersection(&plain.empty_points());
    let own = plain.stones(color);
    // The answers' candidates (the defender's stones stay as they are: see the capture below).
    let walled = empties.intersection(&own.grow(size));
    if walled.len() < 2 {
        return None;
    }
    let mut answers = Vec::new();
    for x in empties.iter() {
        let mut after_x = plain.clone();
        if after_x.play(opponent, Move::Play(x)).is_err() {
            continue; // suicide, and so while the region is untouched
        }
        if after_x.stones(color).len() < own.len() {
            // A capture of the defender's stones, which the rule's chains never allow (each
            // of their blocks keeps two liberties): not read.
            return None;
        }
        let found = walled
            .iter()
            .filter(|&y| y != x)
            .find_map(|y| split_by(&after_x, color, points, y).map(|pairs| (y, pairs)));
        let (answer, pairs) = found?;
        answers.push(SplitAnswer {
            at: x,
            answer,
            pairs,
        });
    }
    Some(answers)
}

/// `y` played by `color` on `board` (the opponent's first move in the region `points` made):
/// the pairs of the first two regions it leaves in `points` that are vital by pairs.
fn split_by(board: &Board, color: Color, points: &Zone, y: Point) -> Option<Vec<Pair>> {
    let size = board.size();
    let empty = board.empty_points();
    let keeps_a_liberty = y
        .neighbors()
        .into_iter()
        .any(|n| points.contains(n) && empty.contains(n))
        || board.captures_something(color, y);
    if !keeps_a_liberty {
        return None;
    }
    let mut after = board.clone();
    after.play(color, Move::Play(y)).ok()?;
    let own = after.stones(color);
    let beside_own = own.grow(size);
    let empty = after.empty_points();
    let mut rest = points.difference(&own);
    let mut pairs = Vec::new();
    let mut vital = 0;
    while let Some(p) = rest.first() {
        let part = Zone::from_iter([p]).flood(&rest, size);
        rest = rest.difference(&part);
        let walled = part.intersection(&beside_own);
        if let Some(more) = pair_vital(&part, &part.intersection(&empty), &walled, &Zone::new()) {
            pairs.extend(more);
            vital += 1;
            if vital == 2 {
                return Some(pairs);
            }
        }
    }
    None
}
