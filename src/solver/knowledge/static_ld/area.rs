//! Areas on a board: a maximal connected set of points none of which is a stone of an
//! unconditionally alive attacker block (the *walls*), of at most [`MAX_AREA`] points, read as
//! a [`LocalArea`] and its [`Contents`].

use super::local::{Contents, LocalArea, MAX_AREA};
use crate::go::{Board, Color, Point, Zone};

/// The points connected to `seed` through on-board points outside `blocked` (`seed` itself
/// must be outside it); `None` as soon as there are more than `limit` (at most [`MAX_AREA`]).
pub fn component(board: &Board, blocked: &Zone, seed: Point, limit: usize) -> Option<Zone> {
    let limit = limit.min(MAX_AREA);
    let mut zone = Zone::new();
    zone.insert(seed);
    let mut stack = [seed; MAX_AREA + 1];
    let mut top = 1;
    let mut count = 1;
    while top > 0 {
        top -= 1;
        let p = stack[top];
        for n in p.neighbors() {
            if board.on_board(n) && !blocked.contains(n) && zone.insert(n) {
                count += 1;
                if count > limit {
                    return None;
                }
                stack[top] = n;
                top += 1;
            }
        }
    }
    Some(zone)
}

/// An area of a board as the local game sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardArea {
    /// The area's points.
    pub points: Zone,
    /// The cells: the points in ascending order (cell `i` is `cells[i]`).
    pub cells: Vec<Point>,
    pub local: LocalArea,
    pub contents: Contents,
}

impl BoardArea {
    /// The area made of `points` (connected, at most [`MAX_AREA`], every on-board neighbour
    /// outside it a wall stone), with `region` giving the playable cells; `None` when it has no
    /// point or too many.
    pub fn new(board: &Board, points: Zone, region: &Zone, defender: Color) -> Option<BoardArea> {
        let cells: Vec<Point> = points.iter().collect();
        if cells.is_empty() || cells.len() > MAX_AREA {
            return None;
        }
        let mut local = LocalArea {
            n: cells.len() as u8,
            nbrs: [0; MAX_AREA],
            wall: 0,
            playable: 0,
        };
        let mut contents = Contents::default();
        for (i, &p) in cells.iter().enumerate() {
            let bit = 1u8 << i;
            for n in p.neighbors() {
                if !board.on_board(n) {
                    continue;
                }
                match cells.iter().position(|&c| c == n) {
                    Some(j) => local.nbrs[i] |= 1 << j,
                    None => local.wall |= bit,
                }
            }
            if region.contains(p) {
                local.playable |= bit;
            }
            match board.color_at(p) {
                Some(c) if c == defender => contents.defender |= bit,
                Some(_) => contents.attacker |= bit,
                None => {}
            }
        }
        Some(BoardArea {
            points,
            cells,
            local,
            contents,
        })
    }

    /// The cells' coordinates.
    pub fn coords(&self) -> Vec<(i8, i8)> {
        self.cells
            .iter()
            .map(|p| (p.x() as i8, p.y() as i8))
            .collect()
    }
}
