//! The outside watch of a claim whose region does not enclose the fight: a defender block on
//! or beside the region that keeps a liberty outside it is judged as if the attacker had
//! filled every such liberty.
//!
//! The search plays only inside the problem's region. The attacker's moves outside it are as
//! good as passes only while they cannot change anything the search reads: the liberties of the
//! blocks it plays with. An attacker block that reaches outside is the wall, taken as safe in
//! every problem. A *defender* block on or beside the region with a liberty outside it can be
//! shortened or captured from outside (GNU Go's `owl:41`: a White stone the search played on the
//! region's edge, in atari through a liberty outside it, was counted in White's life). So for
//! the every-block goals and the defender's claim of an open-boundary problem ([`watches`]) the
//! search reads such a block *pessimistically*: as if its outside liberties were filled by the
//! attacker, which is what the attacker's moves outside can do. In that reading the block is
//! captured when its last liberty inside the region is filled, and in atari when one is left.
//! Both are a failure of the defender ([`OutsideWatch::failing`], tested after life: Benson's
//! life holds whatever is played anywhere):
//! - no liberty in the region: the attacker captures it (after filling the outside);
//! - one liberty in the region: the attacker to move captures it there; the defender to move
//!   could escape, but the test does not know who moves, so the rule takes the attacker's
//!   view. This also keeps the real board's moves the pessimistic reading's: an attacker's
//!   play that would capture such a block in that reading but is suicide on the real board (the
//!   block keeps its outside liberty) is the capture of a block with one liberty in the region,
//!   and that position already failed. Every other play is legal in both readings alike (the
//!   two differ only in watched blocks' liberties; a defender's play that leaves its block no
//!   liberty in the region is legal on the board and fails at once).
//!
//! Then a defender's proof is a proof on the whole board: an attacker's move outside changes
//! nothing the pessimistic reading reads (it may only fill a liberty the reading counts as
//! filled, or capture a block with none in the region, a position that failed), so it is a
//! pass, which the search answers. A block with two liberties or more in the region is not a
//! failure: the attacker must still fill them inside, where the defender answers. (A first
//! version failed every such block at once, whatever its liberties in the region: areas whose
//! boundary touches other groups failed at their root; BENCHMARKS, "Safety of territory in
//! games".)
//!
//! Exempt are the blocks that stay unconditionally alive whatever the search plays
//! ([`lasting_safe`]): unconditionally alive at the start with no vital region in the region.
//! Neither side can play in those regions, the attacker cannot capture such a block and the
//! defender cannot fill its eyes, so the set keeps its two vital regions each on every line; a
//! block joined to one of them later is exempt too.
//!
//! **Zones.** A failing block's zone is the block with its neighbours (a position agreeing
//! there has the same block, with the same liberties inside and outside the region, and holds
//! the same exempt stones or none). A defender's win holds the *witness*
//! ([`OutsideWatch::witness`]): every defender block on or beside the region with its
//! neighbours. Then every position `q` that agrees with a won node on its zone and has **no
//! leak itself** (no watched block with a liberty outside, [`OutsideWatch::leak`]) is won too,
//! with the same rule's answers on every line of the proof replayed from it:
//! - a leak needs a defender block with a liberty outside the region. An attacker's move makes
//!   none: its stone takes liberties, and the points of a block it captures touch no other
//!   defender block (a defender stone beside them would have been in the captured block);
//! - a defender's move joins the blocks beside it: at the leaf its block (on the region, so in
//!   the witness) and all its neighbours are in the zone, so in `q` the move makes the same
//!   block with the same liberties as in the proof;
//! - a defender's capture frees points beside the blocks around the captured stones, which
//!   the capture rule of the dilation puts in the zone, so those blocks are the same too;
//! - a block of `q` on or beside the region outside the zone does not leak in `q` and, by the
//!   three points above, never starts to; the blocks inside the zone are the proof's, with the
//!   proof's liberties (an attacker's null move outside the zone touches none of them).
//!
//! A block on or beside the region only grows along a line (it cannot be captured inside the
//! region while it has a liberty outside it), so a leaf's witness holds each such block of the
//! nodes above it with its neighbours. The one thing the zone does not show is a leak of `q`
//! itself (a block outside the zone reaching outside, whose liberties in the region null moves
//! could fill): a win is applied only to positions the goal test has seen or that an attacker's
//! move made from one (a null move), never to a position with a leak of its own
//! ([`OutsideWatch::leak`] is asked before the pattern table's wins, `Solver::pattern_win`). The
//! checker reads the rule the same way on its own (`proof::checker`).

use crate::go::benson::lasting_safe;
use crate::go::{Board, Color, Zone};
use crate::problem::Problem;
use crate::solver::kernel::dilate::blocks_and_neighbours;

/// The most liberties inside the region a leaking block may keep and still fail the defender:
/// one (in atari there, in the pessimistic reading).
pub const MAX_FAILING_LIBERTIES: usize = 1;

/// Is the claim of `problem` watched: an every-block goal, or the defender's claim of an
/// open-boundary problem?
pub fn watches(problem: &Problem) -> bool {
    let goal = problem.goal();
    goal.every_crucial_block() || (problem.is_open() && goal.or_defends())
}

/// The watch of one claim: its region and the defender stones exempt from it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OutsideWatch {
    region: Zone,
    /// The defender stones lastingly safe in the problem's position
    /// ([`crate::go::benson::lasting_safe`]).
    exempt: Zone,
}

impl OutsideWatch {
    /// The watch of `problem`'s claim, `None` when it is not watched ([`watches`]).
    pub fn of(problem: &Problem) -> Option<OutsideWatch> {
        watches(problem).then(|| OutsideWatch {
            region: problem.region(),
            exempt: lasting_safe(problem.board(), problem.defender(), &problem.region()),
        })
    }

    /// A `defender` block on or beside the region, holding no exempt stone, with a liberty
    /// outside the region and at most [`MAX_FAILING_LIBERTIES`] liberties inside it: a failure
    /// of the defender (the module's pessimistic reading). The block with its neighbours (the
    /// first such block in zone order).
    pub fn failing(&self, board: &Board, defender: Color) -> Option<Zone> {
        let inside = board.empty_points().intersection(&self.region);
        self.find_leaking(board, defender, |around| {
            around.intersection(&inside).len() <= MAX_FAILING_LIBERTIES
        })
    }

    /// A `defender` block on or beside the region, holding no exempt stone, with a liberty
    /// outside the region, whatever its liberties inside: the block with its neighbours. A
    /// position with none is one a stored win may be applied to (the module's "Zones").
    pub fn leak(&self, board: &Board, defender: Color) -> Option<Zone> {
        self.find_leaking(board, defender, |_| true)
    }

    /// The first leaking block (a `defender` block on or beside the region, holding no exempt
    /// stone, with a liberty outside the region) whose neighbours `keep` accepts, as the block
    /// with its neighbours.
    fn find_leaking(
        &self,
        board: &Board,
        defender: Color,
        keep: impl Fn(&Zone) -> bool,
    ) -> Option<Zone> {
        let size = board.size();
        let outside = board.empty_points().difference(&self.region);
        if outside.is_empty() {
            return None;
        }
        let near = board.stones(defender).intersection(&self.region.grow(size));
        // (Bound first: the iterator borrows `near`.)
        let found = board.blocks_of(&near).find_map(|(_, block)| {
            let around = block.grow(size);
            (!block.intersects(&self.exempt) && around.intersects(&outside) && keep(&around))
                .then_some(around)
        });
        found
    }

    /// What a defender's win must hold to show there is no leak on the lines to it: every
    /// defender block on or beside the region with its neighbours (the argument: the module's
    /// documentation, "Zones").
    pub fn witness(&self, board: &Board, defender: Color) -> Zone {
        let near = self.region.grow(board.size());
        blocks_and_neighbours(board, &board.stones(defender).intersection(&near))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::go::Point;
    use crate::problem::{Goal, ProblemSetup};
    use crate::solver::fixtures::{board, zone};

    const ROWS: &str = "
        . O . O X . .
        O O O O X . .
        X X X X X . .
        . . . . . . .
        . . X . . . .
        . X O X . . .
        . . . . . . .
    ";

    /// A live-all claim for White on `ROWS` with the corner group crucial, the region the
    /// points `(x, y)` for which `inside` holds.
    fn claim(inside: impl Fn(usize, usize) -> bool) -> Problem {
        claim_on(ROWS, (1, 0), inside)
    }

    /// A live-all claim for White on `rows` (7x7) with the block at `crucial` crucial, the
    /// region the points `(x, y)` for which `inside` holds.
    fn claim_on(
        rows: &str,
        crucial: (usize, usize),
        inside: impl Fn(usize, usize) -> bool,
    ) -> Problem {
        let b = board(rows);
        let mut setup = ProblemSetup::from_board(&b, Color::Black);
        setup.or_player = Some(Color::White);
        setup.goal = Some(Goal::LiveAll);
        setup.crucial = zone(&[crucial]);
        let points: Vec<(usize, usize)> = (0..7)
            .flat_map(|x| (0..7).map(move |y| (x, y)))
            .filter(|&(x, y)| inside(x, y))
            .collect();
        setup.region = Some(zone(&points));
        setup.validate().unwrap()
    }

    /// A White two-stone block in the open, reaching outside the region: with two liberties or
    /// more inside the region it leaks but does not fail (the attacker must still fill them
    /// inside); with one it fails (in atari once the outside is filled), and with none too.
    #[test]
    fn a_leaking_block_fails_with_at_most_one_liberty_inside_the_region() {
        const OPEN: &str = "
            . . . . . . .
            . . . . . . .
            . . O O . . .
            . . . . . . .
            . . . . . . .
            . . . . . . .
            O O O . . . .
        ";
        let white = Color::White;
        // The region: the rows below the block (C4 and D4 are its liberties there).
        let two = claim_on(OPEN, (0, 6), |_, y| y >= 3);
        let watch = OutsideWatch::of(&two).unwrap();
        assert!(watch.leak(two.board(), white).is_some());
        assert_eq!(watch.failing(two.board(), white), None);
        // Only C4 of the row below: one liberty inside.
        let one = claim_on(OPEN, (0, 6), |x, y| y >= 4 || (x, y) == (2, 3));
        let watch = OutsideWatch::of(&one).unwrap();
        let failing = watch.failing(one.board(), white).expect("in atari inside");
        assert!(failing.contains(Point::new(2, 2)) && failing.contains(Point::new(2, 3)));
        // Black on C4 and D4: beside the region with none of its liberties inside.
        const BLOCKED: &str = "
            . . . . . . .
            . . . . . . .
            . . O O . . .
            . . X X . . .
            . . . . . . .
            . . . . . . .
            O O O . . . .
        ";
        let none = claim_on(BLOCKED, (0, 6), |_, y| y >= 3);
        assert!(OutsideWatch::of(&none)
            .unwrap()
            .failing(none.board(), white)
            .is_some());
    }

    /// The lower left of the board below the White corner, without C1 (below the lone White
    /// stone) when `c1` is false.
    fn lower_left(x: usize, y: usize, c1: bool) -> bool {
        y >= 2 && x <= 4 && (c1 || (x, y) != (2, 6))
    }

    /// A White stone in the region whose liberty lies outside it leaks; the White corner beside
    /// the region, alive with both eyes outside it, is exempt; with an eye in the region it is
    /// not (the defender could fill it), and it leaks.
    #[test]
    fn a_defender_block_with_a_liberty_outside_the_region_leaks() {
        let problem = claim(|x, y| lower_left(x, y, false));
        let watch = OutsideWatch::of(&problem).expect("watched");
        assert!(watch.exempt.contains(Point::new(1, 0)));
        let leak = watch
            .leak(problem.board(), Color::White)
            .expect("the lone stone leaks");
        assert!(leak.contains(Point::new(2, 5)) && leak.contains(Point::new(2, 6)));
        assert!(!leak.contains(Point::new(1, 0)));
        // With the lone stone's liberty inside the region: no leak.
        let closed = claim(|x, y| lower_left(x, y, true));
        let watch = OutsideWatch::of(&closed).unwrap();
        assert_eq!(watch.leak(closed.board(), Color::White), None);
        // The corner's eye A7 inside the region: the group is not exempt, and leaks first.
        let eye_in = claim(|x, y| lower_left(x, y, true) || (x, y) == (0, 0));
        let watch = OutsideWatch::of(&eye_in).unwrap();
        assert!(!watch.exempt.contains(Point::new(1, 0)));
        let leak = watch.leak(eye_in.board(), Color::White).unwrap();
        assert!(leak.contains(Point::new(1, 0)) && leak.contains(Point::new(2, 0)));
    }

    /// The witness holds the defender blocks on or beside the region with their neighbours,
    /// not the region itself.
    #[test]
    fn the_witness_holds_the_defender_blocks_on_or_beside_the_region() {
        let below = claim(|_, y| y >= 3);
        let watch = OutsideWatch::of(&below).unwrap();
        let w = watch.witness(below.board(), Color::White);
        let lone = zone(&[(2, 5), (1, 5), (3, 5), (2, 4), (2, 6)]);
        assert_eq!(
            w, lone,
            "the lone stone with its neighbours; the corner is not beside"
        );
        let higher = claim(|_, y| y >= 2);
        let watch = OutsideWatch::of(&higher).unwrap();
        let w = watch.witness(higher.board(), Color::White);
        assert!(w.contains(Point::new(0, 0)) && w.contains(Point::new(3, 0)));
        assert!(lone.is_subset(&w) && !w.contains(Point::new(6, 6)));
    }

    /// Only the watched claims have a watch.
    #[test]
    fn a_closed_live_claim_is_not_watched() {
        let b = board(ROWS);
        let mut setup = ProblemSetup::from_board(&b, Color::Black);
        setup.or_player = Some(Color::White);
        setup.goal = Some(Goal::Live);
        setup.crucial = zone(&[(1, 0)]);
        assert_eq!(OutsideWatch::of(&setup.validate().unwrap()), None);
    }
}
