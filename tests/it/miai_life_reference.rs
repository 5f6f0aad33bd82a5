//! The link rule (`go::miai_life`) against the plain exhaustive search: on small played-out
//! boards where links make stones safe that Benson's rule does not, the opponent moving first
//! with best play (positional superko, passes, any number of moves) never captures one of them.
//! The claim is posed as the every-block goal `live-all` over the whole board with the gained
//! stones as the crucial ones; the reference ([`crate::exhaustive`]) shares no code with the
//! rule.

#![allow(clippy::unwrap_used)]

use crate::exhaustive::Exhaustive;
use rand::{Rng, SeedableRng};
use tsumego_studio::go::miai_life::miai_life;
use tsumego_studio::go::{Board, Color, Move, Point};
use tsumego_studio::problem::{Goal, Outcome, ProblemSetup};

/// A board of side `size` after `moves` random moves from `seed` (Black first, never filling
/// one's own one-point eye; a side that finds no move in 40 tries passes).
fn played_out(seed: u64, size: usize, moves: usize) -> Board {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let mut board = Board::new(size);
    let mut c = Color::Black;
    for _ in 0..moves {
        let found = (0..40).find_map(|_| {
            let p = Point::new(rng.random_range(0..size), rng.random_range(0..size));
            let own_eye = p
                .neighbors()
                .into_iter()
                .filter(|q| board.on_board(*q))
                .all(|q| board.color_at(q) == Some(c));
            (board.is_empty(p) && !own_eye && board.is_legal(c, Move::Play(p))).then_some(p)
        });
        if let Some(p) = found {
            board.play(c, Move::Play(p)).unwrap();
        }
        c = c.opponent();
    }
    board
}

#[test]
fn gained_stones_survive_best_play_on_small_boards() {
    let (mut checked, mut too_large) = (0, 0);
    for seed in 0..4000u64 {
        let size = 4 + (seed % 2) as usize;
        let board = played_out(seed, size, size * size + (seed % 7) as usize);
        let empty = board.empty_points().len();
        if !(1..=11).contains(&empty) {
            continue;
        }
        for defender in Color::ALL {
            let life = miai_life(&board, defender);
            let gained = life.gained();
            if gained.is_empty() {
                continue;
            }
            let mut setup = ProblemSetup::from_board(&board, defender.opponent());
            setup.or_player = Some(defender);
            setup.goal = Some(Goal::LiveAll);
            setup.region = Some(board.all_points());
            setup.crucial = gained;
            let Ok(problem) = setup.validate() else {
                continue;
            };
            match Exhaustive::solve_within(&problem, 1_000_000) {
                Some((outcome, _)) => {
                    assert_eq!(
                        outcome,
                        Outcome::Win,
                        "seed {seed}: the opponent captures a gained stone of {defender}\n{}\ngained:\n{}",
                        board.to_ascii(),
                        board.zone_ascii(&gained)
                    );
                    checked += 1;
                }
                None => too_large += 1,
            }
        }
        if checked >= 20 {
            break;
        }
    }
    eprintln!("{checked} positions checked, {too_large} too large");
    // The law says little if the sample never reaches it.
    assert!(
        checked >= 10,
        "only {checked} positions checked ({too_large} too large)"
    );
}
