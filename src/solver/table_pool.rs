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
//! [`super::analysis`] tries the ko variants). A table hit would hide them, so the pool
//! remembers them per table and a solve with a reused table reports them when any earlier solve
//! on that table saw them: at worst one ko search too many, never one too few.

use super::config::SolveConfig;
use super::tt::TranspositionTable;
use crate::go::{ByColor, Color, Zone};
use crate::problem::{Goal, KoRule, Problem};
use std::collections::HashMap;

/// The game a solve plays, whatever its position: two solves with the same rules key may use
/// each other's proven wins. The one definition of a solve's context, for the pool's tables
/// ([`TableKey`] adds the search's own switches) and the sections of the pattern store
/// ([`super::pattern_store`]).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct RulesKey {
    pub size: usize,
    pub or_player: Color,
    pub goal: Goal,
    pub crucial: Zone,
    pub region: Zone,
    pub ko_rules: ByColor<KoRule>,
}

impl RulesKey {
    pub fn of(problem: &Problem) -> RulesKey {
        RulesKey {
            size: problem.size(),
            or_player: problem.or_player(),
            goal: problem.goal(),
            crucial: problem.crucial(),
            region: problem.region(),
            ko_rules: problem.ko_rules(),
        }
    }
}

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
    pub or_ko_refused: bool,
    pub or_ko_banned: bool,
}

/// Tables kept between the solves of one job, at most one per claim's rules (see the module
/// documentation). Bounded: each table is bounded by its configuration's `tt_entries`, and the
/// pool drops its oldest table when it holds [`TablePool::MAX_TABLES`].
#[derive(Default)]
pub struct TablePool {
    tables: HashMap<TableKey, (u64, PooledTable)>,
    clock: u64,
}

impl TablePool {
    /// Most tables kept at once (one job rarely needs more than two claims × three ko rules ×
    /// two widths).
    pub const MAX_TABLES: usize = 8;

    pub fn new() -> TablePool {
        TablePool::default()
    }

    /// The table for a solve of `problem` under `config`: the one kept for the same rules, or a
    /// new one.
    pub fn take(&mut self, problem: &Problem, config: &SolveConfig) -> PooledTable {
        match self.tables.remove(&TableKey::of(problem, config)) {
            Some((_, t)) => t,
            None => PooledTable {
                table: TranspositionTable::with_capacity(config.tt_entries),
                or_ko_refused: false,
                or_ko_banned: false,
            },
        }
    }

    /// Keep `table` for later solves of `problem` under `config`.
    pub fn give_back(&mut self, problem: &Problem, config: &SolveConfig, table: PooledTable) {
        if self.tables.len() >= Self::MAX_TABLES {
            if let Some(oldest) = self
                .tables
                .iter()
                .min_by_key(|(_, (t, _))| *t)
                .map(|(k, _)| k.clone())
            {
                self.tables.remove(&oldest);
            }
        }
        self.clock += 1;
        self.tables
            .insert(TableKey::of(problem, config), (self.clock, table));
    }

    /// Number of tables kept.
    pub fn len(&self) -> usize {
        self.tables.len()
    }

    pub fn is_empty(&self) -> bool {
        self.tables.is_empty()
    }

    /// Entries stored in all tables.
    pub fn entries(&self) -> usize {
        self.tables.values().map(|(_, t)| t.table.len()).sum()
    }
}
