//! `F.interpolate`: torch's output-size rule, the mode checks, and the `"area"` mode, over
//! the resampling kernels of [`super::upsample`] and the adaptive average pooling of
//! [`super::pooling`]. Recorded as one `Upsample` node (or, for `"area"`, the poolings and
//! reshapes it is made of); `F.grid_sample`, one [`GridSample`] node.

use super::compose::{self, Recorder};
use super::pooling::adaptive_avg_pool2d;
use super::upsample::{GridSample, Resample, Upsample};
use super::Op;
use crate::backend::Backend;
use crate::error::{Error, Result};
use crate::handles::Handle;

/// One value for every spatial dim, or one per dim (torch's `size=` and `scale_factor=`).
#[derive(Debug, Clone, PartialEq)]
pub enum Each<T> {
    One(T),
    Many(Vec<T>),
}

impl<T: Copy + std::fmt::Debug> Each<T> {
    /// The value per spatial dim: `dims` of them (a sequence must have exactly `dims`).
    fn per_dim(&self, what: &str, dims: usize) -> Result<Vec<T>> {
        match self {
            Each::One(v) => Ok(vec![*v; dims]), // bounded: one per spatial dim
            Each::Many(vs) if vs.len() == dims => Ok(vs.clone()),
            Each::Many(vs) => Err(Error::Shape(format!(
                "interpolate: {what} {vs:?} has {} entries for {dims} spatial dims",
                vs.len()
            ))),
        }
    }
}

const MODES: [&str; 6] = [
    "nearest",
    "linear",
    "bilinear",
    "bicubic",
    "trilinear",
    "area",
];

/// The spatial rank a mode is for (`None`: any of 1 to 3).
fn mode_rank(mode: &str) -> Option<usize> {
    match mode {
        "linear" => Some(1),
        "bilinear" | "bicubic" => Some(2),
        "trilinear" => Some(3),
        _ => None,
    }
}

/// `F.interpolate(input, size, scale_factor, mode, align_corners, recompute_scale_factor,
/// antialias)`: the output size is `size`, or `floor(in · scale)`; the kernels read the
/// scale factors themselves unless `recompute_scale_factor` (torch's rule).
#[allow(clippy::too_many_arguments)]
pub fn interpolate<B: Backend>(
    r: &mut dyn Recorder<B>,
    x: Handle,
    size: Option<Each<i64>>,
    scale_factor: Option<Each<f64>>,
    mode: String,
    align_corners: Option<bool>,
    recompute_scale_factor: Option<bool>,
    antialias: bool,
) -> Result<Handle> {
    if !MODES.contains(&mode.as_str()) {
        return Err(Error::Argument(format!(
            "interpolate: mode must be one of {}, got {mode:?}",
            MODES.join(", ")
        )));
    }
    if antialias {
        return Err(Error::Argument(
            "interpolate: antialias=True is not supported".into(),
        ));
    }
    let shape = r.shape(x)?;
    let ndim = shape.len();
    if !(3..=5).contains(&ndim) {
        return Err(Error::Shape(format!(
            "interpolate: expected a 3-D, 4-D or 5-D (N, C, ...) input, got {ndim}-D"
        )));
    }
    let dims = ndim - 2;
    if let Some(k) = mode_rank(&mode).filter(|&k| k != dims) {
        return Err(Error::Shape(format!(
            "interpolate: mode {mode:?} takes a {}-D input, got {ndim}-D",
            k + 2
        )));
    }
    if align_corners.is_some() && (mode == "nearest" || mode == "area") {
        return Err(Error::Argument(
            "interpolate: align_corners option can only be set with the interpolating modes: \
             linear | bilinear | bicubic | trilinear"
                .into(),
        ));
    }
    let (out, scales) = match (size, scale_factor) {
        (Some(size), None) => (size.per_dim("size", dims)?, vec![None; dims]), // bounded: spatial dims
        (None, Some(factors)) => {
            let factors = factors.per_dim("scale_factor", dims)?;
            let out = shape[2..]
                .iter()
                .zip(&factors)
                .map(|(&n, f)| (n as f64 * f).floor() as i64)
                .collect();
            let scales = if recompute_scale_factor == Some(true) {
                vec![None; dims] // bounded: spatial dims
            } else {
                factors.into_iter().map(Some).collect()
            };
            (out, scales)
        }
        _ => {
            return Err(Error::Argument(
                "interpolate: give exactly one of size and scale_factor".into(),
            ))
        }
    };
    if mode == "area" {
        return area(r, x, &shape, &out);
    }
    let l = Upsample {
        mode: Resample::parse(&mode)?,
        size: out.into(),
        scales: scales.into(),
        align_corners: align_corners.unwrap_or(false),
    };
    r.record(Op::layer(l), &[x])
}

/// Adaptive average pooling of `x` (of `shape`) to `out` over 1, 2 or 3 spatial dims, by the
/// 2-D kernel (a box average is separable: over depth, the average of the (H, W) averages).
fn area<B: Backend>(
    r: &mut dyn Recorder<B>,
    x: Handle,
    shape: &[i64],
    out: &[i64],
) -> Result<Handle> {
    match *out {
        [l] => {
            let x = compose::unsqueeze(r, x, 2)?;
            let y = adaptive_avg_pool2d(r, x, [Some(1), Some(l)])?;
            compose::squeeze(r, y, 2)
        }
        [h, w] => adaptive_avg_pool2d(r, x, [Some(h), Some(w)]),
        [d, h, w] => {
            let [n, c, di, hi, wi] = shape[..] else {
                return Err(Error::Shape(format!(
                    "interpolate: area over 3 spatial dims takes a 5-D input, got {shape:?}"
                )));
            };
            let x = compose::reshape(r, x, &[n, c * di, hi, wi])?;
            let hw = adaptive_avg_pool2d(r, x, [Some(h), Some(w)])?;
            let hw = compose::reshape(r, hw, &[n, c, di, h * w])?;
            let both = adaptive_avg_pool2d(r, hw, [Some(d), Some(h * w)])?;
            compose::reshape(r, both, &[n, c, d, h, w])
        }
        _ => Err(Error::Shape(format!(
            "interpolate: area takes 1 to 3 spatial dims, got {}",
            out.len()
        ))),
    }
}

/// `F.grid_sample(input, grid, mode="bilinear", padding_mode="zeros", align_corners=None)`:
/// one [`GridSample`] node.
pub fn grid_sample<B: Backend>(
    r: &mut dyn Recorder<B>,
    input: Handle,
    grid: Handle,
    mode: String,
    padding_mode: String,
    align_corners: Option<bool>,
) -> Result<Handle> {
    let mode = match mode.as_str() {
        "bilinear" => 0,
        "nearest" => 1,
        "bicubic" => 2,
        other => {
            return Err(Error::Argument(format!(
                "grid_sample: mode must be bilinear, nearest or bicubic, got {other:?}"
            )))
        }
    };
    let padding = match padding_mode.as_str() {
        "zeros" => 0,
        "border" => 1,
        "reflection" => 2,
        other => {
            return Err(Error::Argument(format!(
                "grid_sample: padding_mode must be zeros, border or reflection, got {other:?}"
            )))
        }
    };
    let l = GridSample {
        mode,
        padding,
        align_corners: align_corners.unwrap_or(false),
    };
    r.record(Op::layer(l), &[input, grid])
}

/// The function forms of `interpolate` and `grid_sample`, for the binding's generator `$gen`
/// (`src/python/declared/args.rs` and `layout.rs` say what each argument type means).
#[cfg_attr(not(feature = "python"), allow(unused_macros))]
macro_rules! functions {
    ($gen:ident) => {
        $gen! {
            /// Down/up samples the input to either the given ``size`` or the given ``scale_factor``.
            ///
            /// The algorithm used for interpolation is determined by ``mode``: ``"nearest"``,
            /// ``"linear"`` (3-D input), ``"bilinear"`` and ``"bicubic"`` (4-D), ``"trilinear"`` (5-D)
            /// run LibTorch's kernels; ``"area"`` is adaptive average pooling (for 1 to 3 spatial dims).
            /// The input is ``(N, C, ...)`` with 1 to 3 spatial dims. With ``scale_factor`` the output
            /// size is ``floor(in * scale)``, and the scale itself is given to the kernel unless
            /// ``recompute_scale_factor``, as torch's. ``"nearest-exact"`` and ``antialias=True`` are not
            /// supported.
            ///
            /// Args:
            ///     input (Tensor): the input tensor, ``(N, C, L)``, ``(N, C, H, W)`` or
            ///         ``(N, C, D, H, W)``.
            ///     size (int or Sequence[int], optional): the output spatial size. Default: ``None``.
            ///     scale_factor (float or Sequence[float], optional): the multiplier for the spatial
            ///         size; exactly one of ``size`` and ``scale_factor`` is given. Default: ``None``.
            ///     mode (str): the algorithm used for upsampling. Default: ``"nearest"``.
            ///     align_corners (bool, optional): for the interpolating modes (``linear``,
            ///         ``bilinear``, ``bicubic``, ``trilinear``) only: if ``True``, the corner pixels of
            ///         input and output are aligned, preserving their values. Default: ``None``
            ///         (``False``).
            ///     recompute_scale_factor (bool, optional): if ``True``, the kernel computes the scale
            ///         from the input and output sizes instead of using ``scale_factor``. Default:
            ///         ``None``.
            ///     antialias (bool): must be ``False`` (not supported). Default: ``False``.
            ///
            /// Returns:
            ///     Tensor: the resampled tensor, ``(N, C, *size)``.
            ///
            /// Raises:
            ///     ArgumentError: an unknown ``mode``, ``antialias=True``, ``align_corners`` with
            ///         ``"nearest"`` or ``"area"``, or not exactly one of ``size`` and ``scale_factor``.
            ///     ShapeError: an input that is not 3-D to 5-D, a ``mode`` for another rank, or a
            ///         ``size``/``scale_factor`` with the wrong number of entries.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> import eagertape.nn.functional as F
            ///     >>> with et.Session():
            ///     ...     x = et.tensor([[[1.0, 2.0]]])
            ///     ...     print(F.interpolate(x, scale_factor=2).tolist())
            ///     ...     print(F.interpolate(x, size=3, mode="linear", align_corners=True).tolist())
            ///     [[[1.0, 1.0, 2.0, 2.0]]]
            ///     [[[1.0, 1.5, 2.0]]]
            fn interpolate(input: Tensor; size: Option<EachInt> = None,
                scale_factor: Option<EachFloat> = None, mode: Str = "nearest",
                align_corners: Option<bool> = None, recompute_scale_factor: Option<bool> = None,
                antialias: bool = False)
                = crate::ops::interpolate::interpolate;

            /// Compute grid sample.
            ///
            /// Samples `input` at the normalized locations of `grid` (`x` in the last entry runs along the
            /// width, -1 and 1 the extreme pixels with `align_corners`, the extreme edges without). One node on
            /// LibTorch's `grid_sampler_2d` / `grid_sampler_3d`; `input` and `grid` get gradients (a `grid`
            /// given as array data is a constant). LibTorch carriers only (the reference backend raises
            /// `UnsupportedOpError`).
            ///
            /// Args:
            ///     input (Tensor): `(N, C, H_in, W_in)`, or `(N, C, D_in, H_in, W_in)`.
            ///     grid (Tensor): `(N, H_out, W_out, 2)`, or `(N, D_out, H_out, W_out, 3)`.
            ///     mode (str): ``"bilinear"``, ``"nearest"`` or ``"bicubic"`` (4-D input only).
            ///         Default: ``"bilinear"``.
            ///     padding_mode (str): the values outside the input: ``"zeros"``, ``"border"`` or
            ///         ``"reflection"``. Default: ``"zeros"``.
            ///     align_corners (bool, optional): whether -1 and 1 name the centers of the corner
            ///         pixels (else their outer edges). Default: ``None`` (``False``, without torch's
            ///         warning).
            ///
            /// Returns:
            ///     Tensor: `(N, C, H_out, W_out)`, or `(N, C, D_out, H_out, W_out)`.
            ///
            /// Raises:
            ///     ArgumentError: an unknown `mode` or `padding_mode`, or ``"bicubic"`` on a 5-D input.
            ///     ShapeError: the shapes of `input` and `grid` do not fit together.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> import eagertape.nn.functional as F
            ///     >>> with et.Session():
            ///     ...     x = et.tensor([[[[1.0, 2.0], [3.0, 4.0]]]])
            ///     ...     theta = et.tensor([[[1.0, 0.0, 0.0], [0.0, 1.0, 0.0]]])
            ///     ...     grid = F.affine_grid(theta, [1, 1, 2, 2], align_corners=False)
            ///     ...     F.grid_sample(x, grid, align_corners=False).tolist()
            ///     [[[[1.0, 2.0], [3.0, 4.0]]]]
            fn grid_sample(input: Tensor, grid: Tensor; mode: Str = "bilinear",
                padding_mode: Str = "zeros", align_corners: Option<bool> = None)
                = crate::ops::interpolate::grid_sample;

            /// Generate 2D or 3D flow field (sampling grid), given a batch of affine matrices `theta`.
            ///
            /// The base grid of normalized coordinates of `size` times `theta` transposed, recorded as a matrix
            /// product so `theta` gets its gradient. Mostly used with `grid_sample`.
            ///
            /// Args:
            ///     theta (Tensor): the affine matrices, `(N, 2, 3)` for a 2-D `size` or `(N, 3, 4)` for
            ///         a 3-D one.
            ///     size (list of int): the target output image size, `(N, C, H, W)` or
            ///         `(N, C, D, H, W)`.
            ///     align_corners (bool, optional): as in `grid_sample`. Default: ``None`` (``False``).
            ///
            /// Returns:
            ///     Tensor: `(N, H, W, 2)` or `(N, D, H, W, 3)`.
            ///
            /// Raises:
            ///     ShapeError: `theta` does not fit `size`, or `size` is not 4-D or 5-D with positive
            ///         entries.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> import eagertape.nn.functional as F
            ///     >>> with et.Session():
            ///     ...     theta = et.tensor([[[1.0, 0.0, 0.0], [0.0, 1.0, 0.0]]])
            ///     ...     F.affine_grid(theta, [1, 1, 2, 2], align_corners=True).tolist()
            ///     [[[[-1.0, -1.0], [1.0, -1.0]], [[-1.0, 1.0], [1.0, 1.0]]]]
            fn affine_grid(theta: Tensor, size: Shape; align_corners: Option<bool> = None)
                = @session Session::affine_grid;
        }
    };
}
#[cfg_attr(not(feature = "python"), allow(unused_imports))]
pub(crate) use functions;
