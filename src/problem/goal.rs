//! What a problem asks: the [`Goal`] of the OR player, the [`KoRule`] of each side and the expected
//! [`Outcome`].
//!
//! Vocabulary: the **OR player** is the side trying to achieve the goal (in a proof tree its nodes
//! are OR nodes: one good move suffices); the **defender** is the side whose stones try to live; the
//! **attacker** is the other side. For [`Goal::Live`], [`Goal::LiveUca`] and [`Goal::LiveAny`] the
//! OR player defends; for [`Goal::Kill`], [`Goal::KillUca`] and [`Goal::KillAll`] it attacks.

use crate::go::Color;
use serde::{Deserialize, Serialize};
use std::fmt;

/// The goal of the OR player.
///
/// Two families: **life as Go players mean it** (`live`/`kill`, `live-any-seki`/`kill-all-seki`:
/// the defender's stones are never all captured, so seki is life; the game ends when both sides
/// pass in a row, and the defender has lived if a crucial stone (any stone of it, for the kill-all
/// pair) is still on the board), and the **research goals** of the RZS paper (`live-uca`/`kill-uca`,
/// `live-any`/`kill-all`: only Benson's unconditional life counts, and two passes in a row leave
/// the defender dead).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Goal {
    /// The OR player (the defender) keeps a crucial stone on the board for ever: it wins when a
    /// crucial stone becomes unconditionally alive or when the game ends by two passes with a
    /// crucial stone on the board (seki is life), and fails when every crucial stone has been
    /// captured.
    Live,
    /// The paper's life: the OR player (the defender) wins as soon as any crucial stone becomes
    /// unconditionally alive (Benson), and fails when every crucial stone has been captured or
    /// the game ends by two passes first (seki is not enough).
    LiveUca,
    /// Kill-all seen from the defender (7x7 Killall-Go): the OR player wins when any of its stones
    /// becomes unconditionally alive. No crucial stones are needed.
    LiveAny,
    /// [`Goal::Live`] seen from the attacker: the OR player wins when every crucial stone (of the
    /// opponent) has been captured; a seki is not a kill.
    Kill,
    /// [`Goal::LiveUca`] seen from the attacker: the OR player wins when no crucial stone can
    /// reach unconditional life (every one captured, or the game ended by two passes first).
    KillUca,
    /// [`Goal::LiveAny`] seen from the attacker: the OR player wins when no stone of the opponent
    /// can become safe.
    KillAll,
    /// Kill-all as Go players play it (7x7 Killall-Go with seki as life, the seki-database
    /// paper): the OR player (the defender) wins when any of its stones becomes unconditionally
    /// alive, when a seki keeps one of its blocks on the board for ever, or when the game ends by
    /// two passes with a stone of it on the board. No crucial stones are needed.
    LiveAnySeki,
    /// [`Goal::LiveAnySeki`] seen from the attacker: the OR player wins when the game ends by two
    /// passes with no stone of the opponent on the board.
    KillAllSeki,
    /// Every crucial block lives (the safety of an area's boundary, as the open-boundary safety
    /// solver asks it): the OR player (the defender) wins when every crucial stone is
    /// unconditionally alive or the game ends by two passes with every crucial stone on the
    /// board (seki is life), and fails as soon as any crucial stone has been captured.
    LiveAll,
    /// [`Goal::LiveAll`] with the paper's unconditional life: every crucial stone must become
    /// unconditionally alive; two passes first are a failure.
    LiveAllUca,
    /// [`Goal::LiveAll`] seen from the attacker: the OR player wins as soon as it captures any
    /// crucial stone; a seki keeping every crucial block is no capture.
    KillAny,
    /// [`Goal::LiveAllUca`] seen from the attacker: the OR player wins when some crucial stone
    /// cannot reach unconditional life (it is captured, or the game ends by two passes first).
    KillAnyUca,
    /// The one-eye problem of Kishimoto and Müller (df-pn for the one-eye problem): the OR player
    /// (the defender) wins when it has made an eye in the region connected to every crucial
    /// stone (a point of the region whose neighbours are the defender's stones, and all but one
    /// of its diagonal neighbours, none at the edge: Kierulf's safe eye, whose block then holds
    /// every crucial stone); it fails as soon as any crucial stone has been captured, or when the
    /// game ends by two passes without such an eye. The crucial stones are taken to have one
    /// safe eye outside the region already, so one more is life.
    OneEye,
    /// [`Goal::OneEye`] seen from the attacker: the OR player wins by capturing any crucial
    /// stone or by keeping the defender from an eye (the game ends by two passes without one).
    NoEye,
}

impl Goal {
    pub const ALL: [Goal; 14] = [
        Goal::Live,
        Goal::LiveUca,
        Goal::LiveAny,
        Goal::LiveAnySeki,
        Goal::LiveAll,
        Goal::LiveAllUca,
        Goal::Kill,
        Goal::KillUca,
        Goal::KillAll,
        Goal::KillAllSeki,
        Goal::KillAny,
        Goal::KillAnyUca,
        Goal::OneEye,
        Goal::NoEye,
    ];

    /// The same problem claimed by the other side: `Live` ↔ `Kill`, `LiveUca` ↔ `KillUca`,
    /// `LiveAny` ↔ `KillAll`, `LiveAnySeki` ↔ `KillAllSeki`, `LiveAll` ↔ `KillAny`, `LiveAllUca` ↔
    /// `KillAnyUca`.
    pub fn opposite(self) -> Goal {
        match self {
            Goal::LiveAll => Goal::KillAny,
            Goal::LiveAllUca => Goal::KillAnyUca,
            Goal::KillAny => Goal::LiveAll,
            Goal::KillAnyUca => Goal::LiveAllUca,
            Goal::Live => Goal::Kill,
            Goal::LiveUca => Goal::KillUca,
            Goal::LiveAny => Goal::KillAll,
            Goal::Kill => Goal::Live,
            Goal::KillUca => Goal::LiveUca,
            Goal::KillAll => Goal::LiveAny,
            Goal::LiveAnySeki => Goal::KillAllSeki,
            Goal::KillAllSeki => Goal::LiveAnySeki,
            Goal::OneEye => Goal::NoEye,
            Goal::NoEye => Goal::OneEye,
        }
    }

    /// True for `Live`, `LiveUca`, `LiveAny`, `LiveAnySeki`, `LiveAll` and `LiveAllUca`: the OR
    /// player is the defender.
    pub fn or_defends(self) -> bool {
        matches!(
            self,
            Goal::Live
                | Goal::LiveUca
                | Goal::LiveAny
                | Goal::LiveAnySeki
                | Goal::LiveAll
                | Goal::LiveAllUca
                | Goal::OneEye
        )
    }

    /// True for the one-eye pair (`one-eye`/`no-eye`, [`Goal::OneEye`]): the defender needs one
    /// eye connected to every crucial stone, not life.
    pub fn is_one_eye(self) -> bool {
        matches!(self, Goal::OneEye | Goal::NoEye)
    }

    /// True for the goals about every crucial block (`LiveAll`, `LiveAllUca`, `KillAny`,
    /// `KillAnyUca`): the defender lives only when every crucial stone does, and dies when any
    /// one is captured. The other crucial-stone goals are about any crucial stone.
    pub fn every_crucial_block(self) -> bool {
        matches!(
            self,
            Goal::LiveAll | Goal::LiveAllUca | Goal::KillAny | Goal::KillAnyUca
        )
    }

    /// True for the goals decided by the crucial stones (at least one is required): `Live`,
    /// `LiveUca`, `Kill`, `KillUca` and the every-block goals. The kill-all goals are about every
    /// stone of the defender.
    pub fn needs_crucial_stones(self) -> bool {
        !matches!(
            self,
            Goal::LiveAny | Goal::KillAll | Goal::LiveAnySeki | Goal::KillAllSeki
        )
    }

    /// True for `Live`, `Kill`, `LiveAnySeki`, `KillAllSeki`, `LiveAll` and `KillAny`: seki is
    /// life. A game ended by two passes in a row is then the defender's when a crucial stone (for
    /// the kill-all pair: any stone of the defender; for the every-block pair every crucial
    /// stone, which it is, since a capture ends the game first) is still on the board; for the
    /// other goals it is the attacker's (the defender did not reach unconditional life).
    pub fn seki_is_life(self) -> bool {
        matches!(
            self,
            Goal::Live
                | Goal::Kill
                | Goal::LiveAnySeki
                | Goal::KillAllSeki
                | Goal::LiveAll
                | Goal::KillAny
        )
    }

    /// The goals of Go problems: crucial stones, and seki is life (`live`/`kill`,
    /// `live-all`/`kill-any`). Their result is the Go result, the same whichever side's claim is
    /// asked (ko included); the research goals' is the claim's own.
    pub fn is_go_life(self) -> bool {
        self.seki_is_life() && self.needs_crucial_stones()
    }

    /// The same side's goal with seki counted as life (`true`) or with the paper's unconditional
    /// life (`false`).
    pub fn with_seki(self, seki_is_life: bool) -> Goal {
        match (self, seki_is_life) {
            (Goal::Live | Goal::LiveUca, true) => Goal::Live,
            (Goal::Live | Goal::LiveUca, false) => Goal::LiveUca,
            (Goal::Kill | Goal::KillUca, true) => Goal::Kill,
            (Goal::Kill | Goal::KillUca, false) => Goal::KillUca,
            (Goal::LiveAny | Goal::LiveAnySeki, true) => Goal::LiveAnySeki,
            (Goal::LiveAny | Goal::LiveAnySeki, false) => Goal::LiveAny,
            (Goal::KillAll | Goal::KillAllSeki, true) => Goal::KillAllSeki,
            (Goal::KillAll | Goal::KillAllSeki, false) => Goal::KillAll,
            (Goal::LiveAll | Goal::LiveAllUca, true) => Goal::LiveAll,
            (Goal::LiveAll | Goal::LiveAllUca, false) => Goal::LiveAllUca,
            (Goal::KillAny | Goal::KillAnyUca, true) => Goal::KillAny,
            (Goal::KillAny | Goal::KillAnyUca, false) => Goal::KillAnyUca,
            (Goal::OneEye | Goal::NoEye, _) => self,
        }
    }

    /// The same side's crucial-stone goal about every crucial block (`true`: `live` →
    /// `live-all`, `kill-uca` → `kill-any-uca`, …) or about any crucial stone (`false`). The
    /// kill-all goals have no crucial stones and stay as they are.
    pub fn with_every_block(self, every: bool) -> Goal {
        if !self.needs_crucial_stones() || self.is_one_eye() {
            return self;
        }
        let seki = self.seki_is_life();
        let goal = match (self.or_defends(), every) {
            (true, true) => Goal::LiveAll,
            (true, false) => Goal::Live,
            (false, true) => Goal::KillAny,
            (false, false) => Goal::Kill,
        };
        goal.with_seki(seki)
    }

    /// The defender (the side whose stones try to live) when `or_player` pursues this goal.
    pub fn defender(self, or_player: Color) -> Color {
        if self.or_defends() {
            or_player
        } else {
            or_player.opponent()
        }
    }

    /// What the OR player does, in one word: `lives` (a goal of the defender) or `kills`.
    pub fn verb(self) -> &'static str {
        if self.or_defends() {
            "lives"
        } else {
            "kills"
        }
    }

    /// The name used in files: `live`, `live-uca`, `live-any`, `live-any-seki`, `live-all`,
    /// `live-all-uca`, `kill`, `kill-uca`, `kill-all`, `kill-all-seki`, `kill-any`,
    /// `kill-any-uca`, `one-eye`, `no-eye` (SGF `TSGOAL`, JSON, CLI).
    pub fn name(self) -> &'static str {
        match self {
            Goal::Live => "live",
            Goal::LiveUca => "live-uca",
            Goal::LiveAny => "live-any",
            Goal::Kill => "kill",
            Goal::KillUca => "kill-uca",
            Goal::KillAll => "kill-all",
            Goal::LiveAnySeki => "live-any-seki",
            Goal::KillAllSeki => "kill-all-seki",
            Goal::LiveAll => "live-all",
            Goal::LiveAllUca => "live-all-uca",
            Goal::KillAny => "kill-any",
            Goal::KillAnyUca => "kill-any-uca",
            Goal::OneEye => "one-eye",
            Goal::NoEye => "no-eye",
        }
    }

    /// Parse a [`Goal::name`] (exact, lower case).
    pub fn from_name(s: &str) -> Option<Goal> {
        Goal::ALL.into_iter().find(|g| g.name() == s)
    }

    /// The search-goal name of the research JSON format: `TOLIVE`, `TOLIVE_ANY`, `TOKILL`,
    /// `TOKILL_ALL` are the paper's goals (unconditional life); `TOLIVE_SEKI`, `TOKILL_SEKI`
    /// and `TOLIVE_ANY_SEKI`/`TOKILL_ALL_SEKI` are our extension for the goals where seki is life,
    /// and `TOLIVE_ALL_BLOCKS[_SEKI]`/`TOKILL_ANY_BLOCK[_SEKI]` for the every-block goals, and
    /// `TOLIVE_ONE_EYE`/`TOKILL_ONE_EYE` for the one-eye pair, so that such a problem saved as
    /// JSON loses nothing.
    pub fn research_name(self) -> &'static str {
        match self {
            Goal::Live => "TOLIVE_SEKI",
            Goal::LiveUca => "TOLIVE",
            Goal::LiveAny => "TOLIVE_ANY",
            Goal::Kill => "TOKILL_SEKI",
            Goal::KillUca => "TOKILL",
            Goal::KillAll => "TOKILL_ALL",
            Goal::LiveAnySeki => "TOLIVE_ANY_SEKI",
            Goal::KillAllSeki => "TOKILL_ALL_SEKI",
            Goal::LiveAll => "TOLIVE_ALL_BLOCKS_SEKI",
            Goal::LiveAllUca => "TOLIVE_ALL_BLOCKS",
            Goal::KillAny => "TOKILL_ANY_BLOCK_SEKI",
            Goal::KillAnyUca => "TOKILL_ANY_BLOCK",
            Goal::OneEye => "TOLIVE_ONE_EYE",
            Goal::NoEye => "TOKILL_ONE_EYE",
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
    /// A ko master: may capture kos and retake one at once, despite the simple-ko ban (as if it
    /// always had a ko threat the opponent must answer). Used to ask whether a side wins a ko it
    /// does not get to take first.
    Master,
}

impl KoRule {
    pub const ALL: [KoRule; 3] = [KoRule::Allow, KoRule::Disallow, KoRule::Master];

    /// `allow` / `disallow` / `master` (SGF `TSKOB`/`TSKOW`).
    pub fn name(self) -> &'static str {
        match self {
            KoRule::Allow => "allow",
            KoRule::Disallow => "disallow",
            KoRule::Master => "master",
        }
    }

    pub fn from_name(s: &str) -> Option<KoRule> {
        KoRule::ALL.into_iter().find(|k| k.name() == s)
    }

    /// `allow_ko` / `disallow_ko` (research JSON `black_ko_rule`/`white_ko_rule`); `master_ko`
    /// is our extension.
    pub fn research_name(self) -> &'static str {
        match self {
            KoRule::Allow => "allow_ko",
            KoRule::Disallow => "disallow_ko",
            KoRule::Master => "master_ko",
        }
    }

    pub fn from_research_name(s: &str) -> Option<KoRule> {
        KoRule::ALL.into_iter().find(|k| k.research_name() == s)
    }

    /// May this side capture kos?
    pub fn captures_kos(self) -> bool {
        self != KoRule::Disallow
    }

    /// May this side retake a ko at once (ignore the simple-ko ban)?
    pub fn ignores_ko_ban(self) -> bool {
        self == KoRule::Master
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

/// How the expected result comes about (SGF `TSHOW`), beside [`Outcome`]: the Go result a player
/// reads in a book.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Way {
    /// The defender lives unconditionally (with `Outcome::Win` of a `live` claim, or
    /// `Outcome::Fail` of a `kill` claim).
    Unconditional,
    /// The defender lives only in seki.
    Seki,
    /// The OR player fails without ko (`Outcome::Fail`) and wins when it may capture kos.
    Ko,
}

impl Way {
    /// `unconditional`, `seki`, `ko`.
    pub fn name(self) -> &'static str {
        match self {
            Way::Unconditional => "unconditional",
            Way::Seki => "seki",
            Way::Ko => "ko",
        }
    }

    pub fn from_name(s: &str) -> Option<Way> {
        [Way::Unconditional, Way::Seki, Way::Ko]
            .into_iter()
            .find(|w| w.name() == s)
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
            assert_eq!(g.seki_is_life(), g.opposite().seki_is_life());
            assert_eq!(g.with_seki(true).or_defends(), g.or_defends());
            assert_eq!(g.with_seki(false).with_seki(g.seki_is_life()), g);
            for c in Color::ALL {
                assert_eq!(g.defender(c), g.opposite().defender(c.opponent()));
            }
        }
        for k in KoRule::ALL {
            assert_eq!(KoRule::from_name(k.name()), Some(k));
            assert_eq!(KoRule::from_research_name(k.research_name()), Some(k));
        }
        for w in [Way::Unconditional, Way::Seki, Way::Ko] {
            assert_eq!(Way::from_name(w.name()), Some(w));
        }
        for o in [Outcome::Win, Outcome::Fail] {
            assert_eq!(Outcome::from_name(o.name()), Some(o));
        }
        assert_eq!(Goal::from_name("Live"), None);
        assert_eq!(Goal::from_research_name("TOLIVE "), None);
        assert_eq!(Goal::from_research_name("TOLIVE"), Some(Goal::LiveUca));
        assert_eq!(Goal::from_name("live"), Some(Goal::Live));
        assert!(Goal::Live.seki_is_life() && !Goal::LiveUca.seki_is_life());
        assert_eq!(
            serde_json::to_string(&Goal::LiveAny).ok().as_deref(),
            Some("\"live-any\"")
        );
    }

    #[test]
    fn every_block_goals_pair_with_the_one_block_goals() {
        for g in Goal::ALL {
            let every = g.with_every_block(true);
            let one = g.with_every_block(false);
            assert_eq!(every.with_every_block(false), one, "{g}");
            assert_eq!(one.with_every_block(true), every, "{g}");
            assert_eq!(
                (every.or_defends(), every.seki_is_life()),
                (g.or_defends(), g.seki_is_life())
            );
            // (The one-eye goals have no every-block form: they stay as they are.)
            assert_eq!(
                every.every_crucial_block(),
                g.needs_crucial_stones() && !g.is_one_eye()
            );
            assert!(!one.every_crucial_block());
            assert_eq!(g.opposite().with_every_block(true), every.opposite());
        }
        assert_eq!(Goal::Live.with_every_block(true), Goal::LiveAll);
        assert_eq!(Goal::KillUca.with_every_block(true), Goal::KillAnyUca);
        assert_eq!(Goal::KillAll.with_every_block(true), Goal::KillAll);
        assert!(Goal::LiveAll.is_go_life() && Goal::KillAny.is_go_life());
        assert!(!Goal::LiveAllUca.is_go_life() && !Goal::LiveAnySeki.is_go_life());
        assert_eq!(Goal::from_name("live-all"), Some(Goal::LiveAll));
        assert_eq!(Goal::from_name("kill-any-uca"), Some(Goal::KillAnyUca));
    }

    /// The one-eye pair: opposite of each other, the defender's and the attacker's, with
    /// crucial stones, no seki form or every-block form of their own, names that read back.
    #[test]
    fn the_one_eye_goals() {
        assert_eq!(Goal::OneEye.opposite(), Goal::NoEye);
        assert_eq!(Goal::NoEye.opposite(), Goal::OneEye);
        assert!(Goal::OneEye.or_defends() && !Goal::NoEye.or_defends());
        for g in [Goal::OneEye, Goal::NoEye] {
            assert!(g.is_one_eye() && g.needs_crucial_stones());
            assert!(!g.seki_is_life() && !g.is_go_life() && !g.every_crucial_block());
            assert_eq!(g.with_seki(true), g);
            assert_eq!(g.with_every_block(true), g);
            assert_eq!(Goal::from_name(g.name()), Some(g));
            assert_eq!(Goal::from_research_name(g.research_name()), Some(g));
        }
        assert_eq!(Goal::from_name("one-eye"), Some(Goal::OneEye));
        assert!(!Goal::Live.is_one_eye());
    }
}
