//! A small net of seeded weights (1 block of 8 channels) saved to a temporary file, for tests
//! that need a net but not the shipped one's answers.
#![cfg(feature = "nn")]
#![allow(dead_code)] // each test binary uses part of it

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::Mutex;

use tsumego_nn_abi::NetSpec;
use tsumego_studio::nn::features::NUM_PLANES;
use tsumego_studio::nn::shared::guide;
use tsumego_studio::nn::{DevicePreference, NetModule};
use tsumego_studio::solver::knowledge::guide::{GuideHandle, DWIN_HORIZON};

/// The weights of a net seeded by `seed`, saved once per process and seed (tests of one binary
/// run in parallel; the first to ask writes the file, the others wait for it).
pub fn seeded_weights(seed: u64) -> PathBuf {
    static SAVED: Mutex<Option<HashMap<u64, PathBuf>>> = Mutex::new(None);
    let mut saved = SAVED.lock().unwrap_or_else(|e| e.into_inner());
    let saved = saved.get_or_insert_with(HashMap::new);
    if let Some(path) = saved.get(&seed) {
        return path.clone();
    }
    let dir = std::env::temp_dir().join(format!("tsumego-seeded-net-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    let path = dir.join(format!("seeded-{seed}.safetensors"));
    let spec = NetSpec {
        input_planes: NUM_PLANES as u32,
        blocks: 1,
        channels: 8,
        dwin_heads: DWIN_HORIZON as u32,
    };
    NetModule::get()
        .expect("the net module")
        .new_net(spec, seed, DevicePreference::Cpu)
        .expect("a seeded net")
        .save(&path)
        .expect("saved");
    saved.insert(seed, path.clone());
    path
}

/// The guide of [`seeded_weights`] (one per file per process).
pub fn seeded_guide(seed: u64) -> GuideHandle {
    guide(Some(&seeded_weights(seed)), DevicePreference::Cpu).expect("the seeded net loads")
}
