//! Training samples taken from the product's own proofs.
//!
//! A proof tree of a claim (OR player P, goal G) gives, at every inner node:
//! - the position and the side to move;
//! - the policy target: at an OR node P's proven winning move; at an AND node the opponent's
//!   most stubborn reply (the child whose proof is longest; a null move only when it is the
//!   only child);
//! - the Faster-to-Life labels of the claim: P reaches the goal within d moves for every
//!   d ≥ the proof's length below the node (its longest line), not for smaller d. The proof is
//!   not always the shortest, so labels below its length are what this proof shows, as the
//!   paper's self-play labels are what one game showed;
//! - the same position seen from the opponent's claim (goal `G.opposite()`), which fails: no d
//!   wins, with the same policy target.
//!
//! Samples are written one JSON object per line ([`write_samples`], [`read_samples`]).

use std::io::{BufRead, Write};

use serde::{Deserialize, Serialize};

use super::features::{encode, Crop, Position, NUM_PLANES};
use crate::go::{Board, ByColor, Color, Move, Point, Zone};
use crate::problem::{Goal, Problem};
use crate::solver::{ProofNode, ProofTree, Role};

/// One position with its targets.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Sample {
    pub size: usize,
    pub black: Zone,
    pub white: Zone,
    pub to_move: Color,
    pub or_player: Color,
    pub goal: Goal,
    pub region: Zone,
    pub crucial: Zone,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ko: Option<Point>,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub after_pass: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_move: Option<Point>,
    /// The policy target.
    pub target: Option<Move>,
    /// The OR player wins within this many moves; `None`: it does not win.
    pub dist: Option<u32>,
}

impl Sample {
    /// The board of the sample (stones only; the ko point is in [`Sample::ko`]).
    pub fn board(&self) -> Board {
        Board::with_stones(self.size, &self.black, &self.white)
    }

    /// The crop the net sees this sample through.
    pub fn crop(&self) -> Crop {
        Crop::around(self.size, &self.region)
    }

    /// Encodes the planes into `out` (`NUM_PLANES * crop.cells()` floats).
    pub fn encode(&self, crop: &Crop, out: &mut [f32]) {
        let board = self.board();
        let pos = Position {
            board: &board,
            to_move: self.to_move,
            or_player: self.or_player,
            goal: self.goal,
            region: &self.region,
            crucial: &self.crucial,
            after_pass: self.after_pass,
            last_move: self.last_move,
            ko: self.ko,
        };
        encode(&pos, crop, out);
    }

    /// The policy index of the target over `crop` (`None`: no target, or a point off the crop).
    pub fn target_index(&self, crop: &Crop) -> Option<usize> {
        match self.target? {
            Move::Pass => Some(crop.cells()),
            Move::Play(p) => crop.cell_of(p),
        }
    }

    /// The d-win labels for d = 1..=`horizon`.
    pub fn dwin_labels(&self, horizon: usize) -> Vec<f32> {
        (1..=horizon)
            .map(|d| match self.dist {
                Some(dist) if d as u32 >= dist => 1.0,
                _ => 0.0,
            })
            .collect()
    }
}

/// The floats one sample's planes take over `crop`.
pub fn planes_len(crop: &Crop) -> usize {
    NUM_PLANES * crop.cells()
}

/// Samples from the proof of `problem`'s claim, at most `limit` (spread evenly over the proof's
/// inner nodes in their depth-first order, so a huge proof does not dominate the data).
pub fn harvest(problem: &Problem, proof: &ProofTree, limit: usize) -> Vec<Sample> {
    let mut all = Vec::new();
    let mut board = problem.board().clone();
    let mut walk = Walk {
        problem,
        proof,
        out: &mut all,
    };
    walk.node(&proof.root, &mut board, None);
    if all.len() <= 2 * limit {
        return all;
    }
    // Keep pairs (claim, opposite claim) together.
    let pairs = all.len() / 2;
    let keep = limit.max(1);
    let mut out = Vec::with_capacity(2 * keep);
    for i in 0..keep {
        let j = i * pairs / keep;
        out.push(all[2 * j].clone());
        out.push(all[2 * j + 1].clone());
    }
    out
}

struct Walk<'a> {
    problem: &'a Problem,
    proof: &'a ProofTree,
    out: &'a mut Vec<Sample>,
}

impl Walk<'_> {
    fn node(&mut self, node: &ProofNode, board: &mut Board, last: Option<Move>) {
        if node.children.is_empty() || !matches!(node.role, Role::Or | Role::And) {
            return;
        }
        let target = match node.role {
            Role::Or => node.children[0].mv,
            _ => stubborn_reply(node),
        };
        let dist = node.depth() as u32;
        let sample = Sample {
            size: board.size(),
            black: board.stones(Color::Black),
            white: board.stones(Color::White),
            to_move: node.to_move,
            or_player: self.proof.or_player,
            goal: self.proof.goal,
            region: self.problem.region(),
            crucial: self.problem.crucial(),
            ko: board.ko_point_for(node.to_move),
            after_pass: last == Some(Move::Pass),
            last_move: last.and_then(Move::point),
            target,
            dist: Some(dist),
        };
        let opposite = Sample {
            or_player: sample.or_player.opponent(),
            goal: sample.goal.opposite(),
            dist: None,
            ..sample.clone()
        };
        self.out.push(sample);
        self.out.push(opposite);
        for child in &node.children {
            let Some(mv) = child.mv else { continue };
            let Some(player) = child.player else { continue };
            board.play_recorded_lifting_ko(player, mv);
            self.node(child, board, Some(mv));
            board.undo();
        }
    }
}

/// The AND player's most stubborn reply: the child with the longest proof, real moves before
/// null moves.
fn stubborn_reply(node: &ProofNode) -> Option<Move> {
    node.children
        .iter()
        .max_by_key(|c| (!c.null_move, c.depth()))
        .and_then(|c| c.mv)
}

/// Writes samples as JSON lines.
pub fn write_samples(samples: &[Sample], mut out: impl Write) -> std::io::Result<()> {
    for s in samples {
        serde_json::to_writer(&mut out, s)?;
        out.write_all(b"\n")?;
    }
    out.flush()
}

/// Reads samples written by [`write_samples`]; an error names the line.
pub fn read_samples(input: impl BufRead) -> Result<Vec<Sample>, String> {
    let mut out = Vec::new();
    for (i, line) in input.lines().enumerate() {
        let line = line.map_err(|e| format!("line {}: {e}", i + 1))?;
        if line.trim().is_empty() {
            continue;
        }
        out.push(serde_json::from_str(&line).map_err(|e| format!("line {}: {e}", i + 1))?);
    }
    Ok(out)
}

/// The stones of both colours (for tests and generators).
pub fn stones_of(board: &Board) -> ByColor<Zone> {
    ByColor::new(board.stones(Color::Black), board.stones(Color::White))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::problem::fixtures;
    use crate::solver::{Engine, SolveConfig, Solver, Status};

    #[test]
    fn a_proof_gives_paired_samples_with_consistent_targets() {
        let problem = fixtures::bent_three_live().validate().expect("valid");
        let config = SolveConfig {
            engine: Engine::DFPN,
            ..SolveConfig::default()
        };
        let solution = Solver::new(&problem, config).solve();
        assert_eq!(solution.status, Status::Win);
        let proof = solution.proof.expect("a proof");
        let samples = harvest(&problem, &proof, 1000);
        assert!(samples.len() >= 2 && samples.len().is_multiple_of(2));
        let root = &samples[0];
        assert_eq!(root.to_move, problem.to_move());
        assert_eq!(root.target, proof.first_move());
        assert_eq!(root.dist, Some(proof.root.depth() as u32));
        for pair in samples.chunks(2) {
            assert_eq!(pair[0].or_player, proof.or_player);
            assert_eq!(pair[1].or_player, proof.or_player.opponent());
            assert_eq!(pair[1].goal, proof.goal.opposite());
            assert_eq!(pair[1].dist, None);
            assert_eq!(pair[0].target, pair[1].target);
            let labels = pair[0].dwin_labels(30);
            let dist = pair[0].dist.expect("a win") as usize;
            assert!(labels[..dist - 1].iter().all(|&l| l == 0.0));
            assert!(labels[dist - 1..].iter().all(|&l| l == 1.0));
            assert!(pair[1].dwin_labels(30).iter().all(|&l| l == 0.0));
            // Every target is a legal move of the side to move.
            if let Some(Move::Play(p)) = pair[0].target {
                assert!(pair[0].board().is_empty(p));
            }
            let board = pair[0].board();
            assert_eq!(board.stones(Color::Black), pair[0].black);
            assert_eq!(board.stones(Color::White), pair[0].white);
            board.check_invariants().expect("a consistent board");
        }
        let mut bytes = Vec::new();
        write_samples(&samples, &mut bytes).expect("write");
        let back = read_samples(bytes.as_slice()).expect("read");
        assert_eq!(back, samples);
        let limited = harvest(&problem, &proof, 1);
        assert_eq!(limited.len(), 2);
    }

    #[test]
    fn bad_lines_are_reported_with_their_number() {
        let err = read_samples("\n{\"size\":".as_bytes()).expect_err("truncated");
        assert!(err.starts_with("line 2:"), "{err}");
    }
}
