//! The problem commands: `tsumego_set` (the target, region, goal and ko rules the position is
//! judged with, or inferred as `solve` infers them), `tsumego_solve` (proven / ko / disproven /
//! unknown, the winning move, the Go result, the check), `tsumego_moves` (every first move
//! judged), `genmove` (the proof's move), and the `gfx` commands drawing a search.

use super::gfx::{self, color_line, points, var_line, MUST_PLAY_COLOR, REGION_COLOR, ZONE_COLOR};
use super::session::{Searched, Session};
use crate::go::{Color, Move, Point, Zone};
use crate::problem::{Goal, KoRule, Problem};
use crate::report::gnugo_codes::gnugo_code;
use crate::report::verdict::analysis_words;
use crate::solver::jobs::first_moves::{judge_first_moves, MoveResult};
use crate::solver::jobs::go_result::{GoResult, Life};
use crate::solver::kernel::progress::RootState;
use crate::solver::{Solution, Status};
use std::sync::Arc;

/// A command's reply text, or the text of its failure.
pub type Reply = Result<String, String>;

/// `tsumego_set [clear | target P… | region P…|auto | goal NAME | ko COLOR RULE]`: change the
/// markup, then describe it.
pub fn set(session: &mut Session, args: &[String]) -> Reply {
    let size = session.position.size();
    let board = session.position.board().clone();
    let markup = session.position.markup_mut();
    match args.first().map(|a| a.to_ascii_lowercase()).as_deref() {
        None | Some("show") => {}
        Some("clear") | Some("infer") => {
            markup.crucial = Zone::new();
            markup.region = None;
            markup.goal = None;
            markup.or_player = None;
            markup.territory = Zone::new();
            markup.ko_rules = Default::default();
        }
        Some("target") => {
            let stones = point_list(&args[1..], size)?;
            if stones.is_empty() {
                return Err("tsumego_set target needs one point or more".to_string());
            }
            let mut target = Zone::new();
            let mut colour = None;
            for p in stones.iter() {
                let Some(c) = board.color_at(p) else {
                    return Err(format!("{}: there is no stone there", p.to_gtp(size)));
                };
                if colour.is_some_and(|d| d != c) {
                    return Err("the target stones must be of one colour".to_string());
                }
                colour = Some(c);
                target.union_with(&board.block_stones(p));
            }
            markup.crucial = target;
            markup.or_player = None;
        }
        Some("region") => match args.get(1).map(|a| a.to_ascii_lowercase()).as_deref() {
            Some("auto") => markup.region = None,
            Some("all") => markup.region = Some(board.all_points()),
            _ => {
                let region = point_list(&args[1..], size)?;
                if region.is_empty() {
                    return Err("tsumego_set region needs points, `all` or `auto`".to_string());
                }
                markup.region = Some(region);
            }
        },
        Some("goal") => {
            let name = args.get(1).ok_or("tsumego_set goal needs a goal name")?;
            let goal = Goal::from_name(name)
                .ok_or_else(|| format!("{name}: not a goal ({})", goal_names()))?;
            markup.goal = Some(goal);
            markup.or_player = None;
        }
        Some("ko") => {
            let (Some(c), Some(r)) = (args.get(1), args.get(2)) else {
                return Err(
                    "tsumego_set ko needs a colour and allow, disallow or master".to_string(),
                );
            };
            let colour = Color::parse(c).ok_or_else(|| format!("{c}: not a colour"))?;
            let rule = KoRule::from_name(r)
                .ok_or_else(|| format!("{r}: not a ko rule (allow, disallow, master)"))?;
            *markup.ko_rules.get_mut(colour) = Some(rule);
        }
        Some(other) => {
            return Err(format!(
                "{other}: tsumego_set takes clear, target, region, goal, ko or show"
            ))
        }
    }
    session.last = None;
    describe(session)
}

fn goal_names() -> String {
    Goal::ALL
        .iter()
        .map(|g| g.name())
        .collect::<Vec<_>>()
        .join(", ")
}

/// The markup in words, and the problem it makes (or why it makes none).
fn describe(session: &Session) -> Reply {
    let size = session.position.size();
    let markup = session.position.markup();
    let target = if markup.crucial.is_empty() {
        "inferred".to_string()
    } else {
        points(&markup.crucial, size)
    };
    let region = match &markup.region {
        None => "inferred".to_string(),
        Some(r) => format!("{} points", r.len()),
    };
    let goal = markup.goal.map_or("inferred", Goal::name);
    let problem = match session.problem(None) {
        Ok(p) => p.summary(),
        Err(e) => format!("no problem: {e}"),
    };
    Ok(format!(
        "target {target}; region {region}; goal {goal}; {problem}"
    ))
}

/// GTP points, each checked.
pub fn point_list(args: &[String], size: usize) -> Result<Zone, String> {
    args.iter()
        .map(|a| Point::from_gtp(a, size).ok_or_else(|| format!("{a}: not a point of the board")))
        .collect()
}

/// An optional colour argument.
pub fn color_arg(args: &[String]) -> Result<Option<Color>, String> {
    args.first()
        .map(|a| Color::parse(a).ok_or_else(|| format!("{a}: not a colour")))
        .transpose()
}

/// `tsumego_solve [COLOR]`: `STATUS MOVE RESULT CHECK -- words`.
pub fn solve(session: &mut Session, args: &[String]) -> Reply {
    let claim = session.problem(color_arg(args)?)?;
    let searched = session.search(&claim);
    Ok(verdict_line(&searched))
}

/// A search's verdict for its OR player: `proven C3 lives checked -- White lives: …`.
pub fn verdict_line(s: &Searched) -> String {
    let a = &s.analysis;
    let size = s.claim.size();
    let asked = s.claim.or_player();
    let attacker = !s.claim.goal().or_defends();
    let status = if s.rejected() {
        "unknown"
    } else if let Some(go) = a.go {
        match gnugo_code(go, attacker) {
            1 => "proven",
            0 => "disproven",
            _ => "ko",
        }
    } else {
        match a.status_without_ko() {
            Status::Win => "proven",
            Status::Fail => "disproven",
            Status::Unknown => "unknown",
        }
    };
    let first = match status {
        "proven" | "ko" => a.first_move_of(asked).map(|m| gfx::move_word(m, size)),
        _ => None,
    };
    let result = match a.go.filter(|_| !s.rejected()) {
        Some(GoResult::Lives { life: Life::Seki }) => "lives-in-seki",
        Some(go) => crate::report::gnugo_codes::go_result_name(go),
        None => "-",
    };
    let check = match &a.check {
        _ if s.rejected() => "rejected",
        Some(c) if c.verdict.accepted() => "checked",
        _ => "unchecked",
    };
    let words = if s.rejected() {
        "the checker rejected the proof (a solver bug; a reproduction file was written)".to_string()
    } else if status == "unknown" {
        format!("unknown: {}", a.solution.stop.describe())
    } else {
        analysis_words(&s.claim, a)
    };
    format!(
        "{status} {} {result} {check} -- {words}",
        first.as_deref().unwrap_or("-")
    )
}

/// `tsumego_moves [COLOR]`: every legal first move (pass included) judged, one per line:
/// `C3 works`, `D4 fails E5` (the refutation), `B1 seki`, `A1 ko`, `E1 unknown`, each with
/// `checked` or `unchecked`.
pub fn moves(session: &mut Session, args: &[String]) -> Reply {
    let judged = judge(session, color_arg(args)?)?;
    let size = session.position.size();
    let lines: Vec<String> = judged
        .iter()
        .map(|(mv, result, answer, checked)| {
            let answer = answer.map(|m| format!(" {}", gfx::move_word(m, size)));
            format!(
                "{} {}{} {}",
                gfx::move_word(*mv, size),
                result.name(),
                answer.unwrap_or_default(),
                if *checked { "checked" } else { "unchecked" }
            )
        })
        .collect();
    Ok(lines.join("\n"))
}

/// One judged first move: the move, its result, the opponent's refutation of a failing move,
/// and whether the checker accepted what it rests on.
type Judged = (Move, MoveResult, Option<Move>, bool);

fn judge(session: &mut Session, side: Option<Color>) -> Result<Vec<Judged>, String> {
    let claim = session.problem(side)?;
    let request = session.request(&claim);
    let all = judge_first_moves(&claim, &request, Arc::default(), None, &mut |_, _, _| {});
    Ok(all
        .moves
        .iter()
        .map(|j| {
            let answer = (j.result == MoveResult::Fails)
                .then(|| j.refutation().and_then(|(_, t)| t.first_move()))
                .flatten();
            (j.mv, j.result, answer, j.checked())
        })
        .collect())
}

/// `genmove COLOR`: the colour's winning move when its claim is proven; else the move its
/// search found most promising (the refuted ones last), or a pass; played on the board.
pub fn genmove(session: &mut Session, args: &[String]) -> Reply {
    let color = color_arg(args)?.ok_or("genmove needs a colour")?;
    let choice = match session.problem(Some(color)) {
        Ok(claim) => {
            let searched = session.search(&claim);
            chosen_move(&searched, color)
        }
        Err(_) => Move::Pass,
    };
    let mv = if session.position.play(color, choice).is_ok() {
        choice
    } else {
        session.position.play(color, Move::Pass)?;
        Move::Pass
    };
    Ok(gfx::move_word(mv, session.position.size()))
}

fn chosen_move(s: &Searched, color: Color) -> Move {
    if !s.rejected() {
        if let Some(mv) = s.analysis.first_move_of(color) {
            return mv;
        }
    }
    let Some(progress) = &s.progress else {
        return Move::Pass;
    };
    let rank = |state: RootState| match state {
        RootState::Proven => 0,
        RootState::Searching | RootState::Open => 1,
        RootState::Refuted => 2,
    };
    progress
        .root_moves
        .iter()
        .min_by_key(|r| (rank(r.state), std::cmp::Reverse(r.nodes)))
        .map_or(Move::Pass, |r| r.mv)
}

/// The last search of the position for `side` (`None`: the markup's claim), or a new one.
fn searched(session: &mut Session, side: Option<Color>) -> Result<Searched, String> {
    let claim = session.problem(side)?;
    if let Some(last) = session.last_search() {
        if last.claim.or_player() == claim.or_player() && last.claim.goal() == claim.goal() {
            return Ok(last.clone());
        }
    }
    Ok(session.search(&claim))
}

/// `tsumego_gfx_zone [COLOR]`: the root's relevance zone of the proof (a failure: of the
/// opponent's proof), with the verdict.
pub fn gfx_zone(session: &mut Session, args: &[String]) -> Reply {
    let s = searched(session, color_arg(args)?)?;
    let size = s.claim.size();
    let zone = proven(&s).and_then(|won| won.root_zone);
    Ok(with_verdict(
        zone.and_then(|z| color_line(ZONE_COLOR, &z, size)),
        &s,
    ))
}

/// `tsumego_gfx_must_play [COLOR]`: the must-play region of the first AND node, as the search
/// last reported it.
pub fn gfx_must_play(session: &mut Session, args: &[String]) -> Reply {
    let s = searched(session, color_arg(args)?)?;
    let size = s.claim.size();
    let zone = s.progress.as_ref().and_then(|p| p.must_play);
    Ok(
        match zone.and_then(|z| color_line(MUST_PLAY_COLOR, &z, size)) {
            Some(line) => format!(
                "{line}\nTEXT must-play region of {} points",
                zone.map_or(0, |z| z.len())
            ),
            None => {
                "TEXT no must-play region was reported (the root was decided at once)".to_string()
            }
        },
    )
}

/// `tsumego_gfx_line [COLOR]`: the proof's main line (a failure: the opponent's proof's).
pub fn gfx_line(session: &mut Session, args: &[String]) -> Reply {
    let s = searched(session, color_arg(args)?)?;
    let size = s.claim.size();
    let line = proven(&s)
        .and_then(|won| won.proof.as_ref())
        .map(|p| p.root.main_line())
        .unwrap_or_default();
    Ok(with_verdict(var_line(s.claim.to_move(), &line, size), &s))
}

/// The solution proven by the search: the claim's own win, else the opposite claim's (the
/// proof of a failure); none when the checker rejected it.
fn proven(s: &Searched) -> Option<&Solution> {
    if s.rejected() {
        return None;
    }
    let a = &s.analysis;
    if a.solution.status == Status::Win {
        return Some(&a.solution);
    }
    a.opposite
        .as_deref()
        .map(|(_, won)| won)
        .filter(|won| won.status == Status::Win)
}

/// A drawing (if any) and the verdict as its `TEXT`.
fn with_verdict(drawing: Option<String>, s: &Searched) -> String {
    let mut lines: Vec<String> = drawing.into_iter().collect();
    lines.push(format!("TEXT {}", verdict_line(s)));
    lines.join("\n")
}

/// `tsumego_gfx_moves [COLOR]`: every first move judged, as labels (`W` works, `L` fails,
/// `ko`, `seki`, `?`).
pub fn gfx_moves(session: &mut Session, args: &[String]) -> Reply {
    let judged = judge(session, color_arg(args)?)?;
    let size = session.position.size();
    let labels: Vec<String> = judged
        .iter()
        .filter_map(|(mv, result, _, _)| {
            let p = mv.point()?;
            let label = match result {
                MoveResult::Works => "W",
                MoveResult::Fails => "L",
                MoveResult::Ko => "ko",
                MoveResult::Seki => "seki",
                MoveResult::Unknown => "?",
            };
            Some(format!("{} {label}", p.to_gtp(size)))
        })
        .collect();
    let works = judged
        .iter()
        .filter(|(_, r, _, _)| *r == MoveResult::Works)
        .count();
    Ok(format!(
        "LABEL {}\nTEXT {} of {} first moves work",
        labels.join(" "),
        works,
        judged.len()
    ))
}

/// `tsumego_gfx_problem`: the region searched, the target stones marked, the claim in words.
pub fn gfx_problem(session: &mut Session, _args: &[String]) -> Reply {
    let problem: Problem = session.problem(None)?;
    let size = problem.size();
    let mut lines: Vec<String> = color_line(REGION_COLOR, &problem.region(), size)
        .into_iter()
        .collect();
    if !problem.crucial().is_empty() {
        lines.push(format!("MARK {}", points(&problem.crucial(), size)));
    }
    lines.push(format!("TEXT {}", problem.summary()));
    Ok(lines.join("\n"))
}
