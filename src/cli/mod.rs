//! The command line of `tsumego-studio` (the app edge: errors are `anyhow`).

pub mod check;

use clap::{Parser, Subcommand};
use std::path::PathBuf;
use std::process::ExitCode;

/// Tsumego Studio: watch a relevance-zone solver prove life-and-death problems.
#[derive(Debug, Parser)]
#[command(name = "tsumego-studio", version, about)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Load and validate problem files (SGF or research JSON); directories are searched
    /// recursively for .sgf and .json files, in sorted order. Prints a summary or every error per
    /// file; exits with status 1 if any file fails.
    Check {
        /// Files or directories.
        #[arg(required = true)]
        files: Vec<PathBuf>,
    },
}

/// Run a parsed command line.
pub fn run(cli: Cli) -> anyhow::Result<ExitCode> {
    match cli.command {
        Command::Check { files } => check::run(&files),
    }
}
