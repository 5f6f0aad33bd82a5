//! What makes two claims the same game: the key of the transposition tables kept between
//! solves (`solver/kernel/table_pool.rs`) and of the pattern store's sections
//! (`solver/knowledge/pattern_store.rs`).

use crate::go::{ByColor, Color, Zone};
use crate::problem::{Goal, KoRule, Problem};

/// The game a solve plays, whatever its position: two solves with the same rules key may use
/// each other's proven wins. The one definition of a solve's context, for the solver's kept
/// tables (which add the search's own switches) and the pattern store's sections.
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
    /// The rules key of `problem`'s claim.
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
