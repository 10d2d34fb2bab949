//! `F.pad` as torch declares it: the (left, right) amounts from the last dim backwards and
//! the mode of [`Pad`], one recorded movement; declared once below.

use super::compose::Recorder;
use super::join::{Pad, PadMode};
use super::Op;
use crate::backend::Backend;
use crate::error::{Error, Result};
use crate::handles::Handle;

/// `F.pad(input, pad, mode="constant", value=None)`: torch's (left, right) pairs from the last
/// dim backwards; a `value` other than 0 only with `"constant"`.
pub fn pad<B: Backend>(
    r: &mut dyn Recorder<B>,
    input: Handle,
    pad: Vec<i64>,
    mode: String,
    value: Option<f64>,
) -> Result<Handle> {
    let mode = PadMode::parse(&mode)?;
    if mode != PadMode::Constant && value.is_some_and(|v| v != 0.0) {
        return Err(Error::Argument(format!(
            "pad: padding mode {mode:?} doesn't take a value"
        )));
    }
    let m = Pad {
        pad: pad.into(),
        mode,
        value: value.unwrap_or(0.0),
    };
    r.record(Op::movement(m), &[input])
}

/// The function form of `pad`, for the binding's generator `$gen` (`src/python/declared/`
/// says what each argument type means).
#[cfg_attr(not(feature = "python"), allow(unused_macros))]
macro_rules! functions {
    ($gen:ident) => {
        $gen! {
            /// Pads tensor.
            ///
            /// `pad` gives (left, right) amounts for the last dimension, then for the one before, and so on:
            /// `(1, 1)` pads the last dim, `(1, 1, 2, 2)` the last two. Negative amounts crop, as in torch.
            /// Records one node; the input gets the gradient of the elements it kept.
            ///
            /// Args:
            ///     input (Tensor): the tensor to pad.
            ///     pad (sequence of int): an even number of amounts, at most two per dimension.
            ///     mode (str): ``"constant"``, ``"reflect"``, ``"replicate"`` or ``"circular"``.
            ///         Default: ``"constant"``.
            ///     value (float, optional): the fill value of ``"constant"`` padding. Default: ``None``
            ///         (0). Other modes accept only ``None`` or 0.
            ///
            /// Returns:
            ///     Tensor: the padded tensor.
            ///
            /// Raises:
            ///     ArgumentError: an unknown `mode`, or a non-zero `value` with a mode other than
            ///         ``"constant"``.
            ///     ShapeError: `pad` has an odd length or more than two entries per dimension, or the
            ///         padding is too large for the mode.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session():
            ///     ...     et.pad(et.tensor([1.0, 2.0]), (1, 2), value=9.0).tolist()
            ///     ...     et.pad(et.tensor([[1.0, 2.0, 3.0]]), (2, 0), mode="reflect").tolist()
            ///     [9.0, 1.0, 2.0, 9.0, 9.0]
            ///     [[3.0, 2.0, 1.0, 2.0, 3.0]]
            fn pad(input: Tensor, pad: Shape; mode: Str = "constant", value: Option<f64> = None)
                = crate::ops::padding::pad;
        }
    };
}
#[cfg_attr(not(feature = "python"), allow(unused_imports))]
pub(crate) use functions;
