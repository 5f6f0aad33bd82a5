//! The live view of a running solve in the solver section: the figures (nodes, rate, time,
//! depth), the claim being searched, how far the iteration has got (a progress bar with its
//! words, "depth 12: 5 of 9 root moves done"), the table's fill, the line being searched, and the
//! root's moves with what is known of each (✔ proven, × refuted, … searching, open; nodes under
//! it; the depth that decided it), sorted by state then effort. It only reads
//! [`crate::solver::Progress`]; it is narrow enough for the side panel (short cells, wrapped
//! lines, no sideways scrolling). The decided root moves are also marked on the board
//! ([`live_marks`]). With df-pn the progress figure is the root's proof and
//! disproof numbers and the line is the most-proving path, each move with the numbers of the
//! node it is played from. The portfolio's lanes send no progress: while they race the view
//! says so, with the time the job has run ([`racing_view`]), and nothing else.

use super::live::{thousands, LiveSolve};
use super::scene::{PointMark, Scene};
use crate::go::Move;
use crate::problem::Problem;
use crate::solver::engines::ProgressForm;
use crate::solver::kernel::progress::{number_words, Progress, RootMove, RootState};
use std::time::Duration;

/// Moves of the line shown before it is cut short with "…".
const LINE_MOVES: usize = 10;
/// Rows of the root-move table; the rest are counted in one line under it.
const ROOT_ROWS: usize = 10;

const GREEN: egui::Color32 = egui::Color32::from_rgb(20, 140, 40);
const RED: egui::Color32 = egui::Color32::from_rgb(190, 40, 30);
const ORANGE: egui::Color32 = egui::Color32::from_rgb(210, 120, 0);

/// The live figures of the solve (the figures line only once the job has ended).
pub fn live_view(ui: &mut egui::Ui, live: &LiveSolve) {
    if let Some((words, elapsed)) = live.racing() {
        racing_view(ui, live, words, elapsed);
        return;
    }
    let Some(p) = &live.progress else {
        return;
    };
    ui.label(figures(p));
    let Some(claim) = &live.claim else {
        return;
    };
    claim_line(ui, claim);
    match p.fraction() {
        Some(f) => ui
            .add(egui::ProgressBar::new(f).text(p.figure()))
            .on_hover_text(
                "Iterative deepening: the root moves searched to this depth limit (or \
                 decided) out of all; the next iteration searches deeper.",
            ),
        None => ui.label(p.figure()),
    };
    ui.label(table_words(p));
    let size = claim.size();
    if !p.line.is_empty() {
        if p.engine.capabilities().progress == ProgressForm::Numbers {
            ui.label(numbered_line_words(&p.line, &p.numbers, size))
                .on_hover_text(
                    "df-pn descends the most-proving line: at each node the child with \
                     the smallest proof number (the OR player's moves) or disproof number \
                     (the AND player's). Each move shows the numbers of the node it is \
                     played from, proof / disproof: at least how many leaves are still to \
                     prove, or to refute, below it.",
                );
        } else {
            ui.label(line_words(&p.line, size));
        }
    }
    if p.root_moves.is_empty() {
        return;
    }
    ui.label(format!("{}'s moves:", claim.to_move()))
        .on_hover_text(
            "The moves of the side to move, from its point of view. ✔ proven: the move \
             reaches its aim; × refuted: the other side has an answer (or a proven move's \
             relevance zone covers it, so it needs no search); … searching: being searched \
             now; open: no proof within the depths searched so far, or not tried yet. \
             nodes: searched under the move so far; depth: the depth limit of the \
             iteration that decided it.",
        );
    let rows = sorted(&p.root_moves);
    egui::Grid::new("root-moves")
        .num_columns(4)
        .striped(true)
        .spacing([10.0, 2.0])
        .show(ui, |ui| {
            ui.weak("move");
            ui.weak("state");
            ui.weak("nodes");
            ui.weak("depth");
            ui.end_row();
            for m in rows.iter().take(ROOT_ROWS) {
                ui.monospace(m.mv.to_gtp(size));
                let (words, color) = state_words(m.state);
                ui.label(egui::RichText::new(words).color(color));
                ui.monospace(compact(m.nodes));
                ui.monospace(m.decided_at.map(|d| d.to_string()).unwrap_or_default());
                ui.end_row();
            }
        });
    if let Some(rest) = rest_words(&rows) {
        ui.weak(rest);
    }
    if p.root_pruned > 0 {
        ui.weak(format!(
            "{} more beyond the OR width, not tried",
            p.root_pruned
        ));
    }
}

/// "searching whether Black lives": the claim being searched.
fn claim_line(ui: &mut egui::Ui, claim: &Problem) {
    ui.label(format!(
        "searching whether {} {}",
        claim.or_player(),
        crate::report::verdict::verbs(claim.goal()).0
    ))
    .on_hover_text(format!(
        "The claim searched: {} is the OR player, goal {}.",
        claim.or_player(),
        claim.goal().name()
    ));
}

/// While the portfolio's lanes race: what races and for how long ("portfolio: df-pn and
/// MCTS racing · 12 s"), and the claim. Their searches send no progress, so there are no
/// figures to show; the time is redrawn once a second.
fn racing_view(ui: &mut egui::Ui, live: &LiveSolve, words: &str, elapsed: Duration) {
    ui.label(format!("{words} · {} s", elapsed.as_secs()))
        .on_hover_text(
            "The portfolio searches the claim with both engines at once, on threads of \
             their own sharing one table; the first decided answer stops the other. Its \
             searches report no progress while they run: the result comes when one of \
             them decides (or at the limits).",
        );
    if let Some(claim) = &live.claim {
        claim_line(ui, claim);
    }
    // The next whole second.
    let to_next = Duration::from_secs(1)
        .saturating_sub(Duration::from_nanos(u64::from(elapsed.subsec_nanos())));
    ui.ctx()
        .request_repaint_after(to_next.max(Duration::from_millis(50)));
}

/// The decided root moves of the running solve as board marks (✔ proven, × refuted, as
/// the marks of "Every first move").
pub fn live_marks(live: &LiveSolve, scene: &mut Scene) {
    let Some(p) = &live.progress else {
        return;
    };
    for m in &p.root_moves {
        let (Move::Play(point), true) = (m.mv, m.state.is_decided()) else {
            continue;
        };
        let (text, color) = match m.state {
            RootState::Proven => ("✔", GREEN),
            _ => ("×", RED),
        };
        scene.marks.push(PointMark {
            point,
            text,
            rgb: [color.r(), color.g(), color.b()],
        });
    }
}

/// "12,345 nodes · 234,567 nodes/s · 3.2 s · depth 12".
fn figures(p: &Progress) -> String {
    format!(
        "{} nodes · {} nodes/s · {:.1} s · depth {}",
        thousands(p.nodes),
        thousands(p.nodes_per_second as u64),
        p.elapsed.as_secs_f64(),
        p.depth
    )
}

/// "table 1.2% full (12,345 of 1,048,576 entries)".
fn table_words(p: &Progress) -> String {
    let percent = 100.0 * p.table_fill();
    let shown = if percent > 0.0 && percent < 0.1 {
        "<0.1".to_string()
    } else {
        format!("{percent:.1}")
    };
    format!(
        "table {shown}% full ({} of {} entries)",
        thousands(p.table_entries as u64),
        thousands(p.table_capacity as u64)
    )
}

/// "line: C1 D2 B2" or, past [`LINE_MOVES`] moves, "line: C1 D2 … (17 moves)".
fn line_words(line: &[Move], size: usize) -> String {
    let shown: Vec<String> = line
        .iter()
        .take(LINE_MOVES)
        .map(|m| m.to_gtp(size))
        .collect();
    let mut words = format!("line: {}", shown.join(" "));
    if line.len() > LINE_MOVES {
        words += &format!(" … ({} moves)", line.len());
    }
    words
}

/// "most-proving line: C1 (12/3) D2 (4/3) …": the line's moves with the proof / disproof
/// numbers of the node each is played from, cut after [`LINE_MOVES`] moves as [`line_words`].
fn numbered_line_words(line: &[Move], numbers: &[(u64, u64)], size: usize) -> String {
    let shown: Vec<String> = line
        .iter()
        .take(LINE_MOVES)
        .enumerate()
        .map(|(i, m)| match numbers.get(i) {
            Some(&(pn, dn)) => format!(
                "{} ({}/{})",
                m.to_gtp(size),
                number_words(pn),
                number_words(dn)
            ),
            None => m.to_gtp(size),
        })
        .collect();
    let mut words = format!("most-proving line: {}", shown.join(" "));
    if line.len() > LINE_MOVES {
        words += &format!(" … ({} moves)", line.len());
    }
    words
}

/// The words and colour of a state.
fn state_words(state: RootState) -> (&'static str, egui::Color32) {
    match state {
        RootState::Proven => ("✔ proven", GREEN),
        RootState::Refuted => ("× refuted", RED),
        RootState::Searching => ("… searching", ORANGE),
        RootState::Open => ("open", egui::Color32::GRAY),
    }
}

/// The root moves in the order the table shows them: proven, being searched, open, refuted;
/// within a state the most nodes first (then the search's order).
fn sorted(moves: &[RootMove]) -> Vec<RootMove> {
    let rank = |s: RootState| match s {
        RootState::Proven => 0,
        RootState::Searching => 1,
        RootState::Open => 2,
        RootState::Refuted => 3,
    };
    let mut rows = moves.to_vec();
    rows.sort_by_key(|m| (rank(m.state), std::cmp::Reverse(m.nodes)));
    rows
}

/// "… 23 more: 20 refuted, 3 open" for the rows past [`ROOT_ROWS`].
fn rest_words(rows: &[RootMove]) -> Option<String> {
    let rest = rows.get(ROOT_ROWS..).filter(|r| !r.is_empty())?;
    let count = |s| rest.iter().filter(|m| m.state == s).count();
    let parts: Vec<String> = [
        (RootState::Proven, "proven"),
        (RootState::Searching, "searching"),
        (RootState::Open, "open"),
        (RootState::Refuted, "refuted"),
    ]
    .into_iter()
    .filter_map(|(s, name)| {
        let n = count(s);
        (n > 0).then(|| format!("{n} {name}"))
    })
    .collect();
    Some(format!("… {} more: {}", rest.len(), parts.join(", ")))
}

/// Short node counts for a narrow column: `9,999`, `12k`, `1.2M`.
fn compact(n: u64) -> String {
    match n {
        0..=9_999 => thousands(n),
        10_000..=999_999 => format!("{}k", n / 1000),
        _ => format!("{:.1}M", n as f64 / 1e6),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::go::Point;
    use crate::solver::kernel::progress::INFINITE_NUMBER;

    fn root(x: usize, state: RootState, nodes: u64) -> RootMove {
        RootMove {
            mv: Move::Play(Point::new(x, 0)),
            state,
            nodes,
            decided_at: state.is_decided().then_some(3),
            searched_to: 0,
        }
    }

    #[test]
    fn rows_go_by_state_then_effort() {
        let moves = [
            root(0, RootState::Refuted, 50),
            root(1, RootState::Open, 5),
            root(2, RootState::Searching, 7),
            root(3, RootState::Open, 9),
            root(4, RootState::Proven, 1),
            root(5, RootState::Refuted, 80),
        ];
        let xs: Vec<usize> = sorted(&moves)
            .iter()
            .map(|m| m.mv.point().unwrap().x())
            .collect();
        assert_eq!(xs, [4, 2, 3, 1, 5, 0]);
    }

    #[test]
    fn the_rest_past_the_table_is_counted_by_state() {
        let mut moves: Vec<RootMove> = (0..ROOT_ROWS)
            .map(|x| root(x, RootState::Open, 10))
            .collect();
        assert_eq!(rest_words(&moves), None);
        moves.push(root(11, RootState::Refuted, 1));
        moves.push(root(12, RootState::Refuted, 1));
        moves.push(root(13, RootState::Open, 1));
        let rows = sorted(&moves);
        assert_eq!(
            rest_words(&rows).as_deref(),
            Some("… 3 more: 1 open, 2 refuted")
        );
    }

    #[test]
    fn long_lines_are_cut_and_counts_kept_short() {
        let line: Vec<Move> = (0..14).map(|x| Move::Play(Point::new(x % 5, 4))).collect();
        let words = line_words(&line, 5);
        assert!(words.starts_with("line: A1 B1 C1 D1 E1 A1"), "{words}");
        assert!(words.ends_with(" … (14 moves)"), "{words}");
        assert_eq!(line_words(&[Move::Pass], 5), "line: pass");
        let numbers = [(12, 3), (INFINITE_NUMBER, 0)];
        assert_eq!(
            numbered_line_words(&[Move::Play(Point::new(2, 4)), Move::Pass], &numbers, 5),
            "most-proving line: C1 (12/3) pass (∞/0)"
        );
        let long = numbered_line_words(&line, &numbers, 5);
        assert!(
            long.starts_with("most-proving line: A1 (12/3) B1 (∞/0) C1 D1"),
            "{long}"
        );
        assert!(long.ends_with(" … (14 moves)"), "{long}");
        assert_eq!(compact(9_999), "9,999");
        assert_eq!(compact(12_345), "12k");
        assert_eq!(compact(1_234_567), "1.2M");
    }
}
