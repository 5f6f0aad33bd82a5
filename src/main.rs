use clap::Parser;
use std::process::ExitCode;
use tsumego_studio::cli::{run, Cli};

fn main() -> ExitCode {
    match run(Cli::parse()) {
        Ok(code) => code,
        Err(e) => {
            eprintln!("error: {e:#}");
            ExitCode::FAILURE
        }
    }
}
