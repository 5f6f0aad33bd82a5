//! A net inside the module, behind a handle.

use std::ffi::{c_char, c_void, CString};
use std::path::Path;
use std::ptr::NonNull;

pub use tsumego_nn_abi::NetOutputs;
use tsumego_nn_abi::{read_c_buffer, Batch, NetSpec, TrainOptions, TrainTargets, STATUS_OK};

use super::device::DevicePreference;
use super::error::NnError;
use super::module::{Functions, NetModule};

/// Room for the module's error messages.
const ERR_LEN: usize = 1024;

/// A net made or loaded by the module. Used from one thread at a time (it is `Send`, not
/// `Sync`); freed in the module when dropped.
#[derive(Debug)]
pub struct Net {
    handle: NonNull<c_void>,
    functions: Functions,
    spec: NetSpec,
}

// SAFETY: the module's nets may be used from any thread, one thread at a time (ABI version 1);
// `Net` is not `Sync`, so shared use across threads is impossible.
unsafe impl Send for Net {}

fn c_path(path: &Path) -> Result<CString, NnError> {
    let text = path
        .to_str()
        .ok_or_else(|| NnError::Module(format!("{}: path is not UTF-8", path.display())))?;
    CString::new(text).map_err(|_| NnError::Module(format!("{text}: path contains NUL")))
}

impl NetModule {
    /// A net of shape `spec` with weights drawn from the seed (the same weights for the same
    /// seed, on every device).
    pub fn new_net(
        &self,
        spec: NetSpec,
        seed: u64,
        device: DevicePreference,
    ) -> Result<Net, NnError> {
        let mut err = [0u8; ERR_LEN];
        // SAFETY: `spec` and `err` are valid for the call.
        let handle = unsafe {
            (self.functions.net_new)(
                &spec,
                seed,
                device.request(),
                err.as_mut_ptr().cast::<c_char>(),
                err.len(),
            )
        };
        self.wrap(handle, spec, &err)
    }

    /// A net of shape `spec` with the weights of a safetensors file (every tensor's name and
    /// shape checked).
    pub fn load_net(
        &self,
        spec: NetSpec,
        path: &Path,
        device: DevicePreference,
    ) -> Result<Net, NnError> {
        let path = c_path(path)?;
        let mut err = [0u8; ERR_LEN];
        // SAFETY: `spec`, `path` and `err` are valid for the call.
        let handle = unsafe {
            (self.functions.net_load)(
                &spec,
                path.as_ptr(),
                device.request(),
                err.as_mut_ptr().cast::<c_char>(),
                err.len(),
            )
        };
        self.wrap(handle, spec, &err)
    }

    fn wrap(&self, handle: *mut c_void, spec: NetSpec, err: &[u8]) -> Result<Net, NnError> {
        match NonNull::new(handle) {
            Some(handle) => Ok(Net {
                handle,
                functions: self.functions,
                spec,
            }),
            None => Err(NnError::Module(read_c_buffer(err))),
        }
    }
}

impl Net {
    /// The net's shape.
    pub fn spec(&self) -> NetSpec {
        self.spec
    }

    /// Where the net runs, in words (e.g. "CPU (libtorch 2.13.0, 1 intra-op thread)"), with the
    /// reason when it is not where it was asked to run.
    pub fn device(&self) -> String {
        let mut buf = [0u8; 512];
        // SAFETY: the handle is live and the buffer valid for its length.
        unsafe {
            (self.functions.net_device)(
                self.handle.as_ptr(),
                buf.as_mut_ptr().cast::<c_char>(),
                buf.len(),
            )
        };
        read_c_buffer(&buf)
    }

    /// Writes the weights as a safetensors file.
    pub fn save(&self, path: &Path) -> Result<(), NnError> {
        let path = c_path(path)?;
        let mut err = [0u8; ERR_LEN];
        // SAFETY: the handle is live; `path` and `err` are valid for the call.
        let status = unsafe {
            (self.functions.net_save)(
                self.handle.as_ptr(),
                path.as_ptr(),
                err.as_mut_ptr().cast::<c_char>(),
                err.len(),
            )
        };
        self.status(status, &err)
    }

    /// Evaluates `count` positions of `height` x `width`, `input` in NCHW order with the net's
    /// input planes.
    pub fn forward(
        &self,
        count: u32,
        height: u32,
        width: u32,
        input: &[f32],
    ) -> Result<NetOutputs, NnError> {
        let batch = Batch {
            count,
            planes: self.spec.input_planes,
            height,
            width,
            input: input.as_ptr(),
        };
        if input.len() != batch.input_len() {
            return Err(NnError::Module(format!(
                "{} input floats, {} expected for {count} positions of {width}x{height} with {} planes",
                input.len(),
                batch.input_len(),
                self.spec.input_planes
            )));
        }
        let mut policy = vec![0.0f32; batch.policy_len()];
        let mut dwin = vec![0.0f32; count as usize * self.spec.dwin_heads as usize];
        let mut err = [0u8; ERR_LEN];
        // SAFETY: the handle is live, the batch's input holds `input_len()` floats (checked) and
        // the output buffers have the lengths passed.
        let status = unsafe {
            (self.functions.net_forward)(
                self.handle.as_ptr(),
                &batch,
                policy.as_mut_ptr(),
                policy.len(),
                dwin.as_mut_ptr(),
                dwin.len(),
                err.as_mut_ptr().cast::<c_char>(),
                err.len(),
            )
        };
        self.status(status, &err)?;
        Ok(NetOutputs { policy, dwin })
    }

    /// One training step (SGD with momentum) on `count` positions of `height` x `width`:
    /// `policy` holds one target index per position (-1: none), `dwin` and `dwin_mask` the
    /// d-win labels and their weights (`count * dwin_heads` each). Returns the policy and
    /// d-win losses before the step.
    #[allow(clippy::too_many_arguments)]
    pub fn train_step(
        &mut self,
        count: u32,
        height: u32,
        width: u32,
        input: &[f32],
        policy: &[i64],
        dwin: &[f32],
        dwin_mask: &[f32],
        options: &TrainOptions,
    ) -> Result<[f32; 2], NnError> {
        let batch = Batch {
            count,
            planes: self.spec.input_planes,
            height,
            width,
            input: input.as_ptr(),
        };
        let labels = count as usize * self.spec.dwin_heads as usize;
        if input.len() != batch.input_len()
            || policy.len() != count as usize
            || dwin.len() != labels
            || dwin_mask.len() != labels
        {
            return Err(NnError::Module(format!(
                "training batch of {count} positions: {} input floats ({} expected), {} policy targets, {} + {} d-win labels ({labels} each expected)",
                input.len(),
                batch.input_len(),
                policy.len(),
                dwin.len(),
                dwin_mask.len()
            )));
        }
        let targets = TrainTargets {
            policy: policy.as_ptr(),
            dwin: dwin.as_ptr(),
            dwin_mask: dwin_mask.as_ptr(),
        };
        let mut losses = [0.0f32; 2];
        let mut err = [0u8; ERR_LEN];
        // SAFETY: the handle is live and used by this thread only (`&mut self`); every buffer
        // has the length the ABI asks for (checked above).
        let status = unsafe {
            (self.functions.net_train_step)(
                self.handle.as_ptr(),
                &batch,
                &targets,
                options,
                losses.as_mut_ptr(),
                losses.len(),
                err.as_mut_ptr().cast::<c_char>(),
                err.len(),
            )
        };
        self.status(status, &err)?;
        Ok(losses)
    }

    /// Writes the optimiser's momentum buffers as a safetensors file (for resuming).
    pub fn save_momentum(&self, path: &Path) -> Result<(), NnError> {
        self.path_call(self.functions.net_save_momentum, path)
    }

    /// Reads momentum buffers written by [`Net::save_momentum`].
    pub fn load_momentum(&mut self, path: &Path) -> Result<(), NnError> {
        self.path_call(self.functions.net_load_momentum, path)
    }

    fn path_call(&self, f: tsumego_nn_abi::NetMomentumFn, path: &Path) -> Result<(), NnError> {
        let path = c_path(path)?;
        let mut err = [0u8; ERR_LEN];
        // SAFETY: the handle is live; `path` and `err` are valid for the call.
        let status = unsafe {
            f(
                self.handle.as_ptr(),
                path.as_ptr(),
                err.as_mut_ptr().cast::<c_char>(),
                err.len(),
            )
        };
        self.status(status, &err)
    }

    fn status(&self, status: i32, err: &[u8]) -> Result<(), NnError> {
        if status == STATUS_OK {
            Ok(())
        } else {
            Err(NnError::Module(read_c_buffer(err)))
        }
    }
}

impl Drop for Net {
    fn drop(&mut self) {
        // SAFETY: the handle is live and not used again.
        unsafe { (self.functions.net_free)(self.handle.as_ptr()) };
    }
}
