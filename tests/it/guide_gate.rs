//! df-pn asks its guide (a net) only at nodes it keeps returning to and only near the root
//! (`solver/dfpn/guide_gate.rs`): a guide that counts its questions, on a 7x7 kill-all position
//! of thousands of nodes.
#![allow(clippy::unwrap_used)]

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

use tsumego_studio::nn::generate::random_problem;
use tsumego_studio::solver::knowledge::guide::{
    Guidance, Guide, GuideHandle, GuideQuery, HeuristicGuide,
};
use tsumego_studio::solver::{Engine, SolveConfig, Solver};

/// The heuristic guide, counting the nodes it is asked about.
struct Counting(AtomicUsize);

impl Guide for Counting {
    fn name(&self) -> String {
        "counting".to_string()
    }
    fn guide(&self, q: &GuideQuery<'_>) -> Guidance {
        self.0.fetch_add(1, Ordering::Relaxed);
        HeuristicGuide.guide(q)
    }
    fn has_value(&self) -> bool {
        false
    }
}

#[test]
fn the_guide_is_asked_at_nodes_the_search_returns_to_and_near_the_root_only() {
    // Every generated problem is a 7x7 kill-all position with `killall_every` 1.
    let problem = random_problem(3, 0, 1);
    let asked = |plies: u32, visits: u32| {
        let counting = Arc::new(Counting(AtomicUsize::new(0)));
        let config = SolveConfig {
            engine: Engine::DFPN,
            max_nodes: Some(20_000),
            guide: Some(GuideHandle(counting.clone())),
            guide_plies: plies,
            guide_visits: visits,
            ..SolveConfig::default()
        };
        let solution = Solver::new(&problem, config).solve();
        (counting.0.load(Ordering::Relaxed), solution.nodes)
    };
    let (every, nodes) = asked(1000, 1);
    let (returned, _) = asked(1000, 4);
    let (shallow, _) = asked(2, 1);
    assert!(every > 1000 && every as u64 <= nodes, "{every} of {nodes}");
    assert!(
        returned > 0 && returned < every / 2,
        "{returned} of {every}"
    );
    assert!(shallow > 0 && shallow < every / 4, "{shallow} of {every}");
}
