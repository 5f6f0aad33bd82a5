//! Drawing in the GUI that asks (GoGui's analyze commands, its manual's "Analyze Commands" and
//! "Live Graphics" chapters): the list `gogui-analyze_commands` gives, the `gfx` replies (one
//! drawing command per line: `COLOR`, `SQUARE`, `MARK`, `LABEL`, `VAR`, `TEXT`) of the relevance
//! zone, the must-play region, the problem's target and region, and the judged first moves,
//! and the live graphics written to standard error while a search runs (`gogui-gfx:` then
//! drawing commands up to an empty line).

use crate::go::{Color, Move, Zone};
use crate::solver::kernel::progress::Progress;
use std::io::Write;
use std::time::{Duration, Instant};

/// GoGui's analyze commands of the engine, `type/label/command` per line (`%m`: the colour to
/// play, `%p`: a point the user picks, `%P`: points the user picks).
pub const ANALYZE_COMMANDS: &str = "\
string/Tsumego: solve/tsumego_solve %m
hstring/Tsumego: judge every first move/tsumego_moves %m
gfx/Tsumego: relevance zone/tsumego_gfx_zone %m
gfx/Tsumego: must-play region/tsumego_gfx_must_play %m
gfx/Tsumego: first moves/tsumego_gfx_moves %m
gfx/Tsumego: main line/tsumego_gfx_line %m
gfx/Tsumego: target and region/tsumego_gfx_problem
string/Tsumego: set target/tsumego_set target %p
string/Tsumego: set region/tsumego_set region %P
string/Tsumego: infer target and region/tsumego_set clear
string/Owl: attack/owl_attack %p
string/Owl: defend/owl_defend %p
string/Owl: dragon status/dragon_status %p";

/// Colours of the drawings.
pub const ZONE_COLOR: &str = "#6fa8dc";
pub const MUST_PLAY_COLOR: &str = "#e69138";
pub const REGION_COLOR: &str = "#b6d7a8";

/// `COLOR colour p q …` (nothing for an empty zone).
pub fn color_line(color: &str, zone: &Zone, size: usize) -> Option<String> {
    (!zone.is_empty()).then(|| format!("COLOR {color} {}", points(zone, size)))
}

/// A point list in GTP coordinates.
pub fn points(zone: &Zone, size: usize) -> String {
    zone.iter()
        .map(|p| p.to_gtp(size))
        .collect::<Vec<_>>()
        .join(" ")
}

/// `VAR b C3 w D4 …`: `line` from `first`'s move on.
pub fn var_line(first: Color, line: &[Move], size: usize) -> Option<String> {
    if line.is_empty() {
        return None;
    }
    let mut color = first;
    let moves: Vec<String> = line
        .iter()
        .map(|m| {
            let word = format!("{} {}", color_letter(color), move_word(*m, size));
            color = color.opponent();
            word
        })
        .collect();
    Some(format!("VAR {}", moves.join(" ")))
}

/// `b` or `w`.
pub fn color_letter(c: Color) -> char {
    c.sgf_letter().to_ascii_lowercase()
}

/// A move in GTP words (`C3`, `pass`).
pub fn move_word(mv: Move, size: usize) -> String {
    match mv {
        Move::Play(p) => p.to_gtp(size),
        Move::Pass => "pass".to_string(),
    }
}

/// Live graphics on standard error: at most a few drawings a second while a search runs.
pub struct LiveGfx {
    pub enabled: bool,
    last: Option<Instant>,
}

/// The shortest time between two live drawings.
const LIVE_INTERVAL: Duration = Duration::from_millis(300);

impl LiveGfx {
    pub fn new(enabled: bool) -> LiveGfx {
        LiveGfx {
            enabled,
            last: None,
        }
    }

    /// Draw the search's line and must-play region (the OR player `or_player` moving first).
    pub fn progress(&mut self, p: &Progress, or_player: Color, size: usize) {
        if !self.enabled || self.last.is_some_and(|t| t.elapsed() < LIVE_INTERVAL) {
            return;
        }
        self.last = Some(Instant::now());
        let first = if p.root_is_or {
            or_player
        } else {
            or_player.opponent()
        };
        let mut lines = vec!["CLEAR".to_string()];
        lines.extend(var_line(first, &p.line, size));
        if let Some(zone) = &p.must_play {
            lines.extend(color_line(MUST_PLAY_COLOR, zone, size));
        }
        lines.push(format!(
            "TEXT {} nodes, depth {}, {:.1} s",
            p.nodes,
            p.depth,
            p.elapsed.as_secs_f64()
        ));
        write_live(&lines);
    }

    /// Clear the live drawing at the end of a search (GoGui's advice: before the reply).
    pub fn clear(&mut self) {
        if self.enabled && self.last.take().is_some() {
            write_live(&["CLEAR".to_string()]);
        }
    }
}

fn write_live(lines: &[String]) {
    let mut err = std::io::stderr().lock();
    // Standard error may be closed by the controller; the drawing is then simply not shown.
    let _ = writeln!(err, "gogui-gfx:\n{}\n", lines.join("\n"));
    let _ = err.flush();
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::go::Point;

    #[test]
    fn drawings_are_written_as_gogui_reads_them() {
        let zone: Zone = ["A1", "B2"]
            .iter()
            .map(|v| Point::from_gtp(v, 9).unwrap())
            .collect();
        let line = color_line("#ffffff", &zone, 9).unwrap();
        assert!(line.starts_with("COLOR #ffffff "));
        assert!(line.contains("A1") && line.contains("B2"));
        assert_eq!(color_line("#ffffff", &Zone::new(), 9), None);
        let moves = [
            Move::Play(Point::from_gtp("C3", 9).unwrap()),
            Move::Pass,
            Move::Play(Point::from_gtp("D4", 9).unwrap()),
        ];
        assert_eq!(
            var_line(Color::White, &moves, 9).unwrap(),
            "VAR w C3 b pass w D4"
        );
        for line in ANALYZE_COMMANDS.lines() {
            assert_eq!(line.split('/').count(), 3, "{line}");
        }
    }
}
