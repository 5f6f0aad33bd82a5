//! A new node: decided at once (a repetition, the table, the pattern table, the goal test, two
//! passes, the ply limit), or expanded: its children generated as df-pn generates them, each
//! with what is known of it already, and the guide asked for their priors and the node's value.
//!
//! - **OR moves**: the ordering's plays in the region (cut to the OR width), then the pass where
//!   the rules let the OR player pass. A child the goal test decides as won (an immediate win,
//!   [`SolveConfig::immediate_wins`]) wins the node before any child is searched: on the 7x7
//!   Kill-all set this took problem 7 from 625 k nodes to 87 k and 16 from over 2.5 M to 215 k
//!   (BENCHMARKS.md).
//! - **AND moves**: the legal plays in the region with the AND player's illegal points (for the
//!   dilation), and the pass, which the AND player may always make. While the attacker (as the
//!   AND player) has passed fewer than [`SolveConfig::null_moves`] times on the line, its pass
//!   comes first and is selected first until decided: an explicit null move, whose proven zone
//!   prunes the other moves at once (see `select.rs`).

#[cfg(doc)]
use crate::solver::SolveConfig;

use super::tree::{AndState, Edge, Tree, NONE};
use crate::go::{Board, Color, Move, Point, Zone};
use crate::solver::engines::dfpn::outcome::{Loss, Outcome, State};
use crate::solver::kernel::and_node::AndProof;
use crate::solver::kernel::ordering::prior_crucial_blocks;
use crate::solver::kernel::search::{Solver, Value};
use crate::solver::kernel::tt::node_key;
use crate::solver::knowledge::guide::Guidance;

/// What the guide is asked about an expanded node (its position is the board's at the time).
#[derive(Clone, Debug)]
pub struct Request {
    pub node: u32,
    pub to_move: Color,
    pub after_pass: bool,
    pub last_move: Option<Point>,
    /// The node's plays, in the order of its edges.
    pub moves: Vec<Point>,
    /// Their ordering scores, for the heuristic guide's priors.
    pub scores: Vec<i32>,
}

/// The scores of `moves` in `scored` (points with their scores, best first). The moves of a
/// node are its ordered points with some left out, in the same order, so one walk finds them;
/// should one be missing, none (the guide then scores the moves itself).
fn scores_of(scored: &[(Point, i32)], moves: &[Point]) -> Vec<i32> {
    let mut rest = scored.iter();
    moves
        .iter()
        .map(|&m| rest.by_ref().find(|&&(p, _)| p == m).map(|&(_, s)| s))
        .collect::<Option<Vec<i32>>>()
        .unwrap_or_default()
}

impl Solver<'_> {
    /// The value of the node just reached by a move (its position on the board) that is known
    /// without expanding it, and the earliest line index it depends on; `plies` left.
    pub(super) fn known_at_once(
        &mut self,
        board: &Board,
        key: u64,
        to_move: Color,
        passed: bool,
        plies: u32,
    ) -> Option<(State, usize)> {
        let known = self.known(board, key, to_move, passed, plies, Outcome::open(1, 1));
        if !known.is_open() {
            return Some((known.state, known.earliest));
        }
        if let Some(v) = self.leaf_value(board) {
            let state = match v {
                Value::Win { zone, best, dist } => State::Win { zone, best, dist },
                _ => State::Lost(Loss::Proven),
            };
            return Some((state, usize::MAX));
        }
        let or = self.rules.or_player;
        if to_move == or && passed && self.rules.may_pass(or, board) {
            // The attacker passes after a pass: the defender has not lived.
            let zone = self.two_pass_zone(board);
            let won = State::Win {
                zone,
                best: Some(Move::Pass),
                dist: 1,
            };
            return Some((won, usize::MAX));
        }
        if plies == 0 {
            self.depth_cut = true;
            return Some((State::Lost(Loss::Cut), usize::MAX));
        }
        None
    }

    /// Expand the open node `id` (its position on the board, its key the last of the line's
    /// states): its edges, and nodes for the children already decided, whose values are backed
    /// up into it. Returns what to ask the guide when the node is still open.
    pub(super) fn expand(
        &mut self,
        tree: &mut Tree,
        board: &mut Board,
        id: u32,
    ) -> Option<Request> {
        let node = tree.node(id);
        let (to_move, passed, depth) = (node.to_move, node.passed, node.depth);
        let plies = self.config.max_depth.saturating_sub(depth);
        let or = self.rules.or_player;
        let mut decided: Vec<(usize, Zone)> = Vec::new();
        let first = tree.edges.len() as u32;
        let mut refusal_earliest = usize::MAX;
        // The moves in the order of the heuristic guide's scores, which its priors are made of
        // ([`crate::solver::knowledge::guide::GuideQuery::scores`]): with the crucial stones as the guide
        // has them (where any defender stone may live, every one of them; the depth-first
        // engines' ordering counts the problem's starting stones only).
        let crucial = prior_crucial_blocks(
            board,
            self.problem.goal(),
            self.rules.defender,
            &self.problem.crucial(),
        );
        let scored = self.scored_points_with(board, to_move, crucial);
        let ordered = scored.iter().map(|&(p, _)| p);
        if to_move == or {
            let (points, cut) = self.or_points_of(board, or, ordered.collect());
            tree.node_mut(id).pruned = cut;
            let pass = self.rules.may_pass(or, board).then_some(Move::Pass);
            for mv in points.into_iter().map(Move::Play).chain(pass) {
                if !self.try_or_move(board, or, mv, &mut refusal_earliest) {
                    continue;
                }
                let child = self.generated(tree, board, id, mv, plies, false);
                board.undo();
                if let Some(c) = child {
                    decided.push((tree.edges.len(), Zone::new()));
                    tree.edges.push(Edge {
                        mv,
                        prior: 0.0,
                        child: c,
                    });
                } else {
                    tree.edges.push(Edge {
                        mv,
                        prior: 0.0,
                        child: NONE,
                    });
                }
            }
        } else {
            let mut gen = self.and_moves_of(board, to_move, ordered);
            let pass_first = to_move != self.rules.defender
                && self.attacker_passes()
                    < self.config.null_moves_for(self.problem.goal()) as usize;
            let plays = gen.moves.iter().map(|&p| Move::Play(p));
            let order: Vec<Move> = if pass_first {
                std::iter::once(Move::Pass).chain(plays).collect()
            } else {
                plays.chain(std::iter::once(Move::Pass)).collect()
            };
            if self.root.active && depth == 0 {
                self.root.begin(false, &order, 0);
            }
            tree.node_mut(id).and = tree.ands.len() as u32;
            tree.ands.push(AndState {
                proof: AndProof::new(&gen.moves),
                gen: {
                    gen.moves = Vec::new();
                    gen
                },
                pass_first,
            });
            for mv in order {
                if self
                    .rules
                    .try_move(board, to_move, mv, &self.history)
                    .is_err()
                {
                    continue;
                }
                let captured = board.last_captures();
                let child = self.generated(tree, board, id, mv, plies, passed);
                board.undo();
                let c = child.unwrap_or(NONE);
                if c != NONE {
                    decided.push((tree.edges.len(), captured));
                }
                tree.edges.push(Edge {
                    mv,
                    prior: 0.0,
                    child: c,
                });
            }
        }
        let count = tree.edges.len() as u32 - first;
        let n = tree.node_mut(id);
        n.first = first;
        n.count = count;
        n.expanded = true;
        n.refusal_earliest = refusal_earliest;
        for (i, captured) in decided {
            self.note_root_child(tree, i);
            if self.child_decided(tree, board, id, i, &captured) {
                break;
            }
        }
        if tree.node(id).is_open() && to_move == or {
            // No move at all, or every one lost already.
            self.or_all_lost(tree, id);
        }
        if !tree.node(id).is_open() {
            return None;
        }
        let moves: Vec<Point> = tree.edges[tree.edge_range(id)]
            .iter()
            .filter_map(|e| e.mv.point())
            .collect();
        let scores = scores_of(&scored, &moves);
        Some(Request {
            node: id,
            to_move,
            after_pass: passed,
            last_move: self.line.last().and_then(|m| m.point()),
            moves,
            scores,
        })
    }

    /// The child of `parent` reached by `mv` (just played; `parent_passed`: the move before it
    /// was a pass) when its value is known already: a node holding that value. Two passes end
    /// the game; a waiting pass's child has the pass state cleared ([`Solver::passed_after`]).
    fn generated(
        &mut self,
        tree: &mut Tree,
        board: &Board,
        parent: u32,
        mv: Move,
        plies: u32,
        parent_passed: bool,
    ) -> Option<u32> {
        let mover = tree.node(parent).to_move;
        let to_move = mover.opponent();
        let passed = self.passed_after(board, mover, mv, parent_passed);
        let key = node_key(board, to_move, passed);
        let (state, earliest) = if passed && parent_passed {
            let state = if self.rules.or_wins_two_passes(board) {
                State::Win {
                    zone: self.two_pass_zone(board),
                    best: None,
                    dist: 0,
                }
            } else {
                State::Lost(Loss::Proven)
            };
            (state, usize::MAX)
        } else {
            let known = self.known(board, key, to_move, passed, plies - 1, Outcome::open(1, 1));
            if !known.is_open() {
                (known.state, known.earliest)
            } else if mover != self.rules.or_player {
                return None;
            } else {
                let (zone, best, dist) = self.immediate_win(board, mv)?;
                (State::Win { zone, best, dist }, usize::MAX)
            }
        };
        let depth = tree.node(parent).depth + 1;
        let c = tree.add(key, parent, depth, to_move, passed);
        tree.decide(c, state, earliest);
        Some(c)
    }

    /// A root child decided as the root was expanded: the progress events' root moves learn it.
    fn note_root_child(&mut self, tree: &Tree, i: usize) {
        let e = tree.edges[i];
        if !self.root.active || tree.node(e.child).depth != 1 {
            return;
        }
        self.root.enter(e.mv, self.nodes);
        let proven = self.mover_won(tree, e.child);
        self.root
            .leave(self.nodes, proven, self.iteration_depth, true);
    }

    /// For the player who moved into the decided node `child`: whether it reached its aim
    /// (`None` while open, or when lost without a failure being proven).
    pub(super) fn mover_won(&self, tree: &Tree, child: u32) -> Option<bool> {
        let c = tree.node(child);
        let mover_is_or = c.to_move != self.rules.or_player;
        match c.state {
            State::Win { .. } => Some(mover_is_or),
            State::Lost(Loss::Proven) => Some(!mover_is_or),
            _ => None,
        }
    }
}

/// Put the guide's answer on the node of `request`: priors on its edges (normalised over
/// them), and return the value of the node for the OR player: the guide's chance that the OR
/// player wins within the horizon less the node's depth ("Faster to Life", the paper's komi
/// less the path length), drawn towards [`super::select::NEUTRAL`] by `weight` (the
/// neutral value itself at 0, or when the guide has no estimate).
pub(super) fn apply_guidance(
    tree: &mut Tree,
    request: &Request,
    guidance: &Guidance,
    weight: f64,
) -> f64 {
    let range = tree.edge_range(request.node);
    let mut plays = guidance.priors.iter();
    let mut total = 0.0f32;
    for e in &mut tree.edges[range.clone()] {
        e.prior = match e.mv {
            Move::Play(_) => plays.next().copied().unwrap_or(0.0),
            Move::Pass => guidance.pass,
        }
        .max(0.0);
        total += e.prior;
    }
    let count = range.len().max(1) as f32;
    for e in &mut tree.edges[range] {
        e.prior = if total > 0.0 {
            e.prior / total
        } else {
            1.0 / count
        };
    }
    let neutral = super::select::NEUTRAL;
    let depth = tree.node(request.node).depth;
    let budget = super::FTL_HORIZON.saturating_sub(depth).max(1);
    guidance
        .win_within(budget)
        .map_or(neutral, |v| neutral + weight * (f64::from(v) - neutral))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_nodes_scores_are_found_in_its_ordered_points() {
        let p = |x| Point::new(x, 0);
        let scored = [(p(3), 90), (p(1), 40), (p(0), 40), (p(2), -10)];
        assert_eq!(scores_of(&scored, &[p(3), p(0), p(2)]), vec![90, 40, -10]);
        assert_eq!(scores_of(&scored, &[]), Vec::<i32>::new());
        // Out of order or not there: none.
        assert!(scores_of(&scored, &[p(0), p(3)]).is_empty());
        assert!(scores_of(&scored, &[p(4)]).is_empty());
    }

    #[test]
    fn the_guides_value_is_drawn_to_neutral_by_the_weight_and_priors_are_normalised() {
        use super::super::tree::{Edge, NONE};
        let p = |x| Point::new(x, 0);
        let mut tree = Tree::default();
        let node = tree.add(7, NONE, 2, Color::Black, false);
        tree.edges = [Move::Play(p(0)), Move::Play(p(1)), Move::Pass]
            .into_iter()
            .map(|mv| Edge {
                mv,
                prior: 0.0,
                child: NONE,
            })
            .collect();
        tree.node_mut(node).count = 3;
        let request = Request {
            node,
            to_move: Color::Black,
            after_pass: false,
            last_move: None,
            moves: vec![p(0), p(1)],
            scores: Vec::new(),
        };
        // The node is 2 plies deep: its estimate is the rate of winning within the horizon
        // less 2 plies.
        let mut dwin = vec![0.0f32; crate::solver::knowledge::guide::DWIN_HORIZON];
        dwin[super::super::FTL_HORIZON as usize - 3] = 0.9;
        let guidance = Guidance {
            priors: vec![0.3, 0.5],
            pass: 0.2,
            dwin,
        };
        let mut value = |w| apply_guidance(&mut tree, &request, &guidance, w);
        assert!((value(1.0) - 0.9).abs() < 1e-6);
        assert!((value(0.5) - 0.7).abs() < 1e-6);
        assert_eq!(value(0.0), super::super::select::NEUTRAL);
        let priors: Vec<f32> = tree.edges.iter().map(|e| e.prior).collect();
        assert_eq!(priors, vec![0.3, 0.5, 0.2]);
        // No estimate (the heuristic guide): neutral whatever the weight.
        let none = Guidance {
            dwin: Vec::new(),
            ..guidance
        };
        assert_eq!(
            apply_guidance(&mut tree, &request, &none, 1.0),
            super::super::select::NEUTRAL
        );
    }
}
