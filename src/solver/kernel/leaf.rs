//! The goal test of a search node: is the problem decided in this position, and by which zone?
//!
//! From the RZS paper ("Relevance Zones", RZ-1; the issue "RZ-based search", item 1):
//! - the **defender lives** when a decisive stone belongs to a Benson-UCA block: a crucial stone
//!   for [`Goal::Live`]/[`Goal::Kill`], any defender stone for [`Goal::LiveAny`]/[`Goal::KillAll`].
//!   The zone is the UCA *component* of that stone ([`crate::go::benson::Benson::component`]): its block, the vital
//!   regions, and the blocks joined through them; not every UCA block on the board (the masked
//!   walls of the research problems are often UCA themselves). Of several living decisive stones
//!   the smallest component is taken (ties: the first in zone order), since smaller zones prune
//!   more.
//! - the **defender is dead** when every crucial stone has been captured (`Live`/`Kill` only); the
//!   zone is the crucial points: any position where none of them holds a defender stone is dead.
//!
//! - the **defender is statically dead** ([`crate::solver::knowledge::static_ld`]) when every
//!   decisive point lies in small areas enclosed by unconditionally alive attacker stones that
//!   the attacker can empty whatever the defender does; the zone is the areas, the UCA
//!   components of their walls and the crucial points (the whole board for
//!   `LiveAny`/`KillAll`). Only on when the goal test is made with the problem's region
//!   ([`GoalTest::new`]) and never under positional superko (see [`GoalTest::without_static_rule`]).
//!
//! - the **defender lives by connection** ([`crate::solver::knowledge::connection`]) when a crucial block has two
//!   liberties in the region each next to an unconditionally alive defender stone; the zone is
//!   the block, the two liberties and the UCA components of the living stones. Or by **one eye
//!   and a connection**: a crucial block with a one-point eye shares two liberties in the
//!   region with another defender block with an eye of its own (the zone: both blocks, both
//!   eyes, both liberties). With the static
//!   rule (the region; never under superko); the goals with crucial stones only.
//!
//! - the **defender lives in a seki** ([`crate::solver::knowledge::seki_leaf`]) the database knows,
//!   confirmed under the solver's rules, for the goals where seki is life; the zone is the area
//!   and its enclosing block. With the static rule (the region; never under superko).
//!
//! - with a **territory** claimed ([`Problem::territory`], the every-block goals only) the
//!   defender's life counts only when every territory point is safe too
//!   ([`crate::go::safe_points`]); the zone adds the cover of those points
//!   ([`crate::go::safe_points::safety_cover`]).
//!
//! A leaf is a win or a failure *of the OR player*: the OR player defends for `Live`/`LiveAny`
//! and attacks for `Kill`/`KillAll`.

use crate::go::safe_points::safety_cover;
use crate::go::{benson, Board, Color, Point, Zone};
use crate::problem::{Goal, Problem};
use crate::solver::kernel::dilate::blocks_and_neighbours;
use crate::solver::kernel::outside_watch::OutsideWatch;
use crate::solver::knowledge::connection::{connection_zone, eyes_joined_zone, may_connect};
use crate::solver::knowledge::linked_life::{linked_life, may_live_linked};
use crate::solver::knowledge::not_alive::may_be_alive;
use crate::solver::knowledge::one_eye::{eye_win, no_eye_possible};
use crate::solver::knowledge::seki_leaf::SekiRule;
use crate::solver::knowledge::static_ld::StaticRule;

/// A decided node, from the OR player's point of view, with the zone that decides it (RZ-1:
/// every position with the same pattern inside the zone is decided the same way).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Leaf {
    Win(Zone),
    Fail(Zone),
}

impl Leaf {
    /// The deciding zone.
    pub fn zone(&self) -> Zone {
        match *self {
            Leaf::Win(z) | Leaf::Fail(z) => z,
        }
    }

    pub fn is_win(&self) -> bool {
        matches!(self, Leaf::Win(_))
    }
}

/// Why the goal test decided a node.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reason {
    /// A decisive defender stone is unconditionally alive.
    Alive,
    /// Every crucial stone has been captured.
    Captured,
    /// The static rule: every decisive point is in dead enclosed areas.
    StaticDead,
    /// A crucial block connects to unconditionally alive stones whatever the attacker does
    /// ([`crate::solver::knowledge::connection`]).
    Connected,
    /// The decisive blocks are alive by links: Benson's life of chains of blocks the defender
    /// keeps connected by miai ([`crate::solver::knowledge::linked_life`]).
    Linked,
    /// A defender block keeps a seki the database knows ([`crate::solver::knowledge::seki_leaf`]).
    SekiArea,
    /// The one-eye goals: the defender has an eye in the region connected to every crucial
    /// stone ([`crate::solver::knowledge::one_eye::eye_win`]).
    Eye,
    /// The one-eye goals: safe attacker stones deny every point of the region an eye for ever
    /// ([`crate::solver::knowledge::one_eye::no_eye_possible`]).
    NoEyePossible,
}

/// What decides a node: the goal, the OR player and the crucial stones of a problem.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GoalTest {
    goal: Goal,
    /// The side whose stones try to live.
    defender: Color,
    /// The crucial points (the crucial stones of the problem position); empty for the goals
    /// that do not need them.
    crucial: Zone,
    /// The static life-and-death rule, when on.
    static_rule: Option<StaticRule>,
    /// The problem's region, for the connection rule ([`crate::solver::knowledge::connection`]) when it is on
    /// (with the static rule: both need the region and both are off under superko).
    connection_region: Option<Zone>,
    /// The seki terminal, when on (goals where seki is life, with the static rule).
    seki: Option<SekiRule>,
    /// The every-block goals' region: a crucial block with a liberty outside it has left the
    /// searched game (see [`GoalTest::decide_every_block`]).
    leak_region: Option<Zone>,
    /// An open-boundary problem's region ([`Problem::is_open`]): a crucial block with a
    /// liberty outside it is a failure of the OR player (see [`GoalTest::open_leak`]).
    open_region: Option<Zone>,
    /// The territory claimed with every crucial block ([`Problem::territory`]; empty when
    /// none): the defender's life counts only when each of its points is safe too.
    territory: Zone,
    /// The outside watch of the every-block goals and of an open-boundary problem's
    /// defender's claim ([`crate::solver::kernel::outside_watch`]): no defender block on or
    /// beside the region may keep a liberty outside it.
    watch: Option<OutsideWatch>,
    /// The one-eye goals' test ([`Goal::is_one_eye`]), which replaces life: the region where
    /// the eye must be, and whether the static "no eye possible" rule is on.
    one_eye: Option<OneEyeTest>,
    /// With the connection rule: two defender blocks with one eye each, sharing two
    /// liberties in the region, live ([`eyes_joined_zone`]).
    eye_join: bool,
    /// Life by links ([`crate::solver::knowledge::linked_life`]) with link points in this
    /// region: on for the defender's claims (the OR player defending) without a territory,
    /// with the static rule (off under superko).
    links_region: Option<Zone>,
}

/// The goal test of the one-eye goals ([`crate::solver::knowledge::one_eye`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct OneEyeTest {
    region: Zone,
    /// The static rule: safe attacker stones deny every point of the region an eye.
    no_eye_rule: bool,
}

impl GoalTest {
    /// The goal test of `problem`, with the static rule on (it needs the problem's region) and,
    /// for the every-block goals, the leak rule.
    /// For an open-boundary problem ([`Problem::is_open`]) the leak rule of
    /// [`GoalTest::open_leak`], the connection terminal, the static rule with its areas inside
    /// the region, and no seki terminal (its argument assumes a closed region).
    pub fn new(problem: &Problem) -> GoalTest {
        let parts = GoalTest::bare(problem.goal(), problem.or_player(), problem.crucial());
        if problem.goal().is_one_eye() {
            // An eye, not life: none of the life rules applies (Benson's life of the crucial
            // stones, a connection or a seki would not be an eye in the region).
            return GoalTest {
                one_eye: Some(OneEyeTest {
                    region: problem.region(),
                    no_eye_rule: true,
                }),
                ..parts
            };
        }
        if problem.is_open() {
            // The connection terminal stays: a connection to unconditionally alive stones
            // through links in the region holds whatever is played outside it. So does the
            // static rule with areas inside the region (walls alive or anchored never fall, and
            // nothing played outside touches an area); the seki terminal does not (a seki
            // inside could be broken from outside).
            return GoalTest {
                open_region: Some(problem.region()),
                connection_region: Some(problem.region()),
                links_region: links_region(problem),
                watch: OutsideWatch::of(problem),
                static_rule: Some(
                    StaticRule::new(parts.goal, parts.defender, parts.crucial, problem.region())
                        .for_open_region(),
                ),
                ..parts
            };
        }
        let test = parts.with_static_rule(problem.region());
        GoalTest {
            links_region: links_region(problem),
            territory: problem.territory(),
            leak_region: problem
                .goal()
                .every_crucial_block()
                .then(|| problem.region()),
            watch: OutsideWatch::of(problem),
            ..test
        }
    }

    /// A goal test from its parts, without the static rule. `crucial` is ignored for
    /// `LiveAny`/`KillAll`. Not for the one-eye goals, whose eye must be in the problem's
    /// region ([`GoalTest::new`]).
    pub fn from_parts(goal: Goal, or_player: Color, crucial: Zone) -> GoalTest {
        debug_assert!(!goal.is_one_eye(), "the one-eye goals need the region");
        GoalTest::bare(goal, or_player, crucial)
    }

    /// [`GoalTest::from_parts`] for any goal (the one-eye goals' test is added by `new`).
    fn bare(goal: Goal, or_player: Color, crucial: Zone) -> GoalTest {
        GoalTest {
            goal,
            defender: goal.defender(or_player),
            crucial: if goal.needs_crucial_stones() {
                crucial
            } else {
                Zone::EMPTY
            },
            static_rule: None,
            connection_region: None,
            seki: None,
            leak_region: None,
            open_region: None,
            territory: Zone::EMPTY,
            watch: None,
            one_eye: None,
            eye_join: true,
            links_region: None,
        }
    }

    /// The same test with the static rule on, for a problem whose moves are the plays in
    /// `region`.
    pub fn with_static_rule(mut self, region: Zone) -> GoalTest {
        if let Some(test) = self.one_eye.as_mut() {
            test.no_eye_rule = true;
            return self;
        }
        self.static_rule = Some(StaticRule::new(
            self.goal,
            self.defender,
            self.crucial,
            region,
        ));
        // The connection and seki terminals say one block lives: not enough where every
        // crucial block must.
        let one_block = !self.goal.every_crucial_block();
        self.connection_region = (self.goal.needs_crucial_stones() && one_block).then_some(region);
        self.seki =
            SekiRule::new(self.goal, self.defender, self.crucial, region).filter(|_| one_block);
        self
    }

    /// The same test without the static rule. Searches with positional superko must use this:
    /// the rule's proof that the attacker can empty an area may need a play that superko would
    /// refuse after some line.
    pub fn without_static_rule(mut self) -> GoalTest {
        if let Some(test) = self.one_eye.as_mut() {
            test.no_eye_rule = false;
        }
        self.static_rule = None;
        self.connection_region = None;
        self.seki = None;
        self.links_region = None;
        self
    }

    /// The same test without life by links (for measuring what it brings).
    pub fn without_links(mut self) -> GoalTest {
        self.links_region = None;
        self
    }

    /// The same test without the "one eye and a connection" terminal (for measuring what it
    /// brings).
    pub fn without_eye_join(mut self) -> GoalTest {
        self.eye_join = false;
        self
    }

    /// The same test without the seki database's terminal (for measuring what it brings).
    pub fn without_seki_db(mut self) -> GoalTest {
        self.seki = None;
        self
    }

    /// Is the static rule on?
    pub fn has_static_rule(&self) -> bool {
        self.static_rule.is_some() || self.one_eye.is_some_and(|t| t.no_eye_rule)
    }

    pub fn defender(&self) -> Color {
        self.defender
    }

    /// Is the node with this position decided? `None` when the search must go on.
    pub fn evaluate(&self, board: &Board) -> Option<Leaf> {
        self.decide(board).map(|(leaf, _)| leaf)
    }

    /// [`GoalTest::evaluate`] with the reason of the decision.
    pub fn decide(&self, board: &Board) -> Option<(Leaf, Reason)> {
        // Benson's algorithm only when some decisive block has two vital regions.
        self.decide_if(
            board,
            |decisive| {
                board
                    .blocks_of(decisive)
                    .any(|(_, block)| may_be_alive(board, self.defender, &block))
            },
            |decisive| may_live_linked(board, self.defender, decisive),
        )
    }

    /// [`GoalTest::decide`] of the position a defender play at `p` has just made from a
    /// position the test left undecided (no decisive stone unconditionally alive there).
    ///
    /// Only a set of blocks holding the block at `p` can have become unconditionally alive. A
    /// set without it has the blocks of the position before (only the blocks next to `p`
    /// changed, merged into it) and, as Benson's algorithm drops every region next to a block
    /// outside the set, only regions that do not hold `p` (the region `p` was in became the
    /// regions next to `p`): the same set with the same regions was alive before, against the
    /// premise. So Benson's algorithm runs only when that block itself may have two vital
    /// regions, not whenever any decisive block may: most of a search's children are spared
    /// it. The other rules (captures, static death, connection, seki) are tested as `decide`
    /// tests them. With the premise false the answer may miss a life, never invent one.
    pub fn decide_after_defender_play(&self, board: &Board, p: Point) -> Option<(Leaf, Reason)> {
        if !self.territory.is_empty() {
            // The premise does not hold: a position whose crucial blocks all live may be left
            // undecided for its territory, and a defender play there may make it safe.
            return self.decide(board);
        }
        let block = board.block_stones(p);
        let played = board.color_at(p) == Some(self.defender);
        // (Links too: a chain alive now without the block at `p` had the same blocks, regions
        // and links before, or more links: a defender stone only takes link points, makes
        // points not private and regions not open.)
        self.decide_if(
            board,
            |_| played && may_be_alive(board, self.defender, &block),
            |_| played && may_live_linked(board, self.defender, &block),
        )
    }

    /// The goal test, Benson's algorithm run only when `may_live` (given the decisive stones)
    /// says some decisive stone may be unconditionally alive.
    fn decide_if(
        &self,
        board: &Board,
        may_live: impl FnOnce(&Zone) -> bool,
        may_link: impl FnOnce(&Zone) -> bool,
    ) -> Option<(Leaf, Reason)> {
        if let Some(test) = self.one_eye {
            return self.decide_one_eye(board, test);
        }
        let defender_stones = board.stones(self.defender);
        if self.goal.every_crucial_block() {
            return self.decide_every_block(board, &defender_stones, may_live, may_link);
        }
        let decisive = if self.goal.needs_crucial_stones() {
            let left = defender_stones.intersection(&self.crucial);
            if left.is_empty() {
                return Some((self.outcome(false, self.crucial), Reason::Captured));
            }
            left
        } else {
            defender_stones
        };
        let candidate = may_live(&decisive);
        let connectable = self
            .connection_region
            .is_some_and(|r| may_connect(board, self.defender, &decisive, &r));
        let linkable = self.links_region.is_some() && may_link(&decisive);
        if !candidate && !connectable && !linkable {
            return self
                .open_leak(board)
                .or_else(|| self.outside_leak(board))
                .or_else(|| self.seki_or_static_dead(board));
        }
        let life = benson(board, self.defender);
        let mut best: Option<Zone> = None;
        let mut seen = Zone::new();
        for p in decisive.iter() {
            if seen.contains(p) {
                continue;
            }
            let Some(component) = life.component(p) else {
                continue;
            };
            seen.union_with(&component);
            if best.is_none_or(|b| component.len() < b.len()) {
                best = Some(component);
            }
        }
        let mut reason = Reason::Alive;
        if best.is_none() && linkable {
            // Life by links: the smallest witness among the decisive blocks alive by links.
            let region = self.links_region.unwrap_or_default();
            let linked = linked_life(board, &life, &region);
            for (_, block) in board.blocks_of(&decisive) {
                if let Some(zone) = linked.witness(board, &block) {
                    if best.is_none_or(|b| zone.len() < b.len()) {
                        best = Some(zone);
                        reason = Reason::Linked;
                    }
                }
            }
        }
        if let Some(mut zone) = best {
            if self.open_region.is_some() {
                // In an open-boundary problem the lines to this life passed positions the leak
                // rule left undecided: the zone holds every crucial block's neighbours (as for
                // the every-block goals' leak), so that a position agreeing on it has the same
                // crucial blocks with the same liberties.
                zone.union_with(&blocks_and_neighbours(board, &decisive));
            }
            self.add_witness(board, &mut zone);
            return Some((self.outcome(true, zone), reason));
        }
        if let Some(region) = self.connection_region.filter(|_| connectable) {
            let joined = || {
                self.eye_join
                    .then(|| eyes_joined_zone(board, self.defender, &decisive, &region))
                    .flatten()
            };
            if let Some(mut zone) =
                connection_zone(board, self.defender, &decisive, &region, &life).or_else(joined)
            {
                if self.open_region.is_some() {
                    // As for life above: the lines here passed positions without a leak.
                    zone.union_with(&blocks_and_neighbours(board, &decisive));
                }
                self.add_witness(board, &mut zone);
                return Some((self.outcome(true, zone), Reason::Connected));
            }
        }
        self.open_leak(board)
            .or_else(|| self.outside_leak(board))
            .or_else(|| self.seki_or_static_dead(board))
    }

    /// The goal test of the every-block goals ([`Goal::every_crucial_block`]): the defender is
    /// dead as soon as one crucial point holds no defender stone (its block was captured: the
    /// zone is that point, since any position without a defender stone there is dead), and
    /// lives when every crucial stone is unconditionally alive (the zone: the union of their
    /// UCA components, each of which lives whatever is played outside it). Else the static
    /// rule: every crucial point in dead areas kills every block, so certainly one.
    ///
    /// **The leak rule** (with the problem's region, [`GoalTest::new`]): a block holding a
    /// crucial stone with a liberty outside the region has left the searched game, and that
    /// is a failure of the defender. (Another defender block on or beside the region reaching
    /// outside it forbids only the win by two passes, the one win that could rest on it:
    /// [`crate::solver::kernel::rules::watched_leak`].) The region of an open-boundary area is not enclosed: the
    /// attacker's moves outside it are not searched, and they are as good as passes only while
    /// no block of crucial stones has a liberty out there. So a defender's win never rests on
    /// such a position, and its proof holds on the whole board (ARCHITECTURE.md, "Open
    /// boundaries"). The zone: the block and that liberty (any position with those stones and
    /// that point empty has the same leak, however far the block reaches beyond them). It is
    /// tested before life, so a win's zone holds the crucial blocks' neighbours too: a position
    /// agreeing there has the same blocks and liberties, hence no leak either. Along a line a
    /// crucial block only grows or gains liberties until it is captured, so every node of a
    /// defender's proof keeps its crucial blocks' neighbours inside its zone.
    fn decide_every_block(
        &self,
        board: &Board,
        defender_stones: &Zone,
        may_live: impl FnOnce(&Zone) -> bool,
        may_link: impl FnOnce(&Zone) -> bool,
    ) -> Option<(Leaf, Reason)> {
        if let Some(lost) = self.crucial.difference(defender_stones).iter().next() {
            let mut zone = Zone::new();
            zone.insert(lost);
            return Some((self.outcome(false, zone), Reason::Captured));
        }
        if let Some(region) = self.leak_region {
            if let Some(zone) = leak(board, &self.crucial, &region) {
                return Some((self.outcome(false, zone), Reason::Captured));
            }
        }
        let candidate = may_live(&self.crucial);
        let linkable = self.links_region.is_some() && may_link(&self.crucial);
        if candidate || linkable {
            let life = benson(board, self.defender);
            let mut zone = Zone::new();
            let mut every = true;
            let mut reason = Reason::Alive;
            for p in self.crucial.iter() {
                if zone.contains(p) {
                    continue;
                }
                match life.component(p) {
                    Some(component) => zone.union_with(&component),
                    None => {
                        every = false;
                        break;
                    }
                }
            }
            if !every && linkable {
                // Life by links: every crucial block in a chain alive by links (no territory
                // with this rule).
                let region = self.links_region.unwrap_or_default();
                if let Some(witness) =
                    linked_life(board, &life, &region).witness(board, &self.crucial)
                {
                    zone = witness;
                    every = true;
                    reason = Reason::Linked;
                }
            }
            if every && !self.territory.is_empty() {
                // Territory safe: every point of the territory safe too (its cover is a
                // relevance zone of that, `safe_points::safety_cover`).
                match safety_cover(board, &life, &self.territory) {
                    Some(cover) => zone.union_with(&cover),
                    None => every = false,
                }
            }
            if every {
                if self.leak_region.is_some() {
                    // Under the leak rule the win also rests on the crucial blocks' having no
                    // liberty outside the region: their stones and every neighbour, so that a
                    // position agreeing on the zone has the same blocks with the same
                    // liberties.
                    zone.union_with(&blocks_and_neighbours(board, &self.crucial));
                }
                self.add_witness(board, &mut zone);
                return Some((self.outcome(true, zone), reason));
            }
        }
        self.outside_leak(board)
            .or_else(|| self.seki_or_static_dead(board))
    }

    /// The goal test of the one-eye goals ([`crate::solver::knowledge::one_eye`]): any crucial
    /// stone captured fails the defender (the zone: that point, as for the every-block goals);
    /// an eye in the region connected to every crucial stone wins it; with the static rule,
    /// safe attacker stones denying every point of the region an eye fail it.
    fn decide_one_eye(&self, board: &Board, test: OneEyeTest) -> Option<(Leaf, Reason)> {
        let defender_stones = board.stones(self.defender);
        if let Some(lost) = self.crucial.difference(&defender_stones).first() {
            let mut zone = Zone::new();
            zone.insert(lost);
            return Some((self.outcome(false, zone), Reason::Captured));
        }
        if let Some(zone) = eye_win(board, self.defender, &self.crucial, &test.region) {
            return Some((self.outcome(true, zone), Reason::Eye));
        }
        if test.no_eye_rule {
            if let Some(zone) = no_eye_possible(board, self.defender, &test.region) {
                return Some((self.outcome(false, zone), Reason::NoEyePossible));
            }
        }
        None
    }

    /// Is this the goal test of a one-eye goal?
    pub fn is_one_eye(&self) -> bool {
        self.one_eye.is_some()
    }

    /// **The outside watch** ([`crate::solver::kernel::outside_watch`]): a defender block on
    /// or beside the region, not lastingly safe, with a liberty outside the region and at most
    /// one inside it is a failure of the defender (read as if the attacker had filled its
    /// outside liberties, as its moves outside, which the search makes none of, can). Tested
    /// after life; the zone: the block and its neighbours.
    fn outside_leak(&self, board: &Board) -> Option<(Leaf, Reason)> {
        let zone = self.watch?.failing(board, self.defender)?;
        Some((self.outcome(false, zone), Reason::Captured))
    }

    /// The defender's life in a watched claim holds the watch's witness: no leak on any line
    /// to it ([`crate::solver::kernel::outside_watch`]; for the attacker's claim of an
    /// every-block goal, the same: its failure is that life).
    fn add_witness(&self, board: &Board, zone: &mut Zone) {
        if let Some(watch) = self.watch {
            zone.union_with(&watch.witness(board, self.defender));
        }
    }

    /// Has the position a watched block reaching outside the region, whatever its liberties
    /// inside ([`crate::solver::kernel::outside_watch::OutsideWatch::leak`])? A stored win is
    /// applied only to a position without (its zone does not show such a block outside it).
    pub(in crate::solver) fn outside_leaks(&self, board: &Board) -> bool {
        self.watch
            .is_some_and(|w| w.leak(board, self.defender).is_some())
    }

    /// The witness a defender's win of this claim holds ([`Self::add_witness`]), empty when
    /// the claim is not watched.
    pub(in crate::solver) fn watch_witness(&self, board: &Board) -> Zone {
        let mut zone = Zone::new();
        self.add_witness(board, &mut zone);
        zone
    }

    /// **The open-boundary leak rule** ([`Problem::is_open`]): in an open-boundary problem a
    /// block holding a crucial stone with a liberty outside the region has left the searched
    /// game — it may run out, connect out, or be captured by play outside — and that is a
    /// failure of the OR player, whichever side it is: the defender's claim may not count it
    /// as life, nor the attacker's as a kill. So a win of either claim holds on the whole board
    /// (the attacker's wall outside the region taken as safe, as in every problem). It is
    /// tested after life (Benson's life holds whatever is played outside) and after the
    /// capture of every crucial stone. The zone: the block and that liberty, as for the
    /// every-block goals' leak (any position with those stones and that point empty leaks).
    /// A win decided later (two passes, [`crate::solver::kernel::search`]'s `two_pass_zone`)
    /// rests on there being no leak and holds the crucial blocks' neighbours in its zone. In the
    /// defender's claim another defender block on or beside the region reaching outside it
    /// forbids the win by two passes only ([`crate::solver::kernel::rules::watched_leak`]): it
    /// cannot be captured inside the region, and the survival it gives could be taken from
    /// outside; Benson's life needs none of it.
    fn open_leak(&self, board: &Board) -> Option<(Leaf, Reason)> {
        let region = self.open_region?;
        let left = board.stones(self.defender).intersection(&self.crucial);
        let zone = leak(board, &left, &region)?;
        Some((Leaf::Fail(zone), Reason::Captured))
    }

    /// Is this the goal test of an open-boundary problem ([`GoalTest::open_leak`])?
    pub fn is_open(&self) -> bool {
        self.open_region.is_some()
    }

    /// A seki the database knows, else the static rule's decision (when they are on and apply).
    fn seki_or_static_dead(&self, board: &Board) -> Option<(Leaf, Reason)> {
        if let Some(zone) = self.seki.and_then(|s| s.evaluate(board)) {
            return Some((self.outcome(true, zone), Reason::SekiArea));
        }
        let zone = self.static_rule?.evaluate(board)?;
        Some((self.outcome(false, zone), Reason::StaticDead))
    }

    /// The leaf for "the defender lives" (`true`) or "is dead", seen by the OR player.
    fn outcome(&self, defender_lives: bool, zone: Zone) -> Leaf {
        if defender_lives == self.goal.or_defends() {
            Leaf::Win(zone)
        } else {
            Leaf::Fail(zone)
        }
    }
}

/// A block holding a stone of `crucial` with a liberty outside `region`: the block's stones and
/// that liberty (the first found, in zone order).
pub(in crate::solver) fn leak(board: &Board, crucial: &Zone, region: &Zone) -> Option<Zone> {
    let outside = board.empty_points().difference(region);
    if outside.is_empty() {
        return None;
    }
    board.blocks_of(crucial).find_map(|(_, block)| {
        let liberty = block
            .grow(board.size())
            .intersection(&outside)
            .iter()
            .next()?;
        let mut zone = block;
        zone.insert(liberty);
        Some(zone)
    })
}

/// The region of life by links for `problem`'s goal test: the problem's region for the
/// defender's claims (the OR player defending) without a territory, none otherwise (the zones of
/// the attacker's wins do not certify the rule's failure, and a territory needs more than the
/// crucial blocks' life). Not for the one-eye goals.
fn links_region(problem: &Problem) -> Option<Zone> {
    let goal = problem.goal();
    (goal.or_defends() && !goal.is_one_eye() && problem.territory().is_empty())
        .then(|| problem.region())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::go::Point;
    use crate::solver::fixtures::{board, zone as crucial};

    /// White lives in the corner with two eyes; a Black wall with its own two eyes elsewhere.
    const ALIVE: &str = "
        . O . O X . X
        O O O O X X X
        X X X X X . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
    ";

    /// The one-eye goals: an eye in the region connected to every crucial stone wins the
    /// defender's claim (its shape and block as the zone), the eye outside the region does not
    /// count, a crucial stone captured fails it, and safe attacker stones denying every point
    /// fail it by the static rule, which `without_static_rule` switches off.
    #[test]
    fn the_one_eye_goal_test() {
        use crate::problem::ProblemSetup;
        let position = "
            . O . O X . .
            O O O . X . .
            X X X X X . .
            . . . . . . .
            . . . . . . .
            . . . . . . .
            . . . . . . .
        ";
        let claim = |b: &Board, region: Zone, goal: Goal| {
            let mut setup = ProblemSetup::new(7);
            setup.stones.black = b.stones(Color::Black);
            setup.stones.white = b.stones(Color::White);
            setup.to_move = Some(Color::White);
            setup.or_player = Some(if goal == Goal::OneEye {
                Color::White
            } else {
                Color::Black
            });
            setup.goal = Some(goal);
            setup.region = Some(region);
            setup.crucial = crucial(&[(1, 0)]);
            setup.validate().expect("valid")
        };
        let b = board(position);
        // The eye at (0,0) is outside the region {(2,0), (3,1)}: undecided.
        let region = crucial(&[(2, 0), (3, 1)]);
        let p = claim(&b, region, Goal::OneEye);
        assert_eq!(GoalTest::new(&p).evaluate(&b), None);
        // White fills (3,1): (2,0) becomes an eye of the block holding the crucial stone.
        let mut made = board(position);
        made.play(Color::White, crate::go::Move::Play(Point::new(3, 1)))
            .expect("legal");
        let leaf = GoalTest::new(&p).evaluate(&made).expect("an eye");
        assert!(leaf.is_win());
        assert!(leaf.zone().contains(Point::new(2, 0)));
        let deny = claim(&b, region, Goal::NoEye);
        assert!(!GoalTest::new(&deny)
            .evaluate(&made)
            .expect("an eye")
            .is_win());
        // Black fills (3,1) instead, joining the wall (which has liberties outside the region,
        // so it is never captured): (3,1) holds a wall stone and (2,0), an edge point, has a
        // wall stone on a diagonal. Every point of the region is denied an eye for ever.
        let mut denied = board(position);
        denied
            .play(Color::Black, crate::go::Move::Play(Point::new(3, 1)))
            .expect("legal");
        let leaf = GoalTest::new(&p)
            .evaluate(&denied)
            .expect("no eye possible");
        assert!(!leaf.is_win());
        assert_eq!(
            GoalTest::new(&p).without_static_rule().evaluate(&denied),
            None
        );
    }

    /// One eye and a connection: a crucial block with one eye sharing two liberties with a
    /// block with an eye of its own lives (a connection leaf), not without the terminal.
    #[test]
    fn one_eye_and_a_connection_live() {
        use crate::problem::ProblemSetup;
        let b = board(
            "
            . O . O . O X
            O O . O O O X
            X X X X X X X
            . . . . . . .
            . . . . . . .
            . . . . . . .
            . . . . . . .
        ",
        );
        let mut setup = ProblemSetup::new(7);
        setup.stones.black = b.stones(Color::Black);
        setup.stones.white = b.stones(Color::White);
        setup.to_move = Some(Color::Black);
        setup.or_player = Some(Color::White);
        setup.goal = Some(Goal::Live);
        // The eyes in the region too, so that the region is closed round the crucial block.
        setup.region = Some(crucial(&[(0, 0), (2, 0), (2, 1), (4, 0)]));
        setup.crucial = crucial(&[(1, 1)]);
        let p = setup.validate().expect("valid");
        // (Life by links, tested first, decides it too: the two points lie in a region open
        // through Black's wall.)
        let (_, reason) = GoalTest::new(&p).decide(&b).expect("lives");
        assert_eq!(reason, Reason::Linked);
        let test = GoalTest::new(&p).without_links();
        let (leaf, reason) = test.decide(&b).expect("lives");
        assert!(leaf.is_win());
        assert_eq!(reason, Reason::Connected);
        assert!(
            leaf.zone().contains(Point::new(4, 0)),
            "the other block's eye"
        );
        assert_eq!(test.without_eye_join().decide(&b), None);
    }

    /// The every-block goals: one living crucial block is not enough, one captured is a
    /// failure (with that point as the zone), every one living wins with their components.
    #[test]
    fn every_block_goals_need_every_crucial_block() {
        let lone = "
            . O . O X . X
            O O O O X X X
            X X X X X . .
            . . . . . . .
            . . . . O . .
            . . . . . . .
            . . . . . . .
        ";
        let b = board(lone);
        let both = crucial(&[(0, 1), (4, 4)]);
        let any = GoalTest::from_parts(Goal::Live, Color::White, both);
        assert!(any.evaluate(&b).is_some_and(|l| l.is_win()));
        let every = GoalTest::from_parts(Goal::LiveAll, Color::White, both);
        assert_eq!(
            every.evaluate(&b),
            None,
            "one crucial block lives, not both"
        );
        // The lone stone captured: dead, whatever else is on the board except that point.
        let mut gone = board(lone);
        assert!(gone.clear_point(Point::new(4, 4)));
        let leaf = every.evaluate(&gone).expect("decided");
        assert_eq!(leaf, Leaf::Fail(crucial(&[(4, 4)])));
        let kill = GoalTest::from_parts(Goal::KillAny, Color::Black, both);
        assert_eq!(kill.evaluate(&gone), Some(Leaf::Win(crucial(&[(4, 4)]))));
        // Both living: a win whose zone holds both components.
        let two = board(
            "
            . O . O X . X
            O O O O X X X
            X X X X X . .
            X X X X X . .
            O O O X X . .
            . O . O X . .
            O O O O X . .
        ",
        );
        let pair = crucial(&[(0, 1), (0, 4)]);
        let every = GoalTest::from_parts(Goal::LiveAll, Color::White, pair);
        let leaf = every.evaluate(&two).expect("decided");
        assert!(leaf.is_win());
        assert!(leaf.zone().contains(Point::new(0, 1)));
        assert!(leaf.zone().contains(Point::new(0, 4)));
    }

    /// The leak rule of the every-block goals: a crucial block with a liberty outside the
    /// problem's region has left the searched game (a failure of the defender, zone: the block
    /// and that liberty); with the liberty inside the region the position is open, and a life
    /// wins with the crucial blocks' neighbours in its zone.
    #[test]
    fn a_crucial_block_with_a_liberty_outside_the_region_fails() {
        let b = board(
            "
            . O . O X . .
            O O O O X . .
            X X X X X . .
            . . . . . . .
            . . O O . . .
            . . . . . . .
            . . . . . . .
        ",
        );
        let mut setup = crate::problem::ProblemSetup::from_board(&b, Color::Black);
        setup.or_player = Some(Color::White);
        setup.goal = Some(Goal::LiveAll);
        setup.crucial = crucial(&[(0, 1), (2, 4)]);
        // The region: everything but the point left of the lone pair (C3's neighbour B3).
        let outside = crucial(&[(1, 4)]);
        setup.region = Some(Zone::full(7).difference(&outside));
        let problem = setup.clone().validate().unwrap();
        let (leaf, _) = GoalTest::new(&problem).decide(&b).expect("a leak decides");
        assert_eq!(leaf, Leaf::Fail(crucial(&[(2, 4), (3, 4), (1, 4)])));
        // Without the leak rule (the same goal from its parts) nothing is decided.
        let plain = GoalTest::from_parts(Goal::LiveAll, Color::White, problem.crucial());
        assert_eq!(plain.evaluate(&b), None);
        // The whole board as the region: no leak, the position is open.
        setup.region = Some(Zone::full(7));
        let open = setup.clone().validate().unwrap();
        assert_eq!(GoalTest::new(&open).evaluate(&b), None);
        // Only the living corner crucial, whole board: a win whose zone holds the group's
        // neighbours (its liberties at C7, D6… are read: a change there could leak it).
        setup.crucial = crucial(&[(0, 1)]);
        let corner = setup.validate().unwrap();
        let leaf = GoalTest::new(&corner).evaluate(&b).expect("decided");
        assert!(leaf.is_win());
        let group = b.block_stones(Point::new(0, 1));
        assert!(group.grow(7).difference(&leaf.zone()).is_empty());
    }

    /// Under the every-block goals' leak rule a defender block on or beside the region that
    /// reaches outside it (a White stone at F1 beside the region's E1) decides nothing by
    /// itself — the corner's Benson life still wins — but a game ended by two passes is then
    /// the attacker's ([`crate::solver::kernel::rules::watched_leak`]).
    #[test]
    fn a_defender_block_beside_the_region_reaching_outside_forbids_the_two_pass_win() {
        use crate::solver::kernel::rules::Rules;
        let b = board(
            "
            . O . O X . X
            O O O O X X X
            X X X X X . .
            . . . . . . .
            . . . . . . .
            . . . . . . .
            . . . . . O .
        ",
        );
        let mut setup = crate::problem::ProblemSetup::from_board(&b, Color::Black);
        setup.or_player = Some(Color::White);
        setup.goal = Some(Goal::LiveAll);
        setup.crucial = crucial(&[(0, 1)]);
        // The corner's eyes and the point beside the lone stone at F1 (on a 7x7 board).
        setup.region = Some(crucial(&[(0, 0), (2, 0), (4, 6)]));
        let problem = setup.clone().validate().unwrap();
        assert!(GoalTest::new(&problem)
            .evaluate(&b)
            .is_some_and(|l| l.is_win()));
        assert_eq!(
            Rules::new(&problem, false).two_pass_winner(&b),
            Color::Black
        );
        // Without the point beside it, the stone is neither on nor beside the region.
        setup.region = Some(crucial(&[(0, 0), (2, 0)]));
        let problem = setup.validate().unwrap();
        assert_eq!(
            Rules::new(&problem, false).two_pass_winner(&b),
            Color::White
        );
    }

    /// The open-boundary leak rule ([`Problem::is_open`]): a crucial block with a liberty
    /// outside the region fails the OR player of either claim; another defender block beside
    /// the region reaching outside takes the two-pass win from the defender's claim only.
    #[test]
    fn an_open_region_fails_the_or_player_of_either_claim() {
        let diagram = "
            . . . X . . .
            O O . X . . .
            X O O . . . .
            . X X X . . .
            . . . . . . .
            . . . . . O .
            . . . . . . .
        ";
        let b = board(diagram);
        let claim = |or: Color, goal: Goal, region: &[(usize, usize)]| {
            let mut setup = crate::problem::ProblemSetup::from_board(&b, or);
            setup.or_player = Some(or);
            setup.goal = Some(goal);
            setup.crucial = crucial(&[(0, 1)]);
            setup.region = Some(crucial(region));
            setup.validate().unwrap()
        };
        let corner = [(0, 0), (1, 0), (2, 0), (2, 1)];
        // D5 (a liberty of the corner group) outside the region: both claims fail at once.
        let live = claim(Color::White, Goal::Live, &corner);
        let kill = claim(Color::Black, Goal::Kill, &corner);
        assert!(live.is_open() && kill.is_open());
        let leak = crucial(&[(0, 1), (1, 1), (1, 2), (2, 2), (3, 2)]);
        for p in [&live, &kill] {
            let (leaf, _) = GoalTest::new(p).decide(&b).expect("a leak decides");
            assert_eq!(leaf, Leaf::Fail(leak), "{}", p.goal().name());
        }
        // The other claims' goals of the same parts are not open: nothing decided.
        assert!(!live.clone().with_seki(false).is_open());
        assert_eq!(GoalTest::new(&live.with_seki(false)).evaluate(&b), None);
        // With D5 and the White stone at F2's neighbour E2 in the region, the corner group
        // leaks no more. The stone at F2 reaches outside from beside the region: in the
        // defender's claim the outside watch fails it (zone: the stone and its neighbours);
        // the attacker's claim is not watched (nothing decided, and a game ended by two passes
        // is the defender's).
        use crate::solver::kernel::rules::Rules;
        let wider = [(0, 0), (1, 0), (2, 0), (2, 1), (3, 2), (4, 5)];
        let live = claim(Color::White, Goal::Live, &wider);
        let kill = claim(Color::Black, Goal::Kill, &wider);
        let f2 = crucial(&[(5, 5), (4, 5), (6, 5), (5, 4), (5, 6)]);
        assert_eq!(GoalTest::new(&live).evaluate(&b), Some(Leaf::Fail(f2)));
        assert_eq!(Rules::new(&live, false).two_pass_winner(&b), Color::Black);
        assert_eq!(GoalTest::new(&kill).evaluate(&b), None);
        assert_eq!(Rules::new(&kill, false).two_pass_winner(&b), Color::White);
    }

    #[test]
    fn live_goal_wins_with_the_component_only() {
        let b = board(ALIVE);
        let test = GoalTest::from_parts(Goal::Live, Color::White, crucial(&[(0, 1)]));
        let leaf = test.evaluate(&b).expect("decided");
        assert!(leaf.is_win());
        assert_eq!(
            b.zone_ascii(&leaf.zone()),
            "\
* O * O x . x
O O O O x x x
x x x x x . .
. . . . . . .
. . . . . . .
. . . . . . .
. . . . . . .
"
        );
        // The same position is a failure of the attacker's claim.
        let kill = GoalTest::from_parts(Goal::Kill, Color::Black, crucial(&[(0, 1)]));
        assert_eq!(kill.evaluate(&b), Some(Leaf::Fail(leaf.zone())));
    }

    #[test]
    fn undecided_while_crucial_stones_remain_without_life() {
        let b = board(
            "
            . O X . X . X
            O O X X X X X
            X X X . . . .
            . . . . . . .
            . . . . . . .
            . . . . . . .
            . . . . . . .
        ",
        );
        let test = GoalTest::from_parts(Goal::Live, Color::White, crucial(&[(0, 1)]));
        assert_eq!(test.evaluate(&b), None);
    }

    #[test]
    fn captured_crucial_stones_decide_with_the_crucial_points() {
        // The White stones that were on (0,1) and (1,1) have been captured.
        let b = board(
            "
            . . X . X . X
            . . X X X X X
            X X X . . . .
            . . . . . . .
            . . . . . . .
            . . . . . . .
            . . . . . . .
        ",
        );
        let points = crucial(&[(0, 1), (1, 1)]);
        let live = GoalTest::from_parts(Goal::Live, Color::White, points);
        assert_eq!(live.evaluate(&b), Some(Leaf::Fail(points)));
        let kill = GoalTest::from_parts(Goal::Kill, Color::Black, points);
        assert_eq!(kill.evaluate(&b), Some(Leaf::Win(points)));
    }

    #[test]
    fn live_any_takes_the_smallest_living_component() {
        // Two living White groups; the right one is smaller.
        let b = board(
            "
            . O . O X O . O .
            O O O O X O O O O
            O O O O X X X X X
            X X X X X . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
        ",
        );
        let test = GoalTest::from_parts(Goal::LiveAny, Color::White, Zone::EMPTY);
        let leaf = test.evaluate(&b).expect("decided");
        assert!(leaf.is_win());
        assert_eq!(
            b.zone_ascii(&leaf.zone()),
            "\
. o . o x O * O *
o o o o x O O O O
o o o o x x x x x
x x x x x . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
"
        );
        let killall = GoalTest::from_parts(Goal::KillAll, Color::Black, Zone::EMPTY);
        assert_eq!(killall.evaluate(&b), Some(Leaf::Fail(leaf.zone())));
        // The crucial stones of `Live` restrict the choice to their own component.
        let left = GoalTest::from_parts(Goal::Live, Color::White, crucial(&[(0, 1)]));
        let zone = left.evaluate(&b).expect("decided").zone();
        assert!(zone.contains(Point::new(0, 0)) && !zone.contains(Point::new(7, 0)));
    }

    /// The territory-safe goal ([`Problem::territory`]): every crucial block unconditionally
    /// alive is not enough, each territory point must be safe too (`safe_points`): a point of
    /// a region beside the living block wins (opponent stones there are dead), a point of the
    /// open board does not; the win's zone is the cover (the component with the region).
    #[test]
    fn a_territory_counts_only_when_every_point_of_it_is_safe() {
        use crate::problem::ProblemSetup;
        let at = |row: usize, col: usize| Point::new(col, row);
        let diagram = "
            . X . X O . X . .
            X X X X X X X . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
        ";
        let b = board(diagram);
        assert_eq!(b.color_at(at(0, 1)), Some(Color::Black));
        let test_with = |territory: Zone| {
            let mut setup = ProblemSetup::from_board(&b, Color::White);
            setup.or_player = Some(Color::Black);
            setup.goal = Some(Goal::LiveAll);
            setup.crucial = b.block_stones(at(0, 1));
            setup.territory = territory;
            GoalTest::new(&setup.validate().expect("valid"))
        };
        let one = |p: Point| [p].into_iter().collect::<Zone>();
        // The two points beside the block, one a dead White stone: safe.
        let leaf = test_with(one(at(0, 5))).evaluate(&b).expect("decided");
        assert!(leaf.is_win());
        for p in [at(0, 4), at(0, 5), at(0, 0), at(0, 2), at(1, 3)] {
            assert!(leaf.zone().contains(p), "{p:?}");
        }
        // A point of the open board: the block lives, the territory is not safe.
        assert_eq!(test_with(one(at(2, 0))).evaluate(&b), None);
        assert_eq!(
            test_with(one(at(2, 0))).decide_after_defender_play(&b, at(1, 6)),
            None
        );
        // Without a territory the same position is the plain every-block win.
        assert!(test_with(Zone::new())
            .evaluate(&b)
            .is_some_and(|l| l.is_win()));
    }
}
