//! What df-pn knows of a node: its proof and disproof numbers and, once decided, its value
//! (a win with zone, best move and proof length, or a loss of one of three kinds), and the
//! earliest line index its value depends on.

use super::numbers::{from_table, to_table, Num, INF};
use crate::go::{Move, Zone};
use crate::solver::kernel::tt::Stored;

/// Why a node is lost for the OR player, from the most to the least final.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Loss {
    /// A proven failure.
    Proven,
    /// No win among the moves within the OR width: no failure, but final for a search of that
    /// width (the table keeps it for searches of the same width only; see `table_pool.rs`).
    Pruned,
    /// No win within the ply limit: no failure, and not kept.
    Cut,
}

/// A node's value for the OR player.
#[derive(Clone, Copy, Debug)]
pub(crate) enum State {
    Open,
    Win {
        zone: Zone,
        best: Option<Move>,
        dist: u32,
    },
    Lost(Loss),
}

/// A node's numbers, value, and the earliest index of the line (root first) its value depends
/// on (`usize::MAX`: none; a repetition of the position at index `i` of the line gives `i`).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Outcome {
    pub pn: Num,
    pub dn: Num,
    pub state: State,
    pub earliest: usize,
    /// The numbers the table keeps for an open node: its own, where `pn`/`dn` may be the
    /// virtual ones a helper thread gives its parent (`parallel.rs`).
    pub table: (Num, Num),
}

impl Outcome {
    pub fn open(pn: Num, dn: Num) -> Outcome {
        let (pn, dn) = (pn.clamp(1, INF - 1), dn.clamp(1, INF - 1));
        Outcome {
            pn,
            dn,
            state: State::Open,
            earliest: usize::MAX,
            table: (pn, dn),
        }
    }

    /// This open outcome with the node's own numbers for the table (see `table`).
    pub fn kept_as(mut self, pn: Num, dn: Num) -> Outcome {
        self.table = (pn.clamp(1, INF - 1), dn.clamp(1, INF - 1));
        self
    }

    pub fn win(zone: Zone, best: Option<Move>, dist: u32) -> Outcome {
        Outcome {
            pn: 0,
            dn: INF,
            state: State::Win { zone, best, dist },
            earliest: usize::MAX,
            table: (0, INF),
        }
    }

    pub fn lost(loss: Loss, earliest: usize) -> Outcome {
        Outcome {
            pn: INF,
            dn: 0,
            state: State::Lost(loss),
            earliest,
            table: (INF, 0),
        }
    }

    pub fn is_open(&self) -> bool {
        matches!(self.state, State::Open)
    }

    /// What a table entry says of a node with `plies` left, if it says anything: a win counts
    /// only when its proof fits in the plies left (as in the depth-first search, so extracted
    /// proofs get shorter down every line).
    pub fn from_stored(stored: Stored, plies: u32) -> Option<Outcome> {
        match stored {
            Stored::Win { zone, best, dist } if dist <= plies => {
                Some(Outcome::win(zone, best, dist))
            }
            Stored::Fail => Some(Outcome::lost(Loss::Proven, usize::MAX)),
            Stored::Bounds { pn: u32::MAX, .. } => Some(Outcome::lost(Loss::Pruned, usize::MAX)),
            Stored::Bounds { pn, dn } => Some(Outcome::open(from_table(pn), from_table(dn))),
            Stored::Win { .. } | Stored::NoProofWithin(_) => None,
        }
    }

    /// The table entry of this outcome, when it may be kept: `line_free` (it does not depend on
    /// the line above its node) for a final value; a loss to the ply limit is never kept.
    pub fn to_stored(self, line_free: bool) -> Option<Stored> {
        match self.state {
            State::Win { zone, best, dist } if line_free => Some(Stored::Win { zone, best, dist }),
            State::Lost(Loss::Proven) if line_free => Some(Stored::Fail),
            State::Lost(Loss::Pruned) if line_free => Some(Stored::Bounds {
                pn: u32::MAX,
                dn: 0,
            }),
            State::Open => Some(Stored::Bounds {
                pn: to_table(self.table.0),
                dn: to_table(self.table.1),
            }),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_entries_round_trip_and_line_dependent_values_are_not_kept() {
        let win = Outcome::win(Zone::new(), Some(Move::Pass), 3);
        let stored = win.to_stored(true).unwrap_or(Stored::Fail);
        assert!(matches!(
            Outcome::from_stored(stored, 3).map(|o| o.state),
            Some(State::Win { dist: 3, .. })
        ));
        // A proof longer than the plies left is no proof here.
        assert!(Outcome::from_stored(stored, 2).is_none());
        assert!(win.to_stored(false).is_none());
        let pruned = Outcome::lost(Loss::Pruned, usize::MAX);
        let stored = pruned.to_stored(true).unwrap_or(Stored::Fail);
        assert!(matches!(
            Outcome::from_stored(stored, 9).map(|o| o.state),
            Some(State::Lost(Loss::Pruned))
        ));
        assert!(Outcome::lost(Loss::Cut, usize::MAX)
            .to_stored(true)
            .is_none());
        let open = Outcome::open(5, 7);
        let back = open
            .to_stored(false)
            .and_then(|s| Outcome::from_stored(s, 0));
        assert!(matches!(back, Some(Outcome { pn: 5, dn: 7, .. })));
    }
}
