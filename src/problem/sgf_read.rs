//! Reading an SGF problem into a [`ProblemSetup`] (with the `sgf-parse` crate).
//!
//! The conventions (standard and private properties, defaults, what is setup and what is answer)
//! are documented in [`super::sgf_write`]. In short:
//!
//! - Only the first game tree of a collection is read. `GM` must be 1 (or absent); `SZ` defaults
//!   to 19 and must be square.
//! - **Root.** The root node, together with the move-less nodes that follow it while the tree does
//!   not branch, holds the problem properties: `SZ`, `AB`/`AW`/`AE` (applied node by node), `PL`,
//!   `TR` (crucial stones), `MA` (region), `GN` (name), `SO` (source), `C` (comment) and the private `TS*`
//!   properties.
//! - **Setup moves or answer.** A move in the root node is a setup move. The moves after the
//!   root are read once, by the first of these rules that applies, and the reading is kept in
//!   [`ProblemSetup::moves_read`] ([`MovesRead`]: which, and why), which `solve` and `check` print:
//!   1. `TSSETUP[n]`: the first `n` moves of the main line are setup moves (the main line must
//!      not branch before the `n`-th); `TSSETUP[0]`: none;
//!   2. `PL` on a move node of the leading unbranched line: the moves up to that node are setup
//!      (the problem position is where `PL` stands; [`super::sgf_write`] writes setup moves so);
//!   3. a game record: the root names the players or the result (`PB`, `PW`, `RE`) and the main
//!      line has at least [`GAME_RECORD_MOVES`] moves: the leading unbranched line is setup;
//!   4. answer markup (below) on any node below the root: every move is the answer;
//!   5. no stones placed (`AB`/`AW`): a game played from the empty board (the research 7x7
//!      Kill-all records): the leading unbranched line is setup;
//!   6. the first move is by `PL`'s colour: every move is the answer (the one-answer layout of
//!      book problems, `PL[W]` and `(;W[ed])`, and longer answer lines, played out whole);
//!   7. several first moves: answer variations;
//!   8. `PL` names the other colour than the first move's: the file shows how the position came
//!      about ("White has just played here; Black to play"), so the leading unbranched line up to
//!      its last move by the other colour is setup, and `PL`'s side is to play;
//!   9. otherwise (no `PL`, no markup, no game record): the answer; the first move's side is to
//!      play (sites that leave out `PL` start the answer with the side to move).
//!
//!   Where a setup line ends at a branch, the branches are answer variations. Game information
//!   that editors write into every file (`KM`, `DT`, `AP`, `EV`, `GN`, …) does not make a game
//!   record. A `PL` value other than `B`/`W` is tolerated: `b`, `w`, `black`, `white` (any case)
//!   name the colour, anything else (the empty `PL[]` of some sites) counts as no `PL`.
//! - **Side to move.** `PL` of the problem-position node (the last setup move's node, or the root
//!   when there are no setup moves); else the opponent of the last setup move; else the colour of
//!   the first answer move; else unknown (a validation error).
//! - **Answer markup** (verdicts from the OR player's point of view), first match wins: a comment
//!   starting with the word `Correct` or `Wrong` (any case; the word and following punctuation are
//!   removed from the stored comment); the word `RIGHT` (upper case) in a comment (goproblems);
//!   a comment or node name `N` starting with `正解` (correct) or `失敗`/`失败` (failure); a node
//!   name starting with `Correct`/`Wrong`; `TE` (correct) / `BM` (wrong). A move-less node inside a
//!   variation passes its marks and comment to the move before it.
//! - Coordinates: `aa`..`ss`; `tt` and the empty value are passes in `B`/`W`. A point beyond `ss`
//!   is an error here; a point beyond the board's `SZ` is a validation error.

use super::answer::{AnswerNode, AnswerTree, Verdict};
use super::coords::move_gtp;
use super::error::SgfError;
use super::goal::{Goal, KoRule, Outcome, Way};
use super::setup::{AnswersBecause, MovesRead, ProblemSetup, SetupBecause, SetupMove};
use crate::go::{Color, Move, Point, Zone};
use sgf_parse::go::{Move as SgfMove, Point as SgfPoint, Prop};
use sgf_parse::SgfNode;

type Node = SgfNode<Prop>;

/// Answer variations deeper than this are refused (keeps recursion bounded).
pub const MAX_ANSWER_DEPTH: usize = 1000;

/// Read the first game tree of an SGF text.
pub fn read_sgf(text: &str) -> Result<ProblemSetup, SgfError> {
    read_sgf_with_pl(text).map(|(setup, _)| setup)
}

/// [`read_sgf`], also returning the explicit `PL` of the problem-position node (for the
/// cross-checks of the research JSON reader).
pub(crate) fn read_sgf_with_pl(text: &str) -> Result<(ProblemSetup, Option<Color>), SgfError> {
    let trees = sgf_parse::parse(text).map_err(|e| match locate_syntax_error(text) {
        Some((offset, message)) => {
            let (line, column) = line_column(text, offset);
            SgfError::SyntaxAt {
                line,
                column,
                message,
            }
        }
        None => SgfError::Syntax(e.to_string()),
    })?;
    let tree = trees
        .into_iter()
        .next()
        .ok_or_else(|| SgfError::Syntax("no game tree".to_string()))?;
    let mut root = tree.into_go_node().map_err(|_| SgfError::NotGo)?;
    strip_proof_trees(&mut root);
    read_root(&root)
}

/// Drop the proof trees hanging in the game tree (a node with `TSROLE` and everything below it,
/// as `solve --proof-out` writes them): a proof SGF reads as its problem.
fn strip_proof_trees(node: &mut Node) {
    let is_proof = |n: &Node| {
        n.properties
            .iter()
            .any(|p| matches!(p, Prop::Unknown(ident, _) if ident == "TSROLE"))
    };
    node.children.retain(|c| !is_proof(c));
    for child in &mut node.children {
        strip_proof_trees(child);
    }
}

/// A main line with at least this many moves is a game record when the root names the players
/// or the result (`PB`, `PW`, `RE`): its moves are setup moves. Problem files rarely name the
/// players, and those cut from a game (with its players) carry a short answer; a game record
/// is longer.
pub const GAME_RECORD_MOVES: usize = 30;

/// Properties of the root that are not stored directly in the setup.
#[derive(Default)]
struct RootProps {
    to_move: Option<Color>,
    setup_count: Option<usize>,
    /// `PB`, `PW` or `RE`: the players or the result of a game.
    players_or_result: bool,
}

/// A move of the main line below the root (the first child at every node), as the reading rules
/// look at it.
struct MainMove {
    color: Color,
    /// An explicit `PL` on the move's node.
    pl: Option<Color>,
    /// The move is on the leading unbranched line (every node above it has one child).
    leading: bool,
}

/// What the reading rules decided (before the moves are read).
enum Plan {
    /// Every move after the root is the answer.
    Answers(AnswersBecause),
    /// Setup moves along the main line: `limit` moves in all (the root's move included), or, with
    /// `None`, the whole leading unbranched line. With `TSSETUP` (`strict`) a short or branching
    /// main line is an error.
    Setup {
        limit: Option<usize>,
        strict: bool,
        because: SetupBecause,
    },
}

fn read_root(root: &Node) -> Result<(ProblemSetup, Option<Color>), SgfError> {
    // The root and the move-less nodes that follow it without branching.
    let mut prefix = vec![root];
    let mut last = root;
    while last.children.len() == 1
        && node_move(last, "the root")?.is_none()
        && node_move(&last.children[0], "the root")?.is_none()
    {
        last = &last.children[0];
        prefix.push(last);
    }
    let mut setup = ProblemSetup::new(19);
    let mut props = RootProps::default();
    for node in &prefix {
        read_root_node(node, &mut setup, &mut props)?;
    }

    // Setup moves: a move in the root node, then as the reading rules decide.
    let mut position = last;
    if let Some(m) = node_move(last, "the root")? {
        setup.moves.push(m);
    }
    let root_moves = setup.moves.len();
    let plan = plan(&props, &setup, last, root_moves);
    if let Plan::Setup { limit, strict, .. } = plan {
        while limit.is_none_or(|n| setup.moves.len() < n) {
            match (position.children.len(), strict) {
                (1, _) => {}
                (_, false) => break,
                (0, true) => {
                    return Err(SgfError::ShortSetup {
                        wanted: limit.unwrap_or_default(),
                        found: setup.moves.len(),
                    })
                }
                (_, true) => {
                    return Err(SgfError::BranchInSetup {
                        wanted: limit.unwrap_or_default(),
                        at: setup.moves.len(),
                    })
                }
            }
            position = &position.children[0];
            let number = setup.moves.len() + 1;
            if let Some(ident) = setup_property(position) {
                return Err(SgfError::SetupAfterMove { ident, number });
            }
            if let Some(m) = node_move(position, &format!("move {number}"))? {
                setup.moves.push(m);
            }
        }
    }

    // The answer: every variation from the problem position.
    let mut top = AnswerNode::new(Color::Black, Move::Pass);
    let mut line = Vec::new();
    convert_children(&position.children, &mut top, setup.size, 1, &mut line)?;
    setup.answer = AnswerTree {
        variations: top.children,
    };
    let count = setup.moves.len();
    setup.moves_read = Some(match plan {
        _ if count == 0 && setup.answer.is_empty() => MovesRead::NoMoves,
        Plan::Answers(_) if count > 0 => MovesRead::Setup {
            count,
            because: SetupBecause::RootMove,
        },
        Plan::Answers(because) => MovesRead::Answers(because),
        Plan::Setup { because, .. } if count > root_moves => MovesRead::Setup { count, because },
        Plan::Setup { .. } if count > 0 => MovesRead::Setup {
            count,
            because: SetupBecause::RootMove,
        },
        Plan::Setup { .. } => MovesRead::Answers(AnswersBecause::Variations),
    });

    // Side to move.
    let pl = match setup.moves.last() {
        Some(_) => node_pl(position),
        None => props.to_move,
    };
    setup.to_move = pl
        .or_else(|| setup.moves.last().map(|m| m.color.opponent()))
        .or_else(|| setup.answer.variations.first().map(|v| v.color));
    Ok((setup, pl))
}

/// The reading rules (module documentation, "Setup moves or answer"), first match wins.
/// `last` is the last node of the root prefix, `root_moves` the number of moves in it (0 or 1).
fn plan(props: &RootProps, setup: &ProblemSetup, last: &Node, root_moves: usize) -> Plan {
    // 1. TSSETUP says.
    if let Some(n) = props.setup_count {
        return match n {
            0 => Plan::Answers(AnswersBecause::Marker),
            _ => Plan::Setup {
                limit: Some(n),
                strict: true,
                because: SetupBecause::Marker,
            },
        };
    }
    let main = main_line(last);
    let leading = main.iter().take_while(|m| m.leading).count();
    let setup_through = |index: usize, because| Plan::Setup {
        limit: Some(root_moves + index + 1),
        strict: false,
        because,
    };
    // 2. PL on a move node of the leading line: the problem position is there.
    if let Some(i) = main[..leading].iter().position(|m| m.pl.is_some()) {
        return setup_through(i, SetupBecause::PlOnMove);
    }
    let whole_line = |because| Plan::Setup {
        limit: None,
        strict: false,
        because,
    };
    // 3. A game record: players or result, and a long main line.
    if props.players_or_result && main.len() >= GAME_RECORD_MOVES && leading > 0 {
        return whole_line(SetupBecause::GameRecord { moves: main.len() });
    }
    // 4. Answer markup anywhere below the root.
    if last.children.iter().any(has_markup) {
        return Plan::Answers(AnswersBecause::Markup);
    }
    // 5. A game from the empty board (the research 7x7 Kill-all records).
    let no_stones = setup.stones.black.is_empty() && setup.stones.white.is_empty();
    if no_stones && leading > 0 {
        return whole_line(SetupBecause::EmptyBoard);
    }
    // 6.-8. PL and the first move.
    let Some(first) = main.first() else {
        return Plan::Answers(AnswersBecause::NoPl);
    };
    match props.to_move {
        Some(pl) if pl == first.color => Plan::Answers(AnswersBecause::FirstMoveByPl(pl)),
        _ if leading == 0 => Plan::Answers(AnswersBecause::Variations),
        Some(pl) => {
            // The moves up to the last one by the other colour, so that PL's side is to play.
            let last_other = main[..leading]
                .iter()
                .rposition(|m| m.color != pl)
                .unwrap_or_default();
            setup_through(last_other, SetupBecause::PlOtherColour { pl })
        }
        None => Plan::Answers(AnswersBecause::NoPl),
    }
}

/// The moves of the main line below `node` (first children; iterative, the line may be long).
/// Invalid moves are skipped here: reading them reports the error.
fn main_line(node: &Node) -> Vec<MainMove> {
    let mut moves = Vec::new();
    let mut leading = true;
    let mut node = node;
    while let Some(child) = node.children.first() {
        leading &= node.children.len() == 1;
        node = child;
        if let Ok(Some(m)) = node_move(node, "") {
            moves.push(MainMove {
                color: m.color,
                pl: node_pl(node),
                leading,
            });
        }
    }
    moves
}

/// Apply the properties of one root-prefix node.
fn read_root_node(
    node: &Node,
    setup: &mut ProblemSetup,
    props: &mut RootProps,
) -> Result<(), SgfError> {
    let (mut add_black, mut add_white, mut clear) = (Zone::new(), Zone::new(), Zone::new());
    for prop in &node.properties {
        match prop {
            Prop::SZ((w, h)) => {
                if w != h {
                    return Err(SgfError::NonSquare {
                        width: *w,
                        height: *h,
                    });
                }
                setup.size = *w as usize;
            }
            Prop::AB(points) => add_black.union_with(&zone("AB", points.iter())?),
            Prop::AW(points) => add_white.union_with(&zone("AW", points.iter())?),
            Prop::AE(points) => clear.union_with(&zone("AE", points.iter())?),
            Prop::TR(points) => setup.crucial.union_with(&zone("TR", points.iter())?),
            Prop::MA(points) => {
                let z = zone("MA", points.iter())?;
                setup.region.get_or_insert_with(Zone::new).union_with(&z);
            }
            Prop::PL(c) => props.to_move = Some(color(*c)),
            Prop::PB(_) | Prop::PW(_) | Prop::RE(_) => props.players_or_result = true,
            Prop::GN(text) => setup.name = text.text.trim().to_string(),
            Prop::SO(text) => setup.source = text.text.trim().to_string(),
            Prop::C(text) => append_comment(&mut setup.comment, &text.text),
            Prop::Invalid(ident, values) => match ident.as_str() {
                "AB" | "AW" | "AE" | "TR" | "MA" if is_empty_list(values) => {}
                "PL" => {
                    if let Some(c) = lenient_pl(values) {
                        props.to_move = Some(c);
                    }
                }
                "SZ" | "AB" | "AW" | "AE" | "TR" | "MA" | "B" | "W" => {
                    return Err(invalid(ident, values))
                }
                _ => {}
            },
            Prop::Unknown(ident, values) if ident.starts_with("TS") => {
                read_private(ident, values, setup, props)?
            }
            _ => {}
        }
    }
    // AE first, then AB/AW; a point added in one colour here loses a stone of the other colour
    // placed by an earlier node (a point added in both colours here stays in both: invalid).
    for c in Color::ALL {
        let stones = setup.stones.get_mut(c);
        *stones = stones.difference(&clear);
    }
    setup.stones.black = setup
        .stones
        .black
        .difference(&add_white.difference(&add_black))
        .union(&add_black);
    setup.stones.white = setup
        .stones
        .white
        .difference(&add_black.difference(&add_white))
        .union(&add_white);
    Ok(())
}

/// Parse one private `TS*` property.
fn read_private(
    ident: &str,
    values: &[String],
    setup: &mut ProblemSetup,
    props: &mut RootProps,
) -> Result<(), SgfError> {
    let bad = |expected| SgfError::BadPrivateValue {
        ident: ident.to_string(),
        value: values.join("]["),
        expected,
    };
    if ident == "TSTERR" {
        for v in values {
            let p = territory_point(v.trim()).ok_or_else(|| bad("points (two letters each)"))?;
            setup.territory.insert(p);
        }
        return Ok(());
    }
    let value = match values {
        [v] => v.trim(),
        _ => return Err(bad("exactly one value")),
    };
    match ident {
        "TSOR" => {
            setup.or_player = Some(match value {
                "B" => Color::Black,
                "W" => Color::White,
                _ => return Err(bad("B or W")),
            })
        }
        "TSGOAL" => {
            setup.goal = Some(
                Goal::from_name(value)
                    .ok_or_else(|| bad("live, live-uca, live-any, kill, kill-uca or kill-all"))?,
            )
        }
        "TSKOB" | "TSKOW" => {
            let rule = KoRule::from_name(value).ok_or_else(|| bad("allow, disallow or master"))?;
            let side = if ident == "TSKOB" {
                Color::Black
            } else {
                Color::White
            };
            *setup.ko_rules.get_mut(side) = Some(rule);
        }
        "TSHOW" => {
            setup.expected_way =
                Some(Way::from_name(value).ok_or_else(|| bad("unconditional, seki or ko"))?)
        }
        "TSRESULT" => {
            setup.expected = Some(Outcome::from_name(value).ok_or_else(|| bad("win or fail"))?)
        }
        "TSSETUP" => {
            props.setup_count = Some(
                value
                    .parse()
                    .map_err(|_| bad("a number of moves (0 or more)"))?,
            )
        }
        _ => return Err(SgfError::UnknownPrivate(ident.to_string())),
    }
    Ok(())
}

/// Convert the variations `children` into answer nodes appended to `parent.children`. A move-less
/// node passes its marks and comment to `parent` and its children are converted in its place.
fn convert_children(
    children: &[Node],
    parent: &mut AnswerNode,
    size: usize,
    depth: usize,
    line: &mut Vec<String>,
) -> Result<(), SgfError> {
    if depth > MAX_ANSWER_DEPTH {
        return Err(SgfError::TooDeep(MAX_ANSWER_DEPTH));
    }
    for child in children {
        let place = || {
            if line.is_empty() {
                "start".to_string()
            } else {
                line.join(", ")
            }
        };
        if let Some(ident) = setup_property(child) {
            return Err(SgfError::SetupInAnswer {
                ident,
                line: place(),
            });
        }
        let (verdict, comment) = marks(child);
        match node_move(child, &format!("answer line {}", place()))? {
            Some(m) => {
                let mut node = AnswerNode::new(m.color, m.mv);
                node.verdict = verdict;
                node.comment = comment;
                line.push(format!("{} {}", m.color.sgf_letter(), move_gtp(m.mv, size)));
                convert_children(&child.children, &mut node, size, depth + 1, line)?;
                line.pop();
                parent.children.push(node);
            }
            None => {
                if parent.verdict.is_unknown() {
                    parent.verdict = verdict;
                }
                append_comment(&mut parent.comment, &comment);
                convert_children(&child.children, parent, size, depth + 1, line)?;
            }
        }
    }
    Ok(())
}

/// Does any node of this subtree carry answer markup? (Iterative: the main line may be long.)
fn has_markup(node: &Node) -> bool {
    let mut stack = vec![node];
    while let Some(n) = stack.pop() {
        if !marks(n).0.is_unknown() {
            return true;
        }
        stack.extend(n.children.iter());
    }
    false
}

/// The verdict marked on a node and its comment without the leading marker word (see the module
/// documentation for the order of the rules).
fn marks(node: &Node) -> (Verdict, String) {
    let mut raw = String::new();
    let mut name = String::new();
    let (mut te, mut bm) = (false, false);
    for prop in &node.properties {
        match prop {
            Prop::C(text) => append_comment(&mut raw, &text.text),
            Prop::N(text) => name = text.text.trim().to_string(),
            Prop::TE(_) => te = true,
            Prop::BM(_) => bm = true,
            _ => {}
        }
    }
    let (mut verdict, comment) = split_comment_marker(&raw);
    if verdict.is_unknown() && contains_word(comment, "RIGHT") {
        verdict = Verdict::Correct;
    }
    if verdict.is_unknown() {
        verdict = chinese_marker(comment);
    }
    if verdict.is_unknown() {
        verdict = split_comment_marker(&name).0;
    }
    if verdict.is_unknown() {
        verdict = chinese_marker(&name);
    }
    if verdict.is_unknown() {
        verdict = match (te, bm) {
            (true, false) => Verdict::Correct,
            (false, true) => Verdict::Wrong,
            _ => Verdict::Unknown,
        };
    }
    (verdict, comment.trim().to_string())
}

/// A leading `Correct`/`Wrong` word (any case, followed by a non-alphanumeric character or the
/// end): the verdict and the rest of the text after separators. Otherwise `Unknown` and the text.
pub(crate) fn split_comment_marker(text: &str) -> (Verdict, &str) {
    let t = text.trim_start();
    for (word, verdict) in [("correct", Verdict::Correct), ("wrong", Verdict::Wrong)] {
        let Some(head) = t.get(..word.len()) else {
            continue;
        };
        let rest = &t[word.len()..];
        if head.eq_ignore_ascii_case(word) && !rest.starts_with(|c: char| c.is_alphanumeric()) {
            let rest = rest.trim_start_matches(|c: char| c.is_whitespace() || ":.,;!-".contains(c));
            return (verdict, rest);
        }
    }
    (Verdict::Unknown, text)
}

/// Chinese book markers at the start of a comment or node name.
fn chinese_marker(text: &str) -> Verdict {
    let t = text.trim_start();
    if t.starts_with("正解") {
        Verdict::Correct
    } else if t.starts_with("失敗") || t.starts_with("失败") {
        Verdict::Wrong
    } else {
        Verdict::Unknown
    }
}

/// Does `text` contain `word` (case-sensitive) not touching other letters or digits?
fn contains_word(text: &str, word: &str) -> bool {
    text.match_indices(word).any(|(i, _)| {
        let before = text[..i].chars().next_back();
        let after = text[i + word.len()..].chars().next();
        !before.is_some_and(|c| c.is_alphanumeric()) && !after.is_some_and(|c| c.is_alphanumeric())
    })
}

fn append_comment(comment: &mut String, text: &str) {
    let text = text.trim();
    if text.is_empty() {
        return;
    }
    if !comment.is_empty() {
        comment.push('\n');
    }
    comment.push_str(text);
}

/// The `B`/`W` move of a node, if any. `place` names the node in errors.
fn node_move(node: &Node, place: &str) -> Result<Option<SetupMove>, SgfError> {
    let mut found = None;
    for prop in &node.properties {
        let (c, mv) = match prop {
            Prop::B(mv) => (Color::Black, mv),
            Prop::W(mv) => (Color::White, mv),
            Prop::Invalid(ident, values) if ident == "B" || ident == "W" => {
                return Err(invalid(ident, values))
            }
            _ => continue,
        };
        if found.is_some() {
            return Err(SgfError::TwoMoves {
                place: place.to_string(),
            });
        }
        let ident = c.sgf_letter().to_string();
        let mv = match mv {
            SgfMove::Pass => Move::Pass,
            SgfMove::Move(SgfPoint { x: 19, y: 19 }) => Move::Pass,
            SgfMove::Move(p) => Move::Play(point(&ident, p)?),
        };
        found = Some(SetupMove::new(c, mv));
    }
    Ok(found)
}

/// `PL` of a node; a value other than `B`/`W` is read as [`lenient_pl`] says.
fn node_pl(node: &Node) -> Option<Color> {
    let mut pl = None;
    for prop in &node.properties {
        match prop {
            Prop::PL(c) => pl = Some(color(*c)),
            Prop::Invalid(ident, values) if ident == "PL" => pl = lenient_pl(values).or(pl),
            _ => {}
        }
    }
    pl
}

/// A `PL` value that is not exactly `B` or `W`: `b`, `black`, `w`, `white` in any case and with
/// blanks around are read as the colour; anything else (the empty `PL[]` some sites write) as
/// no `PL` at all.
fn lenient_pl(values: &[String]) -> Option<Color> {
    match values {
        [v] => match v.trim().to_ascii_lowercase().as_str() {
            "b" | "black" => Some(Color::Black),
            "w" | "white" => Some(Color::White),
            _ => None,
        },
        _ => None,
    }
}

/// The first setup property (`AB`, `AW`, `AE`) of a node, if any.
fn setup_property(node: &Node) -> Option<String> {
    node.properties.iter().find_map(|p| match p {
        Prop::AB(_) => Some("AB".to_string()),
        Prop::AW(_) => Some("AW".to_string()),
        Prop::AE(_) => Some("AE".to_string()),
        Prop::Invalid(i, _) if matches!(i.as_str(), "AB" | "AW" | "AE") => Some(i.clone()),
        _ => None,
    })
}

fn color(c: sgf_parse::Color) -> Color {
    match c {
        sgf_parse::Color::Black => Color::Black,
        sgf_parse::Color::White => Color::White,
    }
}

fn point(ident: &str, p: &SgfPoint) -> Result<Point, SgfError> {
    Point::try_new(p.x as usize, p.y as usize).ok_or_else(|| SgfError::PointOutOfRange {
        ident: ident.to_string(),
        value: format!("{}{}", coordinate_char(p.x), coordinate_char(p.y)),
    })
}

/// The SGF letter of a coordinate as sgf-parse reads it (`a`..`z` = 0..25, `A`..`Z` = 26..51).
fn coordinate_char(v: u8) -> char {
    match v {
        0..=25 => (b'a' + v) as char,
        26..=51 => (b'A' + v - 26) as char,
        _ => '?',
    }
}

/// A point of `TSTERR` (`aa` is the top left corner; lower-case letters only, as every
/// board here is at most 19x19).
fn territory_point(v: &str) -> Option<Point> {
    let b = v.as_bytes();
    match b {
        [x @ b'a'..=b'z', y @ b'a'..=b'z'] => {
            Point::try_new((x - b'a') as usize, (y - b'a') as usize)
        }
        _ => None,
    }
}

fn zone<'a>(ident: &str, points: impl Iterator<Item = &'a SgfPoint>) -> Result<Zone, SgfError> {
    points.map(|p| point(ident, p)).collect()
}

fn is_empty_list(values: &[String]) -> bool {
    values.iter().all(|v| v.trim().is_empty())
}

fn invalid(ident: &str, values: &[String]) -> SgfError {
    SgfError::InvalidValue {
        ident: ident.to_string(),
        value: values.join("]["),
    }
}

/// 1-based line and column (in characters) of a byte offset.
fn line_column(text: &str, offset: usize) -> (usize, usize) {
    let before = text.get(..offset).unwrap_or(text);
    let line = before.matches('\n').count() + 1;
    let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    (line, column)
}

/// Find the first syntax error of an SGF text, mirroring the grammar of `sgf-parse` (which reports
/// no position): the byte offset and a message. `None` when nothing is found.
fn locate_syntax_error(text: &str) -> Option<(usize, String)> {
    let chars: Vec<(usize, char)> = text.char_indices().collect();
    let err = |offset: usize, msg: &str| Some((offset, msg.to_string()));
    // One entry per open '(': whether its sequence has a node yet.
    let mut open: Vec<bool> = Vec::new();
    let mut in_node = false;
    let mut seen_tree = false;
    let mut i = 0;
    while i < chars.len() {
        let (pos, c) = chars[i];
        match c {
            c if c.is_whitespace() => i += 1,
            '(' => {
                if open.last() == Some(&false) {
                    return err(pos, "'(' where a node ';' was expected");
                }
                open.push(false);
                in_node = false;
                i += 1;
            }
            ')' => {
                match open.pop() {
                    None => return err(pos, "')' without a matching '('"),
                    Some(false) => return err(pos, "empty game tree '()'"),
                    Some(true) => {}
                }
                seen_tree = true;
                in_node = false;
                i += 1;
            }
            ';' => {
                let Some(top) = open.last_mut() else {
                    return err(pos, "';' outside a game tree (missing '(')");
                };
                *top = true;
                in_node = true;
                i += 1;
            }
            '[' => return err(pos, "property value without a property identifier"),
            _ => {
                if open.is_empty() {
                    return err(pos, "text outside a game tree");
                }
                if !in_node {
                    return err(pos, "property outside a node (missing ';')");
                }
                // Identifier: ASCII characters up to '['.
                let start = pos;
                while i < chars.len() && chars[i].1 != '[' {
                    if !chars[i].1.is_ascii() {
                        return err(chars[i].0, "non-ASCII character in a property identifier");
                    }
                    i += 1;
                }
                if i == chars.len() {
                    return err(start, "property identifier without a value (missing '[')");
                }
                // Values: '[' ... ']' with '\' escapes, separated by blanks.
                loop {
                    while i < chars.len() && chars[i].1.is_whitespace() {
                        i += 1;
                    }
                    if i == chars.len() || chars[i].1 != '[' {
                        break;
                    }
                    let value_start = chars[i].0;
                    i += 1;
                    let mut escaped = false;
                    loop {
                        let Some(&(_, v)) = chars.get(i) else {
                            return err(value_start, "property value never closed (missing ']')");
                        };
                        i += 1;
                        match v {
                            ']' if !escaped => break,
                            '\\' if !escaped => escaped = true,
                            _ => escaped = false,
                        }
                    }
                }
            }
        }
    }
    if !open.is_empty() {
        return Some((
            text.len(),
            format!(
                "unexpected end of file: {} game tree(s) not closed (missing ')')",
                open.len()
            ),
        ));
    }
    if !seen_tree {
        return err(0, "no game tree");
    }
    None
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    fn p(s: &str) -> Point {
        Point::from_sgf(s).unwrap()
    }

    #[test]
    fn research_style_root() {
        let s = read_sgf(
            "(;FF[4]SZ[9]AB[aa][ba:ca]AW[ab]PL[W]TR[aa]MA[ac][bc]GN[ name ]SO[ Gokyo Shumyo ]C[hi]\
             TSOR[B]TSGOAL[kill]TSKOB[allow]TSKOW[disallow]TSRESULT[fail])",
        )
        .unwrap();
        assert_eq!(s.size, 9);
        assert_eq!(
            s.stones.black,
            [p("aa"), p("ba"), p("ca")].into_iter().collect()
        );
        assert_eq!(s.stones.white, [p("ab")].into_iter().collect());
        assert_eq!(s.to_move, Some(Color::White));
        assert_eq!(s.crucial, [p("aa")].into_iter().collect());
        assert_eq!(s.region, Some([p("ac"), p("bc")].into_iter().collect()));
        assert_eq!((s.name.as_str(), s.comment.as_str()), ("name", "hi"));
        assert_eq!(s.source, "Gokyo Shumyo");
        assert_eq!(s.or_player, Some(Color::Black));
        assert_eq!(s.goal, Some(Goal::Kill));
        assert_eq!(s.ko_rules.black, Some(KoRule::Allow));
        assert_eq!(s.ko_rules.white, Some(KoRule::Disallow));
        assert_eq!(s.expected, Some(Outcome::Fail));
        assert!(s.moves.is_empty() && s.answer.is_empty());
    }

    #[test]
    fn kill_all_record_is_all_setup() {
        let s = read_sgf("(;FF[4]SZ[7]KM[28];B[ce];W[];B[ed];W[ec])").unwrap();
        assert_eq!(s.moves.len(), 4);
        let because = SetupBecause::EmptyBoard;
        assert_eq!(s.moves_read, Some(MovesRead::Setup { count: 4, because }));
        assert_eq!(s.moves[1], SetupMove::new(Color::White, Move::Pass));
        assert_eq!(s.to_move, Some(Color::Black));
        assert!(s.answer.is_empty());
        // The line splits: the branches are unmarked answers.
        let s = read_sgf("(;SZ[7];B[ce];W[tt](;B[aa];W[bb])(;B[cc]))").unwrap();
        assert_eq!(s.moves.len(), 2);
        assert_eq!(s.answer.variations.len(), 2);
        assert_eq!(s.answer.node_count(), 3);
        assert_eq!(s.to_move, Some(Color::Black));
    }

    #[test]
    fn goproblems_style_answers() {
        let s = read_sgf(
            "(;SZ[9]AB[ba][bb]AW[ca][cb]\
             (;B[aa];W[ab]C[Black dies. Wrong!])\
             (;B[ab];W[aa]\
               (;B[ac]C[RIGHT])\
               (;B[bc];W[ac]C[wrong: too slow])))",
        )
        .unwrap();
        assert!(s.moves.is_empty());
        assert_eq!(s.to_move, Some(Color::Black));
        let a = &s.answer;
        assert_eq!(a.correct_first_moves(), vec![Move::Play(p("ab"))]);
        // "Black dies. Wrong!" does not start with the marker: the first line is unmarked.
        assert_eq!(a.variations[0].line_verdict(), Verdict::Unknown);
        let second = &a.variations[1].children[0];
        assert_eq!(second.children[0].verdict, Verdict::Correct);
        assert_eq!(second.children[0].comment, "RIGHT");
        assert_eq!(second.children[1].children[0].verdict, Verdict::Wrong);
        assert_eq!(second.children[1].children[0].comment, "too slow");
    }

    #[test]
    fn other_markers() {
        let s = read_sgf(
            "(;SZ[9]AB[ba]PL[B](;B[aa]N[正解];W[ab])(;B[ab]N[失敗圖1])(;B[ac]TE[1])\
             (;B[ad]BM[1])(;B[ae]C[Correct.])(;B[af];C[RIGHT]))",
        )
        .unwrap();
        let v: Vec<Verdict> = s.answer.variations.iter().map(|n| n.verdict).collect();
        use Verdict::*;
        assert_eq!(v, vec![Correct, Wrong, Correct, Wrong, Correct, Correct]);
        assert_eq!(s.answer.variations[4].comment, "");
        assert_eq!(s.answer.variations[5].comment, "RIGHT");
        // A single marked line is an answer, not setup.
        let s = read_sgf("(;SZ[9]AB[ba];B[aa];W[ab];B[ac]C[RIGHT])").unwrap();
        assert!(s.moves.is_empty());
        assert_eq!(s.answer.depth(), 3);
    }

    /// The reading of the moves after the root, its side to move and number of setup moves.
    fn reading(text: &str) -> (MovesRead, Option<Color>, usize) {
        let s = read_sgf(text).unwrap();
        (s.moves_read.unwrap(), s.to_move, s.moves.len())
    }

    #[test]
    fn answer_lines_are_answers() {
        use Color::{Black, White};
        let stones = "SZ[9]AB[ba][bb][cb]AW[ca][db][cc]";
        // The one-answer layout: PL[W] and the answer.
        let (read, to_move, setup) = reading(&format!("(;{stones}PL[W](;W[ed]))"));
        assert_eq!(
            read,
            MovesRead::Answers(AnswersBecause::FirstMoveByPl(White))
        );
        assert_eq!((to_move, setup), (Some(White), 0));
        assert_eq!(
            read.describe().unwrap(),
            "moves after the root: the answer (the first move is White's, as PL says)"
        );
        // A longer unmarked line is played out whole as the answer.
        let s = read_sgf(&format!("(;{stones}PL[B];B[aa];W[ab];B[ac];W[ad])")).unwrap();
        assert!(s.moves.is_empty());
        assert_eq!(s.answer.depth(), 4);
        // PL[] and other odd PL values are tolerated.
        let (read, to_move, _) = reading(&format!("(;{stones}PL[];B[aa])"));
        assert_eq!(
            (read, to_move),
            (MovesRead::Answers(AnswersBecause::NoPl), Some(Black))
        );
        let (read, to_move, _) = reading(&format!("(;{stones}PL[ w ];W[aa])"));
        assert_eq!(
            read,
            MovesRead::Answers(AnswersBecause::FirstMoveByPl(White))
        );
        assert_eq!(to_move, Some(White));
        // No PL: the first move's side is to play (KM and DT are not a game record).
        let (read, to_move, _) = reading(&format!("(;KM[6.5]DT[2026-01-01]{stones};W[aa];B[ab])"));
        assert_eq!(
            (read, to_move),
            (MovesRead::Answers(AnswersBecause::NoPl), Some(White))
        );
        // Several first moves against PL: variations.
        let (read, to_move, _) = reading(&format!("(;{stones}PL[B](;W[aa])(;W[ab]))"));
        assert_eq!(
            (read, to_move),
            (MovesRead::Answers(AnswersBecause::Variations), Some(Black))
        );
        // Nothing after the root.
        assert_eq!(reading(&format!("(;{stones}PL[B])")).0, MovesRead::NoMoves);
    }

    #[test]
    fn setup_only_when_the_file_says_so() {
        use Color::{Black, White};
        let stones = "SZ[9]AB[ba][bb][cb]AW[ca][db][cc]";
        // PL names the other colour: the opponent's move that made the position, then the answer.
        let s = read_sgf(&format!("(;{stones}PL[B];W[aa];B[ab];W[ac];B[ad])")).unwrap();
        let pl = SetupBecause::PlOtherColour { pl: Black };
        assert_eq!(
            s.moves_read,
            Some(MovesRead::Setup {
                count: 3,
                because: pl
            })
        );
        assert_eq!((s.to_move, s.answer.depth()), (Some(Black), 1));
        let (read, to_move, setup) = reading(&format!("(;{stones}PL[B];W[aa])"));
        assert_eq!(
            (read, to_move, setup),
            (
                MovesRead::Setup {
                    count: 1,
                    because: pl
                },
                Some(Black),
                1
            )
        );
        // PL on a move node marks the problem position, whatever follows.
        let (read, to_move, setup) =
            reading(&format!("(;{stones};B[aa];W[ab]PL[W];W[ac]C[Correct])"));
        let on_move = SetupBecause::PlOnMove;
        assert_eq!(
            (read, to_move, setup),
            (
                MovesRead::Setup {
                    count: 2,
                    because: on_move
                },
                Some(White),
                2
            )
        );
        // A game record: players and result, and a long main line (PL[W] of a handicap game).
        let cols = "abcdefghi";
        let mut game = format!("(;{stones}PB[Kim]PW[Lee]RE[W+R]PL[W]");
        let mut n = 0;
        for y in "efghi".chars() {
            for x in cols.chars() {
                if n == GAME_RECORD_MOVES {
                    break;
                }
                game += &format!(";{}[{x}{y}]", if n % 2 == 0 { 'W' } else { 'B' });
                n += 1;
            }
        }
        let record = SetupBecause::GameRecord {
            moves: GAME_RECORD_MOVES,
        };
        let (read, to_move, setup) = reading(&(game.clone() + ")"));
        assert_eq!(
            (read, to_move, setup),
            (
                MovesRead::Setup {
                    count: GAME_RECORD_MOVES,
                    because: record
                },
                Some(White),
                GAME_RECORD_MOVES
            )
        );
        // A short line with the players is an answer (a problem cut from a game).
        let (read, _, setup) = reading(&format!("(;{stones}PB[Kim]PW[Lee]PL[W];W[aa];B[ab])"));
        assert_eq!(
            (read, setup),
            (MovesRead::Answers(AnswersBecause::FirstMoveByPl(White)), 0)
        );
        // TSSETUP, either way.
        let (read, _, setup) = reading(&format!("(;{stones}TSSETUP[1]PL[B];W[aa];B[ab])"));
        assert_eq!(
            (read, setup),
            (
                MovesRead::Setup {
                    count: 1,
                    because: SetupBecause::Marker
                },
                1
            )
        );
        let (read, _, setup) = reading(&format!("(;{stones}TSSETUP[0]PL[W];B[aa];W[ab])"));
        assert_eq!(
            (read, setup),
            (MovesRead::Answers(AnswersBecause::Marker), 0)
        );
        // A move in the root node stays a setup move.
        let (read, to_move, setup) = reading(&format!("(;{stones}B[aa](;W[ab]C[RIGHT]))"));
        let root = SetupBecause::RootMove;
        assert_eq!(
            (read, to_move, setup),
            (
                MovesRead::Setup {
                    count: 1,
                    because: root
                },
                Some(White),
                1
            )
        );
    }

    #[test]
    fn tssetup_splits_setup_and_answer() {
        let s = read_sgf("(;SZ[7]TSSETUP[2];B[ce];W[]PL[W];B[aa];W[bb])").unwrap();
        assert_eq!(s.moves.len(), 2);
        assert_eq!(s.to_move, Some(Color::White));
        assert_eq!(s.answer.depth(), 2);
        assert_eq!(
            read_sgf("(;SZ[7]TSSETUP[3];B[ce];W[])")
                .unwrap_err()
                .to_string(),
            "TSSETUP[3] but the main line has only 2 move(s)"
        );
        assert_eq!(
            read_sgf("(;SZ[7]TSSETUP[3];B[ce](;W[aa])(;W[bb]))")
                .unwrap_err()
                .to_string(),
            "TSSETUP[3] but the main line branches after move 1, inside the setup"
        );
    }

    #[test]
    fn setup_in_second_node_and_ae() {
        let s =
            read_sgf("(;GM[1]FF[4];AB[aa][bb]AW[cc];AE[aa]AW[bb]PL[W](;W[dd])(;W[ee]))").unwrap();
        assert_eq!(s.stones.black, Zone::new());
        assert_eq!(s.stones.white, [p("bb"), p("cc")].into_iter().collect());
        assert_eq!(s.to_move, Some(Color::White));
        assert_eq!(s.answer.variations.len(), 2);
    }

    #[test]
    fn errors() {
        let e = |s: &str| read_sgf(s).unwrap_err().to_string();
        assert_eq!(
            e("(;SZ[9]AB[aa]"),
            "SGF syntax error at line 1, column 14: unexpected end of file: 1 game tree(s) not \
             closed (missing ')')"
        );
        assert_eq!(
            e("(;SZ[9]\nAB[aa\n)"),
            "SGF syntax error at line 2, column 3: property value never closed (missing ']')"
        );
        assert_eq!(e(""), "SGF syntax error at line 1, column 1: no game tree");
        assert_eq!(e("(;GM[2])"), "not a Go game (GM is not 1)");
        assert_eq!(
            e("(;SZ[9:13])"),
            "non-square board SZ[9:13] is not supported"
        );
        assert_eq!(e("(;AB[a])"), "invalid value AB[a]");
        assert_eq!(
            e("(;AB[zz])"),
            "AB[zz]: \"zz\" is not a point of a board of at most 19x19"
        );
        assert_eq!(
            e("(;TSGOAL[alive])"),
            "TSGOAL[alive]: expected live, live-uca, live-any, kill, kill-uca or kill-all"
        );
        assert_eq!(e("(;TSFOO[1])").split(' ').nth(3), Some("TSFOO"));
        assert_eq!(
            e("(;B[aa]W[bb])"),
            "the node of the root has both a B and a W move"
        );
        assert_eq!(
            e("(;SZ[9];B[aa];AB[bb])"),
            "setup property AB after the first move (at move 2) is not supported"
        );
        assert_eq!(
            e("(;SZ[9](;B[aa]C[RIGHT];AW[bb])(;B[cc]))"),
            "setup property AW inside an answer variation is not supported (line B A9)"
        );
    }

    #[test]
    fn trailing_and_private_whitespace() {
        // Blank-padded private values are accepted.
        let s = read_sgf("(;TSGOAL[ live ]TSOR[W])\n\n").unwrap();
        assert_eq!(
            (s.goal, s.or_player),
            (Some(Goal::Live), Some(Color::White))
        );
    }

    #[test]
    fn deep_answers_are_refused() {
        let mut text = String::from("(;SZ[9]C[x]");
        for i in 0..(MAX_ANSWER_DEPTH + 5) {
            text += if i % 2 == 0 { "(;B[]C[RIGHT]" } else { "(;W[]" };
        }
        for _ in 0..(MAX_ANSWER_DEPTH + 5) {
            text.push(')');
        }
        text.push(')');
        assert_eq!(
            read_sgf(&text).unwrap_err(),
            SgfError::TooDeep(MAX_ANSWER_DEPTH)
        );
    }
}
