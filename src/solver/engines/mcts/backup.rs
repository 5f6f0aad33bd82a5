//! Relevance-zone backup (the RZS paper, "Internal OR-Nodes" / "Internal AND-Nodes"; the
//! solver of `../shared/research/solver-strength.md` §1): what a decided child makes of its
//! parent, the zones dilated as the other engines dilate them.
//!
//! - **OR node**: the first child won makes it won, with zone `dilate_or(z' ∪ {m})`, the move
//!   as its best and proof length `dist + 1`; when every child is lost it is lost (a loss of
//!   the least final kind among them: `Cut` by the ply limit or `Pruned` by the OR width are no
//!   failures).
//! - **AND node**: a won child whose move lies outside its zone is a null move: the must-play
//!   region shrinks to the zone, and the siblings outside it are never selected again; a won
//!   child whose move is inside its zone (or captures inside it) only leaves the region
//!   ([`MustPlay::refuted`]). When the region is empty the node is won with the dilated union
//!   of its children's zones and proof length `longest + 1`. A child lost for the OR player
//!   makes the node lost.
//!
//! A node decided from its children is stored in the transposition table (and a win in the
//! pattern table) in df-pn's format, so that proof extraction rebuilds the proof from the table
//! as it does for df-pn, unless its value depends on the line above it (a repetition, or with
//! superko a refusal, referring to an earlier position): such values serve the tree node, which
//! only that line reaches, and are not stored.

#[cfg(doc)]
use crate::solver::kernel::must_play::MustPlay;

use super::tree::{Tree, NONE};
use crate::go::{Board, Move, Zone};
use crate::solver::engines::dfpn::outcome::{Loss, State};
use crate::solver::kernel::and_node::{answer_ends_game, WonChild};
use crate::solver::kernel::search::{Solver, Value};
use crate::solver::kernel::tt::Stored;

impl Solver<'_> {
    /// The child at edge `i` of the open node `parent` was decided: update `parent` (whose
    /// position is on the board; `captured`: the stones the child's move captured). Returns
    /// whether `parent` is now decided.
    pub(super) fn child_decided(
        &mut self,
        tree: &mut Tree,
        board: &mut Board,
        parent: u32,
        i: usize,
        captured: &Zone,
    ) -> bool {
        let edge = tree.edges[i];
        let child = tree.node(edge.child);
        let (state, child_earliest) = (child.state, child.earliest);
        let node = tree.node(parent);
        if !node.is_open() {
            return true;
        }
        let or = self.rules.or_player;
        if node.to_move == or {
            match state {
                State::Win { zone, dist, .. } => {
                    let zone = self.or_zone(board, or, edge.mv, &zone);
                    let won = State::Win {
                        zone,
                        best: Some(edge.mv),
                        dist: dist + 1,
                    };
                    let earliest = tree.children_earliest(parent);
                    tree.decide(parent, won, earliest);
                    true
                }
                State::Lost(_) => self.or_all_lost(tree, parent),
                State::Open => false,
            }
        } else {
            let Some(and) = tree.and_state(parent) else {
                return false;
            };
            if !and.proof.must.contains(edge.mv) {
                // Answered by a proven sibling's zone already.
                return false;
            }
            let (passed, mover) = (node.passed, node.to_move);
            let state = match state {
                State::Lost(_) if self.waiting_pass(board, mover, edge.mv, passed) => {
                    self.waiting_lost(board)
                }
                other => other,
            };
            match state {
                State::Lost(loss) => {
                    let earliest = tree.children_earliest(parent).min(child_earliest);
                    tree.decide(parent, State::Lost(loss), earliest);
                    true
                }
                State::Win { zone, best, dist } => self
                    .mcts_and_child_won(tree, board, parent, edge.mv, captured, zone, best, dist),
                State::Open => false,
            }
        }
    }

    /// What a waiting pass ([`Solver::waiting_pass`]) whose child (the position with the
    /// pass state cleared) is lost gives its AND parent: the OR player's game-ending pass wins,
    /// with the two-pass zone (no null move: the answer ends the game); a loss no table keeps
    /// when the zone constraint forbids that zone.
    fn waiting_lost(&self, board: &Board) -> State {
        match self.waiting_fallback(board) {
            Value::Win { zone, best, dist } => State::Win { zone, best, dist },
            _ => State::Lost(Loss::Cut),
        }
    }

    /// An OR node all of whose children may be lost: lost when none is open.
    pub(super) fn or_all_lost(&mut self, tree: &mut Tree, id: u32) -> bool {
        let mut loss = if tree.node(id).pruned {
            Loss::Pruned
        } else {
            Loss::Proven
        };
        for e in &tree.edges[tree.edge_range(id)] {
            if e.child == NONE {
                return false;
            }
            match tree.node(e.child).state {
                State::Lost(l) => loss = loss.max(l),
                State::Open | State::Win { .. } => return false,
            }
        }
        let earliest = tree.children_earliest(id);
        tree.decide(id, State::Lost(loss), earliest);
        true
    }

    /// The AND node `id`'s child by `mv` is won for the OR player with `zone` (its best reply
    /// `best`, proof length `dist`): the kernel's AND-node step ([`Solver::and_child_won`]: the
    /// must-play region shrinks or loses the move); an empty region wins the node
    /// ([`Solver::and_won`]). Returns whether it is decided.
    #[allow(clippy::too_many_arguments)]
    fn mcts_and_child_won(
        &mut self,
        tree: &mut Tree,
        board: &mut Board,
        id: u32,
        mv: Move,
        captured: &Zone,
        zone: Zone,
        best: Option<Move>,
        dist: u32,
    ) -> bool {
        let node = tree.node(id);
        let (passed, depth, to_move) = (node.passed, node.depth, node.to_move);
        let Some(and) = tree.and_state_mut(id) else {
            return false;
        };
        let won = WonChild {
            mv,
            captured,
            zone: &zone,
            ends_game: answer_ends_game(passed, best),
        };
        // The live view shows MCTS's AND node from the tree ([`super`]'s `show_and_node`).
        self.and_child_won(&mut and.proof, &won, dist, depth == 0, false);
        if !and.proof.is_proven() {
            return false;
        }
        let (zone, dist) = self.and_won(board, to_move, &and.proof, &and.gen);
        let earliest = tree.children_earliest(id);
        let won = State::Win {
            zone,
            best: None,
            dist,
        };
        tree.decide(id, won, earliest);
        true
    }

    /// Keep the value of `id`, decided from its children (its position on the board), in the
    /// transposition table, and a win in the pattern table, unless it depends on the line.
    pub(super) fn store_decided(&mut self, tree: &Tree, board: &Board, id: u32) {
        let node = tree.node(id);
        let won = matches!(node.state, State::Win { .. });
        if !self.line_free(node.earliest, node.depth as usize, won) {
            return;
        }
        let stored = match node.state {
            State::Win { zone, best, dist } => {
                self.patterns
                    .store(board, node.to_move, node.passed, &zone, best, dist);
                Stored::Win { zone, best, dist }
            }
            State::Lost(Loss::Proven) => Stored::Fail,
            // No win within the OR width: a bound of the table's width only (as df-pn keeps
            // it; see `table_pool.rs`).
            State::Lost(Loss::Pruned) => Stored::Bounds {
                pn: u32::MAX,
                dn: 0,
            },
            State::Lost(Loss::Cut) | State::Open => return,
        };
        self.tt.store(node.key, stored, u64::from(node.visits) + 1);
    }
}

#[cfg(test)]
mod tests {
    //! The backup rules on hand-made trees over a real position (for the dilation): the child
    //! values are set by hand, as a search would have found them.
    use super::*;
    use crate::go::{Color, Point};
    use crate::problem::fixtures::bent_three_live;
    use crate::problem::Problem;
    use crate::solver::engines::mcts::tree::{AndState, Edge};
    use crate::solver::kernel::and_node::AndProof;
    use crate::solver::kernel::dilate::dilate_or;
    use crate::solver::kernel::search::AndMoves;
    use crate::solver::{Engine, SolveConfig};

    fn problem() -> Problem {
        bent_three_live().validate().expect("the fixture is valid")
    }

    /// The bent three with Black (the AND player) to move.
    fn and_to_move() -> Problem {
        let mut s = bent_three_live();
        s.to_move = Some(Color::Black);
        s.expected = None;
        s.validate().expect("the fixture is valid")
    }

    fn config() -> SolveConfig {
        SolveConfig {
            engine: Engine::MCTS,
            ..SolveConfig::default()
        }
    }

    fn play(x: usize) -> Move {
        Move::Play(Point::new(x, 0))
    }

    /// A tree of one expanded root (`to_move`) with children by `moves`, all open; AND roots get
    /// a must-play region of the plays.
    fn tree_with(to_move: Color, moves: &[Move]) -> Tree {
        let mut t = Tree::default();
        let root = t.add(0, NONE, 0, to_move, false);
        for (k, &mv) in moves.iter().enumerate() {
            let c = t.add(k as u64 + 1, root, 1, to_move.opponent(), mv == Move::Pass);
            t.edges.push(Edge {
                mv,
                prior: 0.0,
                child: c,
            });
        }
        let n = t.node_mut(root);
        n.first = 0;
        n.count = moves.len() as u32;
        n.expanded = true;
        if to_move == Color::Black {
            let plays: Vec<Point> = moves.iter().filter_map(|m| m.point()).collect();
            t.ands.push(AndState {
                proof: AndProof::new(&plays),
                gen: AndMoves {
                    moves: Vec::new(),
                    illegal: Vec::new(),
                    superko_refusal: false,
                    earliest: usize::MAX,
                },
                pass_first: false,
            });
            t.node_mut(root).and = 0;
        }
        t
    }

    fn win(zone: Zone, dist: u32) -> State {
        State::Win {
            zone,
            best: None,
            dist,
        }
    }

    #[test]
    fn the_first_won_child_wins_an_or_node_with_the_dilated_zone() {
        let p = problem();
        let mut solver = Solver::new(&p, config());
        let mut board = p.board().clone();
        let moves = [play(0), play(1), play(2)];
        let mut t = tree_with(Color::White, &moves);
        let lost = State::Lost(Loss::Proven);
        t.decide(t.edges[0].child, lost, usize::MAX);
        assert!(!solver.child_decided(&mut t, &mut board, 0, 0, &Zone::new()));
        assert!(t.node(0).is_open());
        let z: Zone = [Point::new(1, 0), Point::new(0, 1)].into_iter().collect();
        t.decide(t.edges[1].child, win(z, 4), usize::MAX);
        assert!(solver.child_decided(&mut t, &mut board, 0, 1, &Zone::new()));
        let expected = dilate_or(&mut board, Color::White, play(1), &z, &Zone::new());
        match t.node(0).state {
            State::Win { zone, best, dist } => {
                assert_eq!((best, dist), (Some(play(1)), 5));
                assert_eq!(zone, solver.or_zone(&mut board, Color::White, play(1), &z));
                // Live is the decisive-stone goal: A4 is a crucial defender stone.
                assert!(expected.is_subset(&zone));
                assert!(zone.contains(Point::new(1, 0)));
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn an_or_node_whose_children_are_all_lost_is_lost_of_the_least_final_kind() {
        let p = problem();
        let mut solver = Solver::new(&p, config());
        let mut board = p.board().clone();
        let mut t = tree_with(Color::White, &[play(0), play(1)]);
        t.decide(t.edges[0].child, State::Lost(Loss::Cut), usize::MAX);
        assert!(!solver.child_decided(&mut t, &mut board, 0, 0, &Zone::new()));
        t.decide(t.edges[1].child, State::Lost(Loss::Proven), 0);
        assert!(solver.child_decided(&mut t, &mut board, 0, 1, &Zone::new()));
        assert!(matches!(t.node(0).state, State::Lost(Loss::Cut)));
        assert_eq!(t.node(0).earliest, 0);
    }

    #[test]
    fn a_null_move_shrinks_the_must_play_region_and_an_empty_region_wins() {
        // Black (AND) to move in the bent three; the plays A5 B5 C5 and the pass.
        let p = and_to_move();
        let mut solver = Solver::new(&p, config());
        let mut board = p.board().clone();
        let moves = [play(0), play(1), play(2), Move::Pass];
        let mut t = tree_with(Color::Black, &moves);
        // A5 answered with a zone holding B5 only: a null move; C5 and the pass leave.
        let z: Zone = [Point::new(1, 0)].into_iter().collect();
        t.decide(t.edges[0].child, win(z, 3), usize::MAX);
        assert!(!solver.child_decided(&mut t, &mut board, 0, 0, &Zone::new()));
        let must = &t.ands[0].proof.must;
        assert_eq!(must.plays(), z);
        assert!(!must.contains(Move::Pass) && !must.contains(play(2)));
        // A sibling outside the region changes nothing, even lost.
        t.decide(t.edges[2].child, State::Lost(Loss::Proven), usize::MAX);
        assert!(!solver.child_decided(&mut t, &mut board, 0, 2, &Zone::new()));
        assert!(t.node(0).is_open());
        // B5 answered inside its own zone: it leaves, the region is empty, the node is won.
        let z2: Zone = [Point::new(1, 0), Point::new(2, 0)].into_iter().collect();
        t.decide(t.edges[1].child, win(z2, 6), usize::MAX);
        assert!(solver.child_decided(&mut t, &mut board, 0, 1, &Zone::new()));
        match t.node(0).state {
            State::Win { zone, best, dist } => {
                assert_eq!((best, dist), (None, 7));
                assert!(z.union(&z2).is_subset(&zone));
                let gen = &t.ands[0].gen;
                let expected = solver.and_zone(&board, Color::Black, &z.union(&z2), gen, false);
                assert_eq!(zone, expected);
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn a_move_inside_its_zone_only_leaves_and_a_lost_child_loses_the_and_node() {
        let p = and_to_move();
        let mut solver = Solver::new(&p, config());
        let mut board = p.board().clone();
        let moves = [play(0), play(1), Move::Pass];
        let mut t = tree_with(Color::Black, &moves);
        let z: Zone = [Point::new(0, 0), Point::new(1, 0)].into_iter().collect();
        t.decide(t.edges[0].child, win(z, 2), usize::MAX);
        assert!(!solver.child_decided(&mut t, &mut board, 0, 0, &Zone::new()));
        let must = &t.ands[0].proof.must;
        assert!(!must.contains(play(0)) && must.contains(play(1)) && must.contains(Move::Pass));
        t.decide(t.edges[1].child, State::Lost(Loss::Proven), 1);
        assert!(solver.child_decided(&mut t, &mut board, 0, 1, &Zone::new()));
        assert!(matches!(t.node(0).state, State::Lost(Loss::Proven)));
        assert_eq!(t.node(0).earliest, 1);
    }

    #[test]
    fn a_lost_waiting_pass_is_the_game_ending_pass_win() {
        // Seki is life here (`live`): Black's pass is a waiting move, whose child (White to
        // move, the pass state cleared) is lost; White answers the real pass by passing.
        let p = and_to_move();
        let mut solver = Solver::new(&p, config());
        let mut board = p.board().clone();
        let moves = [play(0), Move::Pass];
        let mut t = tree_with(Color::Black, &moves);
        t.decide(t.edges[1].child, State::Lost(Loss::Proven), usize::MAX);
        assert!(!solver.child_decided(&mut t, &mut board, 0, 1, &Zone::new()));
        assert!(
            t.node(0).is_open(),
            "the pass is refuted, the node stays open"
        );
        let must = &t.ands[0].proof.must;
        assert!(!must.contains(Move::Pass), "the pass is answered");
        assert!(
            must.contains(play(0)),
            "the game's end answers no other move"
        );
    }
}
