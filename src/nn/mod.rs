//! The neural net, seen from the app: a loader for the net module (`libtsumego_nn.so`, the crate
//! in `nn/module`, the only code that links libtorch through `tch`).
//!
//! Nothing here touches libtorch until a net is asked for: [`NetModule::get`] opens the module on
//! first use (once per process), checks its ABI version and symbols, and every later call reuses
//! it. When the module is missing, of another version or broken, the error says so in one line
//! ([`NnError`]) and callers fall back to the heuristic prior. Compiled with the `nn` feature (on
//! by default).

pub mod device;
pub mod error;
pub mod module;
pub mod net;

pub use device::DevicePreference;
pub use error::NnError;
pub use module::NetModule;
pub use net::{Net, NetOutputs};
pub use tsumego_nn_abi::NetSpec;
