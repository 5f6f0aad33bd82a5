//! The safety of a whole board for both colours, as plain data: what the `safety` command
//! prints and the studio's *Analyze a game* shows. Per colour: the points safe without search
//! ([`crate::go::safe_points`]), the board partition with that colour defending
//! ([`crate::go::partition`]) and, when asked, every search area's boundary judged by search
//! ([`crate::solver::jobs::board_safety::side_safety`], df-pn, each claim within a number of
//! seconds, proofs checked); the safe points are then the static ones and the stones proven safe.
//!
//! The static part is quick and comes first ([`PositionSafety::statics`]); the search is added
//! a colour at a time ([`PositionSafety::search_side`]), so a caller can show each step as it
//! comes and stop the search with a flag.

use crate::go::miai_life::miai_safe_points_from;
use crate::go::partition::{partition_with, Partition, Thresholds};
use crate::go::safe_points::{safe_points_both, SafePoints};
use crate::go::{Board, ByColor, Color, Zone};
use crate::solver::jobs::area_safety::{area_claim, BoundarySafety};
use crate::solver::jobs::board_safety::{
    judge_again, judge_areas, side_from_judged, side_safety, SideSafety,
};
use crate::solver::jobs::schedule::Width;
use crate::solver::jobs::service::{ReproTarget, SolveRequest};
use crate::solver::proof::certify::CheckSettings;
use crate::solver::{Engine, SolveConfig};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// How the areas are searched.
#[derive(Clone, Debug, PartialEq)]
pub struct SafetySearch {
    /// The time limit of each claim (an area takes one to three claims), in seconds.
    pub secs_per_claim: f64,
    /// The time limit of a position's whole search (both colours, [`PositionSafety::of`]; one
    /// colour's, [`PositionSafety::search_side`]): a claim gets at most what is left, and the
    /// areas reached after it stay unjudged. `None`: no limit but the claims'.
    pub secs_per_position: Option<f64>,
    /// The run in words, for the reproduction file of a proof the checker rejects.
    pub described_as: String,
    /// The threads searching each claim together (df-pn sharing its table; 1: the serial
    /// search).
    pub threads: usize,
}

/// The safety of one board for both colours.
#[derive(Clone, Debug, PartialEq)]
pub struct PositionSafety {
    /// The board judged.
    pub board: Board,
    /// Each colour's safety with that colour defending.
    pub colors: ByColor<ColorSafety>,
}

/// One colour's safe points and search areas.
#[derive(Clone, Debug, PartialEq)]
pub struct ColorSafety {
    /// The points safe without search by Benson's rule and the static territory
    /// ([`crate::go::safe_points`]).
    pub statics: SafePoints,
    /// The points safe without search under alternating play: with the link rule's stones
    /// ([`crate::go::miai_life::miai_safe_points`]; at least `statics`' count).
    pub linked: SafePoints,
    /// The board partition with this colour defending: its search areas and the zones left out.
    pub partition: Partition,
    /// What the search proved, once searched.
    pub searched: Option<SearchedSafety>,
}

/// What the search proved of one colour's areas.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchedSafety {
    /// Each area's boundary safety, in the order of the partition's areas (`None`: not
    /// searched, its claim being no valid problem or the search stopped before it).
    pub verdicts: Vec<Option<BoundarySafety>>,
    /// The stones proven safe: the boundary blocks of the areas judged
    /// [`BoundarySafety::Safe`].
    pub proven_stones: Zone,
    /// The points proven safe territory: the interiors of the areas proven territory safe
    /// ([`crate::solver::jobs::area_safety`]'s territory claim).
    pub proven_territory: Zone,
    /// Per area, in the partition's order: proven territory safe.
    pub territory_safe: Vec<bool>,
    /// Per area, in the partition's order: the stones of the boundary blocks that live
    /// though the boundary fails ([`crate::solver::jobs::surviving_blocks`]; empty when none
    /// were proven).
    pub surviving: Vec<Zone>,
}

/// What [`ColorSafety::safe`] counts, as it is shown: the static points, and what the search
/// adds to them.
#[derive(Clone, Debug, PartialEq)]
pub struct Counted<'a> {
    /// The static points counted: [`ColorSafety::statics`] or [`ColorSafety::linked`].
    pub statics: &'a SafePoints,
    /// The stones proven safe by search counted with them (none with `linked`).
    pub proven_stones: Zone,
    /// The territory proven safe by search counted with them (none with `linked`).
    pub proven_territory: Zone,
}

impl ColorSafety {
    /// What counts: the static points ([`ColorSafety::statics`]) with, once searched, the
    /// stones and territory proven safe; or the points safe under alternating play
    /// ([`ColorSafety::linked`]) when they are more. The two are kept by different strategies
    /// (the link strategy's answers and the areas' proofs), so they are not added together.
    pub fn counted(&self) -> Counted<'_> {
        let (proven_stones, proven_territory) = self
            .searched
            .as_ref()
            .map_or_else(Default::default, |s| (s.proven_stones, s.proven_territory));
        let with_search = self
            .statics
            .points()
            .union(&proven_stones)
            .union(&proven_territory);
        if self.linked.count() > with_search.len() {
            Counted {
                statics: &self.linked,
                proven_stones: Zone::new(),
                proven_territory: Zone::new(),
            }
        } else {
            Counted {
                statics: &self.statics,
                proven_stones,
                proven_territory,
            }
        }
    }

    /// The safe points ([`ColorSafety::counted`] together).
    pub fn safe(&self) -> Zone {
        let c = self.counted();
        c.statics
            .points()
            .union(&c.proven_stones)
            .union(&c.proven_territory)
    }
}

impl PositionSafety {
    /// The static part: each colour's safe points and partition, nothing searched.
    pub fn statics(board: &Board) -> PositionSafety {
        PositionSafety::statics_with(board, &Thresholds::default())
    }

    /// [`PositionSafety::statics`] with the partition's `thresholds`.
    pub fn statics_with(board: &Board, thresholds: &Thresholds) -> PositionSafety {
        let safe = safe_points_both(board);
        let side = |c: Color, statics: SafePoints| ColorSafety {
            linked: miai_safe_points_from(board, &statics),
            statics,
            partition: partition_with(board, c, thresholds),
            searched: None,
        };
        PositionSafety {
            board: board.clone(),
            colors: ByColor::new(
                side(Color::Black, safe.black),
                side(Color::White, safe.white),
            ),
        }
    }

    /// Judge `color`'s areas by search as `search` asks; `stop` ends the search (the areas not
    /// reached stay unjudged, one under way comes out unknown).
    pub fn search_side(&mut self, color: Color, search: &SafetySearch, stop: Arc<AtomicBool>) {
        let deadline = deadline(search);
        self.search_side_until(color, search, stop, deadline);
    }

    /// [`PositionSafety::search_side`] within `deadline` (and not within the search's own
    /// seconds per position).
    fn search_side_until(
        &mut self,
        color: Color,
        search: &SafetySearch,
        stop: Arc<AtomicBool>,
        deadline: Option<Instant>,
    ) {
        let areas = &self.colors[color].partition.areas;
        let searched = match request(&self.board, color, areas, search) {
            Some(run) => searched(side_safety(&self.board, color, areas, &run, stop, deadline)),
            None => SearchedSafety::nothing(areas.len()),
        };
        self.colors[color].searched = Some(searched);
    }

    /// Both colours' areas judged within `deadline`: the first round of each colour, then the
    /// time left to the areas of both that it left undecided ([`judge_again`]), then each
    /// colour's safe areas together.
    fn search_both_until(
        &mut self,
        search: &SafetySearch,
        stop: Arc<AtomicBool>,
        deadline: Option<Instant>,
    ) {
        let colors = [Color::Black, Color::White];
        let runs = colors.map(|c| request(&self.board, c, &self.colors[c].partition.areas, search));
        let mut judged = colors.map(|c| {
            let areas = &self.colors[c].partition.areas;
            runs[c.index()].as_ref().map_or_else(Vec::new, |run| {
                judge_areas(&self.board, c, areas, run, Arc::clone(&stop), deadline)
            })
        });
        if let Some(run) = runs.iter().flatten().next() {
            let [black, white] = &mut judged;
            let mut sides = [(Color::Black, black), (Color::White, white)];
            judge_again(&self.board, &mut sides, run, Arc::clone(&stop), deadline);
        }
        for (c, judged) in colors.into_iter().zip(judged) {
            let searched = match &runs[c.index()] {
                Some(run) => searched(side_from_judged(
                    &self.board,
                    c,
                    judged,
                    run,
                    Arc::clone(&stop),
                    deadline,
                )),
                None => SearchedSafety::nothing(self.colors[c].partition.areas.len()),
            };
            self.colors[c].searched = Some(searched);
        }
    }

    /// The whole computation: the static part and, with `search`, Black's then White's areas
    /// judged.
    pub fn of(
        board: &Board,
        search: Option<&SafetySearch>,
        stop: Arc<AtomicBool>,
    ) -> PositionSafety {
        PositionSafety::of_with(board, &Thresholds::default(), search, stop)
    }

    /// [`PositionSafety::of`] with the partition's `thresholds`.
    pub fn of_with(
        board: &Board,
        thresholds: &Thresholds,
        search: Option<&SafetySearch>,
        stop: Arc<AtomicBool>,
    ) -> PositionSafety {
        let mut safety = PositionSafety::statics_with(board, thresholds);
        if let Some(search) = search {
            let deadline = deadline(search);
            safety.search_both_until(search, stop, deadline);
        }
        safety
    }
}

/// The end of a search begun now within `search`'s seconds per position.
fn deadline(search: &SafetySearch) -> Option<Instant> {
    let secs = Duration::try_from_secs_f64(search.secs_per_position?).ok()?;
    Some(Instant::now() + secs)
}

impl SearchedSafety {
    /// Nothing searched of `areas` areas.
    fn nothing(areas: usize) -> SearchedSafety {
        SearchedSafety {
            verdicts: vec![None; areas],
            territory_safe: vec![false; areas],
            surviving: vec![Zone::new(); areas],
            proven_stones: Zone::new(),
            proven_territory: Zone::new(),
        }
    }
}

/// What `side`'s judging proved, as [`SearchedSafety`].
fn searched(side: SideSafety) -> SearchedSafety {
    SearchedSafety {
        verdicts: side
            .areas
            .iter()
            .map(|(_, j)| j.as_ref().map(|j| j.safety))
            .collect(),
        territory_safe: side
            .areas
            .iter()
            .map(|(_, j)| j.as_ref().is_some_and(|j| j.territory_safe()))
            .collect(),
        surviving: side
            .areas
            .iter()
            .map(|(_, j)| {
                j.as_ref()
                    .and_then(|j| j.survivors.as_ref())
                    .map_or(Zone::new(), |(claim, _)| claim.crucial())
            })
            .collect(),
        proven_stones: side.safe_stones,
        proven_territory: side.safe_territory,
    }
}

/// The solve request of `color`'s areas: df-pn at full width within the seconds per claim,
/// proofs checked with the default bounds. Its claim is the first area's (each area's claim
/// replaces it); `None` when there is no area or its claim is no valid problem.
fn request(
    board: &Board,
    color: Color,
    areas: &[crate::go::partition::Area],
    search: &SafetySearch,
) -> Option<SolveRequest> {
    let template = area_claim(board, color, areas.first()?, color.opponent()).ok()?;
    let config = SolveConfig {
        engine: Engine::DFPN,
        time_limit: Duration::try_from_secs_f64(search.secs_per_claim).ok(),
        threads: search.threads.max(1),
        ..SolveConfig::default()
    };
    Some(SolveRequest::new(
        template,
        config,
        Width::Full,
        CheckSettings::default(),
        ReproTarget::in_temp_dir(search.described_as.clone()),
    ))
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::go::Point;
    use std::sync::atomic::Ordering;

    /// Two Black groups on a 9x9 board: a straight four on the edge (safe whoever moves) and a
    /// squared four in the corner (dead whoever moves), and nothing of White.
    fn two_groups() -> Board {
        Board::from_ascii(
            ". . . . X . . . .
             X X X X X . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . X X X
             . . . . . . X . .
             . . . . . . X . .",
        )
        .unwrap()
    }

    fn search(secs: f64) -> SafetySearch {
        SafetySearch {
            secs_per_claim: secs,
            secs_per_position: None,
            described_as: "position safety tests".to_string(),
            threads: 1,
        }
    }

    #[test]
    fn the_static_part_keeps_the_straight_four_and_has_two_black_areas() {
        let board = two_groups();
        let s = PositionSafety::statics(&board);
        let black = &s.colors[Color::Black];
        assert_eq!(black.statics.count(), 0);
        assert_eq!(black.partition.areas.len(), 2);
        assert!(black.searched.is_none());
        // Benson's rule sees nothing; the straight four's stones are kept by the static rule's
        // split (two eyes by one answer), not its points (no territory without search).
        let top = board.block_stones(Point::new(0, 1));
        assert_eq!(black.linked.stones, top);
        assert!(black.linked.territory.is_empty());
        assert_eq!(black.safe(), top);
        let white = &s.colors[Color::White];
        assert!(white.partition.areas.is_empty());
        assert_eq!(white.statics.count(), 0);
    }

    #[test]
    fn the_search_proves_the_straight_four_and_not_the_squared_four() {
        let board = two_groups();
        let s = PositionSafety::of(&board, Some(&search(10.0)), Arc::default());
        let black = &s.colors[Color::Black];
        let searched = black.searched.as_ref().unwrap();
        assert_eq!(
            searched.verdicts,
            [Some(BoundarySafety::Safe), Some(BoundarySafety::Unsafe)]
        );
        let top = board.block_stones(Point::new(0, 1));
        assert_eq!(searched.proven_stones, top);
        // And its four points of territory: White can neither live there nor keep one.
        let edge: Zone = (0..4).map(|x| Point::new(x, 0)).collect();
        assert_eq!(searched.proven_territory, edge);
        assert_eq!(searched.territory_safe, [true, false]);
        assert_eq!(black.safe(), top.union(&edge));
        // White has no area: searched, with nothing proven.
        let white = s.colors[Color::White].searched.as_ref().unwrap();
        assert!(white.verdicts.is_empty() && white.proven_stones.is_empty());
    }

    #[test]
    fn a_stopped_search_judges_nothing() {
        let board = two_groups();
        let stop = Arc::new(AtomicBool::new(true));
        let mut s = PositionSafety::statics(&board);
        s.search_side(Color::Black, &search(10.0), Arc::clone(&stop));
        assert!(stop.load(Ordering::Relaxed));
        let searched = s.colors[Color::Black].searched.as_ref().unwrap();
        assert_eq!(searched.verdicts, [None, None]);
        assert!(searched.proven_stones.is_empty());
    }

    /// A position's seconds spent, no area is reached: nothing judged, nothing proven (the
    /// static points stay).
    #[test]
    fn past_the_position_deadline_no_area_is_judged() {
        let board = two_groups();
        let spent = SafetySearch {
            secs_per_position: Some(0.0),
            ..search(10.0)
        };
        let s = PositionSafety::of(&board, Some(&spent), Arc::default());
        let searched = s.colors[Color::Black].searched.as_ref().unwrap();
        assert_eq!(searched.verdicts, [None, None]);
        assert!(searched.proven_stones.is_empty() && searched.proven_territory.is_empty());
        // With time left both are judged, as without a deadline.
        let ample = SafetySearch {
            secs_per_position: Some(60.0),
            ..search(10.0)
        };
        let s = PositionSafety::of(&board, Some(&ample), Arc::default());
        let searched = s.colors[Color::Black].searched.as_ref().unwrap();
        assert_eq!(
            searched.verdicts,
            [Some(BoundarySafety::Safe), Some(BoundarySafety::Unsafe)]
        );
    }

    /// A nanosecond a claim decides neither colour's six-point corner; the position's time
    /// left then goes to the areas of both left undecided, and both corners are proven safe.
    #[test]
    fn the_positions_time_left_goes_to_the_undecided_areas() {
        let board = Board::from_ascii(
            ". . . X . . . . .
             . . . X . . . . .
             X X X X . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . O O O O
             . . . . . O . . .
             . . . . . O . . .",
        )
        .unwrap();
        let hurried = SafetySearch {
            secs_per_position: Some(60.0),
            ..search(1e-9)
        };
        let s = PositionSafety::of(&board, Some(&hurried), Arc::default());
        for (c, p) in [
            (Color::Black, Point::new(0, 2)),
            (Color::White, Point::new(5, 6)),
        ] {
            let searched = s.colors[c].searched.as_ref().unwrap();
            assert_eq!(searched.verdicts, [Some(BoundarySafety::Safe)], "{c:?}");
            assert_eq!(searched.proven_stones, board.block_stones(p), "{c:?}");
        }
        // Without a position's deadline there is no time left to give: nothing decided.
        let s = PositionSafety::of(&board, Some(&search(1e-9)), Arc::default());
        for c in [Color::Black, Color::White] {
            let searched = s.colors[c].searched.as_ref().unwrap();
            assert_eq!(searched.verdicts, [Some(BoundarySafety::Unknown)], "{c:?}");
            assert!(searched.proven_stones.is_empty());
        }
    }

    #[test]
    fn static_safe_points_count_with_the_proven_stones() {
        // Black's living group in the corner (two eyes at A9 and C9) is safe without search.
        let board = Board::from_ascii(
            ". X . X X . . . .
             X X X X X . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .",
        )
        .unwrap();
        let s = PositionSafety::of(&board, Some(&search(10.0)), Arc::default());
        let black = &s.colors[Color::Black];
        assert_eq!(black.statics.stones.len(), 8);
        assert_eq!(black.statics.territory.len(), 2);
        assert!(black.safe().len() >= 10);
        assert!(black.safe().contains(Point::new(0, 0)));
    }
}
