//! The studio: the desktop GUI (egui/eframe). The solver runs on a background thread and talks
//! to the GUI only through messages ([`solve_job`]).
//!
//! - state and frame: [`app`] (the settings and the state in parts: [`doc_state`], [`jobs`],
//!   [`view_state`], [`panel_state`], [`net`]). The panels ([`menu_bar`], [`library_panel`],
//!   [`side_panel`] with [`explore_panel`], [`reduce_panel`], [`live_view`], [`net_panel`];
//!   [`board_panel`] with [`legend`]; [`chrome`]) borrow only the parts they read (and `&mut`
//!   of their own [`panel_state`]) and push a [`command::Command`]; [`StudioApp::apply`]
//!   carries the commands out after the layout, with the handlers in [`apply_doc`],
//!   [`apply_solve`], [`apply_explore`], [`apply_reduce`], [`apply_net`];
//! - the board: [`scene`] (what is shown, plain data), [`view_scene`] (the scene of each mode,
//!   from the parts), [`board_view`] (painting and pointer input), [`theme`];
//! - the problem: [`document`] (setup, validation, undo via [`history`]), [`edit`] (the tools);
//! - solving: [`solve_job`] (the thread and its channel), [`live`] (progress and verdicts),
//!   [`kept_results`] (proofs found again when an undo returns to a proven position);
//! - proofs: [`proof_nav`] (the tree cursor and labels); an opened proof SGF's proof is read and
//!   checked in [`proof_file_job`] and shown as a solve's result ([`file_proof`],
//!   [`apply_proof_file`]); the refutation game is
//!   [`crate::solver::proof::replay`]; "Find a smaller proof" (the zone reduction) runs in
//!   [`reduce_job`] and shows before and after in [`reduce_panel`];
//! - free play: [`explore`] (the variation tree and its marks against a proof), on the studio in
//!   [`explore_panel`] (Explore mode, Try to refute, Solve from here);
//! - files: [`dialogs`] (rfd on a worker thread), [`png_export`], [`library`], [`settings`],
//!   [`saved_result`] (a proven result written with the problem);
//!   [`frame_stats`] measures frame times; [`fonts`] makes the symbols show everywhere;
//! - the net: [`net_status`] (loaded on a worker thread when first asked for), [`net_view`]
//!   (its policy and d-win estimate for the shown position, from a worker thread), on the
//!   studio in [`net_panel`] (the solver's Net choice, the net overlays) and [`apply_net`];
//! - *Analyze a game*: [`game_analysis`] (the game, the move shown, the results kept per move)
//!   with its worker [`analysis_job`] (a position's safety,
//!   [`crate::solver::jobs::position_safety`]), on the studio in [`analysis_board`] (step
//!   controls, the board with [`analysis_scene`]'s overlay), [`analysis_panel`] and
//!   [`apply_analysis`].

pub mod all_moves;
pub mod analysis_board;
pub mod analysis_job;
pub mod analysis_panel;
pub mod analysis_scene;
pub mod app;
pub mod apply_analysis;
pub mod apply_doc;
pub mod apply_explore;
pub mod apply_net;
pub mod apply_proof_file;
pub mod apply_reduce;
pub mod apply_solve;
pub mod before_after;
pub mod board_panel;
pub mod board_view;
pub mod chrome;
pub mod command;
pub mod dialogs;
pub mod doc_state;
pub mod document;
pub mod edit;
pub mod explore;
pub mod explore_panel;
pub mod explore_session;
pub mod file_proof;
pub mod fonts;
pub mod frame_stats;
pub mod game_analysis;
pub mod history;
pub mod jobs;
pub mod kept_results;
pub mod legend;
pub mod library;
pub mod library_panel;
pub mod live;
pub mod live_view;
pub mod menu_bar;
pub mod net;
pub mod net_panel;
pub mod net_status;
pub mod net_view;
pub mod panel_state;
pub mod png_export;
pub mod proof_file_job;
pub mod proof_nav;
pub mod reduce_job;
pub mod reduce_panel;
pub mod saved_result;
pub mod scene;
pub mod settings;
pub mod side_panel;
pub mod solve_job;
pub mod theme;
pub mod view_scene;
pub mod view_state;

pub use app::StudioApp;

use std::path::PathBuf;

/// Open the studio window (on `file`, or on the bundled collection) and run until it closes.
pub fn run(file: Option<PathBuf>) -> anyhow::Result<()> {
    let renderer = match std::env::var("TSUMEGO_RENDERER").as_deref() {
        Ok("wgpu") => eframe::Renderer::Wgpu,
        _ => eframe::Renderer::Glow,
    };
    let options = eframe::NativeOptions {
        viewport: egui::ViewportBuilder::default()
            .with_title("Tsumego Studio")
            .with_inner_size([1280.0, 820.0])
            .with_min_inner_size([640.0, 420.0])
            .with_drag_and_drop(true),
        renderer,
        ..Default::default()
    };
    eframe::run_native(
        "Tsumego Studio",
        options,
        Box::new(move |cc| Ok(Box::new(StudioApp::from_creation(cc, file)))),
    )
    .map_err(|e| anyhow::anyhow!("the studio window could not run: {e}"))
}
