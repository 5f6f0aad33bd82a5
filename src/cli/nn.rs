//! `tsumego-studio nn-info` and `nn-bench`: the net module, loaded on demand.
//!
//! `nn-info` opens the module (the first and only time libtorch enters the process), makes a net
//! and evaluates one position, printing where everything came from and how long each step took.
//! `nn-bench` measures evaluations per second at batch 1, 8 and 64 on crops of 9, 13 and 19.
//! Without the `nn` feature both say the build has no net and exit with status 1.

use clap::Args;
use std::process::ExitCode;
use tsumego_nn_abi::DEFAULT_SPEC;

/// The shape and device of the net the commands use.
#[derive(Debug, Clone, Args)]
pub struct NetArgs {
    /// Where the net runs: auto (CUDA when present, else the CPU), cpu, cuda or cuda:N.
    #[arg(long, default_value = "auto", value_name = "DEVICE")]
    pub device: String,
    /// Weights (safetensors) of a net of the shape below; without, seeded random weights.
    #[arg(long, value_name = "FILE.safetensors")]
    pub weights: Option<std::path::PathBuf>,
    /// Residual blocks.
    #[arg(long, default_value_t = DEFAULT_SPEC.blocks)]
    pub blocks: u32,
    /// Channels per convolution.
    #[arg(long, default_value_t = DEFAULT_SPEC.channels)]
    pub channels: u32,
    /// Input feature planes.
    #[arg(long, default_value_t = DEFAULT_SPEC.input_planes)]
    pub planes: u32,
    /// d-win heads (d = 1..=N).
    #[arg(long, default_value_t = DEFAULT_SPEC.dwin_heads)]
    pub dwin_heads: u32,
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
    use crate::nn::{DevicePreference, Net, NetModule, NetSpec};
    use anyhow::anyhow;
    use std::time::Instant;

    impl NetArgs {
        fn spec(&self) -> NetSpec {
            NetSpec {
                input_planes: self.planes,
                blocks: self.blocks,
                channels: self.channels,
                dwin_heads: self.dwin_heads,
            }
        }

        fn device(&self) -> anyhow::Result<DevicePreference> {
            self.device.parse().map_err(|e: String| anyhow!(e))
        }

        fn make(&self, module: &NetModule) -> anyhow::Result<Net> {
            let device = self.device()?;
            Ok(match &self.weights {
                Some(path) => module.load_net(self.spec(), path, device)?,
                None => module.new_net(self.spec(), 1, device)?,
            })
        }
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
        let net = args.make(module)?;
        let made = start.elapsed();
        let source = match &args.weights {
            Some(path) => format!("weights {}", path.display()),
            None => "seeded weights".to_string(),
        };
        println!(
            "net: {} blocks x {} channels, {} planes, {} d-win heads ({source}), made in {:.1} ms",
            args.blocks,
            args.channels,
            args.planes,
            args.dwin_heads,
            made.as_secs_f64() * 1e3
        );
        println!("device: {}", net.device());
        let side = 9;
        let input = vec![0.0f32; (args.planes * side * side) as usize];
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
        let net = args.make(module)?;
        println!("module: {} ({})", module.path().display(), module.info());
        println!(
            "net: {} blocks x {} channels, {} planes; device: {}",
            args.blocks,
            args.channels,
            args.planes,
            net.device()
        );
        println!("| crop | batch | evaluations/s | ms per batch |");
        println!("|---|---|---|---|");
        for side in [9u32, 13, 19] {
            for batch in [1u32, 8, 64] {
                let input: Vec<f32> = (0..batch * args.planes * side * side)
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
