//! Every first move judged (`solver::jobs::first_moves::judge_first_moves`) set up as the CLI and the
//! studio set it up: one table pool for the whole job (the judge keeps it), every decided move
//! checked with the default [`CheckSettings`], no stop flag, no progress events. The tests that
//! judge first moves (`tests/it/first_moves.rs`, `tests/it/answers_sgf.rs`,
//! `tests/it/first_moves_differential.rs`) call these instead of repeating the set-up.

#![allow(dead_code)]

use std::sync::Arc;
use tsumego_studio::problem::Problem;
use tsumego_studio::solver::jobs::first_moves::{judge_first_moves, FirstMoves, JudgedMove};
use tsumego_studio::solver::jobs::schedule::Width;
use tsumego_studio::solver::jobs::service::{ReproTarget, SolveRequest};
use tsumego_studio::solver::proof::certify::CheckSettings;
use tsumego_studio::solver::SolveConfig;

/// Every first move of `problem` judged within `max_nodes` nodes per move, with the automatic
/// width and the default settings otherwise.
pub fn judge(problem: &Problem, max_nodes: u64) -> FirstMoves {
    let config = SolveConfig {
        max_nodes: Some(max_nodes),
        ..SolveConfig::default()
    };
    judge_with(problem, &config, Width::Auto, &mut |_, _, _| {})
}

/// Every first move of `problem` judged within `config`'s limits per move, with the widths
/// `width` asks for; `on_move` receives each judged move with the number judged so far and the
/// total.
pub fn judge_with(
    problem: &Problem,
    config: &SolveConfig,
    width: Width,
    on_move: &mut dyn FnMut(&JudgedMove, usize, usize),
) -> FirstMoves {
    let run = SolveRequest::new(
        problem.clone(),
        config.clone(),
        width,
        CheckSettings::default(),
        ReproTarget::in_temp_dir("tests"),
    );
    judge_first_moves(problem, &run, Arc::default(), None, on_move)
}
