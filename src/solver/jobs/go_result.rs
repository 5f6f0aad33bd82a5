//! The Go result of a `live`/`kill` position, defined as claims about games under three ko rule
//! sets, and found by searching them in turn.
//!
//! # The definitions
//! The ko ban is the simple one: a side may not retake a ko at once (no immediate recapture that
//! recreates the position before); taking a ko first is always allowed. A *ko master* may retake
//! at once, as a player with an unlimited supply of ko threats. Passes are moves, two passes in a
//! row end the game, and a game that never ends is the defender's. The attacker *captures* when
//! no crucial stone is left on the board. Three rule sets ([`KoLevel`]):
//! - [`KoLevel::DefenderMaster`]: the attacker obeys the ban, the defender is ko master;
//! - [`KoLevel::Even`]: both obey the ban (nobody has ko threats);
//! - [`KoLevel::AttackerMaster`]: the attacker is ko master, the defender obeys the ban.
//!
//! Whether the attacker captures is monotone along that list (each set only gives the attacker
//! more), so a position has exactly one of four results ([`GoResult`]):
//! - **kills** ("Black kills"): the attacker captures even under `DefenderMaster`;
//! - **kills by ko, the attacker takes the first ko capture**: under `Even`, not under
//!   `DefenderMaster` (the defender lives only with ko threats);
//! - **lives by ko, the defender takes the first ko capture**: the defender lives under `Even`,
//!   the attacker captures only under `AttackerMaster` (with ko threats);
//! - **lives**: the attacker fails even under `AttackerMaster`; unconditionally when the defender
//!   then also reaches Benson life (`live-uca`), else in seki.
//!
//! The result is a property of the position, not of the claim asked: the attacker's claim
//! (`kill`) and the defender's (`live`) give the same [`GoResult`], worded the same
//! (by the report layer, `crate::report::verdict::go_result_words`); they differ only in which
//! proof is shown.
//!
//! # How it is searched
//! The claim asked (OR player X, opponent Y) is searched at X's hardest rule set first, then the
//! next, until X wins ([`decide`]). A failure of the attacker's claim is final (the search counts
//! a repetition against the OR player, and endless play is the defender's). A failure of the
//! defender's claim is not (its search counts a repetition against the defender): the attacker's
//! claim under the same rules decides, and its proof is the failure's certificate; when that
//! fails too, the defender survives only by endless play ([`Life::Endless`]). In an
//! open-boundary problem ([`Problem::is_open`]) no failure is final (the leak rule fails
//! either claim's OR player): the opposite claim decides both ways, and when it fails too the
//! result is unknown ([`crate::solver::kernel::search::StopReason::OpenBoundary`]). A decision made
//! without any ko event ([`crate::solver::kernel::ko_flags::KoFlags::any`]: no ko capture by the deciding
//! search's OR player, no ko ban met, no ko point at the start) holds under every rule set, so
//! the remaining ones are not searched; the certificate is then checked under the winner's
//! hardest rules, so the checker verifies that argument too.

use crate::go::{ByColor, Color};
use crate::problem::{KoRule, Problem};
use crate::solver::jobs::budget::Budget;
use crate::solver::jobs::how::{ends_in_seki, How};
use crate::solver::kernel::search::{Solution, Status, StopReason};
use serde::Serialize;

/// A ko rule set of the definitions (see the module documentation).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum KoLevel {
    /// The attacker obeys the ko ban, the defender is ko master.
    DefenderMaster,
    /// Both obey the ko ban.
    Even,
    /// The attacker is ko master, the defender obeys the ko ban.
    AttackerMaster,
}

impl KoLevel {
    /// The rule sets from the hardest for the side that defends (`or_defends`) or attacks to
    /// the easiest.
    pub fn hardest_first(or_defends: bool) -> [KoLevel; 3] {
        if or_defends {
            [
                KoLevel::AttackerMaster,
                KoLevel::Even,
                KoLevel::DefenderMaster,
            ]
        } else {
            [
                KoLevel::DefenderMaster,
                KoLevel::Even,
                KoLevel::AttackerMaster,
            ]
        }
    }

    /// Each side's ko rule, for a problem whose attacker is `attacker`.
    pub fn rules(self, attacker: Color) -> ByColor<KoRule> {
        let (a, d) = match self {
            KoLevel::DefenderMaster => (KoRule::Allow, KoRule::Master),
            KoLevel::Even => (KoRule::Allow, KoRule::Allow),
            KoLevel::AttackerMaster => (KoRule::Master, KoRule::Allow),
        };
        let mut rules = ByColor::new(d, d);
        *rules.get_mut(attacker) = a;
        rules
    }

    /// `problem` with this level's ko rules for both sides.
    pub fn apply(self, problem: &Problem) -> Problem {
        let rules = self.rules(problem.attacker());
        problem
            .clone()
            .with_ko_rule(Color::Black, *rules.get(Color::Black))
            .with_ko_rule(Color::White, *rules.get(Color::White))
    }

    /// What a search at this level is, for the list of searches.
    fn what(self, or_defends: bool) -> &'static str {
        match (self, or_defends) {
            (KoLevel::DefenderMaster, false) => "the defender as ko master",
            (KoLevel::DefenderMaster, true) => "ko with threats (defender)",
            (KoLevel::Even, _) => "both obey the ko ban",
            (KoLevel::AttackerMaster, true) => "the attacker as ko master",
            (KoLevel::AttackerMaster, false) => "ko with threats (attacker)",
        }
    }
}

/// How the defender lives when the attacker fails even as ko master.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Life {
    /// It also reaches Benson's unconditional life.
    Unconditional,
    /// It lives, but cannot reach unconditional life: seki.
    Seki,
    /// It lives; unconditional life was not decided within the limits.
    AtLeastSeki,
    /// The attacker's failure is proven, but the defender's claim has no proof: it survives
    /// only by endless play (which the definitions give the defender).
    Endless,
    /// The attacker's failure is proven; the defender's proof was not found within the limits.
    Unproven,
}

/// The Go result of a position (see the module documentation).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case", tag = "result")]
pub enum GoResult {
    /// The attacker captures even when the defender may retake every ko at once.
    Kills,
    /// The attacker captures when both obey the ko ban (it takes the first ko capture), but
    /// not when the defender is ko master.
    KillsByKo,
    /// The defender lives when both obey the ko ban (it takes the first ko capture), but not
    /// when the attacker is ko master.
    LivesByKo,
    /// The defender lives even when the attacker may retake every ko at once.
    Lives { life: Life },
}

impl GoResult {
    /// Does the attacker capture under `level`'s rules?
    pub fn attacker_wins(self, level: KoLevel) -> bool {
        match self {
            GoResult::Kills => true,
            GoResult::KillsByKo => level != KoLevel::DefenderMaster,
            GoResult::LivesByKo => level == KoLevel::AttackerMaster,
            GoResult::Lives { .. } => false,
        }
    }

    /// The side that wins when both obey the ko ban (the headline of the verdict): the
    /// attacker for the first two results, else the defender.
    pub fn even_winner_defends(self) -> bool {
        !self.attacker_wins(KoLevel::Even)
    }

    /// A result by ko?
    pub fn by_ko(self) -> bool {
        matches!(self, GoResult::KillsByKo | GoResult::LivesByKo)
    }

    /// The result when the OR player of `hardest_first(or_defends)` first wins at index
    /// `level` (0: its hardest rules), or never (`None`).
    fn from_first_win(or_defends: bool, level: Option<usize>, life: Life) -> GoResult {
        let attacker_first_win = match (or_defends, level) {
            // The attacker first wins at DefenderMaster / Even / AttackerMaster.
            (false, Some(0)) => Some(0),
            (false, Some(1)) => Some(1),
            (false, Some(_)) => Some(2),
            (false, None) => None,
            // The defender first wins at AttackerMaster (the attacker never wins) / Even (the
            // attacker wins only at AttackerMaster) / DefenderMaster.
            (true, Some(0)) => None,
            (true, Some(1)) => Some(2),
            (true, Some(_)) => Some(1),
            (true, None) => Some(0),
        };
        match attacker_first_win {
            Some(0) => GoResult::Kills,
            Some(1) => GoResult::KillsByKo,
            Some(_) => GoResult::LivesByKo,
            None => GoResult::Lives { life },
        }
    }
}

/// The Go result of one claim as [`crate::solver::jobs::analysis::analyse`] reports it.
pub(in crate::solver) struct GoAnalysis {
    /// The claim of the deciding search (the asked OR player; the ko rules of its level).
    pub claim: Problem,
    pub solution: Solution,
    pub how: How,
    /// `None`: not decided within the limits.
    pub go: Option<GoResult>,
    /// When the asked claim fails: the winner's claim and its solution with the proof (the
    /// failure's certificate), at the winner's hardest rules.
    pub opposite: Option<Box<(Problem, Solution)>>,
}

/// Runs one search of a claim within the budget (and records it).
pub(in crate::solver) type Run<'r> =
    dyn FnMut(&Problem, &'static str, &mut Budget) -> Solution + 'r;

/// A rule set at which the claim failed: the claim, its failed solution, and the opponent's
/// winning claim and solution when one was searched.
type Failure = (Problem, Solution, Option<Box<(Problem, Solution)>>);

/// What one rule set gave.
enum Decision {
    /// The asked OR player wins (with a proof).
    Wins(Solution),
    /// The defender, as the asked OR player, failed, and so did the attacker's claim: the
    /// defender survives by endless play.
    Endless(Solution),
    /// The asked OR player fails: its failed solution, the opponent's winning claim and solution
    /// when one was searched, and whether the decision had no ko event (so it holds at every
    /// rule set).
    Fails {
        failed: Solution,
        winner: Option<Box<(Problem, Solution)>>,
        ko_free: bool,
    },
    /// Not decided: the solution whose stop says why.
    Unknown(Solution),
}

/// The Go result of `problem`'s claim (goal `live` or `kill`).
pub(in crate::solver) fn analyse_go(
    problem: &Problem,
    budget: &mut Budget,
    run: &mut Run<'_>,
) -> GoAnalysis {
    let or = problem.or_player();
    let or_defends = problem.goal().or_defends();
    let levels = KoLevel::hardest_first(or_defends);
    let ko_at_start = problem.board().ko().is_some();
    let mut last_failure: Option<Failure> = None;
    // The opponent's win holds at every rule set (the last one failed too, or a failure had no
    // ko event).
    let mut everywhere = false;
    for (i, level) in levels.into_iter().enumerate() {
        if i > 0 && budget.exhausted() {
            break;
        }
        let claim = level.apply(problem);
        match decide(&claim, level.what(or_defends), ko_at_start, budget, run) {
            Decision::Wins(solution) => {
                let opposite = ko_opposite(i, &claim, &levels, last_failure.take(), budget, run);
                let (claim, solution, how, life) = if i == 0 && or_defends {
                    refine_life(claim, solution, budget, run)
                } else {
                    let how = match i {
                        0 => How::Plain,
                        1 => How::Ko {
                            first_capture: Some(or),
                            needs_threat: false,
                        },
                        _ => How::Ko {
                            first_capture: Some(or.opponent()),
                            needs_threat: true,
                        },
                    };
                    (claim, solution, how, Life::Unconditional)
                };
                return GoAnalysis {
                    go: Some(GoResult::from_first_win(or_defends, Some(i), life)),
                    claim,
                    solution,
                    how,
                    opposite,
                };
            }
            Decision::Endless(solution) => {
                let opposite = ko_opposite(i, &claim, &levels, last_failure.take(), budget, run);
                return GoAnalysis {
                    go: Some(GoResult::from_first_win(or_defends, Some(i), Life::Endless)),
                    claim,
                    solution,
                    how: How::Endless,
                    opposite,
                };
            }
            Decision::Unknown(solution) => {
                return match last_failure {
                    None => GoAnalysis {
                        claim,
                        solution,
                        how: How::Plain,
                        go: None,
                        opposite: None,
                    },
                    Some((claim, failed, _)) => GoAnalysis {
                        claim,
                        solution: Solution {
                            stop: solution.stop,
                            ..failed
                        },
                        how: How::KoUnknown,
                        go: None,
                        opposite: None,
                    },
                };
            }
            Decision::Fails {
                failed,
                winner,
                ko_free,
            } => {
                last_failure = Some((claim, failed, winner));
                if ko_free || i == levels.len() - 1 {
                    everywhere = true;
                    break;
                }
            }
        }
    }
    let Some((claim, failed, winner)) = last_failure else {
        unreachable!("the first rule set is always searched")
    };
    if !everywhere {
        // The limits ran out between rule sets: the easier ones were not searched.
        return GoAnalysis {
            claim,
            solution: Solution {
                stop: budget.stop_reason(),
                ..failed
            },
            how: How::KoUnknown,
            go: None,
            opposite: None,
        };
    }
    // The opponent wins at every rule set: its claim at its hardest (the asked OR player's
    // easiest).
    let easiest = levels[2];
    let claim = easiest.apply(&claim);
    if or_defends {
        // The attacker kills: its proof, relabelled to its hardest rules (found there, or
        // found without a ko event).
        let opposite = winner.map(|w| {
            let (c, s) = *w;
            Box::new((easiest.apply(&c), s))
        });
        return GoAnalysis {
            claim,
            solution: failed,
            how: How::Plain,
            go: Some(GoResult::Kills),
            opposite,
        };
    }
    // The defender lives: its proof at its hardest rules, and how it lives.
    let defender_claim = claim.flipped();
    let lives = run(&defender_claim, "the defender's life", budget);
    let (life, opposite) = match lives.status {
        Status::Win => {
            let (c, s, _, life) = refine_life(defender_claim, lives, budget, run);
            (life, Some(Box::new((c, s))))
        }
        // Proven by the attacker's failure; the defender's own claim fails (a repetition, which
        // its search counts against it) ...
        Status::Fail => (Life::Endless, None),
        // ... or its proof was not found within the limits.
        Status::Unknown => (Life::Unproven, None),
    };
    GoAnalysis {
        claim,
        solution: failed,
        how: How::Plain,
        go: Some(GoResult::Lives { life }),
        opposite,
    }
}

/// For a claim (`claim`) first won at index `i` of `levels` (its rule sets, hardest first), the
/// opponent's win the verdict needs: when the claim wins only as ko master, the opponent's win
/// when both obey the ban (its first move is the verdict's); when it wins by ko with the opponent
/// to move, the opponent's win as ko master (its first move: the move that makes the ko).
fn ko_opposite(
    i: usize,
    claim: &Problem,
    levels: &[KoLevel; 3],
    failure: Option<Failure>,
    budget: &mut Budget,
    run: &mut Run<'_>,
) -> Option<Box<(Problem, Solution)>> {
    match i {
        2 => opponent_win(claim, levels[1], failure, budget, run),
        1 if claim.to_move() != claim.or_player() => {
            opponent_win(claim, levels[0], failure, budget, run)
        }
        _ => None,
    }
}

/// The opponent's win at `level`, where the claim `claim` (any ko rules) failed: the attacker's
/// proof found when the defender's claim failed there (`failure`), else the opponent's claim
/// searched now.
fn opponent_win(
    claim: &Problem,
    level: KoLevel,
    failure: Option<Failure>,
    budget: &mut Budget,
    run: &mut Run<'_>,
) -> Option<Box<(Problem, Solution)>> {
    if let Some((_, _, Some(winner))) = failure {
        return Some(winner);
    }
    if budget.exhausted() {
        return None;
    }
    let opponent = level.apply(&claim.flipped());
    let solution = run(&opponent, "the opponent's first move", budget);
    (solution.status == Status::Win).then(|| Box::new((opponent, solution)))
}

/// One rule set: the claim searched, and for the defender's failure the attacker's claim too.
fn decide(
    claim: &Problem,
    what: &'static str,
    ko_at_start: bool,
    budget: &mut Budget,
    run: &mut Run<'_>,
) -> Decision {
    let solution = run(claim, what, budget);
    let open = claim.is_open();
    match solution.status {
        Status::Win => Decision::Wins(solution),
        Status::Unknown => Decision::Unknown(solution),
        Status::Fail if !claim.goal().or_defends() && !open => Decision::Fails {
            ko_free: !solution.ko.any() && !ko_at_start,
            failed: solution,
            winner: None,
        },
        Status::Fail => {
            // A repetition counts against the defender in its own search, and the leak rule of
            // an open-boundary problem against either claim's OR player: the opposite claim
            // decides.
            let opposite = claim.flipped();
            let what = if claim.goal().or_defends() {
                "the attacker's claim"
            } else {
                "the defender's claim (open region)"
            };
            let wins = run(&opposite, what, budget);
            match wins.status {
                Status::Win => Decision::Fails {
                    ko_free: !wins.ko.any() && !ko_at_start,
                    failed: solution,
                    winner: Some(Box::new((opposite, wins))),
                },
                // Neither claim holds inside the open region: it depends on play outside.
                Status::Fail if open => Decision::Unknown(Solution {
                    status: Status::Unknown,
                    stop: StopReason::OpenBoundary,
                    ..solution
                }),
                Status::Fail => Decision::Endless(solution),
                // The failure proves nothing on its own (an open claim's leak, a repetition
                // counted against the defender): unknown until the opposite claim wins.
                Status::Unknown => Decision::Unknown(Solution {
                    status: Status::Unknown,
                    stop: wins.stop,
                    ..solution
                }),
            }
        }
    }
}

/// The defender's win (`claim`, `live`, its `solution`) refined: when its proof ends in seki,
/// the same claim with unconditional life (`live-uca`) says whether it lives unconditionally.
/// Gives the claim and solution to report, the [`How`] and the [`Life`].
fn refine_life(
    claim: Problem,
    solution: Solution,
    budget: &mut Budget,
    run: &mut Run<'_>,
) -> (Problem, Solution, How, Life) {
    let has_seki = solution.proof.as_ref().is_some_and(ends_in_seki);
    if !has_seki {
        return (claim, solution, How::Unconditional, Life::Unconditional);
    }
    if budget.exhausted() {
        return (claim, solution, How::AtLeastSeki, Life::AtLeastSeki);
    }
    debug_assert!(claim.goal().is_go_life() && claim.goal().or_defends());
    let uca = claim.clone().with_seki(false);
    let second = run(&uca, "unconditional life", budget);
    match second.status {
        Status::Win => (uca, second, How::Unconditional, Life::Unconditional),
        Status::Fail => (claim, solution, How::Seki, Life::Seki),
        Status::Unknown => (claim, solution, How::AtLeastSeki, Life::AtLeastSeki),
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::solver::kernel::ko_flags::KoFlags;
    use crate::solver::SolveConfig;
    use std::time::{Duration, Instant};

    /// A scripted search result for `claim`.
    fn result(claim: &Problem, status: Status, stop: StopReason) -> Solution {
        Solution {
            status,
            stop,
            goal: claim.goal(),
            or_player: claim.or_player(),
            first_move: None,
            root_zone: None,
            nodes: 1,
            pattern_hits: 0,
            elapsed: Duration::ZERO,
            depth: 1,
            proof: None,
            ko: KoFlags::NONE,
        }
    }

    /// The defender's claim fails (its search counts a repetition against it) and the
    /// attacker's claim runs out of time: not decided, and the solution says so — unknown,
    /// with the attacker's search's stop — not the defender's failure.
    #[test]
    fn a_defender_failure_with_the_attackers_claim_unknown_is_unknown() {
        let claim = crate::problem::fixtures::bent_three_live()
            .validate()
            .unwrap();
        assert!(claim.goal().or_defends() && !claim.is_open());
        let config = SolveConfig::default();
        let mut budget = Budget {
            config: &config,
            start: Instant::now(),
            nodes: 0,
        };
        let mut asked = Vec::new();
        let mut run = |p: &Problem, what: &'static str, _: &mut Budget| {
            asked.push(what);
            if p.goal().or_defends() {
                result(p, Status::Fail, StopReason::Solved)
            } else {
                result(p, Status::Unknown, StopReason::TimeLimit)
            }
        };
        let decision = decide(&claim, "the claim", false, &mut budget, &mut run);
        assert_eq!(asked, ["the claim", "the attacker's claim"]);
        let Decision::Unknown(solution) = decision else {
            panic!("decided");
        };
        assert_eq!(solution.status, Status::Unknown);
        assert_eq!(solution.stop, StopReason::TimeLimit);
    }
}
