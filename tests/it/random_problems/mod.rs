//! Seeded random small life-and-death problems for differential testing: an enclosed corner or
//! edge area of at most about 12 empty points, everything else a Benson-alive wall of the
//! attacker, so that only the local fight matters and an exhaustive search can settle it.
//!
//! Construction (board side 6 or 7): the area is a rectangle at the top-left corner (corner
//! problems) or along the top edge away from the corners (edge problems). Its points are filled at
//! random: empty, defender or attacker stones. Every point outside the area is an attacker stone
//! except two isolated one-point eyes in the bottom-right corner, which make the wall one
//! unconditionally alive block. The crucial stones are the defender's stones in the area; the
//! region is the area. Draws that do not validate (a block without liberties) or that have no
//! defender stone are drawn again.

#![allow(dead_code)]

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use tsumego_studio::go::{ByColor, Color, Point, Symmetry, Zone};
use tsumego_studio::problem::{Goal, KoRule, Problem, ProblemSetup};

/// The shape of the local area.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Area {
    Corner,
    Edge,
}

/// A random problem with its seed, for messages.
pub struct RandomProblem {
    pub seed: u64,
    pub area: Area,
    pub problem: Problem,
}

/// The `index`-th problem of the sequence started by `seed` (deterministic), with at most
/// `max_empty` empty points in the region (at most 12 are drawn).
pub fn random_problem(seed: u64, index: u64, max_empty: usize) -> RandomProblem {
    random_problem_with(seed, index, max_empty, Fill::Sparse)
}

/// How densely the area is filled with stones.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fill {
    /// 30% defender stones, 12% attacker stones (the pinned sequence).
    Sparse,
    /// 38% defender stones, 24% attacker stones: more shared liberties, so more seki and ko.
    Dense,
    /// Dense, with a ready ko shape planted on the top edge of the area (areas at least four
    /// wide): `X O . O` over `. X O .`, either colour as `X`.
    Ko,
}

/// [`random_problem`] with a choice of [`Fill`].
pub fn random_problem_with(seed: u64, index: u64, max_empty: usize, fill: Fill) -> RandomProblem {
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ index.wrapping_mul(0x9E37_79B9_7F4A_7C15));
    loop {
        if let Some(p) = draw(&mut rng, max_empty, fill) {
            return RandomProblem {
                seed: index,
                area: p.0,
                problem: p.1,
            };
        }
    }
}

fn draw(rng: &mut ChaCha8Rng, max_empty: usize, fill: Fill) -> Option<(Area, Problem)> {
    let (p_defender, p_attacker) = match fill {
        Fill::Sparse => (0.3, 0.42),
        Fill::Dense | Fill::Ko => (0.38, 0.62),
    };
    let size = rng.random_range(6..=7);
    let area = if rng.random_bool(0.6) {
        Area::Corner
    } else {
        Area::Edge
    };
    let (w, h) = (rng.random_range(3..=5), rng.random_range(2..=3));
    let x0 = match area {
        Area::Corner => 0,
        Area::Edge => 1,
    };
    let defender = if rng.random_bool(0.5) {
        Color::White
    } else {
        Color::Black
    };
    let attacker = defender.opponent();
    let mut stones = ByColor::new(Zone::new(), Zone::new());
    let mut region = Zone::new();
    let eyes = [
        Point::new(size - 1, size - 1),
        Point::new(size - 3, size - 1),
    ];
    for y in 0..size {
        for x in 0..size {
            let p = Point::new(x, y);
            let inside = x >= x0 && x < x0 + w && y < h;
            if inside {
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
    if fill == Fill::Ko {
        if w < 4 {
            return None;
        }
        let x = if rng.random_bool(0.5) {
            defender
        } else {
            attacker
        };
        let o = x.opponent();
        let at = |dx: usize, dy: usize| Point::new(x0 + dx, dy);
        for (p, c) in [
            (at(0, 0), Some(x)),
            (at(1, 0), Some(o)),
            (at(2, 0), None),
            (at(3, 0), Some(o)),
            (at(1, 1), Some(x)),
            (at(2, 1), Some(o)),
        ] {
            stones[defender].remove(p);
            stones[attacker].remove(p);
            if let Some(c) = c {
                stones[c].insert(p);
            }
        }
    }
    let crucial = stones[defender];
    if crucial.is_empty() {
        return None;
    }
    let or_defends = rng.random_bool(0.5);
    let or_player = if or_defends { defender } else { attacker };
    let mut setup = ProblemSetup::new(size);
    setup.stones = stones;
    setup.to_move = Some(if rng.random_bool(0.5) {
        defender
    } else {
        attacker
    });
    setup.or_player = Some(or_player);
    setup.goal = Some(if or_defends {
        Goal::LiveUca
    } else {
        Goal::KillUca
    });
    setup.region = Some(region);
    setup.crucial = crucial;
    setup.ko_rules = ByColor::new(
        Some(ko_rule(rng.random_bool(0.5))),
        Some(ko_rule(rng.random_bool(0.5))),
    );
    let problem = setup.validate().ok()?;
    (problem.region_empty_points().len() <= max_empty.min(12)).then_some((area, problem))
}

fn ko_rule(allow: bool) -> KoRule {
    if allow {
        KoRule::Allow
    } else {
        KoRule::Disallow
    }
}

/// `problem` seen through `sym` (stones, region and crucial stones moved; the same claim).
pub fn transformed(problem: &Problem, sym: Symmetry) -> Problem {
    let size = problem.size();
    let mut setup = problem.to_setup();
    setup.stones.black = sym.apply_zone(&setup.stones.black, size);
    setup.stones.white = sym.apply_zone(&setup.stones.white, size);
    setup.region = setup.region.map(|z| sym.apply_zone(&z, size));
    setup.crucial = sym.apply_zone(&setup.crucial, size);
    setup
        .validate()
        .expect("a symmetric image of a valid problem is valid")
}
