//! Laws of the partition on random legal positions of every board size (tests only).

use super::fixtures::{config, random_board};
use super::*;
use crate::go::benson::benson;
use crate::go::point::Point;
use crate::go::symmetry::Symmetry;
use proptest::prelude::*;

/// The seed of the cases drawn.
const SEED: u64 = 0x5AFE_7E11;

/// Checks every law on one position, for both colours as defender.
fn check(board: &Board) {
    for defender in Color::ALL {
        let p = partition(board, defender);
        let own = board.stones(defender);
        let attacker = board.stones(defender.opponent());
        let gap_points = p.gaps.all();
        let size = board.size();

        // Gap points are empty, dividers and potential dividers disjoint.
        assert!(gap_points.is_subset(&board.empty_points()));
        assert!(!p.gaps.dividers.intersects(&p.gaps.potential));

        // The zones partition the points that are neither defender stones nor gap points, each
        // is connected, and a closed zone is exactly one of Benson's regions of the defender.
        let regions = benson(board, defender).regions;
        let mut covered = Zone::new();
        for z in &p.zones {
            assert!(!z.points.intersects(&covered));
            covered.union_with(&z.points);
            let first = z.points.first().expect("a zone has a point");
            assert_eq!(Zone::from_iter([first]).flood(&z.points, size), z.points);
            assert_eq!(z.empty, z.points.difference(&attacker).len());
            if z.is_closed() {
                assert!(
                    regions.iter().any(|r| r.points == z.points),
                    "closed zone {:?} is no Benson region\n{}",
                    z.points,
                    board.to_ascii()
                );
            }
        }
        assert_eq!(
            covered,
            board.all_points().difference(&own).difference(&gap_points)
        );

        // Each zone is either left out or merged into exactly one area.
        let mut listed: Vec<usize> = p.left_out.iter().map(|l| l.zone).collect();
        for a in &p.areas {
            listed.extend(&a.zones);
        }
        listed.sort_unstable();
        assert_eq!(listed, (0..p.zones.len()).collect::<Vec<_>>());

        // Areas: interiors of empty points and attacker stones, pairwise disjoint; removed points
        // empty and outside; external liberties outside; layers outside and off the boundary.
        let mut seen = Zone::new();
        assert_eq!(
            p.area_points().len(),
            p.areas.iter().map(|a| a.interior.len()).sum::<usize>()
        );
        for a in &p.areas {
            assert!(!a.interior.intersects(&own));
            assert!(!a.interior.intersects(&seen));
            seen.union_with(&a.interior);
            assert!(a.removed.is_subset(&board.empty_points()));
            assert!(!a.removed.intersects(&a.interior));
            assert!(a.inner_dividers.is_subset(&gap_points));
            let boundary = a.divider_points();
            assert!(boundary.is_subset(&gap_points));
            assert!(!boundary.intersects(&a.interior));
            for b in &a.blocks {
                assert!(b.stones.is_subset(&own));
                assert!(!b.external_liberties.intersects(&a.interior));
            }
            for d in &a.dividers {
                for layer in [&d.layer_one, &d.layer_two] {
                    assert!(!layer.intersects(&a.interior));
                    assert!(!layer.intersects(&boundary));
                }
            }
        }
    }
}

/// The areas' interiors as sorted point lists, for comparing partitions whose areas come in
/// another order.
fn area_sets(p: &Partition, map: impl Fn(&Zone) -> Zone) -> Vec<Vec<Point>> {
    let mut sets: Vec<Vec<Point>> = p
        .areas
        .iter()
        .map(|a| map(&a.interior).iter().collect())
        .collect();
    sets.sort();
    sets
}

/// The partition is the same seen through each of the 8 symmetries of the board, and the same
/// for White on the board with the colours swapped as for Black.
fn check_symmetries(board: &Board) {
    let size = board.size();
    let p = partition(board, Color::Black);
    for s in Symmetry::all() {
        let q = partition(&s.apply_board(board), Color::Black);
        assert_eq!(q.gaps.dividers, s.apply_zone(&p.gaps.dividers, size));
        assert_eq!(q.gaps.potential, s.apply_zone(&p.gaps.potential, size));
        assert_eq!(
            area_sets(&q, |z| *z),
            area_sets(&p, |z| s.apply_zone(z, size))
        );
        let removed = |p: &Partition| {
            p.areas
                .iter()
                .fold(Zone::new(), |acc, a| acc.union(&a.removed))
        };
        assert_eq!(removed(&q), s.apply_zone(&removed(&p), size));
        assert_eq!(q.left_out.len(), p.left_out.len());
    }
    let swapped = Board::with_stones(
        size,
        &board.stones(Color::White),
        &board.stones(Color::Black),
    );
    let w = partition(&swapped, Color::White);
    assert_eq!(
        (&w.gaps, &w.zones, &w.left_out, &w.areas),
        (&p.gaps, &p.zones, &p.left_out, &p.areas)
    );
}

proptest! {
    #![proptest_config(config(300, SEED))]

    #[test]
    fn the_partition_keeps_its_laws_on_random_positions(seed in any::<u64>(), size in 2usize..=19) {
        check(&random_board(seed, size));
    }

    #[test]
    fn the_partition_commutes_with_symmetries_and_colour_swap(
        seed in any::<u64>(),
        size in 2usize..=19,
    ) {
        check_symmetries(&random_board(seed, size));
    }
}

#[test]
fn the_partition_keeps_its_laws_on_the_empty_and_the_full_board() {
    for size in 2..=19 {
        check(&Board::new(size));
        let mut all_black = Board::new(size);
        for p in Zone::full(size).iter().skip(1) {
            all_black.set_stone(Color::Black, p);
        }
        check(&all_black);
    }
}

#[test]
fn random_positions_reach_every_step_of_the_partition() {
    // The laws above say little if the sample never has the things they speak of: count them
    // over the first seeds of a 9x9 and a 19x19 sample.
    let mut counts = [0usize; 7];
    for seed in 0..200 {
        for size in [9, 19] {
            let board = random_board(seed, size);
            let p = partition(&board, Color::Black);
            counts[0] += p.gaps.dividers.len();
            counts[1] += p.gaps.potential.len();
            counts[2] += p.zones.iter().filter(|z| z.is_closed()).count();
            counts[3] += p.areas.iter().filter(|a| a.zones.len() > 1).count();
            counts[4] += p
                .areas
                .iter()
                .map(|a| a.inner_dividers.len())
                .sum::<usize>();
            counts[5] += p.areas.iter().map(|a| a.removed.len()).sum::<usize>();
            counts[6] += p.left_out.len();
        }
    }
    assert!(counts.iter().all(|&c| c > 0), "{counts:?}");
}
