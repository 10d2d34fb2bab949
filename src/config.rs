//! Session configuration: device, carrier dtype, seed, backend profile and flags.
//! A `Config` is an immutable value; `replace` builds a new one.

use std::sync::RwLock;

use crate::error::{Error, Result};

/// The device that sessions, configs and parameters created without one use for native
/// carriers (torch's `set_default_device`): process-wide, `cpu` until set.
static DEFAULT_DEVICE: RwLock<Device> = RwLock::new(Device::Cpu);

/// The process-wide default device (see [`set_default_device`]).
pub fn default_device() -> Device {
    *DEFAULT_DEVICE.read().unwrap_or_else(|e| e.into_inner())
}

/// Set the process-wide default device. Not checked for availability here: a session on a
/// device this process cannot use still fails with `DeviceUnavailable` when it is created.
pub fn set_default_device(d: Device) {
    *DEFAULT_DEVICE.write().unwrap_or_else(|e| e.into_inner()) = d;
}

/// The dtype of the thread's default session and of modules built without one (torch's
/// `set_default_dtype`): process-wide, float32 until set; with a counter of its changes, so
/// a thread's default session made before a change is replaced on its next use.
static DEFAULT_DTYPE: RwLock<(DType, u64)> = RwLock::new((DType::Float32, 0));

/// The process-wide default dtype and how many times it changed (see [`set_default_dtype`]).
pub fn default_dtype() -> (DType, u64) {
    *DEFAULT_DTYPE.read().unwrap_or_else(|e| e.into_inner())
}

/// torch's `set_default_dtype`: a native floating dtype (float32, float64, float16,
/// bfloat16); another is a `DType` error, as torch's `TypeError`.
pub fn set_default_dtype(d: DType) -> Result<()> {
    if !d.is_native() || d.is_data() {
        return Err(Error::DType(format!(
            "set_default_dtype: only floating-point types are supported as the default type, \
             not {d}"
        )));
    }
    let mut g = DEFAULT_DTYPE.write().unwrap_or_else(|e| e.into_inner());
    if g.0 != d {
        *g = (d, g.1 + 1);
    }
    Ok(())
}

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

    /// A `device=` argument checked against `own`, the session's device: a tensor lives on
    /// its session's device, so another is a `DeviceError`.
    pub fn check_same(self, own: Device) -> Result<()> {
        if !self.same(own) {
            return Err(Error::Device(format!(
                "device={self}: this session computes on {own} (a tensor lives on its \
                 session's device; make a session on that device)"
            )));
        }
        Ok(())
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

    /// The device for a session or parameter of `dtype` on `backend` that names none: the
    /// process default for native carriers on LibTorch, `cpu` for the reference backend and
    /// the CPU-only carriers (never moved there with a warning: nobody asked for CUDA).
    pub fn default_for(dtype: DType, backend: Option<&str>) -> Device {
        if dtype.is_native() && backend != Some("reference") {
            default_device()
        } else {
            Device::Cpu
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

/// The scalar carrier a session computes in.
///
/// Native carriers (`float32 float64 float16 bfloat16`) run on LibTorch, on CPU or CUDA.
/// CPU-only carriers (`ieee32`, `interval`) run on the reference backend. `RefFloat32` and
/// `RefFloat64` are float32 and float64 executed by the reference backend
/// (`backend="reference"`); users never name them, and they print as `float32`/`float64`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum DType {
    Float32,
    Float64,
    Float16,
    BFloat16,
    /// Software binary32: bit-reproducible on every machine.
    Ieee32,
    /// Outward-rounded float64 intervals.
    Interval,
    RefFloat32,
    RefFloat64,
    /// Data dtypes (`docs/ops.md`, "Data types"): indices, class ids and masks. They
    /// carry no gradient, no session computes in them, and on every backend profile they
    /// are held by LibTorch (exact integers, on the session's device), which the reference
    /// kernels read on the host.
    Int64,
    Int32,
    Bool,
}

impl DType {
    /// The carriers a user can name.
    pub const ALL: [DType; 6] = [
        DType::Float32,
        DType::Float64,
        DType::Float16,
        DType::BFloat16,
        DType::Ieee32,
        DType::Interval,
    ];

    pub fn parse(s: &str) -> Result<DType> {
        match s.trim() {
            "float32" | "float" => Ok(DType::Float32),
            "float64" | "double" => Ok(DType::Float64),
            "float16" | "half" => Ok(DType::Float16),
            "bfloat16" => Ok(DType::BFloat16),
            "ieee32" => Ok(DType::Ieee32),
            "interval" => Ok(DType::Interval),
            data @ ("int64" | "long" | "int32" | "int" | "bool") => Err(Error::Config(format!(
                "{} is a data dtype (indices, masks): sessions and parameters compute in a \
                 floating-point carrier (float32, float64, float16, bfloat16, ieee32, interval)",
                data
            ))),
            _ => Err(Error::Config(format!(
                "unknown dtype {s:?}; expected one of float32, float64, float16, bfloat16, ieee32, interval"
            ))),
        }
    }

    /// A carrier or a data dtype (`int64`/`long`, `int32`/`int`, `bool`), for data given to
    /// a session.
    pub fn parse_any(s: &str) -> Result<DType> {
        match s.trim() {
            "int64" | "long" => Ok(DType::Int64),
            "int32" | "int" => Ok(DType::Int32),
            "bool" => Ok(DType::Bool),
            other => DType::parse(other),
        }
    }

    /// `to(name)`'s argument: a dtype ([`DType::parse_any`]) or else a device; neither is an
    /// `ArgumentError` naming both readings.
    pub fn dtype_or_device(s: &str) -> Result<std::result::Result<DType, Device>> {
        match (DType::parse_any(s), Device::parse(s)) {
            (Ok(d), _) => Ok(Ok(d)),
            (_, Ok(d)) => Ok(Err(d)),
            (Err(e), Err(_)) => Err(Error::Argument(format!(
                "to: {s:?} is neither a dtype nor a device ({e})"
            ))),
        }
    }

    /// An integer or bool data dtype: no gradient, no float kernel.
    /// The largest finite value of a floating dtype (float64's for intervals and data).
    pub fn largest_finite(self) -> f64 {
        match self {
            DType::Float16 => 65504.0,
            DType::BFloat16 => 3.389_531_389_251_535_5e38,
            DType::Float32 | DType::RefFloat32 | DType::Ieee32 => f64::from(f32::MAX),
            _ => f64::MAX,
        }
    }

    /// The carrier as a user names it in messages: `reference float64` for the reference
    /// backend's twins of the native dtypes, else the dtype's name.
    pub fn carrier_label(self) -> String {
        match self {
            DType::RefFloat32 | DType::RefFloat64 => format!("reference {}", self.name()),
            d => d.name().to_string(),
        }
    }

    pub fn is_data(self) -> bool {
        matches!(self, DType::Int64 | DType::Int32 | DType::Bool)
    }

    /// The bytes one element takes in its carrier's storage (torch's `element_size()`; an
    /// interval holds two float64 bounds).
    pub fn itemsize(self) -> usize {
        match self {
            DType::Bool => 1,
            DType::Float16 | DType::BFloat16 => 2,
            DType::Float32 | DType::RefFloat32 | DType::Ieee32 | DType::Int32 => 4,
            DType::Float64 | DType::RefFloat64 | DType::Int64 => 8,
            DType::Interval => 16,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            DType::Float32 | DType::RefFloat32 => "float32",
            DType::Float64 | DType::RefFloat64 => "float64",
            DType::Float16 => "float16",
            DType::BFloat16 => "bfloat16",
            DType::Ieee32 => "ieee32",
            DType::Interval => "interval",
            DType::Int64 => "int64",
            DType::Int32 => "int32",
            DType::Bool => "bool",
        }
    }

    /// torch's legacy tensor type name (`x.type()`): `torch.FloatTensor`, and
    /// `torch.cuda.FloatTensor` on a CUDA device; the reference carriers name their values'
    /// type (`torch.FloatTensor` for ieee32, `torch.DoubleTensor` for intervals' bounds).
    pub fn legacy_name(self, cuda: bool) -> String {
        let kind = match self {
            DType::Float32 | DType::RefFloat32 | DType::Ieee32 => "Float",
            DType::Float64 | DType::RefFloat64 | DType::Interval => "Double",
            DType::Float16 => "Half",
            DType::BFloat16 => "BFloat16",
            DType::Int64 => "Long",
            DType::Int32 => "Int",
            DType::Bool => "Bool",
        };
        format!("torch.{}{kind}Tensor", if cuda { "cuda." } else { "" })
    }

    /// The native dtype a legacy type name names (`"torch.DoubleTensor"`,
    /// `"torch.cuda.LongTensor"`), if it is one.
    pub fn from_legacy(name: &str) -> Option<DType> {
        let kind = name.strip_prefix("torch.")?;
        let kind = kind
            .strip_prefix("cuda.")
            .unwrap_or(kind)
            .strip_suffix("Tensor")?;
        [
            DType::Float32,
            DType::Float64,
            DType::Float16,
            DType::BFloat16,
            DType::Int64,
            DType::Int32,
            DType::Bool,
        ]
        .into_iter()
        .find(|d| d.legacy_name(false) == format!("torch.{kind}Tensor"))
    }

    /// Bytes per element.
    pub fn size(self) -> usize {
        match self {
            DType::Float32 | DType::RefFloat32 | DType::Ieee32 => 4,
            DType::Float64 | DType::RefFloat64 => 8,
            DType::Float16 | DType::BFloat16 => 2,
            DType::Interval => 16,
            DType::Int64 => 8,
            DType::Int32 => 4,
            DType::Bool => 1,
        }
    }

    /// Bits of precision of one element (for intervals, of each bound).
    pub fn significand_bits(self) -> u32 {
        match self {
            DType::Float64 | DType::RefFloat64 | DType::Interval => 53,
            DType::Float32 | DType::RefFloat32 | DType::Ieee32 => 24,
            DType::Float16 => 11,
            DType::BFloat16 => 8,
            DType::Int64 => 63,
            DType::Int32 => 31,
            DType::Bool => 1,
        }
    }

    /// A carrier LibTorch cannot hold: it always runs on the CPU reference backend.
    pub fn is_cpu_only(self) -> bool {
        matches!(self, DType::Ieee32 | DType::Interval)
    }

    /// Executed by LibTorch.
    pub fn is_native(self) -> bool {
        matches!(
            self,
            DType::Float32 | DType::Float64 | DType::Float16 | DType::BFloat16
        )
    }

    /// The same values in another representation (a native float and its reference twin):
    /// data converts between them exactly.
    pub fn same_values(self, other: DType) -> bool {
        self == other || (self.name() == other.name() && self.size() == other.size())
    }

    /// The dtype a session computes in for this carrier and backend profile.
    pub fn on_backend(self, backend: Option<&str>) -> Result<DType> {
        match (backend, self) {
            (Some("libtorch"), d) if d.is_cpu_only() => Err(Error::Config(format!(
                "backend profile `libtorch` cannot run the {d} carrier; use backend=\"reference\" or None"
            ))),
            (Some("reference"), DType::Float32) => Ok(DType::RefFloat32),
            (Some("reference"), DType::Float64) => Ok(DType::RefFloat64),
            (Some("reference"), d @ (DType::Float16 | DType::BFloat16)) => Err(Error::Config(
                format!("backend profile `reference` does not implement {d}"),
            )),
            (_, d) => Ok(d),
        }
    }
}

impl std::fmt::Display for DType {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// The backend profiles a config may name explicitly.
pub const BACKENDS: [&str; 2] = ["libtorch", "reference"];

/// What `for_scalar` says when it moves a CPU-only carrier off a CUDA device.
pub const CPU_CARRIER_WARNING: &str =
    "this scalar type uses the CPU tape; keeping its type and precision";

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

/// A [`Config`] field by its name (`Config(**fields)`, `replace(**fields)`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Field {
    Device,
    DType,
    Seed,
    Backend,
    GradEnabled,
    RequiresGradByDefault,
    ShowBackend,
}

impl Field {
    /// The field `name` names; another name is a `ConfigError`.
    pub fn parse(name: &str) -> Result<Field> {
        Ok(match name {
            "device" => Field::Device,
            "dtype" => Field::DType,
            "seed" => Field::Seed,
            "backend" => Field::Backend,
            "grad_enabled" => Field::GradEnabled,
            "requires_grad_by_default" => Field::RequiresGradByDefault,
            "show_backend" => Field::ShowBackend,
            other => return Err(Error::Config(format!("unknown Config field {other:?}"))),
        })
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

    /// This configuration for a new session, with the defaults its caller left open: the
    /// carrier's default device unless `device_given`, and a seed drawn from the
    /// process-wide generator (after `manual_seed`) unless `seed_given`.
    pub fn with_session_defaults(mut self, device_given: bool, seed_given: bool) -> Config {
        if !device_given {
            self.device = Device::default_for(self.dtype, self.backend.as_deref());
        }
        if !seed_given {
            if let Some(seed) = crate::rng::seeded_draw() {
                self.seed = seed;
            }
        }
        self
    }

    /// Invariant 1: resolve the carrier's execution device. A CPU-only carrier asked for
    /// CUDA moves to `cpu` (every other field, an explicit backend too, is kept) and the
    /// second value is the warning to emit once. A native carrier keeps its device: a
    /// missing GPU is an error when the session is created, never a silent fallback.
    pub fn for_scalar(&self) -> (Config, Option<&'static str>) {
        if self.dtype.is_cpu_only() && self.device.is_cuda() {
            let resolved = Config {
                device: Device::Cpu,
                ..self.clone()
            };
            return (resolved, Some(CPU_CARRIER_WARNING));
        }
        (self.clone(), None)
    }

    /// Invariant 2: the dtype a session with this (resolved) config computes in, after
    /// checking that an explicit backend profile targets the device and supports the carrier.
    pub fn exec_dtype(&self) -> Result<DType> {
        self.validate()?;
        if self.backend.as_deref() == Some("reference") && self.device.is_cuda() {
            return Err(Error::Config(format!(
                "backend profile `reference` targets cpu, but the runtime requested {}",
                self.device
            )));
        }
        if self.dtype.is_cpu_only() && self.device.is_cuda() {
            return Err(Error::Config(format!(
                "the {} carrier runs on cpu only, but the runtime requested {}; resolve the config with for_scalar()",
                self.dtype, self.device
            )));
        }
        self.dtype.on_backend(self.backend.as_deref())
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
    fn legacy_type_names_round_trip_as_torchs() {
        assert_eq!(DType::Float32.legacy_name(false), "torch.FloatTensor");
        assert_eq!(DType::Int64.legacy_name(true), "torch.cuda.LongTensor");
        for d in [DType::Float64, DType::BFloat16, DType::Bool, DType::Int32] {
            assert_eq!(DType::from_legacy(&d.legacy_name(false)), Some(d));
            assert_eq!(DType::from_legacy(&d.legacy_name(true)), Some(d));
        }
        assert_eq!(DType::from_legacy("torch.ComplexFloatTensor"), None);
        assert_eq!(DType::from_legacy("float32"), None);
    }

    #[test]
    fn set_default_dtype_takes_native_floats_only() {
        let before = default_dtype();
        assert!(set_default_dtype(DType::Int64).is_err());
        assert!(set_default_dtype(DType::Interval).is_err());
        assert_eq!(default_dtype(), before);
    }

    #[test]
    fn unknown_dtype_is_a_config_error() {
        assert!(matches!(DType::parse("int8"), Err(Error::Config(_))));
        assert_eq!(DType::parse("bfloat16").unwrap().size(), 2);
    }

    #[test]
    fn cpu_only_carriers_resolve_to_cpu_with_one_warning() {
        let c = Config {
            device: Device::Cuda(None),
            dtype: DType::Interval,
            backend: Some("reference".into()),
            seed: 7,
            ..Config::default()
        };
        let (r, warning) = c.for_scalar();
        assert_eq!(r.device, Device::Cpu);
        assert_eq!((r.seed, r.backend.as_deref()), (7, Some("reference")));
        assert_eq!(warning, Some(CPU_CARRIER_WARNING));
        let native = Config {
            device: Device::Cuda(Some(1)),
            ..Config::default()
        };
        assert_eq!(native.for_scalar(), (native.clone(), None));
    }

    #[test]
    fn explicit_profiles_must_target_the_device_and_the_carrier() {
        let on_cuda = Config {
            device: Device::Cuda(None),
            backend: Some("reference".into()),
            ..Config::default()
        };
        assert_eq!(
            on_cuda.exec_dtype(),
            Err(Error::Config(
                "backend profile `reference` targets cpu, but the runtime requested cuda".into()
            ))
        );
        let ieee_on_libtorch = Config {
            dtype: DType::Ieee32,
            backend: Some("libtorch".into()),
            ..Config::default()
        };
        assert!(matches!(
            ieee_on_libtorch.exec_dtype(),
            Err(Error::Config(_))
        ));
        let reference64 = Config {
            dtype: DType::Float64,
            backend: Some("reference".into()),
            ..Config::default()
        };
        assert_eq!(reference64.exec_dtype(), Ok(DType::RefFloat64));
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
