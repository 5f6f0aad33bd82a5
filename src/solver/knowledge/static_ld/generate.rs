//! Generating the table: every class of [`super::shapes::classes`], every storable position of
//! it that can occur (each block with a liberty), solved by [`super::game`].

use super::game::solve;
use super::local::Contents;
use super::shapes::classes;
use super::table::{position_of, positions, StaticTable};
use super::verdict::{Target, Verdict};
use std::time::{Duration, Instant};

/// Figures of a generation.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GenerationStats {
    pub classes: usize,
    /// Stored positions (every position number of every class).
    pub positions: usize,
    /// Positions that can occur (each block with a liberty): the ones solved.
    pub legal: usize,
    /// Legal positions with a defender stone that are dead (capture target), and sealed.
    pub dead_capture: usize,
    pub dead_seal: usize,
    pub elapsed: Duration,
}

/// The table of every area of 1..=`max_area` cells (at most 8), with its figures; `progress`
/// is called after each class with (classes done, classes in all).
pub fn generate(
    max_area: usize,
    mut progress: impl FnMut(usize, usize),
) -> (StaticTable, GenerationStats) {
    let start = Instant::now();
    let max_area = max_area.clamp(1, 8);
    let keys = classes(max_area);
    let mut stats = GenerationStats {
        classes: keys.len(),
        ..GenerationStats::default()
    };
    let mut out = Vec::with_capacity(keys.len());
    for (done, key) in keys.iter().enumerate() {
        let count = positions(key);
        stats.positions += count;
        let mut verdicts = vec![Verdict::ALIVE; count];
        if let Some(area) = key.local_area() {
            let mut numbers = Vec::new();
            let mut starts = Vec::new();
            for i in 0..count {
                let (defender, attacker) = position_of(key, i);
                let c = Contents { defender, attacker };
                if area.is_legal_position(&c) {
                    numbers.push(i);
                    starts.push(c);
                }
            }
            stats.legal += starts.len();
            for ((i, c), v) in numbers.iter().zip(&starts).zip(solve(&area, &starts)) {
                if c.defender != 0 {
                    stats.dead_capture += v.dead(Target::Capture) as usize;
                    stats.dead_seal += v.dead(Target::Seal) as usize;
                }
                verdicts[*i] = v;
            }
        }
        out.push((*key, verdicts));
        progress(done + 1, keys.len());
    }
    stats.elapsed = start.elapsed();
    (StaticTable::from_classes(max_area, out), stats)
}

#[cfg(test)]
mod tests {
    use super::super::lookup::shipped_table;
    use super::*;

    #[test]
    fn the_shipped_table_loads_and_holds_what_generation_gives_for_small_areas() {
        let shipped = shipped_table().expect("the shipped table reads");
        assert_eq!(shipped.max_area(), 8);
        let (small, stats) = generate(5, |_, _| {});
        assert_eq!(stats.classes, small.class_count());
        for key in small.keys() {
            assert_eq!(shipped.verdicts(key), small.verdicts(key), "class {key:?}");
        }
        // Every class of the shipped table up to 5 points is among them.
        let up_to_five = shipped.keys().iter().filter(|k| k.cells() <= 5).count();
        assert_eq!(up_to_five, small.class_count());
    }
}
