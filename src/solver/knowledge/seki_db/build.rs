//! Building the database: every candidate of [`super::candidates`] keyed by [`SekiKey`]; each
//! distinct key decided once by [`local_seki`] (a key's candidates are translations and mirror
//! images of each other that touch the same edges, so they share the verdict), on several
//! threads; the seki keys stored.

use super::candidates::{for_each_candidate, Candidate, BOARD_SIZE};
use super::key::SekiKey;
use super::local_test::{local_seki, LocalVerdict};
use super::table::SekiTable;
use std::collections::HashMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Figures of one area size.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct AreaStats {
    pub area: usize,
    /// Candidate patterns (legal placements x fillings), the paper's "# Patterns".
    pub candidates: usize,
    /// Of them, seki: the paper's "# Seki patterns".
    pub seki: usize,
    /// Distinct keys decided, and of them seki.
    pub keys: usize,
    pub seki_keys: usize,
    /// Positions the local searches visited.
    pub nodes: u64,
    pub elapsed: Duration,
}

/// Build the database of areas `min_area..=max_area` (5..=8 in the paper) on `threads` threads;
/// `progress(area, keys decided, keys in all)` is called now and then from the calling thread.
pub fn build(
    min_area: usize,
    max_area: usize,
    threads: usize,
    mut progress: impl FnMut(usize, usize, usize),
) -> (SekiTable, Vec<AreaStats>) {
    let mut seki = Vec::new();
    let mut stats = Vec::new();
    for area in min_area..=max_area {
        let start = Instant::now();
        let (counts, reps) = distinct_keys(area);
        let candidates = counts.values().sum();
        let done = AtomicUsize::new(0);
        let next = AtomicUsize::new(0);
        let found = Mutex::new((Vec::new(), 0u64));
        std::thread::scope(|scope| {
            for _ in 0..threads.max(1) {
                scope.spawn(|| {
                    let mut mine = Vec::new();
                    let mut nodes = 0;
                    loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        let Some((key, rep)) = reps.get(i) else {
                            break;
                        };
                        let test = local_seki(&rep.board(), &rep.area);
                        nodes += test.nodes;
                        if test.verdict == LocalVerdict::Seki {
                            mine.push(*key);
                        }
                        done.fetch_add(1, Ordering::Relaxed);
                    }
                    let mut f = found.lock().unwrap_or_else(|e| e.into_inner());
                    f.0.extend(mine);
                    f.1 += nodes;
                });
            }
            let all = reps.len();
            loop {
                let d = done.load(Ordering::Relaxed);
                progress(area, d, all);
                if d >= all {
                    break;
                }
                std::thread::sleep(Duration::from_millis(500));
            }
        });
        let (keys, nodes) = found.into_inner().unwrap_or_else(|e| e.into_inner());
        let seki_candidates = keys.iter().map(|k| counts[k]).sum();
        stats.push(AreaStats {
            area,
            candidates,
            seki: seki_candidates,
            keys: reps.len(),
            seki_keys: keys.len(),
            nodes,
            elapsed: start.elapsed(),
        });
        seki.extend(keys);
    }
    (SekiTable::from_keys(seki), stats)
}

/// The legal candidates of an area size: how many share each key, and one of them per key (in
/// the order first met, so the build is deterministic).
pub fn distinct_keys(area: usize) -> (HashMap<SekiKey, usize>, Vec<(SekiKey, Candidate)>) {
    let mut counts: HashMap<SekiKey, usize> = HashMap::new();
    let mut reps = Vec::new();
    for_each_candidate(area, BOARD_SIZE, |c, legal| {
        if !legal {
            return;
        }
        let Some(key) = SekiKey::of(c.size, &c.area, &c.inner_black) else {
            return;
        };
        let count = counts.entry(key).or_insert(0);
        if *count == 0 {
            reps.push((key, c.clone()));
        }
        *count += 1;
    });
    (counts, reps)
}
