//! Relevance-zone based solution trees (RZSTs, RZS paper): the proof the solver hands to the
//! studio, the checker and the SGF export.
//!
//! One node per position of the proof. OR nodes have exactly one child (the winning move); AND
//! nodes have one child per AND move that had to be searched, and every other AND move is covered
//! by a child whose move was a *null move* (its move lies outside that child's zone, so the same
//! answer wins after any AND move outside the zone; Lemma 1 of the paper). Leaves are positions
//! where the goal test decides.

use crate::go::{Color, Move, Zone};
use crate::problem::Goal;
use serde::{Deserialize, Serialize};

/// The role of a node.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Role {
    /// The OR player is to move and wins with the single child's move.
    Or,
    /// The AND player is to move; every AND move is refuted by a child or a null-move child.
    And,
    /// The goal test decides the position.
    Leaf(LeafKind),
}

/// Why a leaf is won.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum LeafKind {
    /// A decisive defender stone is unconditionally alive (Benson).
    Alive,
    /// Every crucial stone has been captured.
    Captured,
    /// Two passes in a row without the defender alive (the paper's goals: the attacker wins).
    TwoPasses,
    /// Two passes in a row with a crucial stone of the defender on the board (goals where seki
    /// is life): the defender keeps its stones without Benson's proof of life: seki, or life
    /// that Benson's test does not certify. Whether the result needs seki is decided by a
    /// search for unconditional life ([`crate::solver::jobs::analysis`]).
    Seki,
    /// Every decisive point of the defender lies in small areas enclosed by unconditionally
    /// alive attacker stones that the attacker can empty whatever the defender does (the static
    /// rule, [`crate::solver::knowledge::static_ld`]); the checker re-derives it with its own search.
    StaticDead,
    /// A crucial block has two liberties next to unconditionally alive defender stones: the
    /// defender connects it whatever the attacker does ([`crate::solver::knowledge::connection`]); the checker
    /// plays the connection out.
    Connected,
    /// The decisive blocks are alive by links: Benson's life of chains of blocks the defender
    /// keeps connected by miai ([`crate::solver::knowledge::linked_life`]); the checker reads
    /// the rule with its own code (`checker_links`).
    Linked,
    /// A defender block encloses a small area in a seki the seki database knows, confirmed
    /// under the solver's rules ([`crate::solver::knowledge::seki_leaf`]): the block is never captured. The
    /// checker finds the area again and replays the survival game without the database.
    SekiArea,
    /// The one-eye goals: an eye in the region connected to every crucial stone
    /// ([`crate::solver::knowledge::one_eye`]); the checker finds it on its own.
    Eye,
    /// The one-eye goals: safe attacker stones (each with a liberty outside the region) deny
    /// every point of the region an eye for ever; the checker re-derives it on its own.
    NoEyePossible,
}

/// A node of a proof tree.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ProofNode {
    /// The move that led here and who played it (`None` at the root).
    pub mv: Option<Move>,
    pub player: Option<Color>,
    /// The side to move in this node's position.
    pub to_move: Color,
    pub role: Role,
    /// The relevance zone: every position with the same stones inside it is won the same way.
    pub zone: Zone,
    /// AND nodes: the must-play region, i.e. the AND moves that had to be searched (the legal
    /// moves left after intersecting with the zones of all null-move children). Other nodes:
    /// empty.
    pub must_play: Zone,
    /// Whether the move that led here was a null move at the parent AND node (it lies outside
    /// this node's zone, so this node's answer also refutes every AND move outside the zone).
    pub null_move: bool,
    pub children: Vec<ProofNode>,
}

impl ProofNode {
    /// Number of nodes in the subtree.
    pub fn size(&self) -> usize {
        1 + self.children.iter().map(ProofNode::size).sum::<usize>()
    }

    /// Does a leaf of this subtree have a kind `wanted` accepts?
    pub fn any_leaf(&self, wanted: &impl Fn(LeafKind) -> bool) -> bool {
        matches!(self.role, Role::Leaf(kind) if wanted(kind))
            || self.children.iter().any(|c| c.any_leaf(wanted))
    }

    /// Longest path in moves from this node to a leaf.
    pub fn depth(&self) -> usize {
        self.children
            .iter()
            .map(|c| 1 + c.depth())
            .max()
            .unwrap_or(0)
    }

    /// Does this node end the game with the next pass: a two-pass leaf, or an OR node whose
    /// winning move is a pass (which follows a pass when the node is an AND player's pass)?
    pub fn ends_by_pass(&self) -> bool {
        match self.role {
            Role::Leaf(LeafKind::TwoPasses | LeafKind::Seki) => true,
            Role::Or => self.children.first().and_then(|c| c.mv) == Some(Move::Pass),
            _ => false,
        }
    }

    /// The principal line: the first child at each node, down to a leaf.
    pub fn main_line(&self) -> Vec<Move> {
        let mut line = Vec::new();
        let mut node = self;
        while let Some(child) = node.children.first() {
            if let Some(mv) = child.mv {
                line.push(mv);
            }
            node = child;
        }
        line
    }
}

/// A proof that the OR player reaches its goal.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ProofTree {
    pub size: usize,
    pub goal: Goal,
    pub or_player: Color,
    /// Made with positional superko on (the checker must then refuse the same repetitions).
    #[serde(default)]
    pub superko: bool,
    pub root: ProofNode,
}

impl ProofTree {
    /// Number of nodes.
    pub fn node_count(&self) -> usize {
        self.root.size()
    }

    /// The OR player's first move, when the OR player is to move at the root.
    pub fn first_move(&self) -> Option<Move> {
        match self.root.role {
            Role::Or => self.root.children.first().and_then(|c| c.mv),
            _ => None,
        }
    }
}
