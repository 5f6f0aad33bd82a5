//! The net through the loaded module against the same net through `tch` directly, device
//! selection through the module, weights saved and loaded, and every way loading can fail.
#![allow(clippy::unwrap_used)] // tests may panic on what cannot happen

use std::path::{Path, PathBuf};
use std::process::Command;

use tch::Cuda;
use tsumego_nn::net::Net as DirectNet;
use tsumego_nn_abi::{DeviceRequest, NetSpec, ABI_VERSION, DEVICE_CPU, MODULE_FILE_NAME};
use tsumego_studio::nn::module::{locate, search_path};
use tsumego_studio::nn::{DevicePreference, NetModule, NnError};

/// The largest difference allowed between the two paths (outputs are probabilities). Both run
/// the same libtorch kernels and agree exactly when they run on the same intra-op thread count;
/// but the tests of this binary run at once, and a thread that did tensor work before the
/// count was set to one keeps its own, so a sum may be taken in another order (a CI run failed
/// at 1e-5 once, with libtorch refusing the inter-op setting because another test had started
/// parallel work). A different seed differs by far more (checked below).
const TOLERANCE: f32 = 1e-4;

const SPEC: NetSpec = NetSpec {
    input_planes: 6,
    blocks: 2,
    channels: 16,
    dwin_heads: 5,
};

fn module() -> &'static NetModule {
    NetModule::get().unwrap()
}

/// Held by every test that makes seeded nets, for the whole test. Both copies of the net code in this process (the one
/// linked into the test and the loaded module) seed libtorch's one global generator, each
/// under a lock of its own; without this lock a test making a net through one copy could draw
/// from the generator another test had just seeded through the other (a CI run failed with the
/// two paths' policies 0.43 apart).
fn seeding() -> std::sync::MutexGuard<'static, ()> {
    static SEEDING: std::sync::Mutex<()> = std::sync::Mutex::new(());
    SEEDING
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// Deterministic inputs in [0, 1].
fn input(count: u32, height: u32, width: u32) -> Vec<f32> {
    let n = count * SPEC.input_planes * height * width;
    let mut state = 0x2545_f491_4f6c_dd1d_u64;
    (0..n)
        .map(|_| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state % 1000) as f32 / 999.0
        })
        .collect()
}

fn max_difference(a: &[f32], b: &[f32]) -> f32 {
    assert_eq!(a.len(), b.len());
    a.iter()
        .zip(b)
        .map(|(x, y)| (x - y).abs())
        .fold(0.0, f32::max)
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tsumego-nn-test-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn loaded_path_matches_tch_directly() {
    let _seeding = seeding();
    let cpu = DeviceRequest {
        kind: DEVICE_CPU,
        index: 0,
    };
    let direct = DirectNet::seeded(SPEC, 42, cpu).unwrap();
    let loaded = module().new_net(SPEC, 42, DevicePreference::Cpu).unwrap();
    for (count, height, width) in [(1, 9, 9), (3, 7, 5), (8, 13, 13), (2, 19, 19)] {
        let x = input(count, height, width);
        let want = direct.forward(count, height, width, &x).unwrap();
        let got = loaded.forward(count, height, width, &x).unwrap();
        assert_eq!(got.policy.len(), (count * (height * width + 1)) as usize);
        assert_eq!(got.dwin.len(), (count * SPEC.dwin_heads) as usize);
        let (policy, dwin) = (
            max_difference(&want.policy, &got.policy),
            max_difference(&want.dwin, &got.dwin),
        );
        assert!(policy <= TOLERANCE, "policy differs by {policy}");
        assert!(dwin <= TOLERANCE, "d-win differs by {dwin}");
        assert!(got.dwin.iter().all(|p| (0.0..=1.0).contains(p)));
    }
    // A different seed gives a different net: the comparison above is not vacuous.
    let other = module().new_net(SPEC, 43, DevicePreference::Cpu).unwrap();
    let x = input(1, 9, 9);
    let a = loaded.forward(1, 9, 9, &x).unwrap();
    let b = other.forward(1, 9, 9, &x).unwrap();
    assert!(max_difference(&a.policy, &b.policy) > 1e-3);
}

#[test]
fn device_selection_works_through_the_module() {
    let _seeding = seeding();
    let auto = module().new_net(SPEC, 1, DevicePreference::Auto).unwrap();
    let expected = if Cuda::is_available() {
        "CUDA:0"
    } else {
        "CPU"
    };
    assert!(auto.device().starts_with(expected), "{}", auto.device());
    let cpu = module().new_net(SPEC, 1, DevicePreference::Cpu).unwrap();
    assert_eq!(cpu.device(), "CPU (libtorch 2.13.0, 1 intra-op thread)");
    let absent = module()
        .new_net(SPEC, 1, DevicePreference::Cuda(1000))
        .unwrap();
    assert!(absent.device().starts_with("CPU"), "{}", absent.device());
    assert!(absent.device().contains("CUDA device 1000 requested"));
    // The net still runs where it landed.
    assert!(absent.forward(1, 5, 5, &input(1, 5, 5)).is_ok());
}

#[test]
fn bad_batches_are_errors_not_crashes() {
    let _seeding = seeding();
    let net = module().new_net(SPEC, 1, DevicePreference::Cpu).unwrap();
    let err = net.forward(1, 9, 9, &input(1, 9, 8)).unwrap_err();
    assert!(err.to_string().contains("input floats"), "{err}");
    let err = net.forward(1, 20, 20, &vec![0.0; 6 * 400]).unwrap_err();
    assert!(err.to_string().contains("sides 1..=19"), "{err}");
    let err = net.forward(0, 9, 9, &[]).unwrap_err();
    assert!(err.to_string().contains("batch of 0"), "{err}");
    let err = module()
        .new_net(
            NetSpec {
                channels: 0,
                ..SPEC
            },
            1,
            DevicePreference::Cpu,
        )
        .unwrap_err();
    assert!(err.to_string().contains("channels = 0"), "{err}");
}

#[test]
fn weights_round_trip_and_are_checked_on_load() {
    let _seeding = seeding();
    let dir = scratch("weights");
    let path = dir.join("net.safetensors");
    let net = module().new_net(SPEC, 5, DevicePreference::Cpu).unwrap();
    net.save(&path).unwrap();
    let loaded = module()
        .load_net(SPEC, &path, DevicePreference::Cpu)
        .unwrap();
    let x = input(2, 9, 9);
    assert_eq!(
        net.forward(2, 9, 9, &x).unwrap(),
        loaded.forward(2, 9, 9, &x).unwrap()
    );

    let wider = NetSpec {
        channels: 8,
        ..SPEC
    };
    let err = module()
        .load_net(wider, &path, DevicePreference::Cpu)
        .unwrap_err();
    assert!(err.to_string().contains("has shape"), "{err}");
    let deeper = NetSpec { blocks: 3, ..SPEC };
    let err = module()
        .load_net(deeper, &path, DevicePreference::Cpu)
        .unwrap_err();
    assert!(err.to_string().contains("missing tensor tower.2."), "{err}");
    let shallower = NetSpec { blocks: 1, ..SPEC };
    let err = module()
        .load_net(shallower, &path, DevicePreference::Cpu)
        .unwrap_err();
    assert!(
        err.to_string().contains("unexpected tensor tower.1."),
        "{err}"
    );

    let bytes = std::fs::read(&path).unwrap();
    let truncated = dir.join("truncated.safetensors");
    std::fs::write(&truncated, &bytes[..bytes.len() / 2]).unwrap();
    let err = module()
        .load_net(SPEC, &truncated, DevicePreference::Cpu)
        .unwrap_err();
    assert!(
        err.to_string().contains("not a readable safetensors file"),
        "{err}"
    );
    let err = module()
        .load_net(SPEC, &dir.join("absent.safetensors"), DevicePreference::Cpu)
        .unwrap_err();
    assert!(err.to_string().contains("absent.safetensors"), "{err}");
    let err = net.save(&dir.join("net.pt")).unwrap_err();
    assert!(err.to_string().contains(".safetensors"), "{err}");
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_missing_module_is_reported_with_where_it_was_looked_for() {
    let dir = scratch("missing");
    let places = vec![
        dir.join(MODULE_FILE_NAME),
        dir.join("other").join(MODULE_FILE_NAME),
    ];
    let err = locate(&places).unwrap_err();
    assert!(matches!(err, NnError::NotFound { .. }));
    let message = err.to_string();
    assert!(
        message.contains(&places[0].display().to_string()),
        "{message}"
    );
    assert!(message.contains("cargo build"), "{message}");
    assert!(!message.contains('\n'));
    assert!(!search_path().is_empty());
    let err = NetModule::open(&places[0]).unwrap_err();
    assert!(matches!(err, NnError::Open { .. }), "{err}");
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_corrupt_module_is_refused_with_the_loaders_reason() {
    let dir = scratch("corrupt");
    let path = dir.join(MODULE_FILE_NAME);
    std::fs::write(&path, b"\x7fELF this is not a shared library").unwrap();
    let err = NetModule::open(&path).unwrap_err();
    let NnError::Open { reason, .. } = &err else {
        panic!("expected an open error, got {err}");
    };
    assert!(!reason.is_empty());
    assert!(err.to_string().contains("could not be loaded"), "{err}");
    std::fs::remove_dir_all(dir).unwrap();
}

/// Builds a shared library from C source with the system's C compiler.
fn c_library(dir: &Path, name: &str, source: &str) -> PathBuf {
    let c = dir.join(format!("{name}.c"));
    let so = dir.join(format!("{name}.so"));
    std::fs::write(&c, source).unwrap();
    let status = Command::new("cc")
        .args(["-shared", "-fPIC", "-o"])
        .arg(&so)
        .arg(&c)
        .status()
        .expect("a C compiler (cc, from the g++ Debian package) builds the fake modules");
    assert!(status.success());
    so
}

#[test]
fn a_module_of_another_version_or_without_the_functions_is_refused() {
    let dir = scratch("fake");
    let newer = ABI_VERSION + 1;
    let other_version = c_library(
        &dir,
        "newer",
        &format!("unsigned tsnn_abi_version(void) {{ return {newer}; }}\n"),
    );
    let err = NetModule::open(&other_version).unwrap_err();
    assert_eq!(
        err,
        NnError::WrongVersion {
            path: other_version.clone(),
            found: newer,
            expected: ABI_VERSION
        }
    );
    assert!(err.to_string().contains("rebuild"), "{err}");

    let partial = c_library(
        &dir,
        "partial",
        &format!("unsigned tsnn_abi_version(void) {{ return {ABI_VERSION}; }}\n"),
    );
    let err = NetModule::open(&partial).unwrap_err();
    assert!(
        matches!(&err, NnError::MissingSymbol { symbol, .. } if symbol == "tsnn_module_info"),
        "{err}"
    );
    let foreign = c_library(&dir, "foreign", "int something_else(void) { return 0; }\n");
    let err = NetModule::open(&foreign).unwrap_err();
    assert!(
        matches!(&err, NnError::MissingSymbol { symbol, .. } if symbol == "tsnn_abi_version"),
        "{err}"
    );
    assert!(err.to_string().contains("not a Tsumego Studio net module"));
    std::fs::remove_dir_all(dir).unwrap();
}
