//! Reading a problem with its proof tree from SGF (the format is described in the parent module).

use super::write::role_name;
use super::{parse_compressed_list, ProofSgfError, MAX_PROOF_DEPTH};
use crate::go::{Color, Move, Point, Zone};
use crate::problem::coords::move_gtp;
use crate::problem::{read_sgf, Problem, SgfError};
use crate::solver::proof::{LeafKind, ProofNode, ProofTree, Role};
use sgf_parse::go::{Move as SgfMove, Prop};
use sgf_parse::SgfNode;

type Node = SgfNode<Prop>;

/// Read a problem and the proof written by [`super::proof_to_sgf`] (the first game tree of the
/// text). Errors name the proof node by its line of moves from the proof root.
pub fn proof_from_sgf(text: &str) -> Result<(Problem, ProofTree), ProofSgfError> {
    let trees = sgf_parse::parse(text).map_err(|e| {
        // The problem reader locates syntax errors; it fails on the same text.
        ProofSgfError::NotSgf(match read_sgf(text) {
            Err(located) => located,
            Ok(_) => SgfError::Syntax(e.to_string()),
        })
    })?;
    let tree = trees
        .into_iter()
        .next()
        .ok_or_else(|| ProofSgfError::NotSgf(SgfError::Syntax("no game tree".to_string())))?;
    let mut root = tree
        .into_go_node()
        .map_err(|_| ProofSgfError::NotSgf(SgfError::NotGo))?;

    let path = find_proof_root(&root)?;
    let (proof_root, moves_before) =
        detach(&mut root, &path).ok_or_else(|| ProofSgfError::Inconsistent {
            place: "the proof root".to_string(),
            message: "the root node of the game tree, but it must follow the problem position"
                .to_string(),
        })?;
    if let Some(mv) = node_move(&proof_root, "the proof root")? {
        return Err(ProofSgfError::Inconsistent {
            place: "the proof root".to_string(),
            message: format!(
                "a move ({}[{}]), but the proof root must be a move-less node",
                mv.0.sgf_letter(),
                crate::problem::coords::move_to_sgf(mv.1)
            ),
        });
    }

    // The rest of the tree is the problem.
    let setup = read_sgf(&root.serialize()).map_err(ProofSgfError::Problem)?;
    if moves_before != setup.moves.len() {
        return Err(ProofSgfError::NotAtProblemPosition {
            found: moves_before,
            expected: setup.moves.len(),
        });
    }
    let problem = setup.validate().map_err(ProofSgfError::InvalidProblem)?;

    let reader = Reader {
        size: problem.size(),
        or_player: problem.or_player(),
    };
    let mut line = Vec::new();
    let root_node = reader.node(&proof_root, None, problem.to_move(), &mut line)?;
    let superko = reader.private(&proof_root, "the proof root")?.superko;
    let proof = ProofTree {
        size: problem.size(),
        goal: problem.goal(),
        or_player: problem.or_player(),
        superko,
        root: root_node,
    };
    Ok((problem, proof))
}

/// The child indices from the game tree's root to the proof root: the one node with `TSROLE`
/// whose parent has none.
fn find_proof_root(root: &Node) -> Result<Vec<usize>, ProofSgfError> {
    let mut found = Vec::new();
    // Iterative: the problem's main line may be long.
    let mut stack: Vec<(&Node, Vec<usize>)> = vec![(root, Vec::new())];
    while let Some((node, path)) = stack.pop() {
        if has_role(node) {
            found.push(path);
            continue;
        }
        for (i, child) in node.children.iter().enumerate().rev() {
            let mut p = path.clone();
            p.push(i);
            stack.push((child, p));
        }
    }
    match found.len() {
        0 => Err(ProofSgfError::NoProof),
        1 => Ok(found.swap_remove(0)),
        n => Err(ProofSgfError::SeveralProofs(n)),
    }
}

fn has_role(node: &Node) -> bool {
    node.properties
        .iter()
        .any(|p| matches!(p, Prop::Unknown(ident, _) if ident == "TSROLE"))
}

/// Remove the node at `path` from the tree; also count the moves of the nodes above it. `None`
/// when `path` is empty (the proof root would be the game tree's root).
fn detach(root: &mut Node, path: &[usize]) -> Option<(Node, usize)> {
    let (last, above) = path.split_last()?;
    let mut moves = 0;
    let mut node = root;
    for &i in above {
        moves += usize::from(node.get_move().is_some());
        node = node.children.get_mut(i)?;
    }
    moves += usize::from(node.get_move().is_some());
    if *last < node.children.len() {
        Some((node.children.remove(*last), moves))
    } else {
        None
    }
}

/// The `B`/`W` move of a node (`tt` is a pass, as in problem files).
fn node_move(node: &Node, place: &str) -> Result<Option<(Color, Move)>, ProofSgfError> {
    let mut found = None;
    for prop in &node.properties {
        let (color, mv) = match prop {
            Prop::B(mv) => (Color::Black, mv),
            Prop::W(mv) => (Color::White, mv),
            Prop::Invalid(ident, values) if ident == "B" || ident == "W" => {
                return Err(bad(
                    place,
                    ident,
                    values,
                    "a point on the board or an empty value",
                ))
            }
            _ => continue,
        };
        if found.is_some() {
            return Err(ProofSgfError::Inconsistent {
                place: place.to_string(),
                message: "a node with both a B and a W move".to_string(),
            });
        }
        let mv = match mv {
            SgfMove::Pass => Move::Pass,
            SgfMove::Move(p) if (p.x, p.y) == (19, 19) => Move::Pass,
            SgfMove::Move(p) => Move::Play(
                Point::try_new(p.x as usize, p.y as usize)
                    .ok_or_else(|| bad_move(place, color, p))?,
            ),
        };
        found = Some((color, mv));
    }
    Ok(found)
}

fn bad_move(place: &str, color: Color, p: &sgf_parse::go::Point) -> ProofSgfError {
    let letter = |v: u8| char::from_u32(u32::from(b'a') + u32::from(v)).unwrap_or('?');
    ProofSgfError::BadValue {
        place: place.to_string(),
        ident: color.sgf_letter().to_string(),
        value: format!("{}{}", letter(p.x), letter(p.y)),
        expected: "a point on the board or an empty value".to_string(),
    }
}

fn bad(place: &str, ident: &str, values: &[String], expected: impl Into<String>) -> ProofSgfError {
    ProofSgfError::BadValue {
        place: place.to_string(),
        ident: ident.to_string(),
        value: values.join("]["),
        expected: expected.into(),
    }
}

/// The private properties of one proof node.
#[derive(Default)]
struct Private {
    role: Option<Role>,
    zone: Option<Zone>,
    must_play: Option<Zone>,
    null_move: bool,
    /// `TSSUPERKO[1]` (the proof root only): the proof was made with positional superko.
    superko: bool,
}

/// What every node needs to know about the tree.
struct Reader {
    size: usize,
    or_player: Color,
}

impl Reader {
    /// Convert one proof node and its subtree. `mv` is the node's move (`None` at the root),
    /// `line` the moves from the proof root, for messages.
    fn node(
        &self,
        node: &Node,
        mv: Option<(Color, Move)>,
        to_move: Color,
        line: &mut Vec<String>,
    ) -> Result<ProofNode, ProofSgfError> {
        if line.len() > MAX_PROOF_DEPTH {
            return Err(ProofSgfError::TooDeep(MAX_PROOF_DEPTH));
        }
        let place = place(line);
        let private = self.private(node, &place)?;
        if private.superko && !line.is_empty() {
            return Err(ProofSgfError::Inconsistent {
                place,
                message: "TSSUPERKO is given below the proof root".to_string(),
            });
        }
        let role = private.role.ok_or_else(|| ProofSgfError::Missing {
            place: place.clone(),
            ident: "TSROLE",
        })?;
        let zone = private.zone.ok_or_else(|| ProofSgfError::Missing {
            place: place.clone(),
            ident: "TSZONE",
        })?;
        let inconsistent = |message: String| ProofSgfError::Inconsistent {
            place: place.clone(),
            message,
        };
        match role {
            Role::Or if to_move != self.or_player => {
                return Err(inconsistent(format!(
                    "an OR node with {to_move} (not the OR player) to move"
                )))
            }
            Role::And if to_move == self.or_player => {
                return Err(inconsistent(format!(
                    "an AND node with {to_move} (the OR player) to move"
                )))
            }
            Role::Leaf(_) if !node.children.is_empty() => {
                return Err(inconsistent(format!(
                    "a leaf with {} child(ren)",
                    node.children.len()
                )))
            }
            _ => {}
        }
        let mut children = Vec::with_capacity(node.children.len());
        for child in &node.children {
            let child_place = format!("{place}'s child {}", children.len() + 1);
            let Some((color, child_mv)) = node_move(child, &child_place)? else {
                return Err(ProofSgfError::Inconsistent {
                    place: child_place,
                    message: "a proof node below the root has no move".to_string(),
                });
            };
            if child_mv.point().is_some_and(|p| !p.on_board(self.size)) {
                let ident = color.sgf_letter().to_string();
                let value = crate::problem::coords::move_to_sgf(child_mv);
                let n = self.size;
                return Err(bad(
                    &child_place,
                    &ident,
                    &[value],
                    format!("a point on the {n}x{n} board or an empty value"),
                ));
            }
            line.push(format!(
                "{} {}",
                color.sgf_letter(),
                move_gtp(child_mv, self.size)
            ));
            let converted = self.node(child, Some((color, child_mv)), color.opponent(), line);
            line.pop();
            children.push(converted?);
        }
        Ok(ProofNode {
            mv: mv.map(|m| m.1),
            player: mv.map(|m| m.0),
            to_move,
            role,
            zone,
            must_play: private.must_play.unwrap_or_default(),
            null_move: private.null_move,
            children,
        })
    }

    /// Parse the `TS*` properties of a node.
    fn private(&self, node: &Node, place: &str) -> Result<Private, ProofSgfError> {
        let mut out = Private::default();
        for prop in &node.properties {
            let Prop::Unknown(ident, values) = prop else {
                continue;
            };
            if !ident.starts_with("TS") {
                continue;
            }
            let once = |seen: bool| {
                if seen {
                    Err(ProofSgfError::Inconsistent {
                        place: place.to_string(),
                        message: format!("{ident} is given twice"),
                    })
                } else {
                    Ok(())
                }
            };
            match ident.as_str() {
                "TSROLE" => {
                    once(out.role.is_some())?;
                    let role = match values.as_slice() {
                        [v] => role_from_name(v.trim()),
                        _ => None,
                    };
                    out.role = Some(role.ok_or_else(|| {
                        bad(
                            place,
                            ident,
                            values,
                            "or, and, alive, captured, two-passes, seki or static-dead",
                        )
                    })?);
                }
                "TSZONE" | "TSMUST" => {
                    let slot = if ident == "TSZONE" {
                        &mut out.zone
                    } else {
                        &mut out.must_play
                    };
                    once(slot.is_some())?;
                    let zone = parse_compressed_list(values, self.size).ok_or_else(|| {
                        let n = self.size;
                        let expected =
                            format!("SGF points or rectangles (ab:cd) on the {n}x{n} board");
                        bad(place, ident, values, expected)
                    })?;
                    *slot = Some(zone);
                }
                "TSNULL" => {
                    once(out.null_move)?;
                    if !matches!(values.as_slice(), [v] if v.trim() == "1") {
                        return Err(bad(place, ident, values, "1"));
                    }
                    out.null_move = true;
                }
                "TSSUPERKO" => {
                    once(out.superko)?;
                    if !matches!(values.as_slice(), [v] if v.trim() == "1") {
                        return Err(bad(place, ident, values, "1"));
                    }
                    out.superko = true;
                }
                _ => return Err(bad(
                    place,
                    ident,
                    values,
                    "no unknown TS* property (known: TSROLE, TSZONE, TSMUST, TSNULL, TSSUPERKO)",
                )),
            }
        }
        Ok(out)
    }
}

/// `the proof root` or `proof line W C1, B D4`.
fn place(line: &[String]) -> String {
    if line.is_empty() {
        "the proof root".to_string()
    } else {
        format!("proof line {}", line.join(", "))
    }
}

fn role_from_name(name: &str) -> Option<Role> {
    let leaves = [
        LeafKind::Alive,
        LeafKind::Captured,
        LeafKind::TwoPasses,
        LeafKind::Seki,
        LeafKind::StaticDead,
        LeafKind::Connected,
        LeafKind::Linked,
        LeafKind::SekiArea,
        LeafKind::Eye,
        LeafKind::NoEyePossible,
    ];
    [Role::Or, Role::And]
        .into_iter()
        .chain(leaves.into_iter().map(Role::Leaf))
        .find(|&role| role_name(role) == name)
}
