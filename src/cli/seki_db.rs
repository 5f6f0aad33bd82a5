//! `tsumego-studio seki-db build [--min-area 5] [--max-area 8] [--out FILE] [--threads N]`:
//! enumerate the seki database's candidate patterns, decide each by the local seki test and
//! print the candidate and seki counts per area beside the paper's; `seki-db info FILE`: read a
//! database, check it and print its figures.

use super::static_table::read_or_builtin;
use crate::atomic_file::write_atomically;
use crate::solver::knowledge::seki_db::build::build;
use crate::solver::knowledge::seki_db::shipped::shipped_bytes;
use crate::solver::knowledge::seki_db::table::SekiTable;
use anyhow::Context;
use clap::Subcommand;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// The paper's table 1 (candidates, seki) for areas 5..=8.
const PAPER: [(usize, usize, usize); 4] = [
    (5, 28_432, 1_318),
    (6, 133_812, 8_208),
    (7, 578_064, 51_354),
    (8, 2_315_014, 193_462),
];

/// What `seki-db` does.
#[derive(Debug, Subcommand)]
pub enum SekiDbCommand {
    /// Build the database: every candidate of areas MIN..=MAX points on the 7x7 board, each
    /// distinct pattern decided by Niu's local seki test; prints the counts per area.
    Build {
        /// Smallest area, in points.
        #[arg(long, default_value_t = 5, value_parser = clap::value_parser!(u8).range(1..=8))]
        min_area: u8,
        /// Largest area, in points (at most 8).
        #[arg(long, default_value_t = 8, value_parser = clap::value_parser!(u8).range(1..=8))]
        max_area: u8,
        /// Where to write the database (nothing is written without it).
        #[arg(long, value_name = "FILE")]
        out: Option<PathBuf>,
        /// Worker threads (default: the machine's cores).
        #[arg(long)]
        threads: Option<usize>,
    },
    /// Read a database (default: the one built into the program), check it and print its
    /// figures.
    Info {
        /// A database file.
        file: Option<PathBuf>,
    },
}

/// Run a `seki-db` command.
pub fn run(command: &SekiDbCommand) -> anyhow::Result<ExitCode> {
    match command {
        SekiDbCommand::Build {
            min_area,
            max_area,
            out,
            threads,
        } => {
            if min_area > max_area {
                anyhow::bail!("--min-area {min_area} is larger than --max-area {max_area}");
            }
            let threads = threads
                .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
            run_build(
                *min_area as usize,
                *max_area as usize,
                threads,
                out.as_deref(),
            )
        }
        SekiDbCommand::Info { file } => info(file.as_deref()),
    }
}

fn run_build(
    min: usize,
    max: usize,
    threads: usize,
    out: Option<&Path>,
) -> anyhow::Result<ExitCode> {
    let mut last = (0, usize::MAX);
    let (table, stats) = build(min, max, threads, |area, done, all| {
        let percent = done * 100 / all.max(1);
        if (area, percent / 10) != last {
            last = (area, percent / 10);
            eprintln!("area {area}: {percent}% ({done} of {all} patterns)");
        }
    });
    println!("| area | candidates | paper | seki | paper | distinct patterns | seki | nodes | time (s) |");
    println!("|---|---|---|---|---|---|---|---|---|");
    for s in &stats {
        let paper = PAPER.iter().find(|p| p.0 == s.area);
        let (pc, ps) = paper.map_or(("–".into(), "–".into()), |p| {
            (p.1.to_string(), p.2.to_string())
        });
        println!(
            "| {} | {} | {} | {} | {} | {} | {} | {} | {:.1} |",
            s.area,
            s.candidates,
            pc,
            s.seki,
            ps,
            s.keys,
            s.seki_keys,
            s.nodes,
            s.elapsed.as_secs_f64()
        );
    }
    let bytes = table.to_bytes();
    if let Some(out) = out {
        write_atomically(out, &bytes).with_context(|| format!("writing {}", out.display()))?;
        println!(
            "{} seki patterns, {} bytes, written to {}",
            table.len(),
            bytes.len(),
            out.display()
        );
    } else {
        println!(
            "{} seki patterns, {} bytes (not written: no --out)",
            table.len(),
            bytes.len()
        );
    }
    Ok(ExitCode::SUCCESS)
}

fn info(file: Option<&Path>) -> anyhow::Result<ExitCode> {
    let (name, bytes) = read_or_builtin(file, "the built-in database", shipped_bytes())?;
    let table = SekiTable::from_bytes(&bytes).with_context(|| format!("reading {name}"))?;
    let mut per_area = [0usize; 9];
    for k in table.keys() {
        per_area[k.points()] += 1;
    }
    println!(
        "{name}: {} seki patterns, {} bytes",
        table.len(),
        bytes.len()
    );
    for (area, n) in per_area.iter().enumerate().filter(|(_, n)| **n > 0) {
        println!("  area {area}: {n}");
    }
    Ok(ExitCode::SUCCESS)
}
