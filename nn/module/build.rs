//! Build script: give this crate's module (`libtsumego_nn.so`) and its tests and examples a
//! run-path to libtorch's `lib` folder, so they load without `LD_LIBRARY_PATH`.
//!
//! torch-sys finds libtorch from the environment (see `scripts/setup.sh`), but the run-path it
//! records only reaches `tch`'s own targets, not ours. We locate the same folder the same way:
//! `LIBTORCH_USE_PYTORCH` (ask Python's torch), else `LIBTORCH_LIB`, else `LIBTORCH`, each
//! followed by `/lib`. With none set, torch-sys uses a system libtorch, which needs no run-path.

use std::env;
use std::path::PathBuf;
use std::process::Command;

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    for var in [
        "LIBTORCH",
        "LIBTORCH_LIB",
        "LIBTORCH_USE_PYTORCH",
        "VIRTUAL_ENV",
    ] {
        println!("cargo:rerun-if-env-changed={var}");
    }
    let linux = env::var("CARGO_CFG_TARGET_OS").is_ok_and(|os| os == "linux");
    if !linux {
        return;
    }
    let Some(lib) = libtorch_lib_dir() else {
        return;
    };
    if !lib.join("libtorch_cpu.so").exists() {
        println!("cargo:warning=no libtorch_cpu.so in {}", lib.display());
    }
    println!("cargo:rustc-link-arg=-Wl,-rpath,{}", lib.display());
    // Keep libtorch.so itself (and through it libtorch_cuda.so) as a dependency even though no
    // symbol is used from it directly; without it CUDA is never initialised on a GPU machine.
    println!("cargo:rustc-link-arg=-Wl,--no-as-needed");
    println!("cargo:rustc-link-arg=-L{}", lib.display());
    println!("cargo:rustc-link-arg=-ltorch");
}

/// The folder holding `libtorch*.so`, found the way torch-sys finds it.
fn libtorch_lib_dir() -> Option<PathBuf> {
    if env::var_os("LIBTORCH_USE_PYTORCH").is_some() {
        let python = if env::var_os("VIRTUAL_ENV").is_some() {
            "python"
        } else {
            "python3"
        };
        let script =
            "import os, torch; print(os.path.join(os.path.dirname(torch.__file__), 'lib'))";
        let out = Command::new(python).args(["-c", script]).output().ok()?;
        let dir = String::from_utf8(out.stdout).ok()?;
        let dir = dir.trim();
        return (out.status.success() && !dir.is_empty()).then(|| PathBuf::from(dir));
    }
    let root = env::var_os("LIBTORCH_LIB").or_else(|| env::var_os("LIBTORCH"))?;
    Some(PathBuf::from(root).join("lib"))
}
