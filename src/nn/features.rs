//! What the net sees: a position as feature planes over a square crop of the board.
//!
//! The crop is the problem's region grown by [`MARGIN`] points and clipped to the board, padded
//! to a square of side `S` (its longer side): a 19x19 corner problem is a 10x10–13x13 input, a
//! 7x7 kill-all problem the whole board. Cells of the square outside the crop are off the board
//! (every plane 0); crop cells whose neighbour beyond the crop is still on the board are marked
//! ([`Plane::CropCut`]), so the net can tell a board edge from a cut. Stones are named by role
//! (the OR player's, the opponent's), not by colour. The policy has `S*S + 1` entries: the
//! square's cells row by row, then pass.
//!
//! Pure Rust with no libtorch: the dataset generator, the trainer and the inference service
//! share it.

use crate::go::{Board, Color, Point, Zone};
use crate::problem::Goal;

/// Points around the region kept in the crop.
pub const MARGIN: usize = 2;

/// The input planes, in order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum Plane {
    /// Stones of the OR player.
    OrStones,
    /// Stones of the OR player's opponent.
    OpponentStones,
    /// Empty points.
    Empty,
    /// Points the search may play in.
    Region,
    /// The problem's crucial points.
    Crucial,
    /// Constant: the OR player is to move.
    OrToMove,
    /// The point the side to move may not take back (simple ko).
    Ko,
    /// Stones of blocks with exactly 1, 2, 3 and 4+ liberties.
    Liberties1,
    Liberties2,
    Liberties3,
    Liberties4,
    /// Constant: the OR player is the defender (a life goal).
    OrDefends,
    /// Constant: the goal is about any stone (kill-all / live-any), not crucial stones.
    AnyStone,
    /// Constant: seki counts as life (`live` / `kill`).
    SekiIsLife,
    /// Constant: the previous move was a pass.
    AfterPass,
    /// Points of the board (1 on every crop cell).
    OnBoard,
    /// Crop cells whose neighbour beyond the crop is on the board.
    CropCut,
    /// The previous move's point.
    LastMove,
}

/// How many planes [`encode`] writes.
pub const NUM_PLANES: usize = 18;

/// A rectangle of the board, padded to a square of side `side` for the net.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Crop {
    pub board_size: usize,
    pub x0: usize,
    pub y0: usize,
    pub width: usize,
    pub height: usize,
    /// The input's side: `max(width, height)`.
    pub side: usize,
}

impl Crop {
    /// The region's bounding box grown by [`MARGIN`] and clipped to the board (the whole board
    /// for an empty region).
    pub fn around(board_size: usize, region: &Zone) -> Crop {
        let mut bounds: Option<(usize, usize, usize, usize)> = None;
        for p in region.iter() {
            let (x, y) = (p.x(), p.y());
            bounds = Some(match bounds {
                None => (x, y, x, y),
                Some((a, b, c, d)) => (a.min(x), b.min(y), c.max(x), d.max(y)),
            });
        }
        let (x_min, y_min, x_max, y_max) = bounds.unwrap_or((0, 0, board_size - 1, board_size - 1));
        let x0 = x_min.saturating_sub(MARGIN);
        let y0 = y_min.saturating_sub(MARGIN);
        let x1 = (x_max + MARGIN).min(board_size - 1);
        let y1 = (y_max + MARGIN).min(board_size - 1);
        let (width, height) = (x1 - x0 + 1, y1 - y0 + 1);
        Crop {
            board_size,
            x0,
            y0,
            width,
            height,
            side: width.max(height),
        }
    }

    /// Cells of the input square.
    pub fn cells(&self) -> usize {
        self.side * self.side
    }

    /// Policy entries: the cells, then pass.
    pub fn policy_len(&self) -> usize {
        self.cells() + 1
    }

    /// The cell of a board point, if it is inside the crop.
    pub fn cell_of(&self, p: Point) -> Option<usize> {
        let (x, y) = (p.x(), p.y());
        (x >= self.x0 && y >= self.y0 && x < self.x0 + self.width && y < self.y0 + self.height)
            .then(|| (y - self.y0) * self.side + (x - self.x0))
    }

    /// The board point of a cell, if the cell is inside the crop.
    pub fn point_of(&self, cell: usize) -> Option<Point> {
        let (cx, cy) = (cell % self.side, cell / self.side);
        (cx < self.width && cy < self.height).then(|| Point::new(self.x0 + cx, self.y0 + cy))
    }
}

/// The position to encode (the fields of a guide query that the net reads).
#[derive(Clone, Copy, Debug)]
pub struct Position<'a> {
    pub board: &'a Board,
    pub to_move: Color,
    pub or_player: Color,
    pub goal: Goal,
    pub region: &'a Zone,
    pub crucial: &'a Zone,
    pub after_pass: bool,
    pub last_move: Option<Point>,
    /// The point the side to move may not play because of simple ko.
    pub ko: Option<Point>,
}

/// Writes the planes of `pos` over `crop` into `out` (`NUM_PLANES * crop.cells()` floats,
/// plane-major), overwriting it.
pub fn encode(pos: &Position<'_>, crop: &Crop, out: &mut [f32]) {
    let cells = crop.cells();
    assert_eq!(out.len(), NUM_PLANES * cells, "encode: output size");
    out.fill(0.0);
    let board = pos.board;
    let opponent = pos.or_player.opponent();
    let ko = pos.ko;
    let constants = [
        (Plane::OrToMove, pos.to_move == pos.or_player),
        (Plane::OrDefends, pos.goal.or_defends()),
        (Plane::AnyStone, !pos.goal.needs_crucial_stones()),
        (Plane::SekiIsLife, pos.goal.seki_is_life()),
        (Plane::AfterPass, pos.after_pass),
    ];
    let mut set = |plane: Plane, cell: usize| out[plane as usize * cells + cell] = 1.0;
    for cy in 0..crop.height {
        for cx in 0..crop.width {
            let cell = cy * crop.side + cx;
            let (x, y) = (crop.x0 + cx, crop.y0 + cy);
            let p = Point::new(x, y);
            set(Plane::OnBoard, cell);
            for (plane, on) in constants {
                if on {
                    set(plane, cell);
                }
            }
            let cut = (cx == 0 && x > 0)
                || (cy == 0 && y > 0)
                || (cx + 1 == crop.width && x + 1 < crop.board_size)
                || (cy + 1 == crop.height && y + 1 < crop.board_size);
            if cut {
                set(Plane::CropCut, cell);
            }
            if pos.region.contains(p) {
                set(Plane::Region, cell);
            }
            if pos.crucial.contains(p) {
                set(Plane::Crucial, cell);
            }
            if ko == Some(p) {
                set(Plane::Ko, cell);
            }
            if pos.last_move == Some(p) {
                set(Plane::LastMove, cell);
            }
            match board.color_at(p) {
                None => set(Plane::Empty, cell),
                Some(c) => {
                    set(
                        if c == pos.or_player {
                            Plane::OrStones
                        } else {
                            debug_assert_eq!(c, opponent);
                            Plane::OpponentStones
                        },
                        cell,
                    );
                    let liberty_plane = match board.num_liberties(p) {
                        0 | 1 => Plane::Liberties1,
                        2 => Plane::Liberties2,
                        3 => Plane::Liberties3,
                        _ => Plane::Liberties4,
                    };
                    set(liberty_plane, cell);
                }
            }
        }
    }
}

/// One of the 8 symmetries of the input square: `transpose` first, then the flips.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SquareSymmetry {
    pub transpose: bool,
    pub flip_x: bool,
    pub flip_y: bool,
}

impl SquareSymmetry {
    pub const IDENTITY: SquareSymmetry = SquareSymmetry {
        transpose: false,
        flip_x: false,
        flip_y: false,
    };

    /// The `i`-th of the 8 (bits: transpose, flip x, flip y).
    pub fn nth(i: usize) -> SquareSymmetry {
        SquareSymmetry {
            transpose: i & 1 != 0,
            flip_x: i & 2 != 0,
            flip_y: i & 4 != 0,
        }
    }

    /// Where cell `cell` of a `side`-square goes; pass (`side*side`) stays.
    pub fn map_cell(self, cell: usize, side: usize) -> usize {
        if cell >= side * side {
            return cell;
        }
        let (mut x, mut y) = (cell % side, cell / side);
        if self.transpose {
            std::mem::swap(&mut x, &mut y);
        }
        if self.flip_x {
            x = side - 1 - x;
        }
        if self.flip_y {
            y = side - 1 - y;
        }
        y * side + x
    }

    /// `planes` (`n` planes of `side*side`) moved by the symmetry, into `out`.
    pub fn apply_planes(self, planes: &[f32], side: usize, out: &mut [f32]) {
        let cells = side * side;
        assert_eq!(planes.len(), out.len());
        for (plane_in, plane_out) in planes.chunks(cells).zip(out.chunks_mut(cells)) {
            for (cell, &v) in plane_in.iter().enumerate() {
                plane_out[self.map_cell(cell, side)] = v;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board() -> Board {
        Board::from_ascii(
            "
            . X O . . . . . .
            X O O X . . . . .
            . X X . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
        ",
        )
        .expect("diagram")
    }

    fn region() -> Zone {
        [(0, 0), (3, 0), (2, 2), (0, 2)]
            .into_iter()
            .map(|(x, y)| Point::new(x, y))
            .collect()
    }

    #[test]
    fn the_crop_is_the_region_with_its_margin_squared() {
        let crop = Crop::around(9, &region());
        assert_eq!((crop.x0, crop.y0, crop.width, crop.height), (0, 0, 6, 5));
        assert_eq!(crop.side, 6);
        assert_eq!(crop.cell_of(Point::new(3, 0)), Some(3));
        assert_eq!(crop.cell_of(Point::new(6, 0)), None);
        assert_eq!(crop.point_of(3), Some(Point::new(3, 0)));
        assert_eq!(crop.point_of(6 * 5), None, "padding row");
        let whole = Crop::around(7, &Zone::new());
        assert_eq!((whole.width, whole.side), (7, 7));
    }

    #[test]
    fn planes_name_stones_by_role_and_mark_cuts_and_liberties() {
        let board = board();
        let region = region();
        let crucial: Zone = [Point::new(1, 1)].into_iter().collect();
        let crop = Crop::around(9, &region);
        let mut out = vec![0.0; NUM_PLANES * crop.cells()];
        let pos = Position {
            board: &board,
            to_move: Color::Black,
            or_player: Color::Black,
            goal: Goal::Kill,
            region: &region,
            crucial: &crucial,
            after_pass: false,
            last_move: Some(Point::new(1, 2)),
            ko: Some(Point::new(3, 1)),
        };
        encode(&pos, &crop, &mut out);
        let at = |plane: Plane, x: usize, y: usize| out[plane as usize * crop.cells() + y * 6 + x];
        assert_eq!(at(Plane::OrStones, 1, 0), 1.0);
        assert_eq!(at(Plane::OpponentStones, 2, 0), 1.0);
        assert_eq!(at(Plane::Empty, 0, 0), 1.0);
        assert_eq!(
            at(Plane::Liberties1, 2, 0),
            1.0,
            "the White block has one liberty"
        );
        assert_eq!(at(Plane::Crucial, 1, 1), 1.0);
        assert_eq!(at(Plane::OrToMove, 4, 4), 1.0);
        assert_eq!(at(Plane::OrDefends, 4, 4), 0.0);
        assert_eq!(at(Plane::SekiIsLife, 4, 4), 1.0);
        assert_eq!(at(Plane::LastMove, 1, 2), 1.0);
        assert_eq!(at(Plane::Ko, 3, 1), 1.0);
        assert_eq!(
            at(Plane::CropCut, 5, 0),
            1.0,
            "the board goes on to the right"
        );
        assert_eq!(at(Plane::CropCut, 0, 0), 0.0, "the corner is the board's");
        assert_eq!(at(Plane::OnBoard, 0, 5), 0.0, "padding row");
        assert_eq!(at(Plane::OnBoard, 5, 4), 1.0);
        // Seen from White, the same stones swap planes.
        let white = Position {
            or_player: Color::White,
            to_move: Color::Black,
            goal: Goal::Live,
            ..pos
        };
        encode(&white, &crop, &mut out);
        assert_eq!(out[Plane::OrStones as usize * crop.cells() + 2], 1.0);
        assert_eq!(out[Plane::OrToMove as usize * crop.cells()], 0.0);
    }

    #[test]
    fn the_seeded_default_net_takes_these_planes() {
        assert_eq!(
            tsumego_nn_abi::DEFAULT_SPEC.input_planes as usize,
            NUM_PLANES
        );
        assert_eq!(Plane::LastMove as usize + 1, NUM_PLANES);
    }

    #[test]
    fn symmetries_are_permutations_and_keep_pass() {
        let side = 5;
        for i in 0..8 {
            let s = SquareSymmetry::nth(i);
            let mut seen = vec![false; side * side];
            for cell in 0..side * side {
                seen[s.map_cell(cell, side)] = true;
            }
            assert!(seen.iter().all(|&b| b));
            assert_eq!(s.map_cell(side * side, side), side * side);
        }
        let planes: Vec<f32> = (0..2 * 4).map(|v| v as f32).collect();
        let mut out = vec![0.0; 8];
        SquareSymmetry::nth(1).apply_planes(&planes, 2, &mut out);
        assert_eq!(out, vec![0.0, 2.0, 1.0, 3.0, 4.0, 6.0, 5.0, 7.0]);
    }
}
