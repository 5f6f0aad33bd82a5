//! The net as a [`Guide`]: an inference service on its own threads.
//!
//! Search threads call [`NetGuide`] (it is `Sync`); misses in its cache are encoded
//! ([`super::features`]) and sent over a channel, one message per batch and input side, to the
//! service's workers. Each worker owns one copy of the [`Net`] (libtorch runs one forward on
//! one intra-op thread, so two workers on two cores evaluate two batches at the same time),
//! takes a message and whatever else is waiting (up to [`MAX_BATCH`] positions, of one input
//! side per forward), evaluates them with gradients off and answers each. A batch can be sent
//! and its answer read later ([`Guide::submit_batch`]), so a search can prepare its next batch
//! while the last one is evaluated. Evaluations are cached by position (stones, side to move,
//! claim, ko, last move, region), so a transposition or a second visit costs a hash lookup.
//! The policy becomes priors by a softmax over the query's moves and pass only; the d-win heads
//! are passed on as they are.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;

use crossbeam_channel::{bounded, unbounded, Receiver, Sender};

use super::features::{encode, Crop, Position, NUM_PLANES};
use super::net::Net;
use crate::go::{Move, Point};
use crate::solver::knowledge::guide::{Guidance, Guide, GuideQuery, PendingGuidance};

/// Most positions evaluated in one forward (a message larger than this is evaluated whole).
pub const MAX_BATCH: usize = 32;
/// Cache entries kept before the cache is cleared.
const CACHE_LIMIT: usize = 1 << 18;

/// How much MCTS trusts the net's d-win estimate as a leaf's value ([`Guide::value_weight`]):
/// none. The nets so far learn their d-win heads from the positions of proofs, the winner's
/// good lines only, so they rate almost every position of a research problem as won within
/// the horizon (0.95–0.99 along the whole search of 19x19 #83) and steer MCTS into long lines
/// its prior already likes. Measured on the 19x19 research set (`BENCHMARKS.md`, "the net's
/// value left out"): without the value MCTS proves more problems in fewer nodes. The priors
/// are used as before.
pub const NET_VALUE_WEIGHT: f64 = 0.0;

/// One evaluation: policy logits over the crop's cells and pass, d-win rates.
#[derive(Debug)]
struct Output {
    crop: Crop,
    policy: Vec<f32>,
    dwin: Vec<f32>,
}

/// One evaluation from the net: the policy logits and the d-win rates.
type Evaluation = (Vec<f32>, Vec<f32>);

/// Where a message's evaluations come back (or the reason they do not).
type Answer = Receiver<Result<Vec<Evaluation>, String>>;

/// The cache of evaluations, by [`position_key`].
type Cache = Mutex<HashMap<u64, Arc<Output>>>;

/// Positions of one input side, evaluated together.
struct Request {
    side: usize,
    count: usize,
    /// `count` encoded positions, one after the other.
    planes: Vec<f32>,
    reply: Sender<Result<Vec<Evaluation>, String>>,
}

/// The net behind a channel, with a cache of evaluations.
pub struct NetGuide {
    name: String,
    requests: Mutex<Option<Sender<Request>>>,
    cache: Arc<Cache>,
    workers: Mutex<Vec<JoinHandle<()>>>,
    /// How many workers were started (each evaluates one batch at a time).
    parallel: usize,
    /// The first error of the service (evaluations after it fall back to uniform priors).
    failure: Arc<Mutex<Option<String>>>,
}

impl NetGuide {
    /// Starts one service thread per net of `nets` (copies of one net; at least one);
    /// `name` names the guide in reports.
    pub fn start(nets: Vec<Net>, name: String) -> NetGuide {
        let (tx, rx) = unbounded::<Request>();
        let workers: Vec<JoinHandle<()>> = nets
            .into_iter()
            .enumerate()
            .filter_map(|(i, net)| {
                let rx = rx.clone();
                std::thread::Builder::new()
                    .name(format!("net inference {i}"))
                    .spawn(move || serve(net, rx))
                    .ok()
            })
            .collect();
        NetGuide {
            name,
            requests: Mutex::new(Some(tx)),
            cache: Arc::new(Mutex::new(HashMap::new())),
            parallel: workers.len().max(1),
            workers: Mutex::new(workers),
            failure: Arc::new(Mutex::new(None)),
        }
    }

    /// The first error the service met, if any.
    pub fn failure(&self) -> Option<String> {
        self.failure.lock().map(|f| f.clone()).unwrap_or(None)
    }

    /// Looks the queries up in the cache and sends the others to the workers (one message per
    /// input side); the answers are read by [`Pending::collect`].
    fn send(&self, queries: &[GuideQuery<'_>]) -> Pending {
        let keys: Vec<u64> = queries.iter().map(position_key).collect();
        let found: Vec<Option<Arc<Output>>> = {
            let cache = self.cache.lock().unwrap_or_else(|e| e.into_inner());
            keys.iter().map(|k| cache.get(k).cloned()).collect()
        };
        let mut pending = Pending {
            keys,
            found,
            waiting: Vec::new(),
            cache: self.cache.clone(),
            failure: self.failure.clone(),
        };
        let sender = self.requests.lock().ok().and_then(|s| s.as_ref().cloned());
        let Some(sender) = sender else {
            return pending;
        };
        // The misses, grouped by input side (one solve's queries share one crop).
        let mut groups: Vec<(usize, Vec<(usize, Crop)>)> = Vec::new();
        for (i, q) in queries.iter().enumerate() {
            if pending.found[i].is_some() {
                continue;
            }
            let crop = Crop::around(q.board.size(), q.region);
            match groups.iter_mut().find(|(side, _)| *side == crop.side) {
                Some((_, members)) => members.push((i, crop)),
                None => groups.push((crop.side, vec![(i, crop)])),
            }
        }
        for (side, members) in groups {
            let cells = NUM_PLANES * side * side;
            let mut planes = vec![0.0f32; cells * members.len()];
            for (slot, (i, crop)) in planes.chunks_mut(cells).zip(&members) {
                encode(&position_of(&queries[*i]), crop, slot);
            }
            let (reply, answer) = bounded(1);
            let request = Request {
                side,
                count: members.len(),
                planes,
                reply,
            };
            if sender.send(request).is_err() {
                fail(&self.failure, "the inference thread has stopped".into());
                break;
            }
            pending.waiting.push((members, answer));
        }
        pending
    }
}

/// A batch sent to the workers: what the cache held, and the answers to wait for.
struct Pending {
    keys: Vec<u64>,
    found: Vec<Option<Arc<Output>>>,
    /// Per message: the queries it holds (index and crop) and its answer.
    waiting: Vec<(Vec<(usize, Crop)>, Answer)>,
    cache: Arc<Cache>,
    failure: Arc<Mutex<Option<String>>>,
}

impl Pending {
    /// Waits for every answer, caches them; `None` for a query the net did not answer.
    fn collect(mut self) -> Vec<Option<Arc<Output>>> {
        let waiting = std::mem::take(&mut self.waiting);
        let mut answers = Vec::with_capacity(waiting.len());
        for (members, answer) in waiting {
            match answer.recv() {
                Ok(Ok(evaluations)) if evaluations.len() == members.len() => {
                    answers.push((members, evaluations))
                }
                Ok(Ok(_)) => fail(&self.failure, "the net answered a batch short".into()),
                Ok(Err(e)) => fail(&self.failure, e),
                Err(_) => fail(&self.failure, "the inference thread has stopped".into()),
            }
        }
        let mut cache = self.cache.lock().unwrap_or_else(|e| e.into_inner());
        if cache.len() > CACHE_LIMIT {
            cache.clear();
        }
        for (members, evaluations) in answers {
            for ((i, crop), (policy, dwin)) in members.into_iter().zip(evaluations) {
                let out = Arc::new(Output { crop, policy, dwin });
                cache.insert(self.keys[i], out.clone());
                self.found[i] = Some(out);
            }
        }
        drop(cache);
        self.found
    }
}

/// A batch sent by [`Guide::submit_batch`]: its answers and each query's moves (the priors
/// are over these; the queries themselves are gone by the time it is read).
struct Submitted {
    pending: Pending,
    moves: Vec<Vec<Point>>,
}

impl PendingGuidance for Submitted {
    fn wait(self: Box<Self>) -> Vec<Guidance> {
        let Submitted { pending, moves } = *self;
        moves
            .iter()
            .zip(pending.collect())
            .map(|(moves, out)| guidance_or_uniform(moves, out))
            .collect()
    }
}

/// The priors of the net's answer over `moves`, uniform ones when the net did not answer.
fn guidance_or_uniform(moves: &[Point], out: Option<Arc<Output>>) -> Guidance {
    match out {
        Some(out) => guidance(moves, &out),
        None => uniform(moves.len()),
    }
}

fn fail(failure: &Mutex<Option<String>>, message: String) {
    if let Ok(mut f) = failure.lock() {
        f.get_or_insert(message);
    }
}

impl Drop for NetGuide {
    fn drop(&mut self) {
        if let Ok(mut sender) = self.requests.lock() {
            sender.take();
        }
        let workers = self
            .workers
            .lock()
            .map(|mut w| std::mem::take(&mut *w))
            .unwrap_or_default();
        for worker in workers {
            let _ = worker.join();
        }
    }
}

fn position_of<'a>(q: &GuideQuery<'a>) -> Position<'a> {
    Position {
        board: q.board,
        to_move: q.to_move,
        or_player: q.or_player,
        goal: q.goal,
        region: q.region,
        crucial: q.crucial,
        after_pass: q.after_pass,
        last_move: q.last_move,
        ko: q.board.ko_point_for(q.to_move),
    }
}

/// What the net's answer depends on, hashed.
fn position_key(q: &GuideQuery<'_>) -> u64 {
    let mut h = q.board.hash();
    let mut mix = |v: u64| {
        h ^= v
            .wrapping_add(0x9E37_79B9_7F4A_7C15)
            .wrapping_add(h << 6)
            .wrapping_add(h >> 2);
    };
    mix(q.to_move as u64);
    mix(q.or_player as u64 + 7);
    mix(q.goal as u64 + 13);
    mix(u64::from(q.after_pass) + 29);
    mix(point_code(q.board.ko_point_for(q.to_move)));
    mix(point_code(q.last_move) << 16);
    for w in q.region.words() {
        mix(*w);
    }
    for w in q.crucial.words() {
        mix(w.rotate_left(17));
    }
    h
}

fn point_code(p: Option<Point>) -> u64 {
    p.map_or(0xFFFF, |p| p.index() as u64)
}

/// A worker's loop: waits for a message, takes every message already waiting (up to
/// [`MAX_BATCH`] positions), evaluates them by input side, answers each message.
fn serve(net: Net, requests: Receiver<Request>) {
    let planes = net.spec().input_planes as usize;
    let d_len = net.spec().dwin_heads as usize;
    while let Ok(first) = requests.recv() {
        let mut positions = first.count;
        let mut pending = vec![first];
        while positions < MAX_BATCH {
            match requests.try_recv() {
                Ok(r) => {
                    positions += r.count;
                    pending.push(r);
                }
                Err(_) => break,
            }
        }
        let mut sides: Vec<usize> = pending.iter().map(|r| r.side).collect();
        sides.sort_unstable();
        sides.dedup();
        for side in sides {
            let group: Vec<&Request> = pending.iter().filter(|r| r.side == side).collect();
            let count: usize = group.iter().map(|r| r.count).sum();
            let mut input = Vec::with_capacity(count * planes * side * side);
            for r in &group {
                input.extend_from_slice(&r.planes);
            }
            let s = side as u32;
            match net.forward(count as u32, s, s, &input) {
                Ok(out) => {
                    let p_len = side * side + 1;
                    let mut at = 0;
                    for r in &group {
                        let answers = (at..at + r.count)
                            .map(|i| {
                                (
                                    out.policy[i * p_len..(i + 1) * p_len].to_vec(),
                                    out.dwin[i * d_len..(i + 1) * d_len].to_vec(),
                                )
                            })
                            .collect();
                        at += r.count;
                        let _ = r.reply.send(Ok(answers));
                    }
                }
                Err(e) => {
                    for r in &group {
                        let _ = r.reply.send(Err(format!("net evaluation failed: {e}")));
                    }
                }
            }
        }
    }
}

/// Priors over the query's moves and pass from the policy logits (a softmax over those only).
fn guidance(moves: &[Point], out: &Output) -> Guidance {
    let logit = |mv: Move| match mv {
        Move::Pass => out.policy[out.crop.cells()],
        Move::Play(p) => out
            .crop
            .cell_of(p)
            .map_or(f32::NEG_INFINITY, |c| out.policy[c]),
    };
    let logits: Vec<f32> = moves.iter().map(|&p| logit(Move::Play(p))).collect();
    let pass_logit = logit(Move::Pass);
    let top = logits.iter().copied().fold(pass_logit, f32::max);
    let mut priors: Vec<f32> = logits.iter().map(|l| (l - top).exp()).collect();
    let mut pass = (pass_logit - top).exp();
    let total = priors.iter().sum::<f32>() + pass;
    priors.iter_mut().for_each(|p| *p /= total);
    pass /= total;
    // Monotone in d, as the rates mean "within d".
    let mut dwin = out.dwin.clone();
    for d in 1..dwin.len() {
        dwin[d] = dwin[d].max(dwin[d - 1]);
    }
    Guidance { priors, pass, dwin }
}

/// Equal priors over `moves` plays and pass, no d-win estimate.
fn uniform(moves: usize) -> Guidance {
    let n = moves as f32 + 1.0;
    Guidance {
        priors: vec![1.0 / n; moves],
        pass: 1.0 / n,
        dwin: Vec::new(),
    }
}

impl Guide for NetGuide {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn guide(&self, query: &GuideQuery<'_>) -> Guidance {
        self.guide_batch(std::slice::from_ref(query))
            .pop()
            .unwrap_or_else(|| uniform(query.moves.len()))
    }

    fn guide_batch(&self, queries: &[GuideQuery<'_>]) -> Vec<Guidance> {
        queries
            .iter()
            .zip(self.send(queries).collect())
            .map(|(q, out)| guidance_or_uniform(q.moves, out))
            .collect()
    }

    fn submit_batch(&self, queries: &[GuideQuery<'_>]) -> Box<dyn PendingGuidance> {
        Box::new(Submitted {
            pending: self.send(queries),
            moves: queries.iter().map(|q| q.moves.to_vec()).collect(),
        })
    }

    fn parallel_batches(&self) -> usize {
        self.parallel
    }

    fn has_value(&self) -> bool {
        true
    }

    fn value_weight(&self) -> f64 {
        NET_VALUE_WEIGHT
    }
}
