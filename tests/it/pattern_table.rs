//! The relevance-zone pattern table in whole solves: on every bundled problem,
//! both claims, both engines, a solve with the table decides as a solve without it, every win
//! it proves passes the independent checker, and the table does answer nodes (its hits are
//! wins found again where only stones outside their zone differed). The pattern-level rules
//! (which positions match, ko, passes, memory) are unit tests of `solver::knowledge::pattern_table`; the
//! differential tests run with the table on, as it is by default.
#![allow(clippy::unwrap_used)] // tests may panic on what cannot happen

use crate::bundled;
use crate::random_problems;

use bundled::load_all;
use random_problems::{random_problem_with, Fill};
use tsumego_studio::solver::knowledge::pattern_store::PatternStore;
use tsumego_studio::solver::proof::checker::check_proof;
use tsumego_studio::solver::{Engine, SolveConfig, Solver, Status};

fn config(engine: Engine, pattern_entries: usize) -> SolveConfig {
    SolveConfig {
        engine,
        pattern_entries,
        max_nodes: Some(40_000),
        ..SolveConfig::default()
    }
}

#[test]
fn solves_with_the_pattern_table_agree_and_their_proofs_check() {
    let mut hits = 0;
    let mut wins = 0;
    for (path, problem) in load_all() {
        for claim in [problem.clone(), problem.flipped()] {
            for engine in [Engine::DFS, Engine::DFPN] {
                let on = Solver::new(&claim, config(engine, 1 << 16)).solve();
                let off = Solver::new(&claim, config(engine, 0)).solve();
                let f = format!("{} ({engine:?}, OR {})", path.display(), claim.or_player());
                assert_eq!(off.pattern_hits, 0, "{f}");
                if on.status != Status::Unknown && off.status != Status::Unknown {
                    assert_eq!(on.status, off.status, "{f}");
                }
                hits += on.pattern_hits;
                if on.status == Status::Win {
                    wins += 1;
                    let proof = on.proof.as_ref().unwrap();
                    if let Err(e) = check_proof(&claim, proof, false, 5_000_000) {
                        panic!("{f}: the checker rejects the proof: {e}");
                    }
                }
            }
        }
    }
    assert!(wins >= 40, "{wins} wins");
    assert!(hits > 0, "the pattern table never answered a node");
}

/// A pattern store carried from solve to solve (`--rzt`): every bundled
/// problem, both claims, the three engines, each solved twice with one store shared by all (the
/// second solve starts with what the first proved, and every game's section with what the
/// other problems of the same game proved), decides as a solve without the table, every win's
/// proof passes the checker, and the second solves use the loaded wins.
#[test]
fn solves_seeded_from_a_store_agree_and_their_proofs_check() {
    let store = PatternStore::new(1 << 16).into_shared();
    let (mut first_nodes, mut second_nodes, mut second_hits) = (0, 0, 0);
    for (path, problem) in load_all() {
        for claim in [problem.clone(), problem.flipped()] {
            for engine in [Engine::DFS, Engine::DFPN, Engine::MCTS] {
                let with_store = SolveConfig {
                    pattern_store: Some(store.clone()),
                    ..config(engine, 1 << 16)
                };
                let off = Solver::new(&claim, config(engine, 0)).solve();
                for round in 0..2 {
                    let on = Solver::new(&claim, with_store.clone()).solve();
                    let f = format!(
                        "{} ({engine:?}, OR {}, round {round})",
                        path.display(),
                        claim.or_player()
                    );
                    if on.status != Status::Unknown && off.status != Status::Unknown {
                        assert_eq!(on.status, off.status, "{f}");
                    }
                    if on.status == Status::Win {
                        let proof = on.proof.as_ref().unwrap();
                        if let Err(e) = check_proof(&claim, proof, false, 5_000_000) {
                            panic!("{f}: the checker rejects the proof: {e}");
                        }
                    }
                    if round == 0 {
                        first_nodes += on.nodes;
                    } else {
                        second_nodes += on.nodes;
                        second_hits += on.pattern_hits;
                    }
                }
            }
        }
    }
    assert!(second_hits > 0, "the loaded wins never answered a node");
    assert!(
        second_nodes < first_nodes,
        "{second_nodes} nodes with the store filled, {first_nodes} without"
    );
    assert!(store.with(|s| s.sections()) > 10);
}

/// Problem 783 of the differential test's draw (its seed; sparse fill), the kill claim with
/// unconditional life: a search with the pattern table claims a win whose proof cannot be
/// rebuilt within its stored length, so the solver
/// searches again without the table and answers the win, with a proof the checker accepts.
#[test]
fn a_pattern_win_that_cannot_be_rebuilt_is_searched_again_without_the_table() {
    let r = random_problem_with(0x5253_5f64_6966, 783, 12, Fill::Sparse);
    let claim = r.problem;
    assert_eq!(
        claim.summary(),
        "7x7, White to move, OR Black goal kill-uca, region 15 points (9 empty), crucial 4 \
         (C7 F7 C6 F6), ko Black allow / White allow"
    );
    // Without the static rule (which ends this problem's lines before the pattern table
    // answers the node whose win cannot be rebuilt).
    let roomy = |pattern_entries| SolveConfig {
        max_nodes: Some(20_000_000),
        static_dead: false,
        ..config(Engine::DFS, pattern_entries)
    };
    let on = Solver::new(&claim, roomy(1 << 16)).solve();
    let off = Solver::new(&claim, roomy(0)).solve();
    assert_eq!(off.status, Status::Win);
    assert_eq!(on.status, Status::Win);
    // The pattern table answered nodes of the first search, and the answer took a second one.
    assert!(on.pattern_hits > 0);
    assert!(on.nodes > off.nodes, "{} against {}", on.nodes, off.nodes);
    check_proof(&claim, on.proof.as_ref().unwrap(), false, 5_000_000).unwrap();

    // With a store the search that was run again leaves nothing in it: its table, whose wins
    // led to the proof that could not be rebuilt, is dropped.
    let store = PatternStore::new(1 << 16).into_shared();
    let kept = Solver::new(
        &claim,
        SolveConfig {
            pattern_store: Some(store.clone()),
            ..roomy(1 << 16)
        },
    )
    .solve();
    assert_eq!((kept.status, kept.nodes), (on.status, on.nodes));
    assert!(store.with(|s| s.is_empty()));
}
