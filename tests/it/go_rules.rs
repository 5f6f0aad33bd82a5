//! Rules core: pinned perft counts, a seeded play/undo round trip with pinned event counts, and
//! cross-checks against the naive flood-fill board in `tests/it/naive`.
#![allow(clippy::unwrap_used)] // tests may panic on what cannot happen

use crate::naive;

use naive::{NaiveBoard, Refusal, Stone};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use tsumego_studio::go::{Board, Color, IllegalMove, Move, Point};

fn to_stone(c: Color) -> Stone {
    match c {
        Color::Black => Stone::Black,
        Color::White => Stone::White,
    }
}

/// Perft over plays and passes with recorded play + undo; checks invariants at every node when
/// `check` is set.
fn perft(board: &mut Board, c: Color, depth: usize, check: bool) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut total = 0;
    let moves: Vec<Move> = board
        .legal_moves(c, None)
        .into_iter()
        .map(Move::Play)
        .chain([Move::Pass])
        .collect();
    for mv in moves {
        let before = board.clone();
        board.play_recorded(c, mv);
        if check {
            board.check_invariants().unwrap();
        }
        total += perft(board, c.opponent(), depth - 1, check);
        assert!(board.undo());
        assert_eq!(*board, before, "undo of {mv:?} did not restore the board");
        assert_eq!(board.hash(), before.hash());
    }
    total
}

/// Pinned perft counts: (board side, depth, sequences). Black moves first; passes count as moves.
const PERFT: &[(usize, usize, u64)] = &[
    (2, 1, 5),
    (2, 2, 21),
    (2, 3, 73),
    (2, 4, 193),
    (2, 5, 493),
    (2, 6, 1149),
    (2, 7, 2697),
    (2, 8, 6457),
    (3, 1, 10),
    (3, 2, 91),
    (3, 3, 748),
    (3, 4, 5453),
    (3, 5, 35446),
    (4, 1, 17),
    (4, 2, 273),
    (4, 3, 4129),
    (4, 4, 58513),
];

#[test]
fn perft_counts_are_pinned() {
    for &(size, depth, expected) in PERFT {
        let mut b = Board::new(size);
        let got = perft(&mut b, Color::Black, depth, size <= 3 && depth <= 5);
        assert_eq!(got, expected, "perft({size}x{size}, depth {depth})");
    }
}

#[test]
fn perft_agrees_with_naive_board() {
    for &(size, depth, expected) in PERFT.iter().filter(|&&(s, d, _)| s <= 3 || d <= 3) {
        let naive = NaiveBoard::new(size).perft(Stone::Black, depth);
        assert_eq!(naive, expected, "naive perft({size}x{size}, depth {depth})");
    }
}

/// Counts of what happened in a random walk.
#[derive(Debug, Default, PartialEq, Eq)]
struct Events {
    plays: u64,
    passes: u64,
    undos: u64,
    captured_stones: u64,
    ko_refusals: u64,
    suicide_refusals: u64,
    occupied_refusals: u64,
}

/// A seeded random walk of checked plays and undos on a `size` board, mirrored on the naive
/// board after every step.
fn random_walk(size: usize, steps: usize, seed: u64) -> Events {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut board = Board::new(size);
    let mut naive_stack = vec![NaiveBoard::new(size)];
    let mut color = Color::Black;
    let mut ev = Events::default();
    for _ in 0..steps {
        if board.undo_depth() > 0 && rng.random_bool(0.15) {
            assert!(board.undo());
            naive_stack.pop();
            color = color.opponent();
            ev.undos += 1;
        } else {
            let naive = naive_stack.last().unwrap().clone();
            let (mv, nmv) = if rng.random_bool(0.03) {
                (Move::Pass, None)
            } else {
                let (x, y) = (rng.random_range(0..size), rng.random_range(0..size));
                (Move::Play(Point::new(x, y)), Some(y * size + x))
            };
            let captures_before = board.captures_by(color);
            match (board.check(color, mv), naive.play(to_stone(color), nmv)) {
                (Ok(()), Ok((next, captured))) => {
                    board.play_recorded(color, mv);
                    assert_eq!(board.captures_by(color) - captures_before, captured as u32);
                    ev.captured_stones += captured as u64;
                    if mv == Move::Pass {
                        ev.passes += 1;
                    } else {
                        ev.plays += 1;
                    }
                    naive_stack.push(next);
                    color = color.opponent();
                }
                (Err(IllegalMove::Ko(_)), Err(Refusal::Ko)) => ev.ko_refusals += 1,
                (Err(IllegalMove::Suicide(_)), Err(Refusal::Suicide)) => ev.suicide_refusals += 1,
                (Err(IllegalMove::Occupied(_)), Err(Refusal::Occupied)) => {
                    ev.occupied_refusals += 1
                }
                (a, b) => panic!("board says {a:?}, naive says {b:?} for {mv:?}\n{board:?}"),
            }
        }
        board.check_invariants().unwrap();
        let naive = naive_stack.last().unwrap();
        for p in board.points() {
            let expected = naive.grid[p.y() * size + p.x()].map(|s| match s {
                Stone::Black => Color::Black,
                Stone::White => Color::White,
            });
            assert_eq!(board.color_at(p), expected, "stone at {p}");
        }
        let naive_ko = naive
            .ko
            .map(|(i, s)| (Point::new(i % size, i / size), to_stone(Color::Black) == s));
        let ko = board.ko().map(|(p, c)| (p, c == Color::Black));
        assert_eq!(ko, naive_ko);
    }
    ev
}

#[test]
fn random_play_undo_round_trip_pinned_5x5() {
    let ev = random_walk(5, 20_000, 0x5eed_0005);
    assert_eq!(
        ev,
        Events {
            plays: 2690,
            passes: 492,
            undos: 2963,
            captured_stones: 1114,
            ko_refusals: 6,
            suicide_refusals: 861,
            occupied_refusals: 12988,
        }
    );
}

#[test]
fn random_play_undo_round_trip_pinned_9x9() {
    let ev = random_walk(9, 20_000, 0x5eed_0009);
    assert_eq!(
        ev,
        Events {
            plays: 2725,
            passes: 495,
            undos: 3088,
            captured_stones: 1166,
            ko_refusals: 6,
            suicide_refusals: 635,
            occupied_refusals: 13051,
        }
    );
}

#[test]
fn checked_play_leaves_board_unchanged_on_error() {
    let mut b = Board::from_ascii(
        ". X O .
         X O . O
         . X O .
         . . . .",
    )
    .unwrap();
    // White captures at (2,1)? No: Black at (2,1) captures the white stone at (1,1).
    b.play(Color::Black, Move::Play(Point::new(2, 1))).unwrap();
    assert_eq!(b.color_at(Point::new(1, 1)), None);
    assert_eq!(b.ko(), Some((Point::new(1, 1), Color::White)));
    let before = b.clone();
    assert_eq!(
        b.play(Color::White, Move::Play(Point::new(1, 1))),
        Err(IllegalMove::Ko(Point::new(1, 1)))
    );
    assert_eq!(b, before);
    assert_eq!(
        b.play(Color::White, Move::Play(Point::new(0, 0))),
        Err(IllegalMove::Suicide(Point::new(0, 0)))
    );
    assert_eq!(
        b.play(Color::White, Move::Play(Point::new(1, 0))),
        Err(IllegalMove::Occupied(Point::new(1, 0)))
    );
    assert_eq!(b, before);
    // After a pass elsewhere the ko may be retaken.
    b.play(Color::White, Move::Pass).unwrap();
    b.play(Color::Black, Move::Pass).unwrap();
    b.play(Color::White, Move::Play(Point::new(1, 1))).unwrap();
    assert_eq!(b.color_at(Point::new(2, 1)), None);
    b.check_invariants().unwrap();
}

#[test]
fn ascii_round_trip_and_errors() {
    let text = ". X O\nX . O\n. X O\n";
    let b = Board::from_ascii(text).unwrap();
    assert_eq!(b.to_ascii(), text);
    assert!(
        Board::from_ascii("X O\nO .\n").is_err(),
        "black block without liberties"
    );
    assert!(Board::from_ascii(". .\n. . .\n").is_err());
    assert!(Board::from_ascii(". ?\n. .\n").is_err());
}

#[test]
fn superko_repetition_is_detected() {
    // A simple ko: after Black takes and White retakes (elsewhere passes in between), the stone
    // configuration repeats.
    let mut b = Board::from_ascii(
        ". X O .
         X O . O
         . X O .
         . . . .",
    )
    .unwrap();
    let mut history = vec![b.hash()];
    b.play(Color::Black, Move::Play(Point::new(2, 1))).unwrap();
    history.push(b.hash());
    b.play(Color::White, Move::Pass).unwrap();
    history.push(b.hash());
    b.play(Color::Black, Move::Pass).unwrap();
    // White retaking recreates the start position.
    assert!(b.would_repeat(Color::White, Move::Play(Point::new(1, 1)), &history));
    assert!(!b.would_repeat(Color::White, Move::Play(Point::new(3, 3)), &history));
}

/// Small boards fill up and empty again often, so captures and ko refusals are frequent.
#[test]
fn random_play_undo_round_trip_pinned_3x3_and_4x4() {
    let small =
        [(3, 0x5eed_0003), (4, 0x5eed_0004)].map(|(size, seed)| random_walk(size, 50_000, seed));
    assert_eq!(
        small,
        [
            Events {
                plays: 8798,
                passes: 1306,
                undos: 7522,
                captured_stones: 5614,
                ko_refusals: 57,
                suicide_refusals: 3382,
                occupied_refusals: 28935,
            },
            Events {
                plays: 7034,
                passes: 1272,
                undos: 7428,
                captured_stones: 3301,
                ko_refusals: 24,
                suicide_refusals: 2780,
                occupied_refusals: 31462,
            },
        ]
    );
}

#[test]
fn a_board_set_up_at_once_is_the_board_set_up_stone_by_stone() {
    let diagram = Board::from_ascii(
        "
        . X O . .
        X O O X .
        . X X . O
        O . . O .
        . . . . .
    ",
    )
    .unwrap();
    let black = diagram.stones(Color::Black);
    let white = diagram.stones(Color::White);
    let board = Board::with_stones(5, &black, &white);
    board.check_invariants().unwrap();
    assert_eq!(board.to_ascii(), diagram.to_ascii());
    assert_eq!(board.hash(), diagram.hash());
    for p in black.union(&white).iter() {
        assert_eq!(board.num_liberties(p), diagram.num_liberties(p));
    }
}
