//! Errors of the problem layer: reading SGF ([`SgfError`]) and research JSON ([`JsonError`]),
//! validating a setup ([`ValidationError`], collected in [`ValidationErrors`]), and loading a file
//! ([`LoadError`], which wraps the others and I/O).
//!
//! Messages name points in GTP and SGF coordinates (`R2 (SGF qr)`, see
//! [`super::coords::PointName`]) and moves by their number in the file's main line.

use super::coords::PointName;
use super::goal::Goal;
use crate::go::Color;
use std::fmt;
use std::path::PathBuf;
use thiserror::Error;

/// One reason a [`super::ProblemSetup`] is not a valid problem.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ValidationError {
    #[error("board size {0} is not in 2..=19")]
    BoardSize(usize),
    #[error("{color} stone at {point} is off the {size}x{size} board")]
    StoneOffBoard {
        color: Color,
        point: PointName,
        size: usize,
    },
    #[error("point {point} has both a black and a white stone")]
    BothColors { point: PointName },
    #[error("the {color} block of {count} stone(s) at {stones} has no liberty")]
    NoLiberties {
        color: Color,
        count: usize,
        /// The block's stones, named (at most eight, then "and N more").
        stones: String,
    },
    #[error("setup move {number} ({mv}) is illegal: {reason}")]
    IllegalSetupMove {
        /// 1-based number in the setup sequence (the SGF main line, passes included).
        number: usize,
        /// The move, named, e.g. `Black R2 (SGF qr)`.
        mv: String,
        reason: String,
    },
    #[error("no side to move is given (SGF: add PL[B] or PL[W])")]
    MissingSideToMove,
    #[error("crucial stone {point} is off the {size}x{size} board")]
    CrucialOffBoard { point: PointName, size: usize },
    #[error("territory point {point} is off the {size}x{size} board")]
    TerritoryOffBoard { point: PointName, size: usize },
    #[error(
        "a territory (SGF TSTERR) is claimed with every crucial block only (goals live-all, \
         live-all-uca, kill-any, kill-any-uca), not with goal {goal}"
    )]
    TerritoryWithoutEveryBlock { goal: Goal },
    #[error("crucial stone {point} is on an empty point")]
    CrucialOnEmpty { point: PointName },
    #[error(
        "crucial stone {point} is {found}, but with goal {goal} and OR player {or_player} the \
         crucial stones must be the defender's ({expected})"
    )]
    CrucialWrongColor {
        point: PointName,
        found: Color,
        expected: Color,
        goal: Goal,
        or_player: Color,
    },
    #[error("goal {goal} needs at least one crucial stone (SGF TR)")]
    NoCrucialStones { goal: Goal },
    #[error("region point {point} is off the {size}x{size} board")]
    RegionOffBoard { point: PointName, size: usize },
    #[error("the region has no empty point")]
    RegionWithoutEmptyPoint,
    #[error("answer line {line}: {mv} is illegal: {reason}")]
    IllegalAnswerMove {
        /// The moves leading to the illegal one, e.g. `B R2, W S1` (GTP), or `start`.
        line: String,
        mv: String,
        reason: String,
    },
}

/// Every reason a setup is invalid (never empty when returned as an error).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ValidationErrors(pub Vec<ValidationError>);

impl ValidationErrors {
    pub fn errors(&self) -> &[ValidationError] {
        &self.0
    }

    pub fn len(&self) -> usize {
        self.0.len()
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// One message per error.
    pub fn messages(&self) -> Vec<String> {
        self.0.iter().map(|e| e.to_string()).collect()
    }
}

/// `invalid problem: first reason; second reason`.
impl fmt::Display for ValidationErrors {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("invalid problem: ")?;
        for (i, e) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str("; ")?;
            }
            write!(f, "{e}")?;
        }
        Ok(())
    }
}

impl std::error::Error for ValidationErrors {}

/// Why an SGF text could not be read into a setup (before validation).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum SgfError {
    #[error("SGF syntax error at line {line}, column {column}: {message}")]
    SyntaxAt {
        /// 1-based.
        line: usize,
        /// 1-based, in characters.
        column: usize,
        message: String,
    },
    #[error("SGF syntax error: {0}")]
    Syntax(String),
    #[error("not a Go game (GM is not 1)")]
    NotGo,
    #[error("non-square board SZ[{width}:{height}] is not supported")]
    NonSquare { width: u8, height: u8 },
    #[error("invalid value {ident}[{value}]")]
    InvalidValue {
        ident: String,
        /// The raw values joined by `][`.
        value: String,
    },
    #[error("{ident}[{value}]: {value:?} is not a point of a board of at most 19x19")]
    PointOutOfRange { ident: String, value: String },
    #[error("{ident}[{value}]: expected {expected}")]
    BadPrivateValue {
        ident: String,
        value: String,
        expected: &'static str,
    },
    #[error("unknown private property {0} (known: TSOR, TSGOAL, TSKOB, TSKOW, TSRESULT, TSSETUP)")]
    UnknownPrivate(String),
    #[error("the node of {place} has both a B and a W move")]
    TwoMoves { place: String },
    #[error("setup property {ident} after the first move (at move {number}) is not supported")]
    SetupAfterMove { ident: String, number: usize },
    #[error("TSSETUP[{wanted}] but the main line has only {found} move(s)")]
    ShortSetup { wanted: usize, found: usize },
    #[error("TSSETUP[{wanted}] but the main line branches after move {at}, inside the setup")]
    BranchInSetup { wanted: usize, at: usize },
    #[error("setup property {ident} inside an answer variation is not supported (line {line})")]
    SetupInAnswer { ident: String, line: String },
    #[error("answer variations are nested deeper than {0} moves")]
    TooDeep(usize),
}

/// Why a research JSON text could not be read into a setup (before validation).
#[derive(Debug, Error)]
pub enum JsonError {
    /// Syntax or shape (missing field, wrong type); serde's message carries line and column.
    #[error("invalid research JSON: {0}")]
    Syntax(#[from] serde_json::Error),
    #[error("field {field}: {value:?} is not {expected}")]
    BadField {
        field: &'static str,
        value: String,
        expected: &'static str,
    },
    #[error("field masked_sgf_str: {0}")]
    Sgf(SgfError),
    #[error("field {field} ({json}) disagrees with {sgf_property} in masked_sgf_str ({sgf})")]
    Mismatch {
        field: &'static str,
        json: String,
        sgf_property: &'static str,
        sgf: String,
    },
    #[error(
        "black_search_goal {black} and white_search_goal {white} are not opposite goals \
         (TOLIVE/TOKILL or TOLIVE_ANY/TOKILL_ALL)"
    )]
    GoalsNotOpposite { black: String, white: String },
    #[error(
        "field {field} is not empty, but with goal {goal} the crucial stones are the \
         defender's ({defender})"
    )]
    CrucialOfAttacker {
        field: &'static str,
        goal: Goal,
        defender: Color,
    },
    #[error("answer_firstmove {point:?} is given, but the winner ({winner}) does not move first")]
    AnswerNotWinnersTurn { point: String, winner: Color },
}

/// Why [`super::load()`] failed.
#[derive(Debug, Error)]
pub enum LoadError {
    #[error("cannot read {}: {source}", path.display())]
    Io {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error(
        "unknown file format: expected SGF (a .sgf file, or text starting with '(') or research \
         JSON (a .json file, or text starting with '{{')"
    )]
    UnknownFormat,
    #[error(transparent)]
    Sgf(#[from] SgfError),
    #[error(transparent)]
    Json(#[from] JsonError),
    #[error(transparent)]
    Invalid(#[from] ValidationErrors),
}

impl LoadError {
    /// One message per reason: every validation error on its own, otherwise the single message.
    pub fn messages(&self) -> Vec<String> {
        match self {
            LoadError::Invalid(errors) => errors.messages(),
            other => vec![other.to_string()],
        }
    }
}
