//! Life and death of a group on an open board (GNU Go's `owl_attack` / `owl_defend`): a
//! target block anywhere in a position, no region or wall given. The question is posed as
//! claims searched in turn ([`owl_claims`], [`answer_owl`]): first the target's [`enclosure`],
//! a closed problem, when the attacker's stones close one round it (with a short wall block
//! only the defender's life holds there, and the races with those blocks follow,
//! [`Enclosure::race_region`]); then the target's [`neighbourhood`], an open-boundary problem
//! ([`crate::problem::Problem::is_open`]) whose leak rule makes a proof hold on the whole
//! board — a kill is a capture however the group runs or connects (reaching outside the region
//! counts as escaping), a life is life inside the region (reaching outside counts for
//! nothing). Where no claim's answer holds the answer is *unknown*: it depends on the rest of
//! the board. The attacker's stones outside the region are taken to be safe, as in every
//! life-and-death problem.

use crate::go::{Board, Color, Point, Zone};
use crate::problem::open_region::with_defender_liberties;
use crate::problem::{Goal, Problem, ProblemSetup, ValidationErrors};
use crate::solver::jobs::go_result::GoResult;
use std::time::{Duration, Instant};

/// Most empty points of the region [`neighbourhood`] gives: the search must end within
/// seconds, and the paper's open areas stop at about 15 interior points (Niu & Müller, §7).
pub const MAX_REGION_EMPTY: usize = 24;

/// Rings of neighbours [`neighbourhood`] grows at most.
pub const MAX_RINGS: usize = 4;

/// Most empty points of a closed region [`enclosure`] gives: a closed region has the static
/// rule and the seki terminal, so it may be larger than an open one.
pub const MAX_ENCLOSURE_EMPTY: usize = 45;

/// A target block's [`enclosure`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Enclosure {
    /// The region: the block, what it reaches and the attacker's blocks captured inside.
    pub region: Zone,
    /// The wall blocks with fewer than [`STRONG_WALL_LIBERTIES`] liberties.
    pub short_wall: Zone,
}

impl Enclosure {
    /// Every wall block has at least [`STRONG_WALL_LIBERTIES`] liberties.
    pub fn strong_wall(&self) -> bool {
        self.short_wall.is_empty()
    }

    /// The region of the capturing races with the short wall blocks: the enclosure, those
    /// blocks, their liberties and the empty points beside those (where the attacker may
    /// extend a block out of reach). It is open when a short block's capture lets the target
    /// out, so a kill there must hold however the target runs (the open-boundary leak rule).
    pub fn race_region(&self, board: &Board) -> Zone {
        let size = board.size();
        let empty = board.empty_points();
        let liberties = self.short_wall.grow(size).intersection(&empty);
        let beside = liberties.grow(size).intersection(&empty);
        self.region
            .union(&self.short_wall)
            .union(&liberties)
            .union(&beside)
    }
}

/// The region the attacker's stones close round a target block, when they do: the points the
/// block reaches through empty points and the defender's stones (never through an attacker
/// stone), with the attacker's blocks beside them that have no liberty elsewhere (their capture
/// is part of the fight). The attacker's blocks round it with a liberty elsewhere are the
/// wall; nothing else leaves the region, so a claim on it is a closed problem
/// ([`crate::problem::open_region::region_is_open`] is false for it), which takes the wall to
/// be safe. That holds for the defender's life whatever the wall (the defender's stones inside
/// have no liberty outside, so no move outside reaches them, and a weak wall only gives the
/// defender more), but the attacker's wins need the wall safe: with a short wall block the
/// fight may be a capturing race the region does not show (GNU Go's `owl1:288`, where the
/// defender captures the wall), which [`Enclosure::short_wall`] names. `None` when the growth
/// has more than `max_empty` empty points.
pub fn enclosure(board: &Board, target: &Zone, max_empty: usize) -> Option<Enclosure> {
    let size = board.size();
    let defender = defender_of(board, target);
    let attacker = board.stones(defender.opponent());
    let empty = board.empty_points();
    let reached = target.flood(&Zone::full(size).difference(&attacker), size);
    if reached.intersection(&empty).len() > max_empty {
        return None;
    }
    let beside = reached.grow(size).intersection(&attacker);
    let mut region = reached;
    let mut short_wall = Zone::new();
    for (_, block) in board.blocks_of(&beside) {
        let liberties = block.grow(size).intersection(&empty);
        if liberties.difference(&reached).is_empty() {
            region.union_with(&block);
        } else if liberties.len() < STRONG_WALL_LIBERTIES {
            short_wall.union_with(&block);
        }
    }
    Some(Enclosure { region, short_wall })
}

/// Liberties from which a wall block of an [`enclosure`] is taken to be safe for the attacker's
/// wins (a heuristic bound, like every problem's wall: GNU Go's seeded sample of 100 cases
/// gave three answers contradicting the suite with every wall taken to be safe, none with
/// this bound).
pub const STRONG_WALL_LIBERTIES: usize = 4;

/// The region of a target block on an open board: the block's liberties, grown ring by ring
/// (every neighbour, empty or a stone, of the points so far) up to [`MAX_RINGS`] rings while it
/// has at most `max_empty` empty points; each ring adds the whole blocks of the attacker's
/// stones it touches (their capture is part of the fight) and the points of the target. A
/// ring that would pass `max_empty` is not added. Then the defender's blocks on or beside the
/// region bring their stones and liberties ([`with_defender_liberties`], up to three times
/// `max_empty`: a block left reaching outside fails the defender's claim once it has one
/// liberty or none inside, the outside watch; GNU Go's seeded sample proved 12 of 100 with
/// twice, 14 with three times under the first watch, and 13 with three times, 12 with once
/// under the present one).
pub fn neighbourhood(board: &Board, target: &Zone, max_empty: usize) -> Zone {
    let size = board.size();
    let empty = board.empty_points();
    let defender = defender_of(board, target);
    let attacker = board.stones(defender.opponent());
    let mut region = target.grow(size).difference(target);
    for _ in 0..MAX_RINGS {
        let mut next = region.union(&region.grow(size)).difference(target);
        // Whole attacker blocks: a cut that is captured is played again.
        for (_, block) in board.blocks_of(&next.intersection(&attacker)) {
            next.union_with(&block);
        }
        if next.intersection(&empty).len() > max_empty {
            break;
        }
        region = next;
    }
    with_defender_liberties(board, region.union(target), defender, 3 * max_empty)
}

/// The colour of the stones of `target` (Black when it holds none, which no caller asks).
fn defender_of(board: &Board, target: &Zone) -> Color {
    target
        .first()
        .and_then(|p| board.color_at(p))
        .unwrap_or(Color::Black)
}

/// What is asked of the target.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OwlAsk {
    /// The opponent of the target's owner moves first and tries to capture it.
    Attack,
    /// The target's owner moves first and tries to save it.
    Defend,
}

/// Why no claim could be posed.
#[derive(Debug, thiserror::Error)]
pub enum OpenProblemError {
    #[error("{0}: there is no stone there")]
    NoStone(String),
    #[error("the claim is not a valid problem: {0}")]
    Invalid(#[from] ValidationErrors),
}

/// An owl question posed as a problem, and which of its answers hold on the whole board.
#[derive(Clone, Debug)]
pub struct OwlClaim {
    pub problem: Problem,
    /// Only the defender's life holds (seki included, no ko): the region is an [`enclosure`]
    /// with a short wall block, which the attacker's wins would take to be safe.
    pub lives_only: bool,
    pub kind: RegionKind,
}

/// Which region an [`OwlClaim`] searches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RegionKind {
    /// The [`enclosure`].
    Enclosure,
    /// The enclosure with its short wall blocks' races ([`Enclosure::race_region`]).
    Race,
    /// The [`neighbourhood`].
    Neighbourhood,
}

impl RegionKind {
    /// The kind's name in reports.
    pub fn name(self) -> &'static str {
        match self {
            RegionKind::Enclosure => "enclosure",
            RegionKind::Race => "race",
            RegionKind::Neighbourhood => "neighbourhood",
        }
    }
}

impl OwlClaim {
    /// Does the answer `go` of this claim hold on the whole board?
    pub fn holds(&self, go: GoResult) -> bool {
        !self.lives_only || matches!(go, GoResult::Lives { .. })
    }
}

/// The claims `ask` about the block at `target` on `board`, to be searched in turn until one's
/// answer holds ([`answer_owl`]): `kill` with the attacker to move (`Attack`) or `live` with the
/// owner to move (`Defend`), the block's stones crucial. The region is the block's
/// [`enclosure`] when the attacker's stones close one round it within [`MAX_ENCLOSURE_EMPTY`]
/// empty points (a closed problem). With a short wall block only the defender's life holds
/// there; then come the races with those blocks ([`Enclosure::race_region`]) and the
/// [`neighbourhood`]. With no enclosure, the neighbourhood alone (an open-boundary problem
/// when the block can reach beyond it).
pub fn owl_claims(
    board: &Board,
    target: Point,
    ask: OwlAsk,
) -> Result<Vec<OwlClaim>, OpenProblemError> {
    let size = board.size();
    let Some(owner) = board.color_at(target) else {
        return Err(OpenProblemError::NoStone(target.to_gtp(size)));
    };
    let block = board.block_stones(target);
    let (or_player, goal) = match ask {
        OwlAsk::Attack => (owner.opponent(), Goal::Kill),
        OwlAsk::Defend => (owner, Goal::Live),
    };
    let claim = |region: Zone| -> Result<Problem, OpenProblemError> {
        let mut setup = ProblemSetup::from_board(board, or_player);
        setup.or_player = Some(or_player);
        setup.goal = Some(goal);
        setup.region = Some(region);
        setup.crucial = block;
        Ok(setup.validate()?)
    };
    let mut claims = Vec::new();
    if let Some(enclosed) = enclosure(board, &block, MAX_ENCLOSURE_EMPTY) {
        claims.push(OwlClaim {
            problem: claim(enclosed.region)?,
            lives_only: !enclosed.strong_wall(),
            kind: RegionKind::Enclosure,
        });
        if enclosed.strong_wall() {
            return Ok(claims);
        }
        claims.push(OwlClaim {
            problem: claim(enclosed.race_region(board))?,
            lives_only: false,
            kind: RegionKind::Race,
        });
    }
    claims.push(OwlClaim {
        problem: claim(neighbourhood(board, &block, MAX_REGION_EMPTY))?,
        lives_only: false,
        kind: RegionKind::Neighbourhood,
    });
    Ok(claims)
}

/// An owl question's answer ([`answer_owl`]).
pub struct OwlAnswer<T> {
    /// The claim answered (the last one searched).
    pub claim: usize,
    /// Its search's output.
    pub output: T,
    /// Its Go result when it holds ([`OwlClaim::holds`]).
    pub go: Option<GoResult>,
}

/// Searches `claims` in turn until one's answer holds: `search` gets the claim and its share of
/// `limit` (what is left, split evenly over the claims still to come; `None`: no limit) and
/// returns its output and Go result (`None`: unknown). The answer is the first that holds, or
/// the last claim's search with no result.
pub fn answer_owl<T>(
    claims: &[OwlClaim],
    limit: Option<Duration>,
    mut search: impl FnMut(&Problem, Option<Duration>) -> (T, Option<GoResult>),
) -> Option<OwlAnswer<T>> {
    let start = Instant::now();
    let mut last = None;
    for (i, claim) in claims.iter().enumerate() {
        let share = limit.map(|l| l.saturating_sub(start.elapsed()) / (claims.len() - i) as u32);
        let (output, go) = search(&claim.problem, share);
        let go = go.filter(|&g| claim.holds(g));
        last = Some(OwlAnswer {
            claim: i,
            output,
            go,
        });
        if go.is_some() {
            break;
        }
    }
    last
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    /// A White group on the edge of an otherwise empty 9x9 board.
    const EDGE: &str = "
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . X X X X X . . .
        X O O O O O X . .
        . . . . . . X . .";

    #[test]
    fn the_region_grows_ring_by_ring_within_its_empty_points() {
        let b = Board::from_ascii(EDGE).unwrap();
        let target = b.block_stones(Point::new(1, 7));
        let small = neighbourhood(&b, &target, 6);
        // The liberties (the five points below the group) only: the next ring has more.
        assert_eq!(small.intersection(&b.empty_points()).len(), 5);
        assert!(target.iter().all(|p| small.contains(p)));
        let large = neighbourhood(&b, &target, MAX_REGION_EMPTY);
        assert!(large.len() > small.len());
        assert!(large.intersection(&b.empty_points()).len() <= MAX_REGION_EMPTY);
        // The attacker's blocks it touches are whole.
        let wall = b.block_stones(Point::new(1, 6));
        assert!(wall.iter().all(|p| large.contains(p)));
    }

    /// A White group on the edge walled in by Black blocks of four liberties or more.
    const WALLED: &str = "
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . X X X X X X . .
        X X O O O O X . .
        . . . . . . X . .
        . . . . . . X . .";

    #[test]
    fn an_enclosed_group_gets_the_closed_region_its_wall_makes() {
        let b = Board::from_ascii(WALLED).unwrap();
        let target = b.block_stones(Point::new(2, 6));
        let enclosed = enclosure(&b, &target, MAX_ENCLOSURE_EMPTY).unwrap();
        assert!(enclosed.strong_wall());
        let region = enclosed.region;
        // The group and the twelve empty points below it; the wall stays outside.
        let empty: Zone = (0..6)
            .flat_map(|x| [Point::new(x, 7), Point::new(x, 8)])
            .collect();
        assert_eq!(region, target.union(&empty));
        assert!(!crate::problem::open_region::region_is_open(
            &b,
            &region,
            &target,
            Color::White
        ));
        // Past the limit there is no enclosure.
        assert_eq!(enclosure(&b, &target, 11), None);
        // One claim, all of whose answers hold.
        let claims = owl_claims(&b, Point::new(2, 6), OwlAsk::Attack).unwrap();
        assert_eq!(claims.len(), 1);
        assert!(!claims[0].lives_only);
        assert_eq!(claims[0].problem.region(), region);
        assert!(!claims[0].problem.is_open());
    }

    #[test]
    fn with_a_short_wall_block_only_life_holds_in_the_enclosure() {
        // EDGE's Black stone A2 has two liberties: a race the closed region would not show.
        let b = Board::from_ascii(EDGE).unwrap();
        let target = b.block_stones(Point::new(1, 7));
        let enclosed = enclosure(&b, &target, MAX_ENCLOSURE_EMPTY).unwrap();
        assert!(!enclosed.strong_wall());
        assert_eq!(enclosed.short_wall, b.block_stones(Point::new(0, 7)));
        // The enclosure first, for life only; then the races and the neighbourhood for any
        // answer.
        let claims = owl_claims(&b, Point::new(1, 7), OwlAsk::Attack).unwrap();
        let kinds: Vec<_> = claims.iter().map(|c| c.kind).collect();
        assert_eq!(
            kinds,
            [
                RegionKind::Enclosure,
                RegionKind::Race,
                RegionKind::Neighbourhood
            ]
        );
        assert_eq!(claims[0].problem.region(), enclosed.region);
        assert!(claims[0].lives_only && !claims[1].lives_only && !claims[2].lives_only);
        // The races: the short block A2, its liberties A1 and A3 and the point beside those,
        // A4; the defender may run out through A2's capture.
        let race: Zone = [(0, 7), (0, 8), (0, 6), (0, 5)]
            .into_iter()
            .map(|(x, y)| Point::new(x, y))
            .collect();
        assert_eq!(claims[1].problem.region(), enclosed.region.union(&race));
        assert!(claims[1].problem.is_open());
        assert_eq!(
            claims[2].problem.region(),
            neighbourhood(&b, &target, MAX_REGION_EMPTY)
        );
        let lives = GoResult::Lives {
            life: crate::solver::jobs::go_result::Life::AtLeastSeki,
        };
        assert!(claims[0].holds(lives));
        for go in [GoResult::Kills, GoResult::KillsByKo, GoResult::LivesByKo] {
            assert!(!claims[0].holds(go) && claims[1].holds(go));
        }
    }

    #[test]
    fn the_claims_are_searched_in_turn_until_an_answer_holds() {
        let b = Board::from_ascii(EDGE).unwrap();
        let claims = owl_claims(&b, Point::new(1, 7), OwlAsk::Attack).unwrap();
        let limit = Some(Duration::from_secs(10));
        // A kill in the enclosure does not hold: the races and the neighbourhood are searched,
        // each with its share of what is left of the time.
        let mut shares = Vec::new();
        let answer = answer_owl(&claims, limit, |p, share| {
            shares.push(share.unwrap());
            let go = if p.is_open() {
                None
            } else {
                Some(GoResult::Kills)
            };
            (p.region(), go)
        })
        .unwrap();
        assert_eq!((answer.claim, answer.go), (2, None));
        assert_eq!(answer.output, claims[2].problem.region());
        let third = Duration::from_secs(10) / 3;
        assert!(shares[0] <= third && shares[1] > third && shares[2] > Duration::from_secs(4));
        // Life in the enclosure holds: nothing else is searched.
        let lives = GoResult::Lives {
            life: crate::solver::jobs::go_result::Life::AtLeastSeki,
        };
        let mut searched = 0;
        let answer = answer_owl(&claims, None, |_, share| {
            assert_eq!(share, None);
            searched += 1;
            ((), Some(lives))
        })
        .unwrap();
        assert_eq!((answer.claim, answer.go, searched), (0, Some(lives), 1));
    }

    #[test]
    fn attacker_stones_inside_the_enclosure_are_part_of_it() {
        let b = Board::from_ascii(
            "
            . . . . . . .
            . . . . . . .
            . . . . . . .
            X X X X X . .
            O O O O X . .
            . X . O X . .
            . . . O X . .",
        )
        .unwrap();
        let target = b.block_stones(Point::new(0, 4));
        let region = enclosure(&b, &target, MAX_ENCLOSURE_EMPTY).unwrap().region;
        // The Black stone at B2 (liberties all inside) is in the region, the wall is not.
        assert!(region.contains(Point::new(1, 5)));
        assert!(!region.contains(Point::new(4, 4)));
        assert_eq!(region.intersection(&b.empty_points()).len(), 5);
    }

    #[test]
    fn a_group_that_can_run_has_no_enclosure() {
        let b = Board::from_ascii(
            "
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . X X . . . . .
            . X O O . . . . .
            . X O . X . . . .
            . X O X . . . . .",
        )
        .unwrap();
        let target = b.block_stones(Point::new(2, 6));
        assert_eq!(enclosure(&b, &target, MAX_ENCLOSURE_EMPTY), None);
        let claims = owl_claims(&b, Point::new(2, 6), OwlAsk::Defend).unwrap();
        assert_eq!(claims.len(), 1);
        assert!(claims[0].problem.is_open());
    }

    #[test]
    fn a_claim_names_the_block_and_the_side_to_move() {
        let b = Board::from_ascii(EDGE).unwrap();
        let attack = owl_claims(&b, Point::new(1, 7), OwlAsk::Attack).unwrap()[0]
            .problem
            .clone();
        assert_eq!(attack.or_player(), Color::Black);
        assert_eq!(attack.to_move(), Color::Black);
        assert_eq!(attack.goal(), Goal::Kill);
        assert_eq!(attack.crucial().len(), 5);
        let defend = owl_claims(&b, Point::new(1, 7), OwlAsk::Defend).unwrap()[0]
            .problem
            .clone();
        assert_eq!(
            (defend.or_player(), defend.goal()),
            (Color::White, Goal::Live)
        );
        assert!(matches!(
            owl_claims(&b, Point::new(4, 4), OwlAsk::Attack),
            Err(OpenProblemError::NoStone(_))
        ));
    }
}
