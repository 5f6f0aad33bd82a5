//! Seki as a terminal of the goal test (the seki-database paper, section 3.3):
//! a node where the defender keeps a block for ever in a seki the database knows is won by the
//! defender, for every goal where seki is life (`live`/`kill`, `live-any-seki`/`kill-all-seki`).
//!
//! - **Areas.** A connected set of non-defender points holding an attacker stone, of at most
//!   [`MAX_AREA`] points, all of whose neighbours belong to one defender block (the *enclosing* block; for `live`/`kill` it must hold a crucial stone).
//!   As in the paper, only the areas the last move touched are looked at (the one holding an
//!   attacker's stone, or those next to a defender's block), and none after a pass: any other
//!   area was there before the move, when the goal test did not find a seki in it (a missed
//!   seki only costs search, never soundness). A position without a recorded move (a root, a
//!   board set up from a file) has every area looked at.
//! - **The hit.** The area's key ([`SekiKey`]: shape up to symmetry, the board edges it touches,
//!   which points hold an attacker stone) is in the shipped database ([`shipped_table`]), and
//!   the strict local game of [`survival`](crate::solver::knowledge::seki_db::survival) confirms that the enclosing
//!   block survives under the solver's rules (the database was decided under the paper's
//!   rules: superko and kos for both sides), on the area points of the problem's region. The confirmation depends on the key only when every area point is in
//!   the region, and is then kept per key for the whole process.
//! - **The zone** is the area and the enclosing block (closed by the caller like every leaf
//!   zone): any position with the same stones there has the same area, enclosed by one block
//!   holding the same points, so the same verdict. The block's outside liberties and the stones
//!   beyond are not needed: the survival argument holds whatever they are.
//!
//! On with the static rule ([`crate::solver::GoalTest::with_static_rule`]: never under positional
//! superko); [`crate::solver::GoalTest::without_seki_db`] switches it off for measuring. Proof leaves
//! are [`crate::solver::proof::LeafKind::SekiArea`]; the checker finds the area again and replays the
//! survival game on the position it reached, without the database.

use crate::go::{Board, Color, Move, Point, Zone};
use crate::problem::Goal;
use crate::solver::knowledge::seki_db::candidates::enclosing_blocks;
use crate::solver::knowledge::seki_db::key::{SekiKey, MAX_AREA};
use crate::solver::knowledge::seki_db::shipped::shipped_table;
use crate::solver::knowledge::seki_db::survival::{
    enclosing_survives, pattern_board, Survival, SURVIVAL_NODES,
};
use crate::solver::knowledge::seki_db::table::SekiTable;
use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};

/// The seki terminal of one goal test.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SekiRule {
    defender: Color,
    /// The crucial points, one of which the enclosing block must hold (`None`: the kill-all
    /// goals, where any block counts).
    crucial: Option<Zone>,
    region: Zone,
}

/// An area the defender's block encloses, with that block.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EnclosedArea {
    pub area: Zone,
    pub enclosing: Zone,
}

impl SekiRule {
    /// The rule for `goal` (`None` when seki is not life for it) in a problem whose moves are
    /// the plays in `region`.
    pub fn new(goal: Goal, defender: Color, crucial: Zone, region: Zone) -> Option<SekiRule> {
        goal.seki_is_life().then_some(SekiRule {
            defender,
            crucial: goal.needs_crucial_stones().then_some(crucial),
            region,
        })
    }

    /// The zone of a seki the defender keeps for ever on `board` (the area and its enclosing
    /// block, not closed yet), if there is one.
    pub fn evaluate(&self, board: &Board) -> Option<Zone> {
        let near = match board.last_move() {
            Some(Move::Pass) => return None,
            Some(Move::Play(p)) => Some(p),
            None => None,
        };
        // The database is read at its first query, not before: a solve that never meets an
        // enclosed area does not read it.
        enclosed_areas(board, self.defender, near)
            .into_iter()
            .filter(|a| self.crucial.is_none_or(|c| a.enclosing.intersects(&c)))
            .find(|a| {
                shipped_table()
                    .is_ok_and(|table| is_known(table, board, self.defender, &self.region, a))
            })
            .map(|a| a.area.union(&a.enclosing))
    }
}

/// Every area of `board` in which a `defender` block keeps a seki the database knows (confirmed
/// by the survival game), whatever the last move: what the studio's seki overlay shows.
pub fn known_seki(board: &Board, defender: Color, region: &Zone) -> Vec<EnclosedArea> {
    let Ok(table) = shipped_table() else {
        return Vec::new();
    };
    enclosed_areas(board, defender, None)
        .into_iter()
        .filter(|a| is_known(table, board, defender, region, a))
        .collect()
}

/// Is `a`'s pattern in the database, and does its block survive under the solver's rules (the
/// defender playing only in `region`)?
fn is_known(
    table: &SekiTable,
    board: &Board,
    defender: Color,
    region: &Zone,
    a: &EnclosedArea,
) -> bool {
    let inside = board.stones(defender.opponent()).intersection(&a.area);
    SekiKey::of(board.size(), &a.area, &inside).is_some_and(|key| {
        table.contains(&key) && survives(board, defender, &a.area, &a.area.difference(region), key)
    })
}

/// The areas of at most [`MAX_AREA`] points that hold an attacker stone and that one `defender`
/// block encloses: every one (`near` = `None`), or those touched by a stone on `near` (the area
/// holding it, or the areas next to its block).
pub fn enclosed_areas(board: &Board, defender: Color, near: Option<Point>) -> Vec<EnclosedArea> {
    let size = board.size();
    let attackers = board.stones(defender.opponent());
    let open = Zone::full(size).difference(&board.stones(defender));
    let mut todo = match near {
        None => attackers,
        Some(p) if board.color_at(p) == Some(defender) => {
            let block = board.block_stones(p);
            block.grow(size).intersection(&open)
        }
        Some(p) => Zone::from_iter([p]),
    };
    let mut out = Vec::new();
    while let Some(p) = todo.first() {
        let area = Zone::from_iter([p]).flood(&open, size);
        todo = todo.difference(&area);
        if area.len() > MAX_AREA || !area.intersects(&attackers) {
            continue;
        }
        if let [enclosing] = enclosing_blocks(board, defender, &area)[..] {
            out.push(EnclosedArea { area, enclosing });
        }
    }
    out
}

/// The survival verdict of the area: computed once per process and key when the defender may
/// play every area point (`barred` empty), else each time.
fn survives(board: &Board, defender: Color, area: &Zone, barred: &Zone, key: SekiKey) -> bool {
    static VERDICTS: OnceLock<Mutex<HashMap<SekiKey, bool>>> = OnceLock::new();
    let verdicts = VERDICTS.get_or_init(Default::default);
    let cached = barred.is_empty();
    if cached {
        if let Some(known) = verdicts.lock().ok().and_then(|v| v.get(&key).copied()) {
            return known;
        }
    }
    let Some(pattern) = pattern_board(board, defender, area) else {
        // A board too small for the pattern says nothing about the key.
        return false;
    };
    let verdict = enclosing_survives(&pattern, area, barred, SURVIVAL_NODES) == Survival::Survives;
    if cached {
        if let Ok(mut v) = verdicts.lock() {
            v.insert(key, verdict);
        }
    }
    verdict
}
