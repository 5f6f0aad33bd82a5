//! The studio starts without libtorch and loads the net only when asked; a missing module is
//! one line in the status bar and changes nothing else. Its own test binary: it sets
//! `TSUMEGO_NN_MODULE` before anything opens the module.
#![allow(clippy::unwrap_used)]

mod studio_common;

use egui_kittest::kittest::Queryable;
use std::time::{Duration, Instant};
use studio_common::{bundled, wait_for_solve, window_on};
use tsumego_studio::studio::net_status::NetState;

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
    let mut h = window_on(bundled("03-bent-three-kill.sgf"), [1280.0, 820.0]);
    assert!(matches!(h.state().net, NetState::NotLoaded));
    assert!(
        !libtorch_loaded(),
        "the studio's start must not load libtorch"
    );

    // The menu (the solver panel's Net choice is a checkbox of the same name).
    h.get_by_role_and_label(egui::accesskit::Role::Button, "Net")
        .click();
    h.run_steps(2);
    h.get_by_label("Load the net").click();
    let start = Instant::now();
    while !matches!(
        h.state().net,
        NetState::Unavailable(_) | NetState::Ready { .. }
    ) {
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
    wait_for_solve(&mut h);
    assert!(h.state().finished.is_some());
}
