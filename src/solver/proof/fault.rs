//! Corrupting a proof on purpose: the faults a search bug could make, used to test that the
//! product's checking path ([`crate::solver::proof::certify`]) rejects such a proof, writes its reproduction file
//! and reports an internal error (the command line's hidden `--inject-fault`, and tests).
//!
//! Each fault changes the first place of the proof (in breadth-first order) where it applies:
//! - [`Fault::WrongMove`]: the first OR move is replaced by another legal play of the region;
//! - [`Fault::MissingReply`]: an AND node loses the child of one searched reply (a play that is
//!   not a null move);
//! - [`Fault::SmallZone`]: a null-move child's zone loses the points of its searched siblings,
//!   and those siblings are dropped, as a search that computed too small a zone would prune them.

use crate::go::{Board, Move, Zone};
use crate::problem::Problem;
use crate::solver::proof::{ProofNode, ProofTree, Role};
use std::collections::VecDeque;
use std::fmt;
use std::str::FromStr;

/// One way to corrupt a proof.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fault {
    WrongMove,
    MissingReply,
    SmallZone,
}

impl Fault {
    pub const ALL: [Fault; 3] = [Fault::WrongMove, Fault::MissingReply, Fault::SmallZone];

    /// `wrong-move`, `missing-reply`, `small-zone`.
    pub fn name(self) -> &'static str {
        match self {
            Fault::WrongMove => "wrong-move",
            Fault::MissingReply => "missing-reply",
            Fault::SmallZone => "small-zone",
        }
    }

    /// Corrupt `proof` (a proof of `claim`'s claim). Errors: the proof has no place for this
    /// fault (e.g. no AND node).
    pub fn apply(self, claim: &Problem, proof: &mut ProofTree) -> Result<(), String> {
        let applied = match self {
            Fault::WrongMove => wrong_move(claim, proof),
            Fault::MissingReply => first_and_node(&mut proof.root, missing_reply),
            Fault::SmallZone => first_and_node(&mut proof.root, small_zone),
        };
        if applied {
            Ok(())
        } else {
            Err(format!("the proof has no place for the fault {self}"))
        }
    }
}

impl fmt::Display for Fault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Fault {
    type Err = String;

    fn from_str(s: &str) -> Result<Fault, String> {
        Fault::ALL
            .into_iter()
            .find(|f| f.name() == s)
            .ok_or_else(|| format!("{s:?} is not a fault (wrong-move, missing-reply, small-zone)"))
    }
}

/// Replace the first OR move on the proof's first line by another legal play of the region.
fn wrong_move(claim: &Problem, proof: &mut ProofTree) -> bool {
    let mut board: Board = claim.board().clone();
    let mut node = &mut proof.root;
    // Down the first line to the first OR node, playing the AND moves on the way.
    while node.role != Role::Or {
        let Some(child) = node.children.first_mut() else {
            return false;
        };
        if let (Some(mv), Some(player)) = (child.mv, child.player) {
            board.play_recorded(player, mv);
        }
        node = child;
    }
    let Some(child) = node.children.first_mut() else {
        return false;
    };
    let or = claim.or_player();
    let other = claim
        .region()
        .iter()
        .filter(|&p| board.is_empty(p) && !board.is_suicide(or, p))
        .filter(|&p| board.ko_point_for(or) != Some(p))
        .map(Move::Play)
        .find(|&m| Some(m) != child.mv);
    match other {
        Some(m) => {
            child.mv = Some(m);
            true
        }
        None => false,
    }
}

/// Apply `change` to the AND nodes in breadth-first order until it applies to one.
fn first_and_node(root: &mut ProofNode, change: fn(&mut ProofNode) -> bool) -> bool {
    let mut queue = VecDeque::from([root]);
    while let Some(node) = queue.pop_front() {
        if node.role == Role::And && change(node) {
            return true;
        }
        queue.extend(node.children.iter_mut());
    }
    false
}

/// A searched reply: a play that is not a null move.
fn searched_play(child: &ProofNode) -> bool {
    !child.null_move && matches!(child.mv, Some(Move::Play(_)))
}

fn missing_reply(node: &mut ProofNode) -> bool {
    match node.children.iter().position(searched_play) {
        Some(i) => {
            node.children.remove(i);
            true
        }
        None => false,
    }
}

fn small_zone(node: &mut ProofNode) -> bool {
    let Some(null) = node.children.iter().position(|c| c.null_move) else {
        return false;
    };
    let mut searched = Zone::new();
    for c in node.children.iter().filter(|c| searched_play(c)) {
        if let Some(Move::Play(p)) = c.mv {
            if node.children[null].zone.contains(p) {
                searched.insert(p);
            }
        }
    }
    if searched.is_empty() {
        return false;
    }
    node.children[null].zone = node.children[null].zone.difference(&searched);
    node.children.retain(|c| match c.mv {
        Some(Move::Play(p)) if !c.null_move => !searched.contains(p),
        _ => true,
    });
    true
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::solver::fixtures::solved_bent_three_kill;
    use crate::solver::proof::checker::check_proof;

    #[test]
    fn names_read_back() {
        for f in Fault::ALL {
            assert_eq!(f.name().parse::<Fault>(), Ok(f));
        }
        assert!("nonsense".parse::<Fault>().is_err());
    }

    #[test]
    fn every_fault_changes_the_proof_and_the_checker_rejects_it() {
        let (problem, tree) = solved_bent_three_kill();
        check_proof(&problem, &tree, false, 1_000_000).unwrap();
        for fault in [Fault::WrongMove, Fault::MissingReply] {
            let mut bad = tree.clone();
            fault.apply(&problem, &mut bad).unwrap();
            assert_ne!(bad, tree, "{fault}");
            let err = check_proof(&problem, &bad, false, 1_000_000).unwrap_err();
            assert!(err.rejects(), "{fault}: {err}");
        }
    }
}
