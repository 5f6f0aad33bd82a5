//! `tsumego-studio owl FILE [--move N] (--attack P | --defend P) [--secs S] [--json]`: can the
//! group at `P` be captured (`--attack`: its opponent moves first) or saved (`--defend`: its
//! owner moves first) in a game position, with no region or wall given — GNU Go's
//! `owl_attack` / `owl_defend`, answered by proof. The claim is an open-boundary problem
//! ([`crate::solver::jobs::open_problem`]): proven, disproven (the opposite claim proven), a
//! ko (GNU Go's codes 2 and 3), or unknown (the answer depends on the board outside the
//! target's neighbourhood, or the time ran out). Every answer is checked by the independent
//! checker. `--move N` reads the file as GTP's `loadsgf FILE N` does: the position before
//! move `N` is played.

use crate::go::{Color, Move, Point};
use crate::problem::game_record::GameRecord;
use crate::report::gnugo_codes::{gnugo_code, go_result_name};
use crate::solver::jobs::open_problem::{answer_owl, owl_claims, OwlAsk};
use crate::solver::jobs::schedule::Width;
use crate::solver::jobs::service::{solve, ReproTarget, SolveRequest};
use crate::solver::kernel::table_pool::TablePool;
use crate::solver::proof::certify::CheckSettings;
use crate::solver::proof::checked::CheckVerdict;
use crate::solver::{Engine, SolveConfig};
use anyhow::{bail, Context};
use serde::Serialize;
use std::path::Path;
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Duration;

/// What `owl` reports, as its JSON object.
#[derive(Debug, Serialize)]
struct Report {
    file: String,
    /// The position is the one after this many moves.
    after_move: usize,
    /// `attack` or `defend`.
    ask: &'static str,
    target: String,
    /// The side moving first (the asking side).
    to_move: char,
    /// The region searched: `enclosure` (closed round the target by the attacker's stones),
    /// `race` (with the short blocks of that wall and the points round them) or
    /// `neighbourhood` (the target's neighbourhood on the open board).
    region: &'static str,
    /// Empty points of the region searched.
    region_empty: usize,
    /// The target can reach beyond the region (an open-boundary problem).
    open: bool,
    /// `proven` (the asked side wins without ko), `ko` (a ko: see `gnugo`), `disproven` (the
    /// other side wins without ko) or `unknown`.
    result: &'static str,
    /// GNU Go's result code for the asked side: 1 wins, 2 a ko it wins by taking the first ko
    /// capture, 3 a ko where the other side takes it first (the asked side needs a threat), 0
    /// fails; `null` when unknown.
    gnugo: Option<u8>,
    /// The Go result of the position (`kills`, `kills-by-ko`, `lives-by-ko`, `lives`).
    go_result: Option<&'static str>,
    /// The asked side's winning first move (GTP), when it wins.
    #[serde(rename = "move")]
    first_move: Option<String>,
    /// Why the result is unknown.
    reason: Option<String>,
    /// The checker's verdict on the answer.
    check: Option<String>,
    /// Nodes of every search made (the claims tried in turn: `owl_claims`).
    nodes: u64,
    /// Seconds of every search made, checks included.
    seconds: f64,
}

/// Run `owl` on `file`.
pub fn run(
    file: &Path,
    before_move: Option<usize>,
    ask: OwlAsk,
    target: &str,
    secs: f64,
    json: bool,
    problem_out: Option<&Path>,
) -> anyhow::Result<ExitCode> {
    let bytes = std::fs::read(file).with_context(|| format!("{}: cannot read", file.display()))?;
    let record = GameRecord::read(&String::from_utf8_lossy(&bytes))
        .with_context(|| format!("{}", file.display()))?;
    let total = record.moves();
    let after = match before_move {
        None => total,
        Some(0) => bail!("--move counts from 1 (the position before move N)"),
        Some(n) if n - 1 > total => {
            bail!(
                "{}: --move {n}: the game has only {total} moves",
                file.display()
            )
        }
        Some(n) => n - 1,
    };
    let position = record.position_after(after);
    let board = &position.board;
    let size = board.size();
    let Some(point) = Point::from_gtp(target, size) else {
        bail!("{target}: not a point of a {size}x{size} board");
    };
    let claims = owl_claims(board, point, ask)?;
    let config = SolveConfig {
        engine: Engine::DFPN,
        ..SolveConfig::default()
    };
    let request = SolveRequest::new(
        claims[0].problem.clone(),
        config,
        Width::Auto,
        CheckSettings::default(),
        ReproTarget {
            source: Some(file.to_path_buf()),
            ..ReproTarget::in_temp_dir(format!("owl --secs {secs}"))
        },
    );
    let (mut nodes, mut seconds) = (0, 0.0);
    let answer = answer_owl(
        &claims,
        Duration::try_from_secs_f64(secs).ok(),
        |claim, share| {
            let request = request.of_claim(claim.clone()).within(share);
            let solved = solve(&request, Arc::default(), &mut TablePool::new(), &mut |_| {});
            let a = &solved.analysis;
            nodes += a.nodes;
            seconds += a.elapsed.as_secs_f64();
            let rejected = a
                .check
                .as_ref()
                .is_some_and(|c| c.verdict == CheckVerdict::Failed);
            let go = a.go.filter(|_| !rejected);
            ((solved, rejected), go)
        },
    )
    .context("no claim was posed")?;
    let claim = &claims[answer.claim].problem;
    if let Some(out) = problem_out {
        crate::atomic_file::write_atomically(out, crate::problem::write_sgf(claim).as_bytes())
            .with_context(|| format!("{}: cannot write the problem", out.display()))?;
    }
    let (solved, rejected) = answer.output;
    let a = &solved.analysis;
    let go = answer.go;
    let attacker = ask == OwlAsk::Attack;
    let asked: Color = claim.or_player();
    let code = go.map(|g| gnugo_code(g, attacker));
    let result = match code {
        Some(1) => "proven",
        Some(0) => "disproven",
        Some(_) => "ko",
        None => "unknown",
    };
    let first_move = code
        .filter(|&c| c != 0)
        .and_then(|_| a.first_move_of(asked))
        .map(|m| match m {
            Move::Play(p) => p.to_gtp(size),
            Move::Pass => "PASS".to_string(),
        });
    let reason = (code.is_none()).then(|| {
        if rejected {
            "the checker rejected the proof (a solver bug; a reproduction file was written)"
                .to_string()
        } else {
            a.solution.stop.describe().to_string()
        }
    });
    let report = Report {
        file: file.display().to_string(),
        after_move: after,
        ask: if attacker { "attack" } else { "defend" },
        target: point.to_gtp(size),
        to_move: asked.sgf_letter(),
        region: claims[answer.claim].kind.name(),
        region_empty: claim.region_empty_points().len(),
        open: claim.is_open(),
        result,
        gnugo: code,
        go_result: go.map(go_result_name),
        first_move,
        reason,
        check: a.check.as_ref().map(|c| format!("{:?}", c.verdict)),
        nodes,
        seconds,
    };
    if json {
        println!("{}", serde_json::to_string(&report)?);
    } else {
        let verb = if attacker { "capture" } else { "save" };
        println!(
            "{}: {} to {verb} the group at {} (after move {after}; the {} of {} empty points{})",
            report.file,
            asked,
            report.target,
            report.region,
            report.region_empty,
            if report.open { ", open" } else { "" }
        );
        match (report.result, &report.first_move) {
            ("unknown", _) => println!(
                "unknown: {}",
                report.reason.as_deref().unwrap_or("not decided")
            ),
            (r, Some(m)) => println!(
                "{r} ({}), first move {m}",
                report.go_result.unwrap_or_default()
            ),
            (r, None) => println!("{r} ({})", report.go_result.unwrap_or_default()),
        }
        println!(
            "{} nodes, {:.2} s, check: {}",
            report.nodes,
            report.seconds,
            report.check.as_deref().unwrap_or("none")
        );
    }
    Ok(ExitCode::SUCCESS)
}
