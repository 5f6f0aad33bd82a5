//! The checker's own zones against the checker without them: on proofs of seeded random
//! problems and of the bundled ones, and on many wrong versions of each (a null-move child made
//! to answer every move, a searched reply taken away), the check
//! with zones accepts exactly what the check that replays every AND move accepts. A proof
//! accepted with zones and rejected without would be a wrong proof let through.
#![allow(clippy::unwrap_used)]

use crate::bundled;
use crate::random_problems;

use random_problems::{random_problem_with, Fill};
use tsumego_studio::go::{Move, Point, Zone};
use tsumego_studio::problem::Problem;
use tsumego_studio::solver::proof::checker::{check_proof_within, CheckLimits};
use tsumego_studio::solver::{Engine, ProofNode, ProofTree, Role, SolveConfig, Solver, Status};

const POSITIONS: u64 = 5_000_000;

/// The proofs of both claims' wins (df-pn), seki as life or not as the goal says.
fn proofs(problem: &Problem) -> Vec<(Problem, ProofTree)> {
    let mut out = Vec::new();
    for claim in [problem.claim(true), problem.claim(false)] {
        let config = SolveConfig {
            engine: Engine::DFPN,
            max_nodes: Some(2_000_000),
            ..SolveConfig::default()
        };
        let solution = Solver::new(&claim, config).solve();
        if solution.status == Status::Win {
            if let Some(proof) = solution.proof {
                out.push((claim, proof));
            }
        }
    }
    out
}

/// Wrong versions of `proof`: for each of its first AND nodes (pre-order), one whose null-move
/// children answer every move (empty zones) and one without its first searched reply; for each
/// of its first OR nodes, one whose move is the next point of the board (the same subtree
/// below it, so the same strategy is verified from other positions).
fn mutations(proof: &ProofTree) -> Vec<ProofTree> {
    let mut out = Vec::new();
    let ors = count_nodes(&proof.root, Role::Or).min(12);
    for k in 0..ors {
        let mut moved = proof.clone();
        with_node(&mut moved.root, Role::Or, k, &mut |n| {
            if let Some(Move::Play(p)) = n.children[0].mv {
                let next = Point::new((p.x() + 1) % proof.size, p.y());
                n.children[0].mv = Some(Move::Play(next));
            }
        });
        out.push(moved);
    }
    let ands = count_nodes(&proof.root, Role::And).min(12);
    for k in 0..ands {
        let mut wide = proof.clone();
        with_node(&mut wide.root, Role::And, k, &mut |n| {
            for c in n.children.iter_mut().filter(|c| c.null_move) {
                c.zone = Zone::new();
            }
        });
        out.push(wide);
        let mut missing = proof.clone();
        with_node(&mut missing.root, Role::And, k, &mut |n| {
            if let Some(i) = n.children.iter().position(|c| !c.null_move) {
                n.children.remove(i);
            }
        });
        out.push(missing);
    }
    out
}

fn count_nodes(node: &ProofNode, role: Role) -> usize {
    usize::from(node.role == role)
        + node
            .children
            .iter()
            .map(|c| count_nodes(c, role))
            .sum::<usize>()
}

/// Apply `f` to the `k`-th node of `role` in pre-order.
fn with_node(
    node: &mut ProofNode,
    role: Role,
    k: usize,
    f: &mut dyn FnMut(&mut ProofNode),
) -> bool {
    fn walk(
        node: &mut ProofNode,
        role: Role,
        k: usize,
        seen: &mut usize,
        f: &mut dyn FnMut(&mut ProofNode),
    ) -> bool {
        if node.role == role {
            if *seen == k {
                f(node);
                return true;
            }
            *seen += 1;
        }
        node.children.iter_mut().any(|c| walk(c, role, k, seen, f))
    }
    walk(node, role, k, &mut 0, f)
}

/// Checks `proof` with and without zones; panics when they disagree. `Some(accepted)`, `None`
/// when the reference did not finish.
fn compare(what: &str, claim: &Problem, proof: &ProofTree) -> Option<bool> {
    let limits = |zones| CheckLimits {
        zones,
        ..CheckLimits::positions(POSITIONS)
    };
    let reference = check_proof_within(claim, proof, proof.superko, &limits(false));
    if reference.as_ref().is_err_and(|e| !e.rejects()) {
        return None;
    }
    let zones = check_proof_within(claim, proof, proof.superko, &limits(true));
    assert_eq!(
        zones.is_ok(),
        reference.is_ok(),
        "{what}: with zones {zones:?}, without {reference:?}"
    );
    if let (Ok(with), Ok(without)) = (&zones, &reference) {
        assert!(with.positions <= without.positions, "{what}");
    }
    Some(reference.is_ok())
}

/// Every proof and every wrong version of it of `problems`, compared; at least `min_accepted`
/// must be accepted and `min_rejected` rejected by both (so the comparison is not empty).
fn compare_all(problems: &[(String, Problem)], min_accepted: usize, min_rejected: usize) {
    let (mut accepted, mut rejected) = (0, 0);
    for (name, problem) in problems {
        for (claim, proof) in proofs(problem) {
            let what = format!("{name} ({})", claim.claim_words());
            assert_eq!(compare(&what, &claim, &proof), Some(true), "{what}");
            accepted += 1;
            for (i, wrong) in mutations(&proof).iter().enumerate() {
                match compare(&format!("{what}, wrong version {i}"), &claim, wrong) {
                    Some(true) => accepted += 1,
                    Some(false) => rejected += 1,
                    None => {}
                }
            }
        }
    }
    eprintln!("{accepted} accepted, {rejected} rejected by both");
    assert!(
        accepted >= min_accepted && rejected >= min_rejected,
        "{accepted} accepted, {rejected} rejected"
    );
}

#[test]
fn zones_accept_what_the_full_replay_accepts_on_random_problems() {
    // 120 regions of at most 12 empty points, 40 of at most 18.
    let problems: Vec<(String, Problem)> = (0..160u64)
        .map(|i| {
            let fill = [Fill::Sparse, Fill::Dense, Fill::Ko][(i % 3) as usize];
            let max_empty = if i < 120 { 12 } else { 18 };
            let p = random_problem_with(0x7a6f_6e65, i, max_empty, fill);
            (format!("random problem {i}"), p.problem)
        })
        .collect();
    compare_all(&problems, 300, 150);
}

#[test]
fn zones_accept_what_the_full_replay_accepts_on_the_bundled_problems() {
    let problems: Vec<(String, Problem)> = bundled::load_all()
        .into_iter()
        .map(|(path, p)| (path.display().to_string(), p))
        .collect();
    compare_all(&problems, 30, 50);
}
