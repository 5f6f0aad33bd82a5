//! The side panel of *Analyze a game*: the game, the search's time limit, what is being
//! computed, and per colour the safe points (without and with search), the search areas with
//! their verdicts and the zones left out of the search with the reason. Every row wraps at the
//! panel's width (a row wider than the panel would push it over the board).

use super::analysis_scene::{area_tint, verdicts};
use super::board_view::tint_color;
use super::chrome::on_wood;
use super::command::{Command, Commands};
use super::game_analysis::{GameAnalysis, Phase};
use super::settings::Settings;
use crate::go::Color;
use crate::report::safety::{left_out_words, verdict_words};
use crate::solver::jobs::position_safety::ColorSafety;
use egui::RichText;

/// Draw the panel: what it reads and the queue it pushes into.
pub fn show(ui: &mut egui::Ui, settings: &Settings, a: &GameAnalysis, out: &mut Commands) {
    egui::ScrollArea::vertical()
        .auto_shrink([false, false])
        .show(ui, |ui| {
            ui.heading("Analyze a game");
            ui.label(RichText::new(a.name()).strong())
                .on_hover_text(a.path.display().to_string());
            let size = a.size();
            ui.label(format!("{size}x{size}, {} moves", a.moves()));
            ui.horizontal_wrapped(|ui| {
                ui.label("Search: seconds per claim");
                let mut secs = settings.analysis_secs_per_claim;
                let field = ui
                    .add(
                        egui::DragValue::new(&mut secs)
                            .range(0.0..=60.0)
                            .speed(0.1)
                            .max_decimals(1),
                    )
                    .on_hover_text(
                        "The time limit of each claim of an area's search (one or two claims \
                         an area, df-pn, proofs checked); 0: the static safe points only",
                    );
                if field.changed() {
                    out.push(Command::SetAnalysisSecs(secs));
                }
            });
            ui.horizontal_wrapped(|ui| {
                if a.is_running() {
                    ui.spinner();
                }
                let status = a.status();
                match a.phase() {
                    Phase::Idle if a.error.is_some() => {
                        ui.colored_label(ui.visuals().error_fg_color, status);
                    }
                    _ => {
                        ui.label(status);
                    }
                }
            });
            let Some(safety) = a.safety() else {
                return;
            };
            let running = a.is_running();
            let wood = settings.theme.palette().wood;
            for c in [Color::Black, Color::White] {
                ui.separator();
                egui::CollapsingHeader::new(RichText::new(c.to_string()).strong())
                    .id_salt(("analysis-colour", c.to_string()))
                    .default_open(true)
                    .show(ui, |ui| {
                        color_section(ui, &safety.colors[c], size, running, wood)
                    });
            }
        });
}

/// One colour: its safe points, areas and zones left out.
fn color_section(
    ui: &mut egui::Ui,
    side: &ColorSafety,
    size: usize,
    running: bool,
    wood: egui::Color32,
) {
    let linked = &side.linked;
    ui.label(format!(
        "{} safe points without search ({} stones, {} territory; {} stones kept by links and pairs)",
        linked.count(),
        linked.stones.len(),
        linked.territory.len(),
        linked.stones.difference(&side.statics.stones).len()
    ));
    match &side.searched {
        Some(_) => {
            let counted = side.counted();
            let statics = counted.statics;
            ui.label(format!(
                "{} safe points with search ({} stone(s) and {} territory point(s) proven safe)",
                side.safe().len(),
                counted.proven_stones.difference(&statics.stones).len(),
                counted
                    .proven_territory
                    .difference(&statics.territory)
                    .len()
            ));
        }
        None if running => {
            ui.weak("with search: searching…");
        }
        None => {
            ui.weak("with search: not searched");
        }
    };
    let part = &side.partition;
    ui.label(format!("{} search area(s)", part.areas.len()));
    let searched = side.searched.is_some();
    for (i, (area, v)) in part.areas.iter().zip(verdicts(side)).enumerate() {
        let tint = area_tint(v, searched, running);
        let words = if !searched && running {
            "computing…"
        } else {
            verdict_words(v)
        };
        let at = area
            .interior
            .first()
            .map_or_else(String::new, |p| p.to_gtp(size));
        ui.horizontal_wrapped(|ui| {
            ui.label(
                RichText::new("■")
                    .color(on_wood(wood, tint_color(tint)))
                    .size(15.0),
            );
            ui.label(format!(
                "area {} at {at} ({} points, {} block(s)): {words}",
                i + 1,
                area.interior.len(),
                area.blocks.len()
            ));
        });
    }
    if !part.left_out.is_empty() {
        ui.label(format!("{} zone(s) left out:", part.left_out.len()));
        for left in &part.left_out {
            let zone = &part.zones[left.zone];
            let at = zone
                .points
                .first()
                .map_or_else(String::new, |p| p.to_gtp(size));
            let (_, why) = left_out_words(part, left.reason);
            ui.weak(format!("  at {at} ({} points): {why}", zone.points.len()));
        }
    }
}
