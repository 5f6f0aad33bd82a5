//! Recognising a seki on a board with the database, as the seki-database paper does in its
//! search (section 3.3): only around the last move, and only areas enclosed by one block.
//!
//! An *area* here is a connected set of points that hold no stone of the enclosing colour (empty
//! points and the other side's stones), all of whose on-board neighbours outside it belong to
//! one block of the enclosing colour. The database was built with White enclosing and Black
//! inside; a query for Black enclosing looks up White's stones as the inside ones (the key only
//! records which area points hold a stone of the side inside).
//!
//! What is checked is the area's contents; the enclosing block may have more liberties outside
//! than in the database's pattern (it had none there), which only helps it.

use super::key::{SekiKey, MAX_AREA};
use super::table::SekiTable;
use crate::go::board::Board;
use crate::go::color::Color;
use crate::go::point::Point;
use crate::go::zone::Zone;

/// A seki the database recognises.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SekiHit {
    /// The enclosed area (its empty points and the inside side's stones).
    pub area: Zone,
    /// The enclosing block.
    pub enclosing: Zone,
}

/// The seki next to `last` (the point of the last move) of an area enclosed by one block of
/// `enclosing`: the area holding `last` when it is an inside stone, else the areas next to the
/// block holding `last`. `None` when there is none (or `last` is empty).
pub fn seki_near(
    table: &SekiTable,
    board: &Board,
    enclosing: Color,
    last: Point,
) -> Option<SekiHit> {
    let size = board.size();
    match board.color_at(last)? {
        c if c == enclosing => {
            let block = board.block_stones(last);
            let mut seen = Zone::new();
            for q in block.grow(size).difference(&block).iter() {
                if seen.contains(q) || board.color_at(q) == Some(enclosing) {
                    continue;
                }
                let area = area_of(board, enclosing, q);
                seen.union_with(&area);
                if let Some(hit) = lookup(table, board, enclosing, &area) {
                    return Some(hit);
                }
            }
            None
        }
        _ => {
            let area = area_of(board, enclosing, last);
            lookup(table, board, enclosing, &area)
        }
    }
}

/// The connected set of non-`enclosing` points holding `p`, or as much of it as exceeds the
/// database's largest area (which then cannot match).
fn area_of(board: &Board, enclosing: Color, p: Point) -> Zone {
    let mut area = Zone::new();
    area.insert(p);
    let mut stack = vec![p];
    while let Some(q) = stack.pop() {
        for n in q.neighbors() {
            if board.on_board(n) && board.color_at(n) != Some(enclosing) && area.insert(n) {
                if area.len() > MAX_AREA {
                    return area;
                }
                stack.push(n);
            }
        }
    }
    area
}

/// The hit for `area` when one block encloses it and the database holds its pattern.
fn lookup(table: &SekiTable, board: &Board, enclosing: Color, area: &Zone) -> Option<SekiHit> {
    if area.len() > MAX_AREA {
        return None;
    }
    let size = board.size();
    let around = area.grow(size).difference(area);
    let first = around.first()?;
    let block = board.block_stones(first);
    if board.color_at(first) != Some(enclosing) || !around.is_subset(&block) {
        return None;
    }
    let inside = board.stones(enclosing.opponent()).intersection(area);
    let key = SekiKey::of(size, area, &inside)?;
    table.contains(&key).then_some(SekiHit {
        area: *area,
        enclosing: block,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::seki_db::shipped::shipped_table;

    fn table() -> &'static SekiTable {
        shipped_table().expect("the shipped database reads")
    }

    const TOP_SEKI: &str = "
        O . X X X . O
        O O O O O O O
        X X X X X X X
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .";

    #[test]
    fn the_edge_seki_is_found_from_either_side_of_it() {
        let b = Board::from_ascii(TOP_SEKI).expect("a diagram");
        let hit = seki_near(table(), &b, Color::White, Point::new(3, 0)).expect("a seki");
        assert_eq!(hit.area.len(), 5);
        assert_eq!(hit.enclosing.len(), 9);
        // From a stone of the enclosing block.
        assert_eq!(
            seki_near(table(), &b, Color::White, Point::new(3, 1)),
            Some(hit)
        );
        // An empty point is no last move; Black does not enclose here.
        assert_eq!(seki_near(table(), &b, Color::White, Point::new(1, 0)), None);
        assert_eq!(seki_near(table(), &b, Color::Black, Point::new(3, 2)), None);
    }

    #[test]
    fn colours_swapped_it_is_the_same_seki_and_a_filled_liberty_is_not() {
        let swapped: String = TOP_SEKI
            .chars()
            .map(|c| match c {
                'X' => 'O',
                'O' => 'X',
                c => c,
            })
            .collect();
        let b = Board::from_ascii(&swapped).expect("a diagram");
        assert!(seki_near(table(), &b, Color::Black, Point::new(3, 0)).is_some());
        // Black has filled a shared liberty: White captures next, no seki.
        let filled = Board::from_ascii(
            "
            O X X X X . O
            O O O O O O O
            X X X X X X X
            . . . . . . .
            . . . . . . .
            . . . . . . .
            . . . . . . .",
        )
        .expect("a diagram");
        assert_eq!(
            seki_near(table(), &filled, Color::White, Point::new(1, 0)),
            None
        );
    }
}
