//! Which device the user asks the net to run on (the module decides what is there).

use std::fmt;
use std::str::FromStr;

use tsumego_nn_abi::{DeviceRequest, DEVICE_AUTO, DEVICE_CPU, DEVICE_CUDA};

/// Which device the user asked for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum DevicePreference {
    /// The first CUDA device if libtorch sees one, else the CPU.
    #[default]
    Auto,
    /// The CPU, even when a GPU is present.
    Cpu,
    /// The CUDA device with this index; the CPU (with a note) when it is not there.
    Cuda(u32),
}

impl DevicePreference {
    /// The request as it crosses the module's ABI.
    pub fn request(self) -> DeviceRequest {
        match self {
            DevicePreference::Auto => DeviceRequest {
                kind: DEVICE_AUTO,
                index: 0,
            },
            DevicePreference::Cpu => DeviceRequest {
                kind: DEVICE_CPU,
                index: 0,
            },
            DevicePreference::Cuda(index) => DeviceRequest {
                kind: DEVICE_CUDA,
                index,
            },
        }
    }
}

impl FromStr for DevicePreference {
    type Err = String;

    /// Parses `auto`, `cpu`, `cuda` (device 0) or `cuda:N`, ignoring ASCII case.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let s = s.trim().to_ascii_lowercase();
        match s.as_str() {
            "auto" => Ok(Self::Auto),
            "cpu" => Ok(Self::Cpu),
            "cuda" => Ok(Self::Cuda(0)),
            _ => s
                .strip_prefix("cuda:")
                .and_then(|n| n.parse().ok())
                .map(Self::Cuda)
                .ok_or_else(|| format!("unknown device {s:?}: expected auto, cpu, cuda or cuda:N")),
        }
    }
}

impl fmt::Display for DevicePreference {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DevicePreference::Auto => f.write_str("auto"),
            DevicePreference::Cpu => f.write_str("cpu"),
            DevicePreference::Cuda(n) => write!(f, "cuda:{n}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn preferences_parse_and_print() {
        assert_eq!("auto".parse(), Ok(DevicePreference::Auto));
        assert_eq!("CPU".parse(), Ok(DevicePreference::Cpu));
        assert_eq!("cuda".parse(), Ok(DevicePreference::Cuda(0)));
        assert_eq!("cuda:2".parse(), Ok(DevicePreference::Cuda(2)));
        assert!("tpu".parse::<DevicePreference>().is_err());
        assert!("cuda:-1".parse::<DevicePreference>().is_err());
        assert_eq!(DevicePreference::Cuda(3).to_string(), "cuda:3");
        assert_eq!(DevicePreference::Cuda(3).request().index, 3);
        assert_eq!(DevicePreference::Cpu.request().kind, DEVICE_CPU);
    }
}
