//! Hot paths of the rules core: play + undo, legal-move generation and Benson's algorithm, on
//! 7x7 and 19x19 positions. Figures go to `BENCHMARKS.md` with the command that produced them.
//!
//! The positions are fixed: a seeded random game (`GAME_SEED`) played to `GAME_PLIES` plies, so
//! every run measures the same boards.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::hint::black_box;
use tsumego_studio::go::{benson, Board, Color, Move, Point};

/// Seed of the random games that produce the benchmark positions.
const GAME_SEED: u64 = 0x60_c0de;

/// A position after `plies` random legal moves (no passes) on a `size` board, and the side to move.
fn random_position(size: usize, plies: usize) -> (Board, Color) {
    let mut rng = ChaCha8Rng::seed_from_u64(GAME_SEED ^ size as u64);
    let mut board = Board::new(size);
    let mut color = Color::Black;
    for _ in 0..plies {
        let moves = board.legal_moves(color, None);
        if moves.is_empty() {
            break;
        }
        let p = moves[rng.random_range(0..moves.len())];
        board.play_unchecked(color, Move::Play(p));
        color = color.opponent();
    }
    board.clear_history();
    (board, color)
}

/// Two living White groups on 7x7 (a Benson-alive wall with two eyes) and a dead Black stone.
const BENSON_7X7: &str = "
    . O . O X . .
    O O O O X . .
    . . . O X X X
    O O O O X . X
    O . O X X X X
    . O O X . X .
    O O X X X . X
";

fn positions() -> Vec<(&'static str, Board, Color)> {
    let (b7, c7) = random_position(7, 20);
    let (b19, c19) = random_position(19, 150);
    vec![("7x7", b7, c7), ("19x19", b19, c19)]
}

fn play_undo(c: &mut Criterion) {
    let mut group = c.benchmark_group("play_undo");
    for (name, board, color) in positions() {
        let moves: Vec<Move> = board
            .legal_moves(color, None)
            .into_iter()
            .map(Move::Play)
            .collect();
        group.throughput(Throughput::Elements(moves.len() as u64));
        group.bench_with_input(BenchmarkId::from_parameter(name), &moves, |bch, moves| {
            let mut b = board.clone();
            bch.iter(|| {
                for &mv in moves {
                    b.play_recorded(color, mv);
                    black_box(b.hash());
                    b.undo();
                }
            })
        });
    }
    group.finish();
}

fn legal_moves(c: &mut Criterion) {
    let mut group = c.benchmark_group("legal_moves");
    for (name, board, color) in positions() {
        let mut buf: Vec<Point> = Vec::with_capacity(400);
        group.bench_function(name, |bch| {
            bch.iter(|| {
                board.legal_moves_into(color, None, &mut buf);
                black_box(buf.len())
            })
        });
    }
    group.finish();
}

fn benson_bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("benson");
    let wall = Board::from_ascii(BENSON_7X7).expect("valid diagram");
    group.bench_function("7x7-two-groups", |bch| {
        bch.iter(|| black_box(benson(&wall, Color::White).any_alive()))
    });
    for (name, board, _) in positions() {
        group.bench_function(format!("{name}-random"), |bch| {
            bch.iter(|| black_box(benson(&board, Color::Black).any_alive()))
        });
    }
    group.finish();
}

criterion_group!(benches, play_undo, legal_moves, benson_bench);
criterion_main!(benches);
