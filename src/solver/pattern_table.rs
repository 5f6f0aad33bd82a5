//! The relevance-zone pattern table (issue 11, item 3; the "RZ pattern table" of the
//! relevance-zone reduction paper, `../shared/papers/relevance-zone-reduction.txt`).
//!
//! A win of the OR player proven with zone `Z` holds in every position with the same stones
//! inside `Z`, the same side to move, the same pass state and the same ko point: that is what a
//! relevance zone is (RZ-1, with the consistent-replay conditions the dilation rules ensure),
//! and what the null-move pruning of both engines already relies on. The transposition table
//! finds a win again only in the very same position; this table finds it wherever only stones
//! outside `Z` differ, as after an exchange far away or an AND move the OR player ignored.
//!
//! - **Layout.** Entries are grouped by zone: a bucket per zone maps a *pattern key* (a hash
//!   of the black and white stones inside the zone, word by word over the zone's bitset, with
//!   the side to move, the pass state and the ko point) to the win's best move (OR nodes) and
//!   proof length.
//! - **Probing.** Hashing the position once per zone would cost a hash per stored zone per node,
//!   so a probe looks only in the [`PROBED_ZONES`] buckets used most: a store counts 1 and a
//!   hit [`HIT_WEIGHT`], and the ranking is renewed every so many stores. The first bucket (in
//!   that order) that holds the position's pattern with a proof short enough answers.
//! - **Memory** is bounded by `max_entries` (a bucket counts [`BUCKET_COST`] entries for its
//!   own keep): when it is full, the least-used buckets are dropped until a quarter is free.
//! - **What is stored**: the wins the transposition table stores (results that do not depend
//!   on the line above their node), except those whose zone is the whole board (the
//!   transposition table has them). The table is off under positional superko, where a
//!   position's value depends on the history that reached it.
//!
//! A hit is only as sound as the zone: the extracted proof tree replays the stored move in the
//! new position and the independent checker verifies every line, so a wrong zone would show
//! as a rejected proof (the differential tests run with the table on).

use crate::go::{Board, Color, Move, Zone};
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// Pattern keys are hashes already: the map uses them as they are.
#[derive(Default)]
struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(b);
        }
    }

    fn write_u64(&mut self, key: u64) {
        self.0 = key;
    }
}

type KeyMap = HashMap<u64, Entry, BuildHasherDefault<KeyHasher>>;

/// Buckets probed per node (4, 16 and 64 measured on 7x7 problems 1 and 18 at 3M nodes: 16
/// took the fewest nodes on 1 and about as few as 64 on 18).
pub const PROBED_ZONES: usize = 16;

/// What a hit counts for a bucket's rank, against 1 for a store.
const HIT_WEIGHT: u64 = 8;

/// Entries a bucket's own keep is counted as, for the memory bound.
const BUCKET_COST: usize = 4;

/// Fewest stores between two rankings.
const RERANK_STORES: usize = 256;

/// A win found in the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PatternWin {
    pub zone: Zone,
    pub best: Option<Move>,
    pub dist: u32,
}

#[derive(Clone, Copy, Debug)]
struct Entry {
    best: Option<Move>,
    dist: u32,
}

struct Bucket {
    zone: Zone,
    /// The zone's non-empty words: (index, bits).
    words: Vec<(usize, u64)>,
    uses: u64,
    wins: KeyMap,
}

/// How often the table was asked and answered.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PatternStats {
    pub probes: u64,
    pub hits: u64,
    pub stores: u64,
}

/// See the module documentation.
pub struct PatternTable {
    buckets: Vec<Bucket>,
    by_zone: HashMap<Zone, usize>,
    /// The buckets probed, most used first.
    probed: Vec<usize>,
    entries: usize,
    max_entries: usize,
    stores_since_rank: usize,
    stats: PatternStats,
}

/// The splitmix64 finaliser.
#[inline]
fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The pattern key of `board` inside the zone of `words`.
fn pattern_key(words: &[(usize, u64)], board: &Board, to_move: Color, passed: bool) -> u64 {
    let black = board.stones(Color::Black);
    let white = board.stones(Color::White);
    let (black, white) = (black.words(), white.words());
    let ko = board
        .ko_point_for(to_move)
        .map_or(0, |p| p.index() as u64 + 1);
    let mut h = mix(ko << 2 | u64::from(passed) << 1 | to_move.index() as u64);
    for &(i, bits) in words {
        h = mix(h ^ (black[i] & bits));
        h = mix(h ^ (white[i] & bits).rotate_left(32));
    }
    h
}

impl PatternTable {
    /// A table of at most about `max_entries` entries (none: the table is off).
    pub fn new(max_entries: usize) -> PatternTable {
        PatternTable {
            buckets: Vec::new(),
            by_zone: HashMap::new(),
            probed: Vec::new(),
            entries: 0,
            max_entries,
            stores_since_rank: 0,
            stats: PatternStats::default(),
        }
    }

    /// A table that stores nothing.
    pub fn disabled() -> PatternTable {
        PatternTable::new(0)
    }

    pub fn is_enabled(&self) -> bool {
        self.max_entries > 0
    }

    /// Entries held.
    pub fn len(&self) -> usize {
        self.entries
    }

    pub fn is_empty(&self) -> bool {
        self.entries == 0
    }

    /// Zones held.
    pub fn zones(&self) -> usize {
        self.buckets.len()
    }

    pub fn stats(&self) -> PatternStats {
        self.stats
    }

    /// A win for the node (`board`, `to_move`, `passed`) with a proof of at most `plies`
    /// plies, from the most used zones.
    pub fn probe(
        &mut self,
        board: &Board,
        to_move: Color,
        passed: bool,
        plies: u32,
    ) -> Option<PatternWin> {
        if self.probed.is_empty() {
            return None;
        }
        self.stats.probes += 1;
        // The smallest zone that matches: it prunes the most where the win is used.
        let mut found: Option<(usize, usize, Entry)> = None;
        for &b in &self.probed {
            let bucket = &self.buckets[b];
            let key = pattern_key(&bucket.words, board, to_move, passed);
            let Some(&entry) = bucket.wins.get(&key) else {
                continue;
            };
            let size = bucket.zone.len();
            if entry.dist <= plies && found.is_none_or(|(_, s, _)| size < s) {
                found = Some((b, size, entry));
            }
        }
        let (b, _, entry) = found?;
        let bucket = &mut self.buckets[b];
        bucket.uses += HIT_WEIGHT;
        self.stats.hits += 1;
        Some(PatternWin {
            zone: bucket.zone,
            best: entry.best,
            dist: entry.dist,
        })
    }

    /// Keep the win of the node (`board`, `to_move`, `passed`) proven with `zone`.
    pub fn store(
        &mut self,
        board: &Board,
        to_move: Color,
        passed: bool,
        zone: &Zone,
        best: Option<Move>,
        dist: u32,
    ) {
        if !self.is_enabled() || zone.is_empty() || Zone::full(board.size()).is_subset(zone) {
            return;
        }
        self.stats.stores += 1;
        let b = match self.by_zone.get(zone) {
            Some(&b) => b,
            None => {
                let words = zone
                    .words()
                    .iter()
                    .enumerate()
                    .filter(|&(_, &w)| w != 0)
                    .map(|(i, &w)| (i, w))
                    .collect();
                self.buckets.push(Bucket {
                    zone: *zone,
                    words,
                    uses: 0,
                    wins: KeyMap::default(),
                });
                self.entries += BUCKET_COST;
                self.by_zone.insert(*zone, self.buckets.len() - 1);
                self.buckets.len() - 1
            }
        };
        let bucket = &mut self.buckets[b];
        bucket.uses += 1;
        let key = pattern_key(&bucket.words, board, to_move, passed);
        let entry = Entry { best, dist };
        match bucket.wins.insert(key, entry) {
            // The shorter proof is the one to keep.
            Some(old) if old.dist < dist => {
                bucket.wins.insert(key, old);
            }
            Some(_) => {}
            None => self.entries += 1,
        }
        if self.entries > self.max_entries {
            self.shrink();
        }
        self.stores_since_rank += 1;
        if self.stores_since_rank >= RERANK_STORES.max(self.buckets.len() / 4)
            || self.probed.len() < PROBED_ZONES.min(self.buckets.len())
        {
            self.rerank();
        }
    }

    /// The [`PROBED_ZONES`] most used buckets, most used first (ties: the older bucket).
    fn rerank(&mut self) {
        self.stores_since_rank = 0;
        let mut order: Vec<usize> = (0..self.buckets.len()).collect();
        let rank = |&b: &usize| (std::cmp::Reverse(self.buckets[b].uses), b);
        if order.len() > PROBED_ZONES {
            order.select_nth_unstable_by_key(PROBED_ZONES - 1, rank);
            order.truncate(PROBED_ZONES);
        }
        order.sort_unstable_by_key(rank);
        self.probed = order;
    }

    /// Drop the least used buckets until a quarter of the bound is free.
    fn shrink(&mut self) {
        let mut order: Vec<usize> = (0..self.buckets.len()).collect();
        order.sort_unstable_by_key(|&b| (std::cmp::Reverse(self.buckets[b].uses), b));
        let keep_below = self.max_entries / 4 * 3;
        let mut kept = 0;
        let mut keep = vec![false; self.buckets.len()];
        for &b in &order {
            let cost = self.buckets[b].wins.len() + BUCKET_COST;
            if kept + cost > keep_below {
                continue;
            }
            kept += cost;
            keep[b] = true;
        }
        let old = std::mem::take(&mut self.buckets);
        self.buckets = old
            .into_iter()
            .zip(keep)
            .filter_map(|(bucket, k)| k.then_some(bucket))
            .collect();
        self.by_zone = self
            .buckets
            .iter()
            .enumerate()
            .map(|(i, b)| (b.zone, i))
            .collect();
        self.entries = kept;
        self.rerank();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::go::Point;
    use crate::solver::fixtures::{board, zone};

    const CORNER: &str = "
        . O . O X . .
        O O O O X . .
        X X X X X . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
    ";

    /// The same corner, with other stones far from it.
    const CORNER_ELSEWHERE: &str = "
        . O . O X . .
        O O O O X . .
        X X X X X . .
        . . . . . . .
        . . . . . O .
        . . . X . . .
        . . . . . . .
    ";

    /// The corner with a stone of the zone missing.
    const CORNER_CHANGED: &str = "
        . O . O X . .
        O . O O X . .
        X X X X X . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
    ";

    fn corner_zone() -> Zone {
        zone(&[
            (0, 0),
            (1, 0),
            (2, 0),
            (3, 0),
            (0, 1),
            (1, 1),
            (2, 1),
            (3, 1),
        ])
    }

    #[test]
    fn a_win_is_found_again_where_only_stones_outside_its_zone_differ() {
        let mut table = PatternTable::new(1000);
        let z = corner_zone();
        table.store(&board(CORNER), Color::Black, false, &z, None, 3);
        let hit = table.probe(&board(CORNER_ELSEWHERE), Color::Black, false, 3);
        assert_eq!(
            hit,
            Some(PatternWin {
                zone: z,
                best: None,
                dist: 3
            })
        );
        // Not inside the zone, not with the other side to move or after a pass, not with
        // fewer plies than the proof needs.
        assert_eq!(
            table.probe(&board(CORNER_CHANGED), Color::Black, false, 3),
            None
        );
        assert_eq!(
            table.probe(&board(CORNER_ELSEWHERE), Color::White, false, 3),
            None
        );
        assert_eq!(
            table.probe(&board(CORNER_ELSEWHERE), Color::Black, true, 3),
            None
        );
        assert_eq!(
            table.probe(&board(CORNER_ELSEWHERE), Color::Black, false, 2),
            None
        );
        assert_eq!(
            table.stats(),
            PatternStats {
                probes: 5,
                hits: 1,
                stores: 1
            }
        );
    }

    #[test]
    fn the_ko_point_is_part_of_the_pattern() {
        let mut k = board(
            "
            . X O . . . .
            X O . O . . .
            . X O . . . .
            . . . . . . .
            . . . . . . .
            . . . . . . .
            . . . . . . .
        ",
        );
        // Black takes the ko: White may not retake at once.
        k.play(Color::Black, Move::Play(Point::new(2, 1)))
            .expect("the ko capture is legal");
        assert_eq!(k.ko_point_for(Color::White), Some(Point::new(1, 1)));
        let mut most = Zone::full(7);
        most.remove(Point::new(6, 6));
        let mut table = PatternTable::new(1000);
        table.store(&k, Color::White, false, &most, None, 1);
        assert!(table.probe(&k, Color::White, false, 1).is_some());
        // The same stones without the ko ban are another pattern.
        let same_stones = Board::from_ascii(&k.to_ascii()).expect("valid");
        assert_eq!(same_stones.ko_point_for(Color::White), None);
        assert_eq!(table.probe(&same_stones, Color::White, false, 1), None);
    }

    #[test]
    fn the_whole_board_is_left_to_the_transposition_table() {
        let mut table = PatternTable::new(1000);
        let b = board(CORNER);
        table.store(&b, Color::Black, false, &Zone::full(7), None, 1);
        assert!(table.is_empty());
        let mut off = PatternTable::disabled();
        off.store(&b, Color::Black, false, &corner_zone(), None, 1);
        assert!(off.is_empty());
    }

    #[test]
    fn memory_stays_bounded_and_the_most_used_zones_stay_probed() {
        let mut table = PatternTable::new(200);
        let b = board(CORNER);
        let z = corner_zone();
        // A zone used often...
        for _ in 0..50 {
            table.store(&b, Color::Black, false, &z, None, 1);
        }
        // ...and many zones used once.
        for i in 0..300 {
            let mut other = z;
            other.insert(Point::new(i % 7, 3 + (i / 7) % 4));
            other.insert(Point::new((i / 28) % 7, 6));
            table.store(&b, Color::White, i % 2 == 0, &other, None, 1);
        }
        assert!(table.len() <= 200, "{}", table.len());
        assert!(table.zones() < 100);
        let far = board(CORNER_ELSEWHERE);
        assert!(table.probe(&far, Color::Black, false, 1).is_some());
    }
}
