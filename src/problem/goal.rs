//! What a problem asks: the [`Goal`] of the OR player, the [`KoRule`] of each side and the expected
//! [`Outcome`].
//!
//! Vocabulary: the **OR player** is the side trying to achieve the goal (in a proof tree its nodes
//! are OR nodes: one good move suffices); the **defender** is the side whose stones try to live; the
//! **attacker** is the other side. For [`Goal::Live`] and [`Goal::LiveAny`] the OR player defends;
//! for [`Goal::Kill`] and [`Goal::KillAll`] it attacks.

use crate::go::Color;
use serde::{Deserialize, Serialize};
use std::fmt;

/// The goal of the OR player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Goal {
    /// The OR player (the defender) wins as soon as any crucial stone becomes safe, and fails when
    /// every crucial stone has been captured. The crucial stones are the OR player's.
    Live,
    /// Kill-all seen from the defender (7x7 Killall-Go): the OR player wins when any of its stones
    /// becomes safe. No crucial stones are needed.
    LiveAny,
    /// [`Goal::Live`] seen from the attacker: the OR player wins when every crucial stone (of the
    /// opponent) has been captured, and fails when any of them becomes safe.
    Kill,
    /// [`Goal::LiveAny`] seen from the attacker: the OR player wins when no stone of the opponent
    /// can become safe.
    KillAll,
}

impl Goal {
    pub const ALL: [Goal; 4] = [Goal::Live, Goal::LiveAny, Goal::Kill, Goal::KillAll];

    /// The same problem claimed by the other side: `Live` ↔ `Kill`, `LiveAny` ↔ `KillAll`.
    pub fn opposite(self) -> Goal {
        match self {
            Goal::Live => Goal::Kill,
            Goal::LiveAny => Goal::KillAll,
            Goal::Kill => Goal::Live,
            Goal::KillAll => Goal::LiveAny,
        }
    }

    /// True for `Live` and `LiveAny`: the OR player is the defender.
    pub fn or_defends(self) -> bool {
        matches!(self, Goal::Live | Goal::LiveAny)
    }

    /// True for `Live` and `Kill`, whose result is decided by the crucial stones (at least one is
    /// required). `LiveAny` and `KillAll` are about every stone of the defender.
    pub fn needs_crucial_stones(self) -> bool {
        matches!(self, Goal::Live | Goal::Kill)
    }

    /// The defender (the side whose stones try to live) when `or_player` pursues this goal.
    pub fn defender(self, or_player: Color) -> Color {
        if self.or_defends() {
            or_player
        } else {
            or_player.opponent()
        }
    }

    /// The name used in files: `live`, `live-any`, `kill`, `kill-all` (SGF `TSGOAL`, JSON, CLI).
    pub fn name(self) -> &'static str {
        match self {
            Goal::Live => "live",
            Goal::LiveAny => "live-any",
            Goal::Kill => "kill",
            Goal::KillAll => "kill-all",
        }
    }

    /// Parse a [`Goal::name`] (exact, lower case).
    pub fn from_name(s: &str) -> Option<Goal> {
        Goal::ALL.into_iter().find(|g| g.name() == s)
    }

    /// The search-goal name of the research JSON format: `TOLIVE`, `TOLIVE_ANY`, `TOKILL`,
    /// `TOKILL_ALL`.
    pub fn research_name(self) -> &'static str {
        match self {
            Goal::Live => "TOLIVE",
            Goal::LiveAny => "TOLIVE_ANY",
            Goal::Kill => "TOKILL",
            Goal::KillAll => "TOKILL_ALL",
        }
    }

    /// Parse a [`Goal::research_name`] (exact).
    pub fn from_research_name(s: &str) -> Option<Goal> {
        Goal::ALL.into_iter().find(|g| g.research_name() == s)
    }
}

impl fmt::Display for Goal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Whether a side may win by relying on ko.
///
/// With `Disallow` (the OR player's rule in the research set) a result that needs that side to win
/// a ko counts as a failure for it; with `Allow` (the opponent's rule) the side may fight kos.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum KoRule {
    Allow,
    Disallow,
}

impl KoRule {
    /// `allow` / `disallow` (SGF `TSKOB`/`TSKOW`).
    pub fn name(self) -> &'static str {
        match self {
            KoRule::Allow => "allow",
            KoRule::Disallow => "disallow",
        }
    }

    pub fn from_name(s: &str) -> Option<KoRule> {
        match s {
            "allow" => Some(KoRule::Allow),
            "disallow" => Some(KoRule::Disallow),
            _ => None,
        }
    }

    /// `allow_ko` / `disallow_ko` (research JSON `black_ko_rule`/`white_ko_rule`).
    pub fn research_name(self) -> &'static str {
        match self {
            KoRule::Allow => "allow_ko",
            KoRule::Disallow => "disallow_ko",
        }
    }

    pub fn from_research_name(s: &str) -> Option<KoRule> {
        match s {
            "allow_ko" => Some(KoRule::Allow),
            "disallow_ko" => Some(KoRule::Disallow),
            _ => None,
        }
    }

    /// The default of the research set: the OR player must win without ko, its opponent may
    /// fight ko.
    pub fn default_for(side: Color, or_player: Color) -> KoRule {
        if side == or_player {
            KoRule::Disallow
        } else {
            KoRule::Allow
        }
    }
}

impl fmt::Display for KoRule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The result of a problem for its OR player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Outcome {
    /// The OR player achieves the goal (with best play, moving as the problem says).
    Win,
    /// The OR player cannot achieve the goal.
    Fail,
}

impl Outcome {
    /// The same result seen by the other side.
    pub fn opposite(self) -> Outcome {
        match self {
            Outcome::Win => Outcome::Fail,
            Outcome::Fail => Outcome::Win,
        }
    }

    /// `win` / `fail` (SGF `TSRESULT`).
    pub fn name(self) -> &'static str {
        match self {
            Outcome::Win => "win",
            Outcome::Fail => "fail",
        }
    }

    pub fn from_name(s: &str) -> Option<Outcome> {
        match s {
            "win" => Some(Outcome::Win),
            "fail" => Some(Outcome::Fail),
            _ => None,
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for g in Goal::ALL {
            assert_eq!(Goal::from_name(g.name()), Some(g));
            assert_eq!(Goal::from_research_name(g.research_name()), Some(g));
            assert_eq!(g.opposite().opposite(), g);
            assert_ne!(g.or_defends(), g.opposite().or_defends());
            assert_eq!(
                g.needs_crucial_stones(),
                g.opposite().needs_crucial_stones()
            );
            for c in Color::ALL {
                assert_eq!(g.defender(c), g.opposite().defender(c.opponent()));
            }
        }
        for k in [KoRule::Allow, KoRule::Disallow] {
            assert_eq!(KoRule::from_name(k.name()), Some(k));
            assert_eq!(KoRule::from_research_name(k.research_name()), Some(k));
        }
        for o in [Outcome::Win, Outcome::Fail] {
            assert_eq!(Outcome::from_name(o.name()), Some(o));
        }
        assert_eq!(Goal::from_name("Live"), None);
        assert_eq!(Goal::from_research_name("TOLIVE "), None);
        assert_eq!(
            serde_json::to_string(&Goal::LiveAny).ok().as_deref(),
            Some("\"live-any\"")
        );
    }
}
