//! Selection: the child a simulation descends into, by PUCT (as the RZS paper's solver,
//! `../shared/research/solver-strength.md` §1):
//!
//! `score = Q + c(N) · P · √N / (1 + n)`, `c(N) = ln((1 + N + C_BASE) / C_BASE) + c`,
//!
//! with `N` the node's visits, `n` the child's, `P` its prior and `Q` its mean value for the
//! player to move (the OR player's value at OR nodes, one minus it at AND nodes), simulations in
//! flight counting as lost for the chooser (virtual loss). A child not visited yet gets the mean
//! `Q` of its visited siblings, or [`NEUTRAL`] when there are none.
//!
//! Skipped: decided children (a win at an OR node or a loss at an AND node decides the node
//! itself, so the others are lost or won for the OR player: nothing left to learn there) and,
//! at AND nodes, moves the must-play region dropped (a proven sibling's zone answers them).

use super::tree::{Tree, NONE};
use crate::go::Move;

/// The constant term `c` of the exploration factor when open leaves carry the guide's value
/// (playouts, or a net given [`crate::solver::SolveConfig::value_weight`]; the paper's
/// `PUCT_BIAS`).
pub const C_PUCT: f64 = 1.5;

/// The constant term `c` with a guide that has none (the heuristic prior): every open leaf is
/// then worth [`NEUTRAL`], so `Q` holds only what is proven below a child (the share of its
/// simulations that ended in a proven win or loss), and a smaller `c` lets that steer. On the
/// 7x7 Kill-all set (`BENCHMARKS.md`) 0.3 needs fewer nodes than 1.5 on most
/// problems (problem 16 is proven within 60 s only with it).
pub const C_PUCT_PROVEN_ONLY: f64 = 0.3;

/// The constant term `c` with a net's priors and no value (a net's default,
/// [`crate::nn::service::NET_VALUE_WEIGHT`]): open leaves are worth [`NEUTRAL`] as with the
/// heuristic prior, but the priors are worth following further. On the 19x19 research set at
/// 10 s (`BENCHMARKS.md`, "the net's value left out") 0.1, 0.3, 0.45, 0.6, 0.9, 1.5 and 4
/// proved 37, 38, 39, 40, 41, 36 and 34 of 69 problems.
pub const C_PUCT_NET_PRIORS: f64 = 0.9;

/// The visits at which the exploration factor has grown by one (AlphaZero's `c_base`).
pub const C_BASE: f64 = 19_652.0;

/// The value of a position nothing is known of.
pub const NEUTRAL: f64 = 0.5;

/// The exploration factor `c(N)` with the constant term `c`.
pub fn exploration(visits: f64, c: f64) -> f64 {
    ((1.0 + visits + C_BASE) / C_BASE).ln() + c
}

/// The edge (its index in `tree.edges`) a simulation takes from the open, expanded node `id`,
/// with the exploration constant `c`; `None` when no child may be entered (cannot happen at an
/// open node, see `backup.rs`).
pub fn select(tree: &Tree, id: u32, or_to_move: bool, c: f64) -> Option<usize> {
    let node = tree.node(id);
    let and = tree.and_state(id);
    let range = tree.edge_range(id);
    let in_region = |mv: Move| and.is_none_or(|a| a.proof.must.contains(mv));
    if let Some(a) = and.filter(|a| a.pass_first) {
        // The explicit null move first: the pass while it is open and in the region.
        let pass = range.clone().find(|&i| tree.edges[i].mv == Move::Pass);
        if let Some(i) = pass {
            let e = &tree.edges[i];
            let open = e.child == NONE || tree.node(e.child).is_open();
            if open && a.proof.must.contains(Move::Pass) {
                return Some(i);
            }
        }
    }
    // The value of a child for the player to move here.
    let own = |q_or: f64| if or_to_move { q_or } else { 1.0 - q_or };
    let mut sum = 0.0;
    let mut seen = 0u32;
    for e in &tree.edges[range.clone()] {
        if e.child != NONE {
            if let Some(q) = tree.node(e.child).mean_for_or(or_to_move) {
                sum += own(q);
                seen += 1;
            }
        }
    }
    let baseline = if seen > 0 { sum / seen as f64 } else { NEUTRAL };
    let visits = (node.visits + node.in_flight) as f64;
    let factor = exploration(visits, c) * visits.max(1.0).sqrt();
    let mut best: Option<(f64, usize)> = None;
    for i in range {
        let e = &tree.edges[i];
        if !in_region(e.mv) {
            continue;
        }
        let (q, n) = if e.child == NONE {
            (baseline, 0)
        } else {
            let c = tree.node(e.child);
            if !c.is_open() {
                continue;
            }
            match c.mean_for_or(or_to_move) {
                Some(q) => (own(q), c.visits + c.in_flight),
                None => (baseline, 0),
            }
        };
        let score = q + factor * e.prior as f64 / (1.0 + n as f64);
        // Ties go to the first edge: the ordering's order.
        if best.is_none_or(|(s, _)| score > s) {
            best = Some((score, i));
        }
    }
    best.map(|(_, i)| i)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::go::{Color, Point};
    use crate::solver::engines::dfpn::outcome::{Loss, State};
    use crate::solver::engines::mcts::tree::Edge;

    fn edge(x: usize, prior: f32) -> Edge {
        Edge {
            mv: Move::Play(Point::new(x, 0)),
            prior,
            child: NONE,
        }
    }

    /// A tree of an expanded OR root (Black to move) with one edge per prior, none tried.
    fn root_with(priors: &[f32]) -> (Tree, u32) {
        let mut t = Tree::default();
        let root = t.add(0, NONE, 0, Color::Black, false);
        t.edges = priors
            .iter()
            .enumerate()
            .map(|(x, &p)| edge(x, p))
            .collect();
        let n = t.node_mut(root);
        n.first = 0;
        n.count = priors.len() as u32;
        n.expanded = true;
        (t, root)
    }

    #[test]
    fn the_prior_leads_until_values_come_back_and_decided_children_are_skipped() {
        let (mut t, root) = root_with(&[0.2, 0.7, 0.1]);
        assert_eq!(select(&t, root, true, C_PUCT), Some(1));
        // The favourite loses every simulation: the others get their turn.
        let c = t.add(1, root, 1, Color::White, false);
        t.edges[1].child = c;
        for _ in 0..20 {
            t.add_value(c, 0.0, false);
        }
        assert_eq!(select(&t, root, true, C_PUCT), Some(0));
        // For the AND player that child wins every time, edge 0 (once visited) loses, and the
        // unvisited edge 2 gets their mean as its baseline: the winner stays the choice.
        let c0 = t.add(2, root, 1, Color::White, false);
        t.edges[0].child = c0;
        t.add_value(c0, 1.0, false);
        assert_eq!(select(&t, root, false, C_PUCT), Some(1));
        // A decided child is never entered again.
        t.decide(c, State::Lost(Loss::Proven), usize::MAX);
        t.decide(c0, State::Lost(Loss::Proven), usize::MAX);
        assert_eq!(select(&t, root, true, C_PUCT), Some(2));
    }

    #[test]
    fn a_small_constant_lets_proven_outcomes_outweigh_the_prior() {
        // Two children with 10 simulations each: the favourite of the prior has seen nothing
        // proven (all open leaves, 0.5), the other a proven win for the OR player in 4 of 10.
        let (mut t, root) = root_with(&[0.8, 0.2]);
        for (i, values) in [
            (0, [0.5; 10]),
            (1, [1.0, 1.0, 1.0, 1.0, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5]),
        ] {
            let c = t.add(i as u64 + 1, root, 1, Color::White, false);
            t.edges[i].child = c;
            for v in values {
                t.add_value(c, v, false);
            }
        }
        assert_eq!(select(&t, root, true, C_PUCT), Some(0));
        assert_eq!(select(&t, root, true, C_PUCT_PROVEN_ONLY), Some(1));
    }

    #[test]
    fn the_exploration_factor_grows_slowly_from_the_papers_constant() {
        assert!((exploration(0.0, C_PUCT) - C_PUCT).abs() < 1e-4);
        let grown = exploration(C_BASE, C_PUCT);
        assert!(grown > C_PUCT + 0.69 && grown < C_PUCT + 0.70);
    }
}
