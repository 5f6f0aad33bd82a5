//! The boundary safety of an open-boundary area (Safety Solver 2.0, §2 and §4): is every
//! defender block on the area's boundary safe when the attacker moves first, and if not, when
//! the defender does?
//!
//! An area of the board partition ([`crate::go::partition::Area`]) becomes a claim
//! ([`area_claim`]): the board as it is, the goal `live-all` (every crucial block lives, seki
//! counted) with the boundary blocks as crucial stones, and as the region the moves of the
//! paper's move generation (§5.1): the interior, the boundary gap points, their layer-one and
//! layer-two points, and every liberty of the boundary blocks outside the interior. The leak
//! rule of the every-block goals (`kernel/leaf.rs`) makes a proven win hold on the whole board:
//! the attacker's moves outside the region are as good as passes while no boundary block has
//! a liberty out there, and a position where one has counts against the defender. The claims
//! are asked of the solve service ([`crate::solver::jobs::service`]) and certified there.
//!
//! An area whose boundary is safe is then asked to be *territory safe* (Safety Solver 2.0,
//! §2.2; [`judge_area_in`]): the same claim with the interior as its territory
//! ([`Problem::territory`]): every boundary block lives and every interior point ends safe for
//! the defender without search ([`crate::go::safe_points`]: the attacker can neither live
//! inside nor take a point of it); a game ended by two passes before the territory is safe is
//! the attacker's, so seki inside is no territory.
//!
//! The paper's pruning of the defender's moves (pure external liberties, layer two) is not
//! applied: it is a pruning of the defender's choices, which a proof of the attacker's win may
//! not make; the search's relevance zones do the pruning instead.

use crate::go::partition::Area;
use crate::go::{Board, Color, Zone};
use crate::problem::{Goal, Problem, ProblemSetup, ValidationErrors};
use crate::solver::jobs::analysis::Analysis;
use crate::solver::jobs::service::{certify_reported, search, ReproFile, SolveRequest};
use crate::solver::kernel::search::{Status, StopReason};
use crate::solver::kernel::table_pool::TablePool;
use crate::solver::proof::certify::CheckVerdict;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Instant;

/// The region searched for `area`: its interior, boundary gap points with their layer-one and
/// layer-two points, the removed connectible points and every liberty of its boundary blocks.
/// The defender's other blocks on or beside it may reach outside: the outside watch reads them
/// as if the attacker had filled their outside liberties, so they fail the claim only with one
/// liberty or none inside the region. (With the first watch, which failed every such block,
/// the region took in their liberties, up to 96 empty points: in games those blocks chain
/// across the board, and the regions grew past what a second proves. Without that growth:
/// 32.0–32.8 points per game on the 30 GNU Go games at 1 s a claim, against 22.1; BENCHMARKS,
/// "Safety of territory in games", 2026-11-29. A region grown by the liberties of the blocks
/// that fail the watch is tried only when the area's own fails so:
/// [`crate::solver::jobs::watched_growth`].) Areas judged together are claimed in the union of
/// their claim regions ([`crate::solver::jobs::joint_safety`]).
pub fn area_region(area: &Area) -> Zone {
    let mut region = area.interior.union(&area.removed);
    for d in &area.dividers {
        region.insert(d.point);
        region.union_with(&d.layer_one);
        region.union_with(&d.layer_two);
    }
    for b in &area.blocks {
        region.union_with(&b.external_liberties);
    }
    region
}

/// The boundary stones of `area`: the crucial stones of its claim.
pub fn boundary_stones(area: &Area) -> Zone {
    area.blocks
        .iter()
        .fold(Zone::new(), |acc, b| acc.union(&b.stones))
}

/// The defender's claim that every boundary block of `area` lives in its region
/// ([`area_region`]), `to_move` to play.
pub fn area_claim(
    board: &Board,
    defender: Color,
    area: &Area,
    to_move: Color,
) -> Result<Problem, ValidationErrors> {
    let (region, crucial) = (area_region(area), boundary_stones(area));
    claim_in(board, defender, region, crucial, to_move, Zone::new())
}

/// The defender's claim that every block holding a stone of `crucial` lives, in `region`,
/// with `territory` claimed too when not empty, `to_move` to play.
pub fn claim_in(
    board: &Board,
    defender: Color,
    region: Zone,
    crucial: Zone,
    to_move: Color,
    territory: Zone,
) -> Result<Problem, ValidationErrors> {
    let mut setup = ProblemSetup::from_board(board, to_move);
    setup.or_player = Some(defender);
    setup.goal = Some(Goal::LiveAll);
    setup.region = Some(region);
    setup.crucial = crucial;
    setup.territory = territory;
    setup.validate()
}

/// How safe an area's boundary is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BoundarySafety {
    /// Every boundary block lives even with the attacker to move: safe, nothing to answer.
    Safe,
    /// The attacker moving first breaks it, the defender moving first keeps it: the defender
    /// must answer a move here (the paper's "unsafe when the attacker plays first").
    SafeIfDefended,
    /// The attacker breaks it whoever moves first (locally: the defender's moves outside the
    /// area, connections and counterattacks, are not searched).
    Unsafe,
    /// Not decided within the limits.
    Unknown,
}

/// The judgement of one area: the result and the analyses behind it, each certified.
pub struct AreaSafety {
    pub safety: BoundarySafety,
    /// The territory claim with the attacker to move and its analysis (the module documentation),
    /// asked only of an area whose boundary is [`BoundarySafety::Safe`] (territory safety needs
    /// it).
    pub territory: Option<(Problem, Analysis)>,
    /// The claim with the attacker to move, and its analysis.
    pub attacker_first: (Problem, Analysis),
    /// With the defender to move, when the attacker's move broke it.
    pub defender_first: Option<(Problem, Analysis)>,
    /// When the attacker's move broke it: the claim that the boundary blocks the attacker's
    /// proof does not take live, won ([`crate::solver::jobs::surviving_blocks`]; asked in
    /// the second round of a board's judging).
    pub survivors: Option<(Problem, Analysis)>,
    /// Reproduction files of rejected proofs (a solver bug), if any.
    pub repro: Vec<ReproFile>,
}

impl AreaSafety {
    /// Is the area territory safe with the attacker to move: its territory claim won and
    /// checked?
    pub fn territory_safe(&self) -> bool {
        self.territory
            .as_ref()
            .is_some_and(|(_, a)| checked_status(a) == Status::Win)
    }

    /// Might more time decide more: the boundary claim with the attacker to move stopped by
    /// its time limit, or a safe boundary's territory claim so stopped?
    pub fn undecided(&self) -> bool {
        let out_of_time = |a: &Analysis| {
            checked_status(a) == Status::Unknown && a.solution.stop == StopReason::TimeLimit
        };
        match self.safety {
            BoundarySafety::Unknown => out_of_time(&self.attacker_first.1),
            BoundarySafety::Safe => self.territory.as_ref().is_some_and(|(_, a)| out_of_time(a)),
            BoundarySafety::SafeIfDefended | BoundarySafety::Unsafe => false,
        }
    }

    /// The boundary stones proven safe with the attacker to move: every boundary stone of
    /// `area` (this judgement's area) when its boundary is safe, else those of the surviving
    /// blocks' won claim, if any.
    pub fn safe_stones(&self, area: &Area) -> Option<Zone> {
        match (&self.safety, &self.survivors) {
            (BoundarySafety::Safe, _) => Some(boundary_stones(area)),
            (_, Some((claim, _))) => Some(claim.crucial()),
            _ => None,
        }
    }

    /// Does this judgement decide more than `other` (of the same area): a safe territory over
    /// a safe boundary, a safe boundary over any other verdict, any verdict over none?
    pub fn decides_more_than(&self, other: Option<&AreaSafety>) -> bool {
        let rank = |j: &AreaSafety| match j.safety {
            BoundarySafety::Safe if j.territory_safe() => 3,
            BoundarySafety::Safe => 2,
            BoundarySafety::SafeIfDefended | BoundarySafety::Unsafe => 1,
            BoundarySafety::Unknown => 0,
        };
        other.is_none_or(|o| rank(self) > rank(o))
    }
}

/// The status of a claim's analysis as far as the independent checker accepted it: a win or a
/// failure only when its certificate was checked, else unknown (a rejected proof, a check out
/// of time or too large, a failure without a certificate). Only checked results count.
pub(crate) fn checked_status(analysis: &Analysis) -> Status {
    match analysis.check.as_ref().map(|c| c.verdict) {
        Some(CheckVerdict::Checked) => analysis.solution.status,
        _ => Status::Unknown,
    }
}

/// Solves the claims of one judgement as a run asks, each within what is left before a
/// deadline, with one table pool, certifying each.
pub(crate) struct ClaimSolver<'a> {
    run: &'a SolveRequest,
    stop: Arc<AtomicBool>,
    deadline: Option<Instant>,
    pool: TablePool,
    /// Reproduction files of rejected proofs (a solver bug), if any.
    pub repro: Vec<ReproFile>,
}

impl<'a> ClaimSolver<'a> {
    pub fn new(
        run: &'a SolveRequest,
        stop: Arc<AtomicBool>,
        deadline: Option<Instant>,
    ) -> ClaimSolver<'a> {
        ClaimSolver {
            run,
            stop,
            deadline,
            pool: TablePool::new(),
            repro: Vec::new(),
        }
    }

    /// Solve and certify `claim`.
    pub fn solve(&mut self, claim: Problem) -> (Problem, Analysis) {
        let mut request = self.run.of_claim(claim.clone());
        if let Some(d) = self.deadline {
            let left = d.saturating_duration_since(Instant::now());
            for lane in &mut request.lanes {
                lane.time_limit = Some(lane.time_limit.map_or(left, |t| t.min(left)));
            }
        }
        let mut analysis = search(&request, Arc::clone(&self.stop), &mut self.pool, None);
        let rejected = certify_reported(&request, &mut analysis, Some(Arc::clone(&self.stop)));
        if rejected.is_some() {
            self.repro.push(rejected);
        }
        (claim, analysis)
    }
}

/// Judge the boundary safety of `area` for `defender` (§4: the attacker first, then, when
/// that breaks it, the defender first), each claim solved as `run` asks (its lanes, widths,
/// check and reproduction files; its claim is not read) and within what is left before
/// `deadline`, with one table pool.
pub fn judge_area(
    board: &Board,
    defender: Color,
    area: &Area,
    run: &SolveRequest,
    stop: Arc<AtomicBool>,
    deadline: Option<Instant>,
) -> Result<AreaSafety, ValidationErrors> {
    judge_area_in(
        board,
        defender,
        area,
        area_region(area),
        run,
        stop,
        deadline,
    )
}

/// [`judge_area`] with the claims in `region` (the area's own, [`area_region`], or one grown
/// from it: [`crate::solver::jobs::watched_growth`]).
pub fn judge_area_in(
    board: &Board,
    defender: Color,
    area: &Area,
    region: Zone,
    run: &SolveRequest,
    stop: Arc<AtomicBool>,
    deadline: Option<Instant>,
) -> Result<AreaSafety, ValidationErrors> {
    let crucial = boundary_stones(area);
    let claim = |to_move: Color, territory: Zone| {
        claim_in(board, defender, region, crucial, to_move, territory)
    };
    let mut claims = ClaimSolver::new(run, stop, deadline);
    let first = claims.solve(claim(defender.opponent(), Zone::new())?);
    let defender_first = match checked_status(&first.1) {
        Status::Fail => Some(claims.solve(claim(defender, Zone::new())?)),
        _ => None,
    };
    let safety = match (checked_status(&first.1), &defender_first) {
        (Status::Win, _) => BoundarySafety::Safe,
        (Status::Fail, Some((_, a))) => match checked_status(a) {
            Status::Win => BoundarySafety::SafeIfDefended,
            Status::Fail => BoundarySafety::Unsafe,
            Status::Unknown => BoundarySafety::Unknown,
        },
        _ => BoundarySafety::Unknown,
    };
    let territory = match safety {
        BoundarySafety::Safe => Some(claims.solve(claim(defender.opponent(), area.interior)?)),
        _ => None,
    };
    Ok(AreaSafety {
        safety,
        territory,
        attacker_first: first,
        defender_first,
        survivors: None,
        repro: claims.repro,
    })
}

/// A Black straight four on the top edge of an empty 9x9 board, its wall not unconditionally
/// alive, so its safety needs search (the area of the safety tests).
#[cfg(test)]
pub(crate) const STRAIGHT_FOUR: &str = ". . . . X . . . .
     X X X X X . . . .
     . . . . . . . . .
     . . . . . . . . .
     . . . . . . . . .
     . . . . . . . . .
     . . . . . . . . .
     . . . . . . . . .
     . . . . . . . . .";

/// The run of the safety tests (`jobs/area_safety`, `board_safety`, `joint_safety`): df-pn at
/// full width within two million nodes a claim, proofs checked; reproduction files named by
/// `what`.
#[cfg(test)]
#[allow(clippy::unwrap_used)]
pub(crate) fn test_run(what: &str) -> SolveRequest {
    use crate::solver::jobs::schedule::Width;
    use crate::solver::jobs::service::ReproTarget;
    use crate::solver::proof::certify::CheckSettings;
    use crate::solver::SolveConfig;
    let config = SolveConfig {
        max_nodes: Some(2_000_000),
        ..SolveConfig::default()
    };
    let claim = crate::problem::fixtures::bent_three_live()
        .validate()
        .unwrap();
    SolveRequest::new(
        claim,
        config,
        Width::Full,
        CheckSettings::default(),
        ReproTarget::in_temp_dir(what),
    )
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::go::partition::partition;
    use crate::solver::proof::certify::CheckVerdict;

    fn run() -> SolveRequest {
        test_run("area safety tests")
    }

    /// The safety of the one area of `diagram` for Black.
    fn judge(diagram: &str) -> AreaSafety {
        let board = Board::from_ascii(diagram).unwrap();
        let p = partition(&board, Color::Black);
        assert_eq!(p.areas.len(), 1, "{:?}", p.left_out);
        judge_area(
            &board,
            Color::Black,
            &p.areas[0],
            &run(),
            Arc::default(),
            None,
        )
        .unwrap()
    }

    /// A straight four on the edge: White moving first cannot kill it (Black answers inside),
    /// though White may also fill the wall's outside liberties.
    #[test]
    fn a_straight_four_on_the_edge_is_safe_and_its_proof_checked() {
        let s = judge(STRAIGHT_FOUR);
        assert_eq!(s.safety, BoundarySafety::Safe);
        let (claim, analysis) = &s.attacker_first;
        assert_eq!(claim.to_move(), Color::White);
        // The interior, the wall's outside liberties: where White may play.
        assert_eq!(claim.region().len(), 4 + 7);
        assert_eq!(
            analysis.check.as_ref().map(|c| c.verdict),
            Some(CheckVerdict::Checked)
        );
        assert!(s.defender_first.is_none() && s.repro.is_empty());
        // Territory safe too: White cannot live in four points, nor keep one.
        assert!(s.territory_safe());
        let (claim, analysis) = s.territory.as_ref().unwrap();
        assert_eq!(claim.territory().len(), 4);
        assert_eq!(
            analysis.check.as_ref().map(|c| c.verdict),
            Some(CheckVerdict::Checked)
        );
    }

    /// Only checked results count: with every proof corrupted before its check (the checker
    /// rejects it), or with the check off, the straight four is not judged safe.
    #[test]
    fn an_unchecked_or_rejected_proof_counts_for_nothing() {
        use crate::solver::proof::fault::Fault;
        let board = Board::from_ascii(STRAIGHT_FOUR).unwrap();
        let area = partition(&board, Color::Black).areas.remove(0);
        for (enabled, fault) in [(true, Some(Fault::WrongMove)), (false, None)] {
            let mut run = run();
            run.check.enabled = enabled;
            run.check.fault = fault;
            let s = judge_area(&board, Color::Black, &area, &run, Arc::default(), None).unwrap();
            assert_eq!(s.attacker_first.1.solution.status, Status::Win);
            assert_ne!(
                s.attacker_first.1.check.as_ref().map(|c| c.verdict),
                Some(CheckVerdict::Checked)
            );
            assert_eq!(s.safety, BoundarySafety::Unknown, "{enabled} {fault:?}");
            assert!(!s.territory_safe());
        }
    }

    /// A small corner space: White to move kills it by taking the vital point, Black to move
    /// lives: the defender must answer.
    #[test]
    fn a_straight_three_eye_space_must_be_answered() {
        let s = judge(
            ". . . X . . . . .
             X X X X . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .",
        );
        assert_eq!(
            s.safety,
            BoundarySafety::SafeIfDefended,
            "{:?}",
            s.attacker_first.1.how
        );
        // Territory safety is asked of safe boundaries only.
        assert!(!s.territory_safe() && s.territory.is_none());
        let (_, a) = s.defender_first.as_ref().unwrap();
        assert_eq!(
            a.check.as_ref().map(|c| c.verdict),
            Some(CheckVerdict::Checked)
        );
    }

    /// Two points of eye space: dead whoever moves first (locally).
    #[test]
    fn a_two_point_eye_space_is_unsafe() {
        let s = judge(
            ". . X . . . . . .
             X X X . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .",
        );
        assert_eq!(s.safety, BoundarySafety::Unsafe);
        let (claim, a) = s.defender_first.as_ref().unwrap();
        assert_eq!(claim.to_move(), Color::Black);
        // A failure's certificate: the attacker's proof of the capture, checked.
        assert_eq!(
            a.check.as_ref().map(|c| c.verdict),
            Some(CheckVerdict::Checked)
        );
    }
}
