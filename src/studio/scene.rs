//! What the board shows: the position and every overlay, as plain data. The studio builds a scene
//! from its state and the overlay toggles; [`super::board_view`] paints it. Keeping the scene
//! apart from painting lets tests check what is shown without rendering.

use crate::go::{Board, Color, Move, Point, Zone};

/// The part of the board on view: columns `x0..=x1`, rows `y0..=y1`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Window {
    pub x0: usize,
    pub y0: usize,
    pub x1: usize,
    pub y1: usize,
}

impl Window {
    pub fn full(size: usize) -> Window {
        Window {
            x0: 0,
            y0: 0,
            x1: size.saturating_sub(1),
            y1: size.saturating_sub(1),
        }
    }

    pub fn columns(&self) -> usize {
        self.x1 - self.x0 + 1
    }

    pub fn rows(&self) -> usize {
        self.y1 - self.y0 + 1
    }

    pub fn contains(&self, p: Point) -> bool {
        (self.x0..=self.x1).contains(&p.x()) && (self.y0..=self.y1).contains(&p.y())
    }

    /// The window around `focus` (the region and crucial stones of a problem): its bounding box
    /// grown by one line, stretched to the board's edge when within two lines of it. The whole
    /// board when the crop would save little.
    pub fn around(focus: &Zone, size: usize) -> Window {
        let full = Window::full(size);
        let Some(first) = focus.first() else {
            return full;
        };
        let (mut x0, mut y0, mut x1, mut y1) = (first.x(), first.y(), first.x(), first.y());
        for p in focus.iter() {
            x0 = x0.min(p.x());
            y0 = y0.min(p.y());
            x1 = x1.max(p.x());
            y1 = y1.max(p.y());
        }
        let last = size - 1;
        let grow_low = |v: usize| if v <= 3 { 0 } else { v - 1 };
        let grow_high = |v: usize| if v + 3 >= last { last } else { v + 1 };
        let w = Window {
            x0: grow_low(x0),
            y0: grow_low(y0),
            x1: grow_high(x1),
            y1: grow_high(y1),
        };
        if w.columns() * w.rows() * 10 >= size * size * 7 {
            full
        } else {
            w
        }
    }
}

/// A numbered stone of a line drawn over the position (the line being searched, the proof line,
/// or the moves of a replay).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NumberedMove {
    pub color: Color,
    pub point: Point,
    pub number: usize,
    /// Drawn as a translucent ghost stone (a move not on the board), else as a number on the
    /// stone already there.
    pub ghost: bool,
}

/// Everything the board shows.
#[derive(Clone, Debug, PartialEq)]
pub struct Scene {
    pub board: Board,
    pub window: Window,
    /// Points outside it are dimmed.
    pub region: Option<Zone>,
    pub crucial: Zone,
    /// The relevance zone shown (translucent fill).
    pub zone: Option<Zone>,
    /// The zone is a seki leaf's (drawn in the seki colour).
    pub zone_is_seki: bool,
    /// Further zones in a lighter fill (the zones proven so far at the root during a solve).
    pub proven: Option<Zone>,
    /// The must-play region (outlined).
    pub must_play: Option<Zone>,
    /// Areas in which a block keeps a seki the seki database knows (outlined in the seki
    /// colour), each with its enclosing block.
    pub seki_areas: Vec<Zone>,
    /// Points whose move was found to be a null move.
    pub null_moves: Vec<Point>,
    pub numbered: Vec<NumberedMove>,
    pub last_move: Option<Point>,
    pub coordinates: bool,
    /// Short marks on empty points: each first move's judgement (✔ works, × fails, S seki,
    /// K ko, ? unknown) with its colour.
    pub marks: Vec<PointMark>,
    /// The net's policy over the moves of the side to move (View → Net policy): each legal
    /// play of the region with its prior (the priors and the pass sum to one). Empty when the
    /// overlay is off or the net has not answered for this position.
    pub heat: Vec<(Point, f32)>,
    /// Whole-board safety (*Analyze a game*): safe stones and territory, the search areas
    /// tinted by their verdicts, gap points.
    pub safety: Option<SafetyOverlay>,
}

/// What a search area's tint says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AreaTint {
    /// Its boundary is safe even with the attacker to move.
    Safe,
    /// Safe when the defender answers a move there.
    ToAnswer,
    /// The attacker breaks it whoever moves first.
    Unsafe,
    /// Not decided (within the time limit, or not searched).
    Unknown,
    /// Its search has not ended yet.
    Computing,
}

/// Whole-board safety over the position, as plain data.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SafetyOverlay {
    /// The stones safe without search (unconditionally alive).
    pub static_stones: Zone,
    /// The stones proven safe by search and not safe without it.
    pub proven_stones: Zone,
    /// The safe territory of each colour: (Black's, White's).
    pub territory: (Zone, Zone),
    /// Each search area's interior with its tint (both colours' areas; empty when the
    /// partition overlay is off).
    pub areas: Vec<(Zone, AreaTint)>,
    /// The gap points (dividers) on the areas' boundaries.
    pub gaps: Zone,
}

/// A short text drawn on an empty point.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PointMark {
    pub point: Point,
    pub text: &'static str,
    pub rgb: [u8; 3],
}

impl Scene {
    /// A plain scene of `board` on the whole board.
    pub fn plain(board: Board) -> Scene {
        let window = Window::full(board.size());
        Scene {
            board,
            window,
            region: None,
            crucial: Zone::new(),
            zone: None,
            zone_is_seki: false,
            proven: None,
            must_play: None,
            seki_areas: Vec::new(),
            null_moves: Vec::new(),
            numbered: Vec::new(),
            last_move: None,
            coordinates: true,
            marks: Vec::new(),
            heat: Vec::new(),
            safety: None,
        }
    }

    /// Number the moves of `line` (starting at 1): ghost stones over `self.board` (which is the
    /// position before the line), skipping passes and stopping where a move cannot be played.
    pub fn ghost_line(&mut self, line: &[(Color, Move)]) {
        let mut board = self.board.clone();
        for (i, &(c, m)) in line.iter().enumerate() {
            if board.play(c, m).is_err() {
                break;
            }
            if let Move::Play(p) = m {
                self.numbered.retain(|n| n.point != p);
                self.numbered.push(NumberedMove {
                    color: c,
                    point: p,
                    number: i + 1,
                    ghost: true,
                });
            }
        }
    }

    /// Number the moves of `line` that lead to `self.board` (the position after the line): a
    /// number on each stone still on the board.
    pub fn number_played(&mut self, line: &[(Color, Move)]) {
        for (i, &(c, m)) in line.iter().enumerate() {
            if let Move::Play(p) = m {
                self.numbered.retain(|n| n.point != p);
                if self.board.color_at(p) == Some(c) {
                    self.numbered.push(NumberedMove {
                        color: c,
                        point: p,
                        number: i + 1,
                        ghost: false,
                    });
                }
            }
        }
        self.last_move = line.last().and_then(|(_, m)| m.point());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn zone(points: &[(usize, usize)]) -> Zone {
        let mut z = Zone::new();
        for &(x, y) in points {
            z.insert(Point::new(x, y));
        }
        z
    }

    #[test]
    fn a_corner_problem_is_cropped_to_its_corner() {
        let w = Window::around(&zone(&[(14, 16), (18, 18)]), 19);
        assert_eq!((w.x0, w.y0, w.x1, w.y1), (13, 15, 18, 18));
        assert!(w.contains(Point::new(18, 18)) && !w.contains(Point::new(12, 18)));
    }

    #[test]
    fn small_boards_and_large_regions_stay_whole() {
        assert_eq!(Window::around(&zone(&[(0, 0), (3, 3)]), 7), Window::full(7));
        assert_eq!(
            Window::around(&zone(&[(2, 2), (17, 17)]), 19),
            Window::full(19)
        );
        assert_eq!(Window::around(&Zone::new(), 9), Window::full(9));
    }

    #[test]
    fn lines_are_numbered_as_ghosts_or_on_stones() {
        let board = Board::new(5);
        let line = [
            (Color::Black, Move::Play(Point::new(1, 1))),
            (Color::White, Move::Pass),
            (Color::Black, Move::Play(Point::new(2, 2))),
        ];
        let mut s = Scene::plain(board.clone());
        s.ghost_line(&line);
        assert_eq!(
            s.numbered.iter().map(|n| n.number).collect::<Vec<_>>(),
            [1, 3]
        );
        assert!(s.numbered.iter().all(|n| n.ghost));
        let mut after = board;
        for &(c, m) in &line {
            after.play(c, m).unwrap();
        }
        let mut s = Scene::plain(after);
        s.number_played(&line);
        assert!(s.numbered.iter().all(|n| !n.ghost));
        assert_eq!(s.last_move, Some(Point::new(2, 2)));
    }
}
