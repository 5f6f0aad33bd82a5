//! Finding and opening the net module, once per process.
//!
//! Where it is looked for, in order: the file named by `TSUMEGO_NN_MODULE` (and only there,
//! when set); else the executable's folder, then that folder's parent when it is Cargo's `deps`
//! or `examples` (test binaries and examples) or else its `deps` subfolder (where `cargo test`
//! leaves the module of its build without copying it beside the binary). The module stays loaded for
//! the rest of the process: libtorch cannot be unloaded safely, so the library is never closed.

use std::ffi::c_char;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use libloading::Library;
use tsumego_nn_abi::{
    read_c_buffer, symbols, AbiVersionFn, ModuleInfoFn, NetDeviceFn, NetForwardFn, NetFreeFn,
    NetLoadFn, NetMomentumFn, NetNewFn, NetSaveFn, NetTrainStepFn, ABI_VERSION, MODULE_FILE_NAME,
};

use super::error::NnError;

/// The environment variable naming the module file explicitly.
pub const MODULE_ENV: &str = "TSUMEGO_NN_MODULE";

/// The module's functions (valid for the life of the process: the library is never closed).
#[derive(Debug, Clone, Copy)]
pub(super) struct Functions {
    pub net_new: NetNewFn,
    pub net_load: NetLoadFn,
    pub net_save: NetSaveFn,
    pub net_device: NetDeviceFn,
    pub net_forward: NetForwardFn,
    pub net_free: NetFreeFn,
    pub net_train_step: NetTrainStepFn,
    pub net_save_momentum: NetMomentumFn,
    pub net_load_momentum: NetMomentumFn,
}

/// An opened net module.
#[derive(Debug, Clone)]
pub struct NetModule {
    path: PathBuf,
    info: String,
    pub(super) functions: Functions,
}

static MODULE: OnceLock<Result<NetModule, NnError>> = OnceLock::new();

impl NetModule {
    /// The process's module, found and opened on the first call (later calls return the same
    /// module, or the same error, without trying again).
    pub fn get() -> Result<&'static NetModule, NnError> {
        MODULE
            .get_or_init(|| NetModule::open(&find()?))
            .as_ref()
            .map_err(Clone::clone)
    }

    /// Whether [`get`](Self::get) has already been called (and so whether libtorch may be in
    /// the process).
    pub fn attempted() -> bool {
        MODULE.get().is_some()
    }

    /// Opens the module at `path` and checks its ABI version and functions. The library stays
    /// loaded for the rest of the process, even when this fails after opening it.
    pub fn open(path: &Path) -> Result<NetModule, NnError> {
        // SAFETY: loading runs the library's initialisers; the module is our own crate (and
        // libtorch), whose initialisers have no preconditions on the caller.
        let library = unsafe { Library::new(path) }.map_err(|e| NnError::Open {
            path: path.to_path_buf(),
            reason: e.to_string(),
        })?;
        // Never closed: see the module documentation.
        let library: &'static Library = Box::leak(Box::new(library));
        let symbol = |name: &[u8]| -> Result<*const (), NnError> {
            // SAFETY: the pointer is only cast to the type the ABI gives this symbol, below.
            unsafe { library.get::<*const ()>(name) }
                .map(|s| *s)
                .map_err(|_| NnError::MissingSymbol {
                    path: path.to_path_buf(),
                    symbol: String::from_utf8_lossy(&name[..name.len() - 1]).into_owned(),
                })
        };
        // SAFETY (every transmute below): each symbol has the signature tsumego_nn_abi gives
        // it, which is what the module exports for this ABI version (checked first).
        let abi_version: AbiVersionFn =
            unsafe { std::mem::transmute(symbol(symbols::ABI_VERSION)?) };
        // SAFETY: no arguments, no preconditions.
        let found = unsafe { abi_version() };
        if found != ABI_VERSION {
            return Err(NnError::WrongVersion {
                path: path.to_path_buf(),
                found,
                expected: ABI_VERSION,
            });
        }
        let module_info: ModuleInfoFn =
            unsafe { std::mem::transmute(symbol(symbols::MODULE_INFO)?) };
        let functions = unsafe {
            Functions {
                net_new: std::mem::transmute::<*const (), NetNewFn>(symbol(symbols::NET_NEW)?),
                net_load: std::mem::transmute::<*const (), NetLoadFn>(symbol(symbols::NET_LOAD)?),
                net_save: std::mem::transmute::<*const (), NetSaveFn>(symbol(symbols::NET_SAVE)?),
                net_device: std::mem::transmute::<*const (), NetDeviceFn>(symbol(
                    symbols::NET_DEVICE,
                )?),
                net_forward: std::mem::transmute::<*const (), NetForwardFn>(symbol(
                    symbols::NET_FORWARD,
                )?),
                net_free: std::mem::transmute::<*const (), NetFreeFn>(symbol(symbols::NET_FREE)?),
                net_train_step: std::mem::transmute::<*const (), NetTrainStepFn>(symbol(
                    symbols::NET_TRAIN_STEP,
                )?),
                net_save_momentum: std::mem::transmute::<*const (), NetMomentumFn>(symbol(
                    symbols::NET_SAVE_MOMENTUM,
                )?),
                net_load_momentum: std::mem::transmute::<*const (), NetMomentumFn>(symbol(
                    symbols::NET_LOAD_MOMENTUM,
                )?),
            }
        };
        let mut buf = [0u8; 256];
        // SAFETY: the buffer is valid for its length.
        unsafe { module_info(buf.as_mut_ptr().cast::<c_char>(), buf.len()) };
        Ok(NetModule {
            path: path.to_path_buf(),
            info: read_c_buffer(&buf),
            functions,
        })
    }

    /// The file the module was loaded from.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The module's version and its libtorch, e.g. "tsumego-nn 0.1.0, libtorch 2.13.0".
    pub fn info(&self) -> &str {
        &self.info
    }
}

/// The places the module is looked for (see the module documentation), in order.
pub fn search_path() -> Vec<PathBuf> {
    if let Some(explicit) = std::env::var_os(MODULE_ENV) {
        return vec![PathBuf::from(explicit)];
    }
    let Ok(exe) = std::env::current_exe() else {
        return Vec::new();
    };
    let Some(dir) = exe.parent() else {
        return Vec::new();
    };
    let mut places = vec![dir.join(MODULE_FILE_NAME)];
    let cargo_subfolder = dir
        .file_name()
        .is_some_and(|name| name == "deps" || name == "examples");
    if let (true, Some(parent)) = (cargo_subfolder, dir.parent()) {
        places.push(parent.join(MODULE_FILE_NAME));
    } else {
        // `cargo test` leaves the module in target/<profile>/deps without copying it up.
        places.push(dir.join("deps").join(MODULE_FILE_NAME));
    }
    places
}

/// The first existing file of [`search_path`].
fn find() -> Result<PathBuf, NnError> {
    locate(&search_path())
}

/// The first existing file of `places`, or [`NnError::NotFound`] listing them.
pub fn locate(places: &[PathBuf]) -> Result<PathBuf, NnError> {
    places
        .iter()
        .find(|place| place.is_file())
        .cloned()
        .ok_or_else(|| NnError::NotFound {
            file: MODULE_FILE_NAME,
            searched: places
                .iter()
                .map(|p| p.display().to_string())
                .collect::<Vec<_>>()
                .join(", "),
        })
}
