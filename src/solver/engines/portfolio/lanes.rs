//! The portfolio's lanes: what each of its searches runs with, made from a run's settings.

use crate::solver::kernel::config::SolveConfig;
use crate::solver::kernel::engine::Engine;
use crate::solver::knowledge::guide::GuideHandle;

/// The lanes of the portfolio, in order: df-pn without the guide, then MCTS with `mcts_guide`
/// (`None`: the heuristic prior). Everything else (limits, rules, table size, threads) is
/// `base`'s; the first lane's settings are the run's.
pub fn lanes(base: &SolveConfig, mcts_guide: Option<GuideHandle>) -> [SolveConfig; 2] {
    [
        SolveConfig {
            engine: Engine::DFPN,
            guide: None,
            ..base.clone()
        },
        SolveConfig {
            engine: Engine::MCTS,
            guide: mcts_guide,
            ..base.clone()
        },
    ]
}

/// What guides the portfolio's MCTS lane, as a run's description names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MctsGuide {
    /// The heuristic prior (no net).
    Heuristic,
    /// The heuristic prior with playouts as its value.
    Playouts,
    /// A net.
    Net,
}

/// The portfolio's settings in words (for a reproduction file, a kept result): `base`'s
/// description ([`SolveConfig::describe`]) with the engine named `portfolio (df-pn; MCTS …)`.
pub fn describe(base: &SolveConfig, mcts: MctsGuide) -> String {
    let first = SolveConfig {
        engine: Engine::DFPN,
        ..base.clone()
    };
    let engine = format!("engine {}", Engine::DFPN.name());
    let portfolio = match mcts {
        MctsGuide::Heuristic => "engine portfolio (df-pn; MCTS)",
        MctsGuide::Playouts => "engine portfolio (df-pn; MCTS with playouts)",
        MctsGuide::Net => "engine portfolio (df-pn; MCTS with the net)",
    };
    first.describe().replacen(&engine, portfolio, 1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::knowledge::guide::HeuristicGuide;

    #[test]
    fn the_lanes_are_df_pn_without_the_guide_then_mcts_with_it() {
        let base = SolveConfig {
            max_nodes: Some(7),
            guide: Some(GuideHandle::new(HeuristicGuide)),
            ..SolveConfig::default()
        };
        let guide = GuideHandle::new(HeuristicGuide);
        let [dfpn, mcts] = lanes(&base, Some(guide.clone()));
        assert_eq!(
            [dfpn.engine, mcts.engine],
            super::super::CHOICE.engines,
            "the lanes run the registry's engines in its order"
        );
        assert!(dfpn.guide.is_none());
        assert_eq!(mcts.guide, Some(guide));
        assert_eq!((dfpn.max_nodes, mcts.max_nodes), (Some(7), Some(7)));
        let [_, heuristic] = lanes(&base, None);
        assert!(heuristic.guide.is_none());
        assert!(
            describe(&base, MctsGuide::Heuristic).starts_with("engine portfolio (df-pn; MCTS),")
        );
        assert!(describe(&SolveConfig::default(), MctsGuide::Net)
            .starts_with("engine portfolio (df-pn; MCTS with the net),"));
    }
}
