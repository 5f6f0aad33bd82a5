//! Measures the two ways issue 16 offers to keep libtorch out of the studio's start-up: the net
//! module opened in-process on first use (what the product does) and an inference process
//! (`pipe_server`, started on demand, batches over pipes). For each: the time from asking for a
//! net to the first evaluation, the time per batch at batch 1 and 64, and the resident memory of
//! the asking process (and of the server).
//!
//!   cargo build --release --examples -p tsumego-nn && cargo bench --bench split_bench
//!
//! This program is the app's (it does not link libtorch, like the studio); the server is the net
//! crate's example `pipe_server`. The module path runs in a child process (this program re-runs
//! itself with `module`), so neither measurement sees the other's libtorch. Under `cargo test`
//! (no `--bench` argument) it does nothing.

use std::io::{Read, Write};
use std::process::{Command, Stdio};
use std::time::Instant;

use tsumego_studio::nn::{DevicePreference, NetModule, NetSpec};

const SPEC: NetSpec = tsumego_nn_abi::DEFAULT_SPEC;
const CASES: [(u32, u32); 4] = [(1, 9), (1, 19), (8, 13), (64, 19)];
const REPEATS: u32 = 50;

fn rss_mib(pid: u32) -> f64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<f64>().ok())
        .map_or(f64::NAN, |kb| kb / 1024.0)
}

fn input(count: u32, side: u32) -> Vec<f32> {
    (0..count * SPEC.input_planes * side * side)
        .map(|i| (i % 3) as f32 * 0.5)
        .collect()
}

fn report(path: &str, first_ms: f64, per_batch: &[(u32, u32, f64)], mem: &str) {
    println!("{path}: first evaluation {first_ms:.1} ms after asking; {mem}");
    for (count, side, ms) in per_batch {
        println!("  batch {count:>2} on {side}x{side}: {ms:.3} ms per batch");
    }
}

fn module_path() -> Result<(), Box<dyn std::error::Error>> {
    let before = rss_mib(std::process::id());
    let start = Instant::now();
    let module = NetModule::get()?;
    let net = module.new_net(SPEC, 1, DevicePreference::Cpu)?;
    net.forward(1, 9, 9, &input(1, 9))?;
    let first_ms = start.elapsed().as_secs_f64() * 1e3;
    let mut per_batch = Vec::new();
    for (count, side) in CASES {
        let x = input(count, side);
        net.forward(count, side, side, &x)?;
        let start = Instant::now();
        for _ in 0..REPEATS {
            net.forward(count, side, side, &x)?;
        }
        per_batch.push((
            count,
            side,
            start.elapsed().as_secs_f64() * 1e3 / f64::from(REPEATS),
        ));
    }
    let after = rss_mib(std::process::id());
    let mem = format!("this process {before:.0} MiB before, {after:.0} MiB after");
    report("module (dlopen)", first_ms, &per_batch, &mem);
    Ok(())
}

fn process_path() -> Result<(), Box<dyn std::error::Error>> {
    // Benches run from target/release/deps; the net crate's examples are in target/release/examples.
    let exe = std::env::current_exe()?;
    let release = exe
        .parent()
        .and_then(|d| d.parent())
        .ok_or("no target folder")?;
    let server = release.join("examples").join("pipe_server");
    let before = rss_mib(std::process::id());
    let start = Instant::now();
    let mut child = Command::new(&server)
        .args(
            [
                SPEC.input_planes,
                SPEC.blocks,
                SPEC.channels,
                SPEC.dwin_heads,
            ]
            .map(|n| n.to_string()),
        )
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .map_err(|e| format!("{}: {e} (build the examples)", server.display()))?;
    let mut to = child.stdin.take().ok_or("no stdin")?;
    let mut from = child.stdout.take().ok_or("no stdout")?;
    let mut ready = [0u8; 4];
    from.read_exact(&mut ready)?;
    let mut ask = |count: u32, side: u32, x: &[f32]| -> std::io::Result<Vec<f32>> {
        let mut bytes = Vec::with_capacity(12 + x.len() * 4);
        for v in [count, side, side] {
            bytes.extend_from_slice(&v.to_le_bytes());
        }
        for v in x {
            bytes.extend_from_slice(&v.to_le_bytes());
        }
        to.write_all(&bytes)?;
        to.flush()?;
        let n = (count * (side * side + 1) + count * SPEC.dwin_heads) as usize;
        let mut answer = vec![0u8; n * 4];
        from.read_exact(&mut answer)?;
        Ok(answer
            .chunks_exact(4)
            .map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]]))
            .collect())
    };
    ask(1, 9, &input(1, 9))?;
    let first_ms = start.elapsed().as_secs_f64() * 1e3;
    let mut per_batch = Vec::new();
    for (count, side) in CASES {
        let x = input(count, side);
        ask(count, side, &x)?;
        let start = Instant::now();
        for _ in 0..REPEATS {
            ask(count, side, &x)?;
        }
        per_batch.push((
            count,
            side,
            start.elapsed().as_secs_f64() * 1e3 / f64::from(REPEATS),
        ));
    }
    let after = rss_mib(std::process::id());
    let server_mem = rss_mib(child.id());
    drop(to);
    child.wait()?;
    let mem = format!(
        "this process {before:.0} MiB before, {after:.0} MiB after; the server {server_mem:.0} MiB"
    );
    report("inference process (pipes)", first_ms, &per_batch, &mem);
    Ok(())
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    if std::env::args().nth(1).as_deref() == Some("module") {
        return module_path();
    }
    if !std::env::args().any(|a| a == "--bench") {
        return Ok(()); // `cargo test --all-targets`: not a test
    }
    println!(
        "net: {} blocks x {} channels, {} planes, CPU; {REPEATS} batches per case",
        SPEC.blocks, SPEC.channels, SPEC.input_planes
    );
    process_path()?;
    let status = Command::new(std::env::current_exe()?)
        .arg("module")
        .status()?;
    if !status.success() {
        return Err("the module measurement failed".into());
    }
    Ok(())
}
