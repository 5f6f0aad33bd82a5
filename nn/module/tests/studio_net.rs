//! The studio's Net menu path with the real module: loaded on a worker thread with seeded
//! weights (so the test does not depend on the shipped ones),
//! the net, the module and the device reported. (That the studio starts without libtorch is
//! tested in the app's `tests/net_paths/studio_net.rs`: this crate's test binaries link libtorch
//! themselves.)
#![allow(clippy::unwrap_used)]

use std::time::{Duration, Instant};
use tsumego_nn_abi::NetSpec;
use tsumego_studio::nn::features::NUM_PLANES;
use tsumego_studio::nn::{DevicePreference, NetModule};
use tsumego_studio::solver::knowledge::guide::DWIN_HORIZON;
use tsumego_studio::studio::net_status::NetState;

#[test]
fn the_studio_loads_the_net_on_request() {
    let dir = std::env::temp_dir().join(format!("tsumego-studio-net-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("seeded.safetensors");
    let spec = NetSpec {
        input_planes: NUM_PLANES as u32,
        blocks: 1,
        channels: 8,
        dwin_heads: DWIN_HORIZON as u32,
    };
    NetModule::get()
        .unwrap()
        .new_net(spec, 3, DevicePreference::Cpu)
        .unwrap()
        .save(&path)
        .unwrap();
    let mut state = NetState::default();
    state.start(Some(path.clone()), || {});
    let start = Instant::now();
    let (line, error) = loop {
        if let Some(answer) = state.poll() {
            break answer;
        }
        assert!(start.elapsed() < Duration::from_secs(60));
        std::thread::sleep(Duration::from_millis(5));
    };
    assert!(!error, "{line}");
    assert!(line.starts_with("Net loaded: net 1x8 ("), "{line}");
    assert!(line.contains("seeded.safetensors"), "{line}");
    assert!(line.contains("tsumego-nn "), "{line}");
    assert!(line.contains("libtorch 2.13.0"), "{line}");
    assert!(state.guide().unwrap().guide().has_value());
    let _ = std::fs::remove_dir_all(&dir);
}
