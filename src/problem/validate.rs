//! [`ProblemSetup::validate`]: from an unvalidated setup to a [`Problem`], reporting every reason
//! the setup is invalid. Never panics, whatever the setup holds.

use super::answer::{AnswerNode, AnswerTree};
use super::coords::{move_gtp, move_name, PointName};
use super::error::{ValidationError, ValidationErrors};
use super::goal::{Goal, KoRule};
use super::setup::ProblemSetup;
use super::Problem;
use crate::go::{Board, ByColor, Color, IllegalMove, Point, Zone, MAX_SIZE};

/// At most this many stones are named in a [`ValidationError::NoLiberties`] message.
const MAX_NAMED_STONES: usize = 8;

impl ProblemSetup {
    /// Check the setup and build the [`Problem`], or return every reason it is invalid.
    ///
    /// Checks, in this order: board size 2..=19; the side to move is given; stones on the board,
    /// no point with both colours, no block without liberties; the setup moves are legal (replay
    /// stops at the first illegal one); crucial stones on the board, on stones of the defender,
    /// and at least one for `Live`/`Kill`; region points on the board, at least one empty region
    /// point; answer moves legal along their lines (simple ko, except that a ko may be retaken at
    /// once: books leave out the ko threat exchange). Checks that need the problem position are
    /// skipped when it could not be built (bad size, block without liberties, illegal setup move).
    ///
    /// Defaults for the optional fields:
    /// - `goal`: `Live` when there are crucial stones, else `LiveAny`.
    /// - `or_player`: for `Live`/`Kill` whose crucial stones all have one colour `c` in the
    ///   problem position: `c` for `Live`, the opponent of `c` for `Kill`; otherwise the side to
    ///   move.
    /// - `ko_rules`: the OR player `Disallow`, its opponent `Allow` (as in the research set).
    /// - `region`: every empty point of the problem position; the whole board for a game
    ///   played from the empty board (no setup stones, at least one move).
    pub fn validate(self) -> Result<Problem, ValidationErrors> {
        let mut errors = Vec::new();
        let size = self.size;
        let size_ok = (2..=MAX_SIZE).contains(&size);
        if !size_ok {
            errors.push(ValidationError::BoardSize(size));
        }
        if self.to_move.is_none() {
            errors.push(ValidationError::MissingSideToMove);
        }
        let goal = self.goal.unwrap_or(if self.crucial.is_empty() {
            Goal::LiveAny
        } else {
            Goal::Live
        });
        if goal.needs_crucial_stones() && self.crucial.is_empty() {
            errors.push(ValidationError::NoCrucialStones { goal });
        }
        if !size_ok {
            return Err(ValidationErrors(errors));
        }
        let name = |p: Point| PointName::new(p, size);

        // Setup stones.
        let both = self.stones.black.intersection(&self.stones.white);
        for c in Color::ALL {
            for p in self.stones[c].iter() {
                if !p.on_board(size) {
                    errors.push(ValidationError::StoneOffBoard {
                        color: c,
                        point: name(p),
                        size,
                    });
                }
            }
        }
        for p in both.iter().filter(|p| p.on_board(size)) {
            errors.push(ValidationError::BothColors { point: name(p) });
        }
        let on_board = Zone::full(size);
        let placed = ByColor::new(
            self.stones.black.intersection(&on_board).difference(&both),
            self.stones.white.intersection(&on_board).difference(&both),
        );
        let dead_blocks = blocks_without_liberties(&placed, size);
        for (color, block) in &dead_blocks {
            errors.push(ValidationError::NoLiberties {
                color: *color,
                count: block.len(),
                stones: name_points(block, size),
            });
        }

        // The problem position: the stones, then the setup moves.
        let mut position = if dead_blocks.is_empty() {
            Some(build_board(&placed, size))
        } else {
            None
        };
        if let Some(board) = position.as_mut() {
            for (i, m) in self.moves.iter().enumerate() {
                if let Err(e) = board.play(m.color, m.mv) {
                    errors.push(ValidationError::IllegalSetupMove {
                        number: i + 1,
                        mv: move_name(m.color, m.mv, size),
                        reason: illegal_reason(e),
                    });
                    position = None;
                    break;
                }
            }
        }

        // OR player and defender.
        let crucial_colors: Vec<Color> = match &position {
            Some(board) => self
                .crucial
                .iter()
                .filter_map(|p| board.color_at(p))
                .collect(),
            None => Vec::new(),
        };
        let or_player = self.or_player.or_else(|| {
            let first = crucial_colors.first().copied();
            match first {
                Some(c)
                    if goal.needs_crucial_stones() && crucial_colors.iter().all(|&d| d == c) =>
                {
                    Some(if goal.or_defends() { c } else { c.opponent() })
                }
                _ => self.to_move,
            }
        });
        let defender = or_player.map(|c| goal.defender(c));

        // Crucial stones.
        for p in self.crucial.iter() {
            if !p.on_board(size) {
                errors.push(ValidationError::CrucialOffBoard {
                    point: name(p),
                    size,
                });
                continue;
            }
            let Some(board) = &position else { continue };
            match (board.color_at(p), defender, or_player) {
                (None, _, _) => errors.push(ValidationError::CrucialOnEmpty { point: name(p) }),
                (Some(found), Some(expected), Some(or_player)) if found != expected => {
                    errors.push(ValidationError::CrucialWrongColor {
                        point: name(p),
                        found,
                        expected,
                        goal,
                        or_player,
                    })
                }
                _ => {}
            }
        }

        // Territory.
        for p in self.territory.iter().filter(|p| !p.on_board(size)) {
            errors.push(ValidationError::TerritoryOffBoard {
                point: name(p),
                size,
            });
        }
        if !self.territory.is_empty() && !goal.every_crucial_block() {
            errors.push(ValidationError::TerritoryWithoutEveryBlock { goal });
        }

        // Region.
        if let Some(region) = &self.region {
            for p in region.iter().filter(|p| !p.on_board(size)) {
                errors.push(ValidationError::RegionOffBoard {
                    point: name(p),
                    size,
                });
            }
        }
        let region = match (&self.region, &position) {
            (Some(r), _) => r.intersection(&on_board),
            (None, Some(board)) => default_region(&placed, self.moves.len(), board),
            (None, None) => Zone::new(),
        };
        if let Some(board) = &position {
            if !region.intersects(&board.empty_points()) {
                errors.push(ValidationError::RegionWithoutEmptyPoint);
            }
        }

        // Answer lines.
        if let Some(board) = &position {
            check_answer(&self.answer, board, &mut errors);
        }

        match (position, self.to_move, or_player) {
            (Some(board), Some(to_move), Some(or_player)) if errors.is_empty() => {
                let ko_rules = ByColor::new(
                    self.ko_rules
                        .black
                        .unwrap_or(KoRule::default_for(Color::Black, or_player)),
                    self.ko_rules
                        .white
                        .unwrap_or(KoRule::default_for(Color::White, or_player)),
                );
                let region_open = super::open_region::region_is_open(
                    &board,
                    &region,
                    &self.crucial,
                    goal.defender(or_player),
                );
                Ok(Problem {
                    region_open,
                    start: placed,
                    setup_moves: self.moves,
                    board,
                    to_move,
                    or_player,
                    goal,
                    region,
                    crucial: self.crucial,
                    territory: self.territory,
                    ko_rules,
                    expected: self.expected,
                    expected_way: self.expected_way,
                    name: self.name,
                    comment: self.comment,
                    source: self.source,
                    answer: self.answer,
                })
            }
            _ => Err(ValidationErrors(errors)),
        }
    }
}

/// The blocks (by flood fill over `stones`) that have no empty neighbour on a board of side
/// `size`, in ascending order of their first stone, Black first.
fn blocks_without_liberties(stones: &ByColor<Zone>, size: usize) -> Vec<(Color, Zone)> {
    let occupied = stones.black.union(&stones.white);
    let mut out = Vec::new();
    for c in Color::ALL {
        let mut seen = Zone::new();
        for p in stones[c].iter() {
            if seen.contains(p) {
                continue;
            }
            let mut block = Zone::new();
            let mut stack = vec![p];
            block.insert(p);
            let mut has_liberty = false;
            while let Some(q) = stack.pop() {
                for n in q.neighbors() {
                    if !n.on_board(size) {
                        continue;
                    }
                    if !occupied.contains(n) {
                        has_liberty = true;
                    } else if stones[c].contains(n) && block.insert(n) {
                        stack.push(n);
                    }
                }
            }
            seen.union_with(&block);
            if !has_liberty {
                out.push((c, block));
            }
        }
    }
    out
}

/// A board of side `size` (valid) holding `stones` (disjoint, on the board, every block with a
/// liberty).
fn build_board(stones: &ByColor<Zone>, size: usize) -> Board {
    // One diagram parse rebuilds the blocks once, instead of once per stone with `set_stone`.
    let mut text = String::with_capacity(size * (size + 1));
    for y in 0..size {
        for x in 0..size {
            let p = Point::new(x, y);
            text.push(if stones.black.contains(p) {
                'X'
            } else if stones.white.contains(p) {
                'O'
            } else {
                '.'
            });
        }
        text.push('\n');
    }
    match Board::from_ascii(&text) {
        Ok(board) => board,
        Err(_) => {
            // Unreachable given the preconditions; fall back to stone-by-stone set-up.
            let mut board = Board::try_new(size).unwrap_or_else(|| Board::new(MAX_SIZE));
            for c in Color::ALL {
                for p in stones[c].iter() {
                    board.set_stone(c, p);
                }
            }
            board
        }
    }
}

/// Names of the points of `zone` for a message, at most [`MAX_NAMED_STONES`].
fn name_points(zone: &Zone, size: usize) -> String {
    let mut names: Vec<String> = zone
        .iter()
        .take(MAX_NAMED_STONES)
        .map(|p| PointName::new(p, size).to_string())
        .collect();
    if zone.len() > MAX_NAMED_STONES {
        names.push(format!("and {} more", zone.len() - MAX_NAMED_STONES));
    }
    names.join(", ")
}

/// Why a move is illegal, in words.
pub(crate) fn illegal_reason(e: IllegalMove) -> String {
    match e {
        IllegalMove::OffBoard(_) => "the point is off the board",
        IllegalMove::Occupied(_) => "the point is occupied",
        IllegalMove::Ko(_) => "it retakes a ko at once",
        IllegalMove::Suicide(_) => "it is suicide",
    }
    .to_string()
}

/// Replay every answer line from `board` and report each illegal move (its subtree is skipped).
/// A ko retaken at once is not illegal here: the ko threat exchange that a book leaves out is
/// taken as played.
fn check_answer(answer: &AnswerTree, board: &Board, errors: &mut Vec<ValidationError>) {
    let mut board = board.clone();
    board.clear_history();
    let mut line = Vec::new();
    for node in &answer.variations {
        check_answer_node(node, &mut board, &mut line, errors);
    }
}

fn check_answer_node(
    node: &AnswerNode,
    board: &mut Board,
    line: &mut Vec<String>,
    errors: &mut Vec<ValidationError>,
) {
    let size = board.size();
    let check = board.check(node.color, node.mv);
    if let Err(IllegalMove::Ko(_)) = check {
        // A ko retaken at once: books and sites leave out the ko threat and its answer between
        // the two captures. The line goes on as if they had been played.
        board.play_recorded_lifting_ko(node.color, node.mv);
    } else if let Err(e) = check {
        errors.push(ValidationError::IllegalAnswerMove {
            line: if line.is_empty() {
                "start".to_string()
            } else {
                line.join(", ")
            },
            mv: move_name(node.color, node.mv, size),
            reason: illegal_reason(e),
        });
        return;
    } else {
        board.play_recorded(node.color, node.mv);
    }
    line.push(format!(
        "{} {}",
        node.color.sgf_letter(),
        move_gtp(node.mv, size)
    ));
    for child in &node.children {
        check_answer_node(child, board, line, errors);
    }
    line.pop();
    board.undo();
}

/// The region of a problem that marks none: every empty point of the problem position, except
/// for a game played from the empty board (no stones placed, at least one move: a Killall-Go
/// record), where the whole board is in play (the points of stones captured later too). The
/// SGF writer leaves `MA` out exactly when the region is this.
pub fn default_region(start: &ByColor<Zone>, setup_moves: usize, board: &Board) -> Zone {
    if start.black.is_empty() && start.white.is_empty() && setup_moves > 0 {
        board.all_points()
    } else {
        board.empty_points()
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::go::Move;
    use crate::problem::setup::SetupMove;

    fn sgf(s: &str) -> Point {
        Point::from_sgf(s).unwrap()
    }

    fn zone(points: &[&str]) -> Zone {
        points.iter().map(|s| sgf(s)).collect()
    }

    /// A 5x5 board: Black lives in the top-left corner with two stones to protect.
    fn small_setup() -> ProblemSetup {
        let board = Board::from_ascii(
            "X X O . .
             . X O . .
             X X O . .
             O O O . .
             . . . . .",
        )
        .unwrap();
        let mut s = ProblemSetup::from_board(&board, Color::Black);
        s.crucial = zone(&["aa"]);
        s
    }

    #[test]
    fn defaults() {
        let p = small_setup().validate().unwrap();
        assert_eq!(p.goal(), Goal::Live);
        assert_eq!(p.or_player(), Color::Black);
        assert_eq!(p.defender(), Color::Black);
        assert_eq!(p.attacker(), Color::White);
        assert_eq!(p.ko_rules(), ByColor::new(KoRule::Disallow, KoRule::Allow));
        assert_eq!(p.region(), p.board().empty_points());
        assert_eq!(p.region().len(), 14);
    }

    #[test]
    fn or_player_follows_crucial_stones() {
        let mut s = small_setup();
        s.to_move = Some(Color::White);
        let p = s.clone().validate().unwrap();
        assert_eq!((p.or_player(), p.to_move()), (Color::Black, Color::White));
        s.goal = Some(Goal::Kill);
        let p = s.validate().unwrap();
        assert_eq!((p.or_player(), p.defender()), (Color::White, Color::Black));
        assert_eq!(p.ko_rules(), ByColor::new(KoRule::Allow, KoRule::Disallow));
    }

    #[test]
    fn reports_every_error() {
        let mut s = small_setup();
        s.stones.black.insert(sgf("ee")); // fine
        s.stones.white.insert(sgf("ee")); // both colours
        s.stones.black.insert(sgf("gg")); // off a 5x5 board
        s.crucial = zone(&["aa", "ca", "dd", "hh"]); // ok, wrong colour, empty, off board
        s.region = Some(zone(&["aa", "ab", "jj"])); // ab is empty; jj off board
        s.to_move = None;
        s.or_player = Some(Color::Black);
        let errors = s.validate().unwrap_err();
        let messages = errors.messages();
        assert_eq!(
            messages,
            vec![
                "no side to move is given (SGF: add PL[B] or PL[W])",
                "Black stone at gg is off the 5x5 board",
                "point E1 (SGF ee) has both a black and a white stone",
                "crucial stone C5 (SGF ca) is White, but with goal live and OR player Black the \
                 crucial stones must be the defender's (Black)",
                "crucial stone D2 (SGF dd) is on an empty point",
                "crucial stone hh is off the 5x5 board",
                "region point jj is off the 5x5 board",
            ]
        );
    }

    #[test]
    fn zero_liberty_blocks_and_size() {
        let mut s = ProblemSetup::new(3);
        s.to_move = Some(Color::Black);
        s.stones.black = zone(&["aa", "ba"]);
        s.stones.white = zone(&["ca", "ab", "bb", "cb"]);
        let messages = s.validate().unwrap_err().messages();
        assert_eq!(
            messages,
            vec!["the Black block of 2 stone(s) at A3 (SGF aa), B3 (SGF ba) has no liberty"]
        );
        let mut s = ProblemSetup::new(25);
        s.goal = Some(Goal::Kill);
        let messages = s.validate().unwrap_err().messages();
        assert_eq!(
            messages,
            vec![
                "board size 25 is not in 2..=19",
                "no side to move is given (SGF: add PL[B] or PL[W])",
                "goal kill needs at least one crucial stone (SGF TR)",
            ]
        );
        for size in [0, 1, 20, usize::MAX] {
            assert!(ProblemSetup::new(size).validate().is_err());
        }
    }

    #[test]
    fn setup_moves_capture_and_stop_at_illegal() {
        let mut s = ProblemSetup::new(5);
        s.to_move = Some(Color::Black);
        let m = |c, p: &str| SetupMove::new(c, Move::Play(sgf(p)));
        // White's aa is captured by Black's ab; then White plays aa again: suicide? No: it
        // captures nothing and has no liberty -> suicide.
        s.moves = vec![
            m(Color::Black, "ba"),
            m(Color::White, "aa"),
            m(Color::Black, "ab"),
            SetupMove::new(Color::White, Move::Pass),
        ];
        let p = s.clone().validate().unwrap();
        assert_eq!(p.board().color_at(sgf("aa")), None);
        assert_eq!(p.setup_moves().len(), 4);
        // A game from the empty board: the whole board is in play, the captured point too.
        assert_eq!(p.region().len(), 25);
        let mut with_stone = s.clone();
        with_stone.stones.black.insert(sgf("ee"));
        assert_eq!(with_stone.validate().unwrap().region().len(), 22);
        s.moves.push(m(Color::White, "aa"));
        s.moves.push(m(Color::Black, "ba"));
        let messages = s.validate().unwrap_err().messages();
        assert_eq!(
            messages,
            vec!["setup move 5 (White A5 (SGF aa)) is illegal: it is suicide"]
        );
    }

    #[test]
    fn region_needs_an_empty_point() {
        let mut s = small_setup();
        s.region = Some(zone(&["aa", "ba"]));
        assert_eq!(
            s.validate().unwrap_err().messages(),
            vec!["the region has no empty point"]
        );
    }

    #[test]
    fn an_answer_may_retake_a_ko_at_once() {
        let board = Board::from_ascii(
            ". X O . .
             X O . O .
             . X O . .
             . . . . .
             . . . . .",
        )
        .unwrap();
        let mut s = ProblemSetup::from_board(&board, Color::Black);
        let take = |c, p: &str| AnswerNode::new(c, Move::Play(sgf(p)));
        // Black takes the ko, White takes it back, Black again: the threats are left out.
        s.answer = AnswerTree {
            variations: vec![take(Color::Black, "cb")
                .with_child(take(Color::White, "bb").with_child(take(Color::Black, "cb")))],
        };
        assert_eq!(s.clone().validate().unwrap().answer().depth(), 3);
        // A move on a stone is still refused.
        s.answer.variations[0].children[0].children[0] = take(Color::Black, "ab");
        assert_eq!(
            s.validate().unwrap_err().messages(),
            vec!["answer line B C4, W B4: Black A4 (SGF ab) is illegal: the point is occupied"]
        );
    }

    #[test]
    fn answer_moves_are_checked() {
        let mut s = small_setup();
        s.answer = AnswerTree {
            variations: vec![
                AnswerNode::new(Color::Black, Move::Play(sgf("da")))
                    .with_child(AnswerNode::new(Color::White, Move::Play(sgf("da")))),
                AnswerNode::new(Color::Black, Move::Play(sgf("ca"))),
            ],
        };
        assert_eq!(
            s.validate().unwrap_err().messages(),
            vec![
                "answer line B D5: White D5 (SGF da) is illegal: the point is occupied",
                "answer line start: Black C5 (SGF ca) is illegal: the point is occupied",
            ]
        );
    }
}
