//! `train` with shards, through the binary: generated data kept with `--generate-only
//! --shard-out` is fitted on by a later run with `--problems 0 --shard …` (both shards' samples
//! counted, the shards named in the measures file), and a shard given twice, a truncated shard
//! or one holding the run's own data is refused with a message naming it.
#![cfg(feature = "nn")]

use std::path::Path;

use crate::cli_common::{run, stderr, stdout, temp_dir};

/// The options of a small generation of seed `seed` in `work`.
fn small_data(seed: u64, work: &Path) -> Vec<String> {
    [
        "train",
        "--problems",
        "40",
        "--nodes",
        "20000",
        "--killall-every",
        "0",
        "--samples-per-proof",
        "20",
        "--threads",
        "1",
    ]
    .iter()
    .map(|s| s.to_string())
    .chain(["--seed".into(), seed.to_string()])
    .chain(["--work".into(), work.display().to_string()])
    .collect()
}

fn run_args(args: &[String]) -> std::process::Output {
    let refs: Vec<&str> = args.iter().map(String::as_str).collect();
    run(&refs)
}

/// Generates a small shard of seed `seed` at `out`.
fn generate(work: &Path, seed: u64, out: &Path) {
    let mut args = small_data(seed, work);
    args.extend([
        "--generate-only".into(),
        "--shard-out".into(),
        out.display().to_string(),
    ]);
    let result = run_args(&args);
    assert!(result.status.success(), "{}", stderr(&result));
    assert!(stdout(&result).contains("--generate-only: no fit"));
    assert!(out.is_file(), "{} written", out.display());
}

/// The fit of a tiny net on `shards` alone; the command's output.
fn fit(dir: &Path, shards: &[&Path]) -> std::process::Output {
    let work = dir.join("fit");
    let out = dir.join("net.safetensors");
    let mut args = vec![
        "train".to_string(),
        "--problems".into(),
        "0".into(),
        "--blocks".into(),
        "1".into(),
        "--channels".into(),
        "8".into(),
        "--epochs".into(),
        "1".into(),
        "--threads".into(),
        "1".into(),
        "--fresh".into(),
        "--work".into(),
        work.display().to_string(),
        "--out".into(),
        out.display().to_string(),
    ];
    for s in shards {
        args.push("--shard".into());
        args.push(s.display().to_string());
    }
    run_args(&args)
}

/// The count in a line `shard FILE: N training and M held-out samples …`.
fn shard_train_count(text: &str, file: &Path) -> usize {
    let prefix = format!("shard {}: ", file.display());
    let line = text
        .lines()
        .find(|l| l.starts_with(&prefix))
        .unwrap_or_else(|| panic!("a line for {} in {text}", file.display()));
    line[prefix.len()..]
        .split(' ')
        .next()
        .and_then(|n| n.parse().ok())
        .expect("a count")
}

#[test]
fn a_fit_on_two_kept_shards_uses_both_and_bad_shards_are_refused() {
    let dir = temp_dir("train", "shards");
    let (s3, s4) = (dir.join("s3.jsonl.gz"), dir.join("s4.jsonl.gz"));
    generate(&dir.join("gen3"), 3, &s3);
    generate(&dir.join("gen4"), 4, &s4);

    let both = fit(&dir, &[&s3, &s4]);
    assert!(both.status.success(), "{}", stderr(&both));
    let text = stdout(&both);
    let (n3, n4) = (shard_train_count(&text, &s3), shard_train_count(&text, &s4));
    assert!(n3 > 0 && n4 > 0, "{text}");
    assert!(
        text.contains(&format!("samples: {} training", n3 + n4)),
        "both shards' samples fitted: {text}"
    );
    let measures =
        std::fs::read_to_string(dir.join("net.metrics.json")).expect("the measures file");
    let state: serde_json::Value = serde_json::from_str(&measures).expect("JSON");
    let shards = state["settings"]["shards"]
        .as_array()
        .expect("the shards in the measures");
    assert_eq!(shards.len(), 2);
    assert_eq!(shards[0]["train"].as_u64(), Some(n3 as u64));

    let twice = fit(&dir, &[&s3, &s3]);
    assert!(!twice.status.success());
    assert!(stderr(&twice).contains("given twice"), "{}", stderr(&twice));

    let bytes = std::fs::read(&s4).expect("the shard");
    let cut = dir.join("cut.jsonl.gz");
    std::fs::write(&cut, &bytes[..bytes.len() / 2]).expect("a truncated copy");
    let truncated = fit(&dir, &[&s3, &cut]);
    assert!(!truncated.status.success());
    assert!(
        stderr(&truncated).contains("cut.jsonl.gz"),
        "the message names the file: {}",
        stderr(&truncated)
    );

    // A shard of the very data this run generates would count its samples twice.
    let mut args = small_data(3, &dir.join("gen3"));
    args.extend([
        "--shard".into(),
        s3.display().to_string(),
        "--out".into(),
        dir.join("same.safetensors").display().to_string(),
    ]);
    let same = run_args(&args);
    assert!(!same.status.success());
    assert!(
        stderr(&same).contains("the same settings"),
        "{}",
        stderr(&same)
    );
    let _ = std::fs::remove_dir_all(&dir);
}
