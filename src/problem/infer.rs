//! Inferring the markup of an unmarked problem: which group is the target, which side attacks, the
//! goal, and the region where moves may be played; and the *tsumego frame* that closes an open
//! corner or side problem.
//!
//! Problems from books and websites rarely say more than the stones, the side to move (`PL`) and
//! the answer variations. [`infer_markup`] works on such a [`ProblemSetup`] (no crucial stones, no
//! region) and on two partial markups: the tsumego.js convention, where a single `MA` point on a
//! stone names the target block, and crucial stones (`TR`) without a region. [`apply`] writes the
//! [`Inference`] into the setup, so that [`ProblemSetup::validate`] gives a problem the solver can
//! prove.
//!
//! # The rules, in order
//!
//! 1. **Target.** Given crucial stones or a single `MA` stone name it. Otherwise, with answer
//!    variations, each first move is a *seed*: for each colour `c`, the *enclosure* of a seed is
//!    the flood fill from it through empty points and stones of `c`. The enclosure names `c` as the
//!    defender when it holds stones of `c`, none of them Benson-alive (a group in contact with a
//!    living group of its colour is not attacked), and it is *closed* (see 3). When both colours
//!    qualify (an attacker stone inside the defender's eye space encloses a little space of its
//!    own), the outer one wins: the colour whose enclosure's empty points contain the other's.
//!    Without answers, the same test runs from every block that is not Benson-alive, nested
//!    enclosures are dropped, and the enclosure nearest a corner wins. When nothing is closed (an
//!    open position), the defender is the colour whose unsettled stones (within two points of a
//!    seed, when there are seeds) lie nearer the edge on average: the attacker surrounds from the
//!    centre side. The target is then its blocks near the seeds, or its block nearest a corner.
//! 2. **Region: the area that keeps the fight.** It starts as the *enclosure* of the target (the
//!    flood fill through empty points and defender stones; the crucial stones are its defender
//!    stones, the marked ones when the file marks them). An attacker block on its boundary is
//!    *safe* when it is Benson-alive, or when it keeps at least [`MIN_WALL_LIBERTIES`] liberties
//!    outside the region. Otherwise it is *weak* (a wall block with two liberties, a wall cut off
//!    at a cutting point, a stone inside the eye space), and the fight can reach it: the region
//!    grows, in rounds, by every weak block next to it with all its liberties, and by the empty
//!    points and defender blocks next to it (the points from which the attacker captures a stone
//!    the defender plays on such a liberty, or where either side extends out of it). It stops when
//!    a round adds nothing: then every point next to the region is a safe attacker stone, so
//!    every defender stone played in the region has all its liberties in it, and no attacker
//!    block the defender could capture in a real game keeps a liberty the search cannot fill.
//! 3. **Thick wall.** The enclosure is *closed* when it has at most [`MAX_ENCLOSED_EMPTY`] empty
//!    points, or when Benson-alive attacker stones bound it and it has at most a third of the
//!    board's points empty (a framed or filled board). The wall is *thick* when the enclosure is
//!    closed and its growth (rule 2) stops while each round's region is still closed in that
//!    sense. When a round's region is no longer closed (a weak block opens onto the board), the
//!    region is the last closed one and [`Inference::wall`] says that the position is open around
//!    the weak block ([`Wall::Weak`]); an open enclosure is [`Wall::NotClosed`]. Either way
//!    [`frame_if_needed`] frames the position and infers again, so that a weak wall's fight is
//!    held by the frame's living stones rather than cut off: a region that is not thick is never
//!    solved silently (the description, which `solve` prints, says why).
//!
//!    *Why [`MIN_WALL_LIBERTIES`] liberties outside make a block safe.* The search never plays
//!    outside the region, so it can neither fill nor defend those liberties. To capture such a
//!    block in a real game the defender must spend three moves outside the local fight before the
//!    block is even in atari from the outside, and the attacker answers each of them (it extends
//!    the block, which is connected to the open board there, or captures the filling stone); a
//!    local fight that the defender can afford to leave three times is not the problem's fight.
//!    Two outside liberties are not enough: one defender move puts the block in atari, and the
//!    attacker's answer (extending, or capturing the atari stone from a point outside) then
//!    belongs to the fight, which is what the growth adds.
//! 4. **Goal.** The side to move is `PL` (or the colour of the first answer move). When it is the
//!    defender, the goal is [`Goal::Live`] with the defender as OR player, otherwise
//!    [`Goal::Kill`] with the attacker as OR player; a goal or OR player the file states is kept.
//!    Website answers mark the side to move's success as correct, which is then the OR player's
//!    verdict; when the answer has a correct first move and the OR player moves first, the expected
//!    result is a win.
//!
//! # The tsumego frame
//!
//! [`frame`] fills the far side of the board with attacker stones that are unconditionally alive,
//! as the frames of KaTrain and LizGoban do for analysis engines (the idea only): the bounding box
//! of the stones, each side snapped to the edge when it is within [`SNAP_LINES`] lines of it, grows
//! by a margin; every point outside it becomes an attacker stone except one-point eyes, spaced so
//! that the fill stays connected and every fill block has two eyes. The problem's area is left as
//! it was. After framing, the enclosure of a target inside the box is closed by the frame.

use super::answer::AnswerTree;
use super::coords::point_name;
use super::error::ValidationErrors;
use super::goal::{Goal, Outcome};
use super::setup::ProblemSetup;
use crate::go::{benson, Board, ByColor, Color, Move, Point, Zone};
use std::fmt;
use thiserror::Error;

/// An enclosure with more empty points than this is open, unless an unconditionally alive wall
/// surrounds it (see the module documentation).
pub const MAX_ENCLOSED_EMPTY: usize = 40;

/// A wall block that is not Benson-alive is safe with this many liberties outside the region; a
/// block with fewer joins the region with its liberties (rules 2 and 3 of the module doc).
pub const MIN_WALL_LIBERTIES: usize = 3;

/// The frame's bounding box reaches the edge on a side where the stones come within this many
/// lines of it (0 = the edge line itself).
pub const SNAP_LINES: usize = 2;

/// A fill strip narrower than this is not worth filling: the box then reaches the edge. Two lines
/// are enough for one-point eyes on the edge.
const MIN_FILL_WIDTH: usize = 2;

/// Without a closed enclosure, the target is chosen among the blocks within this Manhattan distance
/// of a first answer move.
const NEAR_SEED: usize = 2;

/// Why the target could not be inferred or the frame built.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum InferError {
    #[error("the setup is not a valid position ({0})")]
    Invalid(ValidationErrors),
    #[error("no side to move: add PL[B] or PL[W], or an answer variation")]
    NoSideToMove,
    #[error("the board has no stones, so there is no group to live or kill")]
    NoStones,
    #[error("the problem is already marked up ({0}); there is nothing to infer")]
    AlreadyMarked(&'static str),
    #[error("the marked target stones {0} are not all of one colour")]
    MixedTarget(String),
    #[error("marked target point {0} holds no stone")]
    TargetOnEmpty(String),
    #[error("no defender group found: {0}")]
    NoTarget(&'static str),
    #[error("cannot frame the problem: {0}")]
    Frame(&'static str),
}

/// Where the target came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TargetSource {
    /// The crucial stones (`TR`) of the file.
    Crucial,
    /// A single `MA` point on a stone (the tsumego.js convention).
    MarkedPoint,
    /// The first moves of the answer variations.
    Answer,
    /// No markup and no (usable) answer: the unsettled group nearest a corner.
    NearestCorner,
}

/// Whether the attacker's wall around the region is thick (see the module documentation).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Wall {
    /// Closed, and no wall block is short of liberties.
    Thick,
    /// The enclosure of the target reaches `empty_points` empty points without an unconditionally
    /// alive wall: the position is open.
    NotClosed { empty_points: usize },
    /// The wall block of `block` had only `liberties` liberties outside the region (it is not
    /// safe), and the region grown to hold its fight reached `empty_points` empty points without
    /// closing: the position is open around the weak wall.
    Weak {
        block: Point,
        liberties: usize,
        empty_points: usize,
    },
}

impl Wall {
    pub fn is_thick(&self) -> bool {
        *self == Wall::Thick
    }
}

/// What [`infer_markup`] found; [`apply`] writes it into a setup.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Inference {
    /// The colour of the target (whose stones try to live).
    pub defender: Color,
    /// The side to move in the problem position.
    pub to_move: Color,
    /// The goal of the OR player (the file's when it states one).
    pub goal: Goal,
    /// The side pursuing the goal (the file's when it states one).
    pub or_player: Color,
    /// The target: defender stones.
    pub crucial: Zone,
    /// The points where moves may be played (includes occupied points).
    pub region: Zone,
    /// Whether the region lies inside a thick attacker wall, and why not.
    pub wall: Wall,
    /// How the target was found.
    pub source: TargetSource,
    /// The expected result for the OR player (the file's, or a win when the answer has a correct
    /// first move of the OR player).
    pub expected: Option<Outcome>,
    /// One paragraph describing the inference, for people.
    pub description: String,
}

impl Inference {
    /// The side trying to kill.
    pub fn attacker(&self) -> Color {
        self.defender.opponent()
    }
}

/// True when the setup carries no target markup that [`infer_markup`] would not use: no crucial
/// stones and no region, or a single region point on a stone (tsumego.js), and no `live-any` /
/// `kill-all` goal (those need no target).
pub fn needs_inference(setup: &ProblemSetup) -> bool {
    let goal_ok = setup.goal.is_none_or(Goal::needs_crucial_stones);
    let region_ok = match setup.region {
        None => true,
        Some(z) => z.len() == 1 && z.is_subset(&setup.stones.black.union(&setup.stones.white)),
    };
    goal_ok && setup.crucial.is_empty() && region_ok
}

/// Infer the target, region and goal of `setup` (see the module documentation for the rules).
///
/// Accepts a setup without crucial stones and region, one whose region is a single point on a
/// stone (the target block, tsumego.js), and one with crucial stones but no region.
pub fn infer_markup(setup: &ProblemSetup) -> Result<Inference, InferError> {
    let single_point = single_marked_point(setup);
    if setup.region.is_some() && single_point.is_none() {
        return Err(InferError::AlreadyMarked("it has a region (MA)"));
    }
    if single_point.is_some() && !setup.crucial.is_empty() {
        return Err(InferError::AlreadyMarked(
            "it has crucial stones (TR) and a region (MA)",
        ));
    }
    if setup.goal.is_some_and(|g| !g.needs_crucial_stones()) {
        return Err(InferError::AlreadyMarked(
            "its goal live-any / kill-all concerns every stone, not a target",
        ));
    }
    let to_move = setup
        .to_move
        .or_else(|| setup.answer.variations.first().map(|v| v.color))
        .ok_or(InferError::NoSideToMove)?;
    let board = position(setup, to_move)?;
    let n = board.size();
    if board.stones(Color::Black).is_empty() && board.stones(Color::White).is_empty() {
        return Err(InferError::NoStones);
    }
    let lives = Lives::new(&board);

    // 1. The target: the defender and the seeds of its enclosure.
    let (defender, seeds, source) = if !setup.crucial.is_empty() {
        let (c, stones) = marked_target(&board, &setup.crucial)?;
        (c, stones, TargetSource::Crucial)
    } else if let Some(p) = single_point {
        let target = [p].into_iter().collect();
        let (c, stones) = marked_target(&board, &target)?;
        (
            c,
            board.block_stones(stones.first().unwrap_or(p)),
            TargetSource::MarkedPoint,
        )
    } else {
        let seeds = first_move_points(&setup.answer, &board);
        let enclosed = if seeds.is_empty() {
            enclosed_nearest_corner(&board, &lives)
                .map(|(c, z)| (c, z, TargetSource::NearestCorner))
        } else {
            enclosed_by_seeds(&board, &lives, &seeds).map(|(c, z)| (c, z, TargetSource::Answer))
        };
        match enclosed {
            Some(found) => found,
            None => {
                // Open position: the unsettled block nearest a corner (near the seeds).
                let (c, block) = open_target(&board, &lives, &seeds)?;
                let source = if seeds.is_empty() {
                    TargetSource::NearestCorner
                } else {
                    TargetSource::Answer
                };
                (c, block, source)
            }
        }
    };
    let attacker = defender.opponent();

    // 2. The enclosure, the crucial stones and the region.
    let passable = board.empty_points().union(&board.stones(defender));
    let enclosure = seeds.flood(&passable, n);
    let closed = is_closed(&board, &lives, &enclosure, attacker);
    let crucial = match source {
        TargetSource::Crucial | TargetSource::MarkedPoint => {
            seeds.intersection(&board.stones(defender))
        }
        // An open enclosure may reach far-away groups: keep the blocks the target started from.
        _ if !closed => seeds
            .intersection(&board.stones(defender))
            .iter()
            .fold(Zone::new(), |z, p| z.union(&board.block_stones(p))),
        _ => enclosure.intersection(&board.stones(defender)),
    };
    if crucial.is_empty() {
        return Err(InferError::NoTarget("the target area holds no stone"));
    }
    // 2-3. The region that keeps the fight, and the wall.
    let (region, wall) = if closed {
        keep_the_fight(&board, &lives, &enclosure, attacker)
    } else {
        let mut region = enclosure;
        for head in adjacent_blocks(&board, &enclosure, attacker) {
            let libs = board.liberties(head);
            if libs.difference(&enclosure).len() <= 1 {
                region.union_with(&board.block_stones(head));
                region.union_with(&libs);
            }
        }
        let empty_points = enclosure.intersection(&board.empty_points()).len();
        (region, Wall::NotClosed { empty_points })
    };

    // 4. The goal.
    let goal = setup.goal.unwrap_or(if to_move == defender {
        Goal::Live
    } else {
        Goal::Kill
    });
    let or_player = setup.or_player.unwrap_or(if goal.or_defends() {
        defender
    } else {
        attacker
    });
    let expected = setup.expected.or_else(|| {
        (or_player == to_move && !setup.answer.correct_first_moves().is_empty())
            .then_some(Outcome::Win)
    });

    let mut inference = Inference {
        defender,
        to_move,
        goal,
        or_player,
        crucial,
        region,
        wall,
        source,
        expected,
        description: String::new(),
    };
    inference.description = describe(&inference, &board);
    Ok(inference)
}

/// Write the inference into `setup`: crucial stones, region, goal, OR player, and the side to move
/// and expected result when the setup has none. `setup.validate()` then gives the problem.
pub fn apply(setup: &mut ProblemSetup, inference: &Inference) {
    setup.crucial = inference.crucial;
    setup.region = Some(inference.region);
    setup.goal = Some(inference.goal);
    setup.or_player = Some(inference.or_player);
    setup.to_move = setup.to_move.or(Some(inference.to_move));
    setup.expected = setup.expected.or(inference.expected);
}

/// [`infer_markup`] and [`apply`] in one step, on a copy.
pub fn infer_and_apply(setup: &ProblemSetup) -> Result<(ProblemSetup, Inference), InferError> {
    let inference = infer_markup(setup)?;
    let mut marked = setup.clone();
    apply(&mut marked, &inference);
    Ok((marked, inference))
}

/// Options of [`frame`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FrameOptions {
    /// Empty lines left between the stones' bounding box and the frame (at least 1; reduced down
    /// to 1 when the board has no room for the wider box).
    pub margin: usize,
}

impl Default for FrameOptions {
    fn default() -> Self {
        FrameOptions { margin: 2 }
    }
}

/// The setup with a tsumego frame of `attacker` stones (see the module documentation): every
/// start point outside the grown bounding box of the stones becomes an attacker stone, except
/// one-point eyes; every fill stone is Benson-alive. Only `stones` changes.
pub fn frame(
    setup: &ProblemSetup,
    attacker: Color,
    options: &FrameOptions,
) -> Result<ProblemSetup, InferError> {
    let n = setup.size;
    if !(2..=crate::go::MAX_SIZE).contains(&n) {
        return Err(InferError::Frame("the board size is not in 2..=19"));
    }
    // Every point a stone of the problem may stand on: the start stones and the setup moves.
    let mut used = setup.stones.black.union(&setup.stones.white);
    for m in &setup.moves {
        if let Move::Play(p) = m.mv {
            used.insert(p);
        }
    }
    used.intersect_with(&Zone::full(n));
    if used.is_empty() {
        return Err(InferError::NoStones);
    }
    for margin in (1..=options.margin.max(1)).rev() {
        let area = framed_area(&used, n, margin);
        let fill = Zone::full(n).difference(&area);
        if fill.is_empty() {
            continue;
        }
        let eyes = frame_eyes(&fill, n);
        let stones = fill.difference(&eyes);
        let mut framed = setup.clone();
        framed.stones[attacker].union_with(&stones);
        let mut board = Board::new(n);
        for c in Color::ALL {
            for p in framed.stones[c].iter() {
                board.set_stone(c, p);
            }
        }
        let alive = benson(&board, attacker).alive_stones();
        if stones.is_subset(&alive) {
            return Ok(framed);
        }
    }
    Err(InferError::Frame(
        "the stones leave no room on the board for a living frame",
    ))
}

/// Infer; when the wall is not thick, frame the position with the inferred attacker's stones and
/// infer again. Returns the (possibly framed) setup, unmarked, and its inference.
pub fn frame_if_needed(
    setup: &ProblemSetup,
    options: &FrameOptions,
) -> Result<(ProblemSetup, Inference), InferError> {
    let first = infer_markup(setup)?;
    if first.wall.is_thick() {
        return Ok((setup.clone(), first));
    }
    let framed = frame(setup, first.attacker(), options)?;
    let second = infer_markup(&framed)?;
    Ok((framed, second))
}

// ---------------------------------------------------------------------------------------------
// Position and target.

/// The problem position (setup moves replayed), validated without any markup.
fn position(setup: &ProblemSetup, to_move: Color) -> Result<Board, InferError> {
    let mut bare = setup.clone();
    bare.to_move = Some(to_move);
    bare.region = None;
    bare.crucial = Zone::new();
    bare.goal = None;
    bare.or_player = None;
    let problem = bare.validate().map_err(InferError::Invalid)?;
    Ok(problem.board().clone())
}

/// The single region point on a start stone (tsumego.js), if the region is that.
fn single_marked_point(setup: &ProblemSetup) -> Option<Point> {
    let z = setup.region?;
    let p = z.first()?;
    let stones = setup.stones.black.union(&setup.stones.white);
    (z.len() == 1 && stones.contains(p)).then_some(p)
}

/// The colour and stones of marked target points, which must all hold stones of one colour.
fn marked_target(board: &Board, marked: &Zone) -> Result<(Color, Zone), InferError> {
    let n = board.size();
    let mut colour = None;
    for p in marked.iter() {
        match board.color_at(p) {
            None => return Err(InferError::TargetOnEmpty(point_name(p, n))),
            Some(c) if colour.is_some_and(|d| d != c) => {
                let names: Vec<String> = marked.iter().map(|q| q.to_gtp(n)).collect();
                return Err(InferError::MixedTarget(names.join(" ")));
            }
            Some(c) => colour = Some(c),
        }
    }
    let c = colour.ok_or(InferError::NoTarget("no target point is marked"))?;
    Ok((c, *marked))
}

/// The empty points of the first moves of the answer variations.
fn first_move_points(answer: &AnswerTree, board: &Board) -> Zone {
    answer
        .variations
        .iter()
        .filter_map(|v| v.mv.point())
        .filter(|&p| board.on_board(p) && board.is_empty(p))
        .collect()
}

/// Benson-alive stones of each colour.
struct Lives {
    alive: ByColor<Zone>,
}

impl Lives {
    fn new(board: &Board) -> Lives {
        Lives {
            alive: ByColor::new(
                benson(board, Color::Black).alive_stones(),
                benson(board, Color::White).alive_stones(),
            ),
        }
    }
}

/// The enclosure from `seeds` in which `c` would be the defender, if it qualifies (rule 1).
fn enclosure_for(board: &Board, lives: &Lives, seeds: &Zone, c: Color) -> Option<Zone> {
    let passable = board.empty_points().union(&board.stones(c));
    let zone = seeds.flood(&passable, board.size());
    let own = zone.intersection(&board.stones(c));
    let qualifies = !own.is_empty()
        && !own.intersects(&lives.alive[c])
        && is_closed(board, lives, &zone, c.opponent());
    qualifies.then_some(zone)
}

/// Rule 1 with answer seeds: the defender and its enclosure.
fn enclosed_by_seeds(board: &Board, lives: &Lives, seeds: &Zone) -> Option<(Color, Zone)> {
    let mut found: ByColor<Zone> = ByColor::default();
    for seed in seeds.iter() {
        let one: Zone = [seed].into_iter().collect();
        for c in Color::ALL {
            if let Some(z) = enclosure_for(board, lives, &one, c) {
                found[c].union_with(&z);
            }
        }
    }
    let empty = board.empty_points();
    let (b, w) = (
        found.black.intersection(&empty),
        found.white.intersection(&empty),
    );
    let colour = match (found.black.is_empty(), found.white.is_empty()) {
        (true, true) => return None,
        (false, true) => Color::Black,
        (true, false) => Color::White,
        // Both: the outer enclosure (the one whose empty points contain the other's).
        _ if w.is_subset(&b) => Color::Black,
        _ if b.is_subset(&w) => Color::White,
        _ if b.len() >= w.len() => Color::Black,
        _ => Color::White,
    };
    Some((colour, found[colour]))
}

/// The blocks of `c` that are not Benson-alive, in board order.
fn unsettled_blocks(board: &Board, lives: &Lives, c: Color) -> Vec<Zone> {
    let mut done = lives.alive[c];
    let mut out = Vec::new();
    for p in board.stones(c).iter() {
        if done.contains(p) {
            continue;
        }
        let block = board.block_stones(p);
        done.union_with(&block);
        out.push(block);
    }
    out
}

/// Rule 1 without answers: the closed enclosure nearest a corner, nested ones dropped.
fn enclosed_nearest_corner(board: &Board, lives: &Lives) -> Option<(Color, Zone)> {
    let n = board.size();
    let empty = board.empty_points();
    let mut candidates: Vec<(Color, Zone)> = Vec::new();
    for c in Color::ALL {
        // Stones inside an enclosure found already start no other.
        let mut covered = Zone::new();
        for block in unsettled_blocks(board, lives, c) {
            if block.first().is_some_and(|p| covered.contains(p)) {
                continue;
            }
            if let Some(z) = enclosure_for(board, lives, &block, c) {
                covered.union_with(&z.intersection(&board.stones(c)));
                candidates.push((c, z));
            }
        }
    }
    let outer: Vec<&(Color, Zone)> = candidates
        .iter()
        .filter(|(c, z)| {
            let mine = z.intersection(&empty);
            !candidates.iter().any(|(d, y)| {
                d != c && mine.is_subset(&y.intersection(&empty)) && y.len() > z.len()
            })
        })
        .collect();
    outer
        .into_iter()
        .min_by_key(|(c, z)| {
            let own = z.intersection(&board.stones(*c));
            (
                min_corner_distance(&own, n),
                z.intersection(&empty).len(),
                z.first(),
            )
        })
        .map(|(c, z)| (*c, *z))
}

/// Without a closed enclosure (rule 1, open positions): among the blocks that are not
/// Benson-alive (near a seed when there are seeds), the defender is the colour whose stones lie
/// nearer the edge on average (the attacker surrounds from the centre side; ties to the colour
/// with the block nearest a corner). The target is its blocks near the seeds, or without seeds its
/// block nearest a corner (fewer liberties first).
fn open_target(board: &Board, lives: &Lives, seeds: &Zone) -> Result<(Color, Zone), InferError> {
    let n = board.size();
    let near = |block: &Zone| {
        seeds.is_empty()
            || block.iter().any(|p| {
                seeds
                    .iter()
                    .any(|s| p.x().abs_diff(s.x()) + p.y().abs_diff(s.y()) <= NEAR_SEED)
            })
    };
    let mut blocks: ByColor<Vec<Zone>> = ByColor::default();
    for c in Color::ALL {
        blocks[c] = unsettled_blocks(board, lives, c)
            .into_iter()
            .filter(|b| near(b))
            .collect();
    }
    // Per colour: (sum of lines, number of stones, nearest corner distance).
    let stats = |c: Color| {
        let stones: Vec<Point> = blocks[c].iter().flat_map(|b| b.iter()).collect();
        let lines: usize = stones.iter().map(|&p| line(p, n)).sum();
        let corner = blocks[c]
            .iter()
            .map(|b| min_corner_distance(b, n))
            .min()
            .unwrap_or(usize::MAX);
        (lines, stones.len(), corner)
    };
    let (b, w) = (stats(Color::Black), stats(Color::White));
    let defender = match (b.1, w.1) {
        (0, 0) => {
            return Err(if seeds.is_empty() {
                InferError::NoTarget("every stone is unconditionally alive")
            } else {
                InferError::NoTarget("no unsettled block lies near the first answer moves")
            })
        }
        (_, 0) => Color::Black,
        (0, _) => Color::White,
        // Compare the mean lines b.0 / b.1 and w.0 / w.1 without division.
        _ if b.0 * w.1 != w.0 * b.1 => {
            if b.0 * w.1 < w.0 * b.1 {
                Color::Black
            } else {
                Color::White
            }
        }
        _ if b.2 <= w.2 => Color::Black,
        _ => Color::White,
    };
    let target = if seeds.is_empty() {
        blocks[defender]
            .iter()
            .min_by_key(|z| {
                let libs = z.first().map_or(0, |p| board.num_liberties(p));
                (min_corner_distance(z, n), libs, z.first())
            })
            .copied()
            .unwrap_or_default()
    } else {
        blocks[defender]
            .iter()
            .fold(Zone::new(), |acc, z| acc.union(z))
    };
    Ok((defender, target))
}

/// The line of `p` (0 = the edge), counted from the nearest edge.
fn line(p: Point, n: usize) -> usize {
    p.x().min(p.y()).min(n - 1 - p.x()).min(n - 1 - p.y())
}

// ---------------------------------------------------------------------------------------------
// Zones.

/// Rule 3: is the enclosure closed by `attacker` stones?
fn is_closed(board: &Board, lives: &Lives, zone: &Zone, attacker: Color) -> bool {
    let n = board.size();
    if zone.intersection(&board.empty_points()).len() <= MAX_ENCLOSED_EMPTY {
        return true;
    }
    // A frame or a filled board: bounded by living attacker stones and local in size.
    let around = zone.grow(n).intersection(&board.stones(attacker));
    zone.intersection(&board.empty_points()).len() <= n * n / 3
        && around.intersects(&lives.alive[attacker])
}

/// Rule 3: is the `attacker` block of `head` safe on the boundary of `region`? It is when it is
/// Benson-alive, or when it keeps at least [`MIN_WALL_LIBERTIES`] liberties outside the region.
fn is_safe(board: &Board, lives: &Lives, head: Point, region: &Zone, attacker: Color) -> bool {
    lives.alive[attacker].contains(head)
        || board.liberties(head).difference(region).len() >= MIN_WALL_LIBERTIES
}

/// Rules 2 and 3: grow the closed `enclosure` until every point next to it is a safe `attacker`
/// stone. Each round adds the unsafe attacker blocks next to the region with all their liberties,
/// and the empty points and defender blocks next to the region (where the attacker captures what
/// the defender plays on those liberties, and where either side extends). Stops with
/// [`Wall::Thick`] when nothing is added, or with [`Wall::Weak`] (the last region that was still
/// closed) when a round's region is no longer closed in the sense of [`is_closed`].
fn keep_the_fight(board: &Board, lives: &Lives, enclosure: &Zone, attacker: Color) -> (Zone, Wall) {
    let n = board.size();
    let defender = attacker.opponent();
    let empty = board.empty_points();
    let mut region = *enclosure;
    // The first weak block found, and its liberties outside the region it was found next to.
    let mut first_weak: Option<(Point, usize)> = None;
    loop {
        let mut next = region;
        for head in adjacent_blocks(board, &region, attacker) {
            if !is_safe(board, lives, head, &region, attacker) {
                let libs = board.liberties(head);
                first_weak.get_or_insert((head, libs.difference(&region).len()));
                next.union_with(&board.block_stones(head));
                next.union_with(&libs);
            }
        }
        for p in region.grow(n).difference(&region).iter() {
            if empty.contains(p) {
                next.insert(p);
            } else if board.color_at(p) == Some(defender) {
                next.union_with(&board.block_stones(p));
            }
        }
        if next == region {
            return (region, Wall::Thick);
        }
        if !is_closed(board, lives, &next, attacker) {
            let (block, liberties) = first_weak.unwrap_or((head_of(&next, board), 0));
            let empty_points = next.intersection(&empty).len();
            return (
                region,
                Wall::Weak {
                    block,
                    liberties,
                    empty_points,
                },
            );
        }
        region = next;
    }
}

/// Any stone's block head in `zone` (a fallback name for a wall that cannot be closed).
fn head_of(zone: &Zone, board: &Board) -> Point {
    zone.iter()
        .find(|&p| board.color_at(p).is_some())
        .map_or(Point::new(0, 0), |p| board.block_id(p))
}

/// The heads of the `c` blocks with a stone next to `zone` (and not in it), in point order.
fn adjacent_blocks(board: &Board, zone: &Zone, c: Color) -> Vec<Point> {
    let n = board.size();
    let mut seen = Zone::new();
    let mut heads = Vec::new();
    for p in zone.grow(n).difference(zone).iter() {
        if board.color_at(p) == Some(c) && !seen.contains(p) {
            seen.union_with(&board.block_stones(p));
            heads.push(board.block_id(p));
        }
    }
    heads
}

/// Lines to the nearest corner (Manhattan), of the point of `zone` nearest one.
fn min_corner_distance(zone: &Zone, n: usize) -> usize {
    zone.iter()
        .map(|p| p.x().min(n - 1 - p.x()) + p.y().min(n - 1 - p.y()))
        .min()
        .unwrap_or(usize::MAX)
}

// ---------------------------------------------------------------------------------------------
// The frame.

/// The box left to the problem: the bounding box of `used`, snapped to near edges, grown by
/// `margin`, reaching an edge when the strip beyond it would be too narrow.
fn framed_area(used: &Zone, n: usize, margin: usize) -> Zone {
    let (mut x0, mut x1, mut y0, mut y1) = (n - 1, 0, n - 1, 0);
    for p in used.iter() {
        x0 = x0.min(p.x());
        x1 = x1.max(p.x());
        y0 = y0.min(p.y());
        y1 = y1.max(p.y());
    }
    let low = |v: usize| {
        if v <= SNAP_LINES || v.saturating_sub(margin) < MIN_FILL_WIDTH {
            0
        } else {
            v - margin
        }
    };
    let high = |v: usize| {
        if v + SNAP_LINES >= n - 1 || v + margin + MIN_FILL_WIDTH > n - 1 {
            n - 1
        } else {
            v + margin
        }
    };
    let (x0, x1, y0, y1) = (low(x0), high(x1), low(y0), high(y1));
    let mut area = Zone::new();
    for y in y0..=y1 {
        for x in x0..=x1 {
            area.insert(Point::new(x, y));
        }
    }
    area
}

/// One-point eyes for the fill: points whose eight neighbours (on the board) are all fill points,
/// at least three lines apart from each other, so the fill stays connected around them.
fn frame_eyes(fill: &Zone, n: usize) -> Zone {
    let mut eyes = Zone::new();
    // From the far corner of the fill inwards, so the eyes sit away from the problem.
    let mut points: Vec<Point> = fill.iter().collect();
    points.reverse();
    for p in points {
        let (x, y) = (p.x(), p.y());
        let ring_in_fill = (x.saturating_sub(1)..=(x + 1).min(n - 1)).all(|a| {
            (y.saturating_sub(1)..=(y + 1).min(n - 1)).all(|b| fill.contains(Point::new(a, b)))
        });
        let spaced = eyes
            .iter()
            .all(|e| e.x().abs_diff(x).max(e.y().abs_diff(y)) >= 3);
        if ring_in_fill && spaced {
            eyes.insert(p);
        }
    }
    eyes
}

// ---------------------------------------------------------------------------------------------
// Description.

fn describe(inf: &Inference, board: &Board) -> String {
    let n = board.size();
    let names = |z: &Zone| -> String {
        const SHOWN: usize = 6;
        let mut v: Vec<String> = z.iter().take(SHOWN).map(|p| p.to_gtp(n)).collect();
        if z.len() > SHOWN {
            v.push(format!("and {} more", z.len() - SHOWN));
        }
        v.join(" ")
    };
    let (d, a) = (inf.defender, inf.attacker());
    let found = match inf.source {
        TargetSource::Crucial => "the crucial stones of the file".to_string(),
        TargetSource::MarkedPoint => "the single MA point on it (tsumego.js)".to_string(),
        TargetSource::Answer => "the first moves of the answer".to_string(),
        TargetSource::NearestCorner => {
            "its position: the unsettled group nearest a corner".to_string()
        }
    };
    let task = if inf.goal.or_defends() {
        format!("{} to live", inf.or_player)
    } else {
        format!("{} to kill", inf.or_player)
    };
    let empty = inf.region.intersection(&board.empty_points()).len();
    let wall = match &inf.wall {
        Wall::Thick => format!("inside a thick {a} wall"),
        Wall::NotClosed { empty_points } => format!(
            "but there is no thick wall: the area around the target reaches {empty_points} empty \
             points (more than {MAX_ENCLOSED_EMPTY}) and {a} does not enclose it, so a search \
             would range over the open board; a tsumego frame can close it"
        ),
        Wall::Weak {
            block,
            liberties,
            empty_points,
        } => format!(
            "but there is no thick wall: the {a} wall block at {} has only {liberties} \
             liberties outside the region, and the area that holds its fight (its liberties and \
             the points around them) reaches {empty_points} empty points without closing, so \
             the position is open",
            block.to_gtp(n)
        ),
    };
    let expected = match inf.expected {
        Some(Outcome::Win) => format!(" The answer says {} succeeds.", inf.or_player),
        Some(Outcome::Fail) => format!(" The file says {} fails.", inf.or_player),
        None => String::new(),
    };
    format!(
        "Target: the {d} group at {} ({} stones), found from {found}. {} to move: {task} \
         (goal {}). Region: {} points ({empty} empty) {wall}.{expected}",
        names(&inf.crucial),
        inf.crucial.len(),
        inf.to_move,
        inf.goal,
        inf.region.len(),
    )
}

impl fmt::Display for Inference {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.description)
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::problem::load::{load_setup_bytes, Format};

    fn setup_of(diagram: &str, to_move: Color) -> ProblemSetup {
        ProblemSetup::from_board(&Board::from_ascii(diagram).unwrap(), to_move)
    }

    /// `setup` with one correct first move `gtp` for the side to move.
    fn answered(mut setup: ProblemSetup, gtp: &str) -> ProblemSetup {
        let p = Point::from_gtp(gtp, setup.size).unwrap();
        setup.answer = AnswerTree::single_correct(setup.to_move.unwrap(), Move::Play(p));
        setup
    }

    fn bundled(name: &str) -> ProblemSetup {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("problems")
            .join(name);
        load_setup_bytes(&std::fs::read(path).unwrap(), Format::Sgf).unwrap()
    }

    /// The problem position of `setup`.
    fn board_of(setup: &ProblemSetup) -> Board {
        position(setup, setup.to_move.unwrap_or(Color::Black)).unwrap()
    }

    /// [`Board::zone_ascii`] of `zone`, cropped to the rows and columns of the zone grown by one.
    fn cropped(board: &Board, zone: &Zone) -> String {
        let g = zone.grow(board.size());
        let (x0, x1) = (
            g.iter().map(Point::x).min().unwrap(),
            g.iter().map(Point::x).max().unwrap(),
        );
        let (y0, y1) = (
            g.iter().map(Point::y).min().unwrap(),
            g.iter().map(Point::y).max().unwrap(),
        );
        board
            .zone_ascii(zone)
            .lines()
            .skip(y0)
            .take(y1 - y0 + 1)
            .map(|l| {
                let row: Vec<&str> = l.split(' ').skip(x0).take(x1 - x0 + 1).collect();
                row.join(" ") + "\n"
            })
            .collect()
    }

    fn trim(diagram: &str) -> String {
        diagram
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty())
            .map(|l| l.to_string() + "\n")
            .collect()
    }

    /// Infer, apply and validate: the problem must be valid, with the book's correct first moves
    /// inside the region.
    fn check_applies(setup: &ProblemSetup, inf: &Inference) {
        let mut marked = setup.clone();
        apply(&mut marked, inf);
        let p = marked.validate().unwrap();
        assert_eq!(
            (p.goal(), p.or_player(), p.defender()),
            (inf.goal, inf.or_player, inf.defender)
        );
        for mv in p.answer().correct_first_moves() {
            assert!(
                p.region().contains(mv.point().unwrap()),
                "{mv:?} outside the region"
            );
        }
    }

    #[test]
    fn unmarked_bundled_problems() {
        // (file, defender, goal, source, region diagram)
        let cases = [
            (
                "15-bulky-five-kill.sgf",
                Color::White,
                Goal::Kill,
                TargetSource::Answer,
                "x O * *
                 x O * *
                 x O O *
                 x x O O
                 . x x x",
            ),
            (
                "16-pyramid-four-live.sgf",
                Color::Black,
                Goal::Live,
                TargetSource::Answer,
                "o o o o o o
                 X X X X X o
                 X X * X X o
                 X * * * X o",
            ),
            (
                "17-second-line-kill.sgf",
                Color::Black,
                Goal::Kill,
                TargetSource::Answer,
                "* * * * * * o
                 X X X X X o o
                 o o o o o o .",
            ),
            (
                "18-rabbity-six-kill-9x9.sgf",
                Color::White,
                Goal::Kill,
                TargetSource::Answer,
                "x O O * * O x
                 x O * * * O x
                 x O O * O O x
                 x x O O O x x
                 . x x x x x x",
            ),
            (
                "20-marked-target-kill.sgf",
                Color::Black,
                Goal::Kill,
                TargetSource::MarkedPoint,
                ". o o o o o o
                 o o X X X X X
                 o * * * * * *",
            ),
        ];
        let mut mismatches = Vec::new();
        for (file, defender, goal, source, diagram) in cases {
            let setup = bundled(file);
            assert!(needs_inference(&setup), "{file}");
            let inf = infer_markup(&setup).unwrap();
            let board = board_of(&setup);
            assert_eq!(
                (inf.defender, inf.goal, inf.source, &inf.wall),
                (defender, goal, source, &Wall::Thick),
                "{file}: {}",
                inf.description
            );
            assert_eq!(inf.or_player, setup.to_move.unwrap(), "{file}");
            assert_eq!(inf.expected, Some(Outcome::Win), "{file}");
            let got = cropped(&board, &inf.region);
            if got != trim(diagram) {
                mismatches.push(format!("{file}:\n{got}"));
            }
            check_applies(&setup, &inf);
        }
        assert!(mismatches.is_empty(), "{}", mismatches.join("\n"));
    }

    #[test]
    fn without_answer_the_enclosed_group_nearest_a_corner() {
        for file in ["15-bulky-five-kill.sgf", "17-second-line-kill.sgf"] {
            let with = bundled(file);
            let mut without = with.clone();
            without.answer = AnswerTree::new();
            let (a, b) = (
                infer_markup(&with).unwrap(),
                infer_markup(&without).unwrap(),
            );
            assert_eq!(b.source, TargetSource::NearestCorner, "{file}");
            assert_eq!(
                (b.defender, b.crucial, b.region),
                (a.defender, a.crucial, a.region)
            );
            assert_eq!(b.expected, None);
        }
    }

    #[test]
    fn open_corner_needs_the_frame() {
        let setup = bundled("19-open-corner-live.sgf");
        let open = infer_markup(&setup).unwrap();
        assert_eq!(open.defender, Color::Black);
        assert!(
            matches!(open.wall, Wall::NotClosed { empty_points } if empty_points > 300),
            "{:?}",
            open.wall
        );
        assert!(
            open.description.contains("no thick wall"),
            "{}",
            open.description
        );
        // Still a valid (if huge) problem.
        check_applies(&setup, &open);

        let (framed, inf) = frame_if_needed(&setup, &FrameOptions::default()).unwrap();
        assert_eq!(inf.wall, Wall::Thick, "{}", inf.description);
        assert_eq!((inf.defender, inf.goal), (Color::Black, Goal::Live));
        assert_eq!(inf.crucial, open.crucial);
        let board = board_of(&framed);
        // The frame's wall runs two lines beyond the stones (the top row here is its first line).
        assert_eq!(
            cropped(&board, &inf.region),
            trim(
                "o o o o o o o o o
                 * * * * * * * * o
                 * * * * * * * * o
                 * O * O * O * * o
                 X X X X X * * * o
                 X X * X X * * * o
                 X * * * X * * * o"
            )
        );
        check_applies(&framed, &inf);
        // The problem's own stones are untouched; the fill is alive.
        assert!(setup.stones.black == framed.stones.black);
        assert!(setup.stones.white.is_subset(&framed.stones.white));
        let fill = framed.stones.white.difference(&setup.stones.white);
        assert!(fill.is_subset(&benson(&board, Color::White).alive_stones()));
    }

    #[test]
    fn frames_on_several_boards_are_alive_and_closed() {
        let corner9 = answered(
            setup_of(
                ". . . . . . . . .
                 . . . . . . . . .
                 . . . . . . . . .
                 . . . . . . . . .
                 . . . . . . . . .
                 . O . O . . . . .
                 . . . . . . . . .
                 X X X . O . . . .
                 . . X . . . . . .",
                Color::White,
            ),
            "B1",
        );
        let side13 = answered(
            setup_of(
                ". . . . . . . . . . . . .
                 . . . . . . . . . . . . .
                 . . . . . . . . . . . . .
                 . . . . . . . . . . . . .
                 . . . . . . . . . . . . .
                 . . . . . . . . . . . . .
                 . . . . . . . . . . . . .
                 . . . . . . . . . . . . .
                 . . . . . . . . . . . . .
                 . . . . O . O . O . . . .
                 . . . . . . . . . . . . .
                 . . . . . X X X X . . . .
                 . . . . . . . . . . . . .",
                Color::White,
            ),
            "G1",
        );
        for (name, setup) in [("9x9 corner", corner9), ("13x13 side", side13)] {
            let open = infer_markup(&setup).unwrap();
            assert!(!open.wall.is_thick(), "{name}: {}", open.description);
            assert_eq!(open.defender, Color::Black, "{name}");
            let framed = frame(&setup, Color::White, &FrameOptions::default()).unwrap();
            let board = board_of(&framed);
            let fill = framed.stones.white.difference(&setup.stones.white);
            assert!(!fill.is_empty(), "{name}");
            assert!(
                fill.is_subset(&benson(&board, Color::White).alive_stones()),
                "{name}"
            );
            let inf = infer_markup(&framed).unwrap();
            assert_eq!(inf.wall, Wall::Thick, "{name}: {}", inf.description);
            assert_eq!(
                (inf.defender, inf.goal),
                (Color::Black, Goal::Kill),
                "{name}"
            );
            check_applies(&framed, &inf);
        }
    }

    #[test]
    fn frame_needs_room() {
        let full = setup_of(
            "X . . O
             . . . .
             . . . .
             O . . X",
            Color::Black,
        );
        assert_eq!(
            frame(&full, Color::White, &FrameOptions::default()),
            Err(InferError::Frame(
                "the stones leave no room on the board for a living frame"
            ))
        );
        assert_eq!(
            frame(
                &ProblemSetup::new(9),
                Color::White,
                &FrameOptions::default()
            ),
            Err(InferError::NoStones)
        );
    }

    #[test]
    fn single_ma_point_names_the_target_block() {
        let mut setup = setup_of(
            ". . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             X X X X X . . . .
             O O O O X . . . .
             . . . O X . . . .
             O O . O X . . . .
             . O . O X . . . .",
            Color::Black,
        );
        let marked = Point::from_gtp("A4", 9).unwrap();
        setup.region = Some([marked].into_iter().collect());
        assert!(needs_inference(&setup));
        let inf = infer_markup(&setup).unwrap();
        assert_eq!(inf.source, TargetSource::MarkedPoint);
        // The marked block only, not the separate stones below it.
        assert_eq!(inf.crucial, board_of(&setup).block_stones(marked));
        assert_eq!(
            (inf.defender, inf.goal, inf.or_player),
            (Color::White, Goal::Kill, Color::Black)
        );
        assert_eq!(inf.expected, None);
        // The enclosure holds the separate white stones too; only the marked block is crucial.
        assert_eq!(
            cropped(&board_of(&setup), &inf.region),
            trim(
                "x x x x x
                 O O O O x
                 * * * O x
                 O O * O x
                 * O * O x"
            )
        );
        check_applies(&setup, &inf);
    }

    #[test]
    fn attacker_stone_inside_the_eye_space_is_in_the_region() {
        let setup = answered(
            setup_of(
                ". . . . . . . . .
                 . . . . . . . . .
                 . . . . . . . . .
                 . . . . . . . . .
                 O O O O O . . . .
                 X X X X O . . . .
                 . . O X O . . . .
                 . . . X O . . . .
                 . . . X O . . . .",
                Color::Black,
            ),
            "B2",
        );
        let inf = infer_markup(&setup).unwrap();
        assert_eq!(
            (inf.defender, inf.goal, &inf.wall),
            (Color::Black, Goal::Live, &Wall::Thick)
        );
        assert!(inf.region.contains(Point::from_gtp("C3", 9).unwrap()));
        assert_eq!(
            cropped(&board_of(&setup), &inf.region),
            trim(
                "o o o o o
                 X X X X o
                 * * O X o
                 * * * X o
                 * * * X o"
            )
        );
    }

    #[test]
    fn wall_short_of_liberties() {
        let setup = answered(
            setup_of(
                ". . . . . . . . .
                 . . . . . . . . .
                 . . . . . . . . .
                 X X X X X X . . .
                 O O O O O X . . .
                 X X X X O X . . .
                 . . . X O X . . .
                 . . . X O . . . .
                 . . . X O . . . .",
                Color::Black,
            ),
            "B2",
        );
        let inf = infer_markup(&setup).unwrap();
        assert_eq!(inf.defender, Color::Black);
        // The White wall's fight reaches F1/F2 and the black stones outside it, and from there
        // the open board: the position is open around the weak wall, not thick.
        let wall_block = board_of(&setup).block_id(Point::from_gtp("A5", 9).unwrap());
        assert!(
            matches!(inf.wall, Wall::Weak { block, liberties: 2, empty_points }
                if block == wall_block && empty_points > MAX_ENCLOSED_EMPTY),
            "{:?}",
            inf.wall
        );
        assert!(
            inf.description.contains("only 2 liberties") && inf.description.contains("open"),
            "{}",
            inf.description
        );
        // The region keeps the wall and its liberties (the last region that was closed).
        for p in ["A5", "E1", "F1", "F2"] {
            assert!(inf.region.contains(Point::from_gtp(p, 9).unwrap()), "{p}");
        }
    }

    #[test]
    fn errors_are_explained() {
        let msg = |s: &ProblemSetup| infer_markup(s).unwrap_err().to_string();
        let mut empty = ProblemSetup::new(9);
        empty.to_move = Some(Color::Black);
        assert_eq!(
            msg(&empty),
            "the board has no stones, so there is no group to live or kill"
        );
        let mut no_pl = setup_of(". X\n. .", Color::Black);
        no_pl.to_move = None;
        assert_eq!(
            msg(&no_pl),
            "no side to move: add PL[B] or PL[W], or an answer variation"
        );
        let mut region = setup_of("X . .\n. . .\n. . O", Color::Black);
        region.region = Some(Zone::full(3));
        assert!(!needs_inference(&region));
        assert_eq!(
            msg(&region),
            "the problem is already marked up (it has a region (MA)); there is nothing to infer"
        );
        let mut mixed = setup_of("X . .\n. . .\n. . O", Color::Black);
        mixed.crucial = mixed.stones.black.union(&mixed.stones.white);
        assert_eq!(
            msg(&mixed),
            "the marked target stones A3 C1 are not all of one colour"
        );
        // Two living black groups: nothing is unsettled.
        let alive = setup_of(
            "X . X X . X
             X X X X X X
             . . . . . .
             . . . . . .
             . . . . . .
             . . . . . .",
            Color::White,
        );
        assert_eq!(
            msg(&alive),
            "no defender group found: every stone is unconditionally alive"
        );
        let mut invalid = setup_of(". X\n. .", Color::Black);
        invalid.stones.white.insert(Point::new(1, 0));
        assert!(msg(&invalid).starts_with("the setup is not a valid position (invalid problem: "));
    }
}
