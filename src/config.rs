//! Session configuration: device, carrier dtype, seed, backend profile and flags.
//! A `Config` is an immutable value; `replace` builds a new one.

use crate::error::{Error, Result};

/// Where a session's buffers live.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Device {
    Cpu,
    /// `cuda` (index `None`, meaning device 0) or `cuda:N`.
    Cuda(Option<usize>),
}

impl Device {
    pub fn parse(s: &str) -> Result<Device> {
        let t = s.trim();
        if t == "cpu" {
            return Ok(Device::Cpu);
        }
        if t == "cuda" {
            return Ok(Device::Cuda(None));
        }
        if let Some(idx) = t.strip_prefix("cuda:") {
            if let Ok(i) = idx.parse::<usize>() {
                return Ok(Device::Cuda(Some(i)));
            }
        }
        Err(Error::Config(format!(
            "unknown device {s:?}; expected \"cpu\", \"cuda\" or \"cuda:N\""
        )))
    }

    pub fn is_cuda(self) -> bool {
        matches!(self, Device::Cuda(_))
    }

    /// The CUDA ordinal, `cuda` meaning device 0.
    pub fn index(self) -> usize {
        match self {
            Device::Cpu => 0,
            Device::Cuda(i) => i.unwrap_or(0),
        }
    }

    /// Two devices hold the same memory (`cuda` and `cuda:0` are one device).
    pub fn same(self, other: Device) -> bool {
        match (self, other) {
            (Device::Cpu, Device::Cpu) => true,
            (Device::Cuda(_), Device::Cuda(_)) => self.index() == other.index(),
            _ => false,
        }
    }
}

impl std::fmt::Display for Device {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Device::Cpu => write!(f, "cpu"),
            Device::Cuda(None) => write!(f, "cuda"),
            Device::Cuda(Some(i)) => write!(f, "cuda:{i}"),
        }
    }
}

/// The scalar carrier a session computes in (native carriers only, for now).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum DType {
    Float32,
    Float64,
    Float16,
    BFloat16,
}

impl DType {
    pub const ALL: [DType; 4] = [
        DType::Float32,
        DType::Float64,
        DType::Float16,
        DType::BFloat16,
    ];

    pub fn parse(s: &str) -> Result<DType> {
        match s.trim() {
            "float32" | "float" => Ok(DType::Float32),
            "float64" | "double" => Ok(DType::Float64),
            "float16" | "half" => Ok(DType::Float16),
            "bfloat16" => Ok(DType::BFloat16),
            _ => Err(Error::Config(format!(
                "unknown dtype {s:?}; expected one of float32, float64, float16, bfloat16"
            ))),
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            DType::Float32 => "float32",
            DType::Float64 => "float64",
            DType::Float16 => "float16",
            DType::BFloat16 => "bfloat16",
        }
    }

    /// Bytes per element.
    pub fn size(self) -> usize {
        match self {
            DType::Float32 => 4,
            DType::Float64 => 8,
            DType::Float16 | DType::BFloat16 => 2,
        }
    }
}

impl std::fmt::Display for DType {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// The backend profiles a config may name explicitly.
pub const BACKENDS: [&str; 1] = ["libtorch"];

/// An immutable session configuration.
#[derive(Debug, Clone, PartialEq)]
pub struct Config {
    pub device: Device,
    pub dtype: DType,
    pub seed: u64,
    /// `None`: the default profile for the carrier; `Some("libtorch")`: explicit.
    pub backend: Option<String>,
    pub grad_enabled: bool,
    pub requires_grad_by_default: bool,
    pub show_backend: bool,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            device: Device::Cpu,
            dtype: DType::Float32,
            seed: 0,
            backend: None,
            grad_enabled: true,
            requires_grad_by_default: false,
            show_backend: false,
        }
    }
}

impl Config {
    /// Check the fields that do not depend on the machine.
    pub fn validate(&self) -> Result<()> {
        if let Some(b) = &self.backend {
            if !BACKENDS.contains(&b.as_str()) {
                return Err(Error::Config(format!(
                    "unknown backend profile {b:?}; available: {}",
                    BACKENDS.join(", ")
                )));
            }
        }
        Ok(())
    }

    /// Resolve the carrier's execution device. Every carrier of this build is native, so the
    /// requested device is kept: a missing GPU is reported when the session is created, never
    /// turned into a CPU fallback.
    pub fn for_scalar(&self) -> Config {
        self.clone()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn devices_parse_and_print() {
        assert_eq!(Device::parse("cpu").unwrap(), Device::Cpu);
        assert_eq!(Device::parse("cuda").unwrap().to_string(), "cuda");
        assert_eq!(Device::parse("cuda:3").unwrap(), Device::Cuda(Some(3)));
        assert!(Device::parse("cuda:x").is_err());
        assert!(Device::parse("tpu").is_err());
        assert!(Device::Cuda(None).same(Device::Cuda(Some(0))));
    }

    #[test]
    fn unknown_dtype_is_a_config_error() {
        assert!(matches!(DType::parse("int8"), Err(Error::Config(_))));
        assert_eq!(DType::parse("bfloat16").unwrap().size(), 2);
    }

    #[test]
    fn unknown_backend_is_rejected() {
        let c = Config {
            backend: Some("xla".into()),
            ..Config::default()
        };
        assert!(c.validate().is_err());
    }
}
