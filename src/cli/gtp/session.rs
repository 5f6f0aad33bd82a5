//! The GTP engine's state between commands — the position, komi, the search settings, the
//! last search (for the graphics commands) — and the one way every command searches:
//! [`Session::search`], a request of the one solve service with the engine's settings, the
//! proof checked, live graphics written while it runs.

use super::gfx::LiveGfx;
use super::position::Position;
use crate::cli::checking::CheckArgs;
use crate::cli::engine::SearchArgs;
use crate::go::Color;
use crate::problem::{infer_setup, Problem};
use crate::solver::jobs::analysis::Analysis;
use crate::solver::jobs::schedule::Width;
use crate::solver::jobs::service::{solve, SolveEvent, SolveRequest};
use crate::solver::kernel::progress::Progress;
use crate::solver::kernel::table_pool::TablePool;
use crate::solver::proof::certify::CheckVerdict;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

/// Seconds a search gets when the command line sets no limit.
pub const DEFAULT_SECS: f64 = 10.0;

/// A search and what it was about.
#[derive(Clone)]
pub struct Searched {
    pub claim: Problem,
    pub analysis: Analysis,
    /// The last progress the search reported (the must-play region, the root moves).
    pub progress: Option<Progress>,
}

impl Searched {
    /// The checker rejected the proof (a solver bug): nothing of it may be reported as proven.
    pub fn rejected(&self) -> bool {
        self.analysis
            .check
            .as_ref()
            .is_some_and(|c| c.verdict == CheckVerdict::Failed)
    }
}

/// The engine's state.
pub struct Session {
    pub position: Position,
    pub komi: f64,
    /// The search options (`solve`'s: engine, limits, ko rules, tables).
    pub search: SearchArgs,
    pub check: CheckArgs,
    /// Live graphics on standard error while searching (GoGui's `gogui-gfx:` lines).
    pub live_gfx: LiveGfx,
    /// The last search of the position as it is now (cleared by every change of position).
    pub last: Option<Searched>,
    /// The position's stones and side to move when `last` was searched.
    last_key: Option<u64>,
    pool: TablePool,
    /// `quit` was asked.
    pub quitting: bool,
}

/// Solve `request`, a search of `claim`, through the one solve service (the proof checked):
/// `on_progress` sees each progress event, and the last one is kept with the analysis.
pub fn run_search(
    claim: &Problem,
    request: &SolveRequest,
    stop: Arc<AtomicBool>,
    pool: &mut TablePool,
    on_progress: &mut dyn FnMut(&Progress),
) -> Searched {
    let mut progress = None;
    let solved = solve(request, stop, pool, &mut |event| {
        if let SolveEvent::Progress(p) = event {
            on_progress(p);
            progress = Some(p.clone());
        }
    });
    Searched {
        claim: claim.clone(),
        analysis: solved.analysis,
        progress,
    }
}

impl Session {
    /// A session on an empty 19x19 board with these options; with no time or node limit given,
    /// each search gets [`DEFAULT_SECS`].
    pub fn new(mut search: SearchArgs, check: CheckArgs, live_gfx: bool) -> Session {
        if search.time_limit_secs.is_none() && search.max_nodes.is_none() {
            search.time_limit_secs = Some(DEFAULT_SECS);
        }
        Session {
            position: Position::empty(19),
            komi: 0.0,
            search,
            check,
            live_gfx: LiveGfx::new(live_gfx),
            last: None,
            last_key: None,
            pool: TablePool::new(),
            quitting: false,
        }
    }

    /// The problem the position poses with `to_move` to play, as `solve` reads a file: the
    /// markup of the file or of `tsumego_set`, else inferred. `None` asks for the claim as the
    /// markup states it (a file's own claim); a colour asks for that side's claim, moving
    /// first (the defender's when it owns the target, else the attacker's).
    pub fn problem(&self, to_move: Option<Color>) -> Result<Problem, String> {
        let side = to_move.unwrap_or_else(|| self.position.to_play());
        let setup = self.position.setup(side);
        let loaded = infer_setup(setup).map_err(|e| e.to_string())?;
        let problem = self.search.goal_of(loaded.problem);
        Ok(match to_move {
            None => problem,
            Some(c) => problem.claim(c == problem.defender()),
        })
    }

    /// Search `claim` with the engine's settings, check what it reports, and keep it as the
    /// last search of the position.
    pub fn search(&mut self, claim: &Problem) -> Searched {
        self.search_within(claim, None)
    }

    /// [`Session::search`] with the time limit at most `limit` (`None`: the engine's own).
    pub fn search_within(&mut self, claim: &Problem, limit: Option<Duration>) -> Searched {
        let request = self.request(claim).within(limit);
        let live = &mut self.live_gfx;
        let searched = run_search(claim, &request, Arc::default(), &mut self.pool, &mut |p| {
            live.progress(p, claim.or_player(), claim.size())
        });
        self.live_gfx.clear();
        self.remember(&searched);
        searched
    }

    /// The solve request of `claim` with the engine's settings.
    pub fn request(&self, claim: &Problem) -> SolveRequest {
        self.search.request(claim, Width::Auto, &self.check, None)
    }

    /// Keep `searched` as the last search of the position as it is now.
    pub fn remember(&mut self, searched: &Searched) {
        self.last = Some(searched.clone());
        self.last_key = Some(self.key());
    }

    /// The last search, when the position has not changed since.
    pub fn last_search(&self) -> Option<&Searched> {
        self.last
            .as_ref()
            .filter(|_| self.last_key == Some(self.key()))
    }

    fn key(&self) -> u64 {
        let board = self.position.board();
        board.position_hash(self.position.to_play()) ^ (board.size() as u64).rotate_left(7)
    }
}
