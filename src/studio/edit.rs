//! Editing a problem setup with the studio's tools. Pure functions over [`ProblemSetup`]: the
//! studio records the setup before each edit for undo.

use crate::go::{Board, ByColor, Color, Point, Zone};
use crate::problem::{Goal, KoRule, ProblemSetup, ValidationError};

/// An editing tool of the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Tool {
    /// Place a black stone (a black stone there is removed).
    Black,
    /// Place a white stone (a white stone there is removed).
    White,
    /// Remove a stone.
    Erase,
    /// Toggle the crucial mark of a whole block.
    Crucial,
    /// Add points to the region (click or drag).
    RegionPaint,
    /// Remove points from the region (click or drag).
    RegionErase,
    /// Add a rectangle to the region (drag from corner to corner).
    RegionRect,
    /// Remove a rectangle from the region.
    RegionRectErase,
}

impl Tool {
    pub const ALL: [Tool; 8] = [
        Tool::Black,
        Tool::White,
        Tool::Erase,
        Tool::Crucial,
        Tool::RegionPaint,
        Tool::RegionErase,
        Tool::RegionRect,
        Tool::RegionRectErase,
    ];

    pub fn label(self) -> &'static str {
        match self {
            Tool::Black => "● Black",
            Tool::White => "○ White",
            Tool::Erase => "✖ Erase",
            Tool::Crucial => "△ Crucial",
            Tool::RegionPaint => "▦ Region +",
            Tool::RegionErase => "▢ Region −",
            Tool::RegionRect => "▭ Rect +",
            Tool::RegionRectErase => "▭ Rect −",
        }
    }

    /// Does a drag apply the tool to every point it crosses?
    pub fn is_brush(self) -> bool {
        matches!(
            self,
            Tool::RegionPaint | Tool::RegionErase | Tool::Erase | Tool::Black | Tool::White
        )
    }

    /// Does the tool work on rectangles (drag from corner to corner)?
    pub fn is_rect(self) -> bool {
        matches!(self, Tool::RegionRect | Tool::RegionRectErase)
    }
}

/// The setup with its setup moves played out: plain stones, no move list (edits work on stones).
pub fn flatten(setup: &ProblemSetup, board: Option<&Board>) -> ProblemSetup {
    let mut out = setup.clone();
    if let Some(board) = board {
        if !setup.moves.is_empty() {
            out.stones = ByColor::new(board.stones(Color::Black), board.stones(Color::White));
            out.moves.clear();
        }
    }
    out
}

/// The region as stored, or every point of the board when the setup leaves it open.
pub fn region_of(setup: &ProblemSetup) -> Zone {
    setup.region.unwrap_or_else(|| Zone::full(setup.size))
}

/// Apply a click of `tool` at `p` (for a drag, `stroke` is true after the first point: brushes
/// then only add or only remove, as decided by the first point). Returns whether anything changed.
pub fn apply_point(setup: &mut ProblemSetup, tool: Tool, p: Point, stroke: bool) -> bool {
    if !p.on_board(setup.size) {
        return false;
    }
    match tool {
        Tool::Black | Tool::White => {
            let c = if tool == Tool::Black {
                Color::Black
            } else {
                Color::White
            };
            if setup.stones.get(c).contains(p) {
                if stroke {
                    return false;
                }
                setup.stones.get_mut(c).remove(p);
                setup.crucial.remove(p);
            } else {
                setup.stones.get_mut(c.opponent()).remove(p);
                setup.crucial.remove(p);
                setup.stones.get_mut(c).insert(p);
            }
            true
        }
        Tool::Erase => {
            let had = setup.stones.black.remove(p) | setup.stones.white.remove(p);
            setup.crucial.remove(p);
            had
        }
        Tool::Crucial => {
            if stroke {
                return false;
            }
            toggle_crucial_block(setup, p)
        }
        Tool::RegionPaint | Tool::RegionRect => {
            let mut region = region_of(setup);
            let changed = region.insert(p);
            setup.region = Some(region);
            changed
        }
        Tool::RegionErase | Tool::RegionRectErase => {
            let mut region = region_of(setup);
            let changed = region.remove(p);
            setup.region = Some(region);
            changed
        }
    }
}

/// The points of the rectangle with corners `a` and `b`.
pub fn rect_points(a: Point, b: Point) -> Zone {
    let mut z = Zone::new();
    for y in a.y().min(b.y())..=a.y().max(b.y()) {
        for x in a.x().min(b.x())..=a.x().max(b.x()) {
            z.insert(Point::new(x, y));
        }
    }
    z
}

/// Add (`add`) or remove the rectangle with corners `a` and `b` to or from the region.
pub fn apply_rect(setup: &mut ProblemSetup, add: bool, a: Point, b: Point) -> bool {
    let before = region_of(setup);
    let rect = rect_points(a, b).intersection(&Zone::full(setup.size));
    let region = if add {
        before.union(&rect)
    } else {
        before.difference(&rect)
    };
    setup.region = Some(region);
    region != before
}

/// Toggle the crucial mark of the block at `p` (its stones as placed, setup moves flattened).
fn toggle_crucial_block(setup: &mut ProblemSetup, p: Point) -> bool {
    let Some(color) = [Color::Black, Color::White]
        .into_iter()
        .find(|&c| setup.stones.get(c).contains(p))
    else {
        return false;
    };
    let stones = *setup.stones.get(color);
    let block = Zone::from_iter([p]).flood(&stones, setup.size);
    if setup.crucial.contains(p) {
        setup.crucial = setup.crucial.difference(&block);
    } else {
        setup.crucial.union_with(&block);
    }
    true
}

/// Set the OR player and goal; crucial stones of the wrong colour for the new claim are kept (the
/// validation explains them) so that switching back loses nothing.
pub fn set_claim(setup: &mut ProblemSetup, or_player: Color, goal: Goal) -> bool {
    let before = (setup.or_player, setup.goal);
    setup.or_player = Some(or_player);
    setup.goal = Some(goal);
    before != (setup.or_player, setup.goal)
}

pub fn set_to_move(setup: &mut ProblemSetup, c: Color) -> bool {
    let before = setup.to_move;
    setup.to_move = Some(c);
    before != setup.to_move
}

pub fn set_ko_rule(setup: &mut ProblemSetup, c: Color, rule: KoRule) -> bool {
    let before = *setup.ko_rules.get(c);
    *setup.ko_rules.get_mut(c) = Some(rule);
    before != Some(rule)
}

/// Drop book answers that the edited position made illegal (they cannot be kept valid).
pub fn drop_stale_answers(setup: &mut ProblemSetup, errors: &[ValidationError]) -> bool {
    let stale = errors
        .iter()
        .any(|e| matches!(e, ValidationError::IllegalAnswerMove { .. }));
    if stale {
        setup.answer = Default::default();
    }
    stale
}

/// A new empty problem of side `size`: Black to move and to live, the whole board as region.
pub fn new_problem(size: usize) -> ProblemSetup {
    let mut setup = ProblemSetup::new(size);
    setup.to_move = Some(Color::Black);
    setup.or_player = Some(Color::Black);
    setup.goal = Some(Goal::Live);
    setup.name = format!("new {size}x{size} problem");
    // An empty region, painted by the author (not every empty point of the board).
    setup.region = Some(Zone::new());
    setup
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::problem::fixtures::bent_three_live;

    #[test]
    fn stones_toggle_replace_and_erase() {
        let mut s = ProblemSetup::new(5);
        let p = Point::new(2, 2);
        assert!(apply_point(&mut s, Tool::Black, p, false));
        assert!(s.stones.black.contains(p));
        // A drag over an own stone leaves it.
        assert!(!apply_point(&mut s, Tool::Black, p, true));
        assert!(apply_point(&mut s, Tool::White, p, false));
        assert!(!s.stones.black.contains(p) && s.stones.white.contains(p));
        assert!(apply_point(&mut s, Tool::White, p, false));
        assert!(s.stones.white.is_empty());
        assert!(!apply_point(&mut s, Tool::Erase, p, false));
    }

    #[test]
    fn crucial_marks_whole_blocks() {
        let mut s = ProblemSetup::new(5);
        for x in 0..3 {
            apply_point(&mut s, Tool::White, Point::new(x, 1), false);
        }
        assert!(apply_point(&mut s, Tool::Crucial, Point::new(0, 1), false));
        assert_eq!(s.crucial.len(), 3);
        assert!(apply_point(&mut s, Tool::Crucial, Point::new(2, 1), false));
        assert!(s.crucial.is_empty());
        assert!(!apply_point(&mut s, Tool::Crucial, Point::new(4, 4), false));
        // Erasing a crucial stone drops its mark.
        apply_point(&mut s, Tool::Crucial, Point::new(0, 1), false);
        apply_point(&mut s, Tool::Erase, Point::new(0, 1), false);
        assert_eq!(s.crucial.len(), 2);
    }

    #[test]
    fn region_brush_and_rectangles() {
        let mut s = ProblemSetup::new(5);
        assert!(s.region.is_none());
        assert!(apply_point(
            &mut s,
            Tool::RegionErase,
            Point::new(0, 0),
            false
        ));
        assert_eq!(s.region.unwrap().len(), 24);
        assert!(apply_rect(
            &mut s,
            false,
            Point::new(4, 4),
            Point::new(1, 1)
        ));
        assert_eq!(s.region.unwrap().len(), 24 - 16);
        assert!(!apply_rect(
            &mut s,
            false,
            Point::new(4, 4),
            Point::new(1, 1)
        ));
        assert!(apply_rect(&mut s, true, Point::new(0, 0), Point::new(4, 4)));
        assert_eq!(s.region.unwrap().len(), 25);
    }

    #[test]
    fn an_edit_that_breaks_the_rules_is_explained_by_validation() {
        let mut s = bent_three_live();
        assert!(s.clone().validate().is_ok());
        // Unmarking the only crucial block leaves goal `live` without crucial stones.
        let crucial = s.crucial.first().unwrap();
        apply_point(&mut s, Tool::Crucial, crucial, false);
        let errors = s.clone().validate().unwrap_err();
        assert!(errors
            .errors()
            .iter()
            .any(|e| matches!(e, ValidationError::NoCrucialStones { .. })));
    }
}
