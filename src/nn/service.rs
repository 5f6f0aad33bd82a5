//! The net as a [`Guide`]: an inference service on its own thread.
//!
//! Search threads call [`NetGuide`] (it is `Sync`); misses in its cache are encoded
//! ([`super::features`]) and sent over a channel to the service thread, which owns the
//! [`Net`], gathers the requests waiting (up to [`MAX_BATCH`], of one input side per forward),
//! evaluates them with gradients off and answers each. Evaluations are cached by position
//! (stones, side to move, claim, ko, last move, region), so a transposition or a second visit
//! costs a hash lookup. The policy becomes priors by a softmax over the query's moves and pass
//! only; the d-win heads are passed on as they are.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;

use crossbeam_channel::{bounded, unbounded, Receiver, Sender};

use super::features::{encode, Crop, Position, NUM_PLANES};
use super::net::Net;
use crate::go::{Move, Point};
use crate::solver::knowledge::guide::{Guidance, Guide, GuideQuery};

/// Most positions evaluated in one forward.
pub const MAX_BATCH: usize = 32;
/// Cache entries kept before the cache is cleared.
const CACHE_LIMIT: usize = 1 << 18;

/// One evaluation: policy logits over the crop's cells and pass, d-win rates.
#[derive(Debug)]
struct Output {
    crop: Crop,
    policy: Vec<f32>,
    dwin: Vec<f32>,
}

/// One evaluation from the net: the policy logits and the d-win rates.
type Evaluation = (Vec<f32>, Vec<f32>);

struct Request {
    side: usize,
    planes: Vec<f32>,
    reply: Sender<Result<Evaluation, String>>,
}

/// The net behind a channel, with a cache of evaluations.
pub struct NetGuide {
    name: String,
    requests: Mutex<Option<Sender<Request>>>,
    cache: Mutex<HashMap<u64, Arc<Output>>>,
    worker: Mutex<Option<JoinHandle<()>>>,
    /// The first error of the service (evaluations after it fall back to uniform priors).
    failure: Mutex<Option<String>>,
}

impl NetGuide {
    /// Starts the service thread with `net`; `name` names the guide in reports.
    pub fn start(net: Net, name: String) -> NetGuide {
        let (tx, rx) = unbounded::<Request>();
        let worker = std::thread::Builder::new()
            .name("net inference".into())
            .spawn(move || serve(net, rx))
            .ok();
        NetGuide {
            name,
            requests: Mutex::new(Some(tx)),
            cache: Mutex::new(HashMap::new()),
            worker: Mutex::new(worker),
            failure: Mutex::new(None),
        }
    }

    /// The first error the service met, if any.
    pub fn failure(&self) -> Option<String> {
        self.failure.lock().map(|f| f.clone()).unwrap_or(None)
    }

    fn evaluate(&self, queries: &[GuideQuery<'_>]) -> Vec<Option<Arc<Output>>> {
        let keys: Vec<u64> = queries.iter().map(position_key).collect();
        let mut found: Vec<Option<Arc<Output>>> = {
            let cache = self.cache.lock().unwrap_or_else(|e| e.into_inner());
            keys.iter().map(|k| cache.get(k).cloned()).collect()
        };
        let sender = self.requests.lock().ok().and_then(|s| s.as_ref().cloned());
        let Some(sender) = sender else {
            return found;
        };
        let mut waiting = Vec::new();
        for (i, q) in queries.iter().enumerate() {
            if found[i].is_some() {
                continue;
            }
            let crop = Crop::around(q.board.size(), q.region);
            let mut planes = vec![0.0f32; NUM_PLANES * crop.cells()];
            encode(&position_of(q), &crop, &mut planes);
            let (reply, answer) = bounded(1);
            let request = Request {
                side: crop.side,
                planes,
                reply,
            };
            if sender.send(request).is_err() {
                self.fail("the inference thread has stopped".into());
                break;
            }
            waiting.push((i, crop, answer));
        }
        let mut cache = self.cache.lock().unwrap_or_else(|e| e.into_inner());
        if cache.len() > CACHE_LIMIT {
            cache.clear();
        }
        for (i, crop, answer) in waiting {
            match answer.recv() {
                Ok(Ok((policy, dwin))) => {
                    let out = Arc::new(Output { crop, policy, dwin });
                    cache.insert(keys[i], out.clone());
                    found[i] = Some(out);
                }
                Ok(Err(e)) => self.fail(e),
                Err(_) => self.fail("the inference thread has stopped".into()),
            }
        }
        found
    }

    fn fail(&self, message: String) {
        if let Ok(mut f) = self.failure.lock() {
            f.get_or_insert(message);
        }
    }
}

impl Drop for NetGuide {
    fn drop(&mut self) {
        if let Ok(mut sender) = self.requests.lock() {
            sender.take();
        }
        if let Some(worker) = self.worker.lock().ok().and_then(|mut w| w.take()) {
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

/// The service loop: waits for a request, takes every request already waiting (up to
/// [`MAX_BATCH`]), evaluates them by input side, answers.
fn serve(net: Net, requests: Receiver<Request>) {
    let planes = net.spec().input_planes as usize;
    while let Ok(first) = requests.recv() {
        let mut pending = vec![first];
        while pending.len() < MAX_BATCH {
            match requests.try_recv() {
                Ok(r) => pending.push(r),
                Err(_) => break,
            }
        }
        let mut sides: Vec<usize> = pending.iter().map(|r| r.side).collect();
        sides.sort_unstable();
        sides.dedup();
        for side in sides {
            let group: Vec<&Request> = pending.iter().filter(|r| r.side == side).collect();
            let mut input = Vec::with_capacity(group.len() * planes * side * side);
            for r in &group {
                input.extend_from_slice(&r.planes);
            }
            let s = side as u32;
            match net.forward(group.len() as u32, s, s, &input) {
                Ok(out) => {
                    let p_len = side * side + 1;
                    let d_len = net.spec().dwin_heads as usize;
                    for (i, r) in group.iter().enumerate() {
                        let _ = r.reply.send(Ok((
                            out.policy[i * p_len..(i + 1) * p_len].to_vec(),
                            out.dwin[i * d_len..(i + 1) * d_len].to_vec(),
                        )));
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
fn guidance(q: &GuideQuery<'_>, out: &Output) -> Guidance {
    let logit = |mv: Move| match mv {
        Move::Pass => out.policy[out.crop.cells()],
        Move::Play(p) => out
            .crop
            .cell_of(p)
            .map_or(f32::NEG_INFINITY, |c| out.policy[c]),
    };
    let logits: Vec<f32> = q.moves.iter().map(|&p| logit(Move::Play(p))).collect();
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

fn uniform(q: &GuideQuery<'_>) -> Guidance {
    let n = q.moves.len() as f32 + 1.0;
    Guidance {
        priors: vec![1.0 / n; q.moves.len()],
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
            .unwrap_or_else(|| uniform(query))
    }

    fn guide_batch(&self, queries: &[GuideQuery<'_>]) -> Vec<Guidance> {
        self.evaluate(queries)
            .into_iter()
            .zip(queries)
            .map(|(out, q)| match out {
                Some(out) => guidance(q, &out),
                None => uniform(q),
            })
            .collect()
    }

    fn has_value(&self) -> bool {
        true
    }
}
