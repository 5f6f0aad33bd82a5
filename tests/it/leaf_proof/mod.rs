//! A proof tree that is one leaf: the problem position claimed decided by `kind` (for tests of
//! the checker's re-derivation of leaves).

use tsumego_studio::go::Zone;
use tsumego_studio::problem::Problem;
use tsumego_studio::solver::{LeafKind, ProofNode, ProofTree, Role};

/// The proof of `p` whose root is a leaf of `kind` with `zone`.
pub fn leaf_proof(p: &Problem, kind: LeafKind, zone: Zone) -> ProofTree {
    ProofTree {
        size: p.size(),
        goal: p.goal(),
        or_player: p.or_player(),
        superko: false,
        root: ProofNode {
            mv: None,
            player: None,
            to_move: p.to_move(),
            role: Role::Leaf(kind),
            zone,
            must_play: Zone::new(),
            null_move: false,
            children: Vec::new(),
        },
    }
}
