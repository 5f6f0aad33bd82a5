//! Seeded random eye-space problems for the ko reference: a defender group hugging the inside
//! of the attacker's Benson-alive wall round an eye space in the corner or on the edge, with
//! stones of both sides inside it and, at times, a ko shape planted, so that the results are
//! spread over kills, kos both ways, seki and life (plain random fills are mostly dead).
//!
//! Construction (board side 7): the area is a rectangle at the top-left corner (or along the
//! top edge, one point from the corner) of 4–6 by 2–3 points. Its points next to the area's
//! inner border are defender stones (each left out with probability 0.15: a weakness), the
//! others are empty, defender or attacker stones at random (55 / 10 / 35 %). With probability
//! one half a ko shape is planted on the top edge: `X O . O` over `. X O .` (either colour as
//! `X`). Everything outside the area is the attacker's wall but two one-point eyes in the
//! bottom-right corner. The crucial stones are the defender's stones; the region is the area.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use tsumego_studio::go::{ByColor, Color, Point, Zone};
use tsumego_studio::problem::{Goal, KoRule, Problem, ProblemSetup};

/// The `index`-th problem of the sequence started by `seed` (deterministic): goal `kill` or
/// `live` (seki is life), either side to move.
pub fn eye_space_problem(seed: u64, index: u64) -> Problem {
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ index.wrapping_mul(0xA076_1D64_78BD_642F));
    loop {
        if let Some(p) = draw(&mut rng) {
            return p;
        }
    }
}

fn draw(rng: &mut ChaCha8Rng) -> Option<Problem> {
    let size = 7;
    let (w, h) = (rng.random_range(4..=6), rng.random_range(2..=3));
    let x0 = if rng.random_bool(0.7) { 0 } else { 1 };
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
    let inside = |x: usize, y: usize| x >= x0 && x < x0 + w && y < h;
    for y in 0..size {
        for x in 0..size {
            let p = Point::new(x, y);
            if inside(x, y) {
                region.insert(p);
                let border = !inside(x + 1, y) || !inside(x, y + 1) || (x0 > 0 && x == x0);
                if border {
                    if rng.random_bool(0.85) {
                        stones[defender].insert(p);
                    }
                } else {
                    let r: f64 = rng.random();
                    if r < 0.10 {
                        stones[defender].insert(p);
                    } else if r < 0.45 {
                        stones[attacker].insert(p);
                    }
                }
            } else if !eyes.contains(&p) {
                stones[attacker].insert(p);
            }
        }
    }
    if w >= 4 && rng.random_bool(0.5) {
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
    let mut setup = ProblemSetup::new(size);
    setup.stones = stones;
    setup.to_move = Some(if rng.random_bool(0.5) {
        defender
    } else {
        attacker
    });
    setup.or_player = Some(if or_defends { defender } else { attacker });
    setup.goal = Some(if or_defends { Goal::Live } else { Goal::Kill });
    setup.region = Some(region);
    setup.crucial = crucial;
    setup.ko_rules = ByColor::new(Some(KoRule::Allow), Some(KoRule::Allow));
    setup.validate().ok()
}
