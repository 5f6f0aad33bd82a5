//! The open problem: its setup as edited, the validated problem when the setup is valid, undo and
//! redo, the file it came from and whether it has unsaved changes.

use super::edit;
use super::history::History;
use crate::problem::{Problem, ProblemSetup, ValidationErrors};
use std::path::{Path, PathBuf};

/// How many edits undo remembers.
const UNDO_LIMIT: usize = 500;

/// An open problem.
pub struct Document {
    path: Option<PathBuf>,
    setup: ProblemSetup,
    problem: Result<Problem, ValidationErrors>,
    history: History<ProblemSetup>,
    /// Bumped by every change (edits, undo, redo); solves and proofs remember the revision they
    /// belong to.
    revision: u64,
    /// The setup as last opened or saved (for a new document: as created).
    clean: ProblemSetup,
}

impl Document {
    /// A document for a problem read from `path` (or not saved anywhere yet).
    pub fn from_problem(problem: Problem, path: Option<PathBuf>) -> Document {
        let setup = problem.to_setup();
        Document {
            path,
            clean: setup.clone(),
            setup,
            problem: Ok(problem),
            history: History::new(UNDO_LIMIT),
            revision: 0,
        }
    }

    /// A document for a setup that need not be valid (a new problem), not saved anywhere.
    pub fn from_setup(setup: ProblemSetup) -> Document {
        Document {
            path: None,
            problem: setup.clone().validate(),
            clean: setup.clone(),
            setup,
            history: History::new(UNDO_LIMIT),
            revision: 0,
        }
    }

    pub fn path(&self) -> Option<&Path> {
        self.path.as_deref()
    }

    pub fn setup(&self) -> &ProblemSetup {
        &self.setup
    }

    /// The problem, or why the setup is not a valid problem.
    pub fn problem(&self) -> Result<&Problem, &ValidationErrors> {
        self.problem.as_ref()
    }

    pub fn revision(&self) -> u64 {
        self.revision
    }

    /// Unsaved changes: the setup differs from the one last opened or saved.
    pub fn is_dirty(&self) -> bool {
        self.clean != self.setup
    }

    /// The name shown in the title bar.
    pub fn title(&self) -> String {
        let file = self
            .path
            .as_ref()
            .and_then(|p| p.file_name())
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_else(|| "untitled".to_string());
        let star = if self.is_dirty() { " •" } else { "" };
        if self.setup.name.is_empty() {
            format!("{file}{star}")
        } else {
            format!("{} — {file}{star}", self.setup.name)
        }
    }

    /// Apply an edit to the setup (flattened to plain stones first). Returns whether anything
    /// changed; only changes are recorded for undo.
    pub fn edit(&mut self, f: impl FnOnce(&mut ProblemSetup) -> bool) -> bool {
        self.apply(f, true)
    }

    /// Like [`Document::edit`], but merged into the last undo step (the later points of one
    /// brush stroke).
    pub fn edit_merged(&mut self, f: impl FnOnce(&mut ProblemSetup) -> bool) -> bool {
        self.apply(f, false)
    }

    fn apply(&mut self, f: impl FnOnce(&mut ProblemSetup) -> bool, record: bool) -> bool {
        let board = self.problem.as_ref().ok().map(Problem::board);
        let mut next = edit::flatten(&self.setup, board);
        if !f(&mut next) || next == self.setup {
            return false;
        }
        let mut validated = next.clone().validate();
        if let Err(errors) = &validated {
            if edit::drop_stale_answers(&mut next, errors.errors()) {
                validated = next.clone().validate();
            }
        }
        let before = std::mem::replace(&mut self.setup, next);
        if record || !self.history.can_undo() {
            self.history.record(before);
        }
        self.problem = validated;
        self.revision += 1;
        true
    }

    pub fn can_undo(&self) -> bool {
        self.history.can_undo()
    }

    pub fn can_redo(&self) -> bool {
        self.history.can_redo()
    }

    pub fn undo(&mut self) -> bool {
        let current = self.setup.clone();
        match self.history.undo(current) {
            Ok(prev) => self.replace(prev),
            Err(_) => false,
        }
    }

    pub fn redo(&mut self) -> bool {
        let current = self.setup.clone();
        match self.history.redo(current) {
            Ok(next) => self.replace(next),
            Err(_) => false,
        }
    }

    fn replace(&mut self, setup: ProblemSetup) -> bool {
        self.problem = setup.clone().validate();
        self.setup = setup;
        self.revision += 1;
        true
    }

    /// The document was written to `path`.
    pub fn mark_saved(&mut self, path: PathBuf) {
        self.path = Some(path);
        self.clean = self.setup.clone();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::go::Point;
    use crate::problem::fixtures::bent_three_live;
    use crate::studio::edit::{apply_point, Tool};

    #[test]
    fn edits_undo_redo_and_the_dirty_flag() {
        let problem = bent_three_live().validate().unwrap();
        let mut doc = Document::from_problem(problem.clone(), Some(PathBuf::from("x.sgf")));
        assert!(!doc.is_dirty());
        let empty = problem
            .region()
            .intersection(&problem.board().empty_points())
            .first()
            .unwrap();
        assert!(doc.edit(|s| apply_point(s, Tool::Black, empty, false)));
        assert!(doc.is_dirty());
        assert!(doc.title().ends_with('•'));
        // No change, nothing recorded.
        assert!(!doc.edit(|s| apply_point(s, Tool::Erase, Point::new(18, 18), false)));
        assert!(doc.undo());
        assert!(!doc.is_dirty());
        assert_eq!(doc.problem().unwrap(), &problem);
        assert!(doc.redo());
        assert!(doc.is_dirty());
        doc.mark_saved(PathBuf::from("y.sgf"));
        assert!(!doc.is_dirty());
        assert_eq!(doc.path(), Some(Path::new("y.sgf")));
    }

    #[test]
    fn an_invalid_edit_keeps_the_setup_and_explains() {
        let problem = bent_three_live().validate().unwrap();
        let mut doc = Document::from_problem(problem.clone(), None);
        let crucial = problem.crucial().first().unwrap();
        assert!(doc.edit(|s| apply_point(s, Tool::Crucial, crucial, false)));
        let errors = doc.problem().unwrap_err();
        assert!(!errors.is_empty());
        assert!(doc.undo());
        assert!(doc.problem().is_ok());
    }
}
