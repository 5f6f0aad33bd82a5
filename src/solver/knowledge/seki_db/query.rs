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

use super::candidates::enclosing_blocks;
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

/// The connected set of non-`enclosing` points holding `p`.
fn area_of(board: &Board, enclosing: Color, p: Point) -> Zone {
    let size = board.size();
    let open = Zone::full(size).difference(&board.stones(enclosing));
    Zone::from_iter([p]).flood(&open, size)
}

/// The hit for `area` when one block encloses it and the database holds its pattern.
fn lookup(table: &SekiTable, board: &Board, enclosing: Color, area: &Zone) -> Option<SekiHit> {
    if area.len() > MAX_AREA {
        return None;
    }
    let [block] = enclosing_blocks(board, enclosing, area)[..] else {
        return None;
    };
    let inside = board.stones(enclosing.opponent()).intersection(area);
    let key = SekiKey::of(board.size(), area, &inside)?;
    table.contains(&key).then_some(SekiHit {
        area: *area,
        enclosing: block,
    })
}
