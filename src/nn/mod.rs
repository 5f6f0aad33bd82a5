//! The neural-network layer, on libtorch through `tch`. Compiled only with the `nn` feature
//! (on by default); `cargo build --no-default-features` leaves it, and libtorch, out.

pub mod device;

pub use device::{
    configure_inference_threads, select_device, DevicePreference, SelectedDevice, LIBTORCH_VERSION,
};
