//! What the local game of an area says, in four bits (the table stores one nibble per pattern).

/// Which end of the local game the attacker must force (see the module documentation of
/// [`super`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Target {
    /// No defender stone left in the area. Enough when the area holds every decisive point:
    /// the goal test ends the game at that moment.
    Capture,
    /// No defender stone left in the area *and* no legal defender play in it, so the defender
    /// can never come back. Needed when several areas must be emptied at once, or when the game
    /// does not end with the capture (`live-any` / `kill-all`).
    Seal,
}

/// The verdicts of one area position with the defender to move: per [`Target`], whether the
/// attacker forces it (*dead*) and whether the attacker, moving first, also has a move after
/// which the area is still dead that no simple-ko ban can forbid (*ban-proof*: two such moves,
/// or one that cannot be the ko point).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Verdict(u8);

const CAPTURE: u8 = 1;
const CAPTURE_BAN_PROOF: u8 = 2;
const SEAL: u8 = 4;
const SEAL_BAN_PROOF: u8 = 8;

impl Verdict {
    /// Nothing proven.
    pub const ALIVE: Verdict = Verdict(0);

    /// The verdict from its parts; a ban-proof bit without its dead bit, or a sealed area that is
    /// not captured, is dropped (they cannot hold).
    pub fn new(capture: bool, capture_ban_proof: bool, seal: bool, seal_ban_proof: bool) -> Self {
        let mut bits = 0;
        if capture {
            bits |= CAPTURE;
            if capture_ban_proof {
                bits |= CAPTURE_BAN_PROOF;
            }
            if seal {
                bits |= SEAL;
                if seal_ban_proof {
                    bits |= SEAL_BAN_PROOF;
                }
            }
        }
        Verdict(bits)
    }

    /// The four bits (capture, capture ban-proof, seal, seal ban-proof from the lowest).
    pub fn bits(self) -> u8 {
        self.0
    }

    /// A verdict read back from [`Verdict::bits`]; `None` for a combination that cannot occur.
    pub fn from_bits(bits: u8) -> Option<Verdict> {
        let v = Verdict::new(
            bits & CAPTURE != 0,
            bits & CAPTURE_BAN_PROOF != 0,
            bits & SEAL != 0,
            bits & SEAL_BAN_PROOF != 0,
        );
        (v.0 == bits).then_some(v)
    }

    /// Does the attacker force `target` with the defender moving first?
    pub fn dead(self, target: Target) -> bool {
        self.0
            & match target {
                Target::Capture => CAPTURE,
                Target::Seal => SEAL,
            }
            != 0
    }

    /// Does the attacker, moving first, have a move keeping the area dead for `target` that
    /// no ko ban can take away?
    pub fn ban_proof(self, target: Target) -> bool {
        self.0
            & match target {
                Target::Capture => CAPTURE_BAN_PROOF,
                Target::Seal => SEAL_BAN_PROOF,
            }
            != 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bits_round_trip_and_impossible_combinations_are_refused() {
        for bits in 0..16u8 {
            if let Some(v) = Verdict::from_bits(bits) {
                assert_eq!(v.bits(), bits);
                assert!(!v.dead(Target::Seal) || v.dead(Target::Capture));
                assert!(!v.ban_proof(Target::Seal) || v.dead(Target::Seal));
                assert!(!v.ban_proof(Target::Capture) || v.dead(Target::Capture));
            }
        }
        assert_eq!(Verdict::from_bits(2), None);
        assert_eq!(Verdict::from_bits(4), None);
        assert_eq!(Verdict::from_bits(1 | 8), None);
        assert!(Verdict::from_bits(15).is_some());
    }
}
