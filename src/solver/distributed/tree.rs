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
//! An AND node has a child for every legal AND move of the region and the pass, the pass
//! first. Its must-play region shrinks as the search's does ([`crate::solver::kernel::must_play`],
//! RZS paper, Algorithm 1): a child won with the zone `z` of its proof (a job's proof root, or the
//! goal test's leaf) whose move is outside `z` and captured nothing inside it is a *null move*,
//! and every sibling whose move is outside `z` is *covered* by it: the same answer wins after that
//! move too (the checker replays it there), so the sibling needs no job and a job in flight for it
//! is moot. While an AND node's pass is in flight, its siblings are sent only when nothing else is
//! left to send (JL-PNS's flagging): the pass's zone usually covers most of them. The OR player's
//! pass is not expanded (a job may still play it). The manager's choices depend only on the
//! results, so a manager run again on the same results (its log) builds the same tree.

use crate::go::{Board, Color, Move, Zone};
use crate::problem::Problem;
use crate::solver::kernel::leaf::Leaf;
use crate::solver::kernel::rules::Rules;
use crate::solver::proof::{LeafKind, ProofNode, Role};
use crate::solver::{GoalTest, SolveConfig};
use std::collections::HashMap;

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
    /// A won node's zone (its job's proof root, or its goal-test leaf); `None` for the
    /// manager's own won nodes, which are never null moves.
    pub zone: Option<Zone>,
    /// A child of an AND node answered by its null-move sibling `covered_by`: it needs no job.
    pub covered_by: Option<usize>,
}

impl TreeNode {
    /// Was this position reached by a pass? (The next pass would end the game.)
    pub fn after_pass(&self) -> bool {
        self.path.last() == Some(&Move::Pass)
    }

    /// The node's numbers as its parent counts them: a covered node is as good as proven.
    fn numbers(&self) -> (u64, u64) {
        if self.covered_by.is_some() {
            (0, INFINITE)
        } else {
            (self.pn, self.dn)
        }
    }
}

/// What a job's result says of its node.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The claim's OR player wins there; the zone of the proof's root.
    Won(Zone),
    Lost,
    /// The job stopped undecided: the node is expanded.
    Undecided,
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
    /// The nodes by position key ([`position_key`]), for [`JobTree::twins`].
    by_position: HashMap<u64, Vec<usize>>,
    /// The problem's crucial points, for [`JobTree::asks_another_claim`].
    crucial: Zone,
}

/// The key of a node's position: the stones, the side to move, its ko point, and whether a pass
/// would end the game.
fn position_key(board: &Board, to_move: Color, after_pass: bool) -> u64 {
    board.position_hash(to_move) ^ if after_pass { AFTER_PASS_KEY } else { 0 }
}

/// Salt of [`position_key`] for a position reached by a pass.
const AFTER_PASS_KEY: u64 = 0x9e37_79b9_7f4a_7c15;

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
                zone: None,
                covered_by: None,
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
            crucial: problem.crucial(),
            by_position: HashMap::from([(
                position_key(problem.board(), problem.to_move(), false),
                vec![0],
            )]),
        }
    }

    /// The other nodes with the same position as `id`: the same stones, side to move, ko point
    /// and pass state, so the same game from there under simple ko (a result of one holds for
    /// the others; with superko the history matters and no node has twins).
    pub fn twins(&self, id: usize) -> Vec<usize> {
        if self.rules.superko {
            return Vec::new();
        }
        let n = &self.nodes[id];
        let same = |o: &TreeNode| {
            o.to_move == n.to_move
                && o.after_pass() == n.after_pass()
                && o.board.ko_point_for(o.to_move) == n.board.ko_point_for(n.to_move)
                && o.board.stones(Color::Black) == n.board.stones(Color::Black)
                && o.board.stones(Color::White) == n.board.stones(Color::White)
        };
        self.by_position
            .get(&position_key(&n.board, n.to_move, n.after_pass()))
            .map(|ids| {
                ids.iter()
                    .copied()
                    .filter(|&o| o != id && same(&self.nodes[o]))
                    .collect()
            })
            .unwrap_or_default()
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
    /// flight (or the root is decided). The siblings of an AND node's pass in flight are held
    /// back while anything else can be sent.
    pub fn select(&self) -> Option<usize> {
        self.select_holding(true)
            .or_else(|| self.select_holding(false))
    }

    fn select_holding(&self, hold: bool) -> Option<usize> {
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
                .filter(|&c| self.virtual_numbers(c, hold).0 > 0);
            let next = if self.is_or(id) {
                if self.in_flight(id) >= self.top_k {
                    return None;
                }
                open.min_by_key(|&c| (self.virtual_numbers(c, hold).0, c))
            } else {
                open.min_by_key(|&c| (self.virtual_numbers(c, hold).1, c))
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

    /// Is `id` an AND node whose pass is in flight, no null move found yet? (Its other children
    /// wait: the pass's zone may cover them.)
    fn waits_for_pass(&self, id: usize) -> bool {
        let node = &self.nodes[id];
        !self.is_or(id)
            && node.children.iter().any(|&c| {
                self.nodes[c].path.last() == Some(&Move::Pass)
                    && self.nodes[c].state == NodeState::Pending
            })
            && node
                .children
                .iter()
                .all(|&c| self.nodes[c].covered_by.is_none())
    }

    /// The node's numbers with jobs in flight counted as won (for the choice only); with
    /// `hold`, an AND node waiting for its pass counts as won too.
    fn virtual_numbers(&self, id: usize, hold: bool) -> (u64, u64) {
        let node = &self.nodes[id];
        if node.covered_by.is_some() {
            return (0, INFINITE);
        }
        match node.state {
            NodeState::Pending => (0, INFINITE),
            // An OR node with `top_k` children in flight takes no more: as good as proven.
            NodeState::Expanded if self.is_or(id) && self.in_flight(id) >= self.top_k => {
                (0, INFINITE)
            }
            NodeState::Expanded if hold && self.waits_for_pass(id) => (0, INFINITE),
            NodeState::Expanded => {
                let kids = node.children.iter().map(|&c| self.virtual_numbers(c, hold));
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

    /// Would a job at `id` ask another claim than the problem's? A job's problem leaves out
    /// the crucial stones captured on its path (a problem's crucial stones are stones), so a
    /// stone the defender plays again on such a point would not count there, as it does in
    /// the search of the whole claim and for the checker: such a node is expanded by the
    /// manager instead (its descendants the same, until the goal test decides them).
    pub fn asks_another_claim(&self, id: usize) -> bool {
        !self
            .crucial
            .difference(&self.nodes[id].board.stones(self.rules.defender))
            .is_empty()
    }

    /// The job at `id` was sent.
    pub fn mark_pending(&mut self, id: usize) {
        self.nodes[id].state = NodeState::Pending;
    }

    /// The job at `id` proved the claim there ([`Outcome::Won`], with its proof's zone),
    /// disproved it, or stopped undecided (the node is expanded). Results for nodes already
    /// decided or covered (by a sibling's result) are ignored.
    pub fn apply(&mut self, id: usize, outcome: Outcome) {
        let node = &self.nodes[id];
        if !matches!(node.state, NodeState::Pending | NodeState::Fresh) || node.covered_by.is_some()
        {
            return;
        }
        match outcome {
            Outcome::Won(zone) => {
                self.settle(id, true);
                self.nodes[id].zone = Some(zone);
                self.cover_siblings(id);
            }
            Outcome::Lost => self.settle(id, false),
            Outcome::Undecided => self.expand(id),
        }
        self.update_ancestors(id);
    }

    fn settle(&mut self, id: usize, won: bool) {
        let node = &mut self.nodes[id];
        node.state = if won { NodeState::Won } else { NodeState::Lost };
        (node.pn, node.dn) = if won { (0, INFINITE) } else { (INFINITE, 0) };
    }

    /// Is the won child `id` of an AND node a null move: its move outside its zone, capturing
    /// nothing inside it (a pass that ended the game is none: it answers only itself)?
    fn null_move_zone(&self, id: usize) -> Option<Zone> {
        let node = &self.nodes[id];
        let parent = &self.nodes[node.parent?];
        let zone = node.zone?;
        if parent.to_move == self.or_player || node.state != NodeState::Won {
            return None;
        }
        match *node.path.last()? {
            Move::Pass if node.ends_game => None,
            Move::Pass => Some(zone),
            Move::Play(p) => {
                let them = node.to_move;
                let captured = parent
                    .board
                    .stones(them)
                    .difference(&node.board.stones(them));
                (!zone.contains(p) && !captured.intersects(&zone)).then_some(zone)
            }
        }
    }

    /// The won child `id` of an AND node is a null move: every sibling whose move is outside its
    /// zone (the pass too) is covered by it, unless already decided.
    fn cover_siblings(&mut self, id: usize) {
        let Some(zone) = self.null_move_zone(id) else {
            return;
        };
        let Some(parent) = self.nodes[id].parent else {
            return;
        };
        for s in self.nodes[parent].children.clone() {
            let sib = &self.nodes[s];
            let outside = match sib.path.last() {
                Some(Move::Play(q)) => !zone.contains(*q),
                Some(Move::Pass) => !sib.ends_game,
                None => false,
            };
            if s != id
                && outside
                && sib.covered_by.is_none()
                && !matches!(sib.state, NodeState::Won | NodeState::Lost)
            {
                self.nodes[s].covered_by = Some(id);
            }
        }
    }

    /// The children of an undecided node: every legal play in the region of the side to move,
    /// and its pass where the rules let it pass (the AND player always, first, as the search
    /// tries it; the OR player when two passes win for it, last). A pass after a pass ends the
    /// game, decided at once by the rules of two passes. An OR node without a child is lost.
    fn expand(&mut self, id: usize) {
        let (board, to_move, path, passed) = {
            let n = &self.nodes[id];
            (n.board.clone(), n.to_move, n.path.clone(), n.after_pass())
        };
        // The plays the search's rules allow (the problem's ko rules and, with superko, the
        // line's history), not merely the board's: a job at a path the rules forbid would prove
        // a line the checker refuses.
        let history = self.history(id);
        let mut moves: Vec<Move> = self
            .region
            .iter()
            .filter(|&p| board.is_empty(p))
            .map(Move::Play)
            .collect();
        if self.rules.may_pass(to_move, &board) {
            if to_move == self.or_player {
                moves.push(Move::Pass);
            } else {
                moves.insert(0, Move::Pass);
            }
        }
        let mut children = Vec::with_capacity(moves.len());
        for mv in moves {
            let mut next = board.clone();
            if self
                .rules
                .try_move(&mut next, to_move, mv, &history)
                .is_err()
            {
                continue;
            }
            next.clear_history();
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
            self.by_position
                .entry(position_key(&next, to_move.opponent(), mv == Move::Pass))
                .or_default()
                .push(child);
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
                zone: None,
                covered_by: None,
            });
            if let Some((leaf, _)) = decided {
                self.settle(child, leaf.is_win());
                if let Leaf::Win(zone) = leaf {
                    self.nodes[child].zone = Some(zone);
                }
            }
        }
        // A child the goal test won may be a null move (in the order of the children).
        for &child in &children {
            self.cover_siblings(child);
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

    /// The stone hashes of the positions from the root to `id` (for positional superko;
    /// nothing without it).
    fn history(&self, id: usize) -> Vec<u64> {
        if !self.rules.superko {
            return Vec::new();
        }
        let mut hashes = Vec::new();
        let mut at = Some(id);
        while let Some(n) = at {
            hashes.push(self.nodes[n].board.hash());
            at = self.nodes[n].parent;
        }
        hashes.reverse();
        hashes
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
            .map(|&c| self.nodes[c].numbers())
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

    /// The nodes whose jobs are in flight but no longer matter (covered, or an ancestor is
    /// decided or covered).
    pub fn moot_pending(&self) -> Vec<usize> {
        (0..self.nodes.len())
            .filter(|&id| self.nodes[id].state == NodeState::Pending && self.moot(id))
            .collect()
    }

    /// Does the node no longer matter (covered, or an ancestor decided or covered)?
    pub fn moot(&self, id: usize) -> bool {
        if self.nodes[id].covered_by.is_some() {
            return true;
        }
        let mut at = self.nodes[id].parent;
        while let Some(p) = at {
            let n = &self.nodes[p];
            if matches!(n.state, NodeState::Won | NodeState::Lost) || n.covered_by.is_some() {
                return true;
            }
            at = n.parent;
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
        t.apply(0, Outcome::Undecided);
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
        t.apply(first, Outcome::Lost);
        let third = t.select().unwrap();
        assert!(third != first && third != second);
        t.apply(second, Outcome::Won(Zone::full(9)));
        assert_eq!(t.decided(), Some(true));
        assert_eq!(t.moot_pending(), Vec::<usize>::new());
    }

    #[test]
    fn an_and_node_is_won_when_every_child_is() {
        let p = bent_three();
        let mut t = JobTree::new(&p, 4);
        t.mark_pending(0);
        t.apply(0, Outcome::Undecided);
        let d1 = *t
            .root()
            .children
            .iter()
            .find(|&&c| t.nodes[c].path[0].to_gtp(9) == "D1")
            .unwrap();
        t.mark_pending(d1);
        t.apply(d1, Outcome::Undecided);
        let replies = t.nodes[d1].children.clone();
        assert!(replies.len() >= 2, "Black's plays and the pass");
        assert!(t.nodes[d1]
            .children
            .iter()
            .any(|&c| t.nodes[c].path.last() == Some(&Move::Pass)));
        for (i, &c) in replies.iter().enumerate() {
            t.mark_pending(c);
            t.apply(c, Outcome::Won(Zone::full(9)));
            let done = i + 1 == replies.len();
            assert_eq!(t.decided(), done.then_some(true));
        }
    }

    /// White's D1 in the bent three, expanded: Black's AND node, its pass first.
    fn and_node_after_d1(top_k: usize) -> (JobTree, usize) {
        let p = bent_three();
        let mut t = JobTree::new(&p, top_k);
        t.mark_pending(0);
        t.apply(0, Outcome::Undecided);
        let d1 = child(&t, 0, "D1");
        t.mark_pending(d1);
        t.apply(d1, Outcome::Undecided);
        (t, d1)
    }

    fn child(t: &JobTree, id: usize, mv: &str) -> usize {
        *t.nodes[id]
            .children
            .iter()
            .find(|&&c| t.nodes[c].path.last().map(|m| m.to_gtp(9)).as_deref() == Some(mv))
            .unwrap()
    }

    fn zone_of(points: &[&str]) -> Zone {
        points
            .iter()
            .map(|p| crate::go::Point::from_gtp(p, 9).unwrap())
            .collect()
    }

    #[test]
    fn a_won_pass_covers_the_and_moves_outside_its_zone() {
        let (mut t, d1) = and_node_after_d1(4);
        let kids = t.nodes[d1].children.clone();
        assert_eq!(
            t.nodes[kids[0]].path.last(),
            Some(&Move::Pass),
            "the pass first"
        );
        let (c1, d2) = (child(&t, d1, "C1"), child(&t, d1, "D2"));
        // While D1's pass is in flight its siblings wait (the node counts as proven for the
        // choice) as long as other work can be sent (White's other moves); when none can, they
        // go.
        t.mark_pending(kids[0]);
        let others = [child(&t, 0, "C1"), child(&t, 0, "D2")];
        assert!(others.contains(&t.select().unwrap()));
        others.iter().for_each(|&o| t.mark_pending(o));
        assert_eq!(t.virtual_numbers(d1, true), (0, INFINITE));
        assert_eq!(t.virtual_numbers(d1, false), (2, 1));
        let sibling = t.select().unwrap();
        assert!(sibling == c1 || sibling == d2, "{sibling}");
        t.mark_pending(d2);
        t.apply(kids[0], Outcome::Won(zone_of(&["C1", "D1", "C2"])));
        assert_eq!(
            t.nodes[d2].covered_by,
            Some(kids[0]),
            "D2 is outside the zone"
        );
        assert_eq!(t.nodes[c1].covered_by, None, "C1 is inside it");
        assert!(t.moot_pending().contains(&d2), "D2's job is moot");
        assert_eq!(t.nodes[d1].state, NodeState::Expanded);
        t.mark_pending(c1);
        t.apply(c1, Outcome::Won(zone_of(&["C1", "D1"])));
        assert_eq!(
            t.nodes[d1].state,
            NodeState::Won,
            "pass and C1 won, D2 covered"
        );
        assert_eq!(t.decided(), Some(true));
    }

    #[test]
    fn a_play_inside_its_own_zone_is_no_null_move() {
        let (mut t, d1) = and_node_after_d1(4);
        let (c1, d2) = (child(&t, d1, "C1"), child(&t, d1, "D2"));
        t.mark_pending(c1);
        t.apply(c1, Outcome::Won(zone_of(&["C1", "D1"])));
        assert_eq!(t.nodes[d2].covered_by, None);
        // Outside its zone, C1 is a null move: D2 and the pass are covered.
        let (mut t, d1) = and_node_after_d1(4);
        let (c1, d2) = (child(&t, d1, "C1"), child(&t, d1, "D2"));
        t.mark_pending(c1);
        t.apply(c1, Outcome::Won(zone_of(&["D1"])));
        assert_eq!(t.nodes[d2].covered_by, Some(c1));
        let pass = t.nodes[d1].children[0];
        assert_eq!(t.nodes[pass].covered_by, Some(c1));
        assert_eq!(t.nodes[d1].state, NodeState::Won);
    }

    #[test]
    fn the_same_position_by_another_path_is_a_twin() {
        let p = bent_three();
        let mut t = JobTree::new(&p, 4);
        t.apply(0, Outcome::Undecided);
        // White D1, Black C1, White D2 and White D2, Black C1, White D1 meet.
        let (d1, d2) = (child(&t, 0, "D1"), child(&t, 0, "D2"));
        let mut ends = Vec::new();
        for (first, third) in [(d1, "D2"), (d2, "D1")] {
            t.apply(first, Outcome::Undecided);
            let c1 = child(&t, first, "C1");
            t.apply(c1, Outcome::Undecided);
            ends.push(child(&t, c1, third));
        }
        assert_eq!(t.twins(ends[0]), vec![ends[1]]);
        assert_eq!(t.twins(ends[1]), vec![ends[0]]);
        assert!(t.twins(d1).is_empty());
    }
}
