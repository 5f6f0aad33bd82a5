//! Training through the loaded module (ABI version 2): steps lower the loss on a fixed batch, a
//! run saved and resumed (weights and momentum) continues exactly as one that was never
//! interrupted, bad targets are refused with a reason, and a saved file's shape is read back
//! from its header.
#![allow(clippy::unwrap_used)] // tests may panic on what cannot happen

use std::path::PathBuf;

use tsumego_nn_abi::{NetSpec, TrainOptions};
use tsumego_studio::nn::weights::spec_of;
use tsumego_studio::nn::{DevicePreference, Net, NetModule};

const SPEC: NetSpec = NetSpec {
    input_planes: 4,
    blocks: 1,
    channels: 8,
    dwin_heads: 3,
};
const COUNT: u32 = 6;
const SIDE: u32 = 5;

const OPTIONS: TrainOptions = TrainOptions {
    learning_rate: 0.05,
    momentum: 0.9,
    weight_decay: 1e-4,
    dwin_weight: 1.0,
    threads: 1,
};

struct Data {
    input: Vec<f32>,
    policy: Vec<i64>,
    dwin: Vec<f32>,
    mask: Vec<f32>,
}

fn data() -> Data {
    let cells = SIDE * SIDE;
    let mut state = 0x9e37_79b9_u64;
    let input = (0..COUNT * SPEC.input_planes * cells)
        .map(|_| {
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1);
            ((state >> 33) % 2) as f32
        })
        .collect();
    Data {
        input,
        // Targets on points and pass; one position without a policy target.
        policy: vec![3, 7, i64::from(cells), 12, -1, 0],
        dwin: (0..COUNT * SPEC.dwin_heads)
            .map(|i| f32::from(i % 3 != 0))
            .collect(),
        mask: vec![1.0; (COUNT * SPEC.dwin_heads) as usize],
    }
}

fn net(seed: u64) -> Net {
    NetModule::get()
        .unwrap()
        .new_net(SPEC, seed, DevicePreference::Cpu)
        .unwrap()
}

fn step(net: &mut Net, d: &Data) -> [f32; 2] {
    net.train_step(
        COUNT, SIDE, SIDE, &d.input, &d.policy, &d.dwin, &d.mask, &OPTIONS,
    )
    .unwrap()
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tsumego-train-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn steps_lower_the_loss_on_a_fixed_batch() {
    let d = data();
    let mut n = net(1);
    let first = step(&mut n, &d);
    let mut last = first;
    for _ in 0..40 {
        last = step(&mut n, &d);
    }
    assert!(
        last[0] < first[0] * 0.5,
        "policy loss {first:?} -> {last:?}"
    );
    assert!(last[1] < first[1] * 0.5, "d-win loss {first:?} -> {last:?}");
}

#[test]
fn a_resumed_run_continues_exactly() {
    let d = data();
    let dir = scratch("resume");
    let (weights, momentum) = (
        dir.join("w.safetensors"),
        dir.join("w.momentum.safetensors"),
    );
    let mut straight = net(2);
    for _ in 0..3 {
        step(&mut straight, &d);
    }
    straight.save(&weights).unwrap();
    straight.save_momentum(&momentum).unwrap();
    let expected = step(&mut straight, &d);

    let mut resumed = NetModule::get()
        .unwrap()
        .load_net(SPEC, &weights, DevicePreference::Cpu)
        .unwrap();
    resumed.load_momentum(&momentum).unwrap();
    assert_eq!(step(&mut resumed, &d), expected);

    // Without the momentum the next step differs: the buffers matter.
    let mut forgetful = NetModule::get()
        .unwrap()
        .load_net(SPEC, &weights, DevicePreference::Cpu)
        .unwrap();
    step(&mut forgetful, &d);
    let a = step(&mut forgetful, &d);
    let b = step(&mut resumed, &d);
    assert_ne!(a, b);

    assert_eq!(spec_of(&weights).unwrap(), SPEC);
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn bad_targets_and_foreign_momentum_are_refused() {
    let d = data();
    let mut n = net(3);
    let mut policy = d.policy.clone();
    policy[0] = i64::from(SIDE * SIDE) + 1;
    let err = n
        .train_step(
            COUNT, SIDE, SIDE, &d.input, &policy, &d.dwin, &d.mask, &OPTIONS,
        )
        .unwrap_err()
        .to_string();
    assert!(err.contains("policy target"), "{err}");
    let err = n
        .train_step(
            COUNT,
            SIDE,
            SIDE,
            &d.input,
            &d.policy[1..],
            &d.dwin,
            &d.mask,
            &OPTIONS,
        )
        .unwrap_err()
        .to_string();
    assert!(err.contains("policy targets"), "{err}");
    let bad = TrainOptions {
        learning_rate: f32::NAN,
        ..OPTIONS
    };
    assert!(n
        .train_step(COUNT, SIDE, SIDE, &d.input, &d.policy, &d.dwin, &d.mask, &bad)
        .is_err());

    // Momentum of another shape.
    let dir = scratch("foreign");
    let other_spec = NetSpec {
        channels: 4,
        ..SPEC
    };
    let mut other = NetModule::get()
        .unwrap()
        .new_net(other_spec, 1, DevicePreference::Cpu)
        .unwrap();
    other
        .train_step(
            COUNT,
            SIDE,
            SIDE,
            &vec![0.0; d.input.len()],
            &d.policy,
            &d.dwin,
            &d.mask,
            &OPTIONS,
        )
        .unwrap();
    let path = dir.join("m.safetensors");
    other.save_momentum(&path).unwrap();
    let err = n.load_momentum(&path).unwrap_err().to_string();
    assert!(err.contains("does not fit"), "{err}");
    std::fs::remove_dir_all(&dir).ok();
}
