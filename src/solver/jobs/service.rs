//! The one solve service: a [`SolveRequest`] (a claim, one engine or the portfolio's lanes,
//! the width, the check's bounds, where a reproduction file goes) answered by
//! [`solve`] with a stream of [`SolveEvent`]s (progress, searched, checked) and the final
//! [`Solved`]. The command line (`solve`, `bench`, `--all-moves`), the studio and the judging
//! of every first move ([`crate::solver::jobs::first_moves`]: a request per position after a
//! first move) build requests and read events; none of them runs the pipeline (analysis →
//! certification → reproduction file) itself.
//!
//! The two halves are also offered on their own, for edges that do something between them
//! (`solve --reduce-zones` replaces the proof by a smaller one before it is checked):
//! [`search`] and [`certify_reported`].
//!
//! **One certificate rule**: a failure's certificate (a proof of the opposite claim) is
//! searched at full width ([`certificate_config`]). A failure decided at a narrow width (one
//! whose OR nodes never had more moves than the width) has an opposite claim whose OR nodes
//! may, and a narrow search of it finds no win.

use crate::problem::Problem;
use crate::solver::jobs::analysis::Analysis;
use crate::solver::jobs::portfolio_race::search_portfolio;
use crate::solver::jobs::schedule::{analyse_claims, strong_opposite, Width};
use crate::solver::kernel::config::SolveConfig;
use crate::solver::kernel::progress::Progress;
use crate::solver::kernel::table_pool::TablePool;
use crate::solver::proof::certify::{certify, CheckSettings, Checked};
use crate::solver::proof::repro::save_rejected;
use std::path::PathBuf;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

/// Where the reproduction file of a proof the checker rejects is written, and what it says of
/// the run.
#[derive(Clone, Debug)]
pub struct ReproTarget {
    /// The folder of reproduction files.
    pub dir: PathBuf,
    /// The problem file the claim came from, if any.
    pub source: Option<PathBuf>,
    /// The settings of the run in words ([`SolveConfig::describe`]).
    pub settings: String,
}

impl ReproTarget {
    /// Reproduction files in the system's temporary folder, of a run described as `settings`
    /// and not read from a file.
    pub fn in_temp_dir(settings: impl Into<String>) -> ReproTarget {
        ReproTarget {
            dir: std::env::temp_dir(),
            source: None,
            settings: settings.into(),
        }
    }
}

/// The reproduction file written for a rejected proof: its path, or why it could not be
/// written; `None` when nothing was rejected.
pub type ReproFile = Option<Result<PathBuf, String>>;

/// What to solve and how.
#[derive(Clone)]
pub struct SolveRequest {
    /// The claim (a problem with its OR player and goal).
    pub claim: Problem,
    /// The searches raced on it: one engine's settings, or the portfolio's lanes
    /// ([`crate::solver::engines::portfolio::lanes()`], each with its engine and guide). The first lane's settings are the run's (its limits, its rules).
    pub lanes: Vec<SolveConfig>,
    /// The search widths.
    pub width: Width,
    /// Also search the opponent's strong claim ([`strong_opposite`]: its win is a plain
    /// failure of the claim, ko variants included), in turn with the claim, the first won
    /// deciding (the research goals' judging of a first move). The analysis's claim then says
    /// which one won. One lane only: a portfolio races the claim alone.
    pub strong_opposite: bool,
    /// The independent checker's bounds (`enabled: false`: reported unchecked).
    pub check: CheckSettings,
    pub repro: ReproTarget,
}

impl SolveRequest {
    /// A request searching `claim` with one engine's `config`.
    pub fn new(
        claim: Problem,
        config: SolveConfig,
        width: Width,
        check: CheckSettings,
        repro: ReproTarget,
    ) -> SolveRequest {
        SolveRequest {
            claim,
            lanes: vec![config],
            width,
            strong_opposite: false,
            check,
            repro,
        }
    }

    /// The same run (lanes, widths, check, reproduction files) asked of another claim.
    pub fn of_claim(&self, claim: Problem) -> SolveRequest {
        SolveRequest {
            claim,
            ..self.clone()
        }
    }

    /// The same run with every lane's time limit at most `limit` (`None`: unchanged).
    pub fn within(mut self, limit: Option<Duration>) -> SolveRequest {
        if let Some(limit) = limit {
            for lane in &mut self.lanes {
                lane.time_limit = Some(lane.time_limit.map_or(limit, |t| t.min(limit)));
            }
        }
        self
    }

    /// The run's settings (the first lane's).
    pub fn config(&self) -> &SolveConfig {
        &self.lanes[0]
    }
}

/// What a solve reports while it runs.
pub enum SolveEvent<'a> {
    /// A progress event of the search (one engine only; the portfolio's lanes report none).
    Progress(&'a Progress),
    /// The claim was decided or the search stopped: the analysis, before its check.
    Searched(&'a Analysis),
    /// The checker's verdict on what the analysis reports, and the reproduction file written
    /// when it rejected the proof.
    Checked(&'a Checked, &'a ReproFile),
}

/// The end of a solve: the analysis (its `check` set when something was checked) and the
/// reproduction file of a rejected proof.
pub struct Solved {
    pub analysis: Analysis,
    pub repro: ReproFile,
}

/// The settings a failure's certificate is searched with: the run's, at full width.
pub fn certificate_config(config: &SolveConfig) -> SolveConfig {
    SolveConfig {
        or_width: None,
        ..config.clone()
    }
}

/// Search the request's claim: its one engine with `pool`'s tables, or its lanes raced
/// ([`search_portfolio`]: the portfolio's lanes share a table of their own).
/// `stop` ends it with an unknown result.
pub fn search(
    request: &SolveRequest,
    stop: Arc<AtomicBool>,
    pool: &mut TablePool,
    on_progress: Option<&mut dyn FnMut(&Progress)>,
) -> Analysis {
    match request.lanes.as_slice() {
        [config] => {
            let mut claims = vec![request.claim.clone()];
            if request.strong_opposite {
                claims.push(strong_opposite(&request.claim));
            }
            let (_, analysis) =
                analyse_claims(&claims, config, request.width, stop, on_progress, pool);
            analysis
        }
        lanes => search_portfolio(&request.claim, lanes, request.width, &stop),
    }
}

/// Certify what `analysis` reports ([`certify`]: its proof, or a failure's certificate
/// searched with [`certificate_config`]) and write the reproduction file of a rejected proof.
/// `stop` ends the check.
pub fn certify_reported(
    request: &SolveRequest,
    analysis: &mut Analysis,
    stop: Option<Arc<AtomicBool>>,
) -> ReproFile {
    let config = certificate_config(request.config());
    certify(analysis, &config, &request.check, stop);
    save_reproduction(&request.repro, analysis)
}

/// When the checker rejected what `analysis` reports, its reproduction file written to
/// `target` ([`save_rejected`]).
pub fn save_reproduction(target: &ReproTarget, analysis: &Analysis) -> ReproFile {
    save_rejected(
        analysis,
        &target.dir,
        target.source.as_deref(),
        &target.settings,
    )
}

/// Search, report the analysis, certify it and report the check: the whole pipeline.
pub fn solve(
    request: &SolveRequest,
    stop: Arc<AtomicBool>,
    pool: &mut TablePool,
    on_event: &mut dyn FnMut(SolveEvent<'_>),
) -> Solved {
    let mut analysis = {
        let mut progress = |p: &Progress| on_event(SolveEvent::Progress(p));
        search(request, Arc::clone(&stop), pool, Some(&mut progress))
    };
    on_event(SolveEvent::Searched(&analysis));
    let repro = certify_reported(request, &mut analysis, Some(stop));
    if let Some(checked) = &analysis.check {
        on_event(SolveEvent::Checked(checked, &repro));
    }
    Solved { analysis, repro }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::problem::fixtures::bent_three_live;
    use crate::solver::kernel::search::Status;
    use crate::solver::proof::certify::CheckVerdict;

    fn request(claim: Problem, or_width: Option<usize>) -> SolveRequest {
        SolveRequest::new(
            claim,
            SolveConfig {
                or_width,
                ..SolveConfig::default()
            },
            Width::Full,
            CheckSettings::default(),
            ReproTarget::in_temp_dir("test"),
        )
    }

    #[test]
    fn a_failures_certificate_is_searched_at_full_width_whatever_the_run_width() {
        // A plain proven failure (Black cannot kill the 7x7 group moving first): its
        // certificate is a proof of the opposite claim, searched by the check. Asked with
        // width 1 and at full width, the same certificate search (at width 1 itself it takes
        // 188 nodes instead of 717: the narrow certificate the command line used to search).
        let file = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("problems/14-killall-7x7-black-first.sgf");
        let claim = crate::problem::load_inferring(&file).unwrap().problem;
        let full = request(claim.clone(), None);
        let narrow = request(claim, Some(1));
        let mut checks = Vec::new();
        for r in [&full, &narrow] {
            let mut analysis = search(r, Arc::default(), &mut TablePool::new(), None);
            assert_eq!(analysis.solution.status, Status::Fail);
            let repro = certify_reported(r, &mut analysis, None);
            assert!(repro.is_none());
            checks.push(analysis.check.unwrap());
        }
        assert_eq!(checks[0].verdict, CheckVerdict::Checked);
        assert!(checks[0].refutation_nodes > 0, "a certificate was searched");
        assert_eq!(checks[0].verdict, checks[1].verdict);
        assert_eq!(checks[0].refutation_nodes, checks[1].refutation_nodes);
    }

    #[test]
    fn solve_reports_searched_then_checked() {
        let r = request(bent_three_live().validate().unwrap(), None);
        let mut seen = Vec::new();
        let solved = solve(&r, Arc::default(), &mut TablePool::new(), &mut |e| {
            seen.push(match e {
                SolveEvent::Progress(_) => "progress",
                SolveEvent::Searched(_) => "searched",
                SolveEvent::Checked(..) => "checked",
            })
        });
        let tail: Vec<_> = seen.into_iter().filter(|e| *e != "progress").collect();
        assert_eq!(tail, ["searched", "checked"]);
        assert_eq!(
            solved.analysis.check.unwrap().verdict,
            CheckVerdict::Checked
        );
    }
}
