//! The relevance-zone pattern table (the "RZ pattern table" of the
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
//!   proof length. Each entry keeps its *pattern* too (the stones inside the zone, side to
//!   move, pass state, ko point: [`PatternRecord`]), and a probe answers only when the node's
//!   own pattern equals it, so no hash collision can give a wrong hit, in one run or across
//!   runs ([`crate::solver::knowledge::pattern_store`] keeps tables on disk).
//! - **Probing.** Hashing the position once per zone would cost a hash per stored zone per node,
//!   so a probe looks only in the [`PROBED_ZONES`] buckets used most: a store counts 1 and a
//!   hit [`HIT_WEIGHT`], and the ranking is renewed every so many stores. Of the probed buckets
//!   that hold the position's pattern with a proof short enough and whose zone misses the
//!   points to avoid, the smallest zone answers (ties: the shorter proof), as the relevance-zone
//!   reduction paper's table does (section 3.3): it prunes the most where the win is used.
//! - **Memory** is bounded by `max_entries` (a bucket counts [`BUCKET_COST`] entries for its
//!   own keep): when it is full, the least-used buckets are dropped until a quarter is free.
//!   An entry costs its map slot (about 40 bytes) and its pattern (two words per non-empty
//!   word of the zone's bitset: 16 bytes on 7x7, at most 112 on 19x19).
//! - **What is stored**: the wins the transposition table stores (results that do not depend
//!   on the line above their node), except those whose zone is the whole board (the
//!   transposition table has them). The table is off under positional superko, where a
//!   position's value depends on the history that reached it.
//!
//! A hit is only as sound as the zone: the extracted proof tree replays the stored move in the
//! new position and the independent checker verifies every line, so a wrong zone would show
//! as a rejected proof (the differential tests run with the table on).

use crate::go::key_hasher::KeyHashing;
use crate::go::splitmix::mix64;
use crate::go::{Board, Color, Move, Point, Symmetry, Zone};
use std::collections::HashMap;

/// Pattern keys are hashes already: the map uses them as they are.
type KeyMap = HashMap<u64, Entry, KeyHashing>;

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

/// One entry in full: the pattern (the stones inside the zone, the side to move, the pass
/// state, the ko point) and the win proven there. What [`PatternTable::records`] gives and
/// [`PatternTable::insert`] takes (the on-disk form of [`crate::solver::knowledge::pattern_store`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PatternRecord {
    pub zone: Zone,
    /// Black stones inside `zone`.
    pub black: Zone,
    /// White stones inside `zone`.
    pub white: Zone,
    pub to_move: Color,
    /// The move that led here was a pass.
    pub passed: bool,
    /// The point `to_move` may not play for the simple-ko ban ([`Board::ko_point_for`]).
    pub ko: Option<Point>,
    /// The winning move at an OR node (`None` at an AND node).
    pub best: Option<Move>,
    /// Plies of the proof.
    pub dist: u32,
}

impl PatternRecord {
    /// The same win on the board turned by `symmetry` (side `size`): Go's rules do not see
    /// the turn, so the image is a win of the turned position.
    pub fn image(&self, symmetry: Symmetry, size: usize) -> PatternRecord {
        PatternRecord {
            zone: symmetry.apply_zone(&self.zone, size),
            black: symmetry.apply_zone(&self.black, size),
            white: symmetry.apply_zone(&self.white, size),
            ko: self.ko.map(|p| symmetry.apply(p, size)),
            best: self.best.map(|m| symmetry.apply_move(m, size)),
            ..*self
        }
    }
}

impl PatternRecord {
    /// The record of the node (`board`, `to_move`, `passed`) won with `zone`.
    pub fn of(
        board: &Board,
        to_move: Color,
        passed: bool,
        zone: &Zone,
        best: Option<Move>,
        dist: u32,
    ) -> PatternRecord {
        PatternRecord {
            zone: *zone,
            black: board.stones(Color::Black).intersection(zone),
            white: board.stones(Color::White).intersection(zone),
            to_move,
            passed,
            ko: board.ko_point_for(to_move),
            best,
            dist,
        }
    }
}

/// A node as the table compares it: the stones of the whole board (only those inside a zone
/// count), the side to move, the pass state and the ko point.
#[derive(Clone, Copy)]
struct NodeView<'a> {
    black: &'a [u64],
    white: &'a [u64],
    to_move: Color,
    passed: bool,
    ko: Option<Point>,
}

impl NodeView<'_> {
    /// The pattern key of the node inside the zone of `words`.
    ///
    /// One multiply and rotate per word and colour, one full mix at the end: a probe computes
    /// a key per probed zone at every node, and a full mix per word made the keys a quarter of
    /// MCTS's time on 7x7. A collision costs nothing but a miss: [`Bucket::holds`] compares
    /// the pattern before a hit counts.
    fn key(&self, words: &[(usize, u64)]) -> u64 {
        const M1: u64 = 0x9E37_79B9_7F4A_7C15;
        const M2: u64 = 0xC2B2_AE3D_27D4_EB4F;
        let ko = self.ko.map_or(0, |p| p.index() as u64 + 1);
        let mut h = ko << 2 | u64::from(self.passed) << 1 | self.to_move.index() as u64;
        for &(i, bits) in words {
            h = (h ^ (self.black[i] & bits))
                .wrapping_mul(M1)
                .rotate_left(29);
            h = (h ^ (self.white[i] & bits))
                .wrapping_mul(M2)
                .rotate_left(31);
        }
        mix64(h)
    }
}

#[derive(Clone, Copy, Debug)]
struct Entry {
    best: Option<Move>,
    dist: u32,
    /// Where the pattern's stones start in the bucket's `stones`.
    at: u32,
    ko: Option<Point>,
    to_move: Color,
    passed: bool,
}

#[derive(Clone)]
struct Bucket {
    zone: Zone,
    /// Points of the zone.
    size: usize,
    /// The zone's non-empty words: (index, bits).
    words: Vec<(usize, u64)>,
    uses: u64,
    wins: KeyMap,
    /// The stones of every entry's pattern, `2 * words.len()` words each from the entry's
    /// `at`: the black stones inside the zone word by word (the words of `words`), then the
    /// white ones.
    stones: Vec<u64>,
}

impl Bucket {
    fn new(zone: &Zone) -> Bucket {
        Bucket {
            zone: *zone,
            size: zone.len(),
            words: zone
                .words()
                .iter()
                .enumerate()
                .filter(|&(_, &w)| w != 0)
                .map(|(i, &w)| (i, w))
                .collect(),
            uses: 0,
            wins: KeyMap::default(),
            stones: Vec::new(),
        }
    }

    /// Is `entry`'s pattern the node's (the check that makes a hash hit a hit)?
    fn holds(&self, entry: &Entry, node: &NodeView<'_>) -> bool {
        if entry.to_move != node.to_move || entry.passed != node.passed || entry.ko != node.ko {
            return false;
        }
        let n = self.words.len();
        let at = entry.at as usize;
        let (black, white) = (&self.stones[at..at + n], &self.stones[at + n..at + 2 * n]);
        self.words
            .iter()
            .zip(black.iter().zip(white))
            .all(|(&(i, bits), (&b, &w))| node.black[i] & bits == b && node.white[i] & bits == w)
    }

    /// Write the node's stones inside the zone at `at` (appended when `at` is the end).
    fn write_stones(&mut self, at: usize, node: &NodeView<'_>) {
        let n = self.words.len();
        if at == self.stones.len() {
            self.stones.resize(at + 2 * n, 0);
        }
        for (j, &(i, bits)) in self.words.iter().enumerate() {
            self.stones[at + j] = node.black[i] & bits;
            self.stones[at + n + j] = node.white[i] & bits;
        }
    }

    /// The record of `entry`.
    fn record(&self, entry: &Entry) -> PatternRecord {
        let n = self.words.len();
        let at = entry.at as usize;
        let mut black = Zone::new();
        let mut white = Zone::new();
        for (j, &(i, _)) in self.words.iter().enumerate() {
            for (zone, mut bits) in [
                (&mut black, self.stones[at + j]),
                (&mut white, self.stones[at + n + j]),
            ] {
                while bits != 0 {
                    zone.insert(Point::from_index(i * 64 + bits.trailing_zeros() as usize));
                    bits &= bits - 1;
                }
            }
        }
        PatternRecord {
            zone: self.zone,
            black,
            white,
            to_move: entry.to_move,
            passed: entry.passed,
            ko: entry.ko,
            best: entry.best,
            dist: entry.dist,
        }
    }
}

/// How often the table was asked and answered.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PatternStats {
    pub probes: u64,
    pub hits: u64,
    pub stores: u64,
}

/// See the module documentation.
#[derive(Clone)]
pub struct PatternTable {
    buckets: Vec<Bucket>,
    by_zone: HashMap<Zone, usize>,
    /// The buckets probed, most used first.
    probed: Vec<usize>,
    entries: usize,
    max_entries: usize,
    stores_since_rank: usize,
    stats: PatternStats,
    /// With [`PatternTable::keep_fresh`]: the wins this table stored itself (not those
    /// inserted from another table or a file), in a table of their own with the same bound.
    fresh: Option<Box<PatternTable>>,
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
            fresh: None,
        }
    }

    /// From now on also keep the wins this table stores (its own search's proofs, not what it
    /// was seeded with) apart, in [`PatternTable::fresh`]: what a job proved, for its result.
    pub fn keep_fresh(&mut self) {
        if self.is_enabled() && self.fresh.is_none() {
            self.fresh = Some(Box::new(PatternTable::new(self.max_entries)));
        }
    }

    /// The wins stored since [`PatternTable::keep_fresh`] (`None`: not kept).
    pub fn fresh(&self) -> Option<&PatternTable> {
        self.fresh.as_deref()
    }

    /// The wins stored since [`PatternTable::keep_fresh`], taken out (no more are kept apart).
    pub fn take_fresh(&mut self) -> Option<PatternTable> {
        self.fresh.take().map(|f| *f)
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

    /// Wins held (`len` without the buckets' own keep).
    pub fn wins(&self) -> usize {
        self.buckets.iter().map(|b| b.wins.len()).sum()
    }

    pub fn stats(&self) -> PatternStats {
        self.stats
    }

    /// The bound on entries.
    pub fn max_entries(&self) -> usize {
        self.max_entries
    }

    /// Change the bound on entries (0: off, and empty), dropping the least used zones if the
    /// table holds more.
    pub fn set_max_entries(&mut self, max_entries: usize) {
        self.max_entries = max_entries;
        if max_entries == 0 {
            *self = PatternTable::disabled();
        } else if self.entries > max_entries {
            self.shrink();
        }
    }

    /// The same entries with fresh statistics (for a new solve).
    pub fn reset_stats(&mut self) {
        self.stats = PatternStats::default();
    }

    /// A win for the node (`board`, `to_move`, `passed`) with a proof of at most `plies`
    /// plies, from the most used zones: the smallest zone (ties: the shortest proof) of those
    /// that hold the node's pattern and do not meet `avoid` (a constraint on proof zones;
    /// [`Zone::EMPTY`] for none).
    pub fn probe(
        &mut self,
        board: &Board,
        to_move: Color,
        passed: bool,
        plies: u32,
        avoid: &Zone,
    ) -> Option<PatternWin> {
        if self.probed.is_empty() {
            return None;
        }
        self.stats.probes += 1;
        let (black, white) = (board.stones(Color::Black), board.stones(Color::White));
        let node = NodeView {
            black: black.words(),
            white: white.words(),
            to_move,
            passed,
            ko: board.ko_point_for(to_move),
        };
        // The smallest zone that matches: it prunes the most where the win is used.
        let mut found: Option<(usize, (usize, u32), Entry)> = None;
        for &b in &self.probed {
            let bucket = &self.buckets[b];
            if found.is_some_and(|(_, (size, _), _)| bucket.size > size)
                || bucket.zone.intersects(avoid)
            {
                continue;
            }
            let Some(&entry) = bucket.wins.get(&node.key(&bucket.words)) else {
                continue;
            };
            let rank = (bucket.size, entry.dist);
            if entry.dist <= plies
                && found.is_none_or(|(_, r, _)| rank < r)
                && bucket.holds(&entry, &node)
            {
                found = Some((b, rank, entry));
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
        let (black, white) = (board.stones(Color::Black), board.stones(Color::White));
        let node = NodeView {
            black: black.words(),
            white: white.words(),
            to_move,
            passed,
            ko: board.ko_point_for(to_move),
        };
        let b = self.put(zone, &node, best, dist);
        self.buckets[b].uses += 1;
        self.after_put();
        if let Some(fresh) = &mut self.fresh {
            fresh.store(board, to_move, passed, zone, best, dist);
        }
    }

    /// Keep `record` (a win of another table, or read from a file) as if stored here, without
    /// counting it as a store; its zone's bucket is used at least `uses` times. A record whose
    /// zone is empty is ignored.
    pub fn insert(&mut self, record: &PatternRecord, uses: u64) {
        if !self.is_enabled() || record.zone.is_empty() {
            return;
        }
        let node = NodeView {
            black: record.black.words(),
            white: record.white.words(),
            to_move: record.to_move,
            passed: record.passed,
            ko: record.ko,
        };
        let b = self.put(&record.zone, &node, record.best, record.dist);
        let bucket = &mut self.buckets[b];
        bucket.uses = bucket.uses.max(uses);
        self.after_put();
    }

    /// Keep every win of `other` (the shorter proof where both hold a pattern); a zone is
    /// used as often as in the table that used it more.
    pub fn absorb(&mut self, other: &PatternTable) {
        for bucket in &other.buckets {
            for entry in bucket.wins.values() {
                self.insert(&bucket.record(entry), bucket.uses);
            }
        }
    }

    /// Keep the images under `symmetry` (a board of side `size`) of the wins of `other` whose
    /// zone `keep` accepts, as [`PatternTable::absorb`] does.
    pub fn absorb_where(
        &mut self,
        other: &PatternTable,
        symmetry: Symmetry,
        size: usize,
        keep: impl Fn(&Zone) -> bool,
    ) {
        for bucket in other.buckets.iter().filter(|b| keep(&b.zone)) {
            for entry in bucket.wins.values() {
                let record = bucket.record(entry);
                let record = if symmetry == Symmetry::IDENTITY {
                    record
                } else {
                    record.image(symmetry, size)
                };
                self.insert(&record, bucket.uses);
            }
        }
    }

    /// Every entry with the uses of its zone, in a fixed order (zones by their bitsets, then
    /// patterns by their stones, side to move, pass state and ko point).
    pub fn records(&self) -> Vec<(PatternRecord, u64)> {
        let mut out: Vec<(PatternRecord, u64)> = self
            .buckets
            .iter()
            .flat_map(|b| b.wins.values().map(move |e| (b.record(e), b.uses)))
            .collect();
        out.sort_unstable_by(|(a, _), (b, _)| {
            let order = |r: &PatternRecord| {
                (
                    r.zone.words().to_vec(),
                    r.black.words().to_vec(),
                    r.white.words().to_vec(),
                    r.to_move,
                    r.passed,
                    r.ko,
                )
            };
            order(a).cmp(&order(b))
        });
        out
    }

    /// Put the node's win under `zone` (the shorter proof where the pattern is held already;
    /// a different pattern with the same key is replaced). Returns the bucket.
    fn put(&mut self, zone: &Zone, node: &NodeView<'_>, best: Option<Move>, dist: u32) -> usize {
        let b = match self.by_zone.get(zone) {
            Some(&b) => b,
            None => {
                self.buckets.push(Bucket::new(zone));
                self.entries += BUCKET_COST;
                self.by_zone.insert(*zone, self.buckets.len() - 1);
                self.buckets.len() - 1
            }
        };
        let bucket = &mut self.buckets[b];
        let key = node.key(&bucket.words);
        let mut entry = Entry {
            best,
            dist,
            at: 0,
            ko: node.ko,
            to_move: node.to_move,
            passed: node.passed,
        };
        match bucket.wins.get(&key).copied() {
            // The shorter proof is the one to keep.
            Some(old) if bucket.holds(&old, node) => {
                if dist <= old.dist {
                    entry.at = old.at;
                    bucket.wins.insert(key, entry);
                }
            }
            // Another pattern with the same key: the newer one takes its place.
            Some(old) => {
                entry.at = old.at;
                bucket.write_stones(old.at as usize, node);
                bucket.wins.insert(key, entry);
            }
            None => {
                let at = bucket.stones.len();
                // Beyond 2^32 words (far past any bound in use) a bucket takes no more.
                let Ok(at32) = u32::try_from(at) else {
                    return b;
                };
                entry.at = at32;
                bucket.write_stones(at, node);
                bucket.wins.insert(key, entry);
                self.entries += 1;
            }
        }
        b
    }

    /// After a put: the memory bound and the ranking of the probed zones.
    fn after_put(&mut self) {
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
        let hit = table.probe(
            &board(CORNER_ELSEWHERE),
            Color::Black,
            false,
            3,
            &Zone::EMPTY,
        );
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
            table.probe(&board(CORNER_CHANGED), Color::Black, false, 3, &Zone::EMPTY),
            None
        );
        assert_eq!(
            table.probe(
                &board(CORNER_ELSEWHERE),
                Color::White,
                false,
                3,
                &Zone::EMPTY
            ),
            None
        );
        assert_eq!(
            table.probe(
                &board(CORNER_ELSEWHERE),
                Color::Black,
                true,
                3,
                &Zone::EMPTY
            ),
            None
        );
        assert_eq!(
            table.probe(
                &board(CORNER_ELSEWHERE),
                Color::Black,
                false,
                2,
                &Zone::EMPTY
            ),
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
    fn the_fresh_wins_are_those_stored_not_those_seeded() {
        let z = corner_zone();
        let mut seeded = PatternTable::new(1000);
        seeded.store(&board(CORNER), Color::Black, false, &z, None, 3);
        let mut table = PatternTable::new(1000);
        table.absorb(&seeded);
        assert!(table.fresh().is_none(), "not kept unless asked");
        table.keep_fresh();
        assert_eq!(table.fresh().map(PatternTable::len), Some(0));
        table.store(&board(CORNER_CHANGED), Color::Black, false, &z, None, 5);
        assert_eq!((table.wins(), table.fresh().unwrap().wins()), (2, 1));
        // The seeded win stored again is fresh too: this search proved it.
        table.store(&board(CORNER), Color::Black, false, &z, None, 3);
        let fresh = table.fresh().unwrap();
        assert_eq!(fresh.wins(), 2);
        assert_eq!(table.wins(), 2);
        assert_eq!(fresh.records().len(), 2);
        // A disabled table keeps nothing apart.
        let mut off = PatternTable::disabled();
        off.keep_fresh();
        assert!(off.fresh().is_none());
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
        assert!(table
            .probe(&k, Color::White, false, 1, &Zone::EMPTY)
            .is_some());
        // The same stones without the ko ban are another pattern.
        let same_stones = Board::from_ascii(&k.to_ascii()).expect("valid");
        assert_eq!(same_stones.ko_point_for(Color::White), None);
        assert_eq!(
            table.probe(&same_stones, Color::White, false, 1, &Zone::EMPTY),
            None
        );
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
        assert!(table
            .probe(&far, Color::Black, false, 1, &Zone::EMPTY)
            .is_some());
    }

    /// The corner zone with the points of a third row added.
    fn bigger_zone() -> Zone {
        let mut z = corner_zone();
        for x in 0..5 {
            z.insert(Point::new(x, 2));
        }
        z
    }

    #[test]
    fn the_smallest_matching_zone_answers_unless_it_meets_the_points_to_avoid() {
        let b = board(CORNER);
        let (small, big) = (corner_zone(), bigger_zone());
        for order in [[big, small], [small, big]] {
            let mut table = PatternTable::new(1000);
            for z in order {
                // The bigger zone's proof is shorter: size decides first.
                let dist = if z == big { 1 } else { 5 };
                table.store(&b, Color::Black, false, &z, None, dist);
            }
            let hit = table.probe(&b, Color::Black, false, 9, &Zone::EMPTY);
            assert_eq!(hit.map(|w| (w.zone, w.dist)), Some((small, 5)));
            // A point of the small zone is forbidden: the bigger zone meets it too.
            let corner = zone(&[(0, 0)]);
            assert_eq!(table.probe(&b, Color::Black, false, 9, &corner), None);
            // A point only the big zone has: the small zone still answers.
            let row = zone(&[(4, 2)]);
            let hit = table.probe(&b, Color::Black, false, 9, &row);
            assert_eq!(hit.map(|w| w.zone), Some(small));
            // With too few plies for the small zone's proof, the big one answers.
            let hit = table.probe(&b, Color::Black, false, 4, &Zone::EMPTY);
            assert_eq!(hit.map(|w| (w.zone, w.dist)), Some((big, 1)));
        }
    }

    #[test]
    fn the_smaller_zone_is_skipped_when_it_meets_the_points_to_avoid() {
        let b = board(CORNER);
        let (small, big) = (corner_zone(), bigger_zone());
        // A big zone that leaves out a point of the small one.
        let mut big_without = big;
        big_without.remove(Point::new(0, 0));
        let mut table = PatternTable::new(1000);
        table.store(&b, Color::Black, false, &small, None, 3);
        table.store(&b, Color::Black, false, &big_without, None, 3);
        let hit = table.probe(&b, Color::Black, false, 3, &Zone::EMPTY);
        assert_eq!(hit.map(|w| w.zone), Some(small));
        let hit = table.probe(&b, Color::Black, false, 3, &zone(&[(0, 0)]));
        assert_eq!(hit.map(|w| w.zone), Some(big_without));
    }

    #[test]
    fn a_hit_is_checked_against_the_real_pattern_not_only_its_hash() {
        let mut table = PatternTable::new(1000);
        let z = corner_zone();
        let stored = board(CORNER);
        table.store(&stored, Color::Black, false, &z, None, 3);
        let changed = board(CORNER_CHANGED);
        let (black, white) = (changed.stones(Color::Black), changed.stones(Color::White));
        let node = NodeView {
            black: black.words(),
            white: white.words(),
            to_move: Color::Black,
            passed: false,
            ko: None,
        };
        // Forge a collision: the stored entry under the key of the changed corner.
        let bucket = &mut table.buckets[0];
        let entry = *bucket.wins.values().next().expect("one entry");
        assert!(!bucket.holds(&entry, &node));
        bucket.wins.insert(node.key(&bucket.words), entry);
        assert_eq!(
            table.probe(&changed, Color::Black, false, 3, &Zone::EMPTY),
            None
        );
        // The stored position itself still hits.
        assert!(table
            .probe(&stored, Color::Black, false, 3, &Zone::EMPTY)
            .is_some());
        // A store of the changed corner replaces the forged entry with its own pattern.
        table.store(&changed, Color::Black, false, &z, None, 2);
        let hit = table.probe(&changed, Color::Black, false, 3, &Zone::EMPTY);
        assert_eq!(hit.map(|w| w.dist), Some(2));
    }

    #[test]
    fn records_give_every_entry_and_rebuild_the_same_table() {
        let mut table = PatternTable::new(1000);
        let mut k = board(CORNER_ELSEWHERE);
        k.play(Color::White, Move::Play(Point::new(5, 5)))
            .expect("legal");
        table.store(&board(CORNER), Color::Black, false, &corner_zone(), None, 3);
        table.store(
            &k,
            Color::Black,
            true,
            &bigger_zone(),
            Some(Move::Play(Point::new(2, 0))),
            5,
        );
        for _ in 0..3 {
            assert!(table
                .probe(&k, Color::Black, true, 5, &Zone::EMPTY)
                .is_some());
        }
        let records = table.records();
        assert_eq!(records.len(), 2);
        assert_eq!(
            records.iter().map(|(_, uses)| *uses).collect::<Vec<_>>(),
            [1, 1 + 3 * HIT_WEIGHT]
        );
        let r = &records[1].0;
        assert_eq!(
            *r,
            PatternRecord::of(
                &k,
                Color::Black,
                true,
                &bigger_zone(),
                Some(Move::Play(Point::new(2, 0))),
                5
            )
        );
        let mut again = PatternTable::new(1000);
        for (r, uses) in &records {
            again.insert(r, *uses);
        }
        assert_eq!(again.records(), records);
        assert_eq!(again.stats(), PatternStats::default());
        let mut merged = PatternTable::new(1000);
        merged.absorb(&table);
        merged.absorb(&again);
        assert_eq!(merged.records(), records);
        assert!(merged
            .probe(
                &board(CORNER_ELSEWHERE),
                Color::Black,
                false,
                3,
                &Zone::EMPTY
            )
            .is_some());
    }
}
