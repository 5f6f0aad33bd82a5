//! The move rules of a search: which moves a side may make at a node, and why a move is refused.
//!
//! - Plays are the empty points of the problem's region that are legal under simple ko and the
//!   no-suicide rule ([`Board::check`]).
//! - A side whose ko rule is [`KoRule::Disallow`] never makes a ko capture (a capture that leaves
//!   a simple-ko point); a [`KoRule::Master`] may retake a ko at once, despite the simple-ko ban
//!   (it always has a ko threat).
//! - Repetition: by default simple ko only, and the search counts a repeated position as a
//!   failure of the OR player (see `search.rs`). With positional superko switched on, a play that
//!   recreates a stone configuration of the current line is refused for both sides. Such refusals
//!   make results depend on the line above a node (graph-history interaction); the search tracks
//!   them.
//! - Passing: the AND player may always pass. Two passes in a row end the game; its winner is
//!   [`Rules::two_pass_winner`]: the defender when seki is life (goals `live`/`kill`: a crucial
//!   stone is still on the board; `live-any-seki`/`kill-all-seki`: when a stone of the defender
//!   is), else the attacker (the paper's goals: the defender did not reach unconditional life). The OR player passes only when it is that winner: otherwise its
//!   pass lets the opponent end the game at once.

use crate::go::{Board, ByColor, Color, Move, Point, Zone};
use crate::problem::Problem;
use crate::solver::kernel::leaf::leak;
use crate::solver::kernel::outside_watch::watches;

/// Why a play is refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// Occupied or suicide.
    Illegal,
    /// The simple-ko point of a side that is no ko master.
    KoBan,
    /// A ko capture by a side whose ko rule is `disallow`; `captured` is the stone it would take.
    KoCaptureDisallowed { captured: Point },
    /// The play recreates the position at this index of the line's history.
    Superko { index: usize },
}

/// The rules of one search.
#[derive(Clone, Debug)]
pub struct Rules {
    pub region: Zone,
    pub size: usize,
    pub or_player: Color,
    pub defender: Color,
    pub no_ko_capture: ByColor<bool>,
    /// Sides that are ko masters ([`KoRule::Master`]): they may retake a ko at once.
    pub ko_master: ByColor<bool>,
    pub superko: bool,
    /// The goal counts seki as life (`live`/`kill`, `live-any-seki`/`kill-all-seki`): a game
    /// ended by two passes is the defender's (for the kill-all pair, when it has a stone left).
    pub seki_is_life: bool,
    /// The goal is about every stone of the defender (no crucial stones).
    pub any_stone: bool,
    /// The region whose defender blocks a two-pass win may not leave: for the every-block
    /// goals and the defender's claim of an open-boundary problem, a game ended by two passes
    /// while a defender block on or beside the region has a liberty outside it is the
    /// attacker's ([`watched_leak`]).
    pub watched: Option<Zone>,
    /// A territory is claimed ([`Problem::territory`]): a game ended by two passes is the
    /// attacker's (the goal test decides every position where the claim holds).
    pub territory: bool,
}

/// Has a `defender` block on or beside `region` a liberty outside it? Such a block cannot be
/// captured inside the region, so a game ended by two passes may not count its survival (or
/// the help it gives the crucial blocks) as life: the attacker might capture it from outside.
/// Benson's life needs no such help, and is tested by the goal test, not here.
pub fn watched_leak(board: &Board, defender: Color, region: &Zone) -> bool {
    let watched = board
        .stones(defender)
        .intersection(&region.grow(board.size()));
    leak(board, &watched, region).is_some()
}

impl Rules {
    pub fn new(problem: &Problem, superko: bool) -> Rules {
        Rules {
            region: problem.region(),
            size: problem.size(),
            or_player: problem.or_player(),
            defender: problem.defender(),
            no_ko_capture: ByColor::new(
                !problem.ko_rule(Color::Black).captures_kos(),
                !problem.ko_rule(Color::White).captures_kos(),
            ),
            ko_master: ByColor::new(
                problem.ko_rule(Color::Black).ignores_ko_ban(),
                problem.ko_rule(Color::White).ignores_ko_ban(),
            ),
            superko,
            seki_is_life: problem.goal().seki_is_life(),
            any_stone: !problem.goal().needs_crucial_stones(),
            watched: watches(problem).then(|| problem.region()),
            territory: !problem.territory().is_empty(),
        }
    }

    /// The attacker (the side that wants the defender dead).
    pub fn attacker(&self) -> Color {
        self.defender.opponent()
    }

    /// The side that wins when the game ends by two passes in a row on `board`. (With crucial
    /// stones the goal test has decided every position without one on the board, and for the
    /// every-block goals every position missing any, so only the kill-all goals look at the
    /// board.)
    pub fn two_pass_winner(&self, board: &Board) -> Color {
        let defender_left = !self.any_stone || !board.stones(self.defender).is_empty();
        let leaks = self
            .watched
            .is_some_and(|region| watched_leak(board, self.defender, &region));
        if self.seki_is_life && defender_left && !leaks && !self.territory {
            self.defender
        } else {
            self.attacker()
        }
    }

    /// Does the OR player win a game ended by two passes on `board`?
    pub fn or_wins_two_passes(&self, board: &Board) -> bool {
        self.two_pass_winner(board) == self.or_player
    }

    /// May `c` pass at an internal node on `board`? The AND player always; the OR player only
    /// when two passes win for it.
    pub fn may_pass(&self, c: Color, board: &Board) -> bool {
        c != self.or_player || self.or_wins_two_passes(board)
    }

    /// Play `p` for `c` as a recorded move when the rules allow it; on refusal the board is
    /// unchanged. `history` holds the stone hashes of the line (positional superko).
    pub fn try_play(
        &self,
        board: &mut Board,
        c: Color,
        p: Point,
        history: &[u64],
    ) -> Result<(), Refusal> {
        if !board.is_empty(p) || board.is_suicide(c, p) {
            return Err(Refusal::Illegal);
        }
        if board.ko_point_for(c) == Some(p) {
            if !*self.ko_master.get(c) {
                return Err(Refusal::KoBan);
            }
            board.play_recorded_lifting_ko(c, Move::Play(p));
        } else {
            board.play_recorded(c, Move::Play(p));
        }
        if *self.no_ko_capture.get(c) {
            if let Some((captured, _)) = board.ko() {
                board.undo();
                return Err(Refusal::KoCaptureDisallowed { captured });
            }
        }
        if self.superko {
            let h = board.hash();
            if let Some(index) = history.iter().position(|&x| x == h) {
                board.undo();
                return Err(Refusal::Superko { index });
            }
        }
        Ok(())
    }

    /// Play `mv` (a pass, or a play as [`Rules::try_play`]).
    pub fn try_move(
        &self,
        board: &mut Board,
        c: Color,
        mv: Move,
        history: &[u64],
    ) -> Result<(), Refusal> {
        match mv {
            Move::Pass => {
                board.play_recorded(c, Move::Pass);
                Ok(())
            }
            Move::Play(p) => self.try_play(board, c, p, history),
        }
    }
}
