//! Every first move judged (the problem author's check): each legal first move of the player to
//! move, pass included, is played and the position after it solved, so the result says which
//! moves work, which fail (with the opponent's checked refutation), which lead to seki or ko, and
//! which stay unknown within the limits.
//!
//! The claim judged is the one of the player to move ([`judged_claim`]): for "Black to live" it
//! is Black's `live`, for "Black to kill" Black's `kill`. After a first move `m` the position is
//! a problem of its own (the problem with `m` appended to its setup moves, the opponent to move);
//! the solve service ([`crate::solver::jobs::service`], a request per position) decides its
//! claim (seki, ko and unconditional life as for any problem), checks what it reports (the
//! proof that `m` works, or for a failure the opponent's proof after `m`: the refutation) and
//! writes the reproduction file of a rejected proof, as for any solve. All positions are solved
//! with one [`TablePool`], so what one move's search proved is a table hit for the next.
//!
//! A pass is judged like a move, except when two passes in a row lose for the player to move:
//! then the opponent passes back and the pass fails without a search.
//!
//! The judgement is data (results, the analyses and their proofs, why a move needed no
//! search); the report layer words it (`report::first_moves`).

use crate::go::Move;
use crate::problem::{AnswerTree, Problem, SetupMove, ValidationErrors};
use crate::solver::jobs::analysis::{Analysis, How, ProgressFn};
use crate::solver::jobs::go_result::{GoResult, Life};
use crate::solver::jobs::service::{certify_reported, search, ReproFile, SolveRequest};
use crate::solver::kernel::rules::Rules;
use crate::solver::kernel::search::Status;
use crate::solver::kernel::table_pool::TablePool;
use crate::solver::proof::ProofTree;
use serde::Serialize;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// What a first move does for the player who plays it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum MoveResult {
    /// The player reaches its goal (for a defender: lives unconditionally, or with seki counted
    /// when unconditional life was not decided).
    Works,
    /// The result is seki: a success for a defender, a failure for an attacker.
    Seki,
    /// The player reaches its goal only by ko (or the move is itself a ko capture that works).
    Ko,
    /// The player does not reach its goal.
    Fails,
    /// Not decided within the limits.
    Unknown,
}

impl MoveResult {
    /// Does the result reach the player's goal (seki counting for a defender)?
    pub fn is_solution(self, defends: bool) -> bool {
        match self {
            MoveResult::Works => true,
            MoveResult::Seki => defends,
            _ => false,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            MoveResult::Works => "works",
            MoveResult::Seki => "seki",
            MoveResult::Ko => "ko",
            MoveResult::Fails => "fails",
            MoveResult::Unknown => "unknown",
        }
    }
}

/// Why a first move was decided without a search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WithoutSearch {
    /// A pass when two passes in a row lose for the player: the opponent passes back and the
    /// game ends (the move fails).
    PassedBack,
    /// The move captured every crucial stone (only the attacker can: the move works for it,
    /// fails for a defender).
    CapturesEveryCrucialStone,
    /// The position after the move is not a problem (the move is unknown).
    NotAProblem(ValidationErrors),
}

/// One first move and its result.
#[derive(Clone, Debug)]
pub struct JudgedMove {
    pub mv: Move,
    pub result: MoveResult,
    /// Why the move was decided without a search; `None` when it was searched (then
    /// [`JudgedMove::after`] and [`JudgedMove::analysis`] are there).
    pub without_search: Option<WithoutSearch>,
    /// The claim after the move (the judged claim, the opponent to move); `None` when the move
    /// was decided without a search.
    pub after: Option<Problem>,
    /// The deciding analysis (its check included): of `after`'s claim, or when `by_opposite`
    /// of the opponent's strong claim after the move
    /// ([`crate::solver::jobs::schedule::strong_opposite`]), whose win refutes the move.
    pub analysis: Option<Analysis>,
    pub by_opposite: bool,
    /// The reproduction file written when the checker rejected what the analysis reports.
    pub repro: ReproFile,
    pub nodes: u64,
    pub elapsed: Duration,
}

impl JudgedMove {
    /// Does the move reach the player's goal (seki counting for a defender)?
    pub fn is_solution(&self, defends: bool) -> bool {
        self.result.is_solution(defends)
    }

    /// The proof that the move works: the claim after the move and its checked proof.
    pub fn proof(&self) -> Option<(&Problem, &ProofTree)> {
        let a = self.analysis.as_ref()?;
        if self.by_opposite || a.solution.status != Status::Win {
            return None;
        }
        Some((&a.claim, a.solution.proof.as_ref()?))
    }

    /// The refutation of a failing move: the opponent's claim after the move and its checked
    /// proof.
    pub fn refutation(&self) -> Option<(&Problem, &ProofTree)> {
        refutation_of(self.analysis.as_ref()?, self.by_opposite)
    }

    /// Was what the result rests on accepted by the independent checker? (`false` also for
    /// unchecked and unknown results.)
    pub fn checked(&self) -> bool {
        match &self.analysis {
            None => self.result != MoveResult::Unknown,
            Some(a) => a.check.as_ref().is_some_and(|c| c.verdict.accepted()),
        }
    }
}

/// Every first move of a problem, judged.
#[derive(Clone, Debug)]
pub struct FirstMoves {
    /// The claim judged: the player to move is its OR player.
    pub claim: Problem,
    /// In order: the region's points row by row, then the pass.
    pub moves: Vec<JudgedMove>,
    pub nodes: u64,
    pub elapsed: Duration,
    /// Stopped before every move was judged (the moves not reached are missing).
    pub stopped: bool,
}

impl FirstMoves {
    /// The moves that reach the goal ([`JudgedMove::is_solution`]).
    pub fn solutions(&self) -> Vec<Move> {
        let defends = self.claim.goal().or_defends();
        self.moves
            .iter()
            .filter(|m| m.is_solution(defends))
            .map(|m| m.mv)
            .collect()
    }

    /// The moves with result `r`.
    pub fn with_result(&self, r: MoveResult) -> Vec<Move> {
        self.moves
            .iter()
            .filter(|m| m.result == r)
            .map(|m| m.mv)
            .collect()
    }
}

/// The claim of the player to move: the problem's claim when its OR player is to move, else
/// the opposite claim.
pub fn judged_claim(problem: &Problem) -> Problem {
    if problem.or_player() == problem.to_move() {
        problem.clone()
    } else {
        problem.flipped()
    }
}

/// The legal first moves of the player to move: the region's empty points where a play is
/// legal (Go's rules: no suicide, no retaking a ko at once), row by row, then the pass.
pub fn first_moves(problem: &Problem) -> Vec<Move> {
    let board = problem.board();
    let c = problem.to_move();
    let region = problem.region_empty_points();
    let mut moves: Vec<Move> = board
        .legal_moves(c, Some(&region))
        .into_iter()
        .map(Move::Play)
        .collect();
    moves.push(Move::Pass);
    moves
}

/// The problem after `problem`'s player to move plays `mv`: the move appended to the setup, the
/// opponent to move, no expected result or answer, the crucial stones the move captured left
/// out.
pub fn after_move(problem: &Problem, mv: Move) -> Result<Problem, ValidationErrors> {
    let mover = problem.to_move();
    let mut setup = problem.to_setup();
    setup.moves.push(SetupMove::new(mover, mv));
    setup.to_move = Some(mover.opponent());
    setup.expected = None;
    setup.expected_way = None;
    setup.answer = AnswerTree::default();
    let mut board = problem.board().clone();
    if board.play(mover, mv).is_ok() {
        setup.crucial = setup
            .crucial
            .intersection(&board.stones(problem.defender()));
    }
    setup.validate()
}

/// Judge every first move of `problem`'s player to move (see the module documentation): the
/// position after each is solved as `run` asks (its first lane's engine and limits, the limits
/// applying to each move; its widths, check and reproduction files; `run`'s own claim is not
/// read). `on_move` receives each judged move with the number judged so far and the total;
/// `progress` the searches' progress events. Stops early when `stop` is set.
pub fn judge_first_moves(
    problem: &Problem,
    run: &SolveRequest,
    stop: Arc<AtomicBool>,
    mut progress: Option<ProgressFn<'_>>,
    on_move: &mut dyn FnMut(&JudgedMove, usize, usize),
) -> FirstMoves {
    let start = Instant::now();
    let claim = judged_claim(problem);
    let moves = first_moves(&claim);
    let total = moves.len();
    let mut pool = TablePool::new();
    let mut judged = Vec::with_capacity(total);
    let mut nodes = 0;
    let mut stopped = false;
    for mv in moves {
        if stop.load(Ordering::Relaxed) {
            stopped = true;
            break;
        }
        let j = judge_one(
            &claim,
            mv,
            run,
            &stop,
            progress.as_mut().map(|f| &mut **f as ProgressFn<'_>),
            &mut pool,
        );
        nodes += j.nodes;
        judged.push(j);
        if let Some(j) = judged.last() {
            on_move(j, judged.len(), total);
        }
    }
    FirstMoves {
        claim,
        moves: judged,
        nodes,
        elapsed: start.elapsed(),
        stopped,
    }
}

/// Judge one first move of `claim` (whose OR player is to move).
fn judge_one(
    claim: &Problem,
    mv: Move,
    run: &SolveRequest,
    stop: &Arc<AtomicBool>,
    progress: Option<ProgressFn<'_>>,
    pool: &mut TablePool,
) -> JudgedMove {
    let start = Instant::now();
    let me = claim.or_player();
    let without_search = |result, why: WithoutSearch| JudgedMove {
        mv,
        result,
        without_search: Some(why),
        after: None,
        analysis: None,
        by_opposite: false,
        repro: None,
        nodes: 0,
        elapsed: start.elapsed(),
    };
    if mv == Move::Pass
        && !Rules::new(claim, run.config().superko).or_wins_two_passes(claim.board())
    {
        return without_search(MoveResult::Fails, WithoutSearch::PassedBack);
    }
    let mut board = claim.board().clone();
    let played = board.play(me, mv).is_ok();
    let crucial_left = claim
        .crucial()
        .intersection(&board.stones(claim.defender()));
    if played && claim.goal().needs_crucial_stones() && crucial_left.is_empty() {
        // The move captured every crucial stone (only the attacker can). Checked before the
        // position after it is built: a problem without crucial stones does not validate.
        let result = if claim.goal().or_defends() {
            MoveResult::Fails
        } else {
            MoveResult::Works
        };
        return without_search(result, WithoutSearch::CapturesEveryCrucialStone);
    }
    let ko_capture = mv != Move::Pass && played && board.ko().is_some();
    let after = match after_move(claim, mv) {
        Ok(p) => p,
        Err(e) => return without_search(MoveResult::Unknown, WithoutSearch::NotAProblem(e)),
    };
    // A `live`/`kill` position has one Go result whichever claim is analysed (its analysis
    // searches the opponent's claim itself when it needs to); the research goals analyse the
    // player's claim and the opponent's strong claim.
    let go_goal = claim.goal().is_go_life();
    let request = SolveRequest {
        lanes: vec![run.config().clone()],
        strong_opposite: !go_goal,
        ..run.of_claim(after.clone())
    };
    let mut analysis = search(&request, Arc::clone(stop), pool, progress);
    // The research goals' analyses keep their claim's OR player: the other one means the
    // opponent's strong claim decided.
    let by_opposite = request.strong_opposite && analysis.claim.or_player() != after.or_player();
    let repro = certify_reported(&request, &mut analysis, Some(Arc::clone(stop)));
    let defends = claim.goal().or_defends();
    // An attacker's move refuted by the defender's life in seki, as the refutation's own
    // analysis says when it was searched as a claim. A certificate's proof that ends in seki
    // says nothing of the kind (the defender may also live unconditionally): a plain failure.
    let seki_refutation = !defends && by_opposite && analysis.how == How::Seki;
    let result = match analysis.go {
        Some(go) => go_move_result(go, defends, ko_capture),
        None if go_goal => MoveResult::Unknown,
        None => research_move_result(&analysis, by_opposite, seki_refutation, ko_capture),
    };
    JudgedMove {
        mv,
        result,
        without_search: None,
        nodes: analysis.nodes,
        after: Some(after),
        analysis: Some(analysis),
        by_opposite,
        repro,
        elapsed: start.elapsed(),
    }
}

/// A judged move's result from the Go result of the position after it, for the player who made
/// it (`defends`: the defender); a move that takes a ko and wins is `ko`, as for the research
/// goals.
fn go_move_result(go: GoResult, defends: bool, ko_capture: bool) -> MoveResult {
    match (go, defends) {
        (GoResult::KillsByKo | GoResult::LivesByKo, _) => MoveResult::Ko,
        (GoResult::Kills, true) => MoveResult::Fails,
        (GoResult::Lives { life: Life::Seki }, _) => MoveResult::Seki,
        (GoResult::Lives { .. }, false) => MoveResult::Fails,
        (GoResult::Kills, false) | (GoResult::Lives { .. }, true) if ko_capture => MoveResult::Ko,
        (GoResult::Kills, false) | (GoResult::Lives { .. }, true) => MoveResult::Works,
    }
}

/// A judged move's result for the research goals: from the analysis of the player's claim or
/// (`by_opposite`) the opponent's strong claim.
fn research_move_result(
    analysis: &Analysis,
    by_opposite: bool,
    seki_refutation: bool,
    ko_capture: bool,
) -> MoveResult {
    match (by_opposite, analysis.how, analysis.solution.status) {
        (_, How::Ko { .. }, _) => MoveResult::Ko,
        (_, How::KoUnknown, _) | (_, _, Status::Unknown) => MoveResult::Unknown,
        (false, How::Seki, Status::Win) => MoveResult::Seki,
        (false, _, Status::Win) if ko_capture => MoveResult::Ko,
        (false, _, Status::Win) => MoveResult::Works,
        (true, _, Status::Win) | (false, _, Status::Fail) if seki_refutation => MoveResult::Seki,
        (true, _, Status::Win) | (false, _, Status::Fail) => MoveResult::Fails,
        (true, _, Status::Fail) => MoveResult::Unknown,
    }
}

/// The refutation in a move's deciding analysis: its own proof when it is the opponent's claim
/// (`by_opposite`), else the certificate of its failure.
fn refutation_of(analysis: &Analysis, by_opposite: bool) -> Option<(&Problem, &ProofTree)> {
    if by_opposite {
        return Some((&analysis.claim, analysis.solution.proof.as_ref()?));
    }
    let (claim, proof) = analysis.check.as_ref()?.refutation.as_deref()?;
    Some((claim, proof))
}

/// Every first move of `problem` judged as the CLI and the studio judge it (one table pool for
/// the job, the automatic width, every decided move checked with the default settings), within
/// `max_nodes` nodes per move: the set-up of the crate's unit tests (the integration tests have
/// theirs in `tests/it/judging`).
#[cfg(test)]
pub(crate) fn judge_for_tests(problem: &Problem, max_nodes: u64) -> FirstMoves {
    let config = crate::solver::SolveConfig {
        max_nodes: Some(max_nodes),
        ..crate::solver::SolveConfig::default()
    };
    let run = SolveRequest::new(
        problem.clone(),
        config,
        crate::solver::jobs::schedule::Width::Auto,
        crate::solver::proof::certify::CheckSettings::default(),
        crate::solver::jobs::service::ReproTarget::in_temp_dir("tests"),
    );
    judge_first_moves(problem, &run, Arc::default(), None, &mut |_, _, _| {})
}
