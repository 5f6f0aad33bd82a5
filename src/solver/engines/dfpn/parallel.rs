//! Parallel df-pn (both cores on one claim). The main thread runs the
//! ordinary search; each helper thread runs the same search from the same root with its own
//! solver (line, pattern table) and its own df-pn run (move cache) and **one transposition table shared by all**
//! ([`TranspositionTable::into_shared`]). What a thread proves or bounds is found by the others
//! at their next probe: every stored result is line-free, so it is valid on any thread's line
//! (the module documentation of [`super`] on graph-history interaction).
//!
//! - **Different searches**: helper `t` searches `t` more attacker null moves first than the
//!   main thread ([`SolveConfig::null_moves`]; the order of the moves only, never the game), so
//!   it proves the defender's lives with free moves that the main thread's AND nodes then find
//!   proven, with their small zones. On the 7x7 set this did far better than the same search on
//!   both threads (BENCHMARKS.md).
//! - **Spreading the work** (after Kaneko 2010, "Parallel depth first proof number search":
//!   virtual proof numbers): every thread marks the nodes on its line ([`Peers::enter`]); a
//!   helper sees a child on another thread's line as worse than it is (its minimised number
//!   half again and one more, [`Peers::virtual_number`]), so it takes the next most promising
//!   child instead of following the main thread. The main thread ignores the marks: it searches
//!   as the serial algorithm does.
//! - **Decided nodes**: a node another thread decided since this thread generated it is
//!   returned from the table on entry, not searched again.
//! - **The end**: when the main thread's search ends (decided, a limit, a stop) it stops the
//!   helpers and waits for them. A helper that decides the root first hands its result to the
//!   main thread ([`Peers::decided`]; the root may have been decided by the goal test, which
//!   stores nothing), which stops and takes it. Proof
//!   extraction and the checker then run on the main thread as in a serial solve, so the proof
//!   is checked whatever the threads did.
//!
//! Node counts (all threads together) and which proof is found depend on the timing of the
//! threads; the result does not (a proof is a proof, and the checker checks it).

use super::numbers::Num;
use super::outcome::{Loss, Outcome, State};
use super::peers::Peers;
use super::run::DfpnRun;
use crate::go::{Board, Color};
use crate::solver::kernel::search::{Solver, StopReason};
use crate::solver::SolveConfig;
use std::sync::atomic::Ordering;
use std::sync::Arc;

impl DfpnRun<'_, '_> {
    /// The number `n` of the child `key` for choosing among the children (see [`Peers`]).
    pub(super) fn virtual_number(&self, key: u64, n: Num) -> Num {
        match &self.peers {
            Some(p) => p.virtual_number(self.thread, key, n),
            None => n,
        }
    }

    /// Search the root on `config.threads` threads (the main one and helpers) until it is
    /// decided or the main thread's search ends; the helpers' nodes are added to this solver's.
    pub(super) fn mid_root_parallel(&mut self, board: &mut Board, to_move: Color) -> Outcome {
        let table = std::mem::replace(
            &mut self.tt,
            crate::solver::kernel::tt::TranspositionTable::with_capacity(2),
        );
        self.tt = table.into_shared();
        let threads = self.config.threads.max(1);
        let peers = Arc::new(Peers::new(threads));
        self.peers = Some(Arc::clone(&peers));
        self.thread = 0;
        let problem = self.problem;
        let helper_config = SolveConfig {
            threads: 1,
            build_proof: false,
            max_nodes: None,
            ..self.config.clone()
        };
        let plies = self.config.max_depth;
        let null_moves = self.config.null_moves_for(problem.goal());
        let (out, helper_nodes) = std::thread::scope(|scope| {
            let helpers: Vec<_> = (1..threads)
                .filter_map(|thread| {
                    let tt = self.tt.handle(u8::try_from(thread).ok()?)?;
                    let peers = Arc::clone(&peers);
                    let config = SolveConfig {
                        null_moves: Some(null_moves + thread as u32),
                        ..helper_config.clone()
                    };
                    Some(scope.spawn(move || {
                        let mut helper = Solver::new(problem, config);
                        helper.tt = tt;
                        helper.set_stop_flag(Arc::clone(&peers.stop));
                        let (mut board, to_move) = helper.begin_solve();
                        let mut run = DfpnRun::new(&mut helper);
                        run.thread = thread;
                        run.peers = Some(Arc::clone(&peers));
                        let out = run.mid(
                            &mut board,
                            to_move,
                            false,
                            super::numbers::Thresholds::INFINITE,
                            plies,
                            None,
                        );
                        drop(run);
                        let decided = matches!(
                            out.state,
                            State::Win { .. } | State::Lost(Loss::Proven | Loss::Pruned)
                        );
                        if helper.aborted.is_none() && decided {
                            peers.root_decided(out);
                        }
                        helper.nodes
                    }))
                })
                .collect();
            let out = self.mid(
                board,
                to_move,
                false,
                super::numbers::Thresholds::INFINITE,
                plies,
                None,
            );
            peers.stop.store(true, Ordering::Relaxed);
            // A helper that panicked leaves its nodes uncounted; the table it wrote to is whole
            // (see `tt.rs`) and the main thread's result stands on its own.
            let nodes: u64 = helpers.into_iter().filter_map(|h| h.join().ok()).sum();
            (out, nodes)
        });
        self.nodes += helper_nodes;
        self.peers = None;
        if out.is_open() && self.aborted == Some(StopReason::Stopped) {
            // The main thread stopped because a helper decided the root (a user's stop at the
            // same moment is answered with the result too).
            if let Some(known) = peers.root() {
                self.aborted = None;
                return known;
            }
        }
        out
    }
}
