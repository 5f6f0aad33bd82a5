//! The manager's tree: job-level proof-number search (Wu et al., JL-PNS) over the top of the
//! proof, whose leaves are jobs ([`crate::solver::jobs::job`]).
//!
//! Every node is the position after a path of moves from the problem. A leaf not yet asked
//! about is a job; its result decides it (a win or a failure of the problem's claim there), or,
//! when the job stops undecided, the manager expands it a ply and its children become jobs.
//! Proof and disproof numbers as in proof-number search (a new leaf 1 and 1; an OR node the
//! least of its children's proof numbers and the sum of their disproof numbers, an AND node the
//! other way round). A leaf whose job is in flight counts as proven (JL-PNS's *virtual win*), so
//! the next choice goes elsewhere; at an OR node at most `top_k` children are in flight at once
//! (the online fine-tuning solver's top-k: the others would be speculation).
//!
//! The tree is full width at AND nodes: every legal AND move of the region and the pass is a
//! child, so a won AND node's children cover every move the checker tries (no relevance-zone
//! pruning at this level; inside a job the search prunes as always). The OR player's pass is not
//! expanded (a job may still play it). The manager's choices depend only on the results, so a
//! manager run again on the same results (its log) builds the same tree.

use crate::go::{Board, Color, Move, Zone};
use crate::problem::Problem;
use crate::solver::kernel::leaf::Leaf;
use crate::solver::kernel::rules::Rules;
use crate::solver::proof::{LeafKind, ProofNode, Role};
use crate::solver::{GoalTest, SolveConfig};

/// A proof or disproof number too large to matter (no node reaches it by sums).
pub const INFINITE: u64 = u64::MAX / 4;

/// What is known of a node.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NodeState {
    /// Not asked yet: the next job candidate.
    Fresh,
    /// Its job is in flight.
    Pending,
    /// Its job stopped undecided and the node was expanded: its children decide it.
    Expanded,
    /// Proven: the claim's OR player wins here.
    Won,
    /// Proven: it does not.
    Lost,
}

/// One node of the tree.
#[derive(Clone, Debug)]
pub struct TreeNode {
    pub path: Vec<Move>,
    pub to_move: Color,
    pub parent: Option<usize>,
    pub children: Vec<usize>,
    pub state: NodeState,
    pub pn: u64,
    pub dn: u64,
    /// The board after the path (with its ko point), for expanding the node.
    board: Board,
    /// A node the goal test decided when it was made: its proof leaf when won.
    pub leaf: Option<ProofNode>,
    /// A second pass in a row: the game ended (decided by the rules of two passes; the checker
    /// decides it again on its own, so a proof has no node for it at an AND node).
    pub ends_game: bool,
}

impl TreeNode {
    /// Was this position reached by a pass? (The next pass would end the game.)
    pub fn after_pass(&self) -> bool {
        self.path.last() == Some(&Move::Pass)
    }
}

/// The manager's tree.
pub struct JobTree {
    pub nodes: Vec<TreeNode>,
    or_player: Color,
    region: Zone,
    top_k: usize,
    /// The problem's goal test, as its searches have it (the static rule on unless superko).
    goal: GoalTest,
    /// The rules of passes (who may pass, who wins a game ended by two passes).
    rules: Rules,
}

impl JobTree {
    /// The tree of `problem`'s claim: the root alone, fresh.
    pub fn new(problem: &Problem, top_k: usize) -> JobTree {
        let superko = SolveConfig::default().superko;
        JobTree {
            nodes: vec![TreeNode {
                path: Vec::new(),
                to_move: problem.to_move(),
                parent: None,
                children: Vec::new(),
                state: NodeState::Fresh,
                pn: 1,
                dn: 1,
                board: problem.board().clone(),
                leaf: None,
                ends_game: false,
            }],
            or_player: problem.or_player(),
            region: problem.region(),
            top_k: top_k.max(1),
            goal: if superko {
                GoalTest::new(problem).without_static_rule()
            } else {
                GoalTest::new(problem)
            },
            rules: Rules::new(problem, superko),
        }
    }

    pub fn root(&self) -> &TreeNode {
        &self.nodes[0]
    }

    /// Is the root decided (won or lost)?
    pub fn decided(&self) -> Option<bool> {
        match self.root().state {
            NodeState::Won => Some(true),
            NodeState::Lost => Some(false),
            _ => None,
        }
    }

    fn is_or(&self, id: usize) -> bool {
        self.nodes[id].to_move == self.or_player
    }

    /// The most-proving fresh leaf to send as a job, or `None` when every candidate is in
    /// flight (or the root is decided).
    pub fn select(&self) -> Option<usize> {
        let mut id = 0;
        loop {
            let node = &self.nodes[id];
            match node.state {
                NodeState::Fresh => return Some(id),
                NodeState::Expanded => {}
                _ => return None,
            }
            let open = node
                .children
                .iter()
                .copied()
                .filter(|&c| self.virtual_numbers(c).0 > 0);
            let next = if self.is_or(id) {
                if self.in_flight(id) >= self.top_k {
                    return None;
                }
                open.min_by_key(|&c| (self.virtual_numbers(c).0, c))
            } else {
                open.min_by_key(|&c| (self.virtual_numbers(c).1, c))
            };
            id = next?;
        }
    }

    /// The children of `id` with a job in flight at or below them.
    fn in_flight(&self, id: usize) -> usize {
        self.nodes[id]
            .children
            .iter()
            .filter(|&&c| self.has_pending(c))
            .count()
    }

    /// Is a job in flight at or below `id`?
    fn has_pending(&self, id: usize) -> bool {
        let node = &self.nodes[id];
        node.state == NodeState::Pending || node.children.iter().any(|&c| self.has_pending(c))
    }

    /// The node's numbers with jobs in flight counted as won (for the choice only).
    fn virtual_numbers(&self, id: usize) -> (u64, u64) {
        let node = &self.nodes[id];
        match node.state {
            NodeState::Pending => (0, INFINITE),
            // An OR node with `top_k` children in flight takes no more: as good as proven.
            NodeState::Expanded if self.is_or(id) && self.in_flight(id) >= self.top_k => {
                (0, INFINITE)
            }
            NodeState::Expanded => {
                let kids = node.children.iter().map(|&c| self.virtual_numbers(c));
                if self.is_or(id) {
                    kids.fold((INFINITE, 0), |(p, d), (cp, cd)| {
                        (p.min(cp), d.saturating_add(cd).min(INFINITE))
                    })
                } else {
                    kids.fold((0, INFINITE), |(p, d), (cp, cd)| {
                        (p.saturating_add(cp).min(INFINITE), d.min(cd))
                    })
                }
            }
            _ => (node.pn, node.dn),
        }
    }

    /// Is `id` won by the OR player's pass, the game ending there (a pass after the AND
    /// player's when two passes win for the OR player)? Such a node is expanded, not sent: a
    /// job's search starts as if no pass had been played, and would not see that this pass ends
    /// the game. Every other position reached by a pass is the same game for a job: at an OR
    /// node the OR player may not pass anyway, and at an AND node reached by the OR player's
    /// pass the AND player's pass, which ends the game in the OR player's favour, gives the AND
    /// player no more in a job's search (the OR player may pass back and win).
    pub fn won_by_passing(&self, id: usize) -> bool {
        let n = &self.nodes[id];
        self.is_or(id) && n.after_pass() && self.rules.or_wins_two_passes(&n.board)
    }

    /// The job at `id` was sent.
    pub fn mark_pending(&mut self, id: usize) {
        self.nodes[id].state = NodeState::Pending;
    }

    /// The job at `id` proved (`Some(true)`: a win of the claim there), disproved
    /// (`Some(false)`) or stopped undecided (`None`: the node is expanded). Results for nodes
    /// already decided (by a sibling's result) are ignored.
    pub fn apply(&mut self, id: usize, result: Option<bool>) {
        if !matches!(self.nodes[id].state, NodeState::Pending | NodeState::Fresh) {
            return;
        }
        match result {
            Some(won) => self.settle(id, won),
            None => self.expand(id),
        }
        self.update_ancestors(id);
    }

    fn settle(&mut self, id: usize, won: bool) {
        let node = &mut self.nodes[id];
        node.state = if won { NodeState::Won } else { NodeState::Lost };
        (node.pn, node.dn) = if won { (0, INFINITE) } else { (INFINITE, 0) };
    }

    /// The children of an undecided node: every legal play in the region of the side to move,
    /// and its pass where the rules let it pass (the AND player always, the OR player when two
    /// passes win for it). A pass after a pass ends the game, decided at once by the rules of
    /// two passes. An OR node without a child is lost.
    fn expand(&mut self, id: usize) {
        let (board, to_move, path, passed) = {
            let n = &self.nodes[id];
            (n.board.clone(), n.to_move, n.path.clone(), n.after_pass())
        };
        let mut moves: Vec<Move> = board
            .legal_moves(to_move, Some(&self.region))
            .into_iter()
            .map(Move::Play)
            .collect();
        if self.rules.may_pass(to_move, &board) {
            moves.push(Move::Pass);
        }
        let mut children = Vec::with_capacity(moves.len());
        for mv in moves {
            let mut next = board.clone();
            if next.play(to_move, mv).is_err() {
                continue;
            }
            let mut child_path = path.clone();
            child_path.push(mv);
            children.push(self.nodes.len());
            // A position the goal test decides (a capture, life, the static rule) is no job:
            // a win keeps the test's leaf for the proof (the checker decides it again).
            let ends_game = passed && mv == Move::Pass;
            let decided = if ends_game {
                let or_wins = self.rules.or_wins_two_passes(&next);
                let zone = Zone::full(next.size());
                Some((
                    if or_wins {
                        Leaf::Win(zone)
                    } else {
                        Leaf::Fail(zone)
                    },
                    None,
                ))
            } else {
                self.goal
                    .decide(&next)
                    .map(|(leaf, reason)| (leaf, Some(reason)))
            };
            let leaf = match decided {
                Some((Leaf::Win(zone), reason)) => Some(ProofNode {
                    mv: Some(mv),
                    player: Some(to_move),
                    to_move: to_move.opponent(),
                    role: Role::Leaf(match reason {
                        Some(reason) => LeafKind::from(reason),
                        None if self.rules.two_pass_winner(&next) == self.rules.defender => {
                            LeafKind::Seki
                        }
                        None => LeafKind::TwoPasses,
                    }),
                    zone,
                    must_play: Zone::new(),
                    null_move: false,
                    children: Vec::new(),
                }),
                _ => None,
            };
            let child = self.nodes.len();
            self.nodes.push(TreeNode {
                path: child_path,
                to_move: to_move.opponent(),
                parent: Some(id),
                children: Vec::new(),
                state: NodeState::Fresh,
                pn: 1,
                dn: 1,
                board: next,
                leaf,
                ends_game,
            });
            if let Some((leaf, _)) = decided {
                self.settle(child, leaf.is_win());
            }
        }
        let node = &mut self.nodes[id];
        node.children = children;
        node.state = NodeState::Expanded;
        if node.children.is_empty() {
            // The OR player has no move in the region (and no pass in this tree): not proven.
            self.settle(id, false);
        } else {
            self.recompute(id);
        }
    }

    /// The node's numbers and state from its children.
    fn recompute(&mut self, id: usize) {
        if self.nodes[id].state != NodeState::Expanded {
            return;
        }
        let or = self.is_or(id);
        let kids: Vec<(u64, u64)> = self.nodes[id]
            .children
            .iter()
            .map(|&c| (self.nodes[c].pn, self.nodes[c].dn))
            .collect();
        let (pn, dn) = if or {
            (
                kids.iter().map(|k| k.0).min().unwrap_or(INFINITE),
                kids.iter()
                    .fold(0u64, |s, k| s.saturating_add(k.1))
                    .min(INFINITE),
            )
        } else {
            (
                kids.iter()
                    .fold(0u64, |s, k| s.saturating_add(k.0))
                    .min(INFINITE),
                kids.iter().map(|k| k.1).min().unwrap_or(INFINITE),
            )
        };
        let node = &mut self.nodes[id];
        (node.pn, node.dn) = (pn, dn);
        if pn == 0 {
            node.state = NodeState::Won;
        } else if dn == 0 {
            node.state = NodeState::Lost;
        }
    }

    fn update_ancestors(&mut self, id: usize) {
        let mut at = self.nodes[id].parent;
        while let Some(p) = at {
            self.recompute(p);
            at = self.nodes[p].parent;
        }
    }

    /// The nodes whose jobs are in flight but no longer matter (an ancestor is decided).
    pub fn moot_pending(&self) -> Vec<usize> {
        (0..self.nodes.len())
            .filter(|&id| self.nodes[id].state == NodeState::Pending && self.moot(id))
            .collect()
    }

    fn moot(&self, id: usize) -> bool {
        let mut at = self.nodes[id].parent;
        while let Some(p) = at {
            if matches!(self.nodes[p].state, NodeState::Won | NodeState::Lost) {
                return true;
            }
            at = self.nodes[p].parent;
        }
        false
    }

    /// Forget that the job at `id` was sent (it was cancelled): the node is fresh again.
    pub fn unsend(&mut self, id: usize) {
        if self.nodes[id].state == NodeState::Pending {
            self.nodes[id].state = NodeState::Fresh;
        }
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    fn bent_three() -> Problem {
        crate::problem::load(
            &std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("problems/03-bent-three-kill.sgf"),
        )
        .unwrap()
    }

    #[test]
    fn an_undecided_root_is_expanded_and_its_children_are_chosen_in_turn() {
        let p = bent_three();
        let mut t = JobTree::new(&p, 2);
        assert_eq!(t.select(), Some(0));
        t.mark_pending(0);
        assert_eq!(t.select(), None, "the root's job is in flight");
        t.apply(0, None);
        // White (the OR player) has three plays in the region: no pass child.
        assert_eq!(t.root().children.len(), 3);
        let first = t.select().unwrap();
        t.mark_pending(first);
        let second = t.select().unwrap();
        assert_ne!(first, second);
        t.mark_pending(second);
        assert_eq!(
            t.select(),
            None,
            "top-k = 2 children in flight at the OR node"
        );
        t.apply(first, Some(false));
        let third = t.select().unwrap();
        assert!(third != first && third != second);
        t.apply(second, Some(true));
        assert_eq!(t.decided(), Some(true));
        assert_eq!(t.moot_pending(), Vec::<usize>::new());
    }

    #[test]
    fn an_and_node_is_won_when_every_child_is() {
        let p = bent_three();
        let mut t = JobTree::new(&p, 4);
        t.mark_pending(0);
        t.apply(0, None);
        let d1 = *t
            .root()
            .children
            .iter()
            .find(|&&c| t.nodes[c].path[0].to_gtp(9) == "D1")
            .unwrap();
        t.mark_pending(d1);
        t.apply(d1, None);
        let replies = t.nodes[d1].children.clone();
        assert!(replies.len() >= 2, "Black's plays and the pass");
        assert!(t.nodes[d1]
            .children
            .iter()
            .any(|&c| t.nodes[c].path.last() == Some(&Move::Pass)));
        for (i, &c) in replies.iter().enumerate() {
            t.mark_pending(c);
            t.apply(c, Some(true));
            let done = i + 1 == replies.len();
            assert_eq!(t.decided(), done.then_some(true));
        }
    }
}
