//! Walking a proof tree: a cursor (the path of child indices from the root), the moves and the
//! position of the node it points at, and node labels for the tree panel.

use crate::go::{Board, Color, Move};
use crate::problem::Problem;
use crate::solver::{LeafKind, ProofNode, ProofTree, Role};

/// A node of a proof tree, as the path of child indices from the root.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ProofCursor {
    path: Vec<usize>,
}

impl ProofCursor {
    pub fn root() -> ProofCursor {
        ProofCursor::default()
    }

    pub fn from_path(path: Vec<usize>) -> ProofCursor {
        ProofCursor { path }
    }

    pub fn path(&self) -> &[usize] {
        &self.path
    }

    /// The node; the deepest valid node of the path if the path does not fit the tree.
    pub fn node<'t>(&self, tree: &'t ProofTree) -> &'t ProofNode {
        let mut node = &tree.root;
        for &i in &self.path {
            match node.children.get(i) {
                Some(c) => node = c,
                None => break,
            }
        }
        node
    }

    /// The moves from the root to the node, with their players.
    pub fn line(&self, tree: &ProofTree) -> Vec<(Color, Move)> {
        let mut out = Vec::new();
        let mut node = &tree.root;
        for &i in &self.path {
            let Some(c) = node.children.get(i) else { break };
            if let (Some(p), Some(m)) = (c.player, c.mv) {
                out.push((p, m));
            }
            node = c;
        }
        out
    }

    /// The position at the node: the problem's board with the line played (a move the board
    /// refuses would mean the tree is not this problem's; the walk stops there).
    pub fn board(&self, problem: &Problem, tree: &ProofTree) -> Board {
        let mut board = problem.board().clone();
        for (c, m) in self.line(tree) {
            if board.play(c, m).is_err() {
                break;
            }
        }
        board
    }

    /// Left: to the parent. Returns whether the cursor moved.
    pub fn parent(&mut self) -> bool {
        self.path.pop().is_some()
    }

    /// Right: to the first child.
    pub fn first_child(&mut self, tree: &ProofTree) -> bool {
        if self.node(tree).children.is_empty() {
            return false;
        }
        self.path.push(0);
        true
    }

    /// Down (`delta` = 1) or up (-1) among the siblings.
    pub fn sibling(&mut self, tree: &ProofTree, delta: isize) -> bool {
        let Some(&last) = self.path.last() else {
            return false;
        };
        let mut parent = self.clone();
        parent.path.pop();
        let count = parent.node(tree).children.len();
        let Some(next) = last.checked_add_signed(delta).filter(|&n| n < count) else {
            return false;
        };
        if let Some(l) = self.path.last_mut() {
            *l = next;
        }
        true
    }

    /// Home: to the root.
    pub fn to_root(&mut self) -> bool {
        let moved = !self.path.is_empty();
        self.path.clear();
        moved
    }

    /// End: along first children down to a leaf.
    pub fn to_leaf(&mut self, tree: &ProofTree) -> bool {
        let mut moved = false;
        while self.first_child(tree) {
            moved = true;
        }
        moved
    }
}

/// The search's terms for a node of the proof-tree panel (its hover text): the role of the
/// move (OR move, AND move searched, null move) and the size of its relevance zone.
pub fn node_hover(node: &ProofNode, parent: Option<&ProofNode>) -> String {
    let role = match parent.map(|p| p.role) {
        None => "The root: the problem position.".to_string(),
        Some(Role::Or) => "An OR move: the proving side's move.".to_string(),
        Some(Role::And) if node.null_move => format!(
            "A null move: every other {} move outside this node's relevance zone is answered \
             the same way (Lemma 1 of the RZS paper).",
            node.player.map(|c| c.to_string()).unwrap_or_default()
        ),
        Some(Role::And) => "An AND move: a reply of the other side, searched.".to_string(),
        Some(Role::Leaf(_)) => String::new(),
    };
    format!(
        "{role} Relevance zone: {} points (the points this part of the proof depends on).",
        node.zone.len()
    )
}

/// A node's label in the proof-tree panel, e.g. `W B5 · winning move`, `B C4 · reply`,
/// `B pass · ⊘ any other B move away from here, answered by W C3` (the search's terms are
/// in [`node_hover`]).
pub fn node_label(node: &ProofNode, parent: Option<&ProofNode>, size: usize) -> String {
    let head = match (node.player, node.mv) {
        (Some(p), Some(m)) => format!("{} {}", p.sgf_letter(), m.to_gtp(size)),
        _ => "start".to_string(),
    };
    let kind = match parent.map(|p| p.role) {
        None => format!("{} to move", node.to_move),
        Some(Role::Or) => "winning move".to_string(),
        Some(Role::And) if node.null_move => {
            let answer = node
                .children
                .first()
                .and_then(|c| match (c.player, c.mv) {
                    (Some(p), Some(m)) => {
                        Some(format!(" by {} {}", p.sgf_letter(), m.to_gtp(size)))
                    }
                    _ => None,
                })
                .unwrap_or_default();
            format!(
                "⊘ any other {} move away from here, answered{answer}",
                node.player.map(|c| c.to_string()).unwrap_or_default()
            )
        }
        Some(Role::And) => "reply".to_string(),
        Some(Role::Leaf(_)) => String::new(),
    };
    let end = match node.role {
        Role::Leaf(LeafKind::Alive) => " → alive (unconditional life)",
        Role::Leaf(LeafKind::Captured) => " → crucial stones captured",
        Role::Leaf(LeafKind::TwoPasses) => " → two passes: not alive",
        Role::Leaf(LeafKind::Seki) => " → seki: two passes, the crucial stones stay",
        Role::Leaf(LeafKind::StaticDead) => " → statically dead: enclosed areas too small to live",
        Role::Leaf(LeafKind::Connected) => {
            " → connected to living stones whatever the attacker does"
        }
        Role::Leaf(LeafKind::Linked) => {
            " → alive by links: chains the defender keeps connected have two eyes"
        }
        Role::Leaf(LeafKind::SekiArea) => " → seki (database): the enclosing block never falls",
        Role::Leaf(LeafKind::Eye) => " → an eye connected to every crucial stone",
        Role::Leaf(LeafKind::NoEyePossible) => " → no eye possible: safe stones deny every point",
        _ => "",
    };
    format!("{head} · {kind}{end}")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::fixtures::solved_bent_three_kill;

    #[test]
    fn keys_walk_the_tree() {
        let (problem, tree) = solved_bent_three_kill();
        let mut c = ProofCursor::root();
        assert!(!c.parent());
        assert!(!c.sibling(&tree, 1));
        assert!(c.first_child(&tree));
        assert_eq!(c.path(), &[0]);
        assert_eq!(c.line(&tree).len(), 1);
        assert!(c.to_leaf(&tree));
        assert!(matches!(c.node(&tree).role, Role::Leaf(_)));
        assert!(!c.first_child(&tree));
        let leaf_board = c.board(&problem, &tree);
        assert_ne!(&leaf_board, problem.board());
        assert!(c.to_root());
        assert_eq!(&c.board(&problem, &tree), problem.board());
    }

    #[test]
    fn siblings_stay_in_range() {
        let (_, tree) = solved_bent_three_kill();
        // Find an AND node with several children.
        let mut c = ProofCursor::root();
        loop {
            let node = c.node(&tree);
            if node.role == Role::And && node.children.len() > 1 {
                break;
            }
            assert!(c.first_child(&tree), "no AND node with two children");
        }
        c.first_child(&tree);
        let n = c.node(&tree).mv;
        assert!(!c.sibling(&tree, -1));
        assert!(c.sibling(&tree, 1));
        assert_ne!(c.node(&tree).mv, n);
        while c.sibling(&tree, 1) {}
        let last = *c.path().last().unwrap();
        let mut parent = c.clone();
        parent.parent();
        assert_eq!(last + 1, parent.node(&tree).children.len());
    }

    #[test]
    fn labels_name_the_moves_and_roles() {
        let (problem, tree) = solved_bent_three_kill();
        let root = &tree.root;
        assert!(node_label(root, None, problem.size()).starts_with("start · "));
        let first = &root.children[0];
        let label = node_label(first, Some(root), problem.size());
        assert!(label.contains("winning move"), "{label}");
    }
}
