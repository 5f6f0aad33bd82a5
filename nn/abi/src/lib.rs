//! The C ABI between Tsumego Studio (the loader, `tsumego_studio::nn`) and its net module
//! (`libtsumego_nn.so`, the crate `tsumego-nn` in `nn/module`, the only code that links `tch`).
//!
//! The studio starts without libtorch; the module is opened with `dlopen` the first time a net is
//! asked for. Everything that crosses the boundary is defined here, once, for both sides: the
//! `#[repr(C)]` structs, the status codes, the exported symbol names and [`ABI_VERSION`].
//!
//! # Version 2
//!
//! Version 2 adds training (`tsnn_net_train_step`, `tsnn_net_save_momentum`,
//! `tsnn_net_load_momentum`); everything of version 1 is unchanged.
//!
//! All functions are `extern "C"`, never unwind (the module catches panics and reports them as
//! [`STATUS_PANIC`]) and are safe to call from any one thread at a time per net handle.
//! Fallible functions write a UTF-8 message (NUL-terminated, cut to fit) into the caller's
//! `err`/`err_len` buffer and return a status or a null handle.
//!
//! | symbol | signature |
//! |---|---|
//! | `tsnn_abi_version` | `() -> u32`, [`ABI_VERSION`] of the module |
//! | `tsnn_module_info` | `(out: *mut c_char, len: usize) -> usize`: "tsumego-nn 0.1.0, libtorch 2.13.0"; returns the full length |
//! | `tsnn_net_new` | `(spec: *const NetSpec, seed: u64, device: DeviceRequest, err, err_len) -> *mut c_void`: a net with seeded random weights |
//! | `tsnn_net_load` | `(spec: *const NetSpec, path: *const c_char, device: DeviceRequest, err, err_len) -> *mut c_void`: weights from a safetensors file, every tensor's name and shape checked against `spec` |
//! | `tsnn_net_save` | `(net, path: *const c_char, err, err_len) -> i32`: the weights as safetensors |
//! | `tsnn_net_device` | `(net, out: *mut c_char, len: usize) -> usize`: where the net runs, in words (and why, when not where asked) |
//! | `tsnn_net_forward` | `(net, batch: *const Batch, policy: *mut f32, policy_len: usize, dwin: *mut f32, dwin_len: usize, err, err_len) -> i32` |
//! | `tsnn_net_train_step` | `(net, batch: *const Batch, targets: *const TrainTargets, options: *const TrainOptions, losses: *mut f32, losses_len: usize, err, err_len) -> i32`: one step of SGD with momentum on the batch; writes the policy and d-win losses (2 floats) |
//! | `tsnn_net_save_momentum` | `(net, path: *const c_char, err, err_len) -> i32`: the optimiser's momentum buffers as safetensors (for resuming) |
//! | `tsnn_net_load_momentum` | `(net, path: *const c_char, err, err_len) -> i32`: momentum buffers saved by the above, every name and shape checked |
//! | `tsnn_net_free` | `(net)`; null is ignored |
//!
//! Strings passed in are NUL-terminated UTF-8. Any change to a struct, a signature or a meaning
//! bumps [`ABI_VERSION`]; the loader refuses a module of another version with a clear message.

use std::ffi::c_char;

/// The version of this ABI; the loader and the module must agree exactly.
pub const ABI_VERSION: u32 = 2;

/// The module's file name on this platform (found next to the executable).
#[cfg(target_os = "macos")]
pub const MODULE_FILE_NAME: &str = "libtsumego_nn.dylib";
/// The module's file name on this platform (found next to the executable).
#[cfg(target_os = "windows")]
pub const MODULE_FILE_NAME: &str = "tsumego_nn.dll";
/// The module's file name on this platform (found next to the executable).
#[cfg(not(any(target_os = "macos", target_os = "windows")))]
pub const MODULE_FILE_NAME: &str = "libtsumego_nn.so";

/// Success.
pub const STATUS_OK: i32 = 0;
/// A bad argument (null pointer, zero size, buffer too small, shape out of range).
pub const STATUS_INVALID: i32 = 1;
/// libtorch reported an error (message in `err`).
pub const STATUS_TORCH: i32 = 2;
/// A panic inside the module was caught at the boundary (message in `err`).
pub const STATUS_PANIC: i32 = 3;

/// The shape of a net: a fully convolutional residual tower with a policy head (one logit per
/// point plus one for pass) and "Faster to Life" d-win heads (the probability that the OR player
/// reaches the goal within d moves, d = 1..=`dwin_heads`).
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NetSpec {
    /// Input feature planes per point.
    pub input_planes: u32,
    /// Residual blocks in the tower.
    pub blocks: u32,
    /// Channels of every convolution in the tower.
    pub channels: u32,
    /// d-win heads (d = 1..=dwin_heads).
    pub dwin_heads: u32,
}

/// The shape of a seeded net when none is given (`nn-info`, `nn-bench` without weights): the
/// RZS paper's 5 residual blocks x 64 channels, the app's 18 input planes, 30 d-win heads. A
/// weights file carries its own shape.
pub const DEFAULT_SPEC: NetSpec = NetSpec {
    input_planes: 18,
    blocks: 5,
    channels: 64,
    dwin_heads: 30,
};

/// Bounds the module enforces on a [`NetSpec`] (it refuses anything larger).
pub const MAX_PLANES: u32 = 64;
/// See [`MAX_PLANES`].
pub const MAX_BLOCKS: u32 = 40;
/// See [`MAX_PLANES`].
pub const MAX_CHANNELS: u32 = 512;
/// See [`MAX_PLANES`].
pub const MAX_DWIN_HEADS: u32 = 64;
/// The largest board side a batch may have.
pub const MAX_SIDE: u32 = 19;
/// The largest batch.
pub const MAX_BATCH: u32 = 4096;

/// [`DeviceRequest::kind`]: the first CUDA device when libtorch sees one, else the CPU.
pub const DEVICE_AUTO: u32 = 0;
/// [`DeviceRequest::kind`]: the CPU.
pub const DEVICE_CPU: u32 = 1;
/// [`DeviceRequest::kind`]: CUDA device [`DeviceRequest::index`] (the CPU, with a note, when
/// it is not there).
pub const DEVICE_CUDA: u32 = 2;

/// Where the caller wants a net to run.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DeviceRequest {
    /// [`DEVICE_AUTO`], [`DEVICE_CPU`] or [`DEVICE_CUDA`].
    pub kind: u32,
    /// The CUDA device's index (ignored otherwise).
    pub index: u32,
}

/// A batch of positions to evaluate.
///
/// `input` holds `count * planes * height * width` floats, row-major in that order (NCHW).
/// The outputs the caller provides: `policy` with `count * (height * width + 1)` floats (logits:
/// the points row by row, then pass) and `dwin` with `count * dwin_heads` probabilities.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct Batch {
    /// Positions in the batch.
    pub count: u32,
    /// Planes per point; must equal the net's [`NetSpec::input_planes`].
    pub planes: u32,
    /// Rows.
    pub height: u32,
    /// Columns.
    pub width: u32,
    /// The features.
    pub input: *const f32,
}

impl Batch {
    /// Floats in `input`.
    pub fn input_len(&self) -> usize {
        self.count as usize * self.planes as usize * self.height as usize * self.width as usize
    }

    /// Floats the policy output needs.
    pub fn policy_len(&self) -> usize {
        self.count as usize * (self.height as usize * self.width as usize + 1)
    }
}

/// The training targets of a [`Batch`] of `count` positions.
///
/// - `policy`: `count` indices into the policy (`0..H*W` a point row by row, `H*W` pass), or
///   -1 for a position without a policy target;
/// - `dwin`: `count * dwin_heads` labels (1: the OR player reached the goal within d moves);
/// - `dwin_mask`: `count * dwin_heads` weights of those labels (0 leaves a label out).
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct TrainTargets {
    pub policy: *const i64,
    pub dwin: *const f32,
    pub dwin_mask: *const f32,
}

/// One training step's settings: plain SGD with momentum and L2 weight decay on the sum of the
/// policy's cross-entropy and `dwin_weight` times the d-win heads' binary cross-entropy.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct TrainOptions {
    pub learning_rate: f32,
    pub momentum: f32,
    pub weight_decay: f32,
    pub dwin_weight: f32,
    /// libtorch threads for this step (0: leave as it is). Training batches are large enough
    /// to gain from more than the one thread inference uses.
    pub threads: u32,
}

/// One batch's outputs, as both sides hand them to Rust code.
#[derive(Debug, Clone, PartialEq)]
pub struct NetOutputs {
    /// `count * (H*W + 1)` policy logits: points row by row, then pass.
    pub policy: Vec<f32>,
    /// `count * dwin_heads` probabilities of reaching the goal within d = 1, 2, … moves.
    pub dwin: Vec<f32>,
}

/// `tsnn_abi_version`.
pub type AbiVersionFn = unsafe extern "C" fn() -> u32;
/// `tsnn_module_info`.
pub type ModuleInfoFn = unsafe extern "C" fn(out: *mut c_char, len: usize) -> usize;
/// `tsnn_net_new`.
pub type NetNewFn = unsafe extern "C" fn(
    spec: *const NetSpec,
    seed: u64,
    device: DeviceRequest,
    err: *mut c_char,
    err_len: usize,
) -> *mut std::ffi::c_void;
/// `tsnn_net_load`.
pub type NetLoadFn = unsafe extern "C" fn(
    spec: *const NetSpec,
    path: *const c_char,
    device: DeviceRequest,
    err: *mut c_char,
    err_len: usize,
) -> *mut std::ffi::c_void;
/// `tsnn_net_save`.
pub type NetSaveFn = unsafe extern "C" fn(
    net: *mut std::ffi::c_void,
    path: *const c_char,
    err: *mut c_char,
    err_len: usize,
) -> i32;
/// `tsnn_net_device`.
pub type NetDeviceFn =
    unsafe extern "C" fn(net: *mut std::ffi::c_void, out: *mut c_char, len: usize) -> usize;
/// `tsnn_net_forward`.
pub type NetForwardFn = unsafe extern "C" fn(
    net: *mut std::ffi::c_void,
    batch: *const Batch,
    policy: *mut f32,
    policy_len: usize,
    dwin: *mut f32,
    dwin_len: usize,
    err: *mut c_char,
    err_len: usize,
) -> i32;
/// `tsnn_net_train_step`.
pub type NetTrainStepFn = unsafe extern "C" fn(
    net: *mut std::ffi::c_void,
    batch: *const Batch,
    targets: *const TrainTargets,
    options: *const TrainOptions,
    losses: *mut f32,
    losses_len: usize,
    err: *mut c_char,
    err_len: usize,
) -> i32;
/// `tsnn_net_save_momentum` and `tsnn_net_load_momentum`.
pub type NetMomentumFn = NetSaveFn;
/// `tsnn_net_free`.
pub type NetFreeFn = unsafe extern "C" fn(net: *mut std::ffi::c_void);

/// The exported symbol names, NUL-terminated (as `dlsym` wants them).
pub mod symbols {
    /// `tsnn_abi_version`
    pub const ABI_VERSION: &[u8] = b"tsnn_abi_version\0";
    /// `tsnn_module_info`
    pub const MODULE_INFO: &[u8] = b"tsnn_module_info\0";
    /// `tsnn_net_new`
    pub const NET_NEW: &[u8] = b"tsnn_net_new\0";
    /// `tsnn_net_load`
    pub const NET_LOAD: &[u8] = b"tsnn_net_load\0";
    /// `tsnn_net_save`
    pub const NET_SAVE: &[u8] = b"tsnn_net_save\0";
    /// `tsnn_net_device`
    pub const NET_DEVICE: &[u8] = b"tsnn_net_device\0";
    /// `tsnn_net_forward`
    pub const NET_FORWARD: &[u8] = b"tsnn_net_forward\0";
    /// `tsnn_net_free`
    pub const NET_FREE: &[u8] = b"tsnn_net_free\0";
    /// `tsnn_net_train_step`
    pub const NET_TRAIN_STEP: &[u8] = b"tsnn_net_train_step\0";
    /// `tsnn_net_save_momentum`
    pub const NET_SAVE_MOMENTUM: &[u8] = b"tsnn_net_save_momentum\0";
    /// `tsnn_net_load_momentum`
    pub const NET_LOAD_MOMENTUM: &[u8] = b"tsnn_net_load_momentum\0";
}

/// Writes `message` into a caller's C buffer: as much as fits, always NUL-terminated (nothing
/// when `out` is null or `len` is 0). Returns the full length of `message` in bytes.
///
/// # Safety
/// `out` must be null or valid for writes of `len` bytes.
pub unsafe fn write_c_string(message: &str, out: *mut c_char, len: usize) -> usize {
    if !out.is_null() && len > 0 {
        let bytes = message.as_bytes();
        let n = bytes.len().min(len - 1);
        // SAFETY: the caller guarantees `out` has `len` bytes and `n + 1 <= len`.
        unsafe {
            std::ptr::copy_nonoverlapping(bytes.as_ptr(), out.cast::<u8>(), n);
            *out.add(n) = 0;
        }
    }
    message.len()
}

/// Reads back a buffer written by [`write_c_string`] (up to its NUL; lossy UTF-8, since a cut
/// may split a character).
pub fn read_c_buffer(buf: &[u8]) -> String {
    let end = buf.iter().position(|&b| b == 0).unwrap_or(buf.len());
    String::from_utf8_lossy(&buf[..end]).into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn c_strings_are_cut_to_fit_and_terminated() {
        let mut buf = [0xffu8; 6];
        let full = unsafe { write_c_string("hello world", buf.as_mut_ptr().cast(), buf.len()) };
        assert_eq!(full, 11);
        assert_eq!(read_c_buffer(&buf), "hello");
        let mut big = [0xffu8; 32];
        unsafe { write_c_string("ok", big.as_mut_ptr().cast(), big.len()) };
        assert_eq!(read_c_buffer(&big), "ok");
        assert_eq!(unsafe { write_c_string("ok", std::ptr::null_mut(), 0) }, 2);
    }

    #[test]
    fn batch_sizes() {
        let batch = Batch {
            count: 2,
            planes: 3,
            height: 4,
            width: 5,
            input: std::ptr::null(),
        };
        assert_eq!(batch.input_len(), 120);
        assert_eq!(batch.policy_len(), 42);
    }

    #[test]
    fn symbol_names_are_nul_terminated() {
        for name in [
            symbols::ABI_VERSION,
            symbols::MODULE_INFO,
            symbols::NET_NEW,
            symbols::NET_LOAD,
            symbols::NET_SAVE,
            symbols::NET_DEVICE,
            symbols::NET_FORWARD,
            symbols::NET_FREE,
            symbols::NET_TRAIN_STEP,
            symbols::NET_SAVE_MOMENTUM,
            symbols::NET_LOAD_MOMENTUM,
        ] {
            assert_eq!(name.last(), Some(&0));
            assert!(name.starts_with(b"tsnn_"));
        }
    }
}
