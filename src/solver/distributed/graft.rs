//! One proof from many: the manager's won tree with each job's proof grafted under its path,
//! a [`ProofTree`] like any other, for the independent checker, the studio and the SGF export.
//!
//! A won node whose own job proved it takes that job's proof (its root given the move that led
//! there); a node the goal test decided when the manager made it, the test's leaf. Otherwise a
//! won OR node takes its first won child (the tree's order), and a won AND node every won child
//! that is not covered by a null-move sibling; the siblings that cover others are marked as null
//! moves, and the checker answers every covered move (and every other move outside their zones)
//! with them, replaying their proofs after it. The manager's nodes have the whole board as their
//! zone and, at AND nodes, their children's moves as the must-play region: the checker derives
//! its own zones and reads the proof's only to find the child that answers a move.

use super::tree::{JobTree, NodeState};
use crate::go::{Move, Zone};
use crate::problem::Problem;
use crate::solver::proof::{ProofNode, ProofTree, Role};
use std::collections::HashMap;

/// Why a tree could not be assembled into a proof.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GraftError {
    #[error("the root is not won")]
    NotWon,
    #[error("the job at {path} was won but its proof is missing")]
    MissingProof { path: String },
    #[error("the job at {path} proved another claim ({why})")]
    OtherClaim { path: String, why: String },
}

/// The proof of `problem`'s claim from the won `tree` and the proofs of its won jobs (by node).
pub fn assemble(
    problem: &Problem,
    tree: &JobTree,
    proofs: &HashMap<usize, ProofTree>,
    superko: bool,
) -> Result<ProofTree, GraftError> {
    if tree.decided() != Some(true) {
        return Err(GraftError::NotWon);
    }
    for (&id, proof) in proofs {
        if proof.goal != problem.goal() || proof.or_player != problem.or_player() {
            return Err(GraftError::OtherClaim {
                path: path_words(problem, &tree.nodes[id].path),
                why: format!("{} for {}", proof.goal, proof.or_player),
            });
        }
    }
    Ok(ProofTree {
        size: problem.size(),
        goal: problem.goal(),
        or_player: problem.or_player(),
        superko,
        root: node(problem, tree, proofs, 0)?,
    })
}

fn node(
    problem: &Problem,
    tree: &JobTree,
    proofs: &HashMap<usize, ProofTree>,
    id: usize,
) -> Result<ProofNode, GraftError> {
    let n = &tree.nodes[id];
    let (mv, player) = match n.path.last() {
        Some(&mv) => (Some(mv), Some(n.to_move.opponent())),
        None => (None, None),
    };
    if let Some(proof) = proofs.get(&id) {
        let mut root = proof.root.clone();
        root.mv = mv;
        root.player = player;
        root.null_move = false;
        return Ok(root);
    }
    if let Some(leaf) = &n.leaf {
        return Ok(leaf.clone());
    }
    if n.state != NodeState::Won || n.children.is_empty() {
        return Err(GraftError::MissingProof {
            path: path_words(problem, &n.path),
        });
    }
    let or = n.to_move == problem.or_player();
    let won: Vec<usize> = n
        .children
        .iter()
        .copied()
        .filter(|&c| tree.nodes[c].state == NodeState::Won)
        .collect();
    let (children, must_play) = if or {
        let first = *won.first().ok_or_else(|| GraftError::MissingProof {
            path: path_words(problem, &n.path),
        })?;
        (vec![node(problem, tree, proofs, first)?], Zone::new())
    } else {
        // A pass ending the game is decided by the checker itself, with no node; a covered
        // move is answered by the null move covering it.
        let nulls: Vec<usize> = n
            .children
            .iter()
            .filter_map(|&c| tree.nodes[c].covered_by)
            .collect();
        let kids = won
            .iter()
            .filter(|&&c| !tree.nodes[c].ends_game && tree.nodes[c].covered_by.is_none())
            .map(|&c| {
                let mut kid = node(problem, tree, proofs, c)?;
                kid.null_move = nulls.contains(&c);
                Ok(kid)
            })
            .collect::<Result<Vec<_>, _>>()?;
        let must = kids
            .iter()
            .filter_map(|k| k.mv.and_then(Move::point))
            .collect();
        (kids, must)
    };
    Ok(ProofNode {
        mv,
        player,
        to_move: n.to_move,
        role: if or { Role::Or } else { Role::And },
        zone: Zone::full(problem.size()),
        must_play,
        null_move: false,
        children,
    })
}

/// `D1 pass C2` (the root: `the root`).
pub fn path_words(problem: &Problem, path: &[Move]) -> String {
    if path.is_empty() {
        return "the root".to_string();
    }
    path.iter()
        .map(|m| m.to_gtp(problem.size()))
        .collect::<Vec<_>>()
        .join(" ")
}
