//! `tsumego-studio train`: the net trained here, from the product's own proofs.
//!
//! 1. **Data** (`WORK/data/`): random problems generated and proven by df-pn
//!    ([`crate::nn::generate`]), samples taken from every proof ([`crate::nn::samples`]); one
//!    problem in ten held out whole. Kept as JSON lines with the settings that made them, and
//!    reused while the settings are the same.
//! 2. **Fit**: SGD with momentum on batches of one input side, a random symmetry per sample;
//!    the learning rate drops tenfold for the last third of the steps (as the paper's
//!    schedule). Four times per epoch: the held-out measures, a checkpoint (weights, momentum,
//!    state) in `WORK/`, so an interrupted run resumes where it stopped.
//! 3. **Output**: the weights at `--out` (safetensors), with the training curve
//!    (`.curve.png`) and the measures (`.metrics.json`) beside them.
//!
//! Seeded throughout: the same command gives the same data and the same batches.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::Args;
use serde::{Deserialize, Serialize};

use crate::nn::dataset::{GenSettings, Metrics};
use crate::nn::generate::ProverEngine;

fn parse_prover(text: &str) -> Result<ProverEngine, String> {
    match text {
        "dfpn" | "df-pn" => Ok(ProverEngine::DfPn),
        "mcts" => Ok(ProverEngine::Mcts),
        _ => Err(format!("unknown prover {text:?} (dfpn or mcts)")),
    }
}

/// The options of `train`.
#[derive(Debug, Clone, Args)]
pub struct TrainArgs {
    /// Folder for the generated data, checkpoints and logs.
    #[arg(long, default_value = "target/train", value_name = "DIR")]
    pub work: PathBuf,
    /// The trained weights (the curve and measures are written beside them).
    #[arg(
        long,
        default_value = "weights/ftl.safetensors",
        value_name = "FILE.safetensors"
    )]
    pub out: PathBuf,
    /// Seed of the problems and the batches.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Problems generated (one in ten held out).
    #[arg(long, default_value_t = 3000)]
    pub problems: u64,
    /// df-pn node budget per claim of a generated problem.
    #[arg(long, default_value_t = 100_000)]
    pub nodes: u64,
    /// One generated problem in this many is a 7x7 kill-all position (0: none).
    #[arg(long, default_value_t = 5)]
    pub killall_every: u64,
    /// Of the other generated problems, one in this many is a large corner fight on 19x19 (a
    /// region of 80–156 empty points, as the research sets' masked problems; 0: none).
    #[arg(long, default_value_t = 0)]
    pub large_every: u64,
    /// Fewest opening moves of a kill-all problem.
    #[arg(long, default_value_t = 6)]
    pub killall_min_moves: u32,
    /// Most opening moves of a kill-all problem.
    #[arg(long, default_value_t = 16)]
    pub killall_max_moves: u32,
    /// Kill-all problems take seki as life (`live-any-seki` / `kill-all-seki`).
    #[arg(long)]
    pub killall_seki: bool,
    /// Kill-all openings as the research set's games: Black plays the first two moves (White
    /// passes once).
    #[arg(long)]
    pub killall_research_openings: bool,
    /// The engine that proves the generated problems: dfpn, or mcts (best-first; with
    /// `--prover-net` the search the net serves, for a second round of data: expert iteration).
    #[arg(long, default_value = "dfpn", value_parser = parse_prover)]
    pub prover: ProverEngine,
    /// A net (safetensors) that guides the prover; the data then depends on it.
    #[arg(long, value_name = "FILE.safetensors")]
    pub prover_net: Option<PathBuf>,
    /// Sample pairs kept per proof.
    #[arg(long, default_value_t = 200)]
    pub samples_per_proof: usize,
    /// Residual blocks of the net.
    #[arg(long, default_value_t = 3)]
    pub blocks: u32,
    /// Channels of the net.
    #[arg(long, default_value_t = 32)]
    pub channels: u32,
    /// Passes over the training samples (in batches drawn with replacement).
    #[arg(long, default_value_t = 3)]
    pub epochs: u32,
    /// Samples per batch.
    #[arg(long, default_value_t = 64)]
    pub batch: usize,
    /// Learning rate (a tenth of it for the last third of the steps).
    #[arg(long, default_value_t = 0.02)]
    pub lr: f32,
    /// Threads for generation and for libtorch's training steps.
    #[arg(long, default_value_t = 2)]
    pub threads: usize,
    /// Start over: ignore the data and checkpoint in WORK.
    #[arg(long)]
    pub fresh: bool,
    /// Start the fit from these weights (of the same --blocks and --channels) instead of a
    /// seeded net: a net trained on other problems, fitted further to this data.
    #[arg(long, value_name = "FILE.safetensors")]
    pub init: Option<PathBuf>,
    /// Also fit on the samples of this shard (training data an earlier run kept with
    /// `--shard-out`: its training samples are trained on, its held-out ones measured); may be
    /// given many times. With `--problems 0` the shards are the only data.
    #[arg(long = "shard", value_name = "FILE.jsonl.gz")]
    pub shards: Vec<PathBuf>,
    /// Keep this run's generated data as a shard in FILE (gzip JSON lines with the settings
    /// that made it), for later runs' `--shard`.
    #[arg(long, value_name = "FILE.jsonl.gz")]
    pub shard_out: Option<PathBuf>,
    /// Stop after the data is generated (and written with `--shard-out`): no fit, no net.
    #[arg(long)]
    pub generate_only: bool,
}

impl TrainArgs {
    #[cfg(feature = "nn")]
    fn gen_settings(&self) -> GenSettings {
        GenSettings {
            seed: self.seed,
            problems: self.problems,
            nodes: self.nodes,
            killall_every: self.killall_every,
            large_every: self.large_every,
            samples_per_proof: self.samples_per_proof,
            killall: crate::nn::generate::KillAllShape {
                min_moves: self.killall_min_moves,
                max_moves: self.killall_max_moves,
                seki: self.killall_seki,
                research_openings: self.killall_research_openings,
            },
            prover: self.prover,
            prover_net: self.prover_net.clone(),
        }
    }
}

/// What a checkpoint remembers besides the tensors: the settings it belongs to and the curve.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TrainState {
    pub settings: FitSettings,
    /// Steps done.
    pub step: u64,
    pub curve: Vec<CurvePoint>,
    /// Seconds spent training so far (all runs).
    pub seconds: f64,
}

/// The settings a fit depends on (a checkpoint of other settings is not resumed).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct FitSettings {
    pub data: GenSettings,
    pub blocks: u32,
    pub channels: u32,
    pub epochs: u32,
    pub batch: usize,
    pub lr: f32,
    /// The weights the fit started from (`None`: a seeded net).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub init: Option<PathBuf>,
    /// The shards fitted on beside the run's own data, in the order given.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub shards: Vec<ShardRef>,
}

/// A shard a fit used: its file and what it holds.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ShardRef {
    pub file: PathBuf,
    pub settings: GenSettings,
    pub train: usize,
    pub held_out: usize,
}

/// One point of the training curve (after an epoch).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CurvePoint {
    pub step: u64,
    pub policy_loss: f64,
    pub dwin_loss: f64,
    pub held_out: Metrics,
    pub samples_per_second: f64,
}

/// The state file of `work`.
pub fn state_path(work: &Path) -> PathBuf {
    work.join("state.json")
}

#[cfg(not(feature = "nn"))]
pub fn run(_: &TrainArgs) -> anyhow::Result<ExitCode> {
    eprintln!("this build has no net (built with --no-default-features): nothing to train");
    Ok(ExitCode::from(1))
}

#[cfg(feature = "nn")]
pub use imp::run;

#[cfg(feature = "nn")]
mod imp {
    use super::*;
    use crate::atomic_file::write_atomically;
    use crate::nn::dataset::{generate, Batch, Buckets, MetricsSum};
    use crate::nn::features::{SquareSymmetry, NUM_PLANES};
    use crate::nn::samples::{read_samples, write_samples, Sample};
    use crate::nn::shard::{load_shard, write_shard};
    use crate::nn::{DevicePreference, Net, NetModule, NetSpec};
    use crate::solver::knowledge::guide::DWIN_HORIZON;
    use anyhow::{anyhow, Context};
    use indicatif::{ProgressBar, ProgressStyle};
    use std::io::BufReader;
    use std::time::Instant;
    use tsumego_nn_abi::TrainOptions;

    const MOMENTUM: f32 = 0.9;
    const WEIGHT_DECAY: f32 = 1e-4;
    const DWIN_WEIGHT: f32 = 1.0;
    /// Held-out samples evaluated per batch.
    const EVAL_BATCH: usize = 256;

    pub fn run(args: &TrainArgs) -> anyhow::Result<ExitCode> {
        std::fs::create_dir_all(&args.work)
            .with_context(|| format!("{}: cannot create the work folder", args.work.display()))?;
        let (mut train, mut held_out) = data(args)?;
        if args.generate_only {
            println!("--generate-only: no fit");
            return Ok(ExitCode::SUCCESS);
        }
        let shards = add_shards(args, &mut train, &mut held_out)?;
        if train.is_empty() || held_out.is_empty() {
            anyhow::bail!(
                "no training data: {} training and {} held-out samples (more --problems or --nodes)",
                train.len(),
                held_out.len()
            );
        }
        let module = NetModule::get().map_err(|e| anyhow!("net unavailable: {e}"))?;
        let train = Buckets::new(&train);
        let held_out = Buckets::new(&held_out);
        println!(
            "samples: {} training, {} held out; input sides {:?}",
            train.len(),
            held_out.len(),
            train.by_side.keys().collect::<Vec<_>>()
        );
        let spec = NetSpec {
            input_planes: NUM_PLANES as u32,
            blocks: args.blocks,
            channels: args.channels,
            dwin_heads: DWIN_HORIZON as u32,
        };
        let settings = FitSettings {
            data: args.gen_settings(),
            blocks: args.blocks,
            channels: args.channels,
            epochs: args.epochs,
            batch: args.batch,
            lr: args.lr,
            init: args.init.clone(),
            shards,
        };
        let steps_per_epoch = (train.len() / args.batch.max(1)).max(1) as u64;
        let total_steps = steps_per_epoch * u64::from(args.epochs);
        let (mut net, mut state) = resume_or_start(args, module, spec, &settings, total_steps)?;
        state.settings = settings.clone();
        // Measured (and checkpointed) four times per epoch.
        let eval_every = (steps_per_epoch / 4).max(1);
        let bar = ProgressBar::new(total_steps);
        bar.set_style(
            ProgressStyle::with_template(
                "{elapsed_precise} [{bar:30}] {pos}/{len} steps ({eta} left) {msg}",
            )
            .map_err(|e| anyhow!("progress bar: {e}"))?
            .progress_chars("=> "),
        );
        bar.set_position(state.step);
        let (mut policy_sum, mut dwin_sum, mut n_losses) = (0.0f64, 0.0f64, 0u64);
        let mut clock = Instant::now();
        let mut samples_since = 0u64;
        while state.step < total_steps {
            let lr = if state.step * 3 >= total_steps * 2 {
                args.lr / 10.0
            } else {
                args.lr
            };
            let batch = train.draw(args.seed, state.step, args.batch);
            let options = TrainOptions {
                learning_rate: lr,
                momentum: MOMENTUM,
                weight_decay: WEIGHT_DECAY,
                dwin_weight: DWIN_WEIGHT,
                threads: args.threads as u32,
            };
            let [p, d] = net.train_step(
                batch.count,
                batch.side,
                batch.side,
                &batch.input,
                &batch.policy,
                &batch.labels,
                &batch.mask,
                &options,
            )?;
            policy_sum += f64::from(p);
            dwin_sum += f64::from(d);
            n_losses += 1;
            samples_since += u64::from(batch.count);
            state.step += 1;
            bar.set_position(state.step);
            let rate = samples_since as f64 / clock.elapsed().as_secs_f64().max(1e-9);
            bar.set_message(format!(
                "policy {:.3} d-win {:.3}, {rate:.0} samples/s",
                policy_sum / n_losses as f64,
                dwin_sum / n_losses as f64
            ));
            if state.step % eval_every == 0 || state.step == total_steps {
                let metrics = evaluate(&net, &held_out)?;
                state.seconds += clock.elapsed().as_secs_f64();
                state.curve.push(CurvePoint {
                    step: state.step,
                    policy_loss: policy_sum / n_losses as f64,
                    dwin_loss: dwin_sum / n_losses as f64,
                    held_out: metrics.clone(),
                    samples_per_second: rate,
                });
                say(&bar, format!(
                    "step {}: policy loss {:.3}, d-win loss {:.3}; held out: top-1 {:.1}%, top-3 {:.1}%, Brier {:.4}",
                    state.step,
                    policy_sum / n_losses as f64,
                    dwin_sum / n_losses as f64,
                    metrics.top1 * 100.0,
                    metrics.top3 * 100.0,
                    metrics.brier
                ));
                checkpoint(args, &net, &state)?;
                (policy_sum, dwin_sum, n_losses) = (0.0, 0.0, 0);
                samples_since = 0;
                clock = Instant::now();
            }
        }
        bar.finish();
        write_outputs(args, &net, &state)?;
        Ok(ExitCode::SUCCESS)
    }

    /// A line above the bar, or on standard output when the bar is hidden (no terminal).
    fn say(bar: &ProgressBar, line: String) {
        if bar.is_hidden() {
            println!("{line}");
        } else {
            bar.println(line);
        }
    }

    /// Adds the samples of `args.shards` to the run's own; what each brought, for the state.
    fn add_shards(
        args: &TrainArgs,
        train: &mut Vec<Sample>,
        held_out: &mut Vec<Sample>,
    ) -> anyhow::Result<Vec<ShardRef>> {
        let own = args.gen_settings();
        let mut refs: Vec<ShardRef> = Vec::new();
        for path in &args.shards {
            let shard = load_shard(path).map_err(|e| anyhow!("{e}"))?;
            let settings = shard.header.settings.clone();
            if own.problems > 0 && settings == own {
                anyhow::bail!(
                    "{}: holds the data this run generates (the same settings): give other \
                     --seed/--problems or leave the shard out",
                    path.display()
                );
            }
            if refs.iter().any(|r| r.settings == settings) {
                anyhow::bail!(
                    "{}: a shard of the same settings is given twice",
                    path.display()
                );
            }
            println!(
                "shard {}: {} training and {} held-out samples ({} problems proven of {}, seed {})",
                path.display(),
                shard.train.len(),
                shard.held_out.len(),
                shard.header.proven,
                settings.problems,
                settings.seed
            );
            refs.push(ShardRef {
                file: path.clone(),
                settings,
                train: shard.train.len(),
                held_out: shard.held_out.len(),
            });
            train.extend(shard.train);
            held_out.extend(shard.held_out);
        }
        Ok(refs)
    }

    /// Writes the run's own data as a shard at `--shard-out`.
    fn keep_shard(
        args: &TrainArgs,
        proven: u64,
        train: &[Sample],
        held_out: &[Sample],
    ) -> anyhow::Result<()> {
        let Some(path) = &args.shard_out else {
            return Ok(());
        };
        let mut bytes = Vec::new();
        write_shard(&args.gen_settings(), proven, train, held_out, &mut bytes)?;
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir)
                .with_context(|| format!("{}: cannot create the folder", dir.display()))?;
        }
        write_atomically(path, &bytes)
            .with_context(|| format!("{}: cannot write", path.display()))?;
        println!(
            "shard: {} ({} training and {} held-out samples, {:.1} MB)",
            path.display(),
            train.len(),
            held_out.len(),
            bytes.len() as f64 / 1e6
        );
        Ok(())
    }

    /// The data of `args`: read back when WORK holds data of the same settings, else generated.
    /// Kept as a shard when `--shard-out` asks.
    fn data(args: &TrainArgs) -> anyhow::Result<(Vec<Sample>, Vec<Sample>)> {
        let (train, held_out, proven) = own_data(args)?;
        keep_shard(args, proven, &train, &held_out)?;
        Ok((train, held_out))
    }

    /// The run's own data and the problems it proved (read back, or generated and saved in
    /// WORK/data).
    fn own_data(args: &TrainArgs) -> anyhow::Result<(Vec<Sample>, Vec<Sample>, u64)> {
        let dir = args.work.join("data");
        let settings_file = dir.join("settings.json");
        let settings = args.gen_settings();
        let same = std::fs::read_to_string(&settings_file)
            .ok()
            .and_then(|text| serde_json::from_str::<GenSettings>(&text).ok())
            .is_some_and(|s| s == settings);
        if same && !args.fresh {
            let read = |name: &str| -> anyhow::Result<Vec<Sample>> {
                let path = dir.join(name);
                let file = std::fs::File::open(&path)
                    .with_context(|| format!("{}: cannot open", path.display()))?;
                read_samples(BufReader::new(file)).map_err(|e| anyhow!("{}: {e}", path.display()))
            };
            let (train, held) = (read("train.jsonl")?, read("held-out.jsonl")?);
            // Written beside the samples since shards were added (0 for older data).
            let proven = std::fs::read_to_string(dir.join("proven.txt"))
                .ok()
                .and_then(|t| t.trim().parse::<u64>().ok())
                .unwrap_or(0);
            println!(
                "data: {} training and {} held-out samples from {}",
                train.len(),
                held.len(),
                dir.display()
            );
            return Ok((train, held, proven));
        }
        std::fs::create_dir_all(&dir)?;
        let bar = ProgressBar::new(settings.problems);
        bar.set_style(
            ProgressStyle::with_template(
                "{elapsed_precise} [{bar:30}] {pos}/{len} problems ({eta} left) {msg}",
            )
            .map_err(|e| anyhow!("progress bar: {e}"))?
            .progress_chars("=> "),
        );
        let start = Instant::now();
        let guide = match &settings.prover_net {
            Some(path) => Some(
                crate::nn::shared::guide(Some(path), DevicePreference::Auto)
                    .map_err(|e| anyhow!("--prover-net {}: {e}", path.display()))?,
            ),
            None => None,
        };
        let generated = generate(&settings, args.threads, guide, &|done, proven| {
            bar.set_position(done);
            bar.set_message(format!("{proven} proven"));
        });
        bar.finish();
        println!(
            "data: {} of {} problems proven in {:.0} s: {} training and {} held-out samples",
            generated.proven,
            settings.problems,
            start.elapsed().as_secs_f64(),
            generated.train.len(),
            generated.held_out.len()
        );
        for (name, samples) in [
            ("train.jsonl", &generated.train),
            ("held-out.jsonl", &generated.held_out),
        ] {
            let mut bytes = Vec::new();
            write_samples(samples, &mut bytes)?;
            write_atomically(&dir.join(name), &bytes)
                .with_context(|| format!("{}: cannot write", dir.join(name).display()))?;
        }
        write_atomically(
            &settings_file,
            serde_json::to_string_pretty(&settings)?.as_bytes(),
        )?;
        write_atomically(
            &dir.join("proven.txt"),
            format!("{}\n", generated.proven).as_bytes(),
        )?;
        Ok((generated.train, generated.held_out, generated.proven))
    }

    fn checkpoint_paths(work: &Path) -> (PathBuf, PathBuf) {
        (
            work.join("checkpoint.safetensors"),
            work.join("checkpoint.momentum.safetensors"),
        )
    }

    /// Whether a saved state can go on as a run of `settings` with `total_steps` steps: the
    /// same settings, or only another epoch count while the saved run has not reached the
    /// learning-rate drop of either (batches depend on the seed and the step only, so the run
    /// is then exactly the one these settings would make).
    fn resumable(saved: &TrainState, settings: &FitSettings, total_steps: u64) -> bool {
        let same_but_epochs = FitSettings {
            epochs: settings.epochs,
            ..saved.settings.clone()
        } == *settings;
        let saved_total =
            total_steps / u64::from(settings.epochs.max(1)) * u64::from(saved.settings.epochs);
        let before_drop = |total: u64| saved.step * 3 < total * 2;
        saved.settings == *settings
            || (same_but_epochs && before_drop(total_steps) && before_drop(saved_total))
    }

    fn resume_or_start(
        args: &TrainArgs,
        module: &NetModule,
        spec: NetSpec,
        settings: &FitSettings,
        total_steps: u64,
    ) -> anyhow::Result<(Net, TrainState)> {
        let (weights, momentum) = checkpoint_paths(&args.work);
        let saved = std::fs::read_to_string(state_path(&args.work))
            .ok()
            .and_then(|text| serde_json::from_str::<TrainState>(&text).ok())
            .filter(|s| resumable(s, settings, total_steps));
        if let (Some(state), false) = (saved, args.fresh) {
            let mut net = module.load_net(spec, &weights, DevicePreference::Auto)?;
            net.load_momentum(&momentum)?;
            println!(
                "resuming at step {} of {total_steps} from {}",
                state.step,
                weights.display()
            );
            return Ok((net, state));
        }
        let net = match &args.init {
            Some(init) => {
                println!("starting from {}", init.display());
                module
                    .load_net(spec, init, DevicePreference::Auto)
                    .with_context(|| format!("--init {}", init.display()))?
            }
            None => module.new_net(spec, args.seed, DevicePreference::Auto)?,
        };
        Ok((
            net,
            TrainState {
                settings: settings.clone(),
                step: 0,
                curve: Vec::new(),
                seconds: 0.0,
            },
        ))
    }

    /// Saves the weights, momentum and state (the state last, so a state always names tensors
    /// that are complete).
    fn checkpoint(args: &TrainArgs, net: &Net, state: &TrainState) -> anyhow::Result<()> {
        let (weights, momentum) = checkpoint_paths(&args.work);
        // Each save is atomic (a temporary file renamed over the old one).
        net.save(&weights)?;
        net.save_momentum(&momentum)?;
        write_atomically(
            &state_path(&args.work),
            serde_json::to_string_pretty(state)?.as_bytes(),
        )?;
        Ok(())
    }

    /// The held-out measures of `net`.
    fn evaluate(net: &Net, held_out: &Buckets) -> anyhow::Result<Metrics> {
        let mut sum = MetricsSum::default();
        for bucket in held_out.by_side.values() {
            for chunk in bucket.chunks(EVAL_BATCH) {
                let items: Vec<_> = chunk
                    .iter()
                    .map(|e| (e, SquareSymmetry::IDENTITY))
                    .collect();
                let batch = Batch::fill(&items);
                let out = net.forward(batch.count, batch.side, batch.side, &batch.input)?;
                let p_len = (batch.side * batch.side + 1) as usize;
                for (i, e) in chunk.iter().enumerate() {
                    sum.add(
                        e,
                        &out.policy[i * p_len..(i + 1) * p_len],
                        &out.dwin[i * DWIN_HORIZON..(i + 1) * DWIN_HORIZON],
                    );
                }
            }
        }
        Ok(sum.finish())
    }

    fn write_outputs(args: &TrainArgs, net: &Net, state: &TrainState) -> anyhow::Result<()> {
        if let Some(dir) = args.out.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir)?;
        }
        net.save(&args.out)
            .with_context(|| format!("{}: cannot write", args.out.display()))?;
        let metrics = args.out.with_extension("metrics.json");
        write_atomically(&metrics, serde_json::to_string_pretty(state)?.as_bytes())?;
        let curve = args.out.with_extension("curve.png");
        super::super::train_plot::draw(&state.curve, &curve)?;
        let last = state.curve.last();
        println!(
            "weights: {} ({} steps, {:.0} s of training); held out: top-1 {:.1}%, top-3 {:.1}%, Brier {:.4}",
            args.out.display(),
            state.step,
            state.seconds,
            last.map_or(0.0, |c| c.held_out.top1 * 100.0),
            last.map_or(0.0, |c| c.held_out.top3 * 100.0),
            last.map_or(0.0, |c| c.held_out.brier)
        );
        println!(
            "curve: {}; measures: {}",
            curve.display(),
            metrics.display()
        );
        Ok(())
    }
}
