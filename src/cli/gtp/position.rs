//! The GTP engine's position: a *base* (a problem file's setup with its markup, a game
//! record's position, or the empty board of `clear_board`) and the moves played on it since
//! (`play`, taken back by `undo`), each checked as Go's rules say (occupied points, suicide and
//! the simple-ko ban). The position a search is asked about is [`Position::setup`]: the base's
//! markup with the current stones.

use crate::go::{Board, Color, IllegalMove, Move, Point, Zone};
use crate::problem::{ProblemSetup, SetupMove};

/// The smallest and largest board sides the engine plays on.
pub const SIZES: std::ops::RangeInclusive<usize> = 2..=19;

/// The board, the moves played and the markup they are judged with.
#[derive(Clone, Debug)]
pub struct Position {
    /// The position moves are played from, with its markup (target, region, goal, ko rules).
    base: ProblemSetup,
    /// The moves played since the base, with the board after each (`boards[0]`: the base's).
    played: Vec<SetupMove>,
    boards: Vec<Board>,
}

impl Position {
    /// The empty board of side `size` (one of [`SIZES`]), Black to play.
    pub fn empty(size: usize) -> Position {
        let mut base = ProblemSetup::new(size);
        base.to_move = Some(Color::Black);
        Position {
            base,
            played: Vec::new(),
            boards: vec![Board::new(size)],
        }
    }

    /// `setup`'s position with its markup, or why it is no position (illegal stones or setup
    /// moves; the markup is not checked here: a search checks it).
    pub fn from_setup(mut setup: ProblemSetup) -> Result<Position, String> {
        let board = bare_board(&setup)?;
        if setup.to_move.is_none() {
            setup.to_move = Some(Color::Black);
        }
        Ok(Position {
            base: setup,
            played: Vec::new(),
            boards: vec![board],
        })
    }

    /// A game's board with no markup, `to_play` to move.
    pub fn from_board(board: &Board, to_play: Color) -> Position {
        let mut base = ProblemSetup::from_board(board, to_play);
        base.to_move = Some(to_play);
        Position {
            base,
            played: Vec::new(),
            boards: vec![board.clone()],
        }
    }

    pub fn size(&self) -> usize {
        self.base.size
    }

    /// The current board.
    pub fn board(&self) -> &Board {
        // `boards` always holds the base's board.
        &self.boards[self.boards.len() - 1]
    }

    /// The side to play: the opponent of the last move's, else the base's.
    pub fn to_play(&self) -> Color {
        match self.played.last() {
            Some(m) => m.color.opponent(),
            None => self.base.to_move.unwrap_or(Color::Black),
        }
    }

    /// The moves played since the base.
    pub fn played(&self) -> &[SetupMove] {
        &self.played
    }

    /// Play `mv` for `color`, or say why it is illegal.
    pub fn play(&mut self, color: Color, mv: Move) -> Result<(), String> {
        let mut board = self.board().clone();
        board.play(color, mv).map_err(|e| {
            let why = match e {
                IllegalMove::OffBoard(_) => "off the board",
                IllegalMove::Occupied(_) => "occupied",
                IllegalMove::Ko(_) => "a ko recapture",
                IllegalMove::Suicide(_) => "suicide",
            };
            format!("illegal move: {why}")
        })?;
        board.clear_history();
        self.played.push(SetupMove::new(color, mv));
        self.boards.push(board);
        Ok(())
    }

    /// Take the last move back; `false` when there is none.
    pub fn undo(&mut self) -> bool {
        if self.played.pop().is_none() {
            return false;
        }
        self.boards.pop();
        true
    }

    /// GTP's `set_free_handicap`: Black stones on an empty board (the base becomes them).
    pub fn place_handicap(&mut self, stones: &Zone) -> Result<(), String> {
        if !self.board().stones(Color::Black).is_empty()
            || !self.board().stones(Color::White).is_empty()
        {
            return Err("board not empty".to_string());
        }
        let mut base = ProblemSetup::new(self.size());
        base.stones.black = *stones;
        base.to_move = Some(Color::White);
        *self = Position::from_setup(base)?;
        Ok(())
    }

    /// The base's markup, to read or change (`tsumego_set`).
    pub fn markup(&self) -> &ProblemSetup {
        &self.base
    }

    pub fn markup_mut(&mut self) -> &mut ProblemSetup {
        &mut self.base
    }

    /// The setup of the current position with the base's markup and `to_move` to play. With no
    /// move played it is the base itself (a problem file's claim stays the file's); after
    /// moves, the stones before the last move and that move (so that its ko ban holds), and
    /// the file's expected result and answer tree are dropped (they were about the base).
    pub fn setup(&self, to_move: Color) -> ProblemSetup {
        let mut setup = self.base.clone();
        setup.to_move = Some(to_move);
        let Some(last) = self.played.last() else {
            return setup;
        };
        let before = &self.boards[self.boards.len() - 2];
        setup.stones.black = before.stones(Color::Black);
        setup.stones.white = before.stones(Color::White);
        setup.moves = vec![*last];
        setup.expected = None;
        setup.expected_way = None;
        setup.answer = Default::default();
        setup.moves_read = None;
        setup
    }

    /// `showboard`'s diagram: columns lettered as GTP does, rows numbered from the bottom,
    /// `X` Black, `O` White, `.` empty.
    pub fn diagram(&self) -> String {
        let board = self.board();
        let n = board.size();
        let letters: String = (0..n)
            .map(|x| format!(" {}", crate::go::point::column_letter(x)))
            .collect();
        let mut text = format!("\n   {letters}\n");
        for y in 0..n {
            let row = n - y;
            let cells: String = (0..n)
                .map(|x| match board.color_at(Point::new(x, y)) {
                    Some(c) => format!(" {}", c.ascii()),
                    None => " .".to_string(),
                })
                .collect();
            text.push_str(&format!("{row:>2} {cells} {row}\n"));
        }
        text.push_str(&format!("   {letters}\n"));
        text
    }
}

/// The board of `setup`'s position (stones, then setup moves), its markup left out.
fn bare_board(setup: &ProblemSetup) -> Result<Board, String> {
    let mut bare = ProblemSetup::new(setup.size);
    bare.stones = setup.stones;
    bare.moves = setup.moves.clone();
    bare.to_move = Some(setup.to_move.unwrap_or(Color::Black));
    bare.validate()
        .map(|p| p.board().clone())
        .map_err(|e| e.to_string())
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    fn play(p: &mut Position, c: Color, v: &str) -> Result<(), String> {
        let n = p.size();
        p.play(c, Move::Play(Point::from_gtp(v, n).unwrap()))
    }

    #[test]
    fn moves_capture_obey_the_ko_ban_and_are_taken_back() {
        let (b, w) = (Color::Black, Color::White);
        let mut p = Position::empty(5);
        // A ko in the lower left: Black captures at B1, White may not retake at once.
        for (c, v) in [
            (b, "B2"),
            (w, "C2"),
            (b, "A1"),
            (w, "D1"),
            (b, "C1"),
            (w, "B1"),
        ] {
            play(&mut p, c, v).unwrap();
        }
        assert_eq!(p.board().color_at(Point::from_gtp("C1", 5).unwrap()), None);
        assert!(play(&mut p, b, "C1").is_err(), "the ko ban");
        assert!(play(&mut p, b, "B2").is_err(), "occupied");
        play(&mut p, b, "E5").unwrap();
        assert!(p.undo());
        assert_eq!(p.to_play(), b);
        assert!(p.undo());
        assert_eq!(
            p.board().color_at(Point::from_gtp("C1", 5).unwrap()),
            Some(b)
        );
        while p.undo() {}
        assert!(!p.undo());
        assert_eq!(p.board().empty_points().len(), 25);
    }

    #[test]
    fn the_setup_keeps_the_last_move_for_its_ko_ban() {
        let (b, w) = (Color::Black, Color::White);
        let mut p = Position::empty(5);
        for (c, v) in [(b, "B2"), (w, "C2"), (b, "A1"), (w, "D1"), (b, "C1")] {
            play(&mut p, c, v).unwrap();
        }
        play(&mut p, w, "B1").unwrap();
        let setup = p.setup(b);
        assert_eq!(setup.moves.len(), 1);
        let problem = setup.validate().unwrap();
        assert_eq!(problem.board().to_ascii(), p.board().to_ascii());
        assert!(!problem
            .board()
            .is_legal(b, Move::Play(Point::from_gtp("C1", 5).unwrap())));
    }

    #[test]
    fn the_diagram_is_lettered_and_numbered() {
        let mut p = Position::empty(3);
        play(&mut p, Color::Black, "A1").unwrap();
        play(&mut p, Color::White, "C3").unwrap();
        assert_eq!(
            p.diagram(),
            "\n    A B C\n 3  . . O 3\n 2  . . . 2\n 1  X . . 1\n    A B C\n"
        );
    }

    #[test]
    fn handicap_stones_need_an_empty_board() {
        let mut p = Position::empty(9);
        let stones: Zone = ["C3", "G7"]
            .iter()
            .map(|v| Point::from_gtp(v, 9).unwrap())
            .collect();
        p.place_handicap(&stones).unwrap();
        assert_eq!(p.to_play(), Color::White);
        assert_eq!(p.board().stones(Color::Black), stones);
        assert!(p.place_handicap(&stones).is_err());
    }
}
