//! The problem layer: what a life-and-death problem is, and its file formats.
//!
//! - [`Problem`]: a validated problem (position, side to move, OR player, [`Goal`], region,
//!   crucial stones, [`KoRule`] per side, metadata, reference [`AnswerTree`]). Fields are private;
//!   a `Problem` always satisfies the checks of [`ProblemSetup::validate`].
//! - [`ProblemSetup`]: the unvalidated form that loaders produce ("parse, don't validate").
//! - Formats: SGF ([`sgf_read`], [`sgf_write`]; conventions in the [`sgf_write`] module docs) and the
//!   research JSON of the RZS paper ([`json`]). [`load()`] reads a file of either kind;
//!   [`files`] finds the problem files of a list of paths (directories searched recursively).
//!
//! Vocabulary (see [`goal`]): the OR player pursues the goal; the defender's stones try to live;
//! the attacker is the other side.

pub mod answer;
pub mod compose_one_eye;
pub mod coords;
pub mod error;
pub mod files;
#[cfg(test)]
pub(crate) mod fixtures;
pub mod game_record;
pub mod goal;
pub mod infer;
pub mod json;
pub mod load;
pub mod open_region;
pub mod rules_key;
pub mod setup;
pub mod sgf_read;
pub mod sgf_write;
mod validate;

pub use answer::{AnswerNode, AnswerTree, Verdict};
pub use error::{JsonError, LoadError, SgfError, ValidationError, ValidationErrors};
pub use goal::{Goal, KoRule, Outcome, Way};
pub use json::{read_research_json, write_research_json};
pub use load::{infer_setup, load, load_bytes, load_inferring, load_setup_bytes, Format, Loaded};
pub use rules_key::RulesKey;
pub use setup::{AnswersBecause, MovesRead, ProblemSetup, SetupBecause, SetupMove};
pub use sgf_read::read_sgf;
pub use sgf_write::{write_sgf, write_sgf_with, SgfWriteOptions};

use crate::go::{Board, ByColor, Color, Zone};
use serde::{Deserialize, Serialize};

/// A validated life-and-death problem. Build one with [`ProblemSetup::validate`] or a loader.
///
/// Serialized (serde) as its [`ProblemSetup`] with every default made explicit; deserializing
/// validates.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "ProblemSetup", into = "ProblemSetup")]
pub struct Problem {
    /// Stones before the setup moves: disjoint, on the board, every block with a liberty.
    start: ByColor<Zone>,
    /// Legal moves from `start` that lead to `board`.
    setup_moves: Vec<SetupMove>,
    /// The problem position (with the simple-ko state left by the setup moves).
    board: Board,
    to_move: Color,
    or_player: Color,
    goal: Goal,
    /// On-board points where moves may be played; contains at least one empty point; may contain
    /// occupied points.
    region: Zone,
    /// Stones of the defender in `board`; non-empty for `Live`/`Kill`.
    crucial: Zone,
    /// The territory claimed with the crucial blocks (every-block goals only; see
    /// [`Problem::territory`]).
    territory: Zone,
    /// The crucial stones can reach an empty point outside the region
    /// ([`open_region::region_is_open`]); derived from the position, region and crucial stones.
    region_open: bool,
    ko_rules: ByColor<KoRule>,
    expected: Option<Outcome>,
    /// How the expected result comes about (unconditional life, seki, ko), when stated.
    expected_way: Option<Way>,
    name: String,
    comment: String,
    source: String,
    /// Every move legal along its line from `board` (a ko may be retaken at once: books leave
    /// out the ko threat exchange).
    answer: AnswerTree,
}

impl Problem {
    /// The problem position.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// Board side.
    pub fn size(&self) -> usize {
        self.board.size()
    }

    /// The side to move in the problem position.
    pub fn to_move(&self) -> Color {
        self.to_move
    }

    /// The side that tries to achieve the goal.
    pub fn or_player(&self) -> Color {
        self.or_player
    }

    pub fn goal(&self) -> Goal {
        self.goal
    }

    /// The side whose stones try to live (owner of the crucial stones).
    pub fn defender(&self) -> Color {
        self.goal.defender(self.or_player)
    }

    /// The side that tries to kill.
    pub fn attacker(&self) -> Color {
        self.defender().opponent()
    }

    /// The points where moves may be played (may include occupied points).
    pub fn region(&self) -> Zone {
        self.region
    }

    /// The empty points of the region in the problem position.
    pub fn region_empty_points(&self) -> Zone {
        self.region.intersection(&self.board.empty_points())
    }

    /// The crucial stones (the defender's). Empty only for `LiveAny`/`KillAll`.
    pub fn crucial(&self) -> Zone {
        self.crucial
    }

    /// The territory the defender claims besides its crucial blocks: with an every-block goal
    /// ([`Goal::every_crucial_block`]) the defender wins only when every crucial stone is
    /// unconditionally alive *and* every point here is safe for it without search
    /// ([`crate::go::safe_points`]: its stones or its safe regions), the *territory safe* goal
    /// of Safety Solver 2.0; a game ended by two passes before that is the attacker's. Empty
    /// for every other claim (and for the plain *boundary safe* goal).
    pub fn territory(&self) -> Zone {
        self.territory
    }

    /// Is this an *open-boundary* problem ([`open_region`])? A `live`/`kill` problem whose
    /// crucial stones can reach an empty point outside the region. Its claims are searched
    /// under the leak rule (a crucial block with a liberty outside the region is a failure of
    /// the OR player, whichever side that is), so a win is a proof on the whole board and a
    /// failure proves nothing: the opposite claim must win for the result to be decided. The
    /// every-block goals have a leak rule of their own; the research goals (unconditional
    /// life) are not open in this sense, their life being Benson's whatever the region.
    pub fn is_open(&self) -> bool {
        self.region_open && matches!(self.goal, Goal::Live | Goal::Kill)
    }

    pub fn ko_rules(&self) -> ByColor<KoRule> {
        self.ko_rules
    }

    pub fn ko_rule(&self, c: Color) -> KoRule {
        self.ko_rules[c]
    }

    /// How the expected result comes about, when the source says (SGF `TSHOW`).
    pub fn expected_way(&self) -> Option<Way> {
        self.expected_way
    }

    /// The expected result for the OR player, when the source says.
    pub fn expected(&self) -> Option<Outcome> {
        self.expected
    }

    /// Name (SGF `GN`, JSON `filename`); empty when none.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Comment (SGF root `C`); empty when none.
    pub fn comment(&self) -> &str {
        &self.comment
    }

    /// Source (SGF `SO`); empty when none.
    pub fn source(&self) -> &str {
        &self.source
    }

    /// The reference answer (empty when none).
    pub fn answer(&self) -> &AnswerTree {
        &self.answer
    }

    /// Stones before the setup moves.
    pub fn start_stones(&self) -> ByColor<Zone> {
        self.start
    }

    /// The moves that lead from [`Problem::start_stones`] to the problem position.
    pub fn setup_moves(&self) -> &[SetupMove] {
        &self.setup_moves
    }

    /// The opposite claim about the same position: the other side is the OR player and the goal
    /// is the opposite one (`Live` ↔ `Kill`, `LiveAny` ↔ `KillAll`). Crucial stones, region, ko
    /// rules and side to move are unchanged; the expected result and the answer's verdicts are
    /// swapped. `p.flipped().flipped() == p`.
    pub fn flipped(&self) -> Problem {
        let mut p = self.clone();
        p.or_player = self.or_player.opponent();
        p.goal = self.goal.opposite();
        p.expected = self.expected.map(Outcome::opposite);
        p.answer = self.answer.with_swapped_verdicts();
        p
    }

    /// This problem's claim if its OR player defends as `or_defends` asks, else the opposite
    /// claim ([`Problem::flipped`]): `true` gives the defender's claim ("lives"), `false` the
    /// attacker's ("kills").
    pub fn claim(&self, or_defends: bool) -> Problem {
        if self.goal.or_defends() == or_defends {
            self.clone()
        } else {
            self.flipped()
        }
    }

    /// The problem as a setup with every default made explicit; `to_setup().validate()` gives
    /// back an equal problem.
    pub fn to_setup(&self) -> ProblemSetup {
        ProblemSetup {
            size: self.size(),
            stones: self.start,
            moves: self.setup_moves.clone(),
            to_move: Some(self.to_move),
            or_player: Some(self.or_player),
            goal: Some(self.goal),
            region: Some(self.region),
            crucial: self.crucial,
            territory: self.territory,
            ko_rules: ByColor::new(Some(self.ko_rules.black), Some(self.ko_rules.white)),
            expected: self.expected,
            expected_way: self.expected_way,
            name: self.name.clone(),
            comment: self.comment.clone(),
            source: self.source.clone(),
            answer: self.answer.clone(),
            moves_read: None,
        }
    }

    /// Builder: the same problem with another expected result.
    pub fn with_expected(mut self, expected: Option<Outcome>) -> Problem {
        self.expected = expected;
        self
    }

    /// Builder: the same claim with seki counted as life or not ([`Goal::with_seki`]: `live` ↔
    /// `live-uca`, `kill` ↔ `kill-uca`); the expected result is dropped when the goal changes,
    /// since it may differ.
    pub fn with_seki(mut self, seki_is_life: bool) -> Problem {
        let goal = self.goal.with_seki(seki_is_life);
        if goal != self.goal {
            self.goal = goal;
            self.expected = None;
        }
        self
    }

    /// Builder: the same claim about every crucial block or about any crucial stone
    /// ([`Goal::with_every_block`]); the expected result is dropped when the goal changes.
    pub fn with_every_block(mut self, every: bool) -> Problem {
        let goal = self.goal.with_every_block(every);
        if goal != self.goal {
            self.goal = goal;
            self.expected = None;
            // A territory is claimed with every block only.
            self.territory = Zone::new();
        }
        self
    }

    /// Builder: the same position asked as a one-eye problem ([`Goal::OneEye`] when the OR
    /// player defends, else [`Goal::NoEye`]), with the same crucial stones and region; the
    /// expected result and any territory are dropped.
    pub fn with_one_eye(mut self) -> Problem {
        let goal = if self.goal.or_defends() {
            Goal::OneEye
        } else {
            Goal::NoEye
        };
        if goal != self.goal {
            self.goal = goal;
            self.expected = None;
            self.territory = Zone::new();
        }
        self
    }

    /// Builder: the same problem with side `c` under ko rule `rule`; the expected result is
    /// dropped when the rule changes.
    pub fn with_ko_rule(mut self, c: Color, rule: KoRule) -> Problem {
        if self.ko_rules[c] != rule {
            self.ko_rules[c] = rule;
            self.expected = None;
        }
        self
    }

    /// Builder: the same problem with another name.
    pub fn with_name(mut self, name: impl Into<String>) -> Problem {
        self.name = name.into();
        self
    }

    /// The claim in words: `White kills (goal kill)`.
    pub fn claim_words(&self) -> String {
        format!(
            "{} {} (goal {})",
            self.or_player,
            self.goal.verb(),
            self.goal
        )
    }

    /// One line describing the problem, e.g. `19x19, Black to move, OR Black goal live, region
    /// 153 points (67 empty), crucial 1 (R2), ko Black disallow / White allow, expected win,
    /// answer S2`.
    pub fn summary(&self) -> String {
        let n = self.size();
        let mut s = format!(
            "{n}x{n}, {} to move, OR {} goal {}, region {} points ({} empty)",
            self.to_move,
            self.or_player,
            self.goal,
            self.region.len(),
            self.region_empty_points().len()
        );
        if !self.crucial.is_empty() {
            const SHOWN: usize = 6;
            let mut names: Vec<String> = self
                .crucial
                .iter()
                .take(SHOWN)
                .map(|p| p.to_gtp(n))
                .collect();
            if self.crucial.len() > SHOWN {
                names.push("...".to_string());
            }
            s += &format!(", crucial {} ({})", self.crucial.len(), names.join(" "));
        }
        if self.is_open() {
            s += ", open boundary";
        }
        if !self.territory.is_empty() {
            s += &format!(", territory {}", self.territory.len());
        }
        s += &format!(
            ", ko Black {} / White {}",
            self.ko_rules.black, self.ko_rules.white
        );
        if !self.setup_moves.is_empty() {
            s += &format!(", {} setup moves", self.setup_moves.len());
        }
        if let Some(e) = self.expected {
            s += &format!(", expected {e}");
        }
        if !self.answer.is_empty() {
            let correct: Vec<String> = self
                .answer
                .correct_first_moves()
                .into_iter()
                .map(|m| coords::move_gtp(m, n))
                .collect();
            let nodes = self.answer.node_count();
            if correct.is_empty() {
                s += &format!(", answer {nodes} nodes (no correct first move)");
            } else {
                s += &format!(", answer {} ({nodes} nodes)", correct.join(" "));
            }
        }
        s
    }
}

impl TryFrom<ProblemSetup> for Problem {
    type Error = ValidationErrors;
    fn try_from(setup: ProblemSetup) -> Result<Problem, ValidationErrors> {
        setup.validate()
    }
}

impl From<Problem> for ProblemSetup {
    fn from(p: Problem) -> ProblemSetup {
        p.to_setup()
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::go::{Move, Point};

    fn problem() -> Problem {
        let board = Board::from_ascii(
            "X X O . .
             . X O . .
             X X O . .
             O O O . .
             . . . . .",
        )
        .unwrap();
        let mut s = ProblemSetup::from_board(&board, Color::Black);
        s.crucial = [Point::new(1, 1)].into_iter().collect();
        s.expected = Some(Outcome::Win);
        s.answer = AnswerTree::single_correct(Color::Black, Move::Play(Point::new(3, 0)));
        s.validate().unwrap()
    }

    #[test]
    fn flipped_is_the_opposite_claim() {
        let p = problem();
        let f = p.flipped();
        assert_eq!((f.or_player(), f.goal()), (Color::White, Goal::Kill));
        assert_eq!((f.defender(), f.attacker()), (Color::Black, Color::White));
        assert_eq!(f.crucial(), p.crucial());
        assert_eq!(f.ko_rules(), p.ko_rules());
        assert_eq!(f.expected(), Some(Outcome::Fail));
        assert!(f.answer().correct_first_moves().is_empty());
        assert_eq!(f.flipped(), p);
        // The flipped problem is itself valid.
        assert_eq!(f.to_setup().validate().unwrap(), f);
    }

    #[test]
    fn setup_round_trip_and_serde() {
        let p = problem();
        assert_eq!(p.to_setup().validate().unwrap(), p);
        let json = serde_json::to_string(&p).unwrap();
        let q: Problem = serde_json::from_str(&json).unwrap();
        assert_eq!(q, p);
        // Deserializing validates.
        let bad = json.replace("\"size\":5", "\"size\":1");
        assert!(serde_json::from_str::<Problem>(&bad).is_err());
    }

    #[test]
    fn summary() {
        assert_eq!(
            problem().summary(),
            "5x5, Black to move, OR Black goal live, region 14 points (14 empty), crucial 1 (B4), \
             ko Black disallow / White allow, expected win, answer D5 (1 nodes)"
        );
    }
}
