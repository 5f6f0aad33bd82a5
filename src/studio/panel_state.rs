//! The panels' own state: which are shown or folded, what the menu's inputs hold, and the
//! drafts of the problem's text fields while they are typed. A panel changes its own fields
//! directly (a fold, a toggle, a draft); everything else it asks for with a command.

use super::doc_state::TextField;

/// The text of the problem's text fields while they are being typed (committed when left).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Drafts {
    /// The Name field's text while it is being typed.
    pub name: Option<String>,
    /// The Comment field's text while it is being typed.
    pub comment: Option<String>,
    /// The Source field's text while it is being typed.
    pub source: Option<String>,
}

impl Drafts {
    /// The draft of `field`.
    pub fn get_mut(&mut self, field: TextField) -> &mut Option<String> {
        match field {
            TextField::Name => &mut self.name,
            TextField::Comment => &mut self.comment,
            TextField::Source => &mut self.source,
        }
    }
}

/// The panels' own state.
pub struct PanelState {
    /// The problem list is shown (View → Problem list).
    pub show_library: bool,
    /// Show the frame time in the status bar (View → Debug; off by default).
    pub show_frame_time: bool,
    /// The proof tree is folded away (its header in the side panel's list; else, with a
    /// proof, it has the panel's lower part to itself).
    pub proof_tree_folded: bool,
    /// The size of File → New problem → Create.
    pub new_size: usize,
    /// The text fields' drafts.
    pub drafts: Drafts,
}

impl Default for PanelState {
    fn default() -> Self {
        PanelState {
            show_library: true,
            show_frame_time: false,
            proof_tree_folded: false,
            new_size: 9,
            drafts: Drafts::default(),
        }
    }
}
