//! The relevance-zone pattern table (issue 11, item 3) in whole solves: on every bundled problem,
//! both claims, both engines, a solve with the table decides as a solve without it, every win
//! it proves passes the independent checker, and the table does answer nodes (its hits are
//! wins found again where only stones outside their zone differed). The pattern-level rules
//! (which positions match, ko, passes, memory) are unit tests of `solver::pattern_table`; the
//! differential tests run with the table on, as it is by default.
#![allow(clippy::unwrap_used)] // tests may panic on what cannot happen

mod bundled;

use bundled::load_all;
use tsumego_studio::solver::checker::check_proof;
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
            for engine in [Engine::Dfs, Engine::Dfpn] {
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
