//! What can go wrong between the app and its net module, each in one line for the user.

use std::path::PathBuf;

/// An error loading or running the net module. Every message is one line and says what to do.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum NnError {
    /// The module file was not found in any place searched.
    #[error("the net module {file} was not found (looked for {searched}); build it with `cargo build` (the workspace builds it next to the binary) or set TSUMEGO_NN_MODULE")]
    NotFound {
        /// The module's file name.
        file: &'static str,
        /// The paths looked for, comma-separated.
        searched: String,
    },
    /// `dlopen` failed (not a library, a missing dependency such as libtorch, wrong
    /// architecture).
    #[error("the net module {path} could not be loaded: {reason}")]
    Open {
        /// The module's path.
        path: PathBuf,
        /// The system loader's message.
        reason: String,
    },
    /// The module lacks a function of the ABI (an old or foreign library).
    #[error("the net module {path} is not a Tsumego Studio net module (no {symbol})")]
    MissingSymbol {
        /// The module's path.
        path: PathBuf,
        /// The function it lacks.
        symbol: String,
    },
    /// The module implements another ABI version.
    #[error("the net module {path} has ABI version {found}, this program needs version {expected}; rebuild both with `cargo build`")]
    WrongVersion {
        /// The module's path.
        path: PathBuf,
        /// Its version.
        found: u32,
        /// Ours.
        expected: u32,
    },
    /// The module reported an error (bad weights, a libtorch failure, a caught panic).
    #[error("{0}")]
    Module(String),
}
