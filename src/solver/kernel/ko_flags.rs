//! What a search saw of the OR player's ko fighting: whether a result might change under other
//! ko rules ([`crate::solver::jobs::analysis`] decides from these which further searches a result needs).

/// Ko events of the OR player in a search (and, on a shared table, in every search whose results
/// it may have read: [`crate::solver::kernel::tt::TranspositionTable::ko_seen`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct KoFlags {
    /// A ko capture of the OR player was refused by its `disallow` ko rule.
    pub refused: bool,
    /// An OR play on a simple-ko point was refused: as a ko master (retaking at once) it might
    /// do better.
    pub banned: bool,
    /// The OR player made a ko capture (a capture that leaves a simple-ko point, a master's
    /// retake included): an opponent that is a ko master could retake it at once, one that is
    /// not could not.
    pub taken: bool,
}

impl KoFlags {
    /// No ko event at all.
    pub const NONE: KoFlags = KoFlags {
        refused: false,
        banned: false,
        taken: false,
    };

    /// The events of either.
    pub fn union(self, other: KoFlags) -> KoFlags {
        KoFlags {
            refused: self.refused || other.refused,
            banned: self.banned || other.banned,
            taken: self.taken || other.taken,
        }
    }

    /// Did anything happen whose outcome a ko rule decides? Without such an event the search
    /// tree is the same whoever may retake a ko at once: no OR ko capture was made (so the
    /// opponent never stood on a fresh ko point) and no OR play met a ko ban or a `disallow`.
    pub fn any(self) -> bool {
        self.refused || self.banned || self.taken
    }

    /// The flags as bits (shared tables keep them in one atomic byte).
    pub fn bits(self) -> u8 {
        u8::from(self.refused) | u8::from(self.banned) << 1 | u8::from(self.taken) << 2
    }

    /// [`KoFlags::bits`] read back.
    pub fn from_bits(bits: u8) -> KoFlags {
        KoFlags {
            refused: bits & 1 != 0,
            banned: bits & 2 != 0,
            taken: bits & 4 != 0,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bits_round_trip_and_union() {
        for bits in 0..8u8 {
            assert_eq!(KoFlags::from_bits(bits).bits(), bits);
        }
        let a = KoFlags::from_bits(1);
        let b = KoFlags::from_bits(4);
        assert_eq!(a.union(b).bits(), 5);
        assert!(!KoFlags::NONE.any() && a.any() && b.any());
    }
}
