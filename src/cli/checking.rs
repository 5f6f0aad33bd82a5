//! The proof-checking options shared by `solve` and `bench` (their bounds by `check` too), and
//! checking one analysis with them: the independent checker runs on every proof before it is
//! reported ([`crate::solver::proof::certify`]); a rejected proof is written to a reproduction file
//! ([`crate::solver::proof::repro`]).

use crate::solver::proof::certify::CheckSettings;
use crate::solver::proof::fault::Fault;
use clap::Args;
use std::path::PathBuf;
use std::time::Duration;

/// The bounds of one proof's check (`solve`, `bench` and `check` take them).
#[derive(Clone, Debug, Default, PartialEq, Args)]
pub struct CheckBounds {
    /// Seconds one proof's check may take (default 60).
    #[arg(long, value_name = "S", value_parser = super::seconds::parse_secs)]
    pub check_time_secs: Option<f64>,
    /// Positions one proof's check may visit (default 100,000,000; a bigger proof is reported
    /// `too-large`, not checked).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub check_positions: Option<u64>,
}

impl CheckBounds {
    /// The checker's default settings within these bounds.
    pub fn settings(&self) -> CheckSettings {
        let default = CheckSettings::default();
        CheckSettings {
            time_limit: self
                .check_time_secs
                .and_then(|s| Duration::try_from_secs_f64(s).ok())
                .or(default.time_limit),
            max_positions: self.check_positions.unwrap_or(default.max_positions),
            ..default
        }
    }
}

/// Checking options of the command line.
#[derive(Clone, Debug, Default, PartialEq, Args)]
pub struct CheckArgs {
    /// Do not run the independent checker on the proofs (for timing runs; the output says the
    /// proofs are not checked).
    #[arg(long)]
    pub no_check: bool,
    #[command(flatten)]
    pub bounds: CheckBounds,
    /// Where the reproduction file of a proof the checker rejects is written (default: the
    /// system's temporary folder).
    #[arg(long, value_name = "DIR")]
    pub repro_dir: Option<PathBuf>,
    /// Corrupt every proof before it is checked (testing the checking path): wrong-move,
    /// missing-reply or small-zone.
    #[arg(long, value_name = "FAULT", hide = true)]
    pub inject_fault: Option<Fault>,
}

impl CheckArgs {
    /// The checker's settings these options ask for.
    pub fn settings(&self) -> CheckSettings {
        if self.no_check {
            return CheckSettings::off();
        }
        CheckSettings {
            fault: self.inject_fault,
            ..self.bounds.settings()
        }
    }

    /// The folder of reproduction files.
    pub fn repro_dir(&self) -> PathBuf {
        self.repro_dir.clone().unwrap_or_else(std::env::temp_dir)
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn options_to_settings() {
        let off = CheckArgs {
            no_check: true,
            ..CheckArgs::default()
        };
        assert!(!off.settings().enabled);
        let quick = CheckArgs {
            bounds: CheckBounds {
                check_time_secs: Some(0.5),
                ..CheckBounds::default()
            },
            ..CheckArgs::default()
        };
        assert_eq!(
            quick.settings().time_limit,
            Some(Duration::from_millis(500))
        );
        let big = CheckArgs {
            bounds: CheckBounds {
                check_positions: Some(50_000_000),
                ..CheckBounds::default()
            },
            ..CheckArgs::default()
        };
        assert_eq!(big.settings().max_positions, 50_000_000);
        assert_eq!(CheckArgs::default().settings(), CheckSettings::default());
        assert_eq!(CheckArgs::default().repro_dir(), std::env::temp_dir());
    }
}
