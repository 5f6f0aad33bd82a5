//! The view part of the studio's state: how the problem is looked at and worked on (mode, tool,
//! proof cursor, refutation game, explored tree), the board's last layout and hover, the status
//! bar's notice, frame times, and the file dialogs and PNG exports
//! under way.

use super::board_view::Layout;
use super::dialogs::Dialogs;
use super::edit::Tool;
use super::explore_session::ExploreSession;
use super::frame_stats::FrameStats;
use super::png_export::PngExports;
use super::proof_nav::ProofCursor;
use super::scene::Window;
use crate::go::Point;
use crate::solver::proof::replay::ProofReplay;
use std::time::Instant;

/// What a click on the board does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Edit the problem with the selected tool.
    Edit,
    /// Show the proof tree's selected node.
    Proof,
    /// Play the attacker's moves against the proof: Explore with the AND side's moves
    /// answered by the proof (their moves go into the explored tree).
    Refute,
    /// Free play of either colour from the problem position, in a variation tree, each move
    /// marked against the proof when there is one (`explore_panel.rs`).
    Explore,
}

/// A message in the status bar.
#[derive(Clone, Debug, PartialEq)]
pub struct Notice {
    pub text: String,
    pub error: bool,
    pub at: Instant,
}

/// A drag on the board in progress.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Drag {
    pub start: Point,
    pub current: Point,
    pub tool: Tool,
}

/// How the studio shows the problem and its results, and the UI's own state.
pub struct ViewState {
    pub mode: Mode,
    pub tool: Tool,
    pub drag: Option<Drag>,
    /// The selected node of the proof tree.
    pub cursor: ProofCursor,
    /// The refutation game (Try to refute).
    pub replay: Option<ProofReplay>,
    /// The explored variation tree (Explore and Try-to-refute), for the revision it starts from.
    pub explore: Option<ExploreSession>,
    /// The crop fixed when the problem was opened (and the board size it is for).
    pub crop_window: Option<(Window, usize)>,
    /// The point under the pointer in the last frame.
    pub hover: Option<Point>,
    /// The central area (board, its toolbar and legend) in the last frame.
    pub board_area_rect: Option<egui::Rect>,
    /// Where the board was drawn in the last frame.
    pub board_layout: Option<Layout>,
    /// The status bar's message.
    pub notice: Option<Notice>,
    pub frame_stats: FrameStats,
    /// The file dialogs (on a worker thread).
    pub dialogs: Dialogs,
    /// The board PNG exports under way.
    pub png_exports: PngExports,
}

impl Default for ViewState {
    fn default() -> Self {
        ViewState {
            mode: Mode::Edit,
            tool: Tool::Black,
            drag: None,
            cursor: ProofCursor::root(),
            replay: None,
            explore: None,
            crop_window: None,
            hover: None,
            board_area_rect: None,
            board_layout: None,
            notice: None,
            frame_stats: FrameStats::default(),
            dialogs: Dialogs::default(),
            png_exports: PngExports::default(),
        }
    }
}

impl ViewState {
    /// Show `text` in the status bar.
    pub fn info(&mut self, text: impl Into<String>) {
        self.notice = Some(Notice {
            text: text.into(),
            error: false,
            at: Instant::now(),
        });
    }

    /// Show `text` in the status bar as an error.
    pub fn warn(&mut self, text: impl Into<String>) {
        self.notice = Some(Notice {
            text: text.into(),
            error: true,
            at: Instant::now(),
        });
    }
}

impl ViewState {
    /// The explored tree, if it belongs to the problem at `revision`.
    pub fn explore_at(&self, revision: u64) -> Option<&ExploreSession> {
        self.explore.as_ref().filter(|s| s.revision == revision)
    }

    /// The explored tree to change, if it belongs to the problem at `revision`.
    pub fn explore_at_mut(&mut self, revision: u64) -> Option<&mut ExploreSession> {
        self.explore.as_mut().filter(|s| s.revision == revision)
    }
}
