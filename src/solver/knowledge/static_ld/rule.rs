//! The static terminal: is every decisive point of the defender in areas that are dead, and
//! with which zone? The conditions and why they suffice are in the documentation of [`super`].

use super::anchored::{anchor, anchored_walls};
use super::area::{component, BoardArea};
use super::local::MAX_AREA;
use super::lookup::{shipped_table, verdict_with};
use super::table::StaticTable;
use super::verdict::Target;
use crate::go::{benson, Benson, Board, Color, Zone};
use crate::problem::Goal;

/// The static rule of one claim.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StaticRule {
    goal: Goal,
    defender: Color,
    /// The crucial points (goals with crucial stones), else empty.
    crucial: Zone,
    /// The problem's region: the only points either side ever plays.
    region: Zone,
    /// An open-boundary problem's rule: every area must lie in the region, since in a real
    /// game the defender may play outside it.
    open: bool,
}

impl StaticRule {
    pub fn new(goal: Goal, defender: Color, crucial: Zone, region: Zone) -> StaticRule {
        StaticRule {
            goal,
            defender,
            crucial: if goal.needs_crucial_stones() {
                crucial
            } else {
                Zone::EMPTY
            },
            region,
            open: false,
        }
    }

    /// The rule of an open-boundary problem ([`crate::problem::Problem::is_open`]): as
    /// [`StaticRule::new`], and no area may hold a point outside the region.
    pub fn for_open_region(mut self) -> StaticRule {
        self.open = true;
        self
    }

    /// When the defender is statically dead on `board`: the zone of the attacker's win (not yet
    /// closed: whole blocks and DL-1 are the caller's). Uses the shipped table.
    pub fn evaluate(&self, board: &Board) -> Option<Zone> {
        self.evaluate_with(board, shipped_table().ok())
    }

    /// [`StaticRule::evaluate`] with `table` (or the live search alone).
    pub fn evaluate_with(&self, board: &Board, table: Option<&StaticTable>) -> Option<Zone> {
        let attacker = self.defender.opponent();
        let attacker_stones = board.stones(attacker);
        let defender_stones = board.stones(self.defender);
        let crucial_goal = self.goal.needs_crucial_stones();
        // The points that must lie in dead areas, as far as known before Benson's test.
        let mut seeds = if crucial_goal {
            self.crucial
                .intersection(&defender_stones.union(&self.region.difference(&attacker_stones)))
        } else {
            let empty = board.empty_points();
            defender_stones.union(&self.region.intersection(&empty))
        };
        if seeds.is_empty() {
            return None;
        }
        // Cheap test first: an area holds every non-attacker point connected to its points, so
        // a seed whose non-attacker component is too large is in no small area.
        let mut seen = Zone::new();
        for s in seeds.iter() {
            if !seen.contains(s) {
                seen.union_with(&component(board, &attacker_stones, s, MAX_AREA)?);
            }
        }
        let life = benson(board, attacker);
        let anchored = anchored_walls(board, attacker, &self.region);
        let walls = life.alive_stones().union(&anchored);
        if crucial_goal {
            // A crucial point under a capturable attacker stone in the region may be retaken.
            seeds.union_with(
                &self
                    .crucial
                    .intersection(&self.region)
                    .intersection(&attacker_stones)
                    .difference(&walls),
            );
        }
        let mut areas: Vec<BoardArea> = Vec::new();
        let mut covered = Zone::new();
        for s in seeds.iter() {
            if covered.contains(s) {
                continue;
            }
            let points = component(board, &walls, s, MAX_AREA)?;
            if self.open && !points.is_subset(&self.region) {
                return None;
            }
            covered.union_with(&points);
            areas.push(BoardArea::new(board, points, &self.region, self.defender)?);
        }
        // Every living attacker block keeps two vital regions that no area touches, so nothing
        // played in the areas can endanger the walls (an anchored block is never captured).
        for (b, block) in life.blocks.iter().enumerate() {
            if block.alive
                && !block.stones.first().is_some_and(|p| anchored.contains(p))
                && life
                    .vital_regions(b)
                    .filter(|r| !r.points.intersects(&covered))
                    .count()
                    < 2
            {
                return None;
            }
        }
        let target = if crucial_goal && areas.len() == 1 {
            Target::Capture
        } else {
            Target::Seal
        };
        let mut ban_proof = false;
        for area in &areas {
            let v = verdict_with(table, area);
            if !v.dead(target) {
                return None;
            }
            ban_proof |= v.ban_proof(target);
        }
        // Where two passes would give the defender the game, the attacker to move must have a
        // move that keeps the areas dead, whatever ko ban it is under.
        if self.goal.seki_is_life() && !ban_proof {
            return None;
        }
        Some(self.zone(board, &life, &anchored, &covered))
    }

    /// The zone of the win: the areas, for every wall block next to them or on a crucial point
    /// its stones and the liberty outside the region that anchors it, or else its UCA
    /// component, and the crucial points; the whole board for `live-any`/`kill-all` (no
    /// defender stone may appear anywhere else).
    fn zone(&self, board: &Board, life: &Benson, anchored: &Zone, covered: &Zone) -> Zone {
        if !self.goal.needs_crucial_stones() {
            return Zone::full(board.size());
        }
        let mut zone = covered.union(&self.crucial);
        let around = covered.grow(board.size()).difference(covered);
        let walls = life.alive_stones().union(anchored);
        let touching = around.union(&self.crucial.intersection(&walls));
        let mut done = Zone::new();
        for p in touching.intersection(&walls).iter() {
            if done.contains(p) {
                continue;
            }
            if anchored.contains(p) {
                let block = board.block_stones(p);
                done.union_with(&block);
                zone.union_with(&block);
                if let Some(liberty) = anchor(board, p, &self.region) {
                    zone.insert(liberty);
                }
                continue;
            }
            if let Some(component) = life.component(p) {
                done.union_with(&component);
                zone.union_with(&component);
            }
        }
        zone
    }
}
