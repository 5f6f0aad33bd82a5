//! The search tree of MCTS: nodes and their child edges in two arenas (indices, no pointers),
//! and the must-play state of AND nodes in a third.
//!
//! A node is created when its edge is first selected (or at once, when its value is already
//! known as its parent is expanded); an edge without a node is an open move not tried yet. A
//! tree node is reached by one line only, so what depends on the line (a repetition, a superko
//! refusal) holds for it for good; only the table needs `earliest` (see `backup.rs`).

use crate::go::{Color, Move};
use crate::solver::engines::dfpn::outcome::State;
use crate::solver::kernel::and_node::AndProof;
use crate::solver::kernel::search::AndMoves;

/// No node (an edge not tried yet; the root's parent).
pub const NONE: u32 = u32::MAX;

/// A move of a node and what it leads to.
#[derive(Clone, Copy, Debug)]
pub struct Edge {
    pub mv: Move,
    /// The guide's prior, normalised over the node's edges (0 until the guide answered).
    pub prior: f32,
    /// The child node, or [`NONE`].
    pub child: u32,
}

/// One node of the tree.
#[derive(Clone, Debug)]
pub struct Node {
    /// The table key ([`crate::solver::kernel::tt::node_key`]).
    pub key: u64,
    pub parent: u32,
    /// Plies from the root (the node's index in the line's history).
    pub depth: u32,
    pub to_move: Color,
    /// The move that led here was a pass.
    pub passed: bool,
    /// Open, or the proven value for the OR player.
    pub state: State,
    /// The earliest index of the line its value depends on (`usize::MAX`: none).
    pub earliest: usize,
    /// Finished simulations through this node.
    pub visits: u32,
    /// The sum of their values for the OR player (each in [0, 1]).
    pub value_sum: f64,
    /// Simulations of the batch being gathered that pass through this node (virtual loss).
    pub in_flight: u32,
    /// The node's edges: `edges[first..first + count]`.
    pub first: u32,
    pub count: u32,
    pub expanded: bool,
    /// Expanded, waiting for the guide's answer (a batch being gathered): not entered again.
    pub pending: bool,
    /// AND nodes: the index of their [`AndState`]; [`NONE`] at OR nodes.
    pub and: u32,
    /// OR nodes: moves were cut by the OR width (a loss is then `Pruned`, no failure).
    pub pruned: bool,
    /// The earliest line index a refused move of this node referred to (superko).
    pub refusal_earliest: usize,
}

impl Node {
    pub fn is_open(&self) -> bool {
        matches!(self.state, State::Open)
    }

    /// The node's mean value for the OR player counting `in_flight` simulations as lost for
    /// the player choosing this node (`parent_is_or`); `None` before any visit.
    pub fn mean_for_or(&self, parent_is_or: bool) -> Option<f64> {
        let n = self.visits + self.in_flight;
        if n == 0 {
            return None;
        }
        let virtual_value = if parent_is_or { 0.0 } else { 1.0 };
        Some((self.value_sum + virtual_value * self.in_flight as f64) / n as f64)
    }
}

/// The must-play loop of an expanded AND node (as in AchieveGoal and df-pn).
pub struct AndState {
    /// The must-play region, the union of the proven children's zones and the longest proof
    /// among them (the kernel's AND-node step).
    pub proof: AndProof,
    /// The AND player's illegal points and superko refusals (for the dilation of the zone;
    /// `moves` is left empty).
    pub gen: AndMoves,
    /// The pass is searched first while it is open (an explicit null move, as df-pn does).
    pub pass_first: bool,
}

/// The arenas.
#[derive(Default)]
pub struct Tree {
    pub nodes: Vec<Node>,
    pub edges: Vec<Edge>,
    pub ands: Vec<AndState>,
}

impl Tree {
    /// Add a node reached from `parent` (or [`NONE`] for the root) and return its index.
    pub fn add(&mut self, key: u64, parent: u32, depth: u32, to_move: Color, passed: bool) -> u32 {
        self.nodes.push(Node {
            key,
            parent,
            depth,
            to_move,
            passed,
            state: State::Open,
            earliest: usize::MAX,
            visits: 0,
            value_sum: 0.0,
            in_flight: 0,
            first: 0,
            count: 0,
            expanded: false,
            pending: false,
            and: NONE,
            pruned: false,
            refusal_earliest: usize::MAX,
        });
        (self.nodes.len() - 1) as u32
    }

    pub fn node(&self, id: u32) -> &Node {
        &self.nodes[id as usize]
    }

    pub fn node_mut(&mut self, id: u32) -> &mut Node {
        &mut self.nodes[id as usize]
    }

    /// The index range of `id`'s edges.
    pub fn edge_range(&self, id: u32) -> std::ops::Range<usize> {
        let n = self.node(id);
        n.first as usize..(n.first + n.count) as usize
    }

    /// The AND state of `id` (an expanded AND node).
    pub fn and_state(&self, id: u32) -> Option<&AndState> {
        let a = self.node(id).and;
        (a != NONE).then(|| &self.ands[a as usize])
    }

    pub fn and_state_mut(&mut self, id: u32) -> Option<&mut AndState> {
        let a = self.node(id).and;
        (a != NONE).then(|| &mut self.ands[a as usize])
    }

    /// Decide `id`: its value and the earliest line index it depends on.
    pub fn decide(&mut self, id: u32, state: State, earliest: usize) {
        let n = self.node_mut(id);
        n.state = state;
        n.earliest = earliest;
    }

    /// The least `earliest` of `id`'s decided children and of its own refusals: what a value
    /// derived from them depends on (a conservative bound: the table then keeps less).
    pub fn children_earliest(&self, id: u32) -> usize {
        let mut earliest = self.node(id).refusal_earliest;
        if let Some(a) = self.and_state(id) {
            earliest = earliest.min(a.gen.earliest);
        }
        for e in &self.edges[self.edge_range(id)] {
            if e.child != NONE {
                let c = self.node(e.child);
                if !c.is_open() {
                    earliest = earliest.min(c.earliest);
                }
            }
        }
        earliest
    }

    /// Add one finished simulation of value `value` (for the OR player) to `leaf` and every
    /// ancestor; `in_flight`: the simulation had marked them (virtual loss), which is undone.
    pub fn add_value(&mut self, leaf: u32, value: f64, in_flight: bool) {
        let mut id = leaf;
        while id != NONE {
            let n = self.node_mut(id);
            n.visits = n.visits.saturating_add(1);
            n.value_sum += value;
            if in_flight {
                n.in_flight = n.in_flight.saturating_sub(1);
            }
            id = n.parent;
        }
    }

    /// Undo the virtual loss of an abandoned simulation from `leaf` up.
    pub fn release(&mut self, leaf: u32) {
        let mut id = leaf;
        while id != NONE {
            let n = self.node_mut(id);
            n.in_flight = n.in_flight.saturating_sub(1);
            id = n.parent;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_and_virtual_losses_go_up_to_the_root() {
        let mut t = Tree::default();
        let root = t.add(1, NONE, 0, Color::Black, false);
        let child = t.add(2, root, 1, Color::White, false);
        for id in [root, child] {
            t.node_mut(id).in_flight += 1;
        }
        // A simulation in flight counts as lost for the player who chose the node.
        assert_eq!(t.node(child).mean_for_or(true), Some(0.0));
        assert_eq!(t.node(child).mean_for_or(false), Some(1.0));
        t.add_value(child, 0.75, true);
        assert_eq!((t.node(root).visits, t.node(root).in_flight), (1, 0));
        assert_eq!(t.node(child).mean_for_or(true), Some(0.75));
        t.node_mut(child).in_flight += 1;
        t.node_mut(root).in_flight += 1;
        t.release(child);
        assert_eq!(t.node(root).in_flight, 0);
        assert_eq!(t.node(child).visits, 1);
    }
}
