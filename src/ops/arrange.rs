//! Movement ops that rearrange one tensor (see [`super::movement`]): `expand` (a view),
//! `repeat`, `flip`, `roll`, `tril`/`triu`.

use tch::Tensor;

use super::compose::Recorder;
use super::movement::Movement;
use super::{Arity, Op};
use crate::backend::Backend;
use crate::error::{Error, Result};
use crate::handles::Handle;
use crate::shape::normalize_dim;

/// `expand(*sizes)`: size-1 dims (and new leading dims) repeated without copying; -1
/// keeps a dim.
#[derive(Clone)]
pub struct Expand(pub Box<[i64]>);

impl Movement for Expand {
    fn name(&self) -> &'static str {
        "expand"
    }
    fn arity(&self) -> Arity {
        Arity::Exactly(1)
    }
    fn is_source(&self, _i: usize) -> bool {
        true
    }
    fn view(&self) -> bool {
        true
    }
    fn shape(&self, shapes: &[&[i64]]) -> Result<Vec<i64>> {
        let (x, target) = (shapes[0], &self.0[..]);
        let bad = || {
            Error::Shape(format!(
                "expand: the shape {x:?} cannot be expanded to {target:?}"
            ))
        };
        if target.len() < x.len() {
            return Err(bad());
        }
        let lead = target.len() - x.len();
        let mut out = Vec::with_capacity(target.len()); // bounded: the tensor's rank
        for (i, &t) in target.iter().enumerate() {
            let size = if i < lead {
                if t < 0 {
                    return Err(bad());
                }
                t
            } else {
                let s = x[i - lead];
                match t {
                    -1 => s,
                    t if t == s || (s == 1 && t >= 0) => t,
                    _ => return Err(bad()),
                }
            };
            out.push(size);
        }
        Ok(out)
    }
    fn torch(&self, xs: &[&Tensor], _fill: f64) -> Result<Tensor> {
        Ok(xs[0].f_expand(&self.0[..], false)?)
    }
    fn torch_backward(
        &self,
        xs: &[&Tensor],
        g: &Tensor,
        _which: usize,
    ) -> Option<Result<(Tensor, bool)>> {
        Some((|| {
            Ok((g.f_sum_to_size(xs[0].size())?.f_contiguous()?, false))
        })())
    }
}

/// `repeat(*repeats)`: the tensor tiled (at least as many repeats as dims).
#[derive(Clone)]
pub struct Repeat(pub Box<[i64]>);

impl Movement for Repeat {
    fn name(&self) -> &'static str {
        "repeat"
    }
    fn arity(&self) -> Arity {
        Arity::Exactly(1)
    }
    fn is_source(&self, _i: usize) -> bool {
        true
    }
    fn shape(&self, shapes: &[&[i64]]) -> Result<Vec<i64>> {
        let (x, reps) = (shapes[0], &self.0[..]);
        if reps.len() < x.len() || reps.iter().any(|&r| r < 0) {
            return Err(Error::Shape(format!(
                "repeat: the repeats {reps:?} must be non-negative and at least as many as the tensor's {} dims",
                x.len()
            )));
        }
        let lead = reps.len() - x.len();
        Ok(reps
            .iter()
            .enumerate()
            .map(|(i, &r)| if i < lead { r } else { r * x[i - lead] })
            .collect())
    }
    fn torch(&self, xs: &[&Tensor], _fill: f64) -> Result<Tensor> {
        Ok(xs[0].f_repeat(&self.0[..])?)
    }
}

/// `flip(dims)`.
#[derive(Clone)]
pub struct Flip(pub Box<[i64]>);

impl Movement for Flip {
    fn name(&self) -> &'static str {
        "flip"
    }
    fn arity(&self) -> Arity {
        Arity::Exactly(1)
    }
    fn is_source(&self, _i: usize) -> bool {
        true
    }
    fn shape(&self, shapes: &[&[i64]]) -> Result<Vec<i64>> {
        let mut seen = vec![false; shapes[0].len().max(1)]; // bounded: the tensor's rank
        for &d in self.0.iter() {
            let d = normalize_dim("flip", d, shapes[0].len())?;
            if std::mem::replace(&mut seen[d], true) {
                return Err(Error::Shape(format!("flip: dim {d} appears twice")));
            }
        }
        Ok(shapes[0].to_vec())
    }
    fn torch(&self, xs: &[&Tensor], _fill: f64) -> Result<Tensor> {
        Ok(xs[0].f_flip(&self.0[..])?)
    }
    fn torch_backward(
        &self,
        _xs: &[&Tensor],
        g: &Tensor,
        _which: usize,
    ) -> Option<Result<(Tensor, bool)>> {
        Some(
            g.f_flip(&self.0[..])
                .map(|t| (t, false))
                .map_err(Error::from),
        )
    }
}

/// The diagonal of dims `.0` and `.1` (distinct, non-negative) at offset `.2` (above the
/// main one where positive), as a last dim: torch's `diagonal(offset, dim1, dim2)`, a view
/// (einsum's repeated subscripts use offset 0).
#[derive(Clone)]
pub struct Diagonal(pub usize, pub usize, pub i64);

impl Diagonal {
    /// torch's `diagonal(offset, dim1, dim2)` with its dims wrapped.
    pub fn of(shape_len: usize, offset: i64, dim1: i64, dim2: i64) -> Result<Self> {
        let a = normalize_dim("diagonal", dim1, shape_len)?;
        let b = normalize_dim("diagonal", dim2, shape_len)?;
        if a == b {
            return Err(Error::Argument(format!(
                "diagonal: dim1 and dim2 cannot be the same dimension, got {dim1} and {dim2}"
            )));
        }
        Ok(Diagonal(a, b, offset))
    }
}

impl Movement for Diagonal {
    fn name(&self) -> &'static str {
        "diagonal"
    }
    fn arity(&self) -> Arity {
        Arity::Exactly(1)
    }
    fn is_source(&self, _i: usize) -> bool {
        true
    }
    fn view(&self) -> bool {
        true
    }
    fn shape(&self, shapes: &[&[i64]]) -> Result<Vec<i64>> {
        let s = shapes[0];
        let (a, b, k) = (self.0, self.1, self.2);
        if a == b || a >= s.len() || b >= s.len() {
            return Err(Error::Shape(format!(
                "diagonal: dims {a} and {b} of a tensor of shape {s:?}"
            )));
        }
        let mut out: Vec<i64> = (0..s.len())
            .filter(|&d| d != a && d != b)
            .map(|d| s[d])
            .collect();
        let n = if k >= 0 {
            s[a].min(s[b] - k)
        } else {
            (s[a] + k).min(s[b])
        };
        out.push(n.max(0));
        Ok(out)
    }
    fn torch(&self, xs: &[&Tensor], _fill: f64) -> Result<Tensor> {
        Ok(xs[0].f_diagonal(self.2, self.0 as i64, self.1 as i64)?)
    }
    /// The cotangent written onto the diagonal of zeros.
    fn torch_backward(
        &self,
        xs: &[&Tensor],
        g: &Tensor,
        _which: usize,
    ) -> Option<Result<(Tensor, bool)>> {
        Some((|| {
            let zeros = xs[0].f_zeros_like()?;
            let mut diag = zeros.f_diagonal(self.2, self.0 as i64, self.1 as i64)?;
            diag.f_copy_(g)?;
            Ok((zeros, false))
        })())
    }
}

/// torch's `diag(input, diagonal)`: a 1-D input becomes the square matrix with it on the
/// `diagonal`-th diagonal (zeros elsewhere); a 2-D input gives that diagonal (a copy).
#[derive(Clone)]
pub struct Diag(pub i64);

impl Movement for Diag {
    fn name(&self) -> &'static str {
        "diag"
    }
    fn arity(&self) -> Arity {
        Arity::Exactly(1)
    }
    fn is_source(&self, _i: usize) -> bool {
        true
    }
    fn shape(&self, shapes: &[&[i64]]) -> Result<Vec<i64>> {
        let s = shapes[0];
        let k = self.0;
        match s {
            [n] => {
                let m = n + k.abs();
                Ok(vec![m, m])
            }
            [r, c] => {
                let n = if k >= 0 {
                    (*r).min(c - k)
                } else {
                    (r + k).min(*c)
                };
                Ok(vec![n.max(0)])
            }
            _ => Err(Error::Shape(format!(
                "diag: expected a 1-D or 2-D input, got shape {s:?}"
            ))),
        }
    }
    fn torch(&self, xs: &[&Tensor], _fill: f64) -> Result<Tensor> {
        Ok(xs[0].f_diag(self.0)?)
    }
    fn torch_backward(
        &self,
        xs: &[&Tensor],
        g: &Tensor,
        _which: usize,
    ) -> Option<Result<(Tensor, bool)>> {
        Some((|| {
            if xs[0].dim() == 1 {
                return Ok((g.f_diagonal(self.0, 0, 1)?.f_contiguous()?, false));
            }
            let zeros = xs[0].f_zeros_like()?;
            let mut diag = zeros.f_diagonal(self.0, 0, 1)?;
            diag.f_copy_(g)?;
            Ok((zeros, false))
        })())
    }
}

/// `roll(shifts, dims)`: elements shifted cyclically; without dims, over the flattened
/// tensor.
#[derive(Clone)]
pub struct Roll {
    pub shifts: Box<[i64]>,
    pub dims: Box<[i64]>,
}

impl Movement for Roll {
    fn name(&self) -> &'static str {
        "roll"
    }
    fn arity(&self) -> Arity {
        Arity::Exactly(1)
    }
    fn is_source(&self, _i: usize) -> bool {
        true
    }
    fn shape(&self, shapes: &[&[i64]]) -> Result<Vec<i64>> {
        let ok = if self.dims.is_empty() {
            self.shifts.len() == 1
        } else {
            self.shifts.len() == self.dims.len()
        };
        if !ok {
            return Err(Error::Shape(format!(
                "roll: shifts {:?} and dims {:?} must have the same length (one shift without dims)",
                self.shifts, self.dims
            )));
        }
        for &d in self.dims.iter() {
            normalize_dim("roll", d, shapes[0].len())?;
        }
        Ok(shapes[0].to_vec())
    }
    fn torch(&self, xs: &[&Tensor], _fill: f64) -> Result<Tensor> {
        Ok(xs[0].f_roll(&self.shifts[..], &self.dims[..])?)
    }
    fn torch_backward(
        &self,
        _xs: &[&Tensor],
        g: &Tensor,
        _which: usize,
    ) -> Option<Result<(Tensor, bool)>> {
        let back: Vec<i64> = self.shifts.iter().map(|s| -s).collect();
        Some(
            g.f_roll(&back, &self.dims[..])
                .map(|t| (t, false))
                .map_err(Error::from),
        )
    }
}

/// `tril(diagonal)` / `triu(diagonal)`: the lower (upper) triangle of the last two dims,
/// zeros elsewhere.
#[derive(Clone)]
pub struct Triangle {
    pub upper: bool,
    pub diagonal: i64,
}

impl Triangle {
    fn apply(&self, t: &Tensor) -> Result<Tensor> {
        Ok(if self.upper {
            t.f_triu(self.diagonal)?
        } else {
            t.f_tril(self.diagonal)?
        })
    }
}

impl Movement for Triangle {
    fn name(&self) -> &'static str {
        if self.upper {
            "triu"
        } else {
            "tril"
        }
    }
    fn arity(&self) -> Arity {
        Arity::Exactly(1)
    }
    fn is_source(&self, _i: usize) -> bool {
        true
    }
    fn shape(&self, shapes: &[&[i64]]) -> Result<Vec<i64>> {
        if shapes[0].len() < 2 {
            return Err(Error::Shape(format!(
                "{}: the input must have at least 2 dims, got shape {:?}",
                Movement::name(self),
                shapes[0]
            )));
        }
        Ok(shapes[0].to_vec())
    }
    fn torch(&self, xs: &[&Tensor], _fill: f64) -> Result<Tensor> {
        self.apply(xs[0])
    }
    fn torch_backward(
        &self,
        _xs: &[&Tensor],
        g: &Tensor,
        _which: usize,
    ) -> Option<Result<(Tensor, bool)>> {
        Some(self.apply(g).map(|t| (t, false)))
    }
}

/// `expand(input, size)`: [`Expand`] recorded.
pub fn expand<B: Backend>(r: &mut dyn Recorder<B>, x: Handle, size: Vec<i64>) -> Result<Handle> {
    r.record(Op::movement(Expand(size.into())), &[x])
}

/// `repeat(input, repeats)`: [`Repeat`] recorded.
pub fn repeat<B: Backend>(r: &mut dyn Recorder<B>, x: Handle, repeats: Vec<i64>) -> Result<Handle> {
    r.record(Op::movement(Repeat(repeats.into())), &[x])
}

/// `flip(input, dims)`: [`Flip`] recorded.
pub fn flip<B: Backend>(r: &mut dyn Recorder<B>, x: Handle, dims: Vec<i64>) -> Result<Handle> {
    r.record(Op::movement(Flip(dims.into())), &[x])
}

/// `expand`, `repeat` and `flip`, whose `Tensor` methods take their sizes as `*args`, for the
/// binding's generator `$gen` (`py_sized_functions_and_methods`).
#[cfg_attr(not(feature = "python"), allow(unused_macros))]
macro_rules! sized_functions {
    ($gen:ident) => {
        $gen! {
            /// Returns a view of `input` with its size-one dimensions broadcast to a larger size.
            ///
            /// New leading dimensions may be added; -1 keeps a dimension's size. No data is
            /// copied, and the gradient is summed back over the broadcast dimensions. The method
            /// takes the sizes as separate ints (`x.expand(3, 2)`), one sequence or by keyword
            /// (`size=`).
            ///
            /// Args:
            ///     input (Tensor): the tensor to expand.
            ///     size (sequence of ints): the new sizes.
            ///
            /// Returns:
            ///     Tensor: the expanded view.
            ///
            /// Raises:
            ///     ShapeError: a dimension whose size is not one is given another size.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session():
            ///     ...     et.tensor([[1.0], [2.0]]).expand(-1, 3).tolist()
            ///     [[1.0, 1.0, 1.0], [2.0, 2.0, 2.0]]
            fn expand(input: Tensor, *size: Shape) = crate::ops::arrange::expand;

            /// Returns `input` repeated along each dimension.
            ///
            /// `repeat(2, 3)` tiles it twice along the first dimension and three times along
            /// the second; more repeats than dimensions add leading dimensions. The result is a
            /// copy; the gradient is summed back over the copies. The method takes the repeats
            /// as separate ints, one sequence or by keyword (`repeats=`).
            ///
            /// Args:
            ///     input (Tensor): the tensor to repeat.
            ///     repeats (sequence of ints): the number of repeats per dimension.
            ///
            /// Returns:
            ///     Tensor: the repeated tensor.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session():
            ///     ...     et.tensor([1.0, 2.0]).repeat(2, 2).tolist()
            ///     [[1.0, 2.0, 1.0, 2.0], [1.0, 2.0, 1.0, 2.0]]
            fn repeat(input: Tensor, *repeats: Shape) = crate::ops::arrange::repeat;

            /// Reverse the order of an n-D tensor along the given dimension(s) in `dims`.
            ///
            /// Any dtype; the result is a copy. The method takes the dims as separate ints
            /// (`x.flip(0, 1)`), one sequence or by keyword (`dims=`).
            ///
            /// Args:
            ///     input (Tensor): the input tensor.
            ///     dims (int or sequence of ints): the dimension(s) to flip.
            ///
            /// Returns:
            ///     Tensor: the flipped tensor.
            ///
            /// Raises:
            ///     ShapeError: a dimension is out of range or named twice.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session():
            ///     ...     x = et.tensor([[1.0, 2.0], [3.0, 4.0]])
            ///     ...     et.flip(x, 0).tolist(), et.flip(x, (0, 1)).tolist()
            ///     ([[3.0, 4.0], [1.0, 2.0]], [[4.0, 3.0], [2.0, 1.0]])
            fn flip(input: Tensor, *dims: Shape) = crate::ops::arrange::flip;
        }
    };
}
#[cfg_attr(not(feature = "python"), allow(unused_imports))]
pub(crate) use sized_functions;

#[cfg(test)]
mod tests {
    use super::{Expand, Flip, Repeat, Roll, Triangle};
    use crate::ops::testing::{check_grads, data};
    use crate::ops::Op;

    #[test]
    fn expand_gradient_sums_the_expanded_dims() {
        check_grads(
            &[data(&[3, 1], 320)],
            |s, h| s.record(Op::movement(Expand(vec![2, -1, 4].into())), &[h[0]]),
            |t| t[0].expand([2, 3, 4], false),
        );
    }

    #[test]
    fn repeat_flip_roll_triangle_gradients() {
        check_grads(
            &[data(&[3, 2], 321)],
            |s, h| s.record(Op::movement(Repeat(vec![2, 1, 3].into())), &[h[0]]),
            |t| t[0].repeat([2, 1, 3]),
        );
        check_grads(
            &[data(&[3, 4], 322)],
            |s, h| s.record(Op::movement(Flip(vec![0, -1].into())), &[h[0]]),
            |t| t[0].flip([0, -1]),
        );
        check_grads(
            &[data(&[3, 4], 323)],
            |s, h| {
                let r = Roll {
                    shifts: vec![1, -2].into(),
                    dims: vec![0, 1].into(),
                };
                s.record(Op::movement(r), &[h[0]])
            },
            |t| t[0].roll([1, -2], [0, 1]),
        );
        check_grads(
            &[data(&[2, 4, 4], 324)],
            |s, h| {
                let tri = Triangle {
                    upper: true,
                    diagonal: 1,
                };
                s.record(Op::movement(tri), &[h[0]])
            },
            |t| t[0].triu(1),
        );
    }
}
