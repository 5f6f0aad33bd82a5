//! The proptest configuration of our property tests: a fixed ChaCha seed and no failure files,
//! so every run draws the same cases.

use proptest::test_runner::{Config, RngAlgorithm, RngSeed};

/// `cases` cases drawn from the fixed `seed`.
pub fn config(cases: u32, seed: u64) -> Config {
    Config {
        cases,
        rng_algorithm: RngAlgorithm::ChaCha,
        rng_seed: RngSeed::Fixed(seed),
        failure_persistence: None,
        ..Config::default()
    }
}
