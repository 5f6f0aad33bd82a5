//! Writing a proof tree as SGF (the format is described in the parent module).

use super::compressed_list;
use crate::go::{Color, Zone};
use crate::problem::coords::{move_gtp, move_to_sgf};
use crate::problem::sgf_write::escape;
use crate::problem::{write_sgf_with, Goal, Outcome, Problem, SgfWriteOptions};
use crate::solver::proof::{LeafKind, ProofNode, ProofTree, Role};
use std::fmt::Write;

/// The problem followed by its proof, as SGF (see the module documentation of
/// [`crate::solver::proof::proof_sgf`]). `proof` must prove `problem`'s claim: the file keeps the
/// problem's size, goal and OR player, not the tree's. The problem's reference answer is not
/// written. A node's `player` is written as the mover of its move (when it is missing, the
/// opponent of the node's side to move); the proof root's move, if any, is not written.
pub fn proof_to_sgf(problem: &Problem, proof: &ProofTree) -> String {
    proof_to_sgf_with_note(problem, proof, None)
}

/// [`proof_to_sgf`] with `note` added to the proof root's comment, after the headline (a
/// reproduction file says there why the proof was rejected and how it was made).
pub fn proof_to_sgf_with_note(problem: &Problem, proof: &ProofTree, note: Option<&str>) -> String {
    debug_assert_eq!(
        (proof.size, proof.goal, proof.or_player),
        (problem.size(), problem.goal(), problem.or_player()),
        "the proof is not one of the problem's claim"
    );
    let options = SgfWriteOptions {
        private_properties: true,
        answers: false,
    };
    // The problem as proven: its OR player wins (whatever the file said, and also where the
    // analysis searched it under other ko rules than the file's, which drops the file's own).
    let proven = problem.clone().with_expected(Some(Outcome::Win));
    let problem_text = write_sgf_with(&proven, &options);
    // The problem's game tree ends with ")\n"; the proof goes in front of the closing parenthesis.
    let open = problem_text.trim_end();
    let mut out = open.strip_suffix(')').unwrap_or(open).to_string();
    let writer = Writer {
        size: problem.size(),
        or_player: problem.or_player(),
        whole_board: Zone::full(problem.size()),
        superko: proof.superko,
    };
    let mut headline = format!(
        "Proof that {} {} (goal {}): {} nodes, {} moves deep{}",
        problem.or_player(),
        achieves(problem.goal()),
        problem.goal(),
        proof.root.size(),
        proof.root.depth(),
        if proof.superko {
            ", positional superko"
        } else {
            ""
        }
    );
    if let Some(note) = note {
        headline.push('\n');
        headline.push_str(note);
    }
    out.push('\n');
    writer.node(&mut out, &proof.root, Some(&headline));
    out.push_str(")\n");
    out
}

/// "lives" / "kills" for the OR player of `goal`.
fn achieves(goal: Goal) -> &'static str {
    match goal {
        Goal::Live => "lives (seki counts)",
        Goal::LiveUca => "lives unconditionally",
        Goal::LiveAny => "lives (any group)",
        Goal::Kill => "kills",
        Goal::KillUca => "prevents unconditional life",
        Goal::KillAll => "kills everything",
        Goal::LiveAnySeki => "lives (any group, seki counts)",
        Goal::KillAllSeki => "captures everything",
        Goal::LiveAll => "keeps every block alive (seki counts)",
        Goal::LiveAllUca => "keeps every block unconditionally alive",
        Goal::KillAny => "captures a block",
        Goal::KillAnyUca => "prevents some block's unconditional life",
        Goal::OneEye => "makes an eye connected to every crucial stone",
        Goal::NoEye => "denies the eye (or captures a crucial stone)",
    }
}

/// What every node needs to know about the tree.
struct Writer {
    size: usize,
    or_player: Color,
    whole_board: Zone,
    /// Written as `TSSUPERKO[1]` on the proof root.
    superko: bool,
}

impl Writer {
    /// One node and its subtree. `headline` marks the proof root (no move is written for it).
    fn node(&self, out: &mut String, node: &ProofNode, headline: Option<&str>) {
        out.push(';');
        if headline.is_none() {
            if let Some(mv) = node.mv {
                let player = node.player.unwrap_or(node.to_move.opponent());
                let _ = write!(out, "{}[{}]", player.sgf_letter(), move_to_sgf(mv));
            }
        }
        let mut comment: Vec<String> = headline.map(str::to_string).into_iter().collect();
        comment.extend(self.null_move_line(node));
        comment.push(self.role_line(node));
        let _ = write!(out, "C[{}]", escape(&comment.join("\n")));
        if node.zone != self.whole_board {
            point_list(out, "SQ", &node.zone.difference(&node.must_play));
        }
        point_list(out, "SL", &node.must_play);
        let _ = write!(out, "TSROLE[{}]", role_name(node.role));
        compressed(out, "TSZONE", &node.zone);
        if node.role == Role::And || !node.must_play.is_empty() {
            compressed(out, "TSMUST", &node.must_play);
        }
        if node.null_move {
            out.push_str("TSNULL[1]");
        }
        if headline.is_some() && self.superko {
            out.push_str("TSSUPERKO[1]");
        }
        match node.children.as_slice() {
            [] => {}
            [only] => {
                out.push('\n');
                self.node(out, only, None);
            }
            children => {
                for child in children {
                    out.push_str("\n(");
                    self.node(out, child, None);
                    out.push(')');
                }
            }
        }
    }

    /// `Black D4: null move`, for a null-move node.
    fn null_move_line(&self, node: &ProofNode) -> Option<String> {
        if !node.null_move {
            return None;
        }
        let player = node.player.unwrap_or(node.to_move.opponent());
        let mv = node.mv.map_or("?".to_string(), |m| move_gtp(m, self.size));
        Some(format!("{player} {mv}: null move"))
    }

    /// The node's role in words, with its zone.
    fn role_line(&self, node: &ProofNode) -> String {
        let zone = self.zone_words(&node.zone);
        match node.role {
            Role::Or => match node.children.first().and_then(|c| c.mv) {
                Some(mv) => format!(
                    "OR: {} wins with {} ({zone})",
                    self.or_player,
                    move_gtp(mv, self.size)
                ),
                None => format!("OR: {} wins ({zone})", self.or_player),
            },
            Role::And => {
                let nulls: Vec<String> = node
                    .children
                    .iter()
                    .filter(|c| c.null_move)
                    .filter_map(|c| c.mv)
                    .map(|m| move_gtp(m, self.size))
                    .collect();
                let and = node.to_move;
                let nulls = match nulls.len() {
                    0 => "no null move".to_string(),
                    1 => format!(
                        "null move: {} (its answer covers every {and} move outside its zone)",
                        nulls[0]
                    ),
                    _ => format!(
                        "null moves: {} (each answer covers every {and} move outside its zone)",
                        nulls.join(", ")
                    ),
                };
                format!(
                    "AND: {and} to move; must-play region {}; {nulls}; {zone}",
                    points(node.must_play.len())
                )
            }
            Role::Leaf(kind) => {
                let why = match kind {
                    LeafKind::Alive => "alive (Benson)",
                    LeafKind::Captured => "all crucial stones captured",
                    LeafKind::TwoPasses => "two passes",
                    LeafKind::Seki => "seki (two passes, crucial stones on the board)",
                    LeafKind::StaticDead => {
                        "statically dead (small enclosed areas the attacker empties)"
                    }
                    LeafKind::Connected => "connected to unconditionally alive stones",
                    LeafKind::Linked => "alive by links (chains kept connected by miai)",
                    LeafKind::SekiArea => "seki (database), the enclosing block never falls",
                    LeafKind::Eye => "an eye connected to every crucial stone",
                    LeafKind::NoEyePossible => "no eye possible (safe stones deny every point)",
                };
                format!("Leaf: {why}; {zone}")
            }
        }
    }

    /// `zone 12 points` or `zone: whole board`.
    fn zone_words(&self, zone: &Zone) -> String {
        if *zone == self.whole_board {
            "zone: whole board".to_string()
        } else {
            format!("zone {}", points(zone.len()))
        }
    }
}

/// `1 point`, `3 points`.
fn points(n: usize) -> String {
    if n == 1 {
        "1 point".to_string()
    } else {
        format!("{n} points")
    }
}

/// The `TSROLE` value of a role.
pub(super) fn role_name(role: Role) -> &'static str {
    match role {
        Role::Or => "or",
        Role::And => "and",
        Role::Leaf(LeafKind::Alive) => "alive",
        Role::Leaf(LeafKind::Captured) => "captured",
        Role::Leaf(LeafKind::TwoPasses) => "two-passes",
        Role::Leaf(LeafKind::Seki) => "seki",
        Role::Leaf(LeafKind::StaticDead) => "static-dead",
        Role::Leaf(LeafKind::Connected) => "connected",
        Role::Leaf(LeafKind::Linked) => "linked",
        Role::Leaf(LeafKind::SekiArea) => "seki-area",
        Role::Leaf(LeafKind::Eye) => "eye",
        Role::Leaf(LeafKind::NoEyePossible) => "no-eye-possible",
    }
}

/// `ID[aa][bb]…`, one value per point, for a non-empty zone.
fn point_list(out: &mut String, ident: &str, zone: &Zone) {
    if zone.is_empty() {
        return;
    }
    out.push_str(ident);
    for p in zone.iter() {
        let _ = write!(out, "[{}]", p.to_sgf());
    }
}

/// `ID[..]` as a compressed point list.
fn compressed(out: &mut String, ident: &str, zone: &Zone) {
    out.push_str(ident);
    for v in compressed_list(zone) {
        let _ = write!(out, "[{v}]");
    }
}
