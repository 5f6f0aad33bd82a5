//! The neural net, seen from the app: a loader for the net module (`libtsumego_nn.so`, the crate
//! in `nn/module`, the only code that links libtorch through `tch`).
//!
//! Nothing here touches libtorch until a net is asked for: [`NetModule::get`] opens the module on
//! first use (once per process), checks its ABI version and symbols, and every later call reuses
//! it. When the module is missing, of another version or broken, the error says so in one line
//! ([`NnError`]) and callers fall back to the heuristic prior. Compiled with the `nn` feature (on
//! by default); [`features`] (what the net sees) is pure Rust and always there.

pub mod dataset;
pub mod device;
mod draws;
pub mod error;
pub mod features;
pub mod generate;
mod large_corner;
#[cfg(feature = "nn")]
pub mod module;
#[cfg(feature = "nn")]
pub mod net;
pub mod net_choice;
pub mod samples;
#[cfg(feature = "nn")]
pub mod service;
pub mod shard;
#[cfg(feature = "nn")]
pub mod shared;
pub mod weights;

pub use device::DevicePreference;
pub use error::NnError;
#[cfg(feature = "nn")]
pub use module::NetModule;
#[cfg(feature = "nn")]
pub use net::{Net, NetOutputs};
pub use tsumego_nn_abi::NetSpec;
