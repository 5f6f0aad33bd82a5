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
    /// The territory the defender claims besides its crucial blocks (SGF `TSTERR`): with an
    /// every-block goal, the defender wins only when each of these points is safe for it
    /// without search ([`crate::go::safe_points`]); empty for every other claim.
    #[serde(default)]
    pub territory: Zone,
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
    /// How the SGF reader read the moves after the root (setup or answer, and why); `None` for
    /// a setup not read from SGF. Not serialized: it describes the file, not the problem.
    #[serde(skip)]
    pub moves_read: Option<MovesRead>,
}

/// How the moves after an SGF file's root were read: the reading rules of
/// [`super::sgf_read`], decided once per file and kept so that `solve`, `check` and the studio
/// can say which reading they assumed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MovesRead {
    /// No move follows the root position.
    NoMoves,
    /// Every move after the root belongs to the answer tree.
    Answers(AnswersBecause),
    /// The first `count` moves of the main line (a move in the root node included) are setup
    /// moves; the rest of the tree is the answer.
    Setup { count: usize, because: SetupBecause },
}

/// Why the moves after the root were read as the answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AnswersBecause {
    /// `TSSETUP[0]`.
    Marker,
    /// A node below the root carries answer markup (`RIGHT`, `Correct`/`Wrong`, `TE`/`BM`, …).
    Markup,
    /// The first move is by the colour `PL` names.
    FirstMoveByPl(Color),
    /// The root position has several first moves: answer variations.
    Variations,
    /// No `PL`, no markup, no game record: the first move's side is to play.
    NoPl,
}

/// Why moves after the root were read as setup moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SetupBecause {
    /// `TSSETUP[n]`.
    Marker,
    /// The root node itself holds a move (always setup); the moves after it are the answer.
    RootMove,
    /// `PL` on a move node of the main line marks the problem position there.
    PlOnMove,
    /// A game record: players or result (`PB`/`PW`/`RE`) and a main line of `moves` moves.
    GameRecord { moves: usize },
    /// No stones placed (`AB`/`AW`): a game played from the empty board.
    EmptyBoard,
    /// `PL` names `pl` but the first move is the other colour's: the moves that led to the
    /// position, up to the last one by the other colour.
    PlOtherColour { pl: Color },
}

impl MovesRead {
    /// The number of setup moves read.
    pub fn setup_count(&self) -> usize {
        match self {
            MovesRead::Setup { count, .. } => *count,
            MovesRead::NoMoves | MovesRead::Answers(_) => 0,
        }
    }

    /// `answers`, `setup` or `none` (JSON).
    pub fn kind(&self) -> &'static str {
        match self {
            MovesRead::NoMoves => "none",
            MovesRead::Answers(_) => "answers",
            MovesRead::Setup { .. } => "setup",
        }
    }

    /// Why, in words: `the first move is White's, as PL says`.
    pub fn reason(&self) -> String {
        match self {
            MovesRead::NoMoves => "no move follows the root".to_string(),
            MovesRead::Answers(because) => match because {
                AnswersBecause::Marker => "TSSETUP[0]".to_string(),
                AnswersBecause::Markup => {
                    "answer markup below the root: RIGHT, Correct, Wrong, TE or BM".to_string()
                }
                AnswersBecause::FirstMoveByPl(c) => format!("the first move is {c}'s, as PL says"),
                AnswersBecause::Variations => "several first moves: answer variations".to_string(),
                AnswersBecause::NoPl => {
                    "no PL, no answer markup and no game record: the first move's side plays"
                        .to_string()
                }
            },
            MovesRead::Setup { count, because } => match because {
                SetupBecause::Marker => format!("TSSETUP[{count}]"),
                SetupBecause::RootMove => "a move in the root node is a setup move".to_string(),
                SetupBecause::PlOnMove => format!("PL on move {count} marks the problem position"),
                SetupBecause::GameRecord { moves } => {
                    format!("a game record: PB/PW/RE and a main line of {moves} moves")
                }
                SetupBecause::EmptyBoard => {
                    "a game from the empty board: no AB/AW stones".to_string()
                }
                SetupBecause::PlOtherColour { pl } => format!(
                    "PL says {pl} to play but the first move is {}'s: the moves that led to \
                     the position",
                    pl.opponent()
                ),
            },
        }
    }

    /// The reading in words, for `solve`, `check` and the studio: `moves after the root: the
    /// answer (the first move is White's, as PL says)`, `moves after the root: 40 setup moves (a
    /// game record: PB/PW/RE and a main line of 40 moves)`; `None` when no move follows the root.
    pub fn describe(&self) -> Option<String> {
        let what = match self {
            MovesRead::NoMoves => return None,
            MovesRead::Answers(_) => "the answer".to_string(),
            MovesRead::Setup { count: 1, .. } => "1 setup move".to_string(),
            MovesRead::Setup { count, .. } => format!("{count} setup moves"),
        };
        Some(format!("moves after the root: {what} ({})", self.reason()))
    }
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
            territory: Zone::new(),
            ko_rules: ByColor::default(),
            expected: None,
            expected_way: None,
            name: String::new(),
            comment: String::new(),
            source: String::new(),
            answer: AnswerTree::new(),
            moves_read: None,
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
