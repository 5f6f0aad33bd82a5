//! `tsumego-studio safety FILE [--move N] [--json]`: whole-board safety in a game record. For
//! the position after `N` moves (default: the end) and each colour: the points proven safe
//! without search (`go::safe_points`: unconditionally alive stones and the safe regions they
//! make), and the search areas of the board partition with that colour defending
//! (`go::partition`: interior points, boundary blocks, gap points), with every zone left out and
//! why; with `--search`, each area's boundary judged by search. The computation is
//! [`crate::solver::jobs::position_safety`] (shared with the studio's *Analyze a game*); this
//! file reads the record and words the result: text with an ASCII board, or one JSON object.

use crate::go::partition::{Area, LeftOut, Partition, Thresholds};
use crate::go::point::column_letter;
use crate::go::safe_points::{safe_points_ascii, SafePoints};
use crate::go::{Board, ByColor, Color, Zone};
use crate::problem::game_record::GameRecord;
use crate::report::safety::{left_out_words, verdict_name};
use crate::solver::jobs::position_safety::{ColorSafety, PositionSafety, SafetySearch};
use anyhow::{bail, Context};
use serde::Serialize;
use std::fmt::Write as _;
use std::path::Path;
use std::process::ExitCode;
use std::sync::Arc;

/// What `safety` reports, as its JSON object.
#[derive(Debug, Serialize)]
struct Report {
    /// The file as given.
    file: String,
    /// The board side.
    size: usize,
    /// Moves in the game record (passes included).
    moves: usize,
    /// The position is the one after this many moves.
    after_move: usize,
    /// `B` or `W`.
    to_play: char,
    black: ColorReport,
    white: ColorReport,
}

/// One colour's safe points and search areas.
#[derive(Debug, Serialize)]
struct ColorReport {
    /// Static safe points, stones and territory together: the stones safe under alternating
    /// play by the link rule (`go::miai_life`) and the static territory beside them, or
    /// Benson's rule and its territory when that is more.
    safe_points: usize,
    /// The static safe stones (GTP coordinates, ascending point order).
    safe_stones: Vec<String>,
    /// The points of the static safe territory.
    safe_territory: Vec<String>,
    /// The static safe points by Benson's rule and its territory alone (`go::safe_points`).
    benson_points: usize,
    /// The safe stones the link rule adds to the unconditionally alive ones.
    linked_stones: Vec<String>,
    /// The partition's search areas with this colour defending.
    areas: Vec<AreaReport>,
    /// The zones left out of the search, with their reasons.
    left_out: Vec<LeftOutReport>,
    /// With `--search`: what the search proved.
    #[serde(skip_serializing_if = "Option::is_none")]
    searched: Option<SearchedReport>,
}

/// What `--search` proved of one colour's areas.
#[derive(Debug, Serialize)]
struct SearchedReport {
    /// The safe points, static and proven by search together.
    safe_points: usize,
    /// The stones proven safe by search (boundary blocks of the areas safe even with the
    /// opponent to move, and the blocks of failed areas that live all the same).
    proven_stones: Vec<String>,
    /// Per area, in the order of `areas`: the stones of its boundary blocks that live though
    /// its boundary fails (the blocks the attacker takes left out), when proven.
    surviving_stones: Vec<Vec<String>>,
    /// The points proven safe territory by search (the interiors of the areas proven
    /// territory safe: the attacker can neither live inside nor take a point).
    proven_territory: Vec<String>,
    /// Per area, in the order of `areas`: proven territory safe.
    territory_safe: Vec<bool>,
    /// Each area's boundary safety, in the order of `areas`: `safe`, `safe-if-defended`,
    /// `unsafe`, `unknown` or `not-searched`.
    areas: Vec<&'static str>,
}

/// One search area.
#[derive(Debug, Serialize)]
struct AreaReport {
    interior: Vec<String>,
    boundary_blocks: Vec<BlockReport>,
    gap_points: Vec<GapReport>,
    /// Connectible points taken out of the interior.
    removed: Vec<String>,
}

/// A defender block on an area's boundary.
#[derive(Debug, Serialize)]
struct BlockReport {
    stones: Vec<String>,
    external_liberties: Vec<String>,
}

/// A gap point on an area's boundary.
#[derive(Debug, Serialize)]
struct GapReport {
    point: String,
    /// One of a two-point gap rather than a one-point divider.
    potential: bool,
}

/// A zone that is no search area.
#[derive(Debug, Serialize)]
struct LeftOutReport {
    /// Its lowest point (the first in ascending order).
    at: String,
    /// Its points (empty points and attacker stones).
    points: usize,
    /// `no_defender_stone`, `too_large` or `too_open`.
    reason: &'static str,
    /// The reason in words.
    why: String,
}

/// What the search proved of one colour (its areas judged as `safety` reports them).
fn searched_report(color: &ColorSafety, size: usize) -> Option<SearchedReport> {
    let searched = color.searched.as_ref()?;
    Some(SearchedReport {
        safe_points: color.safe().len(),
        proven_stones: gtp(&searched.proven_stones, size),
        proven_territory: gtp(&searched.proven_territory, size),
        territory_safe: searched.territory_safe.clone(),
        surviving_stones: searched.surviving.iter().map(|z| gtp(z, size)).collect(),
        areas: searched.verdicts.iter().map(|v| verdict_name(*v)).collect(),
    })
}

/// Run `safety` on `file` (`search`: also prove the areas by search, each claim within the
/// first many seconds and the position within the second, on `threads` threads a claim;
/// `thresholds`: the partition's).
pub fn run(
    file: &Path,
    at_move: Option<usize>,
    json: bool,
    search: Option<(f64, f64)>,
    threads: usize,
    thresholds: &Thresholds,
) -> anyhow::Result<ExitCode> {
    let bytes = std::fs::read(file).with_context(|| format!("{}: cannot read", file.display()))?;
    let text = String::from_utf8_lossy(&bytes);
    let record = GameRecord::read(&text).with_context(|| format!("{}", file.display()))?;
    let total = record.moves();
    let n = at_move.unwrap_or(total);
    if n > total {
        bail!(
            "{}: --move {n}: the game has only {total} moves",
            file.display()
        );
    }
    let position = record.position_after(n);
    let board = &position.board;
    // Each claim within `secs` seconds (df-pn, proofs checked), all within `position`.
    let search = search.map(|(secs, position)| SafetySearch {
        secs_per_claim: secs,
        secs_per_position: Some(position),
        described_as: "safety --search".to_string(),
        threads,
    });
    let safety = PositionSafety::of_with(board, thresholds, search.as_ref(), Arc::default());
    let colors = &safety.colors;
    let safe = ByColor::new(colors.black.linked.clone(), colors.white.linked.clone());
    let report = Report {
        file: file.display().to_string(),
        size: board.size(),
        moves: total,
        after_move: n,
        to_play: position.to_play.sgf_letter(),
        black: color_report(board, &colors.black),
        white: color_report(board, &colors.white),
    };
    if json {
        println!("{}", serde_json::to_string(&report)?);
    } else {
        print!("{}", words(board, &report, &safe, position.to_play));
    }
    Ok(ExitCode::SUCCESS)
}

/// The points of `zone` in GTP coordinates.
fn gtp(zone: &Zone, size: usize) -> Vec<String> {
    zone.iter().map(|p| p.to_gtp(size)).collect()
}

fn color_report(board: &Board, color: &ColorSafety) -> ColorReport {
    let size = board.size();
    let (safe, part) = (&color.linked, &color.partition);
    ColorReport {
        safe_points: safe.count(),
        safe_stones: gtp(&safe.stones, size),
        safe_territory: gtp(&safe.territory, size),
        benson_points: color.statics.count(),
        linked_stones: gtp(&safe.stones.difference(&color.statics.stones), size),
        areas: part.areas.iter().map(|a| area_report(a, size)).collect(),
        searched: searched_report(color, size),
        left_out: part
            .left_out
            .iter()
            .map(|l| left_out_report(part, l, size))
            .collect(),
    }
}

fn area_report(area: &Area, size: usize) -> AreaReport {
    AreaReport {
        interior: gtp(&area.interior, size),
        boundary_blocks: area
            .blocks
            .iter()
            .map(|b| BlockReport {
                stones: gtp(&b.stones, size),
                external_liberties: gtp(&b.external_liberties, size),
            })
            .collect(),
        gap_points: area
            .dividers
            .iter()
            .map(|d| GapReport {
                point: d.point.to_gtp(size),
                potential: d.potential,
            })
            .collect(),
        removed: gtp(&area.removed, size),
    }
}

fn left_out_report(part: &Partition, left: &LeftOut, size: usize) -> LeftOutReport {
    let zone = &part.zones[left.zone];
    let at = zone
        .points
        .first()
        .map_or_else(String::new, |p| p.to_gtp(size));
    let (reason, why) = left_out_words(part, left.reason);
    LeftOutReport {
        at,
        points: zone.points.len(),
        reason,
        why,
    }
}

/// The board with column letters and row numbers around `diagram` (as the board draws it).
fn framed(diagram: &str, size: usize) -> String {
    let letters: Vec<String> = (0..size).map(|x| column_letter(x).to_string()).collect();
    let header = format!("    {}\n", letters.join(" "));
    let mut out = header.clone();
    for (y, line) in diagram.lines().enumerate() {
        let _ = writeln!(out, "{:>2}  {line}  {}", size - y, size - y);
    }
    out.push_str(&header);
    out
}

/// The report in words.
fn words(board: &Board, report: &Report, safe: &ByColor<SafePoints>, to_play: Color) -> String {
    let size = board.size();
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{}: {size}x{size}, the position after move {} of {}, {to_play} to play",
        report.file, report.after_move, report.moves
    );
    for (c, r) in [(Color::Black, &report.black), (Color::White, &report.white)] {
        let _ = writeln!(
            out,
            "{c}: {} safe points ({} stones, {} territory; {} by Benson's rule, {} stones kept by links and pairs)",
            r.safe_points,
            safe[c].stones.len(),
            safe[c].territory.len(),
            r.benson_points,
            r.linked_stones.len()
        );
        if let Some(s) = &r.searched {
            let count = |v: &str| s.areas.iter().filter(|a| **a == v).count();
            let _ = writeln!(
                out,
                "{c} by search: {} safe points with the {} stone(s) and {} territory point(s) \
                 proven safe; areas: {} safe ({} territory safe), {} to answer, {} unsafe, {} \
                 unknown; {} stone(s) of failed areas live all the same",
                s.safe_points,
                s.proven_stones.len(),
                s.proven_territory.len(),
                count("safe"),
                s.territory_safe.iter().filter(|t| **t).count(),
                count("safe-if-defended"),
                count("unsafe"),
                count("unknown") + count("not-searched"),
                s.surviving_stones.iter().map(Vec::len).sum::<usize>()
            );
        }
    }
    out.push('\n');
    out.push_str(&framed(&safe_points_ascii(board, safe), size));
    out.push_str("X O safe stones, b w safe territory, x o other stones\n");
    for (c, r) in [(Color::Black, &report.black), (Color::White, &report.white)] {
        let _ = writeln!(
            out,
            "\n{c} defending: {} search area(s), {} zone(s) left out",
            r.areas.len(),
            r.left_out.len()
        );
        for (i, a) in r.areas.iter().enumerate() {
            let _ = writeln!(
                out,
                "  area {}: {} interior point(s): {}",
                i + 1,
                a.interior.len(),
                a.interior.join(" ")
            );
            for b in &a.boundary_blocks {
                let _ = writeln!(
                    out,
                    "    boundary block {} ({} stone(s)), external liberties: {}",
                    b.stones.first().map_or("", String::as_str),
                    b.stones.len(),
                    list_or_none(&b.external_liberties)
                );
            }
            if !a.gap_points.is_empty() {
                let gaps: Vec<String> = a
                    .gap_points
                    .iter()
                    .map(|g| {
                        format!(
                            "{}{}",
                            g.point,
                            if g.potential { " (potential)" } else { "" }
                        )
                    })
                    .collect();
                let _ = writeln!(out, "    gap points: {}", gaps.join(", "));
            }
            if !a.removed.is_empty() {
                let _ = writeln!(out, "    removed as connectible: {}", a.removed.join(" "));
            }
        }
        for l in &r.left_out {
            let _ = writeln!(
                out,
                "  left out: the zone at {} ({} points): {}",
                l.at, l.points, l.why
            );
        }
    }
    out
}

fn list_or_none(points: &[String]) -> String {
    if points.is_empty() {
        "none".to_string()
    } else {
        points.join(" ")
    }
}
