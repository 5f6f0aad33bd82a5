//! *Analyze a game*: a game record stepped through move by move, with the safety of the
//! position shown ([`crate::solver::jobs::position_safety`]) computed by an [`AnalysisJob`]
//! and kept per move number, so stepping back to a position already searched is instant.
//! Plain data, no egui: the panels show it and `apply_analysis.rs` drives it.
//!
//! One job at a time, for the position shown: going to another move drops the running job
//! (its stop flag ends the search) and starts one for the new position unless its result is
//! kept. A job's steps are kept while it runs (`partial`); only a complete result goes into
//! the cache, so a position left while searching is searched again when shown again.

use super::analysis_job::{AnalysisJob, Update};
use crate::go::{Color, Point};
use crate::problem::game_record::{GamePosition, GameRecord, Step};
use crate::solver::jobs::position_safety::{PositionSafety, SafetySearch};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// A game being analysed.
pub struct GameAnalysis {
    /// The file it was read from.
    pub path: PathBuf,
    record: GameRecord,
    /// The move number shown (0: the start, before the first move).
    shown: usize,
    /// The position after `shown` moves.
    position: GamePosition,
    /// The seconds per claim of the search (0: no search, the static part only).
    pub secs_per_claim: f64,
    /// The complete results, by move number.
    cache: BTreeMap<usize, PositionSafety>,
    /// The job computing the shown position, if its result is not kept yet.
    job: Option<AnalysisJob>,
    /// The running job's result so far (the static part, one colour searched).
    partial: Option<PositionSafety>,
    /// Why the last job could not start.
    pub error: Option<String>,
}

/// What the analysis of the shown position is doing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// Nothing yet: the static part is being computed.
    Static,
    /// The static part is shown; this colour's areas are being searched.
    Searching(Color),
    /// The result is complete.
    Done,
    /// No job runs and nothing is kept (the job could not start).
    Idle,
}

/// Read `path` as a game record, in words when it cannot be (unreadable, malformed, no game).
pub fn read_game(path: &Path) -> Result<GameRecord, String> {
    let bytes = std::fs::read(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let text = String::from_utf8_lossy(&bytes);
    let record = GameRecord::read(&text)
        .map_err(|e| format!("{} is not a game record: {e}", path.display()))?;
    if record.moves() == 0 {
        return Err(format!(
            "{} is not a game record: it holds no moves",
            path.display()
        ));
    }
    Ok(record)
}

impl GameAnalysis {
    /// The analysis of the game in `path` at its last move, nothing computed yet.
    pub fn open(path: &Path, secs_per_claim: f64) -> Result<GameAnalysis, String> {
        let record = read_game(path)?;
        let shown = record.moves();
        let position = record.position_after(shown);
        Ok(GameAnalysis {
            path: path.to_path_buf(),
            record,
            shown,
            position,
            secs_per_claim,
            cache: BTreeMap::new(),
            job: None,
            partial: None,
            error: None,
        })
    }

    /// The move number shown (0: the start, before the first move).
    pub fn shown(&self) -> usize {
        self.shown
    }

    /// The position shown: the board after [`GameAnalysis::shown`] moves and who plays next.
    pub fn position(&self) -> &GamePosition {
        &self.position
    }

    /// The number of moves in the game (passes included).
    pub fn moves(&self) -> usize {
        self.record.moves()
    }

    /// The board side.
    pub fn size(&self) -> usize {
        self.record.size()
    }

    /// The file's name, for titles.
    pub fn name(&self) -> String {
        self.path.file_name().map_or_else(
            || self.path.display().to_string(),
            |n| n.to_string_lossy().into(),
        )
    }

    /// The point of the `shown`-th move, when it is a play.
    pub fn last_move(&self) -> Option<Point> {
        if self.shown == 0 {
            return None;
        }
        self.record
            .steps()
            .iter()
            .filter_map(|s| match s {
                Step::Play { mv, .. } => Some(*mv),
                Step::Place { .. } => None,
            })
            .nth(self.shown - 1)
            .and_then(|m| m.point())
    }

    /// The search asked for: `None` at 0 seconds per claim.
    fn search(&self) -> Option<SafetySearch> {
        (self.secs_per_claim > 0.0).then(|| SafetySearch {
            secs_per_claim: self.secs_per_claim,
            secs_per_position: None,
            described_as: format!("Analyze a game, {} s per claim", self.secs_per_claim),
            threads: 1,
        })
    }

    /// Show the position after `n` moves (clamped to the game), starting its job unless its
    /// result is kept. `wake` requests a repaint when the job has something new.
    pub fn goto(&mut self, n: usize, wake: impl Fn() + Send + 'static) {
        let n = n.min(self.moves());
        if n == self.shown && (self.job.is_some() || self.cache.contains_key(&n)) {
            return;
        }
        self.shown = n;
        self.position = self.record.position_after(n);
        self.job = None;
        self.partial = None;
        self.error = None;
        if self.cache.contains_key(&n) {
            return;
        }
        match AnalysisJob::start(self.position.board.clone(), n, self.search(), wake) {
            Ok(job) => self.job = Some(job),
            Err(e) => self.error = Some(e),
        }
    }

    /// Another time limit: the kept results go (they were searched with the old one) and the
    /// shown position is computed again.
    pub fn set_secs_per_claim(&mut self, secs: f64, wake: impl Fn() + Send + 'static) {
        if secs == self.secs_per_claim {
            return;
        }
        self.secs_per_claim = secs;
        self.cache.clear();
        self.job = None;
        self.partial = None;
        self.goto(self.shown, wake);
    }

    /// Take in the running job's steps; `true` when the shown position's result is complete
    /// now.
    pub fn poll(&mut self) -> bool {
        let Some(job) = &self.job else {
            return false;
        };
        let n = job.move_number;
        let updates = job.poll();
        let mut done = false;
        for u in updates {
            done |= self.receive(n, u);
        }
        done
    }

    /// One step of the job for move `n`: kept as the partial result, or the result once
    /// complete (the job then ends). Steps of a position no longer shown are dropped. `true`
    /// when the result is complete now.
    pub fn receive(&mut self, n: usize, update: Update) -> bool {
        if n != self.shown {
            return false;
        }
        if update.complete {
            self.cache.insert(n, update.safety);
            self.partial = None;
            self.job = None;
            true
        } else {
            self.partial = Some(update.safety);
            false
        }
    }

    /// The safety of the shown position as far as it is known.
    pub fn safety(&self) -> Option<&PositionSafety> {
        self.cache.get(&self.shown).or(self.partial.as_ref())
    }

    /// Whether the shown position's result is kept (`n`: another move number).
    pub fn is_kept(&self, n: usize) -> bool {
        self.cache.contains_key(&n)
    }

    /// What the analysis of the shown position is doing.
    pub fn phase(&self) -> Phase {
        if self.cache.contains_key(&self.shown) {
            return Phase::Done;
        }
        if self.job.is_none() {
            return Phase::Idle;
        }
        match &self.partial {
            None => Phase::Static,
            Some(s) if s.colors.black.searched.is_none() => Phase::Searching(Color::Black),
            Some(_) => Phase::Searching(Color::White),
        }
    }

    /// Whether a job is running.
    pub fn is_running(&self) -> bool {
        self.job.is_some()
    }

    /// The status line: what is being computed, or what is shown.
    pub fn status(&self) -> String {
        match (self.phase(), &self.error) {
            (_, Some(e)) => e.clone(),
            (Phase::Static, _) => "computing the static safe points…".to_string(),
            (Phase::Searching(c), _) => format!(
                "searching {c}'s areas ({} s per claim)…",
                self.secs_per_claim
            ),
            (Phase::Done, _) if self.secs_per_claim > 0.0 => format!(
                "both colours searched ({} s per claim)",
                self.secs_per_claim
            ),
            (Phase::Done, _) => "static safe points only (no search)".to_string(),
            (Phase::Idle, _) => String::new(),
        }
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::go::Board;

    /// The hand-written 9x9 game of the corpus (18 moves, both sides make two eyes).
    fn game() -> PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/corpus/games/two-passes-9x9.sgf")
    }

    /// A made-up complete result for `board`.
    fn result(board: &Board) -> Update {
        Update {
            safety: PositionSafety::statics(board),
            complete: true,
        }
    }

    #[test]
    fn a_game_opens_at_its_last_move_with_nothing_computed() {
        let a = GameAnalysis::open(&game(), 1.0).unwrap();
        assert_eq!((a.moves(), a.shown, a.size()), (18, 18, 9));
        assert_eq!(a.position.to_play, Color::Black);
        assert_eq!(a.phase(), Phase::Idle);
        assert!(a.safety().is_none());
        assert_eq!(a.name(), "two-passes-9x9.sgf");
        // The last two moves are passes; the 16th is White's F1.
        assert_eq!(a.last_move(), None);
    }

    #[test]
    fn bad_files_are_refused_in_words() {
        let corpus = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/corpus/games");
        let e = GameAnalysis::open(&corpus.join("malformed.sgf"), 1.0)
            .err()
            .unwrap();
        assert!(e.contains("is not a game record"), "{e}");
        let e = GameAnalysis::open(&corpus.join("illegal-move.sgf"), 1.0)
            .err()
            .unwrap();
        assert!(e.contains("is illegal"), "{e}");
        let e = GameAnalysis::open(&corpus.join("no-such-file.sgf"), 1.0)
            .err()
            .unwrap();
        assert!(e.starts_with("cannot read"), "{e}");
        // A problem of setup stones only: no moves to step through.
        let problem =
            Path::new(env!("CARGO_MANIFEST_DIR")).join("problems/04-straight-four-alive.sgf");
        let e = GameAnalysis::open(&problem, 1.0).err().unwrap();
        assert!(
            e.ends_with("is not a game record: it holds no moves"),
            "{e}"
        );
    }

    #[test]
    fn complete_results_are_kept_per_move_and_partial_ones_are_not() {
        let mut a = GameAnalysis::open(&game(), 0.0).unwrap();
        let end = a.position.board.clone();
        // A step for the shown position: partial, then complete.
        let mut partial = result(&end);
        partial.complete = false;
        assert!(!a.receive(18, partial));
        assert!(a.safety().is_some() && !a.is_kept(18));
        assert!(a.receive(18, result(&end)));
        assert!(a.is_kept(18));
        assert_eq!(a.phase(), Phase::Done);
        // Steps of a position no longer shown are dropped.
        a.shown = 5;
        assert!(!a.receive(18, result(&end)));
        assert!(!a.receive(4, result(&end)));
        assert!(!a.is_kept(4));
        assert!(a.safety().is_none());
        // Back at the end: the kept result, no job.
        a.goto(18, || {});
        assert!(!a.is_running());
        assert_eq!(a.safety().unwrap().board, end);
    }

    #[test]
    fn stepping_starts_a_job_and_its_result_is_kept() {
        let mut a = GameAnalysis::open(&game(), 0.0).unwrap();
        a.goto(10, || {});
        assert_eq!(a.shown, 10);
        assert!(a.is_running());
        assert_eq!(a.phase(), Phase::Static);
        let start = std::time::Instant::now();
        while !a.poll() {
            assert!(start.elapsed().as_secs() < 60, "no result");
            std::thread::sleep(std::time::Duration::from_millis(5));
        }
        assert!(a.is_kept(10) && !a.is_running());
        assert_eq!(a.safety().unwrap().board, a.position.board);
        assert_eq!(a.status(), "static safe points only (no search)");
        // Going past the end stops at the end; going to another move and back keeps 10.
        a.goto(99, || {});
        assert_eq!(a.shown, 18);
        a.goto(10, || {});
        assert!(!a.is_running() && a.phase() == Phase::Done);
        // A new time limit forgets what was kept and computes the shown position again.
        a.set_secs_per_claim(1.0, || {});
        assert!(!a.is_kept(10) && a.is_running());
    }
}
