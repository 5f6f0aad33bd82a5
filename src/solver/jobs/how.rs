//! How a proven result comes about (plain, unconditional, seki, ko, …) and what follows from
//! it: the result without ko, and whether a proof ends in seki.

use crate::go::Color;
use crate::solver::kernel::search::Status;
use crate::solver::proof::{LeafKind, ProofTree};
use serde::{Deserialize, Serialize};

/// How a proven result comes about.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", tag = "kind")]
pub enum How {
    /// A plain win or failure, without ko (kills, and every result of the paper's goals).
    Plain,
    /// The defender lives unconditionally (Benson), seki not needed.
    Unconditional,
    /// The defender lives, but only in seki (it cannot reach unconditional life).
    Seki,
    /// The defender lives with seki counted, and unconditional life was not decided within the
    /// limits.
    AtLeastSeki,
    /// The OR player wins only by ko: with its ko captures allowed (GNU Go's KO_A when it takes
    /// the first ko capture), or only as a ko master, retaking at once (`needs_threat`: the
    /// opponent takes the first ko capture and the OR player needs a ko threat to take it back,
    /// GNU Go's KO_B). `first_capture`: who takes the shallowest ko capture of the proof
    /// ([`first_ko_capture`]; `None`: none found).
    Ko {
        first_capture: Option<Color>,
        needs_threat: bool,
    },
    /// The OR player fails without ko, and with ko the result is not decided within the limits.
    /// The analysis's solution is the failure without ko, with the stop of the ko search that
    /// was left undecided (limits reached, or stopped).
    KoUnknown,
    /// The OR player (the defender) fails in its own search, which counts a repetition against
    /// it, but so does the attacker's claim: the defender survives by endless play (see
    /// [`crate::solver::jobs::go_result`]). The solution is the defender's failed search; no proof exists.
    Endless,
}

/// The claim's result when neither side may rely on ko (a win by ko, or a ko left undecided,
/// is a failure), as the file's `TSRESULT` states it.
pub fn status_without_ko(status: Status, how: How) -> Status {
    match how {
        How::Ko { .. } | How::KoUnknown | How::Endless => Status::Fail,
        _ => status,
    }
}

/// Does any leaf of the proof end the game in seki (two passes with the defender's stones on
/// the board, or a seki the database knows)?
pub fn ends_in_seki(proof: &ProofTree) -> bool {
    proof
        .root
        .any_leaf(&|kind| matches!(kind, LeafKind::Seki | LeafKind::SekiArea))
}
