//! Transposition tables kept between solves of one job ([`TablePool`]): judging every first move
//! of a problem, or trying one claim with several search widths, solves many positions of the
//! same claim, and what one solve proved is a table hit for the next.
//!
//! A table's entries are results of one claim's rules: the OR player, the goal, the crucial
//! stones, the region, both ko rules, superko and the OR width (a bound found with forward
//! pruning is no bound of a full search). The pool keys its tables by all of these, so a table
//! is only ever reused by a solve of the same game from another position.
//!
//! Two flags of a solve are not stored with its entries: whether an OR ko capture was refused
//! and whether an OR play was banned by a ko somewhere in the search (they decide whether
//! [`crate::solver::jobs::analysis`] tries the ko variants). A table hit would hide them, so the pool
//! remembers them per table and a solve with a reused table reports them when any earlier solve
//! on that table saw them: at worst one ko search too many, never one too few.

use crate::go::Zone;
use crate::problem::{Problem, RulesKey};
use crate::solver::kernel::config::SolveConfig;
use crate::solver::kernel::ko_flags::KoFlags;
use crate::solver::kernel::tt::TranspositionTable;
use std::collections::HashMap;
use std::hash::Hash;
use std::sync::{Arc, Mutex, PoisonError};

/// What makes two solves' table entries interchangeable: the rules, superko and the OR width.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct TableKey {
    rules: RulesKey,
    superko: bool,
    or_width: Option<usize>,
    /// A constrained solve's failures hold only under its constraint.
    forbidden: Zone,
}

impl TableKey {
    fn of(problem: &Problem, config: &SolveConfig) -> TableKey {
        TableKey {
            rules: RulesKey::of(problem),
            superko: config.superko,
            or_width: config.or_width,
            forbidden: config.forbidden_zone,
        }
    }
}

/// A table lent to a solve, and the ko flags seen on it so far.
pub struct PooledTable {
    pub table: TranspositionTable,
    pub ko: KoFlags,
}

/// Tables kept between the solves of one job, at most one per claim's rules (see the module
/// documentation). Bounded: each table is bounded by its configuration's `tt_entries`, and the
/// pool drops its oldest table when it holds [`TablePool::MAX_TABLES`].
///
/// Pools made together by [`TablePool::shared`] (the lanes of a portfolio, each on its own
/// thread) lend every solve of the same rules a handle of one table shared by all of them
/// ([`TranspositionTable::into_shared`]): what one lane proves ends the other's search of that
/// position at its next probe, and the ko flags travel with the table
/// ([`TranspositionTable::ko_seen`]).
#[derive(Default)]
pub struct TablePool {
    tables: HashMap<TableKey, (u64, PooledTable)>,
    clock: u64,
    shared: Option<SharedTables>,
}

/// The tables of pools made together, and this pool's thread index in them.
struct SharedTables {
    tables: Arc<Mutex<HashMap<TableKey, (u64, TranspositionTable)>>>,
    thread: u8,
}

impl TablePool {
    /// Most tables kept at once (one job rarely needs more than two claims × three ko rules ×
    /// two widths).
    pub const MAX_TABLES: usize = 8;

    pub fn new() -> TablePool {
        TablePool::default()
    }

    /// `count` pools (at most 255) whose solves of the same rules share one table (see
    /// [`TablePool`]); pool `i` is thread `i` of the shared tables (the first keeps its own
    /// search numbers untroubled by the others', as a parallel df-pn's main thread does).
    pub fn shared(count: usize) -> Vec<TablePool> {
        let tables = Arc::default();
        (0..count.min(255))
            .map(|i| TablePool {
                shared: Some(SharedTables {
                    tables: Arc::clone(&tables),
                    thread: i as u8,
                }),
                ..TablePool::default()
            })
            .collect()
    }

    /// The table for a solve of `problem` under `config`: the one kept for the same rules, or a
    /// new one.
    pub fn take(&mut self, problem: &Problem, config: &SolveConfig) -> PooledTable {
        if let Some(shared) = &self.shared {
            let mut tables = shared.tables.lock().unwrap_or_else(PoisonError::into_inner);
            if tables.len() >= Self::MAX_TABLES {
                evict_oldest(&mut tables);
            }
            self.clock += 1;
            let key = TableKey::of(problem, config);
            let (used, table) = tables.entry(key).or_insert_with(|| {
                (
                    0,
                    TranspositionTable::with_capacity(config.tt_entries).into_shared(),
                )
            });
            *used = (*used).max(self.clock);
            let table = table
                .handle(shared.thread)
                .expect("the pool's tables are shared ones");
            let ko = table.ko_seen();
            return PooledTable { table, ko };
        }
        match self.tables.remove(&TableKey::of(problem, config)) {
            Some((_, t)) => t,
            None => PooledTable {
                table: TranspositionTable::for_problem(config.tt_entries, problem),
                ko: KoFlags::NONE,
            },
        }
    }

    /// Keep `table` for later solves of `problem` under `config`.
    pub fn give_back(&mut self, problem: &Problem, config: &SolveConfig, table: PooledTable) {
        if self.shared.is_some() {
            // The shared table stays with the pools; the solve noted its ko flags on it.
            return;
        }
        if self.tables.len() >= Self::MAX_TABLES {
            evict_oldest(&mut self.tables);
        }
        self.clock += 1;
        self.tables
            .insert(TableKey::of(problem, config), (self.clock, table));
    }

    /// Number of tables kept (by this pool alone, or by the pools sharing its tables).
    pub fn len(&self) -> usize {
        match &self.shared {
            Some(s) => s
                .tables
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
                .len(),
            None => self.tables.len(),
        }
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Entries stored in all tables.
    pub fn entries(&self) -> usize {
        match &self.shared {
            Some(s) => s
                .tables
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
                .values()
                .map(|(_, t)| t.len())
                .sum(),
            None => self.tables.values().map(|(_, t)| t.table.len()).sum(),
        }
    }
}

/// Drop the table used least recently (its clock value the smallest).
pub(crate) fn evict_oldest<K: Clone + Eq + Hash, T>(tables: &mut HashMap<K, (u64, T)>) {
    if let Some(oldest) = tables
        .iter()
        .min_by_key(|(_, (t, _))| *t)
        .map(|(k, _)| k.clone())
    {
        tables.remove(&oldest);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::kernel::tt::Stored;

    fn bundled(name: &str) -> Problem {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("problems")
            .join(name);
        crate::problem::load(&path).expect("the bundled problem loads")
    }

    #[test]
    fn pools_made_together_share_one_table_per_rules_and_its_ko_flags() {
        let problem = bundled("03-bent-three-kill.sgf");
        let config = SolveConfig::default();
        let mut pools = TablePool::shared(2);
        let mut first = pools[0].take(&problem, &config);
        let second = pools[1].take(&problem, &config);
        first.table.store(42, Stored::Fail, 1);
        assert_eq!(second.table.probe(42), Some(Stored::Fail));
        // Each lane's own numbers stay its own.
        first.table.store(43, Stored::Bounds { pn: 2, dn: 3 }, 1);
        assert_eq!(second.table.probe(43), None);
        // A ko refusal noted by one lane is seen by the other, and by later solves.
        assert_eq!(second.table.ko_seen(), KoFlags::NONE);
        first.table.note_ko(KoFlags::from_bits(1));
        assert_eq!(second.table.ko_seen(), KoFlags::from_bits(1));
        pools[0].give_back(&problem, &config, first);
        let again = pools[1].take(&problem, &config);
        assert_eq!(again.ko, KoFlags::from_bits(1));
        assert_eq!(again.table.probe(42), Some(Stored::Fail));
        // Other rules, another table.
        let seki = problem.clone().with_seki(!problem.goal().seki_is_life());
        assert_eq!(pools[1].take(&seki, &config).table.probe(42), None);
        assert_eq!(pools[0].len(), 2);
        // An own pool shares nothing.
        let mut own = TablePool::new();
        let mine = own.take(&problem, &config);
        assert_eq!(mine.table.probe(42), None);
        mine.table.note_ko(KoFlags::from_bits(3));
        assert_eq!(mine.table.ko_seen(), KoFlags::NONE);
    }
}
