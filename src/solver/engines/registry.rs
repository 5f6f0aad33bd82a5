//! The engines, their names and what each can do, and the run choices users pick from: the one
//! place that lists them. A new engine is its own module of [`super`] implementing
//! [`SearchEngine`], plus lines of this file only: a variant of [`Engine`] and one line of
//! [`ENGINES`]. The command line's `--engine` values and the studio's engine row are
//! [`choices`]: every engine, then the portfolio ([`super::portfolio`]).

use crate::go::{Board, Color};
pub use crate::solver::kernel::progress::ProgressForm;
use crate::solver::kernel::search::{Solution, Solver, Value};

/// The search algorithm of a solve. All search the same game with the same zones, dilation,
/// table and proof trees. What each is called and can do is its [`EngineInfo`]
/// ([`Engine::name`], [`Engine::capabilities`]). Saved as its name (`dfs`, `dfpn`, …).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Engine {
    /// Depth-first AchieveGoal with iterative deepening ([`super::dfs`]).
    #[default]
    Dfs,
    /// Best-first: depth-first proof-number search over relevance zones ([`super::dfpn`]).
    Dfpn,
    /// Best-first: Monte Carlo tree search with PUCT and the RZS paper's relevance-zone backup
    /// ([`super::mcts`]), guided by `SolveConfig::guide`.
    Mcts,
    /// Plain AND/OR search without zones, for tiny regions ([`super::exhaustive`]).
    Exhaustive,
}

/// A search algorithm over the kernel ([`Solver`]): it runs a claim and says what it can do.
pub(in crate::solver) trait SearchEngine: Sync {
    /// Its name, label and capabilities.
    fn info(&self) -> &'static EngineInfo;

    /// Search the solver's claim from its root until proven or a limit is reached, and conclude
    /// ([`Solver::conclude`]: the proof of a win is extracted there).
    fn solve(&self, solver: &mut Solver<'_>) -> Solution;

    /// A win of the OR player at this node within `bound` plies, for proof extraction: a table
    /// hit, or a new search of the node when the table lost the entry.
    fn win_within(
        &self,
        solver: &mut Solver<'_>,
        board: &mut Board,
        to_move: Color,
        passed: bool,
        bound: u32,
    ) -> Value;
}

/// What the studio and the command line show of an engine.
#[derive(Debug)]
pub struct EngineInfo {
    pub id: Engine,
    /// The name on the command line and in files: `dfs`, `dfpn`, …
    pub name: &'static str,
    /// The name in the studio: `depth-first`, `df-pn`, …
    pub label: &'static str,
    /// What it does, in a sentence or three (the studio's hover text).
    pub description: &'static str,
    pub capabilities: Capabilities,
}

/// What an engine can do.
#[derive(Clone, Copy, Debug)]
pub struct Capabilities {
    /// Several threads search one claim, sharing its table (`SolveConfig::threads`).
    pub threads: bool,
    /// A guide (a net, playouts) orders its moves or values its nodes.
    pub guide: bool,
    /// It honours a forbidden zone (`SolveConfig::forbidden_zone`, relevance-zone reduction).
    pub forbidden_zone: bool,
    /// It searches the attacker's pass first as an explicit null move (`SolveConfig::null_moves`).
    pub null_moves: bool,
    /// The automatic width (`Width::Auto`) searches narrow turns with it; engines whose own
    /// costs keep them on the best moves search at full width.
    pub narrow_turns: bool,
    /// Proof extraction orders an AND node's moves by the answers already proven (best-first
    /// tables hold many); else in the must-play order.
    pub ordered_extraction: bool,
    /// The largest region (empty points) it accepts; a larger one ends unsupported.
    pub max_region: Option<usize>,
    /// What its progress events report.
    pub progress: ProgressForm,
}

/// Every engine, in the order the studio offers them.
pub(in crate::solver) static ENGINES: &[&dyn SearchEngine] = &[
    &super::dfs::Dfs,
    &super::dfpn::Dfpn,
    &super::mcts::Mcts,
    &super::exhaustive::Exhaustive,
];

/// What every engine is called and can do, in the order the studio offers them.
pub fn all() -> impl Iterator<Item = &'static EngineInfo> {
    ENGINES.iter().map(|e| e.info())
}

/// The engine `id`.
pub(in crate::solver) fn engine(id: Engine) -> &'static dyn SearchEngine {
    *ENGINES
        .iter()
        .find(|e| e.info().id == id)
        .expect("every Engine variant is registered in ENGINES")
}

impl Engine {
    /// Its name on the command line and in files (`dfs`, `dfpn`, `mcts`, `exhaustive`).
    pub fn name(self) -> &'static str {
        engine(self).info().name
    }

    /// What it can do.
    pub fn capabilities(self) -> Capabilities {
        engine(self).info().capabilities
    }

    /// Its name, label, description and capabilities.
    pub fn info(self) -> &'static EngineInfo {
        engine(self).info()
    }

    /// The engine named `name` ([`Engine::name`]).
    pub fn from_name(name: &str) -> Option<Engine> {
        all().find(|i| i.name == name).map(|i| i.id)
    }
}

/// What a user runs: one engine, or the portfolio (df-pn and MCTS raced,
/// [`super::portfolio`]). Saved as its name ([`EngineChoice::name`]), so settings that saved an
/// [`Engine`] read back as the same engine.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EngineChoice {
    /// One engine of [`ENGINES`].
    One(Engine),
    /// df-pn without the guide and MCTS with it, raced on one shared table
    /// ([`super::portfolio`]).
    Portfolio,
}

/// A run choice as the command line and the studio offer it.
#[derive(Clone, Copy, Debug)]
pub struct Choice {
    pub id: EngineChoice,
    /// The name on the command line and in files: `dfs`, …, `portfolio`.
    pub name: &'static str,
    /// The name in the studio: `depth-first`, …, `portfolio`.
    pub label: &'static str,
    /// What it does (the studio's hover text and the CLI's help).
    pub description: &'static str,
    /// The engines it runs, the first one's settings being the run's (one engine, or the
    /// portfolio's lanes in order).
    pub engines: &'static [Engine],
}

/// Every run choice, in the order the studio and `--engine`'s help list them: the engines of
/// [`ENGINES`], then the portfolio.
pub fn choices() -> impl Iterator<Item = Choice> {
    all()
        .map(|info| Choice {
            id: EngineChoice::One(info.id),
            name: info.name,
            label: info.label,
            description: info.description,
            engines: std::slice::from_ref(&info.id),
        })
        .chain([super::portfolio::CHOICE])
}

impl EngineChoice {
    /// Its name, label, description and engines.
    pub fn info(self) -> Choice {
        choices()
            .find(|c| c.id == self)
            .expect("every EngineChoice is listed by choices()")
    }

    /// Its name on the command line and in files (`dfs`, …, `portfolio`).
    pub fn name(self) -> &'static str {
        self.info().name
    }

    /// The choice named `name` ([`EngineChoice::name`]).
    pub fn from_name(name: &str) -> Option<EngineChoice> {
        choices().find(|c| c.name == name).map(|c| c.id)
    }

    /// The engine of the run's settings: the engine, or the portfolio's first lane (df-pn).
    /// What runs where a single search is asked of the choice (the judging of every first
    /// move, relevance-zone reduction).
    pub fn first_engine(self) -> Engine {
        self.info().engines[0]
    }

    /// Whether a guide (the net) is used by one of its engines (the portfolio's MCTS lane).
    pub fn uses_guide(self) -> bool {
        self.info().engines.iter().any(|e| e.capabilities().guide)
    }
}

impl From<Engine> for EngineChoice {
    fn from(engine: Engine) -> EngineChoice {
        EngineChoice::One(engine)
    }
}

impl serde::Serialize for EngineChoice {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

impl<'de> serde::Deserialize<'de> for EngineChoice {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<EngineChoice, D::Error> {
        let name = String::deserialize(d)?;
        EngineChoice::from_name(&name).ok_or_else(|| {
            let names: Vec<&str> = choices().map(|c| c.name).collect();
            serde::de::Error::custom(format!(
                "unknown engine {name:?} (one of {})",
                names.join(", ")
            ))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_engine_is_registered_once_under_its_own_name() {
        for e in ENGINES {
            let info = e.info();
            assert_eq!(engine(info.id).info().name, info.name);
            assert_eq!(Engine::from_name(info.name), Some(info.id));
        }
        let mut names: Vec<_> = ENGINES.iter().map(|e| e.info().name).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), ENGINES.len());
    }

    #[test]
    fn every_choice_is_listed_once_under_its_own_name() {
        let listed: Vec<Choice> = choices().collect();
        for c in &listed {
            assert_eq!(EngineChoice::from_name(c.name), Some(c.id), "{}", c.name);
            assert_eq!(c.id.name(), c.name);
            assert_eq!(
                listed.iter().filter(|o| o.id == c.id).count(),
                1,
                "{}",
                c.name
            );
            assert_eq!(listed.iter().filter(|o| o.name == c.name).count(), 1);
            assert_eq!(listed.iter().filter(|o| o.label == c.label).count(), 1);
            assert!(!c.engines.is_empty() && !c.description.is_empty());
        }
        // Every engine of the registry, in its order, then the portfolio.
        let ids: Vec<EngineChoice> = listed.iter().map(|c| c.id).collect();
        let mut expected: Vec<EngineChoice> = ENGINES
            .iter()
            .map(|e| EngineChoice::One(e.info().id))
            .collect();
        expected.push(EngineChoice::Portfolio);
        assert_eq!(ids, expected);
        assert_eq!(EngineChoice::Portfolio.first_engine(), Engine::Dfpn);
        assert_eq!(
            EngineChoice::Portfolio.info().engines,
            [Engine::Dfpn, Engine::Mcts]
        );
        assert!(EngineChoice::Portfolio.uses_guide());
        assert!(!EngineChoice::One(Engine::Dfs).uses_guide());
        assert_eq!(EngineChoice::from_name("nope"), None);
    }

    #[test]
    fn a_choice_is_saved_as_its_name_and_an_engine_reads_back_as_one() {
        for c in choices() {
            let text = serde_json::to_string(&c.id).unwrap();
            assert_eq!(text, format!("{:?}", c.name));
            assert_eq!(serde_json::from_str::<EngineChoice>(&text).unwrap(), c.id);
        }
        // An engine saved before the choices existed (as `Engine`) reads back as that engine.
        for info in all() {
            let saved = serde_json::to_string(&info.id).unwrap();
            let read: EngineChoice = serde_json::from_str(&saved).unwrap();
            assert_eq!(read, EngineChoice::One(info.id));
        }
        assert!(serde_json::from_str::<EngineChoice>("\"nope\"").is_err());
    }
}
