//! The document part of the studio's state: the problem being edited (with its undo history),
//! the problem list and the unsaved-changes prompt's flow.

use super::document::Document;
use super::library::Library;
use std::path::PathBuf;

/// An action that discards unsaved changes, waiting for the user's confirmation.
#[derive(Clone, Debug, PartialEq)]
pub enum Pending {
    Open(PathBuf),
    New(usize),
    Close,
}

/// A text property of the problem edited in the side panel.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TextField {
    /// `GN`.
    Name,
    /// The root `C`.
    Comment,
    /// `SO`: a book, a site, an author.
    Source,
}

impl TextField {
    pub fn label(self) -> &'static str {
        match self {
            TextField::Name => "Name:",
            TextField::Comment => "Comment:",
            TextField::Source => "Source:",
        }
    }

    pub fn get(self, setup: &crate::problem::ProblemSetup) -> &str {
        match self {
            TextField::Name => &setup.name,
            TextField::Comment => &setup.comment,
            TextField::Source => &setup.source,
        }
    }

    pub fn set(self, setup: &mut crate::problem::ProblemSetup, text: String) {
        match self {
            TextField::Name => setup.name = text,
            TextField::Comment => setup.comment = text,
            TextField::Source => setup.source = text,
        }
    }
}

/// The problem document and what belongs to it.
pub struct DocState {
    /// The problem as edited: setup, validation, undo and redo, file, dirty flag.
    pub problem: Document,
    /// The problem list (a folder's files and the tags of their results).
    pub library: Library,
    /// The action waiting for the unsaved-changes prompt.
    pub pending: Option<Pending>,
    /// The action waiting for a "Save as" dialog chosen in the unsaved-changes prompt.
    pub after_save: Option<Pending>,
    /// The user confirmed closing with unsaved changes.
    pub close_confirmed: bool,
}

impl DocState {
    /// `problem` with the list `library`, nothing typed or waiting.
    pub fn new(problem: Document, library: Library) -> DocState {
        DocState {
            problem,
            library,
            pending: None,
            after_save: None,
            close_confirmed: false,
        }
    }
}

impl DocState {
    /// Does the player to move defend (seki then counts as a success of its first moves)?
    pub fn first_mover_defends(&self) -> bool {
        self.problem
            .problem()
            .ok()
            .map(|p| {
                crate::solver::jobs::first_moves::judged_claim(p)
                    .goal()
                    .or_defends()
            })
            .unwrap_or(true)
    }
}
