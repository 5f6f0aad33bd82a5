//! When an area's boundary fails with the attacker to move, the blocks that live all the same.
//!
//! An area's claim is that *every* boundary block lives ([`crate::problem::Goal::LiveAll`]), so
//! one weak block (a cutting stone, a block in atari) fails it and with it the strong ones: in
//! GNU Go's games the areas merged from several zones have 5–19 boundary blocks, and most of
//! those that fail do so by one or two of them. So when the claim fails, the blocks the
//! attacker's proof takes are dropped and the claim asked again of the others, up to
//! [`MAX_TRIES`] times: the blocks dropped are the crucial blocks whose stones are gone at the
//! end of the main line of the attacker's proof (its first move at each of its own nodes, the
//! first answer searched at each of the defender's), the line where the attacker's play works.
//!
//! **Why a won claim proves its blocks safe.** It is the area's claim with fewer crucial stones
//! (the same board, region and attacker to move): an every-block claim like any other, with its
//! leak rule and outside watch, its proof checked by the independent checker. The dropped
//! blocks are defender stones of the region like any other non-crucial stones: their liberties
//! lie in the area's interior or among its boundary blocks' outside liberties, all in the
//! region, so the watch never reads them as reaching outside.
//!
//! Which blocks to drop is only a choice of claim: a wrong choice costs a search, never a
//! wrong result.

use crate::go::partition::Area;
use crate::go::{Board, Color, Zone};
use crate::problem::Problem;
use crate::solver::jobs::analysis::Analysis;
use crate::solver::jobs::area_safety::{
    boundary_stones, checked_status, claim_in, AreaSafety, BoundarySafety, ClaimSolver,
};
use crate::solver::kernel::search::Status;

/// The most claims asked of one failed area.
pub const MAX_TRIES: usize = 3;

/// The stones (whole blocks, as they stand in `failed`'s position) of `failed`'s crucial
/// blocks that the main line of the attacker's proof of its failure captures; `None` when it
/// has no such proof or the line captures none of them (the attacker wins otherwise: a leak, the
/// outside watch, two passes).
pub fn captured_on_main_line(failed: &Analysis) -> Option<Zone> {
    let (claim, solution) = failed.opposite.as_deref()?;
    let proof = solution.proof.as_ref()?;
    let start = claim.board();
    let mut board = start.clone();
    let mut node = &proof.root;
    while let Some(child) = node.children.first() {
        if let (Some(mv), Some(player)) = (child.mv, child.player) {
            board.play(player, mv).ok()?;
        }
        node = child;
    }
    let defender = failed.claim.or_player();
    let mut captured = Zone::new();
    for p in failed.claim.crucial().iter() {
        if board.color_at(p) != Some(defender) && !captured.contains(p) {
            captured.union_with(&start.block_stones(p));
        }
    }
    (!captured.is_empty()).then_some(captured)
}

/// Might some boundary blocks of `judged`'s area live though its boundary fails: the
/// attacker's checked win captures some crucial block on its main line, and no claim of the
/// others was won yet?
pub fn may_have_survivors(judged: &AreaSafety) -> bool {
    matches!(
        judged.safety,
        BoundarySafety::SafeIfDefended | BoundarySafety::Unsafe
    ) && judged.survivors.is_none()
        && checked_status(&judged.attacker_first.1) == Status::Fail
        && captured_on_main_line(&judged.attacker_first.1).is_some()
}

/// The claim, and its won analysis, that the boundary blocks of `area` left after dropping the
/// ones the attacker takes live with the attacker to move in `region` (the failed claim's;
/// see the module documentation), `failed` being the analysis of the area's own claim (a
/// checked failure); each claim solved by `claims`. `None` when no try wins.
pub(crate) fn surviving_blocks(
    board: &Board,
    defender: Color,
    area: &Area,
    region: Zone,
    failed: &Analysis,
    claims: &mut ClaimSolver,
) -> Option<(Problem, Analysis)> {
    let mut crucial = boundary_stones(area);
    let mut dropped = captured_on_main_line(failed)?;
    for _ in 0..MAX_TRIES {
        crucial = crucial.difference(&dropped);
        if crucial.is_empty() {
            return None;
        }
        let claim = claim_in(
            board,
            defender,
            region,
            crucial,
            defender.opponent(),
            Zone::new(),
        )
        .ok()?;
        let (claim, analysis) = claims.solve(claim);
        match checked_status(&analysis) {
            Status::Win => return Some((claim, analysis)),
            Status::Fail => dropped = captured_on_main_line(&analysis)?,
            Status::Unknown => return None,
        }
    }
    None
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::go::partition::partition;
    use crate::go::Point;
    use crate::solver::jobs::area_safety::{judge_area, test_run};
    use crate::solver::jobs::board_safety::side_safety;
    use std::sync::Arc;
    use std::time::{Duration, Instant};

    /// Black's corner: the wall (six stones round D8) and the stone B9 inside live, but E9, in
    /// atari with its one liberty D9 in the corner, does not: White takes it first. The area's
    /// claim fails with White to move; dropping E9, the block White's proof captures, the
    /// claim of the others is won.
    fn corner() -> Board {
        Board::from_ascii(
            ". X . . X O . . .
             . . . X O O . . .
             X X X X X O . . .
             O O O O O O . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .",
        )
        .unwrap()
    }

    #[test]
    fn the_blocks_the_attackers_proof_does_not_take_live() {
        let board = corner();
        let run = test_run("surviving blocks tests");
        let area = partition(&board, Color::Black).areas.remove(0);
        let judged = judge_area(&board, Color::Black, &area, &run, Arc::default(), None).unwrap();
        assert_ne!(judged.safety, BoundarySafety::Safe);
        assert_eq!(judged.safe_stones(&area), None);
        let e9 = board.block_stones(Point::new(4, 0));
        assert_eq!(captured_on_main_line(&judged.attacker_first.1), Some(e9));
        assert!(may_have_survivors(&judged));
        let mut claims = ClaimSolver::new(&run, Arc::default(), None);
        let failed = &judged.attacker_first.1;
        let region = judged.attacker_first.0.region();
        let (claim, analysis) =
            surviving_blocks(&board, Color::Black, &area, region, failed, &mut claims).unwrap();
        assert_eq!(checked_status(&analysis), Status::Win);
        let survivors = boundary_stones(&area).difference(&e9);
        assert_eq!(claim.crucial(), survivors);
        assert_eq!(survivors.len(), 7);
        // A board's judging asks it in its second round and counts the seven stones.
        let deadline = Some(Instant::now() + Duration::from_secs(30));
        let side = side_safety(
            &board,
            Color::Black,
            &[area],
            &run,
            Arc::default(),
            deadline,
        );
        assert_eq!(side.safe_stones, survivors);
        // Without a deadline there is no second round: nothing counts.
        let area = partition(&board, Color::Black).areas.remove(0);
        let side = side_safety(&board, Color::Black, &[area], &run, Arc::default(), None);
        assert!(side.safe_stones.is_empty());
    }
}
