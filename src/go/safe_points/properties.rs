//! Laws of the static safe points on random game positions (tests only).
//!
//! Random positions of independent random points rarely hold a living group; these are played
//! out instead: random legal moves from the empty board, never filling one's own one-point eye,
//! for a drawn number of moves, so that late positions are full of settled groups, seki and dead
//! stones, as the end of a game is.

#![allow(clippy::unwrap_used)]

use super::*;
use crate::go::point::{Move, Point};
use proptest::prelude::*;
use proptest::test_runner::{Config, RngAlgorithm, RngSeed};
use rand::{Rng, SeedableRng};

/// The seed of the cases drawn.
const SEED: u64 = 0x5AFE_9017;

/// Random tries for a move before the side passes.
const TRIES: usize = 40;

/// Is `p` an eye of `c`'s own: an empty point whose every neighbour on the board is `c`'s?
fn own_eye(board: &Board, c: Color, p: Point) -> bool {
    p.neighbors()
        .into_iter()
        .filter(|q| board.on_board(*q))
        .all(|q| board.color_at(q) == Some(c))
}

/// A position of side `size` after up to `moves` random moves from `seed` (Black first; a side
/// that finds no move in [`TRIES`] random tries passes; two passes end the game early).
pub(crate) fn played_out(seed: u64, size: usize, moves: usize) -> Board {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let mut board = Board::new(size);
    let mut c = Color::Black;
    let mut passes = 0;
    for _ in 0..moves {
        let found = (0..TRIES).find_map(|_| {
            let p = Point::new(rng.random_range(0..size), rng.random_range(0..size));
            let ok =
                board.is_empty(p) && !own_eye(&board, c, p) && board.is_legal(c, Move::Play(p));
            ok.then_some(p)
        });
        match found {
            Some(p) => {
                board.play(c, Move::Play(p)).unwrap();
                passes = 0;
            }
            None => {
                passes += 1;
                if passes == 2 {
                    break;
                }
            }
        }
        c = c.opponent();
    }
    board
}

/// The laws on one board: the two colours' safe points are disjoint; safe stones are the
/// colour's own and each one's whole block is safe and unconditionally alive; territory holds
/// none of the colour's stones; the count is the number of points.
fn check(b: &Board) {
    let safe = safe_points_both(b);
    assert!(
        !safe.black.points().intersects(&safe.white.points()),
        "{}",
        safe_points_ascii(b, &safe)
    );
    for c in Color::ALL {
        let s = &safe[c];
        assert!(s.stones.is_subset(&b.stones(c)));
        assert!(!s.territory.intersects(&b.stones(c)));
        assert_eq!(s.count(), s.points().len());
        let life = benson(b, c);
        for p in s.stones.iter() {
            assert!(life.is_alive(p));
            assert!(b.block_stones(p).is_subset(&s.stones));
        }
    }
}

/// `cases` cases from the fixed seed, without failure files: every run draws the same cases.
fn config(cases: u32) -> Config {
    Config {
        cases,
        rng_algorithm: RngAlgorithm::ChaCha,
        rng_seed: RngSeed::Fixed(SEED),
        failure_persistence: None,
        ..Config::default()
    }
}

proptest! {
    #![proptest_config(config(300))]

    #[test]
    fn safe_points_keep_their_laws_on_random_games(
        seed in any::<u64>(),
        size in 2usize..=13,
        share in 0usize..=100,
    ) {
        // Up to three moves a point: most games end by two passes before that.
        let moves = 3 * size * size * share / 100;
        check(&played_out(seed, size, moves));
    }
}

#[test]
fn random_games_reach_safe_stones_territory_and_dead_stones() {
    // The laws say little if the sample never has what they speak of: count over 9x9 games.
    let (mut stones, mut territory, mut dead) = (0, 0, 0);
    for seed in 0..100 {
        let b = played_out(seed, 9, 243);
        for s in [safe_points(&b, Color::Black), safe_points(&b, Color::White)] {
            stones += s.stones.len();
            territory += s.territory.len();
            dead += s
                .territory
                .intersection(&b.stones(s.color.opponent()))
                .len();
        }
    }
    assert!(
        stones > 0 && territory > 0 && dead > 0,
        "{stones} {territory} {dead}"
    );
}
