//! What the net says about the position on the board: its policy over the moves (drawn as a heat
//! map, [`super::scene::Scene::heat`]) and its d-win estimate (a line under the board). Plain
//! data and one worker thread, no egui.
//!
//! The GUI never waits for the net: [`NetView::ask`] sends the shown position to a worker
//! thread that asks the guide (a net call takes a few milliseconds, the first one longer) and
//! sends the answer back, then wakes the window; the frame takes it with [`NetView::poll`]. Only
//! the latest position asked counts (the worker skips positions already replaced), and the last
//! answer is kept by the [`PositionKey`] of its position, so the net is asked again only when
//! the shown position changes. The board shows an answer only for the position it shows: none
//! for the frame or two the worker takes.

use crate::go::{Board, Color, Move, Point, Zone};
use crate::problem::{Goal, Problem};
use crate::solver::knowledge::guide::{Guidance, GuideHandle, GuideQuery};
use crossbeam_channel::{bounded, unbounded, Receiver, Sender};
use std::thread::JoinHandle;

/// The move counts the d-win line gives (the RZS paper's FTL horizon is 30).
pub const DWIN_SHOWN: [u32; 4] = [5, 10, 20, 30];

/// A position as the net is asked about it (owned, so it can go to the worker).
#[derive(Clone, Debug)]
pub struct NetPosition {
    pub board: Board,
    pub to_move: Color,
    /// The claim the d-win rates are about (the open problem's).
    pub or_player: Color,
    pub goal: Goal,
    pub region: Zone,
    pub crucial: Zone,
    pub after_pass: bool,
    pub last_move: Option<Point>,
    /// The plays the policy is read for: the legal plays of `to_move` in the region.
    pub moves: Vec<Point>,
}

impl NetPosition {
    /// `board` reached from `problem`'s position by `line`, with `to_move` to play, about
    /// `problem`'s claim.
    pub fn new(
        problem: &Problem,
        board: Board,
        to_move: Color,
        line: &[(Color, Move)],
    ) -> NetPosition {
        let region = problem.region();
        let moves = board.legal_moves(to_move, Some(&region));
        let last = line.last().map(|&(_, m)| m);
        NetPosition {
            to_move,
            or_player: problem.or_player(),
            goal: problem.goal(),
            region,
            crucial: problem.crucial(),
            after_pass: last == Some(Move::Pass),
            last_move: last.and_then(Move::point),
            moves,
            board,
        }
    }

    /// What the net's answer depends on.
    pub fn key(&self) -> PositionKey {
        PositionKey {
            size: self.board.size(),
            position: self.board.position_hash(self.to_move),
            to_move: self.to_move,
            or_player: self.or_player,
            goal: self.goal,
            region: self.region,
            crucial: self.crucial,
            after_pass: self.after_pass,
            last_move: self.last_move,
        }
    }

    pub fn query(&self) -> GuideQuery<'_> {
        GuideQuery {
            board: &self.board,
            to_move: self.to_move,
            or_player: self.or_player,
            goal: self.goal,
            region: &self.region,
            crucial: &self.crucial,
            after_pass: self.after_pass,
            last_move: self.last_move,
            moves: &self.moves,
            scores: None,
        }
    }
}

/// The key an answer is kept under: everything a net's evaluation depends on (the stones, side
/// to move and ko point through their Zobrist hash, the board's size, the claim, the region, the
/// crucial points and the previous move). Equal keys, equal answers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PositionKey {
    size: usize,
    /// [`Board::position_hash`]: stones, side to move, ko point.
    position: u64,
    to_move: Color,
    or_player: Color,
    goal: Goal,
    region: Zone,
    crucial: Zone,
    after_pass: bool,
    last_move: Option<Point>,
}

/// The net's answer for one position.
#[derive(Clone, Debug, PartialEq)]
pub struct NetAnswer {
    pub key: PositionKey,
    /// The prior of each play of [`NetPosition::moves`] (they and `pass` sum to one).
    pub heat: Vec<(Point, f32)>,
    pub pass: f32,
    /// `dwin[d-1]`: P(the OR player reaches its goal within d moves); empty without an
    /// estimate.
    pub dwin: Vec<f32>,
    pub or_player: Color,
    pub goal: Goal,
}

impl NetAnswer {
    pub fn new(position: &NetPosition, guidance: Guidance) -> NetAnswer {
        NetAnswer {
            key: position.key(),
            heat: position
                .moves
                .iter()
                .copied()
                .zip(guidance.priors.iter().copied())
                .collect(),
            pass: guidance.pass,
            dwin: guidance.dwin,
            or_player: position.or_player,
            goal: position.goal,
        }
    }

    /// "Net: P(White kills within 5/10/20/30 moves) = 0.12 / 0.30 / 0.55 / 0.61".
    pub fn dwin_line(&self) -> String {
        let within = Guidance {
            priors: Vec::new(),
            pass: self.pass,
            dwin: self.dwin.clone(),
        };
        let counts: Vec<String> = DWIN_SHOWN.iter().map(u32::to_string).collect();
        let rates: Option<Vec<String>> = DWIN_SHOWN
            .iter()
            .map(|&d| within.win_within(d).map(|p| format!("{p:.2}")))
            .collect();
        match rates {
            Some(rates) => format!(
                "Net: P({} {} within {} moves) = {}",
                self.or_player,
                self.goal.verb(),
                counts.join("/"),
                rates.join(" / ")
            ),
            None => "Net: this guide gives no d-win estimate".to_string(),
        }
    }
}

/// The thread that asks the guide, and the channels to it.
struct Worker {
    guide: GuideHandle,
    requests: Option<Sender<NetPosition>>,
    answers: Option<Receiver<NetAnswer>>,
    thread: Option<JoinHandle<()>>,
}

impl Worker {
    fn start(guide: GuideHandle, wake: impl Fn() + Send + 'static) -> Result<Worker, String> {
        let (requests, inbox) = unbounded::<NetPosition>();
        // A few answers may wait for the frame that takes them; the worker waits beyond that.
        let (outbox, answers) = bounded::<NetAnswer>(4);
        let serving = guide.clone();
        let thread = std::thread::Builder::new()
            .name("net-view".into())
            .spawn(move || {
                while let Ok(mut position) = inbox.recv() {
                    // Only the latest position counts.
                    while let Ok(newer) = inbox.try_recv() {
                        position = newer;
                    }
                    let guidance = serving.guide().guide(&position.query());
                    if outbox.send(NetAnswer::new(&position, guidance)).is_err() {
                        break;
                    }
                    wake();
                }
            })
            .map_err(|e| format!("could not start the net's view thread: {e}"))?;
        Ok(Worker {
            guide,
            requests: Some(requests),
            answers: Some(answers),
            thread: Some(thread),
        })
    }
}

impl Drop for Worker {
    /// Closes both channels (the worker stops after the evaluation in hand) and joins it.
    fn drop(&mut self) {
        self.requests.take();
        self.answers.take();
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

/// The net's view of the shown position: the worker, what was asked last and the last answer.
#[derive(Default)]
pub struct NetView {
    worker: Option<Worker>,
    asked: Option<PositionKey>,
    last: Option<NetAnswer>,
}

impl NetView {
    /// Asks `guide` about `position` unless it is the position asked last (of the same guide).
    /// `wake` repaints the window when an answer is ready.
    pub fn ask(
        &mut self,
        guide: &GuideHandle,
        position: NetPosition,
        wake: impl Fn() + Send + 'static,
    ) -> Result<(), String> {
        if self.worker.as_ref().is_none_or(|w| &w.guide != guide) {
            // Another guide: nothing of the last one's answers holds.
            *self = NetView {
                worker: Some(Worker::start(guide.clone(), wake)?),
                asked: None,
                last: None,
            };
        }
        let key = position.key();
        if self.asked == Some(key) {
            return Ok(());
        }
        let sent = self
            .worker
            .as_ref()
            .and_then(|w| w.requests.as_ref())
            .is_some_and(|r| r.send(position).is_ok());
        if !sent {
            self.worker = None;
            return Err("the net's view thread has stopped".to_string());
        }
        self.asked = Some(key);
        Ok(())
    }

    /// Takes the answers that have come (the newest is kept); whether there was one.
    pub fn poll(&mut self) -> bool {
        let Some(answers) = self.worker.as_ref().and_then(|w| w.answers.as_ref()) else {
            return false;
        };
        let mut got = false;
        while let Ok(answer) = answers.try_recv() {
            self.last = Some(answer);
            got = true;
        }
        got
    }

    /// The answer for the position of `key`, if it has come.
    pub fn answer(&self, key: &PositionKey) -> Option<&NetAnswer> {
        self.last.as_ref().filter(|a| &a.key == key)
    }

    /// The position asked last, whose answer has not come yet.
    pub fn waiting(&self) -> bool {
        self.asked.is_some() && self.asked != self.last.as_ref().map(|a| a.key)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::problem::fixtures;
    use crate::solver::knowledge::guide::{Guide, HeuristicGuide};
    use std::time::{Duration, Instant};

    /// White's bent three in a corner, White to live (A5 B5 C5 empty).
    fn problem() -> Problem {
        fixtures::bent_three_live().validate().unwrap()
    }

    fn start(p: &Problem) -> NetPosition {
        NetPosition::new(p, p.board().clone(), p.to_move(), &[])
    }

    #[test]
    fn the_key_follows_the_position_and_nothing_else() {
        let p = problem();
        let a = start(&p);
        assert_eq!(a.key(), start(&p).key(), "the same position, the same key");
        let mv = a.moves[0];
        let mut board = p.board().clone();
        board.play(p.to_move(), Move::Play(mv)).unwrap();
        let line = [(p.to_move(), Move::Play(mv))];
        let after = NetPosition::new(&p, board.clone(), p.to_move().opponent(), &line);
        assert_ne!(after.key(), a.key(), "another position");
        assert_eq!(after.last_move, Some(mv));
        assert!(!after.moves.contains(&mv), "only the legal plays");
        // The same stones with the other side to move, or after a pass, are other positions.
        let other_side = NetPosition::new(&p, board.clone(), p.to_move(), &line);
        assert_ne!(other_side.key(), after.key());
        let pass = [(p.to_move(), Move::Pass)];
        let after_pass = NetPosition::new(&p, p.board().clone(), p.to_move(), &pass);
        assert!(after_pass.after_pass);
        assert_ne!(after_pass.key(), a.key());
        // The other claim of the same position is another question.
        let flipped = p.flipped();
        assert_ne!(start(&flipped).key(), a.key());
    }

    #[test]
    fn the_d_win_line_names_the_claim_and_reads_the_horizon() {
        let p = problem();
        let position = start(&p);
        let mut dwin: Vec<f32> = (1..=30).map(|d| d as f32 / 30.0).collect();
        dwin[4] = 0.125;
        let answer = NetAnswer::new(
            &position,
            Guidance {
                priors: vec![0.0; position.moves.len()],
                pass: 1.0,
                dwin,
            },
        );
        assert_eq!(
            answer.dwin_line(),
            format!(
                "Net: P({} {} within 5/10/20/30 moves) = 0.12 / 0.33 / 0.67 / 1.00",
                p.or_player(),
                p.goal().verb()
            )
        );
        assert_eq!(answer.heat.len(), position.moves.len());
        let heuristic = NetAnswer::new(&position, HeuristicGuide.guide(&position.query()));
        assert!(heuristic.dwin_line().contains("no d-win estimate"));
    }

    #[test]
    fn the_worker_answers_the_latest_position_once() {
        let p = problem();
        let guide = GuideHandle::new(HeuristicGuide);
        let mut view = NetView::default();
        let position = start(&p);
        let key = position.key();
        view.ask(&guide, position.clone(), || {}).unwrap();
        assert!(view.waiting());
        let began = Instant::now();
        while !view.poll() {
            assert!(began.elapsed() < Duration::from_secs(10), "no answer");
            std::thread::sleep(Duration::from_millis(1));
        }
        assert!(!view.waiting());
        let answer = view.answer(&key).unwrap();
        let priors: f32 = answer.heat.iter().map(|(_, v)| v).sum::<f32>() + answer.pass;
        assert!((priors - 1.0).abs() < 1e-5);
        // Asked again about the same position: nothing is sent.
        view.ask(&guide, position.clone(), || {}).unwrap();
        assert!(!view.waiting());
        // Another guide starts afresh.
        view.ask(&GuideHandle::new(HeuristicGuide), position, || {})
            .unwrap();
        assert!(view.waiting() && view.answer(&key).is_none());
    }
}
