//! Game records: the main line of an SGF game, for the whole-board tools (`safety`).
//!
//! The problem reader ([`super::sgf_read`]) reads a file as a problem (a position, an answer,
//! markup); a game is read here instead, with `sgf-parse`, as a list of steps:
//! - only the first game tree, and in it the main line (the first child at every node);
//! - `GM` must be 1 (or absent); `SZ` defaults to 19, must be square and from 2 to 19;
//! - `AB`/`AW`/`AE` on any node of the main line (handicap and setup stones) are placed, in that
//!   order, before the node's move; a stone placed on an occupied point, or a block left without
//!   liberties, is an error;
//! - `B`/`W` are the moves, in any order of colours (a side may play twice); the empty value and
//!   `tt` are passes; a node with both is an error.
//!
//! Reading replays the whole line, so a record is only returned when every move is legal (simple
//! ko, no suicide; positional superko is not checked); the error names the move's number.

use super::coords::{move_name, point_name};
use crate::go::{Board, Color, Move, Point, Zone, MAX_SIZE};
use sgf_parse::go::{Move as SgfMove, Point as SgfPoint, Prop};
use sgf_parse::SgfNode;
use thiserror::Error;

/// Why a game record could not be read.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum GameRecordError {
    #[error("SGF syntax error: {0}")]
    Syntax(String),
    #[error("the file holds no game tree")]
    NoGame,
    #[error("not a Go game (GM is not 1)")]
    NotGo,
    #[error("non-square board SZ[{width}:{height}] is not supported")]
    NonSquare { width: u8, height: u8 },
    #[error("board size {0} is not supported (2 to 19)")]
    Size(u8),
    #[error("invalid value {ident}[{value}]")]
    InvalidValue { ident: String, value: String },
    #[error("{ident} at node {node}: the point {value} is off the {size}x{size} board")]
    OffBoard {
        ident: String,
        node: usize,
        value: String,
        size: usize,
    },
    #[error("node {node} has both a B and a W move")]
    TwoMoves { node: usize },
    #[error("{ident} at node {node}: {point} is already occupied")]
    Occupied {
        ident: String,
        node: usize,
        point: String,
    },
    #[error("the setup stones of node {node} leave the block at {point} without liberties")]
    NoLiberties { node: usize, point: String },
    #[error("move {number} ({mv}) is illegal: {reason}")]
    IllegalMove {
        /// 1-based, counting passes.
        number: usize,
        /// The move named: `Black D4 (SGF dp)`.
        mv: String,
        reason: &'static str,
    },
}

/// One step of the main line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// Setup stones: `color`'s stones placed on `points` (`None`: the points cleared, `AE`) by
    /// the main line's node `node` (the root is node 0).
    Place {
        color: Option<Color>,
        points: Zone,
        node: usize,
    },
    /// A move.
    Play { color: Color, mv: Move },
}

/// A game record read and checked: its size and main line (private, so that every record is
/// one [`GameRecord::read`] replayed whole).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRecord {
    /// The board side.
    size: usize,
    /// Setup stones and moves in the order of the main line.
    steps: Vec<Step>,
}

/// A position of a game: the board after some moves and who plays next.
#[derive(Clone, Debug)]
pub struct GamePosition {
    /// The board.
    pub board: Board,
    /// Moves played so far (passes included).
    pub moves: usize,
    /// The side to play: the opponent of the last move's, Black before the first move (White
    /// when the setup holds Black stones only, as a handicap game starts).
    pub to_play: Color,
}

type Node = SgfNode<Prop>;

impl GameRecord {
    /// Read the main line of the first game tree of `text`, checking every step.
    pub fn read(text: &str) -> Result<GameRecord, GameRecordError> {
        let trees = sgf_parse::parse(text).map_err(|e| GameRecordError::Syntax(e.to_string()))?;
        let tree = trees.into_iter().next().ok_or(GameRecordError::NoGame)?;
        let root = tree.into_go_node().map_err(|_| GameRecordError::NotGo)?;
        let size = read_size(&root)?;
        let mut steps = Vec::new();
        let mut node = Some(&root);
        let mut index = 0;
        while let Some(n) = node {
            read_node(n, index, size, &mut steps)?;
            node = n.children.first();
            index += 1;
        }
        let record = GameRecord { size, steps };
        record.replay(usize::MAX)?;
        Ok(record)
    }

    /// The board side.
    pub fn size(&self) -> usize {
        self.size
    }

    /// Setup stones and moves in the order of the main line.
    pub fn steps(&self) -> &[Step] {
        &self.steps
    }

    /// The number of moves, passes included.
    pub fn moves(&self) -> usize {
        self.steps
            .iter()
            .filter(|s| matches!(s, Step::Play { .. }))
            .count()
    }

    /// The position after the first `n` moves (all of them when `n` is larger), with the setup
    /// stones that come before the next move.
    pub fn position_after(&self, n: usize) -> GamePosition {
        // Every step was checked when the record was read, so the fallback is never taken.
        self.replay(n).unwrap_or_else(|_| GamePosition {
            board: Board::new(self.size),
            moves: 0,
            to_play: Color::Black,
        })
    }

    /// Replays the steps up to the `n`-th move (and the setup before the next one).
    fn replay(&self, n: usize) -> Result<GamePosition, GameRecordError> {
        let mut board = Board::try_new(self.size).ok_or(GameRecordError::Size(self.size as u8))?;
        let mut moves = 0;
        let mut last = None;
        for step in &self.steps {
            match *step {
                Step::Place {
                    color,
                    points,
                    node,
                } => place(&mut board, color, &points, node)?,
                Step::Play { color, mv } => {
                    if moves == n {
                        break;
                    }
                    board
                        .play(color, mv)
                        .map_err(|e| GameRecordError::IllegalMove {
                            number: moves + 1,
                            mv: move_name(color, mv, self.size),
                            reason: match e {
                                crate::go::IllegalMove::OffBoard(_) => "off the board",
                                crate::go::IllegalMove::Occupied(_) => "the point is occupied",
                                crate::go::IllegalMove::Ko(_) => "a ko recapture",
                                crate::go::IllegalMove::Suicide(_) => "suicide",
                            },
                        })?;
                    moves += 1;
                    last = Some(color);
                }
            }
        }
        let handicap =
            board.stones(Color::White).is_empty() && !board.stones(Color::Black).is_empty();
        let to_play = match last {
            Some(c) => c.opponent(),
            None if handicap => Color::White,
            None => Color::Black,
        };
        Ok(GamePosition {
            board,
            moves,
            to_play,
        })
    }
}

/// `SZ` and `GM` of the root.
fn read_size(root: &Node) -> Result<usize, GameRecordError> {
    let mut size = 19;
    for prop in &root.properties {
        match prop {
            Prop::SZ((w, h)) if w != h => {
                return Err(GameRecordError::NonSquare {
                    width: *w,
                    height: *h,
                })
            }
            Prop::SZ((w, _)) if !(2..=MAX_SIZE).contains(&(*w as usize)) => {
                return Err(GameRecordError::Size(*w))
            }
            Prop::SZ((w, _)) => size = *w as usize,
            Prop::GM(gm) if *gm != 1 => return Err(GameRecordError::NotGo),
            Prop::Invalid(ident, values) if ident == "SZ" || ident == "GM" => {
                return Err(invalid(ident, values))
            }
            _ => {}
        }
    }
    Ok(size)
}

/// The steps of one node: its setup stones (`AB`, `AW`, `AE`), then its move.
fn read_node(
    node: &Node,
    index: usize,
    size: usize,
    steps: &mut Vec<Step>,
) -> Result<(), GameRecordError> {
    let mut mv = None;
    let mut placed = [Zone::new(), Zone::new(), Zone::new()];
    for prop in &node.properties {
        let (ident, slot, points) = match prop {
            Prop::AB(points) => ("AB", 0, points),
            Prop::AW(points) => ("AW", 1, points),
            Prop::AE(points) => ("AE", 2, points),
            Prop::B(m) | Prop::W(m) => {
                let (ident, color) = match prop {
                    Prop::B(_) => ("B", Color::Black),
                    _ => ("W", Color::White),
                };
                if mv.is_some() {
                    return Err(GameRecordError::TwoMoves { node: index });
                }
                let m = match m {
                    SgfMove::Pass | SgfMove::Move(SgfPoint { x: 19, y: 19 }) => Move::Pass,
                    SgfMove::Move(p) => Move::Play(on_board(ident, index, p, size)?),
                };
                mv = Some(Step::Play { color, mv: m });
                continue;
            }
            Prop::Invalid(ident, values)
                if matches!(ident.as_str(), "AB" | "AW" | "AE" | "B" | "W") =>
            {
                return Err(invalid(ident, values))
            }
            _ => continue,
        };
        for p in points {
            placed[slot].insert(on_board(ident, index, p, size)?);
        }
    }
    let colors = [Some(Color::Black), Some(Color::White), None];
    for (color, points) in colors.into_iter().zip(placed) {
        if !points.is_empty() {
            steps.push(Step::Place {
                color,
                points,
                node: index,
            });
        }
    }
    steps.extend(mv);
    Ok(())
}

/// The point of `p`, an error when it is off a board of side `size`.
fn on_board(ident: &str, node: usize, p: &SgfPoint, size: usize) -> Result<Point, GameRecordError> {
    Point::try_new(p.x as usize, p.y as usize)
        .filter(|q| q.on_board(size))
        .ok_or_else(|| GameRecordError::OffBoard {
            ident: ident.to_string(),
            node,
            value: sgf_value(p),
            size,
        })
}

/// The SGF text of a point as sgf-parse reads it (`a`..`z` = 0..25, `A`..`Z` = 26..51).
fn sgf_value(p: &SgfPoint) -> String {
    let letter = |v: u8| match v {
        0..=25 => (b'a' + v) as char,
        26..=51 => (b'A' + v - 26) as char,
        _ => '?',
    };
    format!("{}{}", letter(p.x), letter(p.y))
}

/// Place setup stones (or clear points) on `board`, checking what a setup may not do.
fn place(
    board: &mut Board,
    color: Option<Color>,
    points: &Zone,
    node: usize,
) -> Result<(), GameRecordError> {
    let size = board.size();
    for p in points.iter() {
        match color {
            Some(c) if !board.set_stone(c, p) => {
                return Err(GameRecordError::Occupied {
                    ident: format!("A{}", c.sgf_letter()),
                    node,
                    point: point_name(p, size),
                })
            }
            Some(_) => {}
            None => {
                board.clear_point(p);
            }
        }
    }
    if let Some(&head) = board.blocks_without_liberties().first() {
        return Err(GameRecordError::NoLiberties {
            node,
            point: point_name(head, size),
        });
    }
    board.clear_ko();
    Ok(())
}

fn invalid(ident: &str, values: &[String]) -> GameRecordError {
    GameRecordError::InvalidValue {
        ident: ident.to_string(),
        value: values.join("]["),
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use super::*;

    fn error(text: &str) -> String {
        GameRecord::read(text).unwrap_err().to_string()
    }

    #[test]
    fn moves_setup_stones_and_passes_are_read_in_order() {
        let r = GameRecord::read("(;GM[1]SZ[9]AB[cc][gg];W[ee];B[];W[tt];B[dd](;W[ff])(;W[aa]))")
            .unwrap();
        assert_eq!(r.size(), 9);
        assert_eq!(r.moves(), 5);
        let end = r.position_after(usize::MAX);
        assert_eq!(end.moves, 5);
        assert_eq!(end.to_play, Color::Black);
        // The main line: W F4, not W A9.
        assert_eq!(end.board.color_at(Point::new(5, 5)), Some(Color::White));
        assert!(end.board.is_empty(Point::new(0, 0)));
        let start = r.position_after(0);
        assert_eq!(start.to_play, Color::White, "a handicap game: White first");
        assert_eq!(start.board.stones(Color::Black).len(), 2);
        assert_eq!(r.position_after(2).to_play, Color::White);
    }

    #[test]
    fn captures_are_replayed() {
        let r = GameRecord::read("(;SZ[5];B[ba];W[aa];B[ab])").unwrap();
        let end = r.position_after(3).board;
        assert!(end.is_empty(Point::new(0, 0)));
        assert_eq!(end.captures_by(Color::Black), 1);
    }

    #[test]
    fn errors_name_what_is_wrong() {
        assert!(error("(;SZ[9];B[aa").starts_with("SGF syntax error"));
        assert_eq!(error("(;GM[2])"), "not a Go game (GM is not 1)");
        assert_eq!(
            error("(;SZ[25])"),
            "board size 25 is not supported (2 to 19)"
        );
        assert_eq!(
            error("(;SZ[9:7])"),
            "non-square board SZ[9:7] is not supported"
        );
        assert_eq!(
            error("(;SZ[9];B[aa];W[aa])"),
            "move 2 (White A9 (SGF aa)) is illegal: the point is occupied"
        );
        assert_eq!(
            error("(;SZ[9];B[jj])"),
            "B at node 1: the point jj is off the 9x9 board"
        );
        assert_eq!(
            error("(;SZ[9]AB[aa]AW[aa])"),
            "AW at node 0: A9 (SGF aa) is already occupied"
        );
        assert_eq!(
            error("(;SZ[9]AB[ba][ab]AW[aa])"),
            "the setup stones of node 0 leave the block at A9 (SGF aa) without liberties"
        );
        assert_eq!(
            error("(;SZ[9];B[aa]W[bb])"),
            "node 1 has both a B and a W move"
        );
        // Suicide and a ko recapture.
        assert_eq!(
            error("(;SZ[9]AB[ba][ab];W[aa])"),
            "move 1 (White A9 (SGF aa)) is illegal: suicide"
        );
        assert_eq!(
            error("(;SZ[9]AB[ba][ab][bc]AW[ca][bb][db][cc];B[cb];W[bb])"),
            "move 2 (White B8 (SGF bb)) is illegal: a ko recapture"
        );
    }
}
