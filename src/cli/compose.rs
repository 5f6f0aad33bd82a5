//! `tsumego-studio compose-one-eye --seed S --count N [--min-empty 10] [--max-empty 18]
//! [--nodes K] --out DIR`: a test set of one-eye problems in the manner of Kishimoto and
//! Müller's (`problem::compose_one_eye`): N positions, each as two problems (Black to make the
//! eye first, White to deny it first), with the result proven by df-pn (every proof checked)
//! written into the file (`TSRESULT`), and a `README.md` index of the set.
//!
//! Positions are drawn in order; one is kept when both its problems are decided within the
//! node budget and each takes at least `--min-nodes` nodes, neither is decided by the goal test
//! at the start, and it is not a copy of one kept already. Four kept positions in five are *critical* (whoever moves first wins, as in a
//! Go problem); the fifth may be won by one side whoever moves first.

use crate::atomic_file::write_atomically;
use crate::go::Color;
use crate::problem::compose_one_eye::{compose, OneEyeDraw};
use crate::problem::{write_sgf, Outcome, Problem};
use crate::solver::kernel::leaf::GoalTest;
use crate::solver::proof::checker::check_proof;
use crate::solver::{Engine, SolveConfig, Solver};
use anyhow::{bail, Context};
use clap::Args;
use std::collections::HashSet;
use std::fmt::Write as _;
use std::path::PathBuf;
use std::process::ExitCode;

/// Draws tried before giving up.
const MAX_DRAWS: u64 = 100_000;
/// Positions of the checker's budget per proof.
const CHECK_POSITIONS: u64 = 50_000_000;

/// The arguments of `compose-one-eye`.
#[derive(Debug, Args)]
pub struct ComposeArgs {
    /// The seed of the draw (the same seed gives the same set).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Positions to keep (each gives two problems).
    #[arg(long, default_value_t = 70)]
    count: usize,
    /// Fewest empty points of a region.
    #[arg(long, default_value_t = 10)]
    min_empty: usize,
    /// Most empty points of a region.
    #[arg(long, default_value_t = 18)]
    max_empty: usize,
    /// Node budget of df-pn for each problem.
    #[arg(long, default_value_t = 2_000_000)]
    nodes: u64,
    /// Fewest df-pn nodes each problem of a kept position must take (easier positions are
    /// passed over).
    #[arg(long, default_value_t = 30)]
    min_nodes: u64,
    /// The folder to write the problems and README.md into (created when missing).
    #[arg(long)]
    out: PathBuf,
}

/// The two problems of a kept position and their results.
struct Kept {
    index: u64,
    draw: OneEyeDraw,
    black: Outcome,
    white: Outcome,
    nodes: [u64; 2],
}

/// Run `compose-one-eye`.
pub fn run(args: &ComposeArgs) -> anyhow::Result<ExitCode> {
    if args.min_empty > args.max_empty || args.max_empty > 30 {
        bail!("--min-empty must be at most --max-empty, and --max-empty at most 30");
    }
    std::fs::create_dir_all(&args.out)
        .with_context(|| format!("cannot create {}", args.out.display()))?;
    let mut kept: Vec<Kept> = Vec::new();
    let mut seen = HashSet::new();
    let mut index = 0;
    while kept.len() < args.count {
        if index >= MAX_DRAWS {
            bail!("only {} positions kept in {MAX_DRAWS} draws", kept.len());
        }
        let draw = compose(args.seed, index, args.min_empty, args.max_empty);
        index += 1;
        let problems = [Color::Black, Color::White].map(|c| draw.problem(c));
        if !seen.insert(problems[0].board().hash()) || decided_at_start(&problems) {
            continue;
        }
        let Some([(black, nb), (white, nw)]) = solve_both(&problems, args.nodes)? else {
            continue;
        };
        if nb.min(nw) < args.min_nodes {
            continue;
        }
        // Black's problem is Black's claim (make the eye), White's is White's (deny it):
        // critical when each side wins moving first.
        let critical = black == Outcome::Win && white == Outcome::Win;
        if !critical && !(kept.len() + 1).is_multiple_of(5) {
            continue;
        }
        eprintln!(
            "position {} (draw {}): Black first {black}, White first {white}, nodes {nb} / {nw}",
            kept.len() + 1,
            index - 1
        );
        kept.push(Kept {
            index: index - 1,
            draw,
            black,
            white,
            nodes: [nb, nw],
        });
    }
    write_set(args, &kept)?;
    Ok(ExitCode::SUCCESS)
}

/// Is either problem decided by the goal test before any move (an eye made, a crucial stone
/// captured, no eye possible)?
fn decided_at_start(problems: &[Problem; 2]) -> bool {
    problems
        .iter()
        .any(|p| GoalTest::new(p).evaluate(p.board()).is_some())
}

/// Each problem's result for its own OR player by df-pn within `nodes`, each proof checked (a
/// failure by the proof of the opposite claim); `None` when one is not decided.
fn solve_both(problems: &[Problem; 2], nodes: u64) -> anyhow::Result<Option<[(Outcome, u64); 2]>> {
    let mut out = [(Outcome::Fail, 0); 2];
    for (slot, problem) in out.iter_mut().zip(problems) {
        let Some(result) = proven(problem, nodes)? else {
            return Ok(None);
        };
        *slot = result;
    }
    Ok(Some(out))
}

/// The proven result of `problem`'s claim (its own proof, or the opposite claim's) and the
/// nodes used; `None` when neither is proven within `nodes`.
fn proven(problem: &Problem, nodes: u64) -> anyhow::Result<Option<(Outcome, u64)>> {
    let config = SolveConfig {
        engine: Engine::DFPN,
        max_nodes: Some(nodes),
        ..SolveConfig::default()
    };
    let mut used = 0;
    for (claim, outcome) in [
        (problem.clone(), Outcome::Win),
        (problem.flipped(), Outcome::Fail),
    ] {
        let solution = Solver::new(&claim, config.clone()).solve();
        used += solution.nodes;
        if solution.status.outcome() != Some(Outcome::Win) {
            continue;
        }
        let Some(proof) = solution.proof.as_ref() else {
            continue;
        };
        check_proof(&claim, proof, false, CHECK_POSITIONS)
            .map_err(|e| anyhow::anyhow!("a composed problem's proof was rejected: {e}"))?;
        return Ok(Some((outcome, used)));
    }
    Ok(None)
}

/// Write the problems (`NN-black.sgf`, `NN-white.sgf`) and the index `README.md`.
fn write_set(args: &ComposeArgs, kept: &[Kept]) -> anyhow::Result<()> {
    let mut index = String::new();
    let _ = writeln!(
        index,
        "| position | draw | Black first | White first | df-pn nodes (Black / White) |\n|---|---|---|---|---|"
    );
    for (n, k) in kept.iter().enumerate() {
        let number = n + 1;
        for (color, outcome) in [(Color::Black, k.black), (Color::White, k.white)] {
            let what = if color == Color::Black {
                "Black to make a second eye"
            } else {
                "White to deny the second eye"
            };
            let problem = k
                .draw
                .problem(color)
                .with_expected(Some(outcome))
                .with_name(format!("One eye {number:02}: {what}"));
            let path = args.out.join(format!(
                "{number:02}-{}.sgf",
                color.to_string().to_lowercase()
            ));
            write_atomically(&path, write_sgf(&problem).as_bytes())
                .with_context(|| format!("cannot write {}", path.display()))?;
        }
        let _ = writeln!(
            index,
            "| {number:02} | {} | {} | {} | {} / {} |",
            k.index, k.black, k.white, k.nodes[0], k.nodes[1]
        );
    }
    let readme = format!(
        "# One-eye problems\n\n\
         {count} positions in the manner of the test set of Kishimoto and Müller, \"df-pn for the \
         one-eye problem\" (§7.1): a Black group that already has one safe eye (outside the \
         region), surrounded at a distance by safe White stones; the points in between are the \
         region ({min}-{max} empty points), and Black lives exactly when it makes a second eye \
         there (goal `one-eye`; White's claim `no-eye`). Each position is two problems: \
         `NN-black.sgf` (Black first, Black's claim) and `NN-white.sgf` (White first, White's \
         claim); `TSRESULT` is the claim's proven result.\n\n\
         Made by the product, not by hand:\n\n\
         ```\ntsumego-studio compose-one-eye --seed {seed} --count {count} --min-empty {min} \
         --max-empty {max} --nodes {nodes} --min-nodes {min_nodes} --out problems/one-eye\n```\n\n\
         (`src/problem/compose_one_eye.rs` says how a position is drawn, `src/cli/compose.rs` \
         which are kept: both problems decided by df-pn within the node budget, every proof \
         checked, none easier than the node floor, neither decided before a move, four \
         positions in five critical.) Every result is \
         also confirmed by the tests' own exhaustive search (`tests/it/one_eye_set.rs`). A \
         position is kept only when df-pn decides it: the set holds nothing the product could \
         not solve with that budget, unlike the paper's, six of whose 140 problems its solver \
         left open.\n\n{index}",
        count = kept.len(),
        min = args.min_empty,
        max = args.max_empty,
        seed = args.seed,
        nodes = args.nodes,
        min_nodes = args.min_nodes,
    );
    let path = args.out.join("README.md");
    write_atomically(&path, readme.as_bytes())
        .with_context(|| format!("cannot write {}", path.display()))?;
    println!(
        "{} positions ({} problems) written to {}",
        kept.len(),
        kept.len() * 2,
        args.out.display()
    );
    Ok(())
}
