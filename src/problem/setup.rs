//! [`ProblemSetup`]: the unvalidated problem that loaders produce ("parse, don't validate").
//!
//! Every field is public and may hold anything a file can say, including nonsense (a board of side
//! 25, a stone off the board, a black and a white stone on one point, a crucial stone on an empty
//! point). [`ProblemSetup::validate`] (in `validate.rs`) turns it into a [`super::Problem`] or lists
//! every reason it cannot.
//!
//! Optional fields are where files may stay silent; `validate` fills them with the documented
//! defaults (see [`ProblemSetup::validate`]).

use super::answer::AnswerTree;
use super::coords::sgf_move;
use super::goal::{Goal, KoRule, Outcome, Way};
use crate::go::{Board, ByColor, Color, Move, Zone};
use serde::{Deserialize, Serialize};

/// A move of the setup sequence (e.g. the opening of a 7x7 kill-all problem), replayed with captures
/// on the setup stones.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct SetupMove {
    pub color: Color,
    /// The move (serialized as its SGF value, `""` for a pass).
    #[serde(with = "sgf_move")]
    pub mv: Move,
}

impl SetupMove {
    pub fn new(color: Color, mv: Move) -> SetupMove {
        SetupMove { color, mv }
    }
}

/// An unvalidated problem. See the module documentation.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ProblemSetup {
    /// Board side; valid sizes are 2..=19.
    pub size: usize,
    /// Stones placed before the setup moves (SGF `AB`/`AW`). A point in both sets, or off the
    /// board, is invalid.
    pub stones: ByColor<Zone>,
    /// Moves replayed from `stones`, in order, with captures (SGF main-line moves that belong to the
    /// position). Each must be legal.
    #[serde(default)]
    pub moves: Vec<SetupMove>,
    /// The side to move in the problem position. Required.
    pub to_move: Option<Color>,
    /// The side that tries to achieve the goal. Default: see [`ProblemSetup::validate`].
    #[serde(default)]
    pub or_player: Option<Color>,
    /// Default: `Live` when there are crucial stones, `LiveAny` otherwise.
    #[serde(default)]
    pub goal: Option<Goal>,
    /// Points where moves may be played (may include occupied points: stones can be captured and
    /// the point replayed). Default: every empty point of the problem position (the whole
    /// board for a game played from the empty board: see [`ProblemSetup::validate`]).
    #[serde(default)]
    pub region: Option<Zone>,
    /// The crucial stones: stones of the defender (see [`Goal`]).
    #[serde(default)]
    pub crucial: Zone,
    /// Ko rule per side. Default: the OR player `Disallow`, its opponent `Allow`.
    #[serde(default)]
    pub ko_rules: ByColor<Option<KoRule>>,
    /// The expected result for the OR player, when known.
    #[serde(default)]
    pub expected: Option<Outcome>,
    /// How the expected result comes about (SGF `TSHOW`), when known.
    #[serde(default)]
    pub expected_way: Option<Way>,
    /// Problem name (SGF `GN`, JSON `filename`); empty when none.
    #[serde(default)]
    pub name: String,
    /// Problem comment (SGF root `C`); empty when none.
    #[serde(default)]
    pub comment: String,
    /// Where the problem comes from (SGF `SO`: a book, a site, an author); empty when none.
    #[serde(default)]
    pub source: String,
    /// Reference answer; empty when none.
    #[serde(default)]
    pub answer: AnswerTree,
}

impl ProblemSetup {
    /// An empty board of side `size` with nothing else specified.
    pub fn new(size: usize) -> ProblemSetup {
        ProblemSetup {
            size,
            stones: ByColor::default(),
            moves: Vec::new(),
            to_move: None,
            or_player: None,
            goal: None,
            region: None,
            crucial: Zone::new(),
            ko_rules: ByColor::default(),
            expected: None,
            expected_way: None,
            name: String::new(),
            comment: String::new(),
            source: String::new(),
            answer: AnswerTree::new(),
        }
    }

    /// The stones of `board` (its ko state is not kept) with `to_move` to play.
    pub fn from_board(board: &Board, to_move: Color) -> ProblemSetup {
        let mut setup = ProblemSetup::new(board.size());
        setup.stones = ByColor::new(board.stones(Color::Black), board.stones(Color::White));
        setup.to_move = Some(to_move);
        setup
    }
}
