//! The board of *Analyze a game*: the position shown with its safety overlay
//! ([`SafetyOverlay`]), from the analysis and the overlay toggles.

use super::game_analysis::GameAnalysis;
use super::scene::{AreaTint, SafetyOverlay, Scene};
use super::settings::Overlays;
use crate::go::{Color, Zone};
use crate::solver::jobs::area_safety::BoundarySafety;
use crate::solver::jobs::position_safety::ColorSafety;

/// The tint of an area by its verdict (`searched`: whether its colour's search has ended;
/// `running`: whether a job is still at work on the position).
pub fn area_tint(verdict: Option<BoundarySafety>, searched: bool, running: bool) -> AreaTint {
    match verdict {
        Some(BoundarySafety::Safe) => AreaTint::Safe,
        Some(BoundarySafety::SafeIfDefended) => AreaTint::ToAnswer,
        Some(BoundarySafety::Unsafe) => AreaTint::Unsafe,
        Some(BoundarySafety::Unknown) => AreaTint::Unknown,
        None if !searched && running => AreaTint::Computing,
        None => AreaTint::Unknown,
    }
}

/// The verdicts of one colour's areas, in the order of its partition (`None` for each area
/// while not searched).
pub fn verdicts(color: &ColorSafety) -> Vec<Option<BoundarySafety>> {
    match &color.searched {
        Some(s) => s.verdicts.clone(),
        None => vec![None; color.partition.areas.len()],
    }
}

/// The scene of the analysis: the position after the move shown, its last move ringed, and
/// the safety known so far.
pub fn analysis_scene(analysis: &GameAnalysis, overlays: &Overlays) -> Scene {
    let mut scene = Scene::plain(analysis.position().board.clone());
    scene.coordinates = overlays.coordinates;
    scene.last_move = analysis.last_move();
    let Some(safety) = analysis.safety() else {
        return scene;
    };
    let running = analysis.is_running();
    let mut overlay = SafetyOverlay::default();
    for c in [Color::Black, Color::White] {
        let side = &safety.colors[c];
        let counted = side.counted();
        overlay.static_stones.union_with(&counted.statics.stones);
        overlay
            .proven_stones
            .union_with(&counted.proven_stones.difference(&counted.statics.stones));
        let territory: &mut Zone = match c {
            Color::Black => &mut overlay.territory.0,
            Color::White => &mut overlay.territory.1,
        };
        territory.union_with(&counted.statics.territory);
        territory.union_with(&counted.proven_territory);
        if overlays.partition {
            let searched = side.searched.is_some();
            for (area, v) in side.partition.areas.iter().zip(verdicts(side)) {
                overlay
                    .areas
                    .push((area.interior, area_tint(v, searched, running)));
                for d in &area.dividers {
                    overlay.gaps.insert(d.point);
                }
            }
        }
    }
    scene.safety = Some(overlay);
    scene
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tints_follow_the_verdicts_and_the_search_under_way() {
        assert_eq!(
            area_tint(Some(BoundarySafety::Safe), true, false),
            AreaTint::Safe
        );
        assert_eq!(
            area_tint(Some(BoundarySafety::SafeIfDefended), true, true),
            AreaTint::ToAnswer
        );
        assert_eq!(
            area_tint(Some(BoundarySafety::Unsafe), true, false),
            AreaTint::Unsafe
        );
        assert_eq!(area_tint(None, false, true), AreaTint::Computing);
        // Not searched and nothing running (no search asked for), or searched and skipped.
        assert_eq!(area_tint(None, false, false), AreaTint::Unknown);
        assert_eq!(area_tint(None, true, true), AreaTint::Unknown);
    }
}
