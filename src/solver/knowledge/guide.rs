//! What guides a best-first search: a prior over the moves of a position and an estimate of
//! how soon the OR player reaches its goal ("Faster to Life" d-win rates, the RZS paper's FTL
//! heads). The solver knows only this trait; the net (`crate::nn`, a higher layer) implements
//! it, and [`HeuristicGuide`] (the Go heuristics of [`crate::solver::kernel::ordering`]) stands in when no net
//! is there.
//!
//! A guide never decides anything: priors order children and shape proof numbers, d-win rates
//! steer MCTS's value; every win is still proven by the goal test and the zones, and checked.

use std::fmt;
use std::sync::Arc;

use crate::go::{Board, Color, Point, Zone};
use crate::problem::Goal;
use crate::solver::kernel::ordering::{prior_crucial_blocks, score, OrderContext};

/// How many d-win rates a guide gives at most (d = 1..=30, as in the paper).
pub const DWIN_HORIZON: usize = 30;

/// One position a guide is asked about.
#[derive(Clone, Copy, Debug)]
pub struct GuideQuery<'a> {
    pub board: &'a Board,
    pub to_move: Color,
    /// The player whose goal the d-win rates are about.
    pub or_player: Color,
    pub goal: Goal,
    /// The points the search may play in.
    pub region: &'a Zone,
    /// The problem's crucial points (empty for the goals without crucial stones).
    pub crucial: &'a Zone,
    /// The previous move was a pass.
    pub after_pass: bool,
    /// The previous move's point, if it was a play.
    pub last_move: Option<Point>,
    /// The plays to give priors for (the candidates of the node, in any order).
    pub moves: &'a [Point],
    /// The search's ordering scores of `moves` ([`crate::solver::kernel::ordering::score`], one per move),
    /// when it has them already: the heuristic guide's priors are made of these scores, so it
    /// need not compute them again. A net ignores them.
    pub scores: Option<&'a [i32]>,
}

/// A guide's answer for one [`GuideQuery`].
#[derive(Clone, Debug, PartialEq)]
pub struct Guidance {
    /// One prior per query move, in the query's order; with `pass` they sum to 1.
    pub priors: Vec<f32>,
    /// The prior of passing.
    pub pass: f32,
    /// `dwin[d-1]`: the probability that the OR player reaches its goal within d more moves
    /// (non-decreasing in d); empty when the guide has no estimate.
    pub dwin: Vec<f32>,
}

impl Guidance {
    /// The estimated probability that the OR player wins within `plies` more moves (the last
    /// rate beyond the horizon); `None` without an estimate.
    pub fn win_within(&self, plies: u32) -> Option<f32> {
        let last = self.dwin.len().checked_sub(1)?;
        let d = (plies as usize).clamp(1, last + 1);
        Some(self.dwin[d - 1])
    }
}

/// A source of priors and d-win rates. Implementations must be cheap to share between the
/// threads of a solve.
pub trait Guide: Send + Sync {
    /// A short name for reports ("heuristic", "net 5x64 (weights/ftl-5x64.safetensors)").
    fn name(&self) -> String;

    /// The guidance for each query, in order. The default answers one at a time; a net
    /// evaluates the batch at once.
    fn guide_batch(&self, queries: &[GuideQuery<'_>]) -> Vec<Guidance> {
        queries.iter().map(|q| self.guide(q)).collect()
    }

    /// The guidance for one query.
    fn guide(&self, query: &GuideQuery<'_>) -> Guidance;

    /// Sends the batch and returns before its answers are there: the caller goes on with
    /// its search and reads them with [`PendingGuidance::wait`]. The default answers at once.
    fn submit_batch(&self, queries: &[GuideQuery<'_>]) -> Box<dyn PendingGuidance> {
        Box::new(Answered(self.guide_batch(queries)))
    }

    /// How many batches it evaluates at the same time (a net's inference workers): the
    /// batches a search may keep waiting and still keep every worker busy. 1 by default.
    fn parallel_batches(&self) -> usize {
        1
    }

    /// Whether [`Guidance::dwin`] carries estimates (a net) or is empty (the heuristic).
    fn has_value(&self) -> bool;

    /// How much MCTS lets this guide's estimate set an open leaf's value: the leaf is worth
    /// `NEUTRAL + w · (estimate − NEUTRAL)` (0: the proven outcomes alone steer the search,
    /// 1: the estimate as it is). 1 by default; [`crate::solver::SolveConfig::value_weight`]
    /// overrides it.
    fn value_weight(&self) -> f64 {
        1.0
    }

    /// Whether MCTS should gather leaves into batches for it (with virtual loss): worth it
    /// for a net, whose call costs the same for one position as for a few; not for a guide
    /// computed position by position.
    fn batches(&self) -> bool {
        self.has_value()
    }
}

/// A batch sent to a guide ([`Guide::submit_batch`]), answered later.
pub trait PendingGuidance: Send {
    /// The guidance for each query of the batch, in order (waits for it).
    fn wait(self: Box<Self>) -> Vec<Guidance>;
}

/// A batch answered at once (the default [`Guide::submit_batch`]).
struct Answered(Vec<Guidance>);

impl PendingGuidance for Answered {
    fn wait(self: Box<Self>) -> Vec<Guidance> {
        self.0
    }
}

/// A guide shared by a solve's configuration: compared by identity, shown by name.
#[derive(Clone)]
pub struct GuideHandle(pub Arc<dyn Guide>);

impl GuideHandle {
    pub fn new(guide: impl Guide + 'static) -> GuideHandle {
        GuideHandle(Arc::new(guide))
    }

    pub fn guide(&self) -> &dyn Guide {
        self.0.as_ref()
    }
}

impl PartialEq for GuideHandle {
    fn eq(&self, other: &GuideHandle) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }
}

impl fmt::Debug for GuideHandle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "GuideHandle({})", self.0.name())
    }
}

/// The Go heuristics of [`crate::solver::kernel::ordering`] as priors: a softmax of the ordering scores (pass
/// gets the score of an unremarkable move). No d-win estimate.
#[derive(Clone, Copy, Debug, Default)]
pub struct HeuristicGuide;

/// Ordering score points per unit of the softmax's exponent: a capture (~70) is about e^3.5
/// times as likely as a quiet move.
const SCORE_SCALE: f32 = 20.0;

impl Guide for HeuristicGuide {
    fn name(&self) -> String {
        "heuristic".to_string()
    }

    fn guide(&self, q: &GuideQuery<'_>) -> Guidance {
        let defender = q.goal.defender(q.or_player);
        let ctx = OrderContext {
            region: *q.region,
            crucial: prior_crucial_blocks(q.board, q.goal, defender, q.crucial),
            defender,
            last_move: q.last_move,
        };
        let scores: Vec<f32> = match q.scores.filter(|s| s.len() == q.moves.len()) {
            Some(known) => known.iter().map(|&s| s as f32 / SCORE_SCALE).collect(),
            None => q
                .moves
                .iter()
                .map(|&p| score(q.board, q.to_move, p, &ctx) as f32 / SCORE_SCALE)
                .collect(),
        };
        let pass_score = -1.0f32;
        let top = scores.iter().copied().fold(pass_score, f32::max);
        let mut priors: Vec<f32> = scores.iter().map(|s| (s - top).exp()).collect();
        let mut pass = (pass_score - top).exp();
        let total: f32 = priors.iter().sum::<f32>() + pass;
        priors.iter_mut().for_each(|p| *p /= total);
        pass /= total;
        Guidance {
            priors,
            pass,
            dwin: Vec::new(),
        }
    }

    fn has_value(&self) -> bool {
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn heuristic_priors_sum_to_one_and_favour_the_capture() {
        let board = Board::from_ascii(
            "
            . X O . .
            X O O X .
            . X X . .
            . . . . .
            . . . . .
        ",
        )
        .expect("diagram");
        let region = Zone::full(5);
        let crucial = board.stones(Color::White);
        let moves = board.legal_moves(Color::Black, None);
        let q = GuideQuery {
            board: &board,
            to_move: Color::Black,
            or_player: Color::Black,
            goal: Goal::Kill,
            region: &region,
            crucial: &crucial,
            after_pass: false,
            last_move: None,
            moves: &moves,
            scores: None,
        };
        let g = HeuristicGuide.guide(&q);
        let total: f32 = g.priors.iter().sum::<f32>() + g.pass;
        assert!((total - 1.0).abs() < 1e-5, "{total}");
        let capture = Point::new(3, 0);
        let best = moves
            .iter()
            .zip(&g.priors)
            .max_by(|a, b| a.1.total_cmp(b.1))
            .map(|(p, _)| *p);
        assert_eq!(best, Some(capture));
        assert!(g.dwin.is_empty() && g.win_within(5).is_none());
        assert!(!HeuristicGuide.has_value());
        // The search's own scores of the moves give the same priors; scores that do not fit
        // the moves are ignored.
        let ctx = OrderContext {
            region,
            crucial: prior_crucial_blocks(&board, Goal::Kill, Color::White, &crucial),
            defender: Color::White,
            last_move: None,
        };
        let scores: Vec<i32> = moves
            .iter()
            .map(|&p| score(&board, Color::Black, p, &ctx))
            .collect();
        let given = HeuristicGuide.guide(&GuideQuery {
            scores: Some(&scores),
            ..q
        });
        assert_eq!(given, g);
        let flat = vec![0; moves.len()];
        let flat_guidance = HeuristicGuide.guide(&GuideQuery {
            scores: Some(&flat),
            ..q
        });
        assert!((flat_guidance.priors[0] - flat_guidance.priors[1]).abs() < 1e-6);
        let wrong = HeuristicGuide.guide(&GuideQuery {
            scores: Some(&flat[1..]),
            ..q
        });
        assert_eq!(wrong, g);
    }

    #[test]
    fn win_within_clamps_to_the_horizon() {
        let g = Guidance {
            priors: vec![],
            pass: 1.0,
            dwin: vec![0.1, 0.2, 0.7],
        };
        assert_eq!(g.win_within(0), Some(0.1));
        assert_eq!(g.win_within(2), Some(0.2));
        assert_eq!(g.win_within(99), Some(0.7));
    }

    #[test]
    fn handles_compare_by_identity() {
        let a = GuideHandle::new(HeuristicGuide);
        let b = GuideHandle::new(HeuristicGuide);
        assert_eq!(a, a.clone());
        assert_ne!(a, b);
        assert_eq!(format!("{a:?}"), "GuideHandle(heuristic)");
    }
}
