//! The training set: generated problems proven on worker threads ([`generate`]), their samples
//! encoded once ([`Encoded`]) and grouped by input side so that a batch has one shape, batches
//! drawn with one of the 8 symmetries each ([`Batch::fill`]), and the held-out measures
//! ([`Metrics`]).
//!
//! Held-out data: one problem in ten ([`is_held_out`]) goes to the held-out set,
//! whole, so no position of a held-out problem's proof is trained on.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};

use super::features::{Plane, SquareSymmetry, NUM_PLANES};
use super::generate::{
    prove_with, random_problem_shaped, FamilyMix, KillAllShape, Prover, ProverEngine,
};
use super::samples::{harvest, Sample};
use crate::solver::knowledge::guide::{GuideHandle, DWIN_HORIZON};

/// What the data is generated from; equal settings give equal data.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GenSettings {
    pub seed: u64,
    pub problems: u64,
    /// df-pn node budget per claim.
    pub nodes: u64,
    /// One problem in this many is a 7x7 kill-all position (0: none).
    pub killall_every: u64,
    /// Of the other problems, one in this many is a large 19x19 corner (0: none; absent from
    /// older settings).
    #[serde(default)]
    pub large_every: u64,
    /// Samples kept per proof (pairs of claim and opposite claim).
    pub samples_per_proof: usize,
    /// How the kill-all problems are drawn (absent from older settings: the default).
    #[serde(default)]
    pub killall: KillAllShape,
    /// The engine that proves the problems (absent from older settings: df-pn).
    #[serde(default, skip_serializing_if = "is_default")]
    pub prover: ProverEngine,
    /// The net that guides the prover (absent: none). With a net the data is the same from
    /// run to run only up to the net's float rounding in batches of other sizes.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub prover_net: Option<PathBuf>,
}

fn is_default<T: Default + PartialEq>(value: &T) -> bool {
    *value == T::default()
}

/// The generated samples.
#[derive(Clone, Debug, Default)]
pub struct Generated {
    pub train: Vec<Sample>,
    pub held_out: Vec<Sample>,
    /// Problems proven (either claim).
    pub proven: u64,
}

/// Whether problem `index` is held out: one in ten, chosen by a hash of the index (not by
/// its last digit, which would line up with the kill-all problems' period).
pub fn is_held_out(index: u64) -> bool {
    crate::go::splitmix::mix64(index).is_multiple_of(10)
}

/// Generates and proves `settings.problems` problems on `threads` threads with
/// `settings.prover` guided by `guide` (the net of `settings.prover_net`, loaded by the
/// caller); `progress` is told (problems done, problems proven) after each. Without a guide the
/// result does not depend on the threads.
pub fn generate(
    settings: &GenSettings,
    threads: usize,
    guide: Option<GuideHandle>,
    progress: &(dyn Fn(u64, u64) + Sync),
) -> Generated {
    let prover = Prover {
        engine: settings.prover,
        guide,
    };
    let next = AtomicU64::new(0);
    let done = AtomicU64::new(0);
    let proven = AtomicU64::new(0);
    let results: Mutex<Vec<(u64, Vec<Sample>)>> = Mutex::new(Vec::new());
    std::thread::scope(|scope| {
        for _ in 0..threads.max(1) {
            scope.spawn(|| loop {
                let index = next.fetch_add(1, Ordering::Relaxed);
                if index >= settings.problems {
                    break;
                }
                let problem = random_problem_shaped(
                    settings.seed,
                    index,
                    FamilyMix {
                        killall_every: settings.killall_every,
                        large_every: settings.large_every,
                    },
                    settings.killall,
                );
                let samples = match prove_with(&problem, settings.nodes, &prover) {
                    Some((claim, proof)) => {
                        proven.fetch_add(1, Ordering::Relaxed);
                        harvest(&claim, &proof, settings.samples_per_proof)
                    }
                    None => Vec::new(),
                };
                results
                    .lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .push((index, samples));
                let d = done.fetch_add(1, Ordering::Relaxed) + 1;
                progress(d, proven.load(Ordering::Relaxed));
            });
        }
    });
    let mut results = results.into_inner().unwrap_or_else(|e| e.into_inner());
    results.sort_by_key(|(index, _)| *index);
    let mut out = Generated {
        proven: proven.load(Ordering::Relaxed),
        ..Generated::default()
    };
    for (index, samples) in results {
        if is_held_out(index) {
            out.held_out.extend(samples);
        } else {
            out.train.extend(samples);
        }
    }
    out
}

/// A sample as the net takes it: planes as bytes, the policy index, the d-win labels.
#[derive(Clone, Debug)]
pub struct Encoded {
    pub side: usize,
    /// `NUM_PLANES * side * side` values 0/1.
    pub planes: Vec<u8>,
    /// Policy index (-1: none).
    pub target: i64,
    pub labels: [f32; DWIN_HORIZON],
}

impl Encoded {
    pub fn new(sample: &Sample) -> Encoded {
        let crop = sample.crop();
        let mut floats = vec![0.0f32; NUM_PLANES * crop.cells()];
        sample.encode(&crop, &mut floats);
        let mut labels = [0.0f32; DWIN_HORIZON];
        labels.copy_from_slice(&sample.dwin_labels(DWIN_HORIZON));
        Encoded {
            side: crop.side,
            planes: floats.iter().map(|&v| u8::from(v > 0.5)).collect(),
            target: sample.target_index(&crop).map_or(-1, |i| i as i64),
            labels,
        }
    }

    /// Whether the side to move may play at `cell` (an empty region point) or pass (the last
    /// index): the moves the policy is judged over.
    pub fn playable(&self, cell: usize) -> bool {
        let cells = self.side * self.side;
        if cell == cells {
            return true;
        }
        let at = |plane: Plane| self.planes[plane as usize * cells + cell] != 0;
        at(Plane::Region) && at(Plane::Empty)
    }
}

/// Encoded samples grouped by input side.
#[derive(Clone, Debug, Default)]
pub struct Buckets {
    pub by_side: BTreeMap<usize, Vec<Encoded>>,
}

impl Buckets {
    pub fn new(samples: &[Sample]) -> Buckets {
        let mut by_side: BTreeMap<usize, Vec<Encoded>> = BTreeMap::new();
        for s in samples {
            let e = Encoded::new(s);
            by_side.entry(e.side).or_default().push(e);
        }
        Buckets { by_side }
    }

    pub fn len(&self) -> usize {
        self.by_side.values().map(Vec::len).sum()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The training batch of step `step`: a bucket drawn in proportion to its size, `size`
    /// samples drawn from it with replacement, each under a random symmetry; the same for the
    /// same (`seed`, `step`), so a resumed run draws what the first would have.
    pub fn draw(&self, seed: u64, step: u64, size: usize) -> Batch {
        let mut rng = ChaCha8Rng::seed_from_u64(seed ^ step.wrapping_mul(0xA24B_AED4_963E_E407));
        let total = self.len();
        let mut pick = rng.random_range(0..total.max(1));
        let mut chosen = self.by_side.values().next();
        for bucket in self.by_side.values() {
            if pick < bucket.len() {
                chosen = Some(bucket);
                break;
            }
            pick -= bucket.len();
        }
        let bucket = chosen.map(Vec::as_slice).unwrap_or(&[]);
        let items: Vec<(&Encoded, SquareSymmetry)> = (0..size)
            .filter(|_| !bucket.is_empty())
            .map(|_| {
                (
                    &bucket[rng.random_range(0..bucket.len())],
                    SquareSymmetry::nth(rng.random_range(0..8)),
                )
            })
            .collect();
        Batch::fill(&items)
    }
}

/// One batch in the layout the net takes.
#[derive(Clone, Debug, Default)]
pub struct Batch {
    pub count: u32,
    pub side: u32,
    pub input: Vec<f32>,
    pub policy: Vec<i64>,
    pub labels: Vec<f32>,
    pub mask: Vec<f32>,
}

impl Batch {
    /// The items (all of one side), each under its symmetry.
    pub fn fill(items: &[(&Encoded, SquareSymmetry)]) -> Batch {
        let Some(side) = items.first().map(|(e, _)| e.side) else {
            return Batch::default();
        };
        let per = NUM_PLANES * side * side;
        let mut batch = Batch {
            count: items.len() as u32,
            side: side as u32,
            input: vec![0.0; items.len() * per],
            ..Batch::default()
        };
        let mut plain = vec![0.0f32; per];
        for (i, (e, sym)) in items.iter().enumerate() {
            assert_eq!(e.side, side, "a batch has one side");
            for (f, &b) in plain.iter_mut().zip(&e.planes) {
                *f = f32::from(b);
            }
            sym.apply_planes(&plain, side, &mut batch.input[i * per..(i + 1) * per]);
            batch.policy.push(if e.target < 0 {
                -1
            } else {
                sym.map_cell(e.target as usize, side) as i64
            });
            batch.labels.extend_from_slice(&e.labels);
            batch.mask.extend(std::iter::repeat_n(1.0, DWIN_HORIZON));
        }
        batch
    }
}

/// Held-out measures: policy top-1 / top-3 over the playable moves, the d-win heads' Brier
/// score, and their calibration (predicted vs observed in ten bins of the prediction).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Metrics {
    pub samples: u64,
    pub top1: f64,
    pub top3: f64,
    pub brier: f64,
    /// Per bin `[i/10, (i+1)/10)`: (mean predicted, fraction of labels 1, count).
    pub calibration: Vec<(f64, f64, u64)>,
}

/// Sums towards [`Metrics`].
#[derive(Clone, Debug, Default)]
pub struct MetricsSum {
    samples: u64,
    with_target: u64,
    top1: u64,
    top3: u64,
    brier: f64,
    labels: u64,
    bins: [(f64, f64, u64); 10],
}

impl MetricsSum {
    /// Adds one sample's outputs: `policy` logits (`side*side + 1`), `dwin` probabilities.
    pub fn add(&mut self, e: &Encoded, policy: &[f32], dwin: &[f32]) {
        self.samples += 1;
        if e.target >= 0 {
            self.with_target += 1;
            let target = policy[e.target as usize];
            let better = policy
                .iter()
                .enumerate()
                .filter(|&(cell, &v)| e.playable(cell) && v > target)
                .count();
            if better == 0 {
                self.top1 += 1;
            }
            if better < 3 {
                self.top3 += 1;
            }
        }
        for (&p, &label) in dwin.iter().zip(&e.labels) {
            let p = f64::from(p);
            let label = f64::from(label);
            self.brier += (p - label) * (p - label);
            self.labels += 1;
            let bin = ((p * 10.0) as usize).min(9);
            self.bins[bin].0 += p;
            self.bins[bin].1 += label;
            self.bins[bin].2 += 1;
        }
    }

    pub fn finish(&self) -> Metrics {
        let ratio = |a: u64, b: u64| if b == 0 { 0.0 } else { a as f64 / b as f64 };
        Metrics {
            samples: self.samples,
            top1: ratio(self.top1, self.with_target),
            top3: ratio(self.top3, self.with_target),
            brier: if self.labels == 0 {
                0.0
            } else {
                self.brier / self.labels as f64
            },
            calibration: self
                .bins
                .iter()
                .map(|&(p, l, n)| {
                    if n == 0 {
                        (0.0, 0.0, 0)
                    } else {
                        (p / n as f64, l / n as f64, n)
                    }
                })
                .collect(),
        }
    }
}

/// Small enclosed-only generation settings for tests: `problems` problems of seed 3, df-pn
/// with `nodes` nodes per claim, 20 samples per proof.
#[cfg(test)]
pub(crate) fn small_test_settings(problems: u64, nodes: u64) -> GenSettings {
    GenSettings {
        seed: 3,
        problems,
        nodes,
        killall_every: 0,
        large_every: 0,
        samples_per_proof: 20,
        killall: KillAllShape::default(),
        prover: Default::default(),
        prover_net: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn settings() -> GenSettings {
        small_test_settings(6, 50_000)
    }

    #[test]
    fn generation_does_not_depend_on_the_threads() {
        let one = generate(&settings(), 1, None, &|_, _| {});
        let two = generate(&settings(), 2, None, &|_, _| {});
        assert_eq!(one.train, two.train);
        assert_eq!(one.held_out, two.held_out);
        assert_eq!(one.proven, two.proven);
    }

    #[test]
    fn batches_are_reproducible_and_targets_follow_the_symmetry() {
        let data = generate(&settings(), 2, None, &|_, _| {});
        assert!(!data.train.is_empty(), "nothing proven");
        let buckets = Buckets::new(&data.train);
        let a = buckets.draw(5, 17, 8);
        let b = buckets.draw(5, 17, 8);
        assert_eq!(
            (a.input.clone(), a.policy.clone()),
            (b.input.clone(), b.policy.clone())
        );
        assert_eq!(a.count, 8);
        let side = a.side as usize;
        let cells = side * side;
        let per = NUM_PLANES * cells;
        for (i, &t) in a.policy.iter().enumerate() {
            if t >= 0 && (t as usize) < cells {
                let planes = &a.input[i * per..(i + 1) * per];
                assert_eq!(planes[Plane::Empty as usize * cells + t as usize], 1.0);
                assert_eq!(planes[Plane::Region as usize * cells + t as usize], 1.0);
            }
        }
    }

    #[test]
    fn a_perfect_prediction_measures_perfectly() {
        let data = generate(&settings(), 2, None, &|_, _| {});
        let buckets = Buckets::new(&data.train);
        let mut sum = MetricsSum::default();
        for e in buckets.by_side.values().flatten() {
            let mut policy = vec![0.0f32; e.side * e.side + 1];
            if e.target >= 0 {
                policy[e.target as usize] = 5.0;
            }
            sum.add(e, &policy, &e.labels);
        }
        let m = sum.finish();
        assert_eq!((m.top1, m.top3, m.brier), (1.0, 1.0, 0.0));
    }
}
