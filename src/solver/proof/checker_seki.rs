//! The checker's own verification of a seki leaf ([`crate::solver::proof::LeafKind::SekiArea`]): does a
//! defender block on the position reached enclose a small area it never loses?
//!
//! The seki database is not consulted, nor the search's area finder: the areas are found again
//! here (every connected set of non-defender points next to a defender block, of at most
//! [`MAX_POINTS`] points, holding an attacker stone, with that block as its
//! only defender neighbour; for goals with crucial stones the block must hold one), and the
//! survival game of [`crate::solver::knowledge::seki_db::survival`] is played out on each area's pattern, whatever
//! the side to move, on the area points of the region (its soundness argument is in that
//! module). Not sound under positional
//! superko, where the leaf is refused.

use crate::go::{Board, Color, Point, Zone};
use crate::solver::knowledge::seki_db::survival::{
    enclosing_survives, pattern_board, Survival, SURVIVAL_NODES,
};

/// The largest area a seki leaf may use (the database's).
const MAX_POINTS: usize = 8;

/// `Ok` when a block of `defender` (holding a crucial point when `crucial` is given) encloses
/// an area inside `region` that it survives; else why not.
pub(in crate::solver) fn verify_seki_area(
    board: &Board,
    defender: Color,
    crucial: Option<&Zone>,
    region: &Zone,
    superko: bool,
) -> Result<(), String> {
    if superko {
        return Err("seki leaves are not sound under positional superko".to_string());
    }
    let mut seen = Zone::new();
    let mut tried = 0;
    for p in board.stones(defender.opponent()).iter() {
        if seen.contains(p) {
            continue;
        }
        let Some(area) = component(board, defender, p) else {
            continue;
        };
        seen.union_with(&area);
        let Some(block) = only_neighbour_block(board, defender, &area) else {
            continue;
        };
        if crucial.is_some_and(|c| !block.intersects(c)) {
            continue;
        }
        tried += 1;
        let barred = area.difference(region);
        let survives = pattern_board(board, defender, &area).is_some_and(|pattern| {
            enclosing_survives(&pattern, &area, &barred, SURVIVAL_NODES) == Survival::Survives
        });
        if survives {
            return Ok(());
        }
    }
    Err(format!(
        "no enclosed area the defender survives ({tried} enclosed areas tried)"
    ))
}

/// The non-`defender` points connected to `start`, when there are at most [`MAX_POINTS`].
fn component(board: &Board, defender: Color, start: Point) -> Option<Zone> {
    let size = board.size();
    let mut area = Zone::new();
    let mut stack = vec![start];
    area.insert(start);
    while let Some(p) = stack.pop() {
        for q in p.neighbors().into_iter().filter(|q| q.on_board(size)) {
            if board.color_at(q) != Some(defender) && !area.contains(q) {
                if area.len() == MAX_POINTS {
                    return None;
                }
                area.insert(q);
                stack.push(q);
            }
        }
    }
    Some(area)
}

/// The one `defender` block every neighbour of `area` belongs to, if there is one.
fn only_neighbour_block(board: &Board, defender: Color, area: &Zone) -> Option<Zone> {
    let size = board.size();
    let mut block: Option<Zone> = None;
    for p in area.iter() {
        for q in p.neighbors().into_iter().filter(|q| q.on_board(size)) {
            if area.contains(q) {
                continue;
            }
            if board.color_at(q) != Some(defender) {
                return None;
            }
            let b = block.get_or_insert_with(|| board.block_stones(q));
            if !b.contains(q) {
                return None;
            }
        }
    }
    block
}
