//! `tsumego-studio static-table build --max-area N --out FILE`: generate the table of small
//! enclosed areas of the static life-and-death rule ([`crate::solver::knowledge::static_ld`]) and write it
//! atomically; `tsumego-studio static-table info [FILE]`: read a table (by default the one
//! built into the program), check it and print its figures.
//!
//! ```text
//! $ tsumego-studio static-table build --max-area 8 --out assets/static_dead.bin
//! classes 946, positions 285031 (242522 legal), dead with a defender stone: 237487 (capture),
//! 237459 (seal); 151062 bytes; 1.2 s
//! ```

use crate::atomic_file::write_atomically;
use crate::solver::knowledge::static_ld::generate::generate;
use crate::solver::knowledge::static_ld::lookup::shipped_bytes;
use crate::solver::knowledge::static_ld::table::StaticTable;
use crate::solver::knowledge::static_ld::verdict::Target;
use anyhow::Context;
use clap::Subcommand;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// What `static-table` does.
#[derive(Debug, Subcommand)]
pub enum StaticTableCommand {
    /// Generate the table: every area shape of 1..=N points (up to the 8 symmetries), each
    /// placement against the board edges, every position of it, solved exhaustively.
    Build {
        /// Largest area, in points (1..=8; the shipped table is 8).
        #[arg(long, default_value_t = 8, value_parser = clap::value_parser!(u8).range(1..=8))]
        max_area: u8,
        /// Where to write the table.
        #[arg(long, value_name = "FILE")]
        out: PathBuf,
    },
    /// Read a table (default: the one built into the program), check it and print its figures.
    Info {
        /// A table file.
        file: Option<PathBuf>,
    },
}

/// Run a `static-table` command.
pub fn run(command: &StaticTableCommand) -> anyhow::Result<ExitCode> {
    match command {
        StaticTableCommand::Build { max_area, out } => build(*max_area as usize, out),
        StaticTableCommand::Info { file } => info(file.as_deref()),
    }
}

fn build(max_area: usize, out: &Path) -> anyhow::Result<ExitCode> {
    let mut last = 0;
    let (table, stats) = generate(max_area, |done, all| {
        let percent = done * 100 / all.max(1);
        if percent >= last + 10 {
            last = percent;
            eprintln!("{percent}% ({done} of {all} classes)");
        }
    });
    let bytes = table.to_bytes();
    write_atomically(out, &bytes).with_context(|| format!("writing {}", out.display()))?;
    println!(
        "classes {}, positions {} ({} legal), dead with a defender stone: {} (capture), {} \
         (seal); {} bytes; {:.1} s",
        stats.classes,
        stats.positions,
        stats.legal,
        stats.dead_capture,
        stats.dead_seal,
        bytes.len(),
        stats.elapsed.as_secs_f64()
    );
    Ok(ExitCode::SUCCESS)
}

fn info(file: Option<&Path>) -> anyhow::Result<ExitCode> {
    let (name, bytes) = read_or_builtin(file, "the built-in table", shipped_bytes())?;
    let table = StaticTable::from_bytes(&bytes).with_context(|| name.clone())?;
    let mut by_size = [0usize; 9];
    let (mut capture, mut seal) = (0usize, 0usize);
    for key in table.keys() {
        by_size[key.cells()] += 1;
        for v in table.verdicts(key).unwrap_or_default() {
            capture += v.dead(Target::Capture) as usize;
            seal += v.dead(Target::Seal) as usize;
        }
    }
    println!(
        "{name}: {} bytes, max area {}, {} classes",
        bytes.len(),
        table.max_area(),
        table.class_count()
    );
    for (cells, count) in by_size.iter().enumerate().filter(|(_, &c)| c > 0) {
        println!("  {cells} points: {count} classes");
    }
    println!("  positions dead (capture): {capture}, sealed: {seal}");
    Ok(ExitCode::SUCCESS)
}

/// The bytes of `file` with its name, or the built-in `builtin` bytes named `builtin_name`
/// when no file is given (`static-table info`, `seki-db info`).
pub fn read_or_builtin(
    file: Option<&Path>,
    builtin_name: &str,
    builtin: &[u8],
) -> anyhow::Result<(String, Vec<u8>)> {
    Ok(match file {
        Some(path) => (
            path.display().to_string(),
            std::fs::read(path).with_context(|| format!("reading {}", path.display()))?,
        ),
        None => (builtin_name.to_string(), builtin.to_vec()),
    })
}
