//! The command line of `tsumego-studio` (the app edge: errors are `anyhow`).
//!
//! - [`check`]: load and validate problem files;
//! - [`solve`]: solve one problem, optionally writing the proof as SGF;
//! - [`bench`](mod@bench): solve a set of problems and print a table with totals;
//! - [`nn`](mod@nn): `nn-info` and `nn-bench`, the net module loaded on demand;
//! - [`static_table`]: `static-table build` / `info`, the table of the static life-and-death
//!   rule;
//! - [`seki_db`]: `seki-db build` / `info`, the seki database of 7x7 Killall-Go;
//! - [`owl`]: can a group in a game position be captured or saved (GNU Go's `owl_attack` /
//!   `owl_defend`), as an open-boundary problem;
//! - [`safety`]: whole-board safety in a game record (static safe points, the partition's
//!   search areas);
//! - `gtp`: the engine for other Go programs ([`gtp`]);
//! - [`compose`]: `compose-one-eye`, a seeded test set of one-eye problems;
//! - [`worker`]: jobs of a split proof as JSON lines on standard input and output;
//! - [`manage`]: one proof split into jobs run by worker processes, assembled and checked;
//! - shared: [`engine`] (search options),
//!   [`report`] (what is reported about one search).

pub mod all_moves;
pub mod bench;
pub mod check;
pub mod checking;
pub mod compose;
pub mod engine;
pub mod gtp;
pub mod manage;
pub mod nn;
pub mod owl;
pub mod proof_file;
pub mod reduce;
pub mod report;
pub mod safety;
pub mod seconds;
pub mod seki_db;
pub mod solve;
pub mod static_table;
pub mod train;
pub mod train_plot;
pub mod worker;

use crate::solver::jobs::open_problem::OwlAsk;
use anyhow::bail;
use checking::CheckArgs;
use clap::{Parser, Subcommand};
use engine::SearchArgs;
use solve::{Side, SolveOptions};
use std::path::PathBuf;
use std::process::ExitCode;

/// Tsumego Studio: watch a relevance-zone solver prove life-and-death problems.
///
/// Without a command the studio (the GUI) opens: on FILE if given, else on the bundled problems.
#[derive(Debug, Parser)]
#[command(
    name = "tsumego-studio",
    version,
    about,
    args_conflicts_with_subcommands = true
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
    /// A problem file (SGF or research JSON) to open in the studio.
    pub file: Option<PathBuf>,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Load and validate problem files (SGF or research JSON); directories are searched
    /// recursively for .sgf and .json files, in sorted order. Prints a summary or every error per
    /// file; exits with status 1 if any file fails. A proof SGF (written by `solve --proof-out`,
    /// or a reproduction file) is also run through the independent proof checker.
    Check {
        /// Files or directories.
        #[arg(required = true)]
        files: Vec<PathBuf>,
        #[command(flatten)]
        bounds: checking::CheckBounds,
    },
    /// Solve one problem file: prints the result in words, the file's expected result and book
    /// first moves (and whether the search agrees), the root relevance zone as a diagram, and
    /// nodes, nodes per second, seconds, depth and proof size. Exit status 0 whatever the result
    /// (unknown included), 2 when the independent checker rejects the proof (an internal error:
    /// a reproduction file is written and named).
    Solve {
        /// The problem file (SGF or research JSON).
        file: PathBuf,
        #[command(flatten)]
        search: SearchArgs,
        #[command(flatten)]
        check: CheckArgs,
        /// The claim to prove (default: the one the file states): live = the defender's, kill =
        /// the attacker's, both = the two at once on two threads, the first proven stopping the
        /// other (then reported as stopped), reporting the one proven.
        #[arg(long, value_enum)]
        side: Option<Side>,
        /// Print one JSON object instead of text.
        #[arg(long)]
        json: bool,
        /// Write the proof (problem + proof tree, SGF) to this file: the claim's proof, or for a
        /// proven failure the checked proof of the opposite claim; an error when there is none.
        #[arg(long, value_name = "OUT.sgf", conflicts_with = "all_moves")]
        proof_out: Option<PathBuf>,
        /// Judge every legal first move of the player to move (pass included) as works, fails
        /// (with the opponent's refutation), seki, ko or unknown, each within the limits, and
        /// state the solutions ("unique solution: C3").
        #[arg(long, conflicts_with = "side")]
        all_moves: bool,
        /// With --all-moves: write the problem with its answer tree as SGF (the correct first
        /// moves with the proof's replies, C[RIGHT] at the end of each correct line, each wrong
        /// move with its refutation; the verdict in the root comment), as problem sites read it.
        #[arg(long, value_name = "OUT.sgf", requires = "all_moves")]
        answers_out: Option<PathBuf>,
        #[command(flatten)]
        reduce: reduce::ReduceArgs,
    },
    /// Solve every problem file's own claim (directories searched recursively for .sgf and .json
    /// files, sorted) and print a table (file, result, first move vs the file's answer, nodes,
    /// seconds, root relevance-zone size) and the line `solved N/M, nodes K, seconds S, proofs
    /// checked C`. Every proof is checked; exit status 2 when the checker rejects one.
    Bench {
        /// Files or directories.
        #[arg(required = true)]
        paths: Vec<PathBuf>,
        #[command(flatten)]
        search: SearchArgs,
        #[command(flatten)]
        check: CheckArgs,
        /// One JSON object per problem per line, then
        /// {"summary":{"solved":N,"total":M,"nodes":K,"seconds":S}}.
        #[arg(long)]
        json: bool,
        /// Keep every proof in DIR as a proof SGF (one file per problem, named after its path:
        /// `19x19/23.json` → `…19x19_23.sgf`), as `solve --proof-out` writes it: a win's proof, or
        /// a proven failure's checked certificate, with the checker's verdict in a note. Open
        /// them in the studio or check them again with `check`.
        #[arg(long, value_name = "DIR")]
        proof_dir: Option<PathBuf>,
    },
    /// Load the net module (libtorch enters the process only now), make a net and evaluate one
    /// position; prints the module, the device and the time of each step. Exit status 1 (and a
    /// one-line reason) when the module is missing, of another version or fails.
    NnInfo {
        #[command(flatten)]
        net: nn::NetArgs,
    },
    /// The table of small enclosed areas of the static life-and-death rule: `build` generates
    /// it (the shipped one: `static-table build --max-area 8 --out assets/static_dead.bin`),
    /// `info` checks a table and prints its figures.
    StaticTable {
        #[command(subcommand)]
        command: static_table::StaticTableCommand,
    },
    /// The seki database of 7x7 Killall-Go: `build` enumerates the candidate
    /// patterns of areas 5..=8 points, decides each by the local seki test and prints the counts
    /// beside the paper's; `info` checks a database file.
    SekiDb {
        #[command(subcommand)]
        command: seki_db::SekiDbCommand,
    },
    /// Train the net from the product's own proofs: generate random problems (enclosed corner
    /// and edge groups, 7x7 kill-all positions), prove them with df-pn, take samples from every
    /// proof (the winning move as policy target, the proof's length as "Faster to Life" d-win
    /// labels), fit the net with checkpoints (an interrupted run resumes), and write the
    /// weights with their training curve (PNG) and held-out measures (JSON). Seeded.
    Train {
        #[command(flatten)]
        args: train::TrainArgs,
    },
    /// Compose a test set of one-eye problems (a Black group with one safe eye, surrounded at a
    /// distance by safe White stones; Black to make a second eye in the region between): each
    /// position as two problems (either side first), the results proven by df-pn and checked,
    /// with a README index. Seeded: the same seed gives the same set.
    ComposeOneEye {
        #[command(flatten)]
        args: compose::ComposeArgs,
    },
    /// Whole-board safety in a game record (SGF, up to 19x19, handicap and setup stones
    /// honoured): for the position after N moves and each colour, the points proven safe without
    /// search (unconditionally alive stones and the regions they make safe), shown on the
    /// board, and the search areas of the board partition with that colour defending (interior
    /// points, boundary blocks, gap points), with every zone left out and why.
    Safety {
        /// The game record (SGF).
        file: PathBuf,
        /// The position after this many moves (passes included); default: the end.
        #[arg(long = "move", value_name = "N")]
        at_move: Option<usize>,
        /// Print one JSON object instead of text.
        #[arg(long)]
        json: bool,
        /// Also prove the boundary safety of every search area by search (df-pn, each claim
        /// within `--claim-secs`, every proof checked): the boundary blocks of the areas safe
        /// even with the opponent to move are proven safe.
        #[arg(long)]
        search: bool,
        /// Seconds per claim of `--search` (each area: the attacker first, then, when that
        /// breaks it, the defender first; a safe one then its territory).
        #[arg(long, value_name = "S", default_value_t = 1.0, value_parser = engine::parse_secs)]
        claim_secs: f64,
        /// Seconds for the whole position's `--search` (both colours): the claims still to
        /// come get what is left, those past it are not searched; what the areas leave at
        /// `--claim-secs` goes to those left undecided for want of time, the smallest first
        /// (9.5 by default: with the last claim's check and the rest, 10 s a position).
        #[arg(long, value_name = "S", default_value_t = 9.5, value_parser = engine::parse_secs)]
        position_secs: f64,
        /// Threads searching each claim of `--search` together (df-pn sharing its table).
        #[arg(long, value_name = "N", default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=64))]
        threads: u16,
        /// The partition's largest search area: zones with more empty interior points are
        /// left out (Safety Solver 2.0: 15).
        #[arg(long, value_name = "N", default_value_t = 15)]
        max_interior: usize,
        /// Do not merge zones related only through unconditionally alive (Benson) blocks of
        /// the defender (smaller areas, each judged on its own), and leave out the areas
        /// already safe without search.
        #[arg(long)]
        split_at_safe_blocks: bool,
    },
    /// Can the group at a point be captured or saved, in a game position with no region or
    /// wall given (GNU Go's `owl_attack` / `owl_defend`, answered by proof)? The target's
    /// neighbourhood is searched as an open-boundary problem: a kill holds however the group
    /// runs or connects out, a life holds inside the neighbourhood; otherwise the answer is
    /// unknown (it depends on the rest of the board). Every answer is checked.
    Owl {
        /// The game record or position (SGF).
        file: PathBuf,
        /// The position before this move is played (GTP's `loadsgf FILE N`); default: the end.
        #[arg(long = "move", value_name = "N")]
        before_move: Option<usize>,
        /// Capture the group at this point (GTP coordinates), its opponent moving first.
        #[arg(
            long,
            value_name = "P",
            conflicts_with = "defend",
            required_unless_present = "defend"
        )]
        attack: Option<String>,
        /// Save the group at this point, its owner moving first.
        #[arg(long, value_name = "P")]
        defend: Option<String>,
        /// Seconds for the whole answer (every search and the check of the proof).
        #[arg(long, value_name = "S", default_value_t = 10.0, value_parser = engine::parse_secs)]
        secs: f64,
        /// Print one JSON object instead of text.
        #[arg(long)]
        json: bool,
        /// Also write the claim that answered (the last region searched: the enclosure, the
        /// races or the neighbourhood) as a problem file (SGF: the position, the target's
        /// stones as crucial stones, the region), to open in the studio or `solve`.
        #[arg(long, value_name = "FILE")]
        problem_out: Option<PathBuf>,
    },
    /// Serve GTP version 2 on standard input and output, for GoGui, Sabaki, LizGoban and
    /// regression runners: the standard commands (boardsize, play, undo, genmove, loadsgf,
    /// showboard, …), the problem commands (tsumego_set, tsumego_solve, tsumego_moves), GNU
    /// Go's owl_attack, owl_defend and dragon_status, GoGui's analyze commands and live
    /// graphics, and lz-analyze / kata-analyze streaming. Each search uses the search options
    /// below (10 s when no limit is given) and every answer is checked.
    Gtp {
        #[command(flatten)]
        search: SearchArgs,
        #[command(flatten)]
        check: CheckArgs,
        /// Write GoGui's live graphics (`gogui-gfx:` lines on standard error) while searching;
        /// turned on by itself when the controller asks for GoGui's analyze commands.
        #[arg(long)]
        live_gfx: bool,
    },
    /// Run jobs of a proof split across processes or machines: each line of standard input a
    /// job (JSON: `id`, `problem` (SGF or research JSON text), `path` (moves from its position,
    /// GTP vertices or `pass`), `max_nodes`, and optionally `engine`, `time_limit_secs`,
    /// `seki_life`, `want_proof`, `check`), each line of standard output its result (`status`
    /// win/fail/unknown/invalid/rejected, `nodes`, `seconds`, `root_zone`, `first_move`, the
    /// checked `proof` as proof SGF, the worker's process id). Tables stay warm between jobs;
    /// the worker ends with its input, and on Linux with its parent process.
    Worker,
    /// Prove a problem through jobs: a job-level proof-number tree over the top of the proof
    /// whose leaves are sent as jobs (a node budget each) to worker processes; a job that stops
    /// undecided is expanded a ply. When the root is decided the jobs' proofs are grafted into
    /// one proof and checked by the independent checker. With `--log DIR` every result is kept
    /// and a run started again on the same folder answers its jobs from there (a killed run
    /// resumes).
    Manage(manage::ManageOptions),
    /// Evaluations per second of the net at batch 1, 8 and 64 on 9x9, 13x13 and 19x19 crops.
    NnBench {
        #[command(flatten)]
        net: nn::NetArgs,
        /// Seconds measured per case.
        #[arg(long, default_value_t = 1.0, value_parser = engine::parse_secs)]
        secs: f64,
    },
}

/// Run a parsed command line.
pub fn run(cli: Cli) -> anyhow::Result<ExitCode> {
    let Some(command) = cli.command else {
        if let Some(file) = &cli.file {
            if !file.is_file() {
                bail!("{}: no such file", file.display());
            }
        }
        crate::studio::run(cli.file)?;
        return Ok(ExitCode::SUCCESS);
    };
    match command {
        Command::Check { files, bounds } => check::run(&files, &bounds),
        Command::Solve {
            file,
            search,
            check,
            side,
            json,
            proof_out,
            all_moves,
            answers_out,
            reduce,
        } => solve::run(&SolveOptions {
            file,
            search,
            check,
            side,
            json,
            proof_out,
            all_moves,
            answers_out,
            reduce,
        }),
        Command::Bench {
            paths,
            search,
            check,
            json,
            proof_dir,
        } => bench::run(&paths, &search, &check, json, proof_dir.as_deref()),
        Command::StaticTable { command } => static_table::run(&command),
        Command::SekiDb { command } => seki_db::run(&command),
        Command::NnInfo { net } => nn::info(&net),
        Command::NnBench { net, secs } => nn::bench(&net, secs),
        Command::Train { args } => train::run(&args),
        Command::ComposeOneEye { args } => compose::run(&args),
        Command::Safety {
            file,
            at_move,
            json,
            search,
            claim_secs,
            position_secs,
            threads,
            max_interior,
            split_at_safe_blocks,
        } => safety::run(
            &file,
            at_move,
            json,
            search.then_some((claim_secs, position_secs)),
            usize::from(threads),
            &crate::go::partition::Thresholds {
                max_interior_empty: max_interior,
                split_at_safe_blocks,
                ..Default::default()
            },
        ),
        Command::Gtp {
            search,
            check,
            live_gfx,
        } => {
            gtp::run(gtp::session::Session::new(search, check, live_gfx))?;
            Ok(ExitCode::SUCCESS)
        }
        Command::Manage(options) => {
            manage::run(&options)?;
            Ok(ExitCode::SUCCESS)
        }
        Command::Worker => {
            worker::run()?;
            Ok(ExitCode::SUCCESS)
        }
        Command::Owl {
            file,
            before_move,
            attack,
            defend,
            secs,
            json,
            problem_out,
        } => {
            let (ask, target) = match (attack, defend) {
                (Some(p), _) => (OwlAsk::Attack, p),
                (None, Some(p)) => (OwlAsk::Defend, p),
                (None, None) => bail!("owl needs --attack P or --defend P"),
            };
            owl::run(
                &file,
                before_move,
                ask,
                &target,
                secs,
                json,
                problem_out.as_deref(),
            )
        }
    }
}
