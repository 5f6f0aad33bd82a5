//! Random draws shared by the generated problem families ([`super::generate`],
//! [`super::large_corner`]).

use rand::Rng;
use rand_chacha::ChaCha8Rng;

use crate::go::{ByColor, Color, Point, Zone};
use crate::problem::{Goal, KoRule, Problem, ProblemSetup};

/// A ko rule, either with even odds.
pub(super) fn ko_rule(rng: &mut ChaCha8Rng) -> KoRule {
    if rng.random_bool(0.5) {
        KoRule::Allow
    } else {
        KoRule::Disallow
    }
}

/// One of `moves` (not empty), drawn in proportion to its prior in `priors` (same order).
pub(super) fn weighted_pick(rng: &mut ChaCha8Rng, moves: &[Point], priors: &[f32]) -> Point {
    let total: f32 = priors.iter().sum();
    let mut pick = rng.random::<f32>() * total;
    for (&p, &prior) in moves.iter().zip(priors) {
        if pick < prior {
            return p;
        }
        pick -= prior;
    }
    moves[moves.len() - 1]
}

/// The claim of a crucial-stone problem drawn onto `setup` (its stones set): the goal
/// ([`crucial_goal`]), the side to move (even odds), the region, the defender's crucial stones
/// and the two ko rules, in that order of draws; `None` when the position is not a valid problem.
pub(super) fn crucial_problem(
    rng: &mut ChaCha8Rng,
    mut setup: ProblemSetup,
    defender: Color,
    region: Zone,
    crucial: Zone,
    seki_share: f64,
) -> Option<Problem> {
    let attacker = defender.opponent();
    let (goal, or_defends) = crucial_goal(rng, seki_share);
    setup.to_move = Some(if rng.random_bool(0.5) {
        defender
    } else {
        attacker
    });
    setup.or_player = Some(if or_defends { defender } else { attacker });
    setup.goal = Some(goal);
    setup.region = Some(region);
    setup.crucial = crucial;
    setup.ko_rules = ByColor::new(Some(ko_rule(rng)), Some(ko_rule(rng)));
    setup.validate().ok()
}

/// A crucial-stone goal: whether the OR player defends (even odds), then whether seki counts as
/// life (with odds `seki_share`); returns the goal and whether the OR player defends.
fn crucial_goal(rng: &mut ChaCha8Rng, seki_share: f64) -> (Goal, bool) {
    let or_defends = rng.random_bool(0.5);
    let goal = match (or_defends, rng.random_bool(seki_share)) {
        (true, true) => Goal::Live,
        (true, false) => Goal::LiveUca,
        (false, true) => Goal::Kill,
        (false, false) => Goal::KillUca,
    };
    (goal, or_defends)
}
