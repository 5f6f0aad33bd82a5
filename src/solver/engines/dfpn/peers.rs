//! What the threads of a parallel df-pn share besides the table ([`Peers`]): the nodes on
//! each thread's line, for virtual proof numbers, and the root decided by a helper
//! (`parallel.rs`).

use super::numbers::{add, Num};
use super::outcome::Outcome;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError};

/// `log2` of the marks per thread: lines are short, so collisions are rare and only make a
/// helper avoid a node it need not.
const MARK_BITS: u32 = 12;

/// What the threads of one parallel solve share besides the table.
pub struct Peers {
    /// Per thread, the keys of the nodes on its line (by the key's low bits).
    marks: Vec<Box<[AtomicU64]>>,
    /// A helper decided the root.
    decided: AtomicBool,
    /// What the first helper to decide the root found.
    root: Mutex<Option<Outcome>>,
    /// Set by the main thread when its search ends: the helpers stop.
    pub(super) stop: Arc<AtomicBool>,
}

impl Peers {
    /// The marks and flags of `threads` threads.
    pub(super) fn new(threads: usize) -> Peers {
        Peers {
            marks: (0..threads)
                .map(|_| (0..1 << MARK_BITS).map(|_| AtomicU64::new(0)).collect())
                .collect(),
            decided: AtomicBool::new(false),
            root: Mutex::new(None),
            stop: Arc::new(AtomicBool::new(false)),
        }
    }

    fn slot(key: u64) -> usize {
        (key as usize) & ((1 << MARK_BITS) - 1)
    }

    /// `thread` enters the node `key`.
    pub fn enter(&self, thread: usize, key: u64) {
        self.marks[thread][Self::slot(key)].store(key, Ordering::Relaxed);
    }

    /// `thread` leaves the node `key`.
    pub fn leave(&self, thread: usize, key: u64) {
        let _ = self.marks[thread][Self::slot(key)].compare_exchange(
            key,
            0,
            Ordering::Relaxed,
            Ordering::Relaxed,
        );
    }

    /// The number `n` of the child `key` as helper `thread` sees it: larger when the child is
    /// on another thread's line. The main thread (0) sees every number as it is.
    pub fn virtual_number(&self, thread: usize, key: u64, n: Num) -> Num {
        if thread == 0 {
            return n;
        }
        let slot = Self::slot(key);
        let busy = self
            .marks
            .iter()
            .enumerate()
            .any(|(t, m)| t != thread && m[slot].load(Ordering::Relaxed) == key);
        if busy {
            add(n, n / 2 + 1)
        } else {
            n
        }
    }

    /// Whether a helper decided the root.
    pub fn decided(&self) -> bool {
        self.decided.load(Ordering::Acquire)
    }

    /// A helper decided the root with `out` (the first one to do so is kept).
    pub(super) fn root_decided(&self, out: Outcome) {
        let mut root = self.root.lock().unwrap_or_else(PoisonError::into_inner);
        if root.is_none() {
            *root = Some(out);
        }
        self.decided.store(true, Ordering::Release);
    }

    /// What a helper decided the root with.
    pub(super) fn root(&self) -> Option<Outcome> {
        *self.root.lock().unwrap_or_else(PoisonError::into_inner)
    }
}
