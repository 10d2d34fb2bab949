//! `matmul` (2-D and batched, with broadcast batch dims) and `linear` (`x @ wᵀ + b`); `bilinear`
//! composed of them.

use super::binary::BinaryOp;
use super::compose::{self, Recorder};
use super::{fresh, grad_value, reduce_to, Arity, Cotangents, Grad, Op, Output, Rule};
use crate::backend::{Backend, OutKernel};
use crate::buffer::Value;
use crate::error::{Error, Result};
use crate::handles::Handle;
use crate::shape::{linear_shape, matmul_shape};

/// `a @ b` for operands of at least 2 dims. The field names the torch op whose autocast
/// list decides its casts: `matmul`'s own, or the product it stands for in a composition
/// (`dot`, `mv`: torch computes those in their operands' dtype under CPU autocast).
#[derive(Clone)]
pub struct MatMul(&'static str);

/// `x @ wᵀ (+ b)`; parents `[x, w]` or `[x, w, b]`.
#[derive(Clone)]
pub struct Linear;

impl<B: Backend> Op<B> {
    pub fn matmul() -> Self {
        Op::MatMul(MatMul("matmul"))
    }
    /// `matmul` cast under autocast as the torch op `name` is.
    pub fn matmul_as(name: &'static str) -> Self {
        Op::MatMul(MatMul(name))
    }
    pub fn linear() -> Self {
        Op::Linear(Linear)
    }
}

impl<B: Backend> Rule<B> for MatMul {
    fn name(&self) -> &'static str {
        "matmul"
    }
    fn autocast_name(&self) -> &'static str {
        self.0
    }
    fn arity(&self) -> Arity {
        Arity::Exactly(2)
    }
    fn output(&self) -> Output {
        Output::Fresh
    }
    fn shape(&self, shapes: &[&[i64]]) -> Result<Vec<i64>> {
        matmul_shape(shapes[0], shapes[1])
    }
    fn forward(&self, xs: &[&Value<B>]) -> Result<Value<B>> {
        fresh(B::matmul(xs[0].get(), xs[1].get())?)
    }
    /// C = A B: dA = g Bᵀ, dB = Aᵀ g, each summed over broadcast batch dims.
    /// Each operand is read for the other's cotangent; the output is not read.
    fn saves_operand(&self, i: usize, needs: &[bool]) -> bool {
        needs[1 - i]
    }
    fn saves_output(&self, _needs: &[bool]) -> bool {
        false
    }
    fn backward(&self, cx: &Grad<'_, B>) -> Result<Cotangents<B>> {
        let (xs, g, needs) = (cx.xs, cx.g, cx.needs);
        let (gt, a, b) = (g.get(), xs[0].get(), xs[1].get());
        let nd = |t: &B::T| B::shape(t).len() as i64;
        let ga = if needs[0] {
            let t = B::matmul(gt, &B::transpose(b, nd(b) - 2, nd(b) - 1)?)?;
            Some(reduce_to(&grad_value::<B>(t), &B::shape(a))?)
        } else {
            None
        };
        let gb = if needs[1] {
            let t = B::matmul(&B::transpose(a, nd(a) - 2, nd(a) - 1)?, gt)?;
            Some(reduce_to(&grad_value::<B>(t), &B::shape(b))?)
        } else {
            None
        };
        Ok(vec![ga, gb])
    }
    fn out_kernel(&self, _parents: usize) -> Option<OutKernel> {
        Some(OutKernel::MatMul)
    }
}

/// `t` as a 2-D `(rows, last)` tensor (a view when contiguous, else a copy).
fn rows<B: Backend>(t: &B::T) -> Result<B::T> {
    let s = B::shape(t);
    let last = *s.last().unwrap_or(&1);
    let n: i64 = s.iter().product();
    let shape = [if last == 0 { 0 } else { n / last }, last];
    if B::is_contiguous(t) {
        B::view(t, &shape)
    } else {
        B::view(&B::copy(t)?, &shape)
    }
}

impl<B: Backend> Rule<B> for Linear {
    fn name(&self) -> &'static str {
        "linear"
    }
    fn arity(&self) -> Arity {
        Arity::Between(2, 3)
    }
    fn output(&self) -> Output {
        Output::Fresh
    }
    fn shape(&self, shapes: &[&[i64]]) -> Result<Vec<i64>> {
        linear_shape(shapes[0], shapes[1], shapes.get(2).copied())
    }
    fn forward(&self, xs: &[&Value<B>]) -> Result<Value<B>> {
        fresh(B::linear(
            xs[0].get(),
            xs[1].get(),
            xs.get(2).map(|v| v.get()),
        )?)
    }
    /// `dx` reads `w`, `dw` reads `x`; the bias and the output are not read.
    fn saves_operand(&self, i: usize, needs: &[bool]) -> bool {
        match i {
            0 => needs[1],
            1 => needs[0],
            _ => false,
        }
    }
    fn saves_output(&self, _needs: &[bool]) -> bool {
        false
    }
    /// y = x wᵀ + b: dx = g w, dw = gᵀ x (over all batch rows), db = Σ_rows g.
    fn backward(&self, cx: &Grad<'_, B>) -> Result<Cotangents<B>> {
        let (xs, g, needs) = (cx.xs, cx.g, cx.needs);
        let (gt, x, w) = (g.get(), xs[0].get(), xs[1].get());
        // dx = g w over rows, in x's shape (a 1-D x has one row).
        let gx = needs[0]
            .then(|| -> Result<Value<B>> {
                let t = B::matmul(&rows::<B>(gt)?, w)?;
                Ok(grad_value::<B>(B::view(&t, &B::shape(x))?))
            })
            .transpose()?;
        let need_b = needs.get(2).copied().unwrap_or(false);
        let g2 = if needs[1] || need_b {
            Some(rows::<B>(gt)?)
        } else {
            None
        };
        let gw = match (&g2, needs[1]) {
            (Some(g2), true) => Some(grad_value::<B>(B::matmul(
                &B::transpose(g2, 0, 1)?,
                &rows::<B>(x)?,
            )?)),
            _ => None,
        };
        let mut out = vec![gx, gw];
        if xs.len() == 3 {
            out.push(match (&g2, need_b) {
                (Some(g2), true) => Some(grad_value::<B>(B::sum_dims(g2, &[0], false)?)),
                _ => None,
            });
        }
        Ok(out)
    }
    fn out_kernel(&self, parents: usize) -> Option<OutKernel> {
        (parents == 3).then_some(OutKernel::LinearBias)
    }
}

/// `F.bilinear(input1, input2, weight, bias)`: `y[..., o] = Σᵢⱼ x1[..., i] · w[o, i, j] ·
/// x2[..., j] + b[o]`, contracted as torch's `_trilinear` does (`x1` with `weight` first, then
/// with `x2`), as two recorded matrix products; every operand gets its gradient.
pub fn bilinear<B: Backend>(
    r: &mut dyn Recorder<B>,
    input1: Handle,
    input2: Handle,
    weight: Handle,
    bias: Option<Handle>,
) -> Result<Handle> {
    let (s1, s2, sw) = (r.shape(input1)?, r.shape(input2)?, r.shape(weight)?);
    let bad = |m: String| Error::Shape(format!("bilinear: {m}"));
    let [o, i, j] = sw[..] else {
        return Err(bad(format!("weight must be 3-D, got {sw:?}")));
    };
    let (Some((&i1, lead1)), Some((&j2, lead2))) = (s1.split_last(), s2.split_last()) else {
        return Err(bad(format!(
            "inputs must have at least one dim, got {s1:?} and {s2:?}"
        )));
    };
    if lead1 != lead2 {
        return Err(bad(format!(
            "input1 {s1:?} and input2 {s2:?} must have the same leading dims"
        )));
    }
    if i1 != i || j2 != j {
        return Err(bad(format!(
            "weight {sw:?} does not fit input1 {s1:?} and input2 {s2:?}"
        )));
    }
    if let Some(b) = bias {
        let sb = r.shape(b)?;
        if sb != [o] {
            return Err(bad(format!("bias must be ({o}), got {sb:?}")));
        }
    }
    let (x1, added) = compose::batched(r, input1, 1)?;
    let (x2, _) = compose::batched(r, input2, 1)?;
    let mut lead = r.shape(x1)?;
    lead.pop();
    // (o, i, j) -> (i, o·j): x1 @ it is x1's contraction with the weight, (*, o·j)
    let w = r.record(Op::permute(&[1, 0, 2]), &[weight])?;
    let w = compose::reshape(r, w, &[i, o * j])?;
    let t = r.record(Op::matmul(), &[x1, w])?;
    let t = compose::reshape(r, t, &[&lead[..], &[o, j]].concat())?;
    let x2 = compose::unsqueeze(r, x2, -1)?;
    let y = r.record(Op::matmul(), &[t, x2])?;
    let y = compose::squeeze(r, y, -1)?;
    let y = compose::rebatch(r, y, added)?;
    match bias {
        Some(b) => compose::binary(r, BinaryOp::Add, y, b),
        None => Ok(y),
    }
}

/// `F.linear(input, weight, bias=None)`: one `linear` node.
pub fn linear<B: Backend>(
    r: &mut dyn Recorder<B>,
    input: Handle,
    weight: Handle,
    bias: Option<Handle>,
) -> Result<Handle> {
    match bias {
        Some(b) => r.record(Op::linear(), &[input, weight, b]),
        None => r.record(Op::linear(), &[input, weight]),
    }
}

/// `mm(input, mat2)`: the product of two matrices (`out_dtype` refused by its type).
pub fn mm<B: Backend>(
    r: &mut dyn Recorder<B>,
    input: Handle,
    mat2: Handle,
    _out_dtype: (),
) -> Result<Handle> {
    let (sa, sb) = (r.shape(input)?, r.shape(mat2)?);
    if sa.len() != 2 || sb.len() != 2 || sa[1] != sb[0] {
        return Err(Error::Shape(format!(
            "mm: expected two 2-D tensors with matching inner sizes, got shapes {sa:?} and {sb:?}"
        )));
    }
    r.record(Op::matmul(), &[input, mat2])
}

/// `bmm(input, mat2)`: the product of two batches of matrices of the same batch size
/// (`out_dtype` refused by its type).
pub fn bmm<B: Backend>(
    r: &mut dyn Recorder<B>,
    input: Handle,
    mat2: Handle,
    _out_dtype: (),
) -> Result<Handle> {
    let (sa, sb) = (r.shape(input)?, r.shape(mat2)?);
    if sa.len() != 3 || sb.len() != 3 || sa[0] != sb[0] {
        return Err(Error::Shape(format!(
            "bmm: expected two 3-D tensors with the same batch size, got shapes {sa:?} and {sb:?}"
        )));
    }
    r.record(Op::matmul(), &[input, mat2])
}

/// The function forms of `linear` and `bilinear`, for the binding's generator `$gen`
/// (`src/python/declared/args.rs` and `layout.rs` say what each argument type means).
#[cfg_attr(not(feature = "python"), allow(unused_macros))]
macro_rules! functions {
    ($gen:ident) => {
        $gen! {
            /// Applies a linear transformation to the incoming data: `y = x W^T + b`.
            ///
            /// Records one `linear` node; `input`, `weight` and `bias` get gradients when they are tensors
            /// that require them (a Parameter is read in `input`'s session). Array data given as `weight` or
            /// `bias` become constants in the session's dtype. `input` may have any rank, 1-D included.
            ///
            /// Args:
            ///     input (Tensor): the input, of shape `(*, in_features)`.
            ///     weight (Tensor): the weight, of shape `(out_features, in_features)`.
            ///     bias (Tensor, optional): the bias, of shape `(out_features)`. Default: ``None``.
            ///
            /// Returns:
            ///     Tensor: of shape `(*, out_features)`.
            ///
            /// Raises:
            ///     ShapeError: `weight` does not match the last dim of `input`, or `bias` does not
            ///         broadcast.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session():
            ///     ...     x = et.tensor([[1.0, 2.0]])
            ///     ...     w = et.tensor([[1.0, 1.0], [1.0, -1.0]])
            ///     ...     et.linear(x, w, et.tensor([0.0, 1.0])).tolist()
            ///     [[3.0, 0.0]]
            fn linear(input: Tensor, weight: Tensor; bias: Option<Tensor> = None)
                = crate::ops::matmul::linear;

            /// Applies a bilinear transformation to the incoming data: ``y = x1^T A x2 + b``.
            ///
            /// ``y[..., o] = sum_ij x1[..., i] * weight[o, i, j] * x2[..., j] + bias[o]``, contracted as
            /// torch's ``_trilinear`` does (``x1`` with ``weight`` first, then with ``x2``: two recorded
            /// matrix products); every operand gets its gradient.
            ///
            /// Args:
            ///     input1 (Tensor): ``(*, in1_features)``.
            ///     input2 (Tensor): ``(*, in2_features)``, the same leading dims.
            ///     weight (Tensor): ``(out_features, in1_features, in2_features)``.
            ///     bias (Tensor, optional): ``(out_features)``. Default: ``None``.
            ///
            /// Returns:
            ///     Tensor: ``(*, out_features)``.
            ///
            /// Raises:
            ///     ShapeError: the shapes of the inputs, ``weight`` and ``bias`` do not fit together.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> import eagertape.nn.functional as F
            ///     >>> with et.Session():
            ///     ...     x1, x2 = et.tensor([[1.0, 2.0]]), et.tensor([[3.0]])
            ///     ...     F.bilinear(x1, x2, et.ones(1, 2, 1), et.tensor([1.0])).tolist()
            ///     [[10.0]]
            fn bilinear(input1: Tensor, input2: Tensor, weight: Tensor; bias: Option<Tensor> = None)
                = crate::ops::matmul::bilinear;
        }
    };
}
#[cfg_attr(not(feature = "python"), allow(unused_imports))]
pub(crate) use functions;

/// The function and method forms of `mm` and `bmm`, for the binding's generator `$gen`.
#[cfg_attr(not(feature = "python"), allow(unused_macros))]
macro_rules! product_functions {
    ($gen:ident) => {
        $gen! {
            /// Performs a matrix multiplication of the matrices `input` and `mat2`.
            ///
            /// `input` is `(n, m)` and `mat2` `(m, p)` (no broadcasting, as torch's `mm`;
            /// `eagertape.matmul` broadcasts). Both get gradients.
            ///
            /// Args:
            ///     input (Tensor): the first matrix, `(n, m)`.
            ///     mat2 (Tensor): the second matrix, `(m, p)`.
            ///     out_dtype (optional): accepted for torch compatibility and must stay ``None``
            ///         (the result has the operands' dtype). Default: ``None``.
            ///
            /// Returns:
            ///     Tensor: of shape `(n, p)`.
            ///
            /// Raises:
            ///     ShapeError: an operand is not 2-D, or the inner sizes differ.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session():
            ///     ...     tuple(et.ones(2, 3).mm(et.ones(3, 4)).shape)
            ///     (2, 4)
            fn mm(input: Tensor, mat2: Tensor; ; out_dtype: NoDtype = None)
                = crate::ops::matmul::mm;

            /// Performs a batch matrix-matrix product of matrices stored in `input` and `mat2`.
            ///
            /// `input` is `(b, n, m)` and `mat2` `(b, m, p)`, with the same batch size `b` (no broadcasting, as
            /// torch's `bmm`; `eagertape.matmul` broadcasts). Both get gradients.
            ///
            /// Args:
            ///     input (Tensor): the first batch of matrices, `(b, n, m)`.
            ///     mat2 (Tensor): the second batch of matrices, `(b, m, p)`.
            ///     out_dtype (optional): accepted for torch compatibility and must stay ``None``
            ///         (the result has the operands' dtype). Default: ``None``.
            ///
            /// Returns:
            ///     Tensor: of shape `(b, n, p)`.
            ///
            /// Raises:
            ///     ShapeError: the operands are not 3-D with one batch size, or the inner sizes differ.
            ///     TypeError: `mat2` is not an eagertape tensor.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session():
            ///     ...     tuple(et.bmm(et.ones(5, 2, 3), et.ones(5, 3, 4)).shape)
            ///     (5, 2, 4)
            fn bmm(input: Tensor, mat2: Tensor; ; out_dtype: NoDtype = None)
                = crate::ops::matmul::bmm;
        }
    };
}
#[cfg_attr(not(feature = "python"), allow(unused_imports))]
pub(crate) use product_functions;

#[cfg(test)]
mod tests {
    use crate::ops::testing::{check_grads, data, dt};
    use crate::ops::Op;
    use crate::session::Operand;

    #[test]
    fn mm_and_bmm_gradients_as_libtorchs_and_their_shape_checks() {
        // oracle: LibTorch's mm and bmm, by its autograd
        check_grads(
            &[data(&[3, 4], 60), data(&[4, 2], 61)],
            |s, h| super::mm(s, h[0], h[1], ()),
            |t| t[0].mm(&t[1]),
        );
        check_grads(
            &[data(&[2, 3, 4], 62), data(&[2, 4, 5], 63)],
            |s, h| super::bmm(s, h[0], h[1], ()),
            |t| t[0].bmm(&t[1]),
        );
        let mut s = crate::ops::testing::session();
        let a = s.input(&dt(&tch::Tensor::ones([3, 4], tch::kind::FLOAT_CPU)), false);
        let b = s.input(&dt(&tch::Tensor::ones([3, 4], tch::kind::FLOAT_CPU)), false);
        let (a, b) = (a.unwrap(), b.unwrap());
        let before = s.tape_len();
        let err = super::mm(&mut s, a, b, ()).unwrap_err();
        assert!(matches!(err, crate::error::Error::Shape(_)), "{err}");
        assert_eq!(s.tape_len(), before);
    }

    #[test]
    fn bilinear_gradients_with_a_bias_and_batched_without() {
        // oracle: LibTorch's bilinear (`_trilinear`), by its autograd
        check_grads(
            &[
                data(&[4, 3], 50),
                data(&[4, 2], 51),
                data(&[5, 3, 2], 52),
                data(&[5], 53),
            ],
            |s, h| super::bilinear(s, h[0], h[1], h[2], Some(h[3])),
            |t| tch::Tensor::bilinear(&t[0], &t[1], &t[2], Some(&t[3])),
        );
        check_grads(
            &[
                data(&[2, 3, 3], 54),
                data(&[2, 3, 2], 55),
                data(&[4, 3, 2], 56),
            ],
            |s, h| super::bilinear(s, h[0], h[1], h[2], None),
            |t| tch::Tensor::bilinear(&t[0], &t[1], &t[2], None::<&tch::Tensor>),
        );
    }

    #[test]
    fn matmul_2d_gradients() {
        // C = A B: dA = g Bᵀ, dB = Aᵀ g
        check_grads(
            &[data(&[3, 4], 40), data(&[4, 5], 41)],
            |s, h| s.record(Op::matmul(), &[h[0], h[1]]),
            |t| t[0].matmul(&t[1]),
        );
    }

    #[test]
    fn matmul_batched_with_equal_batches() {
        // (2,3,4) @ (2,4,5): per batch dA_b = g_b B_bᵀ, dB_b = A_bᵀ g_b
        check_grads(
            &[data(&[2, 3, 4], 42), data(&[2, 4, 5], 43)],
            |s, h| s.record(Op::matmul(), &[h[0], h[1]]),
            |t| t[0].matmul(&t[1]),
        );
    }

    #[test]
    fn matmul_batched_lhs_with_2d_rhs_sums_rhs_over_batches() {
        // (2,3,4) @ (4,5): dB = Σ_b A_bᵀ g_b
        check_grads(
            &[data(&[2, 3, 4], 44), data(&[4, 5], 45)],
            |s, h| s.record(Op::matmul(), &[h[0], h[1]]),
            |t| t[0].matmul(&t[1]),
        );
    }

    #[test]
    fn matmul_2d_lhs_with_batched_rhs_sums_lhs_over_batches() {
        // (3,4) @ (2,4,5): dA = Σ_b g_b B_bᵀ
        check_grads(
            &[data(&[3, 4], 46), data(&[2, 4, 5], 47)],
            |s, h| s.record(Op::matmul(), &[h[0], h[1]]),
            |t| t[0].matmul(&t[1]),
        );
    }

    #[test]
    fn matmul_broadcasts_batch_dims_of_both_operands() {
        // (2,1,3,4) @ (5,4,2) -> (2,5,3,2): dA sums over the broadcast dim 1, dB over dim 0
        check_grads(
            &[data(&[2, 1, 3, 4], 48), data(&[5, 4, 2], 49)],
            |s, h| s.record(Op::matmul(), &[h[0], h[1]]),
            |t| t[0].matmul(&t[1]),
        );
    }

    #[test]
    fn matmul_broadcasts_a_size_one_batch() {
        // (1,3,4) @ (2,4,2): dA = Σ_b g_b B_bᵀ kept as (1,3,4)
        check_grads(
            &[data(&[1, 3, 4], 50), data(&[2, 4, 2], 51)],
            |s, h| s.record(Op::matmul(), &[h[0], h[1]]),
            |t| t[0].matmul(&t[1]),
        );
    }

    #[test]
    fn matmul_of_a_transposed_operand() {
        // C = A Bᵀ with Bᵀ a strided view: dB = (Aᵀ g)ᵀ
        check_grads(
            &[data(&[3, 4], 52), data(&[5, 4], 53)],
            |s, h| {
                let bt = s.record(Op::transpose(0, 1), &[h[1]])?;
                s.record(Op::matmul(), &[h[0], bt])
            },
            |t| t[0].matmul(&t[1].tr()),
        );
    }

    #[test]
    fn linear_with_bias() {
        // y = x wᵀ + b: dx = g w, dw = gᵀ x, db = Σ_rows g
        check_grads(
            &[data(&[4, 3], 54), data(&[5, 3], 55), data(&[5], 56)],
            |s, h| s.record(Op::linear(), &[h[0], h[1], h[2]]),
            |t| t[0].linear(&t[1], Some(&t[2])),
        );
    }

    #[test]
    fn linear_without_bias() {
        // y = x wᵀ: dx = g w, dw = gᵀ x
        check_grads(
            &[data(&[4, 3], 57), data(&[5, 3], 58)],
            |s, h| s.record(Op::linear(), &[h[0], h[1]]),
            |t| t[0].linear::<&tch::Tensor>(&t[1], None),
        );
    }

    #[test]
    fn linear_with_batched_input_sums_weight_gradient_over_all_rows() {
        // x (2,3,4), w (5,4), b (5): dw = Σ_{b,r} g_brᵀ x_br, db = Σ_{b,r} g_br
        check_grads(
            &[data(&[2, 3, 4], 59), data(&[5, 4], 60), data(&[5], 61)],
            |s, h| s.record(Op::linear(), &[h[0], h[1], h[2]]),
            |t| t[0].linear(&t[1], Some(&t[2])),
        );
    }

    #[test]
    fn linear_of_a_transposed_batched_input() {
        // x (3,2,4) seen as (2,3,4) through a transpose: dx = (g w) transposed back
        check_grads(
            &[data(&[3, 2, 4], 68), data(&[5, 4], 69)],
            |s, h| {
                let xt = s.record(Op::transpose(0, 1), &[h[0]])?;
                s.record(Op::linear(), &[xt, h[1]])
            },
            |t| t[0].transpose(0, 1).linear::<&tch::Tensor>(&t[1], None),
        );
    }

    #[test]
    fn linear_with_a_vector_input() {
        // x (4,), w (3,4): y = w x + b, dw = g xᵀ
        check_grads(
            &[data(&[4], 62), data(&[3, 4], 63), data(&[3], 64)],
            |s, h| s.record(Op::linear(), &[h[0], h[1], h[2]]),
            |t| t[0].linear(&t[1], Some(&t[2])),
        );
    }

    #[test]
    fn linear_on_constant_input_trains_weight_and_bias_only() {
        // x is data: dw = gᵀ x, db = Σ_rows g, and x gets no entry
        let x = data(&[6, 3], 65);
        let x2 = x.copy();
        check_grads(
            &[data(&[2, 3], 66), data(&[2], 67)],
            move |s, h| {
                s.apply(
                    Op::linear(),
                    vec![
                        Operand::Data(dt(&x2)),
                        Operand::Node(h[0]),
                        Operand::Node(h[1]),
                    ],
                )
            },
            move |t| x.linear(&t[0], Some(&t[1])),
        );
    }
}
