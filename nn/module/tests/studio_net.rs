//! The studio's Net menu path with the real module: loaded on a worker thread, the module and
//! device reported. (That the studio starts without libtorch is tested in the app's
//! `tests/studio_net.rs`: this crate's test binaries link libtorch themselves.)
#![allow(clippy::unwrap_used)]

use std::time::{Duration, Instant};
use tsumego_studio::studio::net_status::NetState;

#[test]
fn the_studio_loads_the_module_on_request() {
    let mut state = NetState::default();
    state.start(|| {});
    let start = Instant::now();
    let (line, error) = loop {
        if let Some(answer) = state.poll() {
            break answer;
        }
        assert!(start.elapsed() < Duration::from_secs(60));
        std::thread::sleep(Duration::from_millis(5));
    };
    assert!(!error, "{line}");
    assert!(line.starts_with("Net loaded: tsumego-nn "), "{line}");
    assert!(line.contains("libtorch 2.13.0"), "{line}");
    assert!(matches!(state, NetState::Ready(_)));
}
