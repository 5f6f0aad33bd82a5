//! Golden positions of the link rule, and its claim tried on played-out games: the opponent
//! plays random moves, as many in a row as it likes, the defender answers by the link strategy,
//! and no stone called safe is ever captured.

#![allow(clippy::unwrap_used)]

use super::*;
use crate::go::point::Move;
use crate::go::safe_points::properties::played_out;
use rand::{Rng, SeedableRng};

fn pt(x: usize, y: usize) -> Point {
    Point::new(x, y)
}

/// Two Black blocks with an eye each, joined by a bamboo joint: neither is unconditionally
/// alive, the chain is.
const BAMBOO: &str = ". X X . X X .
                      X X X . X X X
                      . . . . . . .
                      . . . . . . .
                      . . . . . . .
                      . . . . . . .
                      . . . . . . .";

#[test]
fn a_bamboo_joint_joins_two_one_eyed_blocks_into_a_living_chain() {
    let board = Board::from_ascii(BAMBOO).unwrap();
    let life = miai_life(&board, Color::Black);
    assert!(life.unconditional.is_empty());
    assert_eq!(life.safe, board.stones(Color::Black));
    assert_eq!(life.gained(), board.stones(Color::Black));
    assert_eq!(life.links.len(), 1);
    let points: Zone = [pt(3, 0), pt(3, 1)].into_iter().collect();
    assert_eq!(life.link_points(), points);
    // The support: the link and the two eyes.
    let eyes: Zone = [pt(0, 0), pt(6, 0)].into_iter().collect();
    assert_eq!(life.support, points.union(&eyes));
    // The counted points: the ten stones (the eyes are no territory of the static rule: their
    // blocks are not unconditionally alive).
    let counted = miai_safe_points(&board, Color::Black);
    assert_eq!(counted.stones, board.stones(Color::Black));
    assert!(counted.territory.is_empty());
    // White has nothing.
    assert!(miai_life(&board, Color::White).safe.is_empty());
}

#[test]
fn one_common_liberty_is_no_link() {
    // White on D6 leaves the two blocks one common liberty (D7): White D7 cuts them apart.
    let board = Board::from_ascii(
        ". X X . X X .
         X X X O X X X
         . . . . . . .
         . . . . . . .
         . . . . . . .
         . . . . . . .
         . . . . . . .",
    )
    .unwrap();
    let life = miai_life(&board, Color::Black);
    assert!(life.links.is_empty());
    assert!(life.safe.is_empty());
    assert_eq!(
        miai_safe_points(&board, Color::Black),
        safe_points(&board, Color::Black)
    );
}

#[test]
fn a_link_in_a_closed_region_is_taken_when_it_gains() {
    // The gap D7-D5 is closed (every point beside a Black stone) and touches the lone stone
    // D4, which has no eye: Benson drops D4, then the gap's health, then both upper blocks.
    // The link D7/D6 spends the gap and joins the upper blocks' eyes A7 and G7; then D5/C4
    // links the lone stone to them as well.
    let board = Board::from_ascii(
        ". X X . X X .
         X X X . X X X
         . . X . X . .
         . . . X . . .
         . . . . . . .
         . . . . . . .
         . . . . . . .",
    )
    .unwrap();
    assert!(benson(&board, Color::Black).alive_stones().is_empty());
    let life = miai_life(&board, Color::Black);
    assert_eq!(life.safe, board.stones(Color::Black));
    let points: Zone = [pt(3, 0), pt(3, 1), pt(3, 2), pt(2, 3)]
        .into_iter()
        .collect();
    assert_eq!(life.link_points(), points);
    assert_stands(&board, Color::Black, 7, 300);
}

#[test]
fn unconditional_life_is_kept_and_its_eyes_are_never_link_points() {
    // Black's left group has two eyes (A8, C8) and is unconditionally alive; the right block
    // has one eye (H8) and joins it through the bamboo joint E8/E7, which touches no eye.
    let board = Board::from_ascii(
        ". X . X . X X .
         X X X X . X X X
         . . . . . . . .
         . . . . . . . .
         . . . . . . . .
         . . . . . . . .
         . . . . . . . .
         . . . . . . . .",
    )
    .unwrap();
    let life = miai_life(&board, Color::Black);
    let left = board.block_stones(pt(1, 0));
    assert_eq!(life.unconditional, left);
    assert_eq!(life.safe, board.stones(Color::Black));
    let points: Zone = [pt(4, 0), pt(4, 1)].into_iter().collect();
    assert_eq!(life.link_points(), points);
    // The left group's eyes are safe regions (each point beside every block touching it):
    // they stay territory with the eleven stones.
    let counted = miai_safe_points(&board, Color::Black);
    let eyes: Zone = [pt(0, 0), pt(2, 0)].into_iter().collect();
    assert_eq!(counted.stones, board.stones(Color::Black));
    assert_eq!(counted.territory, eyes);
    assert_eq!(safe_points(&board, Color::Black).count(), 8);
    assert_stands(&board, Color::Black, 11, 300);
}

/// Play `games` random games from `board`: `attacker` (the colour other than `defender`)
/// plays random legal moves, the defender answers by the link strategy and passes otherwise;
/// no stone of [`miai_life`]'s safe stones is ever captured (checked after every move).
fn assert_stands(board: &Board, defender: Color, seed: u64, games: usize) {
    let life = miai_life(board, defender);
    let links: Vec<[Point; 2]> = life.links.iter().map(|l| l.points).collect();
    assert_links_keep(board, defender, &life.safe, &links, seed, games);
}

/// Play `games` random games from `board`: the opponent of `defender` plays random legal
/// moves, the defender answers a play on one point of `links` by the other (when empty) and
/// passes otherwise; no stone of `kept` is ever captured (checked after every move). The
/// claim of every link rule (this module's, and the search's `knowledge::linked_life`).
pub(crate) fn assert_links_keep(
    board: &Board,
    defender: Color,
    kept: &Zone,
    links: &[[Point; 2]],
    seed: u64,
    games: usize,
) {
    if kept.is_empty() {
        return;
    }
    let partner = |p: Point| {
        links.iter().find_map(|&[a, b]| match p {
            _ if a == p => Some(b),
            _ if b == p => Some(a),
            _ => None,
        })
    };
    let attacker = defender.opponent();
    let size = board.size();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    for game in 0..games {
        let mut b = board.clone();
        for _ in 0..4 * size * size {
            let moves = b.legal_moves(attacker, None);
            if moves.is_empty() {
                break;
            }
            let p = moves[rng.random_range(0..moves.len())];
            b.play(attacker, Move::Play(p)).unwrap();
            if let Some(q) = partner(p).filter(|&q| b.is_empty(q)) {
                b.play(defender, Move::Play(q)).unwrap_or_else(|e| {
                    panic!(
                        "game {game}: the answer {q:?} is illegal: {e:?}\n{}",
                        b.to_ascii()
                    )
                });
            } else {
                b.play(defender, Move::Pass).unwrap();
            }
            assert!(
                kept.is_subset(&b.stones(defender)),
                "game {game}: a safe stone was captured\n{}\nfrom\n{}",
                b.to_ascii(),
                board.to_ascii()
            );
        }
    }
}

#[test]
fn the_bamboo_joint_stands_random_attacks() {
    let board = Board::from_ascii(BAMBOO).unwrap();
    assert_stands(&board, Color::Black, 1, 300);
}

/// The rule's claim on played-out games of 5x5 to 9x9: wherever it gains stones over
/// Benson's, random attacks (the opponent moving as often as it likes) capture none of them.
#[test]
fn gained_stones_stand_random_attacks_on_played_out_games() {
    let mut gained = 0;
    for seed in 0..400u64 {
        let size = 5 + (seed % 5) as usize;
        let board = played_out(seed, size, (seed as usize * 7) % (3 * size * size));
        for c in Color::ALL {
            let life = miai_life(&board, c);
            if life.gained().is_empty() {
                continue;
            }
            gained += 1;
            assert_stands(&board, c, seed, 40);
        }
    }
    // The law says little if the sample never gains: it does, often.
    assert!(gained >= 20, "only {gained} positions gained stones");
}

/// Whatever is gained, the counted points never lose to the static rule's, and they are the
/// colour's stones and territory only.
#[test]
fn the_counted_points_are_at_least_the_static_ones() {
    for seed in 0..200u64 {
        let board = played_out(seed, 9, 2 * 81);
        for c in Color::ALL {
            let statics = safe_points(&board, c);
            let counted = miai_safe_points(&board, c);
            assert!(counted.count() >= statics.count());
            assert!(counted.stones.is_subset(&board.stones(c)));
            assert!(!counted.territory.intersects(&board.stones(c)));
            assert!(statics.stones.is_subset(&counted.stones));
        }
    }
}

/// The rule knows colours only as defender and opponent: the board with its colours swapped
/// gives the other colour the same stones and points.
#[test]
fn the_colours_swapped_swap_the_safe_points() {
    for seed in 0..100u64 {
        let board = played_out(seed, 9, 2 * 81);
        let swapped =
            Board::with_stones(9, &board.stones(Color::White), &board.stones(Color::Black));
        for c in Color::ALL {
            assert_eq!(
                miai_life(&board, c).safe,
                miai_life(&swapped, c.opponent()).safe
            );
            assert_eq!(
                miai_safe_points(&board, c).points(),
                miai_safe_points(&swapped, c.opponent()).points()
            );
        }
    }
}
