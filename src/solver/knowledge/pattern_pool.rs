//! Pattern tables kept warm between the solves of a process that runs many jobs of the same
//! games ([`PatternPool`], the worker's: [`crate::solver::jobs::job::Worker`]), as
//! [`crate::solver::TablePool`] keeps transposition tables: the table a solve ends with is the
//! next solve's of the same game ([`RulesKey`]), with no copy in between. A
//! [`PatternStore`] seeds and merges a table at every solve (a copy of the game's section, its
//! images under the board's symmetries, and the whole table merged back): through a store, the
//! jobs of 1 M nodes on research 7x7 problem 8 took 9.1 s where they take 7.6 s without a
//! table kept, and the proof 160 jobs and 742 s; through this pool, 14 jobs and 71 s
//! (BENCHMARKS, "Proofs split into jobs").
//!
//! Wins sent by others ([`PatternPool::load`], the manager's snapshots) go into the tables of
//! the games they are of, and are kept to seed a game's table when the pool first meets it
//! (with the regions and symmetries [`PatternStore::seed`] serves).

use crate::problem::{Problem, RulesKey};
use crate::solver::kernel::table_pool::evict_oldest;
use crate::solver::knowledge::pattern_store::PatternStore;
use crate::solver::knowledge::pattern_table::PatternTable;
use std::collections::HashMap;

/// See the module documentation.
pub struct PatternPool {
    /// Each game's table and when it was last given back.
    tables: HashMap<RulesKey, (u64, PatternTable)>,
    /// Every win loaded, to seed the games met later.
    loaded: PatternStore,
    max_entries: usize,
    clock: u64,
}

impl PatternPool {
    /// Most tables kept at once (the least recently used dropped past it).
    pub const MAX_TABLES: usize = 4;

    /// A pool of tables bounded by `max_entries` each.
    pub fn new(max_entries: usize) -> PatternPool {
        PatternPool {
            tables: HashMap::new(),
            loaded: PatternStore::new(max_entries),
            max_entries,
            clock: 0,
        }
    }

    /// The table for a solve of `problem`: its game's, taken out of the pool (give it back
    /// with [`PatternPool::give_back`]), else one seeded from the wins loaded, else an empty
    /// one.
    pub fn take(&mut self, problem: &Problem) -> PatternTable {
        match self.tables.remove(&RulesKey::of(problem)) {
            Some((_, table)) => table,
            None => self
                .loaded
                .seed(problem, self.max_entries)
                .unwrap_or_else(|| PatternTable::new(self.max_entries)),
        }
    }

    /// Keep `table` for the next solve of `problem`'s game (a disabled table, as a solve run
    /// again without its table leaves, is not kept: the game starts afresh).
    pub fn give_back(&mut self, problem: &Problem, mut table: PatternTable) {
        if !table.is_enabled() {
            return;
        }
        if self.tables.len() >= Self::MAX_TABLES {
            evict_oldest(&mut self.tables);
        }
        self.clock += 1;
        table.reset_stats();
        self.tables
            .insert(RulesKey::of(problem), (self.clock, table));
    }

    /// Add the wins of `store` to the tables of their games, and keep them for the games met
    /// later.
    pub fn load(&mut self, store: &PatternStore) {
        for (rules, (_, table)) in &mut self.tables {
            if let Some(section) = store.section(rules) {
                table.absorb(section);
            }
        }
        self.loaded.absorb_store(store);
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::problem::load_inferring;
    use crate::solver::{SolveConfig, Solver};

    fn bundled(name: &str) -> Problem {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("problems")
            .join(name);
        load_inferring(&path).unwrap().problem
    }

    /// A solve of `problem` with `table`: the table it ends with.
    fn solved_with(problem: &Problem, table: PatternTable) -> PatternTable {
        let mut solver = Solver::new(problem, SolveConfig::default());
        solver.set_patterns(table);
        solver.solve();
        solver.take_patterns()
    }

    #[test]
    fn a_game_gets_its_table_back_and_loaded_wins_reach_every_table() {
        let problem = bundled("03-bent-three-kill.sgf");
        let mut pool = PatternPool::new(1 << 16);
        let first = pool.take(&problem);
        assert!(first.is_empty() && first.is_enabled());
        let table = solved_with(&problem, first);
        let wins = table.wins();
        assert!(wins > 0);
        pool.give_back(&problem, table);
        assert_eq!(pool.take(&problem).wins(), wins, "the same table");
        // Taken and not given back: gone. Wins loaded from a store seed a new table and go
        // into the tables kept.
        let mut store = PatternStore::new(1 << 16);
        store.merge(&problem, &solved_with(&problem, PatternTable::new(1 << 16)));
        pool.load(&store);
        assert_eq!(pool.take(&problem).wins(), wins);
        let other = bundled("01-straight-three-kill.sgf");
        pool.give_back(&other, PatternTable::new(1 << 16));
        pool.load(&store);
        assert_eq!(pool.take(&other).wins(), 0, "another game's wins stay out");
        // A disabled table is not kept.
        pool.give_back(&problem, PatternTable::disabled());
        assert_eq!(
            pool.take(&problem).wins(),
            wins,
            "seeded again from the store"
        );
    }
}
