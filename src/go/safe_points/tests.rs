//! Golden diagrams of the static safe points (tests only).

#![allow(clippy::unwrap_used)]

use super::*;
use crate::go::point::Point;

fn board(text: &str) -> Board {
    Board::from_ascii(text).unwrap()
}

/// `text` re-drawn as [`Board::to_ascii_with`] draws it (one space between points, no
/// indentation), for comparing with a diagram written in a test.
fn diagram(text: &str) -> String {
    text.lines()
        .map(|l| l.split_whitespace().collect::<Vec<_>>().join(" "))
        .filter(|l| !l.is_empty())
        .map(|l| l + "\n")
        .collect()
}

/// The safe-point diagram of a board and the two colours' counts.
fn draw(text: &str) -> (String, ByColor<usize>) {
    let b = board(text);
    let safe = safe_points_both(&b);
    let counts = ByColor::new(safe.black.count(), safe.white.count());
    (safe_points_ascii(&b, &safe), counts)
}

#[test]
fn a_group_with_two_eyes_has_its_stones_and_eyes() {
    let (ascii, counts) = draw(
        ". X . X . .
         X X X X . .
         . . . . . .
         . . . . . .
         . . . . . .
         . . . . . .",
    );
    assert_eq!(
        ascii,
        diagram(
            "b X b X . .
             X X X X . .
             . . . . . .
             . . . . . .
             . . . . . .
             . . . . . ."
        )
    );
    assert_eq!(counts, ByColor::new(8, 0));
}

#[test]
fn a_group_with_one_eye_has_nothing() {
    let (ascii, counts) = draw(
        ". . X . . .
         X X X . . .
         . . . . . .
         . . . . . .
         . . . . . .
         . . . . . .",
    );
    assert_eq!(
        ascii,
        diagram(
            ". . x . . .
             x x x . . .
             . . . . . .
             . . . . . .
             . . . . . .
             . . . . . ."
        )
    );
    assert_eq!(counts, ByColor::new(0, 0));
}

#[test]
fn a_seki_has_nothing() {
    // The whole board is a seki: Black's eye A5, White's eye E5, the shared liberties C5 and
    // C4. Whoever plays a shared liberty first is captured (Black C5, White C4, Black E5 takes
    // White's block), so neither does; each side has one vital region only.
    let (ascii, counts) = draw(
        ". X . O .
         X X . O O
         X X X O O
         X X X O O
         X X X O O",
    );
    assert_eq!(counts, ByColor::new(0, 0), "{ascii}");
}

#[test]
fn an_opponent_stone_that_cannot_live_is_counted_with_the_region() {
    // A straight three with a White stone in the middle, and two more eyes: every point of the
    // three is beside the black block, so White's stone is dead and the three is Black's.
    let text = ". O . X . X .
         X X X X X X X
         . . . . . . .
         . . . . . . .
         . . . . . . .
         . . . . . . .
         . . . . . . .";
    let (ascii, counts) = draw(text);
    assert_eq!(
        ascii,
        diagram(
            "b o b X b X b
             X X X X X X X
             . . . . . . .
             . . . . . . .
             . . . . . . .
             . . . . . . .
             . . . . . . ."
        )
    );
    assert_eq!(counts, ByColor::new(14, 0));
    let black = safe_points(&board(text), Color::Black);
    assert!(black.territory.contains(Point::new(1, 0)));
}

#[test]
fn a_region_with_a_point_away_from_its_block_is_not_counted() {
    // The corner region A7 B7 A6 with a White stone on A7: its empty points are liberties of the
    // black block (a vital region: with D7 the block is alive), but A7 is not beside the block,
    // so White might make an eye there; the region is left to a search. Only D7 counts.
    let (ascii, counts) = draw(
        "O . X . X . .
         . X X X X . .
         X X . . . . .
         . . . . . . .
         . . . . . . .
         . . . . . . .
         . . . . . . .",
    );
    assert_eq!(
        ascii,
        diagram(
            "o . X b X . .
             . X X X X . .
             X X . . . . .
             . . . . . . .
             . . . . . . .
             . . . . . . .
             . . . . . . ."
        )
    );
    assert_eq!(counts, ByColor::new(9, 0));
}

#[test]
fn board_edges_and_the_colours_alike() {
    // A White group on the lower edge of a 9x9 board with the eyes C1 and E1; the same stones in
    // Black give the same points to Black.
    let white = ". . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         . O O O O O O . .
         . O . O . O . . .";
    let (ascii, counts) = draw(white);
    assert_eq!(
        ascii,
        diagram(
            ". . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . O O O O O O . .
             . O w O w O . . ."
        )
    );
    assert_eq!(counts, ByColor::new(0, 11));
    assert_eq!(draw(&white.replace('O', "X")).1, ByColor::new(11, 0));
    // The 2x2 board with one stone: one vital region only, nothing.
    assert_eq!(draw("X .\n. .").1, ByColor::new(0, 0));
    // An empty board: nothing for either colour (its one region touches no block).
    assert_eq!(draw(&". . . . .\n".repeat(5)).1, ByColor::new(0, 0));
}

/// A sealed region (point 3): the territory along the top edge is vital to no block (C9 is no
/// liberty of the wall) and has one inner point, C9: counted. With a second inner point away
/// from it (A9, once A8 is opened) the opponent might make two eyes: not counted.
#[test]
fn a_sealed_region_with_one_inner_point_counts() {
    let (ascii, counts) = draw(
        ". . . . . X . X .
         X X . X X X X X X
         . X X X . . . . .
         . . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .",
    );
    assert_eq!(
        ascii,
        diagram(
            "b b b b b X b X b
             X X b X X X X X X
             . X X X . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . ."
        )
    );
    assert_eq!(counts, ByColor::new(13 + 8, 0));
    let (ascii, counts) = draw(
        ". . . . . X . X .
         . X . X X X X X X
         X X X X . . . . .
         . . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .",
    );
    assert_eq!(
        ascii,
        diagram(
            ". . . . . X b X b
             . X . X X X X X X
             X X X X . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . ."
        )
    );
    assert_eq!(counts, ByColor::new(13 + 2, 0));
}

/// The cover of a set of points (the search's territory leaf) agrees with the safe points on
/// every point alone and on every pair of points of random played-out positions: a point in
/// the zone that shows another point safe is not shown safe by that (the zone of a UCA block
/// holds its vital regions, which need not be safe territory).
#[test]
fn the_cover_agrees_with_the_safe_points() {
    use crate::go::benson::benson;
    let mut covered = 0;
    for seed in 0..300u64 {
        let size = 5 + (seed % 9) as usize;
        let b = super::properties::played_out(seed, size, size * size * 2);
        for color in Color::ALL {
            let life = benson(&b, color);
            let safe = safe_points(&b, color).points();
            let points: Vec<Point> = b.all_points().iter().collect();
            for (i, &p) in points.iter().enumerate() {
                let q = points[(i * 7 + seed as usize) % points.len()];
                let pair: Zone = [p, q].into_iter().collect();
                let both = safe.contains(p) && safe.contains(q);
                let cover = safety_cover(&b, &life, &pair);
                assert_eq!(cover.is_some(), both, "seed {seed} {color} {p:?} {q:?}");
                if let Some(zone) = cover {
                    covered += 1;
                    assert!(pair.is_subset(&zone.union(&safe)));
                }
            }
        }
    }
    assert!(covered > 100, "{covered}");
}
