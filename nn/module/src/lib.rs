//! Tsumego Studio's net module: the only code that links `tch` (libtorch).
//!
//! Built as `libtsumego_nn.so` (a `cdylib`) next to the `tsumego-studio` binary, which opens it
//! with `dlopen` the first time a net is asked for, so commands that never run a net start
//! without libtorch's half-second and half-gigabyte start-up. The C ABI it exports is defined in
//! `tsumego_nn_abi` ([`ffi`] implements it); [`net`] is the net and [`device`] the one place a
//! device is chosen (CUDA when libtorch sees it and it is asked for or `auto`, else the CPU, with
//! libtorch's thread pools pinned to one thread for inference).
//!
//! As an `rlib` the same code is used directly by this crate's tests and benchmarks, to compare
//! the loaded path with `tch` itself.

pub mod atomic_file;
pub mod device;
pub mod ffi;
pub mod net;
pub mod train;
