//! What the panels ask the studio to do. A panel reads the parts of the state it shows and
//! pushes commands into a [`Commands`] queue; `StudioApp::apply` carries them out after the
//! layout, one by one, in the order they were pushed.

use super::board_view::BoardInput;
use super::doc_state::TextField;
use super::edit::Tool;
use super::settings::{Limits, ReduceChoice};
use super::solve_job::ClaimChoice;
use crate::go::{Color, Move};
use crate::problem::{Goal, KoRule, ProblemSetup};
use std::path::PathBuf;

/// An edit of the problem's setup from a panel (board edits come as [`Command::Board`]).
#[derive(Clone, Debug, PartialEq)]
pub enum SetupEdit {
    ToMove(Color),
    Claim(Color, Goal),
    KoRule(Color, KoRule),
    Text(TextField, String),
}

impl SetupEdit {
    /// Apply the edit to `setup`; whether it changed anything.
    pub fn apply(self, setup: &mut ProblemSetup) -> bool {
        match self {
            SetupEdit::ToMove(c) => super::edit::set_to_move(setup, c),
            SetupEdit::Claim(c, goal) => super::edit::set_claim(setup, c, goal),
            SetupEdit::KoRule(c, rule) => super::edit::set_ko_rule(setup, c, rule),
            SetupEdit::Text(field, text) => {
                field.set(setup, text);
                true
            }
        }
    }
}

/// One thing a panel asks for.
#[derive(Clone, Debug, PartialEq)]
pub enum Command {
    // The document and its files.
    /// Open a file (asking first when there are unsaved changes).
    Open(PathBuf),
    /// The file dialog for opening.
    AskOpen,
    /// A new empty problem of this size (asking first when there are unsaved changes).
    New(usize),
    Save,
    SaveAs,
    ExportProof,
    ExportAnswers,
    ExportPng,
    /// Show the bundled problems in the problem list.
    ShowBundled,
    Undo,
    Redo,
    Edit(SetupEdit),
    /// The unsaved-changes prompt: Save, then go on with the waiting action.
    SaveThenContinue,
    /// The unsaved-changes prompt: go on without saving.
    ConfirmPending,
    /// The unsaved-changes prompt: Cancel.
    CancelPending,
    // The board.
    /// Choose an editing tool (and go to Edit mode).
    SelectTool(Tool),
    /// The board's pointer input, applied in the current mode.
    Board(BoardInput),
    /// Crop the board to the problem (fixing the crop again) or show it whole.
    SetCrop(bool),
    /// The Edit mode button.
    EditMode,
    // Solving and results.
    /// The solver panel's claim choice.
    SetClaim(ClaimChoice),
    /// The solver's limits, engine and Net choice.
    SetLimits(Limits),
    Solve,
    StopSolve,
    JudgeAllMoves,
    StopJudging,
    /// Show a judged first move's proof or refutation.
    OpenMoveProof(Move),
    /// Back from a judged move's proof to the problem's own result.
    CloseMoveProof,
    /// Select a node of the proof tree (Proof mode).
    SelectNode(Vec<usize>),
    /// The Proof mode button.
    ShowProof,
    // Find a smaller proof.
    /// The reduction's strategy and K.
    SetReduce(ReduceChoice),
    StartReduction,
    StopReduction,
    /// Before / After: show the smaller proof (`true`) or the proof as solved.
    ShowReduced(bool),
    // Explore and Try to refute.
    EnterExplore,
    StartRefute,
    /// Go to a node of the explored tree.
    ExploreGoto(Vec<usize>),
    ExplorePlay(Move),
    ExploreBack,
    ExploreDelete,
    SolveFromHere,
    RefuteMove(Move),
    RefuteUndo,
    // The net.
    LoadNet,
    // Analyze a game.
    /// The file dialog for a game to analyse.
    AskAnalyzeGame,
    /// Open a game record in the analysis view (at its last move).
    AnalyzeGame(PathBuf),
    /// Show the position after this many moves of the game.
    AnalysisGoto(usize),
    /// The seconds per claim of the areas' search (0: no search).
    SetAnalysisSecs(f64),
    /// The partition overlay (area tints, gap points) on or off.
    SetPartitionOverlay(bool),
    /// Close the analysis view (back to the problem).
    CloseAnalysis,
}

/// The queue the panels push into during a frame.
pub type Commands = Vec<Command>;
