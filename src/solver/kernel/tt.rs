//! The transposition table: proven results (with their relevance zone and winning move) and
//! "no proof within this depth" bounds, keyed by the Zobrist hash of the stones, the side to move,
//! the simple-ko point and whether the last move was a pass.
//!
//! Memory is bounded: a fixed number of slots in buckets of two, chosen when the table is made
//! ([`TranspositionTable::with_capacity`]). Replacement: a store for a key already in its bucket
//! overwrites that slot, except that a depth bound never overwrites a proven result; otherwise it
//! takes an empty slot, or else the slot whose result cost fewer nodes to compute (the cheaper one
//! is the cheaper to find again).
//!
//! Only results that do not depend on the line above their node are stored (the search checks
//! that; see `search.rs`), so a hit is valid wherever the position recurs, on any line of any
//! thread: the threads of a parallel df-pn ([`crate::solver::engines::dfpn`]) share one table.

use crate::go::{Board, Color, Move, Zone};
use crate::problem::Problem;
use crate::solver::kernel::ko_flags::KoFlags;
use std::sync::atomic::{AtomicU8, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};

/// What is known of a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stored {
    /// The OR player wins with this relevance zone; `best` is the winning move at OR nodes;
    /// `dist` the longest line of the proof in plies.
    Win {
        zone: Zone,
        best: Option<Move>,
        dist: u32,
    },
    /// The OR player cannot win (proven without pruning).
    Fail,
    /// No proof was found with this many plies left (depth-first search).
    NoProofWithin(u32),
    /// The proof and disproof numbers of an undecided node (df-pn). `pn == u32::MAX`: no win
    /// within the OR width (forward pruning), a bound of the table's width only.
    Bounds { pn: u32, dn: u32 },
}

impl Stored {
    fn is_proven(&self) -> bool {
        !matches!(self, Stored::NoProofWithin(_) | Stored::Bounds { .. })
    }
}

#[derive(Clone, Copy, Debug)]
struct Slot {
    key: u64,
    work: u64,
    value: Stored,
    /// The thread that stored it (0 in an own table; see [`TranspositionTable::Shared`]).
    owner: u8,
}

/// The table (see the module documentation): owned by one search, or shared by the threads of a
/// parallel df-pn ([`TranspositionTable::shared`], [`TranspositionTable::handle`]).
pub enum TranspositionTable {
    /// One search's own table: no locks.
    Own(Shard),
    /// One thread's handle of a table shared between threads. Proven results are everyone's;
    /// the numbers of an undecided node (`Bounds`) are read only by the thread that stored them
    /// (each thread's numbers follow its own search, and the main thread (0) searches as the
    /// serial algorithm would, untroubled by the helpers' numbers), and a helper never
    /// overwrites the main thread's.
    Shared { table: Arc<SharedTable>, thread: u8 },
}

impl TranspositionTable {
    /// A table of at most about `entries` slots (rounded up to a power of two, at least 2). It
    /// starts small and grows as it fills.
    pub fn with_capacity(entries: usize) -> TranspositionTable {
        TranspositionTable::Own(Shard::with_capacity(entries, INITIAL_BUCKETS))
    }

    /// [`TranspositionTable::with_capacity`] sized to `problem`: a region of at most
    /// [`SMALL_REGION`] empty points starts with [`SMALL_INITIAL_BUCKETS`] (most of its solves
    /// take a few dozen nodes, and writing a larger table's memory cost more than the search),
    /// a larger one with the usual start. A small table grows rather than drop an entry the
    /// usual start would keep, so every search stores and finds what it would with the usual
    /// start: the same nodes.
    pub fn for_problem(entries: usize, problem: &Problem) -> TranspositionTable {
        let empties = problem
            .region()
            .intersection(&problem.board().empty_points())
            .len();
        let initial = if empties <= SMALL_REGION {
            SMALL_INITIAL_BUCKETS
        } else {
            INITIAL_BUCKETS
        };
        TranspositionTable::Own(Shard::with_capacity(entries, initial))
    }

    /// A table of the same capacity that threads can share, holding this table's entries.
    pub fn into_shared(self) -> TranspositionTable {
        match self {
            TranspositionTable::Own(own) => {
                let shared = SharedTable::with_capacity(own.max_buckets * 2);
                for slot in own.slots.into_iter().flatten() {
                    shared
                        .shard(slot.key)
                        .store(slot.key, slot.value, slot.work, 0);
                }
                TranspositionTable::Shared {
                    table: Arc::new(shared),
                    thread: 0,
                }
            }
            shared => shared,
        }
    }

    /// Thread `thread`'s handle of a shared table (none for an own table).
    pub fn handle(&self, thread: u8) -> Option<TranspositionTable> {
        match self {
            TranspositionTable::Own(_) => None,
            TranspositionTable::Shared { table, .. } => Some(TranspositionTable::Shared {
                table: Arc::clone(table),
                thread,
            }),
        }
    }

    /// Bytes of one slot (with its key).
    pub const SLOT_BYTES: usize = Shard::SLOT_BYTES;

    /// The most entries (a power of two, at least 2) whose slots fit in `mib` MiB: the table
    /// size of a memory budget.
    pub fn entries_for_mib(mib: u64) -> usize {
        let bytes = usize::try_from(mib.saturating_mul(1 << 20)).unwrap_or(usize::MAX);
        let fit = (bytes / Self::SLOT_BYTES).max(2);
        // The largest power of two not above `fit`.
        1 << (usize::BITS - 1 - fit.leading_zeros())
    }

    /// Bytes used by the slots.
    pub fn memory_bytes(&self) -> usize {
        match self {
            TranspositionTable::Own(own) => own.memory_bytes(),
            TranspositionTable::Shared { table, .. } => {
                table.shards.iter().map(|s| lock(s).memory_bytes()).sum()
            }
        }
    }

    /// The most entries the table may hold (it grows up to this).
    pub fn capacity(&self) -> usize {
        match self {
            TranspositionTable::Own(own) => own.max_buckets * 2,
            TranspositionTable::Shared { table, .. } => table.capacity,
        }
    }

    /// Number of occupied slots.
    pub fn len(&self) -> usize {
        match self {
            TranspositionTable::Own(own) => own.stored,
            TranspositionTable::Shared { table, .. } => {
                table.shards.iter().map(|s| lock(s).stored).sum()
            }
        }
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    pub fn probe(&self, key: u64) -> Option<Stored> {
        match self {
            TranspositionTable::Own(own) => own.probe(key).map(|(v, _)| v),
            TranspositionTable::Shared { table, thread } => match table.shard(key).probe(key) {
                Some((Stored::Bounds { .. }, owner)) if owner != *thread => None,
                found => found.map(|(v, _)| v),
            },
        }
    }

    /// Keep `value` for `key`; `work` is the nodes it took (see the replacement rule).
    pub fn store(&mut self, key: u64, value: Stored, work: u64) {
        match self {
            TranspositionTable::Own(own) => own.store(key, value, work, 0),
            TranspositionTable::Shared { table, thread } => {
                table.shard(key).store(key, value, work, *thread)
            }
        }
    }

    /// A search on this table saw these OR ko events ([`KoFlags`]): on a shared table every
    /// thread learns them at once (see [`TranspositionTable::ko_seen`]). Nothing to do on an own
    /// table.
    pub fn note_ko(&self, flags: KoFlags) {
        if let TranspositionTable::Shared { table, .. } = self {
            if flags.any() {
                table.ko.fetch_or(flags.bits(), Ordering::Relaxed);
            }
        }
    }

    /// The OR ko events any thread sharing this table noted ([`TranspositionTable::note_ko`]);
    /// none for an own table. A thread that stores a result found below such an event noted it
    /// before storing, so whoever reads that result from the table and then asks here learns it
    /// too: a proven result read from the table never hides the ko flags of the search that
    /// proved it.
    pub fn ko_seen(&self) -> KoFlags {
        match self {
            TranspositionTable::Own(_) => KoFlags::NONE,
            TranspositionTable::Shared { table, .. } => {
                KoFlags::from_bits(table.ko.load(Ordering::Relaxed))
            }
        }
    }
}

/// A table shared between threads: independent shards, each behind its own lock, chosen by the
/// key's top bits (a shard's bucket is chosen by its low bits). A free lock costs a few per cent
/// of a node's time; two threads seldom meet on one shard.
pub struct SharedTable {
    shards: Box<[Mutex<Shard>]>,
    /// `log2` of the number of shards.
    shard_bits: u32,
    capacity: usize,
    /// The OR ko events of any thread's search ([`KoFlags::bits`]).
    ko: AtomicU8,
}

/// Most shards: enough that two threads seldom wait for each other.
const MAX_SHARDS: usize = 64;

/// Fewest entries of a shard (a smaller table has fewer shards).
const MIN_SHARD_ENTRIES: usize = 1 << 12;

impl SharedTable {
    fn with_capacity(entries: usize) -> SharedTable {
        let capacity = entries.max(2).next_power_of_two();
        let shards = (capacity / MIN_SHARD_ENTRIES).clamp(1, MAX_SHARDS);
        let initial = (INITIAL_BUCKETS / shards).max(1);
        SharedTable {
            shards: (0..shards)
                .map(|_| Mutex::new(Shard::with_capacity(capacity / shards, initial)))
                .collect(),
            shard_bits: shards.trailing_zeros(),
            capacity,
            ko: AtomicU8::new(0),
        }
    }

    fn shard(&self, key: u64) -> MutexGuard<'_, Shard> {
        let i = if self.shard_bits == 0 {
            0
        } else {
            (key >> (64 - self.shard_bits)) as usize
        };
        lock(&self.shards[i])
    }
}

/// A shard's lock. A thread that panicked while holding it left the shard whole (each write is
/// one assignment), so a poisoned lock is taken as it is.
fn lock(shard: &Mutex<Shard>) -> MutexGuard<'_, Shard> {
    shard
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// An own table, or one shard of a shared one: buckets of two slots, growing up to its capacity.
/// Nothing is allocated until the first store (a search replaced by a pooled table, or one
/// decided at its root, never allocates one).
pub struct Shard {
    /// Empty until the first store, then two per bucket.
    slots: Vec<Option<Slot>>,
    /// The slots' keys (0 for an empty slot), apart from the slots: a probe of a position
    /// not in the table (most probes: children when they are generated) reads one cache line
    /// of this array (an eighth of the table's memory) instead of the slots'.
    keys: Vec<u64>,
    /// Number of buckets minus one (a power of two minus one); before the first store, of the
    /// buckets it will allocate.
    mask: usize,
    stored: usize,
    /// The most buckets the table may grow to (its capacity).
    max_buckets: usize,
}

/// Buckets a table starts with: small solves (most of them) never pay for a large table; it
/// grows by four times whenever it is three quarters full, up to its capacity.
const INITIAL_BUCKETS: usize = 1 << 11;

/// Regions of at most this many empty points start with [`SMALL_INITIAL_BUCKETS`].
pub const SMALL_REGION: usize = 10;

/// Buckets the table of a small region starts with.
const SMALL_INITIAL_BUCKETS: usize = 1 << 7;

/// The key part that marks "the last move was a pass".
const PASSED_KEY: u64 = 0x2F6E_1C7A_93D4_5B08;

/// The table key of a node.
pub fn node_key(board: &Board, to_move: Color, passed: bool) -> u64 {
    let key = board.position_hash(to_move);
    if passed {
        key ^ PASSED_KEY
    } else {
        key
    }
}

impl Shard {
    /// A shard of at most about `entries` slots (rounded up to a power of two, at least 2),
    /// starting with `initial` buckets.
    fn with_capacity(entries: usize, initial: usize) -> Shard {
        let max_buckets = entries.max(2).next_power_of_two() / 2;
        let buckets = max_buckets.min(initial);
        Shard {
            slots: Vec::new(),
            keys: Vec::new(),
            mask: buckets - 1,
            stored: 0,
            max_buckets,
        }
    }

    /// Four times the buckets (at most the capacity), every entry moved to its new bucket.
    fn grow(&mut self) {
        let buckets = ((self.mask + 1) * 4).min(self.max_buckets);
        let old = std::mem::replace(&mut self.slots, vec![None; buckets * 2]);
        self.keys = vec![0; buckets * 2];
        self.mask = buckets - 1;
        self.stored = 0;
        for slot in old.into_iter().flatten() {
            self.store(slot.key, slot.value, slot.work, slot.owner);
        }
    }

    const SLOT_BYTES: usize = std::mem::size_of::<Option<Slot>>() + 8;

    fn memory_bytes(&self) -> usize {
        self.slots.len() * Self::SLOT_BYTES
    }

    fn bucket(&self, key: u64) -> usize {
        ((key as usize) & self.mask) * 2
    }

    /// The value kept for `key` and the thread that stored it.
    fn probe(&self, key: u64) -> Option<(Stored, u8)> {
        let b = self.bucket(key);
        // Nothing stored yet: nothing allocated.
        let pair = self.keys.get(b..b + 2)?;
        if pair[0] != key && pair[1] != key {
            return None;
        }
        self.slots[b..b + 2]
            .iter()
            .flatten()
            .find(|s| s.key == key)
            .map(|s| (s.value, s.owner))
    }

    /// Keep `value` for `key`, stored by thread `owner`.
    fn store(&mut self, key: u64, value: Stored, work: u64, owner: u8) {
        if self.slots.is_empty() {
            let buckets = self.mask + 1;
            self.slots = vec![None; buckets * 2];
            self.keys = vec![0; buckets * 2];
        }
        if self.stored * 4 >= self.slots.len() * 3 && self.mask + 1 < self.max_buckets {
            self.grow();
        }
        let b = self.bucket(key);
        let pair = &mut self.slots[b..b + 2];
        if let Some(slot) = pair.iter_mut().flatten().find(|s| s.key == key) {
            let keeps_main_numbers = owner != 0 && slot.owner == 0 && !slot.value.is_proven();
            if slot.value.is_proven() && !value.is_proven()
                || keeps_main_numbers && !value.is_proven()
            {
                return;
            }
            *slot = Slot {
                key,
                work,
                value,
                owner,
            };
            return;
        }
        // Below the usual start, a store that would drop an entry the usual table keeps in
        // another bucket grows the table instead: it holds what a table of the usual start
        // would, so a search finds the same entries whichever start it had.
        let usual = INITIAL_BUCKETS.min(self.max_buckets) - 1;
        if self.mask < usual {
            let usual = usual as u64;
            if let [Some(a), Some(c)] = pair {
                if a.key & usual != key & usual || c.key & usual != key & usual {
                    self.grow();
                    return self.store(key, value, work, owner);
                }
            }
        }
        let pair = &mut self.slots[b..b + 2];
        let keys = &mut self.keys[b..b + 2];
        let target = match (pair[0], pair[1]) {
            (None, _) => 0,
            (_, None) => 1,
            (Some(a), Some(c)) => usize::from(c.work < a.work),
        };
        if pair[target].is_none() {
            self.stored += 1;
        }
        pair[target] = Some(Slot {
            key,
            work,
            value,
            owner,
        });
        keys[target] = key;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::go::Point;

    /// A table that starts small holds, after every store, exactly what a table with the usual
    /// start holds (keys that collide there evict each other alike; others make it grow).
    #[test]
    fn a_small_start_keeps_what_the_usual_start_keeps() {
        let mut small = Shard::with_capacity(1 << 16, SMALL_INITIAL_BUCKETS);
        let mut usual = Shard::with_capacity(1 << 16, INITIAL_BUCKETS);
        let mut state = 0x9E37_79B9_7F4A_7C15_u64;
        let mut next = || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        let mut keys = Vec::new();
        for i in 0..6000u64 {
            // Few low bits vary in some keys, so that buckets collide often at every size.
            let r = next();
            let key = if i % 3 == 0 { r & !0x7F0 } else { r };
            let value = if r % 2 == 0 {
                Stored::Fail
            } else {
                Stored::NoProofWithin(r as u32 % 50)
            };
            let work = next() % 1000;
            small.store(key, value, work, 0);
            usual.store(key, value, work, 0);
            keys.push(key);
            if i % 200 == 0 || i < 300 {
                for &k in &keys {
                    assert_eq!(
                        small.probe(k),
                        usual.probe(k),
                        "after {i} stores, key {k:x}"
                    );
                }
            }
        }
        assert_eq!(small.stored, usual.stored);
        assert!(usual.stored < keys.len(), "some entries were dropped");
    }

    #[test]
    fn stores_probes_and_replaces_the_cheaper_entry() {
        let mut tt = TranspositionTable::with_capacity(2);
        let win = Stored::Win {
            zone: Zone::new(),
            best: Some(Move::Play(Point::new(1, 1))),
            dist: 3,
        };
        tt.store(1, win, 10);
        tt.store(3, Stored::Fail, 5);
        assert_eq!(tt.probe(1), Some(win));
        assert_eq!(tt.probe(3), Some(Stored::Fail));
        // A third key in the single bucket evicts the cheaper entry.
        tt.store(5, Stored::NoProofWithin(4), 7);
        assert_eq!(tt.probe(3), None);
        assert_eq!(tt.probe(1), Some(win));
        // A bound never overwrites a proof of the same key.
        tt.store(1, Stored::NoProofWithin(9), 100);
        assert_eq!(tt.probe(1), Some(win));
        assert_eq!(tt.len(), 2);
    }

    #[test]
    fn a_table_allocates_its_first_size_at_its_first_store() {
        let mut tt = TranspositionTable::with_capacity(1 << 20);
        assert_eq!((tt.memory_bytes(), tt.probe(7)), (0, None));
        tt.store(7, Stored::Fail, 1);
        assert_eq!(tt.probe(7), Some(Stored::Fail));
        assert_eq!(
            tt.memory_bytes(),
            2 * INITIAL_BUCKETS * TranspositionTable::SLOT_BYTES
        );
    }

    #[test]
    fn the_table_grows_to_its_capacity_and_keeps_its_entries() {
        let mut tt = TranspositionTable::with_capacity(1 << 16);
        let start = tt.memory_bytes();
        for k in 0..20_000u64 {
            tt.store(k.wrapping_mul(0x9E37_79B9_7F4A_7C15), Stored::Fail, k);
        }
        assert!(tt.memory_bytes() > start);
        assert_eq!(
            tt.memory_bytes(),
            (1 << 16) * TranspositionTable::SLOT_BYTES
        );
        let found = (0..20_000u64)
            .filter(|k| tt.probe(k.wrapping_mul(0x9E37_79B9_7F4A_7C15)).is_some())
            .count();
        assert_eq!(found, 20_000);
    }

    #[test]
    fn a_shared_table_shares_proofs_and_keeps_each_threads_numbers() {
        let mut own = TranspositionTable::with_capacity(1 << 20);
        own.store(5, Stored::Fail, 1);
        let mut main = own.into_shared();
        assert_eq!(
            main.probe(5),
            Some(Stored::Fail),
            "entries move to the shared table"
        );
        let mut helper = main.handle(1).unwrap();
        assert!(TranspositionTable::with_capacity(4).handle(1).is_none());
        let (mine, theirs) = (
            Stored::Bounds { pn: 3, dn: 4 },
            Stored::Bounds { pn: 9, dn: 9 },
        );
        main.store(7, mine, 10);
        assert_eq!(
            helper.probe(7),
            None,
            "the main thread's numbers are its own"
        );
        helper.store(7, theirs, 10);
        assert_eq!(main.probe(7), Some(mine), "a helper never overwrites them");
        helper.store(8, theirs, 1);
        assert_eq!((main.probe(8), helper.probe(8)), (None, Some(theirs)));
        helper.store(7, Stored::Fail, 5);
        assert_eq!(main.probe(7), Some(Stored::Fail), "proofs are everyone's");
        // Two threads storing at once: every proof is found by the other. The keys are spread
        // over every shard (top bits) and every bucket of a shard's first size (low bits), two
        // to a bucket at most, so the table keeps them all.
        let key = |t: u64, shard: u64, b: u64| shard << 58 | (t * 16 + b + 1);
        std::thread::scope(|s| {
            for t in 0..2u8 {
                let mut h = main.handle(t).unwrap();
                s.spawn(move || {
                    for shard in 0..64 {
                        for b in 0..16 {
                            h.store(key(u64::from(t), shard, b), Stored::Fail, 1);
                        }
                    }
                });
            }
        });
        let found = (0..2)
            .flat_map(|t| (0..64).flat_map(move |shard| (0..16).map(move |b| key(t, shard, b))))
            .filter(|&k| helper.probe(k) == Some(Stored::Fail))
            .count();
        assert_eq!(found, 2 * 64 * 16);
        assert!(main.len() >= 2 * 64 * 16);
    }

    #[test]
    fn keys_tell_passes_and_sides_apart() {
        let b = Board::new(5);
        let keys = [
            node_key(&b, Color::Black, false),
            node_key(&b, Color::Black, true),
            node_key(&b, Color::White, false),
        ];
        assert_ne!(keys[0], keys[1]);
        assert_ne!(keys[0], keys[2]);
    }
}
