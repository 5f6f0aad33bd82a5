//! The engines and the run choices users pick from: the one place that lists them. A new
//! engine is its own module of [`super`] implementing [`SearchEngine`] and defining its
//! description and handle (`static INFO: EngineInfo`, `Engine::NAME`), plus one line of
//! [`ENGINES`] here. The command line's `--engine` values and the studio's engine row are
//! [`choices`]: every engine, then the portfolio ([`super::portfolio`]).

pub use super::choice::{Choice, EngineChoice};
use super::portfolio::MctsGuide;
use super::search_engine::SearchEngine;
pub use crate::solver::kernel::config::SolveConfig;
pub use crate::solver::kernel::engine::{Capabilities, Engine, EngineInfo, ProgressForm};
use crate::solver::knowledge::guide::GuideHandle;

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
        .expect("every engine is registered in ENGINES")
}

impl Engine {
    /// The engine named `name` ([`Engine::name`]).
    pub fn from_name(name: &str) -> Option<Engine> {
        all().find(|i| i.name == name).map(|i| i.id)
    }
}

/// The engine of a solve unless its settings name another: depth-first.
impl Default for Engine {
    fn default() -> Engine {
        Engine::DFS
    }
}

impl<'de> serde::Deserialize<'de> for Engine {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Engine, D::Error> {
        let name = String::deserialize(d)?;
        Engine::from_name(&name).ok_or_else(|| {
            let names: Vec<&str> = all().map(|i| i.name).collect();
            serde::de::Error::custom(format!(
                "unknown engine {name:?} (one of {})",
                names.join(", ")
            ))
        })
    }
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
    /// The searches a run of this choice races on each claim: `base` with the engine, or the
    /// portfolio's lanes ([`super::portfolio::lanes`]: df-pn without a guide, MCTS with
    /// `mcts_guide`, asked only for the portfolio: it may load a net). The first lane's
    /// settings are the run's.
    pub fn lanes(
        self,
        base: &SolveConfig,
        mcts_guide: impl FnOnce() -> Option<GuideHandle>,
    ) -> Vec<SolveConfig> {
        match self {
            EngineChoice::One(engine) => vec![SolveConfig {
                engine,
                ..base.clone()
            }],
            EngineChoice::Portfolio => super::portfolio::lanes(base, mcts_guide()).to_vec(),
        }
    }

    /// A run of this choice with `base`'s settings in words (a reproduction file's, a kept
    /// result's key): [`SolveConfig::describe`] of the engine, or the portfolio's
    /// ([`super::portfolio::describe`], naming what guides its MCTS lane).
    pub fn describe(self, base: &SolveConfig, mcts: MctsGuide) -> String {
        match self {
            EngineChoice::One(engine) => SolveConfig {
                engine,
                ..base.clone()
            }
            .describe(),
            EngineChoice::Portfolio => super::portfolio::describe(base, mcts),
        }
    }

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
        assert_eq!(EngineChoice::Portfolio.first_engine(), Engine::DFPN);
        assert_eq!(
            EngineChoice::Portfolio.info().engines,
            [Engine::DFPN, Engine::MCTS]
        );
        assert!(EngineChoice::Portfolio.uses_guide());
        assert!(!EngineChoice::One(Engine::DFS).uses_guide());
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
