//! Random problems for the net's training data, proven by the product's own engines.
//!
//! Two families, drawn from a seeded generator (problem `i` of seed `s` is always the same):
//! - **Enclosed**: a 9x9, 11x11 or 13x13 board; a corner or edge rectangle of 12–40 points
//!   filled at random with defender and attacker stones (10–30 of them left empty), everything
//!   else a wall of the attacker made unconditionally alive by two eyes in the far corner. The
//!   region is the rectangle, the crucial stones the defender's stones in it; the goal is to
//!   live or kill, with seki as life or the paper's unconditional life; either side to move; ko
//!   rules drawn.
//! - **Kill-all 7x7**: 6–16 moves played from the empty 7x7 board, each drawn from the
//!   heuristic prior ([`HeuristicGuide`]) so the shapes look like play; White to live
//!   (`live-any`) or Black to kill all (`kill-all`) from there, the bench's ko rules (Black may
//!   take kos, White may not).
//!
//! [`prove`] solves a problem's claim with df-pn within a node budget and, when the claim
//! fails, the opposite claim, and returns the proof of whichever wins (never the research
//! sets: those are only ever benchmarks); [`prove_with`] does the same with another engine
//! or a net as the guide ([`Prover`]).

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};

use super::draws::{crucial_problem, weighted_pick};
use crate::go::{Board, ByColor, Color, Move, Point, Zone};
use crate::problem::{Goal, KoRule, Problem, ProblemSetup};
use crate::solver::knowledge::guide::{Guide, GuideHandle, GuideQuery, HeuristicGuide};
use crate::solver::{Engine, ProofTree, SolveConfig, Solver, Status};

/// The kinds of generated problems.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Family {
    Enclosed,
    KillAll7,
    /// A corner fight on 19x19 in a region of 80–156 empty points ([`super::large_corner`]).
    LargeCorner,
}

/// Which family problem `index` belongs to: one in `killall_every` a kill-all problem, of the
/// others one in `large_every` a large corner (0: never), the rest enclosed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct FamilyMix {
    pub killall_every: u64,
    #[serde(default)]
    pub large_every: u64,
}

impl FamilyMix {
    pub fn family(self, index: u64) -> Family {
        let every = |n: u64, i: u64| n > 0 && i % n == n - 1;
        if every(self.killall_every, index) {
            Family::KillAll7
        } else if every(self.large_every, index / self.killall_every.max(1)) {
            Family::LargeCorner
        } else {
            Family::Enclosed
        }
    }
}

/// How the kill-all 7x7 family is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct KillAllShape {
    /// Opening moves played before the problem starts (drawn evenly from `min..=max`).
    pub min_moves: u32,
    pub max_moves: u32,
    /// Seki is life (`live-any-seki` / `kill-all-seki`, Killall-Go's own rule) rather than
    /// the paper's unconditional life.
    pub seki: bool,
    /// Openings as the research set's 7x7 games: Black's first two moves in a row (White's
    /// first move a pass, counted among the opening moves).
    #[serde(default)]
    pub research_openings: bool,
}

impl Default for KillAllShape {
    /// 6–16 moves, unconditional life: the shipped nets' data.
    fn default() -> Self {
        KillAllShape {
            min_moves: 6,
            max_moves: 16,
            seki: false,
            research_openings: false,
        }
    }
}

/// Problem `index` of the sequence of `seed`: a kill-all problem for one index in
/// `killall_every` (0: never), else an enclosed one.
pub fn random_problem(seed: u64, index: u64, killall_every: u64) -> Problem {
    let mix = FamilyMix {
        killall_every,
        large_every: 0,
    };
    random_problem_shaped(seed, index, mix, KillAllShape::default())
}

/// [`random_problem`] with the families mixed as `mix` says and the kill-all family drawn as
/// `shape` says.
pub fn random_problem_shaped(
    seed: u64,
    index: u64,
    mix: FamilyMix,
    shape: KillAllShape,
) -> Problem {
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ index.wrapping_mul(0x9E37_79B9_7F4A_7C15));
    loop {
        let drawn = match mix.family(index) {
            Family::Enclosed => enclosed(&mut rng),
            Family::KillAll7 => killall7(&mut rng, shape),
            Family::LargeCorner => super::large_corner::large_corner(&mut rng),
        };
        if let Some(problem) = drawn {
            return problem.with_name(format!("generated {seed}/{index}"));
        }
    }
}

fn enclosed(rng: &mut ChaCha8Rng) -> Option<Problem> {
    let size = [9, 11, 13][rng.random_range(0..3)];
    let (w, h) = (rng.random_range(4..=8), rng.random_range(3..=5));
    // An edge rectangle needs a wall point on both sides.
    let corner = rng.random_bool(0.6) || w + 2 > size;
    let x0 = if corner {
        0
    } else {
        rng.random_range(1..=size - w - 1)
    };
    let defender = if rng.random_bool(0.5) {
        Color::White
    } else {
        Color::Black
    };
    let attacker = defender.opponent();
    let p_defender = rng.random_range(0.25..0.45);
    let p_attacker = p_defender + rng.random_range(0.05..0.2);
    let eyes = [
        Point::new(size - 1, size - 1),
        Point::new(size - 3, size - 1),
    ];
    let mut stones = ByColor::new(Zone::new(), Zone::new());
    let mut region = Zone::new();
    for y in 0..size {
        for x in 0..size {
            let p = Point::new(x, y);
            if x >= x0 && x < x0 + w && y < h {
                region.insert(p);
                let r: f64 = rng.random();
                if r < p_defender {
                    stones[defender].insert(p);
                } else if r < p_attacker {
                    stones[attacker].insert(p);
                }
            } else if !eyes.contains(&p) {
                stones[attacker].insert(p);
            }
        }
    }
    let crucial = stones[defender];
    if crucial.is_empty() {
        return None;
    }
    let mut setup = ProblemSetup::new(size);
    setup.stones = stones;
    let problem = crucial_problem(rng, setup, defender, region, crucial, 0.7)?;
    (10..=30)
        .contains(&problem.region_empty_points().len())
        .then_some(problem)
}

fn killall7(rng: &mut ChaCha8Rng, shape: KillAllShape) -> Option<Problem> {
    let size = 7;
    let mut board = Board::new(size);
    let region = Zone::full(size);
    let empty = Zone::new();
    let moves = rng.random_range(shape.min_moves..=shape.max_moves.max(shape.min_moves));
    let mut to_move = Color::Black;
    let mut last = None;
    for played in 0..moves {
        if shape.research_openings && played == 1 {
            board.play(to_move, Move::Pass).ok()?;
            last = None;
            to_move = to_move.opponent();
            continue;
        }
        let legal = board.legal_moves(to_move, None);
        if legal.is_empty() {
            return None;
        }
        let query = GuideQuery {
            board: &board,
            to_move,
            or_player: Color::White,
            goal: Goal::LiveAny,
            region: &region,
            crucial: &empty,
            after_pass: false,
            last_move: last,
            moves: &legal,
            scores: None,
        };
        let priors = HeuristicGuide.guide(&query).priors;
        let chosen = weighted_pick(rng, &legal, &priors);
        board.play(to_move, Move::Play(chosen)).ok()?;
        last = Some(chosen);
        to_move = to_move.opponent();
    }
    let white_or = rng.random_bool(0.5);
    let mut setup = ProblemSetup::from_board(&board, to_move);
    setup.or_player = Some(if white_or { Color::White } else { Color::Black });
    setup.goal = Some(match (white_or, shape.seki) {
        (true, false) => Goal::LiveAny,
        (false, false) => Goal::KillAll,
        (true, true) => Goal::LiveAnySeki,
        (false, true) => Goal::KillAllSeki,
    });
    setup.region = Some(region);
    setup.ko_rules = ByColor::new(Some(KoRule::Allow), Some(KoRule::Disallow));
    let problem = setup.validate().ok()?;
    (!problem.board().stones(Color::White).is_empty()).then_some(problem)
}

/// The engine that proves generated problems.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ProverEngine {
    /// df-pn (the shipped nets' data).
    #[default]
    DfPn,
    /// MCTS, best-first: with a net, the search the net is trained for (expert iteration).
    Mcts,
}

/// How generated problems are proven: an engine and, optionally, the net that guides it (the
/// node budget per claim is [`prove_with`]'s).
#[derive(Clone, Debug, Default)]
pub struct Prover {
    pub engine: ProverEngine,
    pub guide: Option<GuideHandle>,
}

/// The proof of whichever of `problem`'s claim and its opposite wins within `max_nodes` each
/// (df-pn), with the problem it proves; `None` when neither is proven.
pub fn prove(problem: &Problem, max_nodes: u64) -> Option<(Problem, ProofTree)> {
    prove_with(problem, max_nodes, &Prover::default())
}

/// [`prove`] with `prover`'s engine and guide. df-pn tries the opposite claim only when the
/// claim fails (a failure is proven); MCTS also when it stops undecided, since it proves
/// failures less readily than wins.
pub fn prove_with(
    problem: &Problem,
    max_nodes: u64,
    prover: &Prover,
) -> Option<(Problem, ProofTree)> {
    let engine = match prover.engine {
        ProverEngine::DfPn => Engine::DFPN,
        ProverEngine::Mcts => Engine::MCTS,
    };
    let config = SolveConfig {
        engine,
        max_nodes: Some(max_nodes),
        tt_entries: 1 << 18,
        guide: prover.guide.clone(),
        ..SolveConfig::default()
    };
    let solution = Solver::new(problem, config.clone()).solve();
    let try_flipped = match solution.status {
        Status::Win => return solution.proof.map(|proof| (problem.clone(), proof)),
        Status::Fail => true,
        Status::Unknown => prover.engine == ProverEngine::Mcts,
    };
    if !try_flipped {
        return None;
    }
    let flipped = problem.flipped();
    let again = Solver::new(&flipped, config).solve();
    match again.status {
        Status::Win => again.proof.map(|proof| (flipped, proof)),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn problems_are_reproducible_and_of_both_families() {
        for index in 0..12 {
            let a = random_problem(7, index, 4);
            let b = random_problem(7, index, 4);
            assert_eq!(a.board().to_ascii(), b.board().to_ascii());
            assert_eq!(a.goal(), b.goal());
            if index % 4 == 3 {
                assert_eq!(a.size(), 7);
                assert!(matches!(a.goal(), Goal::LiveAny | Goal::KillAll));
            } else {
                assert!([9, 11, 13].contains(&a.size()));
                let empty = a.region_empty_points().len();
                assert!((10..=30).contains(&empty), "{empty}");
                assert!(!a.crucial().is_empty());
            }
        }
    }

    fn every(killall_every: u64) -> FamilyMix {
        FamilyMix {
            killall_every,
            large_every: 0,
        }
    }

    #[test]
    fn the_mix_draws_each_family_in_its_share() {
        let mix = FamilyMix {
            killall_every: 5,
            large_every: 2,
        };
        let families: Vec<Family> = (0..20).map(|i| mix.family(i)).collect();
        let count = |f: Family| families.iter().filter(|&&g| g == f).count();
        assert_eq!(count(Family::KillAll7), 4);
        assert_eq!(count(Family::LargeCorner), 8);
        assert_eq!(count(Family::Enclosed), 8);
        assert_eq!(every(5).family(7), Family::Enclosed);
        let p = random_problem_shaped(3, 5, mix, KillAllShape::default());
        assert_eq!(mix.family(5), Family::LargeCorner);
        assert_eq!(p.size(), 19);
    }

    #[test]
    fn the_killall_shape_sets_the_opening_length_and_the_goal() {
        let shape = KillAllShape {
            min_moves: 18,
            max_moves: 18,
            seki: true,
            research_openings: false,
        };
        for index in 0..4 {
            let p = random_problem_shaped(5, index, every(1), shape);
            assert_eq!(p.size(), 7);
            assert!(matches!(p.goal(), Goal::LiveAnySeki | Goal::KillAllSeki));
            let stones =
                p.board().stones(Color::Black).len() + p.board().stones(Color::White).len();
            assert!(stones <= 18, "{stones}");
            assert!(stones >= 12, "{stones}");
        }
        let research = KillAllShape {
            research_openings: true,
            ..shape
        };
        for index in 0..4 {
            let p = random_problem_shaped(5, index, every(1), research);
            let board = p.board();
            let (black, white) = (
                board.stones(Color::Black).len(),
                board.stones(Color::White).len(),
            );
            // 17 stones played, Black's one more (two in a row at the start) unless captures.
            assert!(black + white <= 17, "{black} + {white}");
            assert!(black > white, "{}", board.to_ascii());
            assert_eq!(p.region(), Zone::full(7));
        }
        let plain = random_problem(5, 3, 1);
        assert_eq!(
            plain.board().to_ascii(),
            random_problem_shaped(5, 3, every(1), KillAllShape::default())
                .board()
                .to_ascii()
        );
    }

    #[test]
    fn a_small_generated_problem_is_proven_one_way_or_the_other() {
        let proven = (0..30)
            .map(|i| random_problem(11, i, 0))
            .filter(|p| p.region_empty_points().len() <= 12)
            .take(3)
            .filter_map(|p| prove(&p, 200_000))
            .count();
        assert!(proven >= 1, "none of three small problems proven");
    }

    #[test]
    fn the_mcts_prover_proves_the_same_claims_as_df_pn_with_proofs_that_check() {
        let mcts = Prover {
            engine: ProverEngine::Mcts,
            guide: None,
        };
        let superko = SolveConfig::default().superko;
        let mut compared = 0;
        for p in (0..40)
            .map(|i| random_problem(11, i, 0))
            .filter(|p| p.region_empty_points().len() <= 14)
            .take(6)
        {
            let Some((dfpn_claim, _)) = prove(&p, 200_000) else {
                continue;
            };
            let (claim, proof) = prove_with(&p, 200_000, &mcts).expect("MCTS proves it too");
            assert_eq!(
                (claim.or_player(), claim.goal()),
                (dfpn_claim.or_player(), dfpn_claim.goal()),
                "the same side wins:\n{}",
                p.board().to_ascii()
            );
            crate::solver::proof::checker::check_proof(&claim, &proof, superko, 5_000_000)
                .expect("the MCTS proof checks");
            compared += 1;
        }
        assert!(compared >= 2, "only {compared} problems compared");
    }
}
