//! The solve as the studio follows it: the job's latest progress, the figures over time for the
//! plot, the searches finished so far, and the verdict when the job ends.
//!
//! The claims of a job are searched at once ("both": the claim as stated and its opposite, see
//! [`super::solve_job`]), but the live view follows one: the first claim (by index) still being
//! searched. With "both" that is the claim as stated until it is decided (or stopped), then the
//! opposite claim; the other claim's progress events are dropped, and its figures come with its
//! verdict. The plot runs on from where it was when the view turns to the other claim.
//!
//! The portfolio's lanes report no progress (the solve service races them without progress
//! events): the view then says what is racing and for how long ([`LiveSolve::racing`]).

use super::solve_job::{JobEvent, JobSettings, ReproFile, SolveRunner};
use crate::go::{Color, Move, Zone};
use crate::problem::Problem;
use crate::report::verdict::{how_words, verbs};
use crate::solver::jobs::analysis::{ends_in_seki, ko_capture_paths, How};
use crate::solver::jobs::go_result::GoResult;
use crate::solver::jobs::how::status_without_ko;
use crate::solver::proof::certify::{CheckVerdict, Checked};
use crate::solver::proof::ProofTree;
use crate::solver::{Progress, Solution, SolveConfig, Status, StopReason};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// At most this many plot samples are kept (older ones are thinned).
const MAX_SAMPLES: usize = 2000;

/// The running job, if any.
#[derive(Default)]
pub struct LiveSolve {
    runner: SolveRunner,
    /// The claims of the job as asked (the file's stated result and answer with them; a search
    /// may change a claim's rules and drop its stated result).
    asked: Vec<Problem>,
    /// The document revision the job solves.
    pub revision: u64,
    /// The claim whose search the view follows, and its latest progress.
    pub claim: Option<Problem>,
    pub progress: Option<Progress>,
    /// (seconds, nodes per second) over the whole job, of the claims followed.
    pub samples: Vec<[f64; 2]>,
    /// The claims searched to their end so far, in the order they ended.
    pub searches: Vec<SearchedClaim>,
    /// The claims started and not yet searched to their end, with their indexes.
    searching: Vec<(usize, Problem)>,
    /// The index of the claim followed ([`LiveSolve::claim`]).
    followed: Option<usize>,
    /// The verdict of the search whose proof is being checked now ("proven, checking…").
    pub checking: Option<String>,
    /// Every claim whose proof is being checked now, with its verdict (`checking` is the last).
    checking_now: Vec<(usize, String)>,
    running: bool,
    /// Seconds of the plot before the search followed now (the plot's time axis runs over the
    /// job).
    offset: f64,
    /// The elapsed time of the last progress event (of the search followed now).
    last_elapsed: f64,
    /// The view turned to another claim: its next progress event continues the plot where it
    /// was (that claim's clock ran meanwhile).
    rebase: bool,
    /// What the job races on each claim when it runs several lanes (the portfolio), in words
    /// ("portfolio: df-pn and MCTS racing"), and when it started; `None` for one engine.
    racing: Option<(String, Instant)>,
}

/// One claim of a job searched to its end.
#[derive(Clone, Debug)]
pub struct SearchedClaim {
    /// The claim's index in the job.
    pub index: usize,
    /// The claim as searched, its solution and the way.
    pub claim: Problem,
    pub solution: Solution,
    pub how: How,
    /// The position's Go result (`live`/`kill` goals, when decided).
    pub go: Option<GoResult>,
    /// The result in words ([`crate::report::verdict::analysis_words`]: for `live`/`kill` the
    /// Go result, the same whichever claim was asked).
    pub words: String,
    /// The width that decided (`full width`, `or-width 8`).
    pub width: String,
    /// The checker's verdict on its proof, with the reproduction file of a rejected proof (or
    /// why it could not be written).
    pub check: Option<(Checked, ReproFile)>,
}

/// A finished job: every search and the one reported.
#[derive(Clone, Debug)]
pub struct Finished {
    pub revision: u64,
    /// Every claim decided: the claim as searched, its solution and the way.
    pub searches: Vec<(Problem, Solution, How)>,
    /// Index of the reported search.
    pub chosen: usize,
    /// The result in a player's words: who lives or kills and how, where it differs from the
    /// book, and whether the independent checker accepted the proof.
    pub verdict: String,
    /// The search's own figures and terms (proof size and depth, relevance zone, nodes, the
    /// width that decided, the stop reason): the details line under the verdict.
    pub details: String,
    /// The proof of the reported search (moved out of its solution; shared, so that drawing the
    /// tree panel never copies it).
    pub proof: Option<Arc<ProofTree>>,
    /// The proof has a seki leaf (the legend then explains the seki colour).
    pub has_seki: bool,
    /// Paths of the proof's ko captures (the tree marks where a ko starts).
    pub ko_captures: Vec<Vec<usize>>,
    /// The checker's verdict on the reported proof (`None`: no proof).
    pub check: Option<CheckVerdict>,
    /// For a proven failure: the opposite claim, whose checked proof is `proof` (the tree then
    /// shows how the other side wins).
    pub refutation_claim: Option<Problem>,
}

impl Finished {
    pub fn claim(&self) -> &Problem {
        &self.searches[self.chosen].0
    }

    pub fn solution(&self) -> &Solution {
        &self.searches[self.chosen].1
    }

    pub fn proof(&self) -> Option<&ProofTree> {
        self.proof.as_deref()
    }

    /// The claim `proof` proves: the reported claim, or for a proven failure the opposite claim.
    pub fn proof_claim(&self) -> &Problem {
        self.refutation_claim
            .as_ref()
            .unwrap_or_else(|| self.claim())
    }
}

impl LiveSolve {
    pub fn is_running(&self) -> bool {
        self.running
    }

    /// Start solving `claims` for document revision `revision`.
    pub fn start(
        &mut self,
        claims: Vec<Problem>,
        settings: JobSettings,
        revision: u64,
        wake: impl Fn() + Send + Sync + 'static,
    ) {
        self.asked = claims.clone();
        let racing = racing_words(&settings.lanes);
        self.runner.start(claims, settings, wake);
        self.revision = revision;
        self.forget_job();
        self.racing = racing.map(|words| (words, Instant::now()));
        self.running = true;
    }

    /// What the running job races on each claim, in words, when it runs several lanes (the
    /// portfolio); `None` for one engine.
    pub fn racing_words(&self) -> Option<&str> {
        self.racing.as_ref().map(|(words, _)| words.as_str())
    }

    /// While a claim's lanes are racing (they report no progress): what races, in words, and
    /// for how long the job has run.
    pub fn racing(&self) -> Option<(&str, Duration)> {
        let (words, since) = self.racing.as_ref()?;
        (self.running && !self.searching.is_empty()).then(|| (words.as_str(), since.elapsed()))
    }

    /// Forget what the view shows of a job (before another).
    fn forget_job(&mut self) {
        self.claim = None;
        self.progress = None;
        self.samples.clear();
        self.searches.clear();
        self.searching.clear();
        self.followed = None;
        self.checking = None;
        self.checking_now.clear();
        self.offset = 0.0;
        self.last_elapsed = 0.0;
        self.rebase = false;
        self.racing = None;
    }

    /// Ask the job to stop; its last messages still arrive.
    pub fn request_stop(&self) {
        self.runner.request_stop();
    }

    /// Stop and forget the job (an edit made it stale).
    pub fn stop(&mut self) {
        self.runner.stop();
        self.running = false;
        self.claim = None;
        self.progress = None;
        self.searching.clear();
        self.followed = None;
        self.checking = None;
        self.checking_now.clear();
    }

    /// Stops any job and forgets what the last one showed (its searches and its rate plot), for
    /// another problem.
    pub fn forget(&mut self) {
        self.stop();
        self.forget_job();
    }

    /// Take in the job's messages; returns the finished job when it ended.
    pub fn poll(&mut self) -> Option<Finished> {
        let mut done = false;
        for event in self.runner.poll() {
            match event {
                JobEvent::Started { index, claim } => {
                    self.searching.push((index, *claim));
                    self.follow_first();
                }
                JobEvent::Progress { index, progress } => {
                    if self.followed == Some(index) {
                        self.sample(progress);
                    }
                }
                JobEvent::Searched {
                    index,
                    claim,
                    solution,
                    how,
                    go,
                    words,
                    checking,
                    width,
                } => {
                    if self.followed == Some(index) {
                        // The plot runs on from the end of this claim's last search.
                        self.offset += self.last_elapsed;
                        self.last_elapsed = 0.0;
                    }
                    if checking {
                        let v = verdict_from(words.clone(), &claim, &solution, 1);
                        self.checking = Some(v.clone());
                        self.checking_now.push((index, v));
                    }
                    self.searching.retain(|(i, _)| *i != index);
                    self.follow_first();
                    self.searches.push(SearchedClaim {
                        index,
                        claim: *claim,
                        solution: *solution,
                        how,
                        go,
                        words,
                        width,
                        check: None,
                    });
                }
                JobEvent::Checked {
                    index,
                    checked,
                    repro,
                } => {
                    self.checking_now.retain(|(i, _)| *i != index);
                    self.checking = self.checking_now.last().map(|(_, w)| w.clone());
                    if let Some(s) = self.searches.iter_mut().find(|s| s.index == index) {
                        s.check = Some((checked, repro));
                    }
                }
                JobEvent::Done => done = true,
            }
        }
        if !done {
            return None;
        }
        self.running = false;
        self.claim = None;
        self.searching.clear();
        self.followed = None;
        self.checking = None;
        self.checking_now.clear();
        if self.searches.is_empty() {
            return None;
        }
        // In the claims' order, whichever ended first (the report prefers the first).
        let mut searched = std::mem::take(&mut self.searches);
        searched.sort_by_key(|s| s.index);
        let mut checks = Vec::with_capacity(searched.len());
        let mut widths = Vec::with_capacity(searched.len());
        let mut searches = Vec::with_capacity(searched.len());
        let mut words = Vec::with_capacity(searched.len());
        let mut indexes = Vec::with_capacity(searched.len());
        let mut gos = Vec::with_capacity(searched.len());
        for s in searched {
            indexes.push(s.index);
            gos.push(s.go);
            checks.push(s.check);
            widths.push(s.width);
            words.push(s.words);
            searches.push((s.claim, s.solution, s.how));
        }
        let mut finished = finish(searches, &words, self.revision);
        // Where the result differs from the file's own answer (as the command line's
        // "DISAGREES"), judged against the claim as asked: as a Go result for `live`/`kill`,
        // so every claim of the same position gives the same words.
        let asked = indexes
            .get(finished.chosen)
            .and_then(|&i| self.asked.get(i));
        let (s, how) = (finished.solution(), finished.searches[finished.chosen].2);
        if let (Some(asked), true) = (asked, s.status != Status::Unknown) {
            let proven = status_without_ko(s.status, how);
            let go = gos.get(finished.chosen).copied().flatten();
            if let Some(differs) =
                crate::report::book::differs_words(asked, proven, go, s.first_move)
            {
                finished.verdict += &format!(" {differs}.");
            }
        }
        if let Some(width) = widths.get(finished.chosen) {
            finished.details += &format!(" Decided at {width}.");
        }
        let chosen = checks.get_mut(finished.chosen).and_then(Option::take);
        if let Some((mut c, repro)) = chosen {
            finished.verdict = format!("{} {}", finished.verdict, check_words(&c));
            finished.check = Some(c.verdict);
            if finished.proof.is_none() {
                if let Some(refutation) = c.refutation.take() {
                    // A proven failure: show the checked proof of the opposite claim.
                    let (opposite, proof) = *refutation;
                    finished.has_seki = ends_in_seki(&proof);
                    finished.ko_captures = ko_capture_paths(&opposite, &proof, 100_000);
                    finished.proof = Some(Arc::new(proof));
                    finished.refutation_claim = Some(opposite);
                }
            }
            match repro {
                Some(Ok(path)) => {
                    finished.verdict += &format!(" Reproduction file: {}", path.display());
                }
                Some(Err(why)) => finished.verdict += &format!(" ({why})"),
                None => {}
            }
        }
        Some(finished)
    }

    /// Follow the first claim still being searched. When there is none, the last one followed
    /// stays on screen (its figures, until the job ends).
    fn follow_first(&mut self) {
        let Some((index, claim)) = self.searching.iter().min_by_key(|(i, _)| *i) else {
            return;
        };
        if self.followed == Some(*index) {
            return;
        }
        // A claim followed before: the next one's plot continues it.
        self.rebase = self.followed.is_some();
        self.followed = Some(*index);
        self.claim = Some(claim.clone());
        self.progress = None;
    }

    /// Take in a progress event of the claim followed: a plot sample, and the progress shown.
    fn sample(&mut self, progress: Progress) {
        // A claim runs several searches (widths, seki, ko), each with its own clock: a clock
        // that went back started a new one, and the plot runs on.
        let t = progress.elapsed.as_secs_f64();
        if self.rebase {
            // The first event of a claim followed after another: it continues the plot.
            self.offset += self.last_elapsed - t;
            self.rebase = false;
        } else if t < self.last_elapsed {
            self.offset += self.last_elapsed;
        }
        self.last_elapsed = t;
        self.samples
            .push([self.offset + t, progress.nodes_per_second]);
        if self.samples.len() > MAX_SAMPLES {
            // Keep every other sample: the plot keeps its shape.
            let mut i = 0;
            self.samples.retain(|_| {
                i += 1;
                i % 2 == 0
            });
        }
        self.progress = Some(progress);
    }

    /// The line being searched, with players, from the claim's position.
    pub fn line(&self) -> Vec<(Color, Move)> {
        let (Some(claim), Some(p)) = (&self.claim, &self.progress) else {
            return Vec::new();
        };
        with_players(claim.to_move(), &p.line)
    }

    /// The union of the zones proven so far at the first AND node.
    pub fn proven_zone(&self) -> Option<Zone> {
        let p = self.progress.as_ref()?;
        let mut z = Zone::new();
        for zone in &p.proven_zones {
            z.union_with(zone);
        }
        (!z.is_empty()).then_some(z)
    }
}

/// Moves with their players, alternating from `first`.
pub fn with_players(first: Color, moves: &[Move]) -> Vec<(Color, Move)> {
    let mut c = first;
    moves
        .iter()
        .map(|&m| {
            let out = (c, m);
            c = c.opponent();
            out
        })
        .collect()
}

/// The report of a finished job: the first win, else the first unknown, else the first search.
/// `words`: each search's result in words (else the verdict words them from its claim).
pub fn finish(
    mut searches: Vec<(Problem, Solution, How)>,
    words: &[String],
    revision: u64,
) -> Finished {
    let find = |status| searches.iter().position(|(_, s, _)| s.status == status);
    let chosen = find(Status::Win)
        .or_else(|| find(Status::Unknown))
        .unwrap_or(0);
    let (claim, solution, how) = &searches[chosen];
    let verdict = match words.get(chosen) {
        Some(w) => verdict_from(w.clone(), claim, solution, searches.len()),
        None => verdict(claim, solution, *how, searches.len()),
    };
    let details = details(solution, searches.len());
    let proof = searches[chosen].1.proof.take().map(Arc::new);
    let has_seki = proof.as_deref().is_some_and(ends_in_seki);
    let ko_captures = proof
        .as_deref()
        .map(|p| ko_capture_paths(&searches[chosen].0, p, 100_000))
        .unwrap_or_default();
    Finished {
        revision,
        chosen,
        verdict,
        details,
        searches,
        proof,
        has_seki,
        ko_captures,
        check: None,
        refutation_claim: None,
    }
}

/// "Black lives: first move R1.", "Not decided whether White kills: the time limit was
/// reached." (the figures are in [`details`]).
pub fn verdict(claim: &Problem, solution: &Solution, how: How, searches: usize) -> String {
    verdict_from(how_words(claim, solution, how), claim, solution, searches)
}

/// [`verdict`] of a result already in words (`words` is not used for an undecided claim: the
/// search's "unknown: stopped" is said for a player).
pub fn verdict_from(
    mut words: String,
    claim: &Problem,
    solution: &Solution,
    searches: usize,
) -> String {
    if solution.status == Status::Unknown {
        let neither = if searches > 1 {
            " (neither side's result was proven)"
        } else {
            ""
        };
        return format!(
            "Not decided whether {} {}: {}{neither}.",
            claim.or_player(),
            verbs(claim.goal()).0,
            stop_words(solution.stop)
        );
    }
    if let Some(first) = words.get(..1) {
        words = first.to_uppercase() + &words[1..];
    }
    format!("{words}.")
}

/// Why a search stopped undecided, for a player.
fn stop_words(stop: StopReason) -> String {
    match stop {
        StopReason::Stopped => "the search was stopped".to_string(),
        StopReason::TimeLimit => "the time limit was reached".to_string(),
        StopReason::NodeLimit => "the node limit was reached".to_string(),
        StopReason::DepthLimit => "the depth limit was reached".to_string(),
        StopReason::Pruned => {
            "no win among the moves tried (the search tried only the most promising moves)"
                .to_string()
        }
        other => other.describe().to_string(),
    }
}

/// The search's figures and terms for the details line: "Proof: 17 nodes, depth 6, relevance
/// zone 10 points; 318 nodes searched in 0.0 s.", "Search: 1,204 nodes in 3.0 s (stopped)."
pub fn details(solution: &Solution, searches: usize) -> String {
    let secs = solution.elapsed.as_secs_f64();
    match (&solution.status, &solution.proof) {
        (Status::Win, Some(proof)) => {
            let zone = solution.root_zone.map(|z| z.len()).unwrap_or(0);
            format!(
                "Proof: {} nodes, depth {}, relevance zone {zone} points; {} nodes searched in \
                 {secs:.1} s.",
                thousands(proof.node_count() as u64),
                proof.root.depth(),
                thousands(solution.nodes),
            )
        }
        (Status::Unknown, _) => format!(
            "Search: {} nodes in {secs:.1} s{} ({}).",
            thousands(solution.nodes),
            if searches > 1 {
                " on the last claim"
            } else {
                ""
            },
            solution.stop.describe()
        ),
        _ => format!(
            "Search: {} nodes in {secs:.1} s.",
            thousands(solution.nodes)
        ),
    }
}

/// "Checked: 1,204 positions in 0.02 s." and the like, for the verdict.
pub fn check_words(c: &Checked) -> String {
    match c.verdict {
        CheckVerdict::Checked => match c.refutation.as_deref() {
            Some((opposite, _)) => format!(
                "Proven and checked: the independent checker accepts the proof that {} {} ({} \
                 positions in {:.2} s; found in {} nodes, {:.2} s).",
                opposite.or_player(),
                verbs(opposite.goal()).0,
                thousands(c.positions),
                c.seconds,
                thousands(c.refutation_nodes),
                c.refutation_seconds
            ),
            None => format!(
                "Proven and checked: the independent checker accepts it ({} positions in {:.2} s).",
                thousands(c.positions),
                c.seconds
            ),
        },
        CheckVerdict::TooLarge => format!(
            "Not checked: the proof needs more than {} positions to check.",
            thousands(c.positions)
        ),
        CheckVerdict::OutOfTime | CheckVerdict::Stopped | CheckVerdict::NoCertificate => format!(
            "Not checked: {}.",
            c.error.as_deref().unwrap_or("the check did not finish")
        ),
        CheckVerdict::Skipped => "Not checked.".to_string(),
        CheckVerdict::Failed => format!(
            "INTERNAL ERROR: the proof failed the independent check ({}); do not trust this result.",
            c.error.as_deref().unwrap_or("no reason given")
        ),
    }
}

/// `1234567` → `1,234,567`.
pub fn thousands(n: u64) -> String {
    let s = n.to_string();
    let mut out = String::new();
    for (i, ch) in s.chars().enumerate() {
        if i > 0 && (s.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(ch);
    }
    out
}

/// "portfolio: df-pn and MCTS with the net racing": the lanes of a job that races several
/// (the portfolio's), by the registry's labels; `None` for one lane.
pub fn racing_words(lanes: &[SolveConfig]) -> Option<String> {
    if lanes.len() < 2 {
        return None;
    }
    let engines: Vec<String> = lanes
        .iter()
        .map(|lane| {
            let label = lane.engine.info().label;
            match lane.guide {
                Some(_) => format!("{label} with the net"),
                None => label.to_string(),
            }
        })
        .collect();
    Some(format!(
        "{}: {} racing",
        crate::solver::EngineChoice::Portfolio.info().label,
        engines.join(" and ")
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::problem::fixtures::bent_three_live;
    use crate::solver::{SolveConfig, Solver};

    #[test]
    fn thousands_separators() {
        assert_eq!(thousands(0), "0");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(1234), "1,234");
        assert_eq!(thousands(1234567), "1,234,567");
    }

    #[test]
    fn the_verdict_of_a_proof_names_move_and_figures() {
        let p = bent_three_live().validate().unwrap();
        let s = Solver::new(&p, SolveConfig::default()).solve();
        let v = verdict(&p, &s, How::Plain, 1);
        assert!(v.starts_with("White lives: first move "), "{v}");
        assert!(!v.contains("Proof: "), "the figures are details: {v}");
        let d = details(&s, 1);
        assert!(d.contains("Proof: ") && d.contains("relevance zone"), "{d}");
        let f = finish(
            vec![
                (p.flipped(), s.clone(), How::Plain),
                (p.clone(), s, How::Plain),
            ],
            &[],
            3,
        );
        assert_eq!(f.revision, 3);
    }

    #[test]
    fn the_portfolios_lanes_are_named_by_the_registry() {
        use crate::solver::engines::portfolio;
        use crate::solver::knowledge::guide::{GuideHandle, HeuristicGuide};
        assert_eq!(racing_words(&[SolveConfig::default()]), None);
        let heuristic = portfolio::lanes(&SolveConfig::default(), None);
        assert_eq!(
            racing_words(&heuristic).as_deref(),
            Some("portfolio: df-pn and MCTS racing")
        );
        let guided = portfolio::lanes(
            &SolveConfig::default(),
            Some(GuideHandle::new(HeuristicGuide)),
        );
        assert_eq!(
            racing_words(&guided).as_deref(),
            Some("portfolio: df-pn and MCTS with the net racing")
        );
    }

    #[test]
    fn players_alternate() {
        let line = with_players(Color::White, &[Move::Pass, Move::Pass, Move::Pass]);
        let colors: Vec<Color> = line.iter().map(|(c, _)| *c).collect();
        assert_eq!(colors, [Color::White, Color::Black, Color::White]);
    }
}
