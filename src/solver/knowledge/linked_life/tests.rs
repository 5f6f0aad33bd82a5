//! Golden positions of life by links, its claim tried by random attacks on played-out games,
//! and its zone tried on positions that agree with it only there.

#![allow(clippy::unwrap_used)]

use super::*;
use crate::go::benson::benson;
use crate::go::miai_life::tests::assert_links_keep;
use crate::go::point::Move;
use crate::go::safe_points::properties::played_out;
use rand::{Rng, SeedableRng};

fn pt(x: usize, y: usize) -> Point {
    Point::new(x, y)
}

/// Two Black blocks with an eye each, joined by a bamboo joint (D7, D6) that faces the open
/// board: neither block is unconditionally alive, the chain is.
const BAMBOO: &str = ". X X . X X .
                      X X X . X X X
                      . . . . . . .
                      . . . . . . .
                      . . . . . . .
                      . . . . . . .
                      . . . . . . .";

fn alive_stones(board: &Board, color: Color, region: &Zone) -> Zone {
    let life = benson(board, color);
    let linked = linked_life(board, &life, region);
    board
        .stones(color)
        .iter()
        .filter(|&p| linked.is_alive(p))
        .collect()
}

#[test]
fn a_bamboo_joint_makes_two_one_eyed_blocks_live() {
    let board = Board::from_ascii(BAMBOO).unwrap();
    let black = board.stones(Color::Black);
    assert!(benson(&board, Color::Black).alive_stones().is_empty());
    assert_eq!(alive_stones(&board, Color::Black, &Zone::full(7)), black);
    let life = benson(&board, Color::Black);
    let linked = linked_life(&board, &life, &Zone::full(7));
    assert_eq!(linked.links.len(), 1);
    assert_eq!(linked.links[0].points, [pt(3, 0), pt(3, 1)]);
    // The witness: the stones, the eyes, the link points with their neighbours and the path
    // from each to an empty point beside no Black stone (D5, with its neighbours).
    let zone = linked.witness(&board, &black).unwrap();
    for p in [pt(0, 0), pt(6, 0), pt(3, 0), pt(3, 1), pt(3, 2), pt(3, 3)] {
        assert!(zone.contains(p), "{p:?} missing from the witness");
    }
    assert!(black.is_subset(&zone));
    assert!(!zone.contains(pt(0, 6)));
    // White has nothing.
    assert!(alive_stones(&board, Color::White, &Zone::full(7)).is_empty());
}

#[test]
fn a_link_point_outside_the_region_is_no_link() {
    // The defender's answer would be a move the search never makes.
    let board = Board::from_ascii(BAMBOO).unwrap();
    let mut region = Zone::full(7);
    region.remove(pt(3, 1));
    assert!(alive_stones(&board, Color::Black, &region).is_empty());
}

#[test]
fn one_common_liberty_is_no_link() {
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
    assert!(alive_stones(&board, Color::Black, &Zone::full(7)).is_empty());
}

#[test]
fn a_point_beside_a_third_block_is_not_private() {
    // D6 is beside the two blocks and the lone stone D5: of the pair's common liberties only
    // D7 is private, so no link. Without D5 the bamboo joint links them.
    let with_third = ". X X . X X .
                      X X X . X X X
                      . . . X . . .
                      . . . . . . .
                      . . . . . . .
                      . . . . . . .
                      . . . . . . .";
    let board = Board::from_ascii(with_third).unwrap();
    let life = benson(&board, Color::Black);
    assert!(linked_life(&board, &life, &Zone::full(7)).links.is_empty());
    let board = Board::from_ascii(BAMBOO).unwrap();
    let life = benson(&board, Color::Black);
    assert_eq!(linked_life(&board, &life, &Zone::full(7)).links.len(), 1);
}

#[test]
fn no_link_is_made_through_a_closed_region() {
    // The gap D7-D5 is closed (every point beside a Black stone): a link through it would
    // spend it, so the rule takes none there, and nothing lives (the greedy rule of
    // `go::miai_life` may take it; this one keeps to open regions).
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
    let life = benson(&board, Color::Black);
    let linked = linked_life(&board, &life, &Zone::full(7));
    assert!(linked
        .links
        .iter()
        .all(|l| !l.points.contains(&pt(3, 0)) && !l.points.contains(&pt(3, 1))));
}

/// Random games from `board` ([`assert_links_keep`]): the defender answering the links of the
/// chains alive (a dead chain's need no answer), no stone alive by links is ever captured.
fn assert_stands(board: &Board, defender: Color, region: &Zone, seed: u64, games: usize) {
    let life = benson(board, defender);
    let linked = linked_life(board, &life, region);
    let alive: Zone = board
        .stones(defender)
        .iter()
        .filter(|&p| linked.is_alive(p))
        .collect();
    let links: Vec<[Point; 2]> = linked
        .links
        .iter()
        .filter(|l| linked.is_alive(life.blocks[l.blocks[0]].stones.first().unwrap()))
        .map(|l| l.points)
        .collect();
    assert_links_keep(board, defender, &alive, &links, seed, games);
}

#[test]
fn the_bamboo_joint_stands_random_attacks() {
    let board = Board::from_ascii(BAMBOO).unwrap();
    assert_stands(&board, Color::Black, &Zone::full(7), 1, 300);
}

/// A region of `board`: the whole board, or for odd seeds a random rectangle of it.
fn some_region(size: usize, seed: u64) -> Zone {
    if seed.is_multiple_of(2) {
        return Zone::full(size);
    }
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed ^ 0x5eed);
    let (x0, y0) = (rng.random_range(0..size / 2), rng.random_range(0..size / 2));
    let (x1, y1) = (
        rng.random_range(size / 2..size),
        rng.random_range(size / 2..size),
    );
    (x0..=x1)
        .flat_map(|x| (y0..=y1).map(move |y| Point::new(x, y)))
        .collect()
}

/// A random position of side `size` where links matter: random legal moves, two of three by
/// `strong` (the colour drawn), never filling one's own one-point eye, then a random rectangle
/// cleared: groups with an eye or two beside open space, where their links face open regions.
/// (Taking stones away only adds liberties: every block keeps one.)
pub(crate) fn opened_up(seed: u64, size: usize) -> Board {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed ^ 0x0be2);
    let strong = if seed.is_multiple_of(2) {
        Color::Black
    } else {
        Color::White
    };
    let mut board = Board::new(size);
    for _ in 0..2 * size * size {
        let c = if rng.random_range(0..3) < 2 {
            strong
        } else {
            strong.opponent()
        };
        let p = Point::new(rng.random_range(0..size), rng.random_range(0..size));
        let own_eye = p
            .neighbors()
            .into_iter()
            .filter(|&q| board.on_board(q))
            .all(|q| board.color_at(q) == Some(c));
        if board.is_empty(p) && !own_eye && board.is_legal(c, Move::Play(p)) {
            board.play(c, Move::Play(p)).unwrap();
        }
    }
    let (w, h) = (
        rng.random_range(2..=size / 2 + 1),
        rng.random_range(2..=size / 2 + 1),
    );
    let (x0, y0) = (
        rng.random_range(0..=size - w),
        rng.random_range(0..=size - h),
    );
    let cleared: Zone = (x0..x0 + w)
        .flat_map(|x| (y0..y0 + h).map(move |y| Point::new(x, y)))
        .collect();
    Board::with_stones(
        size,
        &board.stones(Color::Black).difference(&cleared),
        &board.stones(Color::White).difference(&cleared),
    )
}

/// The rule's claim on random positions of 5x5 to 9x9 ([`opened_up`]): wherever it finds life
/// Benson's rule does not, random attacks capture none of those stones.
#[test]
fn linked_stones_stand_random_attacks_on_played_out_games() {
    let mut gained = 0;
    for seed in 0..2000u64 {
        let size = 5 + (seed % 5) as usize;
        let board = opened_up(seed, size);
        let region = some_region(size, seed);
        for c in Color::ALL {
            let linked = alive_stones(&board, c, &region);
            if linked.is_subset(&benson(&board, c).alive_stones()) {
                continue;
            }
            gained += 1;
            assert_stands(&board, c, &region, seed, 40);
        }
    }
    // The law says little if the sample never gains: it does, often enough.
    assert!(gained >= 40, "only {gained} positions gained stones");
}

/// The zone: positions that agree with a position only on the witness of its stones alive by
/// links (the rest of the board from another played-out game) have those stones alive by
/// links too.
#[test]
fn the_witness_decides_every_position_agreeing_on_it() {
    let mut tried = 0;
    for seed in 0..400u64 {
        let size = 5 + (seed % 5) as usize;
        let board = opened_up(seed, size);
        let region = some_region(size, seed);
        for c in Color::ALL {
            let life = benson(&board, c);
            let linked = linked_life(&board, &life, &region);
            let alive: Zone = board
                .stones(c)
                .iter()
                .filter(|&p| linked.is_alive(p))
                .collect();
            let Some(first) = alive.difference(&life.alive_stones()).first() else {
                continue;
            };
            let stones = board.block_stones(first);
            let zone = linked.witness(&board, &stones).unwrap();
            for other in 0..8u64 {
                let filler = played_out(seed * 31 + other + 1, size, 2 * size * size);
                let mut black = filler.stones(Color::Black).difference(&zone);
                let mut white = filler.stones(Color::White).difference(&zone);
                black.union_with(&board.stones(Color::Black).intersection(&zone));
                white.union_with(&board.stones(Color::White).intersection(&zone));
                let mixed = Board::with_stones(size, &black, &white);
                // Only positions of the game: every block with a liberty.
                let all = black.union(&white);
                if mixed
                    .blocks_of(&all)
                    .any(|(p, _)| mixed.liberties(p).is_empty())
                {
                    continue;
                }
                tried += 1;
                let life2 = benson(&mixed, c);
                let linked2 = linked_life(&mixed, &life2, &region);
                assert!(
                    stones.iter().all(|p| linked2.is_alive(p)),
                    "seed {seed}: the witness\n{}\nof\n{}\ndoes not decide\n{}",
                    mixed.to_ascii_with(|p| zone.contains(p).then_some('#')),
                    board.to_ascii(),
                    mixed.to_ascii()
                );
            }
        }
    }
    assert!(tried >= 50, "only {tried} agreeing positions tried");
}
