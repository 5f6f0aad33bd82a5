//! The seki database: the paper's candidate counts, its seki counts for the small
//! areas, golden seki and non-seki diagrams, the key's symmetry, the stored form, and a seeded
//! sample of patterns decided again by an independent plain search (`tests/it/seki_reference`).

use crate::naive;
use crate::seki_diagrams;
use crate::seki_reference;

use naive::{NaiveBoard, Stone};
use seki_diagrams::{swap_colours, FILLED, TOP_SEKI};
use seki_reference::reference_seki;
use tsumego_studio::go::{Board, Color, Point, Zone};
use tsumego_studio::solver::knowledge::seki_db::build::{build, distinct_keys};
use tsumego_studio::solver::knowledge::seki_db::candidates::{for_each_candidate, BOARD_SIZE};
use tsumego_studio::solver::knowledge::seki_db::key::{SekiKey, LEFT, TOP};
use tsumego_studio::solver::knowledge::seki_db::local_test::{
    local_seki, local_seki_with, LocalOptions, LocalVerdict, TableMode,
};
use tsumego_studio::solver::knowledge::seki_db::query::seki_near;
use tsumego_studio::solver::knowledge::seki_db::shipped::shipped_table;
use tsumego_studio::solver::knowledge::seki_db::table::{SekiDbError, SekiTable, KIND};
use tsumego_studio::solver::knowledge::table_file::{fnv1a, TableFileError};

fn legal_candidates(area: usize) -> usize {
    let mut n = 0;
    for_each_candidate(area, BOARD_SIZE, |_, legal| n += legal as usize);
    n
}

#[test]
fn candidate_counts_are_the_papers() {
    // Table 1 of the seki-database paper (area 8, 2,315,014, is printed by `seki-db build`).
    assert_eq!(legal_candidates(5), 28_432);
    assert_eq!(legal_candidates(6), 133_812);
    assert_eq!(legal_candidates(7), 578_064);
}

#[test]
fn seki_counts_of_areas_5_and_6_are_the_papers() {
    let (table, stats) = build(5, 6, 2, |_, _, _| {});
    assert_eq!(stats[0].candidates, 28_432);
    assert_eq!(stats[0].seki, 1_318);
    assert_eq!(stats[1].candidates, 133_812);
    assert_eq!(stats[1].seki, 8_208);
    assert_eq!(table.len(), stats[0].seki_keys + stats[1].seki_keys);
    assert!(table.keys().iter().all(SekiKey::is_canonical));
    // The shipped database (areas 5..=8, `seki-db build --out assets/seki_db.bin`) holds
    // exactly these patterns of areas 5 and 6.
    let shipped = shipped_table().expect("the shipped database reads");
    let small: Vec<SekiKey> = shipped
        .keys()
        .iter()
        .copied()
        .filter(|k| k.points() <= 6)
        .collect();
    assert_eq!(small, table.keys());
    assert!(shipped.keys().iter().any(|k| k.points() == 8));
}

/// The 7x7 board of a diagram.
fn board(diagram: &str) -> Board {
    Board::from_ascii(diagram).expect("a diagram")
}

/// The points `(x, y)` as a zone.
fn zone(points: &[(usize, usize)]) -> Zone {
    points.iter().map(|&(x, y)| Point::new(x, y)).collect()
}

#[test]
fn a_seki_on_the_edge_is_a_seki() {
    let b = board(TOP_SEKI);
    let area = zone(&[(1, 0), (2, 0), (3, 0), (4, 0), (5, 0)]);
    let test = local_seki(&b, &area);
    assert_eq!(test.verdict, LocalVerdict::Seki);
    assert!(test.nodes > 2, "both searches ran: {} nodes", test.nodes);
}

#[test]
fn an_area_black_captures_moving_first_is_not_a_seki() {
    let b = board(
        "
        . X X . O X .
        . O O O O X .
        O O X X X . .
        X X . . . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .",
    );
    let area = zone(&[(0, 0), (1, 0), (2, 0), (3, 0), (0, 1)]);
    assert_eq!(
        local_seki(&b, &area).verdict,
        LocalVerdict::FirstMoverWins(Color::Black)
    );
}

#[test]
fn areas_the_test_refuses_before_searching() {
    // White with two eyes is plain life, not seki.
    let alive = board(
        "
        O . O . O . O
        O O O O O O O
        X X X X X X X
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .",
    );
    let row = zone(&[(1, 0), (2, 0), (3, 0), (4, 0), (5, 0)]);
    assert_eq!(local_seki(&alive, &row).verdict, LocalVerdict::WhiteAlive);
    // Nothing of Black's inside.
    let empty = board(
        "
        O . . . . . O
        O O O O O O O
        X X X X X X X
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .",
    );
    assert_eq!(
        local_seki(&empty, &row).verdict,
        LocalVerdict::NoBlackInside
    );
    // No White around.
    let open = board(
        "
        . . X . . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .",
    );
    assert_eq!(local_seki(&open, &row).verdict, LocalVerdict::NotEnclosed);
}

/// The shipped database.
fn shipped() -> &'static SekiTable {
    shipped_table().expect("the shipped database reads")
}

#[test]
fn the_edge_seki_is_found_from_either_side_of_it() {
    let b = board(TOP_SEKI);
    let hit = seki_near(shipped(), &b, Color::White, Point::new(3, 0)).expect("a seki");
    assert_eq!(hit.area.len(), 5);
    assert_eq!(hit.enclosing.len(), 9);
    // From a stone of the enclosing block.
    assert_eq!(
        seki_near(shipped(), &b, Color::White, Point::new(3, 1)),
        Some(hit)
    );
    // An empty point is no last move; Black does not enclose here.
    assert_eq!(
        seki_near(shipped(), &b, Color::White, Point::new(1, 0)),
        None
    );
    assert_eq!(
        seki_near(shipped(), &b, Color::Black, Point::new(3, 2)),
        None
    );
}

#[test]
fn colours_swapped_it_is_the_same_seki_and_a_filled_liberty_is_not() {
    let b = board(&swap_colours(TOP_SEKI));
    assert!(seki_near(shipped(), &b, Color::Black, Point::new(3, 0)).is_some());
    // Black has filled a shared liberty: White captures next, no seki.
    let filled = board(FILLED);
    assert_eq!(
        seki_near(shipped(), &filled, Color::White, Point::new(1, 0)),
        None
    );
}

#[test]
fn the_key_is_the_same_for_mirror_images_and_translations() {
    let b = board(TOP_SEKI);
    let black = b.stones(Color::Black);
    let top =
        SekiKey::of(7, &zone(&[(1, 0), (2, 0), (3, 0), (4, 0), (5, 0)]), &black).expect("a key");
    assert_eq!(top.edges, TOP);
    // The same pattern on the bottom edge of a 9x9 board, one point further right.
    let bottom_black = zone(&[(3, 8), (4, 8), (5, 8)]);
    let bottom = zone(&[(2, 8), (3, 8), (4, 8), (5, 8), (6, 8)]);
    assert_eq!(SekiKey::of(9, &bottom, &bottom_black), Some(top));
    // On the left edge (transposed).
    let left_black = zone(&[(0, 2), (0, 3), (0, 4)]);
    let left = zone(&[(0, 1), (0, 2), (0, 3), (0, 4), (0, 5)]);
    assert_eq!(SekiKey::of(7, &left, &left_black), Some(top));
    // In the corner it touches two edges: another pattern.
    let corner = zone(&[(0, 0), (1, 0), (2, 0), (3, 0), (4, 0)]);
    let corner_black = zone(&[(1, 0), (2, 0), (3, 0)]);
    let key = SekiKey::of(7, &corner, &corner_black).expect("a key");
    assert_eq!(key.edges, LEFT | TOP);
    assert_ne!(key, top);
    // Black stones elsewhere: another pattern.
    let other_black = zone(&[(1, 0), (2, 0), (3, 0)]);
    assert_ne!(
        SekiKey::of(
            7,
            &zone(&[(1, 0), (2, 0), (3, 0), (4, 0), (5, 0)]),
            &other_black
        ),
        Some(top)
    );
    assert!(top.is_canonical() && key.is_canonical());
    // Too large or empty areas have no key.
    assert_eq!(SekiKey::of(7, &Zone::new(), &Zone::new()), None);
    let nine: Zone = (0..9).map(|x| Point::new(x % 7, x / 7)).collect();
    assert_eq!(SekiKey::of(9, &nine, &Zone::new()), None);
}

#[test]
fn the_stored_form_round_trips_and_refuses_corrupt_files() {
    let (table, _) = build(5, 5, 2, |_, _, _| {});
    let bytes = table.to_bytes();
    assert_eq!(SekiTable::from_bytes(&bytes), Ok(table.clone()));
    let file_error = |e: TableFileError| Err(SekiDbError::File(e));
    assert_eq!(
        SekiTable::from_bytes(&bytes[..10]),
        file_error(TableFileError::Truncated {
            kind: &KIND,
            expected: 24,
            found: 10
        })
    );
    let mut magic = bytes.clone();
    magic[0] = b'X';
    assert_eq!(
        SekiTable::from_bytes(&magic),
        file_error(TableFileError::WrongMagic { kind: &KIND })
    );
    let mut version = bytes.clone();
    version[8] = 99;
    assert_eq!(
        SekiTable::from_bytes(&version),
        file_error(TableFileError::NewerVersion {
            kind: &KIND,
            found: 99
        })
    );
    let mut short = bytes.clone();
    short.pop();
    assert!(matches!(
        SekiTable::from_bytes(&short),
        Err(SekiDbError::File(TableFileError::Truncated { .. }))
    ));
    let mut flipped = bytes.clone();
    let last = flipped.len() - 1;
    flipped[last] ^= 1;
    assert_eq!(
        SekiTable::from_bytes(&flipped),
        file_error(TableFileError::Checksum { kind: &KIND })
    );
    // Two records swapped, the checksum made right: out of order.
    let mut swapped = bytes.clone();
    let (a, b) = (24, 34);
    for i in 0..10 {
        swapped.swap(a + i, b + i);
    }
    let sum = fnv1a(&swapped[24..]);
    swapped[16..24].copy_from_slice(&sum.to_le_bytes());
    assert_eq!(
        SekiTable::from_bytes(&swapped),
        Err(SekiDbError::Record { index: 1 })
    );
}

/// The naive board of a 7x7 board.
fn naive(b: &Board) -> NaiveBoard {
    let mut n = NaiveBoard::new(b.size());
    for y in 0..b.size() {
        for x in 0..b.size() {
            n.grid[y * b.size() + x] = match b.color_at(Point::new(x, y)) {
                Some(Color::Black) => Some(Stone::Black),
                Some(Color::White) => Some(Stone::White),
                None => None,
            };
        }
    }
    n
}

#[test]
fn a_seeded_sample_agrees_with_an_independent_search() {
    // Every 7th distinct pattern of area 5 and every 23rd of area 6 (the stride and offset are
    // the seed), seki and not, decided again by the plain search of tests/seki_reference.
    let mut checked = [0usize; 2];
    for (area, stride) in [(5, 7), (6, 23)] {
        let (_, reps) = distinct_keys(area);
        for (_, c) in reps.iter().skip(3).step_by(stride) {
            let b = c.board();
            let ours = local_seki(&b, &c.area).verdict;
            let cells: Vec<usize> = c.area.iter().map(|p| p.y() * 7 + p.x()).collect();
            let theirs = reference_seki(&naive(&b), &cells);
            let expected = match ours {
                LocalVerdict::Seki => Some(true),
                LocalVerdict::FirstMoverWins(_) => Some(false),
                _ => None,
            };
            assert_eq!(theirs, expected, "{ours:?}\n{}", b.to_ascii());
            checked[(ours == LocalVerdict::Seki) as usize] += 1;
        }
    }
    assert!(checked[0] > 100 && checked[1] > 20, "sample: {checked:?}");
}

/// Where the build's table (every value kept) and the line-safe table disagree on an area's
/// patterns, weighted by how many candidates share each pattern (an experiment for
/// BENCHMARKS.md: `cargo test --release --test it seki_db::table_modes -- --ignored --nocapture`,
/// `SEKI_AREA` 5..=8, default 7).
#[test]
#[ignore]
fn table_modes_compared() {
    let area = std::env::var("SEKI_AREA")
        .ok()
        .and_then(|a| a.parse().ok())
        .unwrap_or(7);
    let (counts, reps) = distinct_keys(area);
    let safe = LocalOptions {
        table: TableMode::LineSafe,
        max_nodes: Some(3_000_000),
    };
    let (mut differ, mut unknown, mut seki_every, mut seki_safe) = (0, 0, 0, 0);
    for (key, c) in &reps {
        let b = c.board();
        let every = local_seki(&b, &c.area).verdict == LocalVerdict::Seki;
        let s = local_seki_with(&b, &c.area, safe).verdict;
        seki_every += every as usize * counts[key];
        if s == LocalVerdict::Unknown {
            unknown += counts[key];
            continue;
        }
        seki_safe += (s == LocalVerdict::Seki) as usize * counts[key];
        if every != (s == LocalVerdict::Seki) {
            differ += counts[key];
            println!("every {every}, line-safe {s:?}\n{}", b.to_ascii());
        }
    }
    println!(
        "area {area}: seki {seki_every} (every), {seki_safe} (line-safe, {unknown} out of budget); {differ} candidates differ"
    );
}
