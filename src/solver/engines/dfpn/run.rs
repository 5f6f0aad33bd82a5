//! One df-pn run on the kernel: the shared state of the solve ([`Solver`]) borrowed for the
//! run, and what only df-pn keeps: the moves of recently expanded nodes ([`MoveCache`]), when
//! to ask the guide ([`GuideGate`]), and in a parallel search the threads' marks ([`Peers`])
//! and this run's thread. The run dereferences to the kernel, so df-pn's steps read the
//! kernel's fields and call its steps as their own.
//!
//! The move cache and the guide gate outlive a run: a solve runs df-pn once for its search
//! and again for every node proof extraction searches anew ([`SearchEngine::win_within`]),
//! and those runs go on with the cache and the visit counts of the search. Between runs they
//! are kept in the kernel's `engine_memory`, which the kernel never looks into.

#[cfg(doc)]
use crate::solver::engines::search_engine::SearchEngine;

use super::guide_gate::GuideGate;
use super::move_cache::MoveCache;
use super::peers::Peers;
use crate::solver::kernel::search::Solver;
use std::ops::{Deref, DerefMut};
use std::sync::Arc;

/// What df-pn keeps between its runs on one solver.
pub(in crate::solver) struct DfpnMemory {
    /// The moves of recently expanded nodes.
    pub cache: MoveCache,
    /// The visit counts that decide when the guide is asked.
    pub gate: GuideGate,
}

/// A df-pn search on the kernel `kernel`.
pub(in crate::solver) struct DfpnRun<'s, 'a> {
    /// The shared state of the solve.
    pub kernel: &'s mut Solver<'a>,
    /// The moves of recently expanded nodes.
    pub cache: MoveCache,
    /// When df-pn asks the guide.
    pub gate: GuideGate,
    /// The threads of a parallel df-pn ([`super::parallel`]), while it runs.
    pub peers: Option<Arc<Peers>>,
    /// This run's thread in a parallel df-pn (0: the main one).
    pub thread: usize,
}

impl<'s, 'a> DfpnRun<'s, 'a> {
    /// A run on `kernel`, with the move cache and guide gate of the solver's earlier df-pn
    /// runs (fresh ones at its first).
    pub fn new(kernel: &'s mut Solver<'a>) -> DfpnRun<'s, 'a> {
        let kept = kernel
            .engine_memory
            .take()
            .and_then(|m| m.downcast::<DfpnMemory>().ok());
        let DfpnMemory { cache, gate } = match kept {
            Some(kept) => *kept,
            None => DfpnMemory {
                cache: MoveCache::new(),
                gate: GuideGate::new(kernel.config.guide_plies, kernel.config.guide_visits),
            },
        };
        DfpnRun {
            kernel,
            cache,
            gate,
            peers: None,
            thread: 0,
        }
    }
}

impl Drop for DfpnRun<'_, '_> {
    /// The move cache and guide gate go back to the kernel for the next run.
    fn drop(&mut self) {
        let kept = DfpnMemory {
            cache: std::mem::take(&mut self.cache),
            // A placeholder in the ending run: never visited.
            gate: std::mem::replace(&mut self.gate, GuideGate::new(0, 1)),
        };
        self.kernel.engine_memory = Some(Box::new(kept));
    }
}

impl<'a> Deref for DfpnRun<'_, 'a> {
    type Target = Solver<'a>;

    fn deref(&self) -> &Solver<'a> {
        self.kernel
    }
}

impl<'a> DerefMut for DfpnRun<'_, 'a> {
    fn deref_mut(&mut self) -> &mut Solver<'a> {
        self.kernel
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::{Engine, SolveConfig, Status};

    /// The move cache and the guide gate go back to the kernel when a run ends, so proof
    /// extraction's runs (and a rerun of the solve) go on with them.
    #[test]
    fn a_run_hands_its_move_cache_back_to_the_kernel() {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("problems/03-bent-three-kill.sgf");
        let problem = crate::problem::load(&path).expect("the bundled problem loads");
        let config = SolveConfig {
            engine: Engine::DFPN,
            ..SolveConfig::default()
        };
        let mut kernel = Solver::new(&problem, config);
        assert!(kernel.engine_memory.is_none());
        assert_eq!(kernel.solve().status, Status::Win);
        let kept = kernel
            .engine_memory
            .take()
            .and_then(|m| m.downcast::<DfpnMemory>().ok())
            .expect("df-pn's memory is back in the kernel");
        assert!(!kept.cache.is_empty(), "the search kept moves");
        // A new run starts with them.
        kernel.engine_memory = Some(kept);
        let run = DfpnRun::new(&mut kernel);
        assert!(!run.cache.is_empty());
    }
}
