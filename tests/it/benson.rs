//! Benson's unconditional life: golden life maps (`Benson::to_ascii`) and components, and property
//! tests over random legal positions: symmetry invariance of legal moves and of the alive set, the
//! incremental hash against a rebuilt board, and play + undo.

use crate::deterministic_proptest;

use deterministic_proptest::config;

use proptest::prelude::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use tsumego_studio::go::{benson, Board, Color, Move, Point, Symmetry, Zone};

/// A diagram written indented in the source, normalised to the `to_ascii` layout: one row per
/// line, points separated by one space, a final newline.
fn diagram(text: &str) -> String {
    let mut out = String::new();
    for line in text.lines().map(str::trim).filter(|l| !l.is_empty()) {
        out += line;
        out.push('\n');
    }
    out
}

fn board(text: &str) -> Board {
    Board::from_ascii(text).unwrap_or_else(|e| panic!("bad diagram: {e}\n{text}"))
}

/// Benson's life map of `color` on the board drawn in `text`.
fn life(text: &str, color: Color) -> String {
    let b = board(text);
    benson(&b, color).to_ascii(&b)
}

/// Assert the life map of `color` equals `expected` (both as diagrams).
#[track_caller]
fn assert_life(position: &str, color: Color, expected: &str) {
    let got = life(position, color);
    let want = diagram(expected);
    assert_eq!(
        got,
        want,
        "\nposition:\n{}got:\n{got}want:\n{want}",
        diagram(position)
    );
}

#[test]
fn two_one_point_eyes_are_alive() {
    let position = "
        . O . O X
        O O O O X
        X X X X X
        . . . . .
        . . . . .";
    assert_life(
        position,
        Color::White,
        "
        * O * O x
        O O O O x
        x x x x x
        . . . . .
        . . . . .",
    );
    let b = board(position);
    let life = benson(&b, Color::White);
    assert!(life.any_alive());
    assert_eq!(life.alive_stones(), b.stones(Color::White));
    assert!(life.is_alive(Point::new(1, 0)));
    assert!(!life.is_alive(Point::new(0, 0)));
    // The black wall around it is not alive: it has no eye at all.
    assert_life(
        position,
        Color::Black,
        "
        . o . o x
        o o o o x
        x x x x x
        . . . . .
        . . . . .",
    );
    assert!(!benson(&b, Color::Black).any_alive());
}

#[test]
fn one_eye_is_not_alive() {
    assert_life(
        "
        . O O O X
        O O O O X
        X X X X X
        . . . . .
        . . . . .",
        Color::White,
        "
        . o o o x
        o o o o x
        x x x x x
        . . . . .
        . . . . .",
    );
}

#[test]
fn false_eye_plus_real_eye_is_not_alive() {
    // (2,0) is vital to both white blocks, but the left block has no other eye: it is dropped,
    // the false eye with it, and the right block is left with the single eye (4,0).
    let position = "
        O O . O . O X
        X X O O O O X
        X X X X X X X
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .";
    assert_life(
        position,
        Color::White,
        "
        o o . o . o x
        x x o o o o x
        x x x x x x x
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .",
    );
    let b = board(position);
    let life = benson(&b, Color::White);
    assert_eq!(life.blocks.len(), 2);
    assert!(life.blocks.iter().all(|blk| !blk.alive));
    // Before the fixed point the false eye was vital to both blocks.
    let false_eye = life
        .regions
        .iter()
        .find(|r| r.points.contains(Point::new(2, 0)))
        .expect("region of the false eye");
    assert_eq!(false_eye.vital_to, vec![0, 1]);
    assert!(!false_eye.healthy);
}

#[test]
fn two_blocks_sharing_two_vital_regions_are_alive() {
    let position = "
        . O O X .
        O . O X .
        O O X X .
        X X X . .
        . . . . .";
    assert_life(
        position,
        Color::White,
        "
        * O O x .
        O * O x .
        O O x x .
        x x x . .
        . . . . .",
    );
    let b = board(position);
    let life = benson(&b, Color::White);
    assert_eq!(life.blocks.len(), 2);
    assert!(life.blocks.iter().all(|blk| blk.alive));
    for b in 0..2 {
        assert_eq!(life.vital_regions(b).count(), 2, "block {b}");
    }
}

#[test]
fn big_eye_alone_is_not_alive() {
    let position = "
        . . . O X
        O O O O X
        X X X X X
        . . . . .
        . . . . .";
    assert_life(
        position,
        Color::White,
        "
        . . . o x
        o o o o x
        x x x x x
        . . . . .
        . . . . .",
    );
    // The big eye is vital (every empty point is a liberty), but it is a single region.
    let b = board(position);
    let life = benson(&b, Color::White);
    let eye = life
        .regions
        .iter()
        .find(|r| r.points.contains(Point::new(0, 0)))
        .expect("region of the big eye");
    assert_eq!(eye.points.len(), 3);
    assert_eq!(eye.vital_to, vec![0]);
}

#[test]
fn region_with_an_opponent_stone_can_be_vital() {
    // The region {(2,0) black stone, (3,0)} has one empty point, a liberty of the white block.
    let position = "
        . O X . O X
        O O O O O X
        X X X X X X
        . . . . . .
        . . . . . .
        . . . . . .";
    assert_life(
        position,
        Color::White,
        "
        * O * * O x
        O O O O O x
        x x x x x x
        . . . . . .
        . . . . . .
        . . . . . .",
    );
    // With a second empty point in that region that is not a liberty, it is not vital.
    assert_life(
        "
        . O X . O X
        O O . O O X
        O X X X X X
        X . . . . .
        . . . . . .
        . . . . . .",
        Color::White,
        "
        . o x . o x
        o o . o o x
        o x x x x x
        x . . . . .
        . . . . . .
        . . . . . .",
    );
}

#[test]
fn empty_board_has_nothing_alive() {
    for n in [2, 5, 9, 19] {
        let b = Board::new(n);
        for c in Color::ALL {
            let life = benson(&b, c);
            assert!(!life.any_alive());
            assert!(life.blocks.is_empty());
            assert_eq!(life.regions.len(), 1, "the whole board is one region");
            assert_eq!(life.regions[0].points, b.all_points());
            assert!(life.alive_stones().is_empty());
            assert_eq!(life.to_ascii(&b), b.to_ascii());
            assert_eq!(life.component(Point::new(0, 0)), None);
        }
    }
}

/// Draw `zone` as `#` over the board.
fn draw_zone(b: &Board, zone: &Zone) -> String {
    b.to_ascii_with(|p| zone.contains(p).then_some('#'))
}

#[test]
fn components() {
    let position = "
        . O . O X . .
        O O O O X . .
        X X X X X . .
        . . . . . . .
        . . . O O O O
        . . . O . O .
        . . . O O O O";
    let b = board(position);
    let life = benson(&b, Color::White);
    assert_eq!(
        life.to_ascii(&b),
        diagram(
            "
            * O * O x . .
            O O O O x . .
            x x x x x . .
            . . . . . . .
            . . . O O O O
            . . . O * O *
            . . . O O O O"
        )
    );
    let top = life.component(Point::new(1, 1)).expect("alive");
    assert_eq!(
        draw_zone(&b, &top),
        diagram(
            "
            # # # # X . .
            # # # # X . .
            X X X X X . .
            . . . . . . .
            . . . O O O O
            . . . O . O .
            . . . O O O O"
        )
    );
    let bottom = life.component(Point::new(6, 6)).expect("alive");
    assert_eq!(
        draw_zone(&b, &bottom),
        diagram(
            "
            . O . O X . .
            O O O O X . .
            X X X X X . .
            . . . . . . .
            . . . # # # #
            . . . # # # #
            . . . # # # #"
        )
    );
    // Not a stone, or a stone of the other colour: no component.
    assert_eq!(life.component(Point::new(0, 0)), None);
    assert_eq!(life.component(Point::new(4, 0)), None);

    // Two blocks sharing their eyes form one component.
    let b = board(
        "
        . O O X .
        O . O X .
        O O X X .
        X X X . .
        . . . . .",
    );
    let life = benson(&b, Color::White);
    let both = life.component(Point::new(1, 0)).expect("alive");
    assert_eq!(both, life.component(Point::new(0, 2)).expect("alive"));
    assert_eq!(
        draw_zone(&b, &both),
        diagram(
            "
            # # # X .
            # # # X .
            # # X X .
            X X X . .
            . . . . ."
        )
    );
    // A dead group has no component.
    let b = board(
        "
        . O O O X
        O O O O X
        X X X X X
        . . . . .
        . . . . .",
    );
    assert_eq!(benson(&b, Color::White).component(Point::new(1, 1)), None);
}

// ---------------------------------------------------------------------------------------------
// Random legal positions.

/// Is `p` surrounded by stones of `c` only (an eye we do not fill, so that groups can live)?
fn own_eye(b: &Board, c: Color, p: Point) -> bool {
    p.neighbors()
        .iter()
        .filter(|&&n| b.on_board(n))
        .all(|&n| b.color_at(n) == Some(c))
}

/// A position of side `size` reached by `plays` random legal moves (alternating colours,
/// occasional passes, own eyes not filled) from the empty board, with the seed `seed`.
fn random_position(size: usize, seed: u64, plays: usize) -> Board {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut b = Board::new(size);
    let mut c = Color::Black;
    for _ in 0..plays {
        let moves: Vec<Point> = b
            .legal_moves(c, None)
            .into_iter()
            .filter(|&p| !own_eye(&b, c, p))
            .collect();
        if !moves.is_empty() && !rng.random_bool(0.03) {
            let p = moves[rng.random_range(0..moves.len())];
            b.play(c, Move::Play(p)).expect("legal move");
        }
        c = c.opponent();
    }
    b
}

fn position() -> impl Strategy<Value = Board> {
    (5usize..=9, any::<u64>(), 0usize..200)
        .prop_map(|(size, seed, plays)| random_position(size, seed, plays))
}

/// The generator reaches the cases the properties are about: alive groups, captures, ko.
#[test]
fn random_positions_cover_life_captures_and_ko() {
    let (mut alive, mut captures, mut ko) = (0, 0, 0);
    for seed in 0..200u64 {
        let size = 5 + (seed % 5) as usize;
        let b = random_position(size, seed, 40 + (seed as usize * 7) % 160);
        b.check_invariants().expect("invariants");
        if Color::ALL.iter().any(|&c| benson(&b, c).any_alive()) {
            alive += 1;
        }
        if b.captures_by(Color::Black) + b.captures_by(Color::White) > 0 {
            captures += 1;
        }
        if b.ko().is_some() {
            ko += 1;
        }
    }
    assert!(
        alive >= 150,
        "only {alive} of 200 positions have an alive group"
    );
    assert!(
        captures >= 150,
        "only {captures} of 200 positions had a capture"
    );
    assert!(ko >= 20, "only {ko} of 200 positions have a ko point");
}

fn zone_of(points: Vec<Point>) -> Zone {
    points.into_iter().collect()
}

proptest! {
    #![proptest_config(config(300, 0x5EED_0001))]

    /// (a) Legal moves are invariant under the eight symmetries (simple ko is not carried over
    /// by `apply_board`, so the ko point is compared separately).
    #[test]
    fn legal_moves_commute_with_symmetries(b in position()) {
        let n = b.size();
        let mut no_ko = b.clone();
        no_ko.clear_ko();
        for c in Color::ALL {
            let legal = zone_of(no_ko.legal_moves(c, None));
            // The ko point is the only difference the ko state makes.
            let mut with_ko = legal;
            if let Some(p) = b.ko_point_for(c) {
                prop_assert!(with_ko.remove(p), "ko point {p:?} is not otherwise legal");
            }
            prop_assert_eq!(zone_of(b.legal_moves(c, None)), with_ko);
            for s in Symmetry::all() {
                let t = s.apply_board(&b);
                prop_assert_eq!(
                    s.apply_zone(&legal, n),
                    zone_of(t.legal_moves(c, None)),
                    "{:?} for {} on\n{}", s, c, b.to_ascii()
                );
                for p in b.points() {
                    prop_assert_eq!(t.color_at(s.apply(p, n)), b.color_at(p));
                }
            }
        }
    }

    /// (b) Benson's alive set is invariant under the eight symmetries.
    #[test]
    fn benson_commutes_with_symmetries(b in position()) {
        let n = b.size();
        for c in Color::ALL {
            let life = benson(&b, c);
            let alive = life.alive_stones();
            for s in Symmetry::all() {
                let t = s.apply_board(&b);
                let t_life = benson(&t, c);
                prop_assert_eq!(
                    s.apply_zone(&alive, n),
                    t_life.alive_stones(),
                    "{:?} for {} on\n{}", s, c, life.to_ascii(&b)
                );
                // Components map too.
                for p in alive.iter() {
                    let comp = life.component(p).expect("alive stone has a component");
                    prop_assert_eq!(
                        Some(s.apply_zone(&comp, n)),
                        t_life.component(s.apply(p, n))
                    );
                }
            }
        }
    }

    /// (c) The incremental hash after random plays equals the hash of the board rebuilt from its
    /// ASCII diagram, and the rebuilt board has the same stones.
    #[test]
    fn hash_matches_rebuilt_board(b in position()) {
        prop_assert_eq!(b.check_invariants(), Ok(()));
        let ascii = b.to_ascii();
        let rebuilt = Board::from_ascii(&ascii).expect("diagram of a legal position parses");
        prop_assert_eq!(rebuilt.hash(), b.hash(), "\n{}", ascii);
        prop_assert_eq!(rebuilt.to_ascii(), ascii);
        let mut no_ko = b.clone();
        no_ko.clear_ko();
        prop_assert_eq!(rebuilt, no_ko);
    }

    /// (d) Play + undo restores the board exactly: every single legal move (and pass) of either
    /// colour, and a random recorded sequence undone as a whole.
    #[test]
    fn play_undo_restores_the_board(b in position(), seed in any::<u64>()) {
        let mut work = b.clone();
        for c in Color::ALL {
            let moves = b.legal_moves(c, None).into_iter().map(Move::Play).chain([Move::Pass]);
            for mv in moves {
                work.play_recorded(c, mv);
                prop_assert_eq!(work.check_invariants(), Ok(()));
                prop_assert!(work.undo());
                prop_assert_eq!(&work, &b, "undo of {:?} by {}", mv, c);
                prop_assert_eq!(work.hash(), b.hash());
                prop_assert_eq!(work.captures_by(c), b.captures_by(c));
            }
        }
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut c = Color::Black;
        let mut played = Vec::new();
        for _ in 0..40 {
            let moves = work.legal_moves(c, None);
            if moves.is_empty() {
                break;
            }
            let p = moves[rng.random_range(0..moves.len())];
            played.push((work.clone(), p));
            work.play_recorded(c, Move::Play(p));
            c = c.opponent();
        }
        while let Some((before, p)) = played.pop() {
            prop_assert!(work.undo());
            prop_assert_eq!(&work, &before, "undo of {:?}", p);
            prop_assert_eq!(work.hash(), before.hash());
            prop_assert_eq!(work.check_invariants(), Ok(()));
        }
        prop_assert_eq!(&work, &b);
        prop_assert_eq!(work.undo_depth(), 0);
    }
}
