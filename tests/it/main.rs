//! The integration tests of the app, in one test crate: one module per subject, the references
//! and helpers they share beside them. One crate links the app once (36 crates each linking the
//! whole GUI app were most of a CI run's time). The net-path tests that also run against the
//! app built without the net are in `tests/net_paths/`.
//!
//! Run one subject with its module name as the filter, e.g.
//! `cargo test --test it rz_differential::`.

// References and helpers the subjects share.
mod bundled;
mod cli_common;
mod deterministic_proptest;
mod exhaustive;
mod judging;
mod ko_reference;
mod leaf_proof;
mod naive;
mod random_problems;
mod rz_diff;
mod seeded_net;
mod seki_diagrams;
mod seki_reference;
mod studio_common;

// The rules core and the problem files.
mod benson;
mod circles;
mod go_rules;
mod layers;
mod loaders;
mod sgf_layouts;

// The references themselves.
mod exhaustive_reference;

// The solver: engines against the references, its knowledge and its proofs.
mod bundled_problems;
mod certify;
mod checker_zones;
mod connection;
mod first_moves;
mod first_moves_differential;
mod guide_gate;
mod ko_results;
mod ko_superko;
mod linked_life;
mod mcts;
mod miai_life_reference;
mod net_guide;
mod one_eye_set;
mod outside_watch;
mod parallel_dfpn;
mod pattern_table;
mod rz_differential;
mod rz_reduce;
mod rz_solver;
mod seki_db;
mod seki_leaf;
mod static_ld;
mod static_table;
mod weak_walls;

// The command line, run as the built binary.
mod answers_sgf;
mod bench_files;
mod cli_checking;
mod cli_rzt;
mod cli_solve;
mod gtp;
mod gtp_sabaki;
mod manage;
mod owl_cli;
mod safety_cli;
mod train_shards;
mod worker_cli;

// The studio, driven with egui_kittest.
mod studio_all_moves;
mod studio_analyze;
mod studio_both_claims;
mod studio_explore;
mod studio_gui;
mod studio_live_view;
mod studio_portfolio;
mod studio_proof_file;
mod studio_reduce;
mod studio_saved_result;
