//! `tsumego-studio gtp`: the solver as a GTP version 2 engine on standard input and output,
//! for GoGui, Sabaki, LizGoban and regression runners (`scripts/gtp_regress.py`, GNU Go's
//! `.tst` files). An app edge beside the command line and the studio: it reads commands, keeps
//! a [`session::Session`] and asks the one solve service; the rules and the solver know
//! nothing of it.
//!
//! - [`protocol`]: reading command lines and writing replies;
//! - [`position`]: the board, the moves played and taken back, the markup;
//! - [`session`]: the engine's state and its one way of searching;
//! - [`tsumego`]: `tsumego_set`, `tsumego_solve`, `tsumego_moves`, `genmove`, the `gfx`
//!   drawings of a search;
//! - [`owl`]: GNU Go's `owl_attack`, `owl_defend`, `dragon_status`;
//! - [`gfx`]: GoGui's analyze commands and live graphics;
//! - [`analyze`]: `lz-analyze` / `kata-analyze` streaming.
//!
//! Bad input never ends the engine: an unknown command, a malformed line, a wrong argument,
//! an unreadable file get a `?` reply, and a command that fails inside (a bug) gets one too.

pub mod analyze;
pub mod gfx;
pub mod owl;
pub mod position;
pub mod protocol;
pub mod session;
pub mod tsumego;

use crate::go::{Color, Move, Point};
use crate::problem::game_record::GameRecord;
use crate::problem::{load_setup_bytes, AnswersBecause, Format, MovesRead, ProblemSetup};
use crate::solver::jobs::open_problem::OwlAsk;
use analyze::{Flavour, Streamed};
use position::{Position, SIZES};
use protocol::{CommandLine, Input};
use session::Session;
use std::io::{self, BufRead, Write};
use std::path::Path;
use tsumego::Reply;

/// A command's handler.
type Handler = fn(&mut Session, &[String]) -> Reply;

/// Every command but the streaming ones ([`STREAMING`]), in `list_commands`' order.
const COMMANDS: &[(&str, Handler)] = &[
    ("protocol_version", |_, _| Ok("2".to_string())),
    ("name", |_, _| Ok("Tsumego Studio".to_string())),
    ("version", |_, _| Ok(env!("CARGO_PKG_VERSION").to_string())),
    ("known_command", known_command),
    ("list_commands", list_commands),
    ("quit", |s, _| {
        s.quitting = true;
        Ok(String::new())
    }),
    ("boardsize", boardsize),
    ("clear_board", |s, _| {
        s.position = Position::empty(s.position.size());
        Ok(String::new())
    }),
    ("komi", komi),
    ("play", play),
    ("undo", |s, _| {
        if s.position.undo() {
            Ok(String::new())
        } else {
            Err("cannot undo".to_string())
        }
    }),
    ("genmove", tsumego::genmove),
    ("set_free_handicap", set_free_handicap),
    ("loadsgf", loadsgf),
    ("showboard", |s, _| Ok(s.position.diagram())),
    ("tsumego_set", tsumego::set),
    ("tsumego_solve", tsumego::solve),
    ("tsumego_moves", tsumego::moves),
    ("tsumego_gfx_zone", tsumego::gfx_zone),
    ("tsumego_gfx_must_play", tsumego::gfx_must_play),
    ("tsumego_gfx_moves", tsumego::gfx_moves),
    ("tsumego_gfx_line", tsumego::gfx_line),
    ("tsumego_gfx_problem", tsumego::gfx_problem),
    ("owl_attack", |s, a| owl::owl(s, a, OwlAsk::Attack)),
    ("owl_defend", |s, a| owl::owl(s, a, OwlAsk::Defend)),
    ("dragon_status", owl::dragon_status),
    ("gogui-analyze_commands", analyze_commands),
    ("gogui_analyze_commands", analyze_commands),
];

/// The commands whose reply streams until the next input.
const STREAMING: &[(&str, Flavour)] = &[
    ("lz-analyze", Flavour::Leela),
    ("kata-analyze", Flavour::Kata),
];

/// Serve GTP on standard input and output until `quit` or the end of the input.
pub fn run(session: Session) -> io::Result<()> {
    let (sender, lines) = crossbeam_channel::unbounded();
    // Input is read on its own thread, so that a streaming reply ends when a line arrives.
    std::thread::spawn(move || {
        let mut stdin = io::stdin().lock();
        let mut buf = Vec::new();
        loop {
            buf.clear();
            match stdin.read_until(b'\n', &mut buf) {
                Ok(0) | Err(_) => break,
                Ok(_) => {
                    let line = String::from_utf8_lossy(&buf)
                        .trim_end_matches(['\n', '\r'])
                        .to_string();
                    if sender.send(Some(line)).is_err() {
                        return;
                    }
                }
            }
        }
        let _ = sender.send(None);
    });
    serve(session, &lines, &mut io::stdout().lock())
}

/// Answer the lines of `input` (`None`: the input ended) on `out`.
pub fn serve(
    mut session: Session,
    input: &crossbeam_channel::Receiver<Option<String>>,
    out: &mut impl Write,
) -> io::Result<()> {
    let mut pending: Option<String> = None;
    loop {
        let line = match pending.take() {
            Some(line) => line,
            None => match input.recv() {
                Ok(Some(line)) => line,
                Ok(None) | Err(_) => return Ok(()),
            },
        };
        let command = match protocol::parse_line(&line) {
            Input::Nothing => continue,
            Input::Malformed { id, why } => {
                out.write_all(protocol::failure(id, &why).as_bytes())?;
                out.flush()?;
                continue;
            }
            Input::Command(c) => c,
        };
        if let Some(&(_, flavour)) = STREAMING.iter().find(|(n, _)| *n == command.name) {
            match analyze::stream(&mut session, &command, flavour, input, out)? {
                Streamed::EndedBy(next) => pending = Some(next),
                Streamed::InputClosed => return Ok(()),
                Streamed::Refused => {}
            }
            continue;
        }
        let reply = execute(&mut session, &command);
        let text = match &reply {
            Ok(text) => protocol::success(command.id, text),
            Err(why) => protocol::failure(command.id, why),
        };
        out.write_all(text.as_bytes())?;
        out.flush()?;
        if session.quitting {
            return Ok(());
        }
    }
}

/// Run one command; a panic inside it (a bug) is a failure reply, and the engine goes on.
fn execute(session: &mut Session, command: &CommandLine) -> Reply {
    let Some(&(_, handler)) = COMMANDS.iter().find(|(n, _)| *n == command.name) else {
        return Err("unknown command".to_string());
    };
    let run = std::panic::AssertUnwindSafe(|| handler(session, &command.args));
    std::panic::catch_unwind(run).unwrap_or_else(|panic| {
        let why = panic
            .downcast_ref::<String>()
            .cloned()
            .or_else(|| panic.downcast_ref::<&str>().map(|s| s.to_string()))
            .unwrap_or_default();
        Err(format!("internal error: {why}"))
    })
}

fn command_names() -> impl Iterator<Item = &'static str> {
    COMMANDS
        .iter()
        .map(|(n, _)| *n)
        .chain(STREAMING.iter().map(|(n, _)| *n))
}

fn known_command(_: &mut Session, args: &[String]) -> Reply {
    let name = args.first().ok_or("known_command needs a command name")?;
    Ok(command_names().any(|n| n == name).to_string())
}

fn list_commands(_: &mut Session, _: &[String]) -> Reply {
    Ok(command_names().collect::<Vec<_>>().join("\n"))
}

fn analyze_commands(session: &mut Session, _: &[String]) -> Reply {
    // The controller that asks is GoGui: it reads live graphics.
    session.live_gfx.enabled = true;
    Ok(gfx::ANALYZE_COMMANDS.to_string())
}

fn boardsize(session: &mut Session, args: &[String]) -> Reply {
    let size: usize = args
        .first()
        .and_then(|a| a.parse().ok())
        .ok_or("boardsize needs a number")?;
    if !SIZES.contains(&size) {
        return Err("unacceptable size".to_string());
    }
    session.position = Position::empty(size);
    Ok(String::new())
}

fn komi(session: &mut Session, args: &[String]) -> Reply {
    let komi: f64 = args
        .first()
        .and_then(|a| a.parse().ok())
        .filter(|k: &f64| k.is_finite())
        .ok_or("komi needs a number")?;
    session.komi = komi;
    Ok(String::new())
}

/// A colour and a vertex (`pass` included).
fn color_and_move(session: &Session, args: &[String]) -> Result<(Color, Move), String> {
    let (Some(c), Some(v)) = (args.first(), args.get(1)) else {
        return Err("a colour and a vertex are needed".to_string());
    };
    let color = Color::parse(c).ok_or_else(|| format!("{c}: not a colour"))?;
    if v.eq_ignore_ascii_case("pass") {
        return Ok((color, Move::Pass));
    }
    let size = session.position.size();
    let p = Point::from_gtp(v, size).ok_or_else(|| format!("{v}: not a point of the board"))?;
    Ok((color, Move::Play(p)))
}

fn play(session: &mut Session, args: &[String]) -> Reply {
    let (color, mv) = color_and_move(session, args)?;
    session.position.play(color, mv)?;
    Ok(String::new())
}

fn set_free_handicap(session: &mut Session, args: &[String]) -> Reply {
    let stones = tsumego::point_list(args, session.position.size())?;
    if stones.len() < 2 || stones.len() != args.len() {
        return Err("bad vertex list".to_string());
    }
    session.position.place_handicap(&stones)?;
    Ok(String::new())
}

/// `loadsgf FILE [N | VERTEX]`: without a move, the file read as `solve` reads it (a problem's
/// markup kept, an answer line not played), except a file taken for a problem only by guessing,
/// which is played to its end ([`game_to_its_end`]); with `N`, the game's position before move
/// `N`;
/// with a vertex, before the first move there. Replies with the colour to play.
fn loadsgf(session: &mut Session, args: &[String]) -> Reply {
    let path = args.first().ok_or("loadsgf needs a file")?;
    let bytes = std::fs::read(path).map_err(|e| format!("cannot load file: {e}"))?;
    let position = match args.get(1) {
        None => {
            let format = Format::from_path(Path::new(path))
                .or_else(|| Format::sniff(&bytes))
                .ok_or("cannot load file: neither SGF nor research JSON")?;
            let setup =
                load_setup_bytes(&bytes, format).map_err(|e| format!("cannot load file: {e}"))?;
            match game_to_its_end(&setup, &bytes) {
                Some(game) => game,
                None => {
                    Position::from_setup(setup).map_err(|e| format!("cannot load file: {e}"))?
                }
            }
        }
        Some(at) => {
            let record = GameRecord::read(&String::from_utf8_lossy(&bytes))
                .map_err(|e| format!("cannot load file: {e}"))?;
            let before = moves_before(&record, at)?;
            let game = record.position_after(before);
            Position::from_board(&game.board, game.to_play)
        }
    };
    session.position = position;
    session.last = None;
    Ok(color_word(session.position.to_play()).to_string())
}

/// GTP's reading of a file the problem reader took for a problem only by guessing (moves after
/// the root with no `PL`, no answer markup, no game-record properties it knows, and no
/// markup of a target or region): the game played to the end of its main line, as GTP's
/// `loadsgf` says (GNU Go's regression files load games so). `None`: the problem's reading
/// stands.
fn game_to_its_end(setup: &ProblemSetup, bytes: &[u8]) -> Option<Position> {
    let guessed = matches!(
        setup.moves_read,
        Some(MovesRead::Answers(AnswersBecause::NoPl))
    );
    let unmarked = setup.crucial.is_empty() && setup.region.is_none() && setup.goal.is_none();
    if !(guessed && unmarked) {
        return None;
    }
    let record = GameRecord::read(&String::from_utf8_lossy(bytes)).ok()?;
    let game = record.position_after(record.moves());
    Some(Position::from_board(&game.board, game.to_play))
}

/// The moves to replay for `loadsgf`'s second argument: `N` (the position before move `N`)
/// or a vertex (before the first move there; the whole game when there is none).
fn moves_before(record: &GameRecord, at: &str) -> Result<usize, String> {
    if let Ok(n) = at.parse::<usize>() {
        return Ok(n.saturating_sub(1));
    }
    let p = Point::from_gtp(at, record.size())
        .ok_or_else(|| format!("{at}: not a move number or vertex"))?;
    let moves = record.steps().iter().filter_map(|s| match s {
        crate::problem::game_record::Step::Play { mv, .. } => Some(*mv),
        _ => None,
    });
    Ok(moves
        .enumerate()
        .find(|(_, m)| *m == Move::Play(p))
        .map_or(record.moves(), |(i, _)| i))
}

fn color_word(c: Color) -> &'static str {
    match c {
        Color::Black => "black",
        Color::White => "white",
    }
}
