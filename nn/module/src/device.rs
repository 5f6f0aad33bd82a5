//! Where the network runs, and how many threads libtorch may use there.
//!
//! The nets are small, so on a CPU libtorch's intra-op thread pool costs far more in
//! synchronisation than it gains: on two cores, inference is about 20x slower than with one
//! thread. [`configure_inference_threads`] pins both pools to one thread, and
//! [`select_device`] calls it, so any code that picks a device gets the setting.

use std::fmt;
use std::sync::Once;

use tch::{Cuda, Device};
use tsumego_nn_abi::{DeviceRequest, DEVICE_AUTO, DEVICE_CPU, DEVICE_CUDA};

/// The libtorch release `tch` 0.26 is built against (see `scripts/setup.sh`).
pub const LIBTORCH_VERSION: &str = "2.13.0";

/// The device chosen by [`select_device`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SelectedDevice {
    /// Where tensors and models should live.
    pub device: Device,
    /// Why the choice differs from the preference (e.g. CUDA was asked for but is missing);
    /// meant to be shown to the user.
    pub note: Option<String>,
}

impl SelectedDevice {
    /// A one-line description for logs and the UI, e.g.
    /// `CPU (libtorch 2.13.0, 1 intra-op thread)`.
    pub fn description(&self) -> String {
        match self.device {
            Device::Cuda(n) => format!("CUDA:{n} (libtorch {LIBTORCH_VERSION})"),
            _ => {
                let threads = tch::get_num_threads();
                let plural = if threads == 1 { "" } else { "s" };
                format!("CPU (libtorch {LIBTORCH_VERSION}, {threads} intra-op thread{plural})")
            }
        }
    }
}

impl fmt::Display for SelectedDevice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.description())?;
        match &self.note {
            Some(note) => write!(f, "; {note}"),
            None => Ok(()),
        }
    }
}

/// Picks the device for `request`, falling back to the CPU with a [`SelectedDevice::note`]
/// when the requested CUDA device is not available (or the request is not understood). Also
/// calls [`configure_inference_threads`]. This is the one place a device is chosen.
///
/// ```
/// use tsumego_nn::device::select_device;
/// use tsumego_nn_abi::{DeviceRequest, DEVICE_CPU};
///
/// let selected = select_device(DeviceRequest { kind: DEVICE_CPU, index: 0 });
/// assert_eq!(selected.device, tch::Device::Cpu);
/// println!("network on {selected}");
/// ```
pub fn select_device(request: DeviceRequest) -> SelectedDevice {
    configure_inference_threads();
    let cpu = |note: Option<String>| SelectedDevice {
        device: Device::Cpu,
        note,
    };
    let n = request.index as usize;
    match request.kind {
        DEVICE_CPU => cpu(None),
        DEVICE_AUTO if Cuda::is_available() => SelectedDevice {
            device: Device::Cuda(0),
            note: None,
        },
        DEVICE_AUTO => cpu(None),
        DEVICE_CUDA if !Cuda::is_available() => cpu(Some(format!(
            "CUDA device {n} requested but libtorch sees no CUDA; using the CPU"
        ))),
        DEVICE_CUDA => {
            let count = Cuda::device_count();
            if i64::try_from(n).is_ok_and(|n| n < count) {
                SelectedDevice {
                    device: Device::Cuda(n),
                    note: None,
                }
            } else {
                cpu(Some(format!(
                    "CUDA device {n} requested but only {count} present; using the CPU"
                )))
            }
        }
        other => cpu(Some(format!("unknown device kind {other}; using the CPU"))),
    }
}

/// Limits libtorch to one intra-op thread and one inter-op thread; only the first call acts.
///
/// The intra-op count is process-wide for threads that have not yet run a libtorch operation;
/// a thread that already has keeps its earlier count, so call this before any tensor work
/// (it is cheap, and [`select_device`] does it).
pub fn configure_inference_threads() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        tch::set_num_threads(1);
        // libtorch refuses (and tch panics) once the inter-op pool has started; it only
        // starts for TorchScript `fork`, so a failure here is harmless and is ignored.
        let _ = std::panic::catch_unwind(|| tch::set_num_interop_threads(1));
    });
}
