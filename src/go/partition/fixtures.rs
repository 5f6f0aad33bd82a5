//! Boards and helpers shared by the partition's tests (compiled for tests only).

#![allow(clippy::unwrap_used)]

use crate::go::board::Board;
use crate::go::point::Point;
use crate::go::zone::Zone;
use proptest::test_runner::{Config, RngAlgorithm, RngSeed};
use rand::{Rng, SeedableRng};

/// A board from an ASCII diagram (see [`Board::from_ascii`]).
pub fn board(text: &str) -> Board {
    Board::from_ascii(text).unwrap()
}

/// The diagram `text` re-drawn as [`Board::to_ascii_with`] draws it (spaces between points, no
/// indentation), for comparing with a diagram written in a test.
pub fn diagram(text: &str) -> String {
    let mut out = String::new();
    for line in text.lines().map(str::trim).filter(|l| !l.is_empty()) {
        let points: Vec<String> = line
            .chars()
            .filter(|c| !c.is_whitespace())
            .map(String::from)
            .collect();
        out.push_str(&points.join(" "));
        out.push('\n');
    }
    out
}

/// The points of `zone` in GTP coordinates on a `size` board, in ascending point order.
pub fn gtp(zone: &Zone, size: usize) -> Vec<String> {
    zone.iter().map(|p| p.to_gtp(size)).collect()
}

/// A random legal position of side `size` drawn from `seed`: each point Black, White or empty
/// with a density drawn per board, then every block without liberties removed (Black's first).
pub fn random_board(seed: u64, size: usize) -> Board {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let density = rng.random_range(10..80);
    let (mut black, mut white) = (Zone::new(), Zone::new());
    for y in 0..size {
        for x in 0..size {
            if rng.random_range(0..100) < density {
                if rng.random_bool(0.5) {
                    black.insert(Point::new(x, y));
                } else {
                    white.insert(Point::new(x, y));
                }
            }
        }
    }
    let mut board = Board::with_stones(size, &black, &white);
    board.clear_blocks_without_liberties();
    board
}

/// `cases` proptest cases from the fixed `seed`, without failure files: every run draws the
/// same cases.
pub fn config(cases: u32, seed: u64) -> Config {
    Config {
        cases,
        rng_algorithm: RngAlgorithm::ChaCha,
        rng_seed: RngSeed::Fixed(seed),
        failure_persistence: None,
        ..Config::default()
    }
}
