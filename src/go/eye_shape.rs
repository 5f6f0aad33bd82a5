//! Kierulf's *safe eye*, the eye of the one-eye problem (Kishimoto and Müller, "df-pn for the
//! one-eye problem", §5.1): an empty point whose orthogonal neighbours on the board are all
//! stones of one colour, and all but one of its diagonal neighbours too (all of them on the
//! edge of the board and in the corner).
//!
//! Such a point is an eye of one block: the neighbours are joined through the diagonals (in the
//! middle the one diagonal left out still leaves a chain round the other three), so the point
//! can be filled by the opponent only as the capture of that whole block. Whether the eye is
//! *connected to the crucial stones* is the block's business: [`eye_block`] gives it.

use crate::go::{Board, Color, Point, Zone};

/// Is `p` a safe eye of `owner` on `board`?
pub fn is_safe_eye(board: &Board, owner: Color, p: Point) -> bool {
    if !board.on_board(p) || !board.is_empty(p) {
        return false;
    }
    let mut orthogonal = 0;
    for n in p.neighbors() {
        if !board.on_board(n) {
            continue;
        }
        if board.color_at(n) != Some(owner) {
            return false;
        }
        orthogonal += 1;
    }
    let allowed_gaps = if orthogonal == 4 { 1 } else { 0 };
    let gaps = p
        .diagonals()
        .into_iter()
        .filter(|&d| board.on_board(d) && board.color_at(d) != Some(owner))
        .count();
    gaps <= allowed_gaps
}

/// The block whose eye `p` is, when `p` is a safe eye of `owner` ([`is_safe_eye`]).
pub fn eye_block(board: &Board, owner: Color, p: Point) -> Option<Zone> {
    if !is_safe_eye(board, owner, p) {
        return None;
    }
    let first = p.neighbors().into_iter().find(|&n| board.on_board(n))?;
    Some(board.block_stones(first))
}

/// The points that make `p` a safe eye of its block: `p`, its orthogonal neighbours and its
/// diagonal neighbours holding `owner`'s stones. A position with the same contents there has
/// a safe eye at `p` too.
pub fn eye_shape_points(board: &Board, owner: Color, p: Point) -> Zone {
    let mut zone = Zone::new();
    zone.insert(p);
    for n in p.neighbors().into_iter().chain(p.diagonals()) {
        if board.on_board(n) && board.color_at(n) == Some(owner) {
            zone.insert(n);
        }
    }
    zone
}

/// Why `p` is *not* a safe eye of `owner`, as the points that show it: `p` itself when it is
/// occupied, an orthogonal neighbour that is not `owner`'s, or the diagonal neighbours that are
/// not (two in the middle, one on the edge). `None` when `p` is a safe eye.
pub fn not_an_eye_witness(board: &Board, owner: Color, p: Point) -> Option<Zone> {
    let mut zone = Zone::new();
    if !board.is_empty(p) {
        zone.insert(p);
        return Some(zone);
    }
    let on: Vec<Point> = p
        .neighbors()
        .into_iter()
        .filter(|&n| board.on_board(n))
        .collect();
    if let Some(&n) = on.iter().find(|&&n| board.color_at(n) != Some(owner)) {
        zone.insert(n);
        return Some(zone);
    }
    let needed = if on.len() == 4 { 2 } else { 1 };
    let gaps: Vec<Point> = p
        .diagonals()
        .into_iter()
        .filter(|&d| board.on_board(d) && board.color_at(d) != Some(owner))
        .collect();
    if gaps.len() >= needed {
        for d in gaps.into_iter().take(needed) {
            zone.insert(d);
        }
        return Some(zone);
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(text: &str) -> Board {
        Board::from_ascii(text).expect("a board")
    }

    /// In the middle one diagonal may be missing, not two; on the edge none; the neighbours
    /// are then one block.
    #[test]
    fn safe_eyes_in_the_middle_on_the_edge_and_in_the_corner() {
        let b = board(
            "
            . O . O . X .
            O O O O O . .
            O . O X . . .
            O O O . . . .
            . . . . . . .
            O O O . . . .
            . X O . . . .
            ",
        );
        let at = |x, y| Point::new(x, y);
        // Corner: (0,0) with O at (1,0), (0,1) and the diagonal (1,1).
        assert!(is_safe_eye(&b, Color::White, at(0, 0)));
        // Edge: (2,0) with all three orthogonal and both diagonals white.
        assert!(is_safe_eye(&b, Color::White, at(2, 0)));
        // Middle: (1,2), diagonals (0,1), (2,1), (0,3), (2,3) all white.
        assert!(is_safe_eye(&b, Color::White, at(1, 2)));
        // An occupied point is no eye.
        assert!(!is_safe_eye(&b, Color::White, at(1, 6)));
        // (0,6): neighbours (0,5) O and (1,6) X: not an eye, the witness is the X stone.
        assert!(!is_safe_eye(&b, Color::White, at(0, 6)));
        let witness = not_an_eye_witness(&b, Color::White, at(0, 6)).expect("no eye");
        assert_eq!(witness.iter().collect::<Vec<_>>(), vec![at(1, 6)]);
        // (4,0): neighbours (3,0) O, (5,0) X: not an eye.
        assert!(!is_safe_eye(&b, Color::White, at(4, 0)));
        let block = eye_block(&b, Color::White, at(1, 2)).expect("an eye");
        assert!(block.contains(at(0, 0).neighbors()[2]));
        assert!(not_an_eye_witness(&b, Color::White, at(1, 2)).is_none());
    }

    /// A middle point with two diagonal gaps is no safe eye, and its witness is those two.
    #[test]
    fn two_diagonal_gaps_in_the_middle_are_no_eye() {
        let b = board(
            "
            . . . . .
            . X O . .
            . O . O .
            . . O X .
            . . . . .
            ",
        );
        let p = Point::new(2, 2);
        assert!(!is_safe_eye(&b, Color::White, p));
        let witness = not_an_eye_witness(&b, Color::White, p).expect("no eye");
        assert_eq!(witness.len(), 2);
        let one_gap = board(
            "
            . . . . .
            . O O O .
            . O . O .
            . O O X .
            . . . . .
            ",
        );
        assert!(is_safe_eye(&one_gap, Color::White, p));
        assert_eq!(eye_shape_points(&one_gap, Color::White, p).len(), 8);
    }
}
