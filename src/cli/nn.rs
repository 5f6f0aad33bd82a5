//! `tsumego-studio nn-info` and `nn-bench`: the net module, loaded on demand.
//!
//! `nn-info` opens the module (the first and only time libtorch enters the process), makes a net
//! and evaluates one position, printing where everything came from and how long each step took.
//! `nn-bench` measures evaluations per second at batch 1, 8 and 64 on crops of 9, 13 and 19.
//! Without the `nn` feature both say the build has no net and exit with status 1.

use clap::Args;
use std::process::ExitCode;

/// The net the commands use: a weights file (its shape read from the file), or a net of seeded
/// random weights of the shape given, or by default the shipped weights
/// (`weights/ftl.safetensors`; a seeded net of the default shape, with a note, when there are
/// none).
#[derive(Debug, Clone, Args)]
pub struct NetArgs {
    /// Where the net runs: auto (CUDA when present, else the CPU), cpu, cuda or cuda:N.
    #[arg(long, default_value = "auto", value_name = "DEVICE")]
    pub device: String,
    /// Weights (safetensors); their shape is read from the file.
    #[arg(long, value_name = "FILE.safetensors", conflicts_with_all = ["blocks", "channels", "planes", "dwin_heads"])]
    pub weights: Option<std::path::PathBuf>,
    /// Residual blocks of a seeded net (giving any shape option asks for a seeded net).
    #[arg(long)]
    pub blocks: Option<u32>,
    /// Channels per convolution of a seeded net.
    #[arg(long)]
    pub channels: Option<u32>,
    /// Input feature planes of a seeded net.
    #[arg(long)]
    pub planes: Option<u32>,
    /// d-win heads (d = 1..=N) of a seeded net.
    #[arg(long)]
    pub dwin_heads: Option<u32>,
}

#[cfg(not(feature = "nn"))]
mod imp {
    use super::*;

    pub fn info(_: &NetArgs) -> anyhow::Result<ExitCode> {
        no_net()
    }

    pub fn bench(_: &NetArgs, _: f64) -> anyhow::Result<ExitCode> {
        no_net()
    }

    fn no_net() -> anyhow::Result<ExitCode> {
        eprintln!("this build has no net (built with --no-default-features); the engines use the heuristic prior");
        Ok(ExitCode::from(1))
    }
}

#[cfg(feature = "nn")]
mod imp {
    use super::*;
    use crate::nn::weights::{find_shipped, spec_of};
    use crate::nn::{DevicePreference, Net, NetModule, NetSpec};
    use anyhow::anyhow;
    use std::time::Instant;
    use tsumego_nn_abi::DEFAULT_SPEC;

    impl NetArgs {
        fn seeded_spec(&self) -> NetSpec {
            NetSpec {
                input_planes: self.planes.unwrap_or(DEFAULT_SPEC.input_planes),
                blocks: self.blocks.unwrap_or(DEFAULT_SPEC.blocks),
                channels: self.channels.unwrap_or(DEFAULT_SPEC.channels),
                dwin_heads: self.dwin_heads.unwrap_or(DEFAULT_SPEC.dwin_heads),
            }
        }

        fn device(&self) -> anyhow::Result<DevicePreference> {
            self.device.parse().map_err(|e: String| anyhow!(e))
        }

        /// The net and where its weights came from, in words.
        fn make(&self, module: &NetModule) -> anyhow::Result<(Net, String)> {
            let device = self.device()?;
            let shaped = self.blocks.is_some()
                || self.channels.is_some()
                || self.planes.is_some()
                || self.dwin_heads.is_some();
            let path = match &self.weights {
                Some(path) => Some(path.clone()),
                None if shaped => None,
                None => match find_shipped() {
                    Ok(path) => Some(path),
                    Err(why) => {
                        eprintln!("note: {why}; using seeded weights");
                        None
                    }
                },
            };
            Ok(match path {
                Some(path) => {
                    let spec = spec_of(&path).map_err(|e| anyhow!(e))?;
                    let net = module.load_net(spec, &path, device)?;
                    (net, format!("weights {}", path.display()))
                }
                None => (
                    module.new_net(self.seeded_spec(), 1, device)?,
                    "seeded weights".to_string(),
                ),
            })
        }
    }

    fn describe(spec: NetSpec) -> String {
        format!(
            "{} blocks x {} channels, {} planes, {} d-win heads",
            spec.blocks, spec.channels, spec.input_planes, spec.dwin_heads
        )
    }

    /// Opens the module, with the one-line message and the fallback when it cannot be.
    fn module() -> Result<&'static NetModule, ExitCode> {
        NetModule::get().map_err(|e| {
            eprintln!("net unavailable: {e}; the engines use the heuristic prior");
            ExitCode::from(1)
        })
    }

    pub fn info(args: &NetArgs) -> anyhow::Result<ExitCode> {
        let start = Instant::now();
        let module = match module() {
            Ok(module) => module,
            Err(code) => return Ok(code),
        };
        let opened = start.elapsed();
        println!("module: {} ({})", module.path().display(), module.info());
        println!("opened in {:.1} ms", opened.as_secs_f64() * 1e3);
        let start = Instant::now();
        let (net, source) = args.make(module)?;
        let made = start.elapsed();
        println!(
            "net: {} ({source}), made in {:.1} ms",
            describe(net.spec()),
            made.as_secs_f64() * 1e3
        );
        println!("device: {}", net.device());
        let side = 9;
        let input = vec![0.0f32; (net.spec().input_planes * side * side) as usize];
        let start = Instant::now();
        let outputs = net.forward(1, side, side, &input)?;
        println!(
            "first evaluation (9x9): {:.1} ms, pass logit {:.4}, P(win within 1) {:.4}",
            start.elapsed().as_secs_f64() * 1e3,
            outputs.policy[(side * side) as usize],
            outputs.dwin[0]
        );
        Ok(ExitCode::SUCCESS)
    }

    pub fn bench(args: &NetArgs, secs_per_case: f64) -> anyhow::Result<ExitCode> {
        let module = match module() {
            Ok(module) => module,
            Err(code) => return Ok(code),
        };
        let (net, source) = args.make(module)?;
        let planes = net.spec().input_planes;
        println!("module: {} ({})", module.path().display(), module.info());
        println!(
            "net: {} ({source}); device: {}",
            describe(net.spec()),
            net.device()
        );
        println!("| crop | batch | evaluations/s | ms per batch |");
        println!("|---|---|---|---|");
        for side in [9u32, 13, 19] {
            for batch in [1u32, 8, 64] {
                let input: Vec<f32> = (0..batch * planes * side * side)
                    .map(|i| ((i * 7919) % 3) as f32 * 0.5)
                    .collect();
                net.forward(batch, side, side, &input)?; // warm-up
                let start = Instant::now();
                let mut batches = 0u32;
                while batches == 0 || start.elapsed().as_secs_f64() < secs_per_case {
                    net.forward(batch, side, side, &input)?;
                    batches += 1;
                }
                let secs = start.elapsed().as_secs_f64();
                println!(
                    "| {side}x{side} | {batch} | {:.0} | {:.2} |",
                    f64::from(batches * batch) / secs,
                    secs * 1e3 / f64::from(batches)
                );
            }
        }
        Ok(ExitCode::SUCCESS)
    }
}

pub use imp::{bench, info};
