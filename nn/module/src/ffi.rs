//! The exported C functions (ABI version [`ABI_VERSION`], documented in `tsumego_nn_abi`).
//!
//! Every function catches panics at the boundary (a panic must not unwind into the caller) and
//! checks its pointers and sizes before use.

use std::ffi::{c_char, c_void, CStr};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::Path;

use tsumego_nn_abi::{
    write_c_string, AbiVersionFn, Batch, DeviceRequest, ModuleInfoFn, NetDeviceFn, NetForwardFn,
    NetFreeFn, NetLoadFn, NetMomentumFn, NetNewFn, NetSaveFn, NetSpec, NetTrainStepFn,
    TrainOptions, TrainTargets, ABI_VERSION, STATUS_INVALID, STATUS_OK, STATUS_PANIC, STATUS_TORCH,
};

use crate::device::LIBTORCH_VERSION;
use crate::net::{Net, NetError};
use crate::train::TrainBatch;

// Every export has exactly the type the ABI gives it (a mismatch does not compile).
const _: AbiVersionFn = tsnn_abi_version;
const _: ModuleInfoFn = tsnn_module_info;
const _: NetNewFn = tsnn_net_new;
const _: NetLoadFn = tsnn_net_load;
const _: NetSaveFn = tsnn_net_save;
const _: NetDeviceFn = tsnn_net_device;
const _: NetForwardFn = tsnn_net_forward;
const _: NetFreeFn = tsnn_net_free;
const _: NetTrainStepFn = tsnn_net_train_step;
const _: NetMomentumFn = tsnn_net_save_momentum;
const _: NetMomentumFn = tsnn_net_load_momentum;

/// The module's version and the libtorch it runs on.
fn info() -> String {
    format!(
        "tsumego-nn {}, libtorch {LIBTORCH_VERSION}",
        env!("CARGO_PKG_VERSION")
    )
}

fn panic_message(payload: &(dyn std::any::Any + Send)) -> String {
    let text = payload
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "unknown panic".to_string());
    format!("panic in the net module: {text}")
}

/// Runs `f`, turning an error or a panic into a status and a message in `err`.
///
/// # Safety
/// `err` must be null or valid for `err_len` bytes.
unsafe fn guarded(
    err: *mut c_char,
    err_len: usize,
    f: impl FnOnce() -> Result<(), NetError>,
) -> i32 {
    let (status, message) = match catch_unwind(AssertUnwindSafe(f)) {
        Ok(Ok(())) => return STATUS_OK,
        Ok(Err(e @ NetError::Invalid(_))) => (STATUS_INVALID, e.to_string()),
        Ok(Err(e @ NetError::Torch(_))) => (STATUS_TORCH, e.to_string()),
        Err(payload) => (STATUS_PANIC, panic_message(payload.as_ref())),
    };
    // SAFETY: forwarded from the caller.
    unsafe { write_c_string(&message, err, err_len) };
    status
}

/// Reads a NUL-terminated UTF-8 path.
///
/// # Safety
/// `path` must be null or a valid NUL-terminated string.
unsafe fn read_path<'a>(path: *const c_char) -> Result<&'a Path, NetError> {
    if path.is_null() {
        return Err(NetError::Invalid("null path".into()));
    }
    // SAFETY: the caller guarantees a NUL-terminated string.
    let path = unsafe { CStr::from_ptr(path) };
    path.to_str()
        .map(Path::new)
        .map_err(|_| NetError::Invalid("path is not UTF-8".into()))
}

/// # Safety
/// `spec` must be null or point to a valid [`NetSpec`].
unsafe fn read_spec(spec: *const NetSpec) -> Result<NetSpec, NetError> {
    // SAFETY: the caller guarantees validity when non-null.
    unsafe { spec.as_ref() }
        .copied()
        .ok_or_else(|| NetError::Invalid("null net spec".into()))
}

/// Boxes a made net into a handle, or writes the error and returns null.
///
/// # Safety
/// `err` must be null or valid for `err_len` bytes.
unsafe fn into_handle(
    err: *mut c_char,
    err_len: usize,
    make: impl FnOnce() -> Result<Net, NetError>,
) -> *mut c_void {
    let mut made = None;
    // SAFETY: forwarded from the caller.
    let status = unsafe {
        guarded(err, err_len, || {
            made = Some(make()?);
            Ok(())
        })
    };
    match made {
        Some(net) if status == STATUS_OK => Box::into_raw(Box::new(net)).cast(),
        _ => std::ptr::null_mut(),
    }
}

/// # Safety
/// `net` must be null or a handle from `tsnn_net_new` / `tsnn_net_load` not yet freed.
unsafe fn read_net<'a>(net: *mut c_void) -> Result<&'a Net, NetError> {
    // SAFETY: the caller guarantees a live handle when non-null.
    unsafe { net.cast::<Net>().as_ref() }.ok_or_else(|| NetError::Invalid("null net".into()))
}

/// # Safety
/// As [`read_net`], and the handle must not be in use elsewhere.
unsafe fn read_net_mut<'a>(net: *mut c_void) -> Result<&'a mut Net, NetError> {
    // SAFETY: the caller guarantees a live handle used by one thread at a time.
    unsafe { net.cast::<Net>().as_mut() }.ok_or_else(|| NetError::Invalid("null net".into()))
}

/// A caller's array of `len` values as a slice (an error for null).
///
/// # Safety
/// `ptr` must be null or valid for `len` reads.
unsafe fn read_slice<'a, T>(ptr: *const T, len: usize, what: &str) -> Result<&'a [T], NetError> {
    if ptr.is_null() {
        return Err(NetError::Invalid(format!("null {what}")));
    }
    // SAFETY: the caller guarantees `len` valid values.
    Ok(unsafe { std::slice::from_raw_parts(ptr, len) })
}

/// `tsnn_abi_version`: the ABI this module implements.
#[no_mangle]
pub extern "C" fn tsnn_abi_version() -> u32 {
    ABI_VERSION
}

/// `tsnn_module_info`: "tsumego-nn 0.1.0, libtorch 2.13.0" into `out`; returns its length.
///
/// # Safety
/// `out` must be null or valid for `len` bytes.
#[no_mangle]
pub unsafe extern "C" fn tsnn_module_info(out: *mut c_char, len: usize) -> usize {
    // SAFETY: forwarded from the caller.
    unsafe { write_c_string(&info(), out, len) }
}

/// `tsnn_net_new`: a net with seeded weights, or null and a message in `err`.
///
/// # Safety
/// `spec` must point to a valid [`NetSpec`]; `err` must be null or valid for `err_len` bytes.
#[no_mangle]
pub unsafe extern "C" fn tsnn_net_new(
    spec: *const NetSpec,
    seed: u64,
    device: DeviceRequest,
    err: *mut c_char,
    err_len: usize,
) -> *mut c_void {
    // SAFETY: forwarded from the caller.
    unsafe { into_handle(err, err_len, || Net::seeded(read_spec(spec)?, seed, device)) }
}

/// `tsnn_net_load`: a net with the weights of a safetensors file, or null and a message.
///
/// # Safety
/// As [`tsnn_net_new`]; `path` must be a NUL-terminated string.
#[no_mangle]
pub unsafe extern "C" fn tsnn_net_load(
    spec: *const NetSpec,
    path: *const c_char,
    device: DeviceRequest,
    err: *mut c_char,
    err_len: usize,
) -> *mut c_void {
    // SAFETY: forwarded from the caller.
    unsafe {
        into_handle(err, err_len, || {
            Net::load(read_spec(spec)?, read_path(path)?, device)
        })
    }
}

/// `tsnn_net_save`: the weights as a safetensors file.
///
/// # Safety
/// `net` must be a live handle; `path` a NUL-terminated string; `err` null or valid.
#[no_mangle]
pub unsafe extern "C" fn tsnn_net_save(
    net: *mut c_void,
    path: *const c_char,
    err: *mut c_char,
    err_len: usize,
) -> i32 {
    // SAFETY: forwarded from the caller.
    unsafe { guarded(err, err_len, || read_net(net)?.save(read_path(path)?)) }
}

/// `tsnn_net_device`: where the net runs, in words; returns the full length.
///
/// # Safety
/// `net` must be a live handle; `out` null or valid for `len` bytes.
#[no_mangle]
pub unsafe extern "C" fn tsnn_net_device(net: *mut c_void, out: *mut c_char, len: usize) -> usize {
    // SAFETY: forwarded from the caller.
    let text = match unsafe { read_net(net) } {
        Ok(net) => net.device().to_string(),
        Err(e) => e.to_string(),
    };
    // SAFETY: forwarded from the caller.
    unsafe { write_c_string(&text, out, len) }
}

/// `tsnn_net_forward`: evaluates a batch into the caller's buffers.
///
/// # Safety
/// `net` must be a live handle, `batch` valid with `input` holding `batch.input_len()` floats,
/// `policy` valid for `policy_len` floats, `dwin` for `dwin_len`; `err` null or valid.
#[no_mangle]
pub unsafe extern "C" fn tsnn_net_forward(
    net: *mut c_void,
    batch: *const Batch,
    policy: *mut f32,
    policy_len: usize,
    dwin: *mut f32,
    dwin_len: usize,
    err: *mut c_char,
    err_len: usize,
) -> i32 {
    let run = || -> Result<(), NetError> {
        // SAFETY: the caller guarantees a live handle and a valid batch.
        let net = unsafe { read_net(net) }?;
        let batch =
            unsafe { batch.as_ref() }.ok_or_else(|| NetError::Invalid("null batch".into()))?;
        if batch.planes != net.spec().input_planes {
            return Err(NetError::Invalid(format!(
                "batch has {} planes, the net takes {}",
                batch.planes,
                net.spec().input_planes
            )));
        }
        let dwin_needed = batch.count as usize * net.spec().dwin_heads as usize;
        if batch.input.is_null() || policy.is_null() || dwin.is_null() {
            return Err(NetError::Invalid("null buffer".into()));
        }
        if policy_len < batch.policy_len() || dwin_len < dwin_needed {
            return Err(NetError::Invalid(format!(
                "output buffers of {policy_len} and {dwin_len} floats, {} and {dwin_needed} needed",
                batch.policy_len()
            )));
        }
        // SAFETY: the caller guarantees `input` holds `input_len()` floats.
        let input = unsafe { std::slice::from_raw_parts(batch.input, batch.input_len()) };
        let outputs = net.forward(batch.count, batch.height, batch.width, input)?;
        // SAFETY: the lengths were checked against the caller's buffer sizes above.
        unsafe {
            std::ptr::copy_nonoverlapping(outputs.policy.as_ptr(), policy, outputs.policy.len());
            std::ptr::copy_nonoverlapping(outputs.dwin.as_ptr(), dwin, outputs.dwin.len());
        }
        Ok(())
    };
    // SAFETY: forwarded from the caller.
    unsafe { guarded(err, err_len, run) }
}

/// `tsnn_net_train_step`: one SGD step on a batch; the policy and d-win losses into `losses`.
///
/// # Safety
/// `net` must be a live handle used by no other thread; `batch`, `targets` and `options` valid,
/// with `batch.input` holding `batch.input_len()` floats, `targets.policy` `batch.count`
/// values and `targets.dwin` / `targets.dwin_mask` `batch.count * dwin_heads` each; `losses`
/// valid for `losses_len` (at least 2) floats; `err` null or valid.
#[no_mangle]
pub unsafe extern "C" fn tsnn_net_train_step(
    net: *mut c_void,
    batch: *const Batch,
    targets: *const TrainTargets,
    options: *const TrainOptions,
    losses: *mut f32,
    losses_len: usize,
    err: *mut c_char,
    err_len: usize,
) -> i32 {
    let run = || -> Result<(), NetError> {
        // SAFETY: the caller guarantees a live handle and valid structs.
        let net = unsafe { read_net_mut(net) }?;
        let batch =
            unsafe { batch.as_ref() }.ok_or_else(|| NetError::Invalid("null batch".into()))?;
        let targets =
            unsafe { targets.as_ref() }.ok_or_else(|| NetError::Invalid("null targets".into()))?;
        let options =
            unsafe { options.as_ref() }.ok_or_else(|| NetError::Invalid("null options".into()))?;
        if batch.planes != net.spec().input_planes {
            return Err(NetError::Invalid(format!(
                "batch has {} planes, the net takes {}",
                batch.planes,
                net.spec().input_planes
            )));
        }
        if losses.is_null() || losses_len < 2 {
            return Err(NetError::Invalid("the losses need 2 floats".into()));
        }
        let n = batch.count as usize;
        let labels = n * net.spec().dwin_heads as usize;
        // SAFETY: the caller guarantees the documented lengths.
        let train = unsafe {
            TrainBatch {
                count: batch.count,
                height: batch.height,
                width: batch.width,
                input: read_slice(batch.input, batch.input_len(), "input")?,
                policy: read_slice(targets.policy, n, "policy targets")?,
                dwin: read_slice(targets.dwin, labels, "d-win labels")?,
                dwin_mask: read_slice(targets.dwin_mask, labels, "d-win mask")?,
            }
        };
        let out = net.train_step(&train, options)?;
        // SAFETY: checked above: `losses` holds at least 2 floats.
        unsafe { std::ptr::copy_nonoverlapping(out.as_ptr(), losses, 2) };
        Ok(())
    };
    // SAFETY: forwarded from the caller.
    unsafe { guarded(err, err_len, run) }
}

/// `tsnn_net_save_momentum`: the momentum buffers as a safetensors file.
///
/// # Safety
/// As [`tsnn_net_save`].
#[no_mangle]
pub unsafe extern "C" fn tsnn_net_save_momentum(
    net: *mut c_void,
    path: *const c_char,
    err: *mut c_char,
    err_len: usize,
) -> i32 {
    // SAFETY: forwarded from the caller.
    unsafe {
        guarded(err, err_len, || {
            read_net(net)?.save_momentum(read_path(path)?)
        })
    }
}

/// `tsnn_net_load_momentum`: momentum buffers from a safetensors file.
///
/// # Safety
/// As [`tsnn_net_save`], and the handle must not be in use elsewhere.
#[no_mangle]
pub unsafe extern "C" fn tsnn_net_load_momentum(
    net: *mut c_void,
    path: *const c_char,
    err: *mut c_char,
    err_len: usize,
) -> i32 {
    // SAFETY: forwarded from the caller.
    unsafe {
        guarded(err, err_len, || {
            read_net_mut(net)?.load_momentum(read_path(path)?)
        })
    }
}

/// `tsnn_net_free`: releases a net (null is ignored).
///
/// # Safety
/// `net` must be null or a live handle, not used again.
#[no_mangle]
pub unsafe extern "C" fn tsnn_net_free(net: *mut c_void) {
    if !net.is_null() {
        // A panic in a destructor must not cross the boundary either.
        let _ = catch_unwind(AssertUnwindSafe(|| {
            // SAFETY: the caller hands back a handle made by `Box::into_raw`.
            drop(unsafe { Box::from_raw(net.cast::<Net>()) });
        }));
    }
}
