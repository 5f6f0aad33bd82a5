//! GNU Go's life-and-death commands, answered by proof so that GNU Go's regression files run
//! unchanged: `owl_attack P` / `owl_defend P` reply `0`, or `1`, `2`, `3` with the move (GNU
//! Go's codes: wins, a ko won by taking first, a ko needing a threat), and `dragon_status P`
//! replies `alive`, `dead` or `critical ATTACK DEFENSE`. Each question is the open-boundary
//! problem of the `owl` command ([`crate::solver::jobs::open_problem`]), searched with the
//! engine's settings and checked. What is not proven either way is `unknown` (GNU Go never
//! says it; a regression runner counts it as a failure, which it is).

use super::gfx::move_word;
use super::session::{Searched, Session};
use super::tsumego::{point_list, Reply};
use crate::go::{Move, Point};
use crate::report::gnugo_codes::gnugo_code;
use crate::solver::jobs::open_problem::{answer_owl, owl_claims, OwlAsk};

/// A question's answer: GNU Go's code and the asked side's move (`None`: unknown).
type Answer = Option<(u8, Option<Move>)>;

/// `owl_attack P` and `owl_defend P`.
pub fn owl(session: &mut Session, args: &[String], ask: OwlAsk) -> Reply {
    let target = target(session, args)?;
    Ok(answer_words(ask_owl(session, target, ask)?, session))
}

/// `dragon_status P`: `alive` when the attack fails, `dead` when it works and the defence
/// fails, `critical A D` when both work (moving first), else `unknown`.
pub fn dragon_status(session: &mut Session, args: &[String]) -> Reply {
    let target = target(session, args)?;
    let size = session.position.size();
    let attack = ask_owl(session, target, OwlAsk::Attack)?;
    Ok(match attack {
        Some((0, _)) => "alive".to_string(),
        Some((_, attack_move)) => match ask_owl(session, target, OwlAsk::Defend)? {
            Some((0, _)) => "dead".to_string(),
            Some((_, defense_move)) => {
                format!(
                    "critical {} {}",
                    owl_move(attack_move, size),
                    owl_move(defense_move, size)
                )
            }
            None => "unknown".to_string(),
        },
        None => "unknown".to_string(),
    })
}

fn target(session: &Session, args: &[String]) -> Result<Point, String> {
    let points = point_list(args, session.position.size())?;
    match (points.first(), points.len()) {
        (Some(p), 1) => Ok(p),
        _ => Err("one point is needed".to_string()),
    }
}

fn ask_owl(session: &mut Session, target: Point, ask: OwlAsk) -> Result<Answer, String> {
    let claims = owl_claims(session.position.board(), target, ask).map_err(|e| e.to_string())?;
    let limit = session.search.config().time_limit;
    let answer = answer_owl(&claims, limit, |claim, share| {
        let searched: Searched = session.search_within(claim, share);
        let go = searched.analysis.go.filter(|_| !searched.rejected());
        (searched, go)
    });
    let attacker = ask == OwlAsk::Attack;
    Ok(answer.and_then(|answer| {
        let or_player = claims[answer.claim].problem.or_player();
        answer.go.map(|go| {
            let code = gnugo_code(go, attacker);
            let mv = (code != 0)
                .then(|| answer.output.analysis.first_move_of(or_player))
                .flatten();
            (code, mv)
        })
    }))
}

fn answer_words(answer: Answer, session: &Session) -> String {
    let size = session.position.size();
    match answer {
        None => "unknown".to_string(),
        Some((0, _)) => "0".to_string(),
        Some((code, mv)) => format!("{code} {}", owl_move(mv, size)),
    }
}

/// A move as GNU Go's owl replies write it (`PASS` for a pass or none).
fn owl_move(mv: Option<Move>, size: usize) -> String {
    mv.map_or("PASS".to_string(), |m| move_word(m, size))
}
