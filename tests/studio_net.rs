//! The studio starts without libtorch and loads the net only when asked; a missing module is
//! one line in the status bar and changes nothing else. Its own test binary: it sets
//! `TSUMEGO_NN_MODULE` before anything opens the module.
#![allow(clippy::unwrap_used)]

use egui_kittest::kittest::Queryable;
use egui_kittest::Harness;
use std::path::Path;
use std::time::{Duration, Instant};
use tsumego_studio::studio::net_status::NetState;
use tsumego_studio::studio::StudioApp;

/// Whether a libtorch library is mapped into this process.
fn libtorch_loaded() -> bool {
    std::fs::read_to_string("/proc/self/maps")
        .unwrap()
        .contains("libtorch")
}

#[test]
fn the_net_loads_only_when_asked_and_a_missing_module_is_one_line() {
    let missing = std::env::temp_dir().join("tsumego-no-such-folder/libtsumego_nn.so");
    // SAFETY (edition 2021: not unsafe): set before any thread of this binary reads it.
    std::env::set_var("TSUMEGO_NN_MODULE", &missing);
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("problems/03-bent-three-kill.sgf");
    let mut h = Harness::builder()
        .with_size([1280.0, 820.0])
        .wgpu()
        .build_eframe(move |cc| {
            let mut app = StudioApp::from_creation(cc, Some(path));
            app.show_frame_time = false;
            app
        });
    h.run_steps(3);
    assert!(matches!(h.state().net, NetState::NotLoaded));
    assert!(
        !libtorch_loaded(),
        "the studio's start must not load libtorch"
    );

    h.get_by_label("Net").click();
    h.run_steps(2);
    h.get_by_label("Load the net").click();
    let start = Instant::now();
    while !matches!(h.state().net, NetState::Unavailable(_) | NetState::Ready(_)) {
        assert!(
            start.elapsed() < Duration::from_secs(30),
            "loading never ended"
        );
        std::thread::sleep(Duration::from_millis(10));
        h.step();
    }
    h.run_steps(2);
    let notice = h.state().notice.clone().unwrap();
    assert!(notice.error, "{}", notice.text);
    assert!(
        notice.text.starts_with("Net unavailable: "),
        "{}",
        notice.text
    );
    assert!(notice.text.contains("heuristic prior"), "{}", notice.text);
    assert!(!notice.text.contains('\n'));
    if cfg!(feature = "nn") {
        assert!(notice.text.contains("was not found"), "{}", notice.text);
        assert!(notice.text.contains(&missing.display().to_string()));
    } else {
        assert!(notice.text.contains("no net"), "{}", notice.text);
    }
    assert!(!libtorch_loaded());
    // Nothing else changed: the problem still solves.
    h.get_by_label("▶ Solve").click();
    h.run_steps(2);
    let start = Instant::now();
    while h.state().live.is_running() {
        assert!(start.elapsed() < Duration::from_secs(60));
        std::thread::sleep(Duration::from_millis(10));
        h.step();
    }
    h.run_steps(2);
    assert!(h.state().finished.is_some());
}
