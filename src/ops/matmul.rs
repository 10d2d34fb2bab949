//! `matmul` (2-D and batched, with broadcast batch dims) and `linear` (`x @ wᵀ + b`).

use super::{fresh, grad_value, reduce_to, Arity, Cotangents, Grad, Op, Output, Rule};
use crate::backend::{Backend, OutKernel};
use crate::buffer::Value;
use crate::error::Result;
use crate::shape::{linear_shape, matmul_shape};

/// `a @ b` for operands of at least 2 dims.
#[derive(Clone)]
pub struct MatMul;

/// `x @ wᵀ (+ b)`; parents `[x, w]` or `[x, w, b]`.
#[derive(Clone)]
pub struct Linear;

impl<B: Backend> Op<B> {
    pub fn matmul() -> Self {
        Op::MatMul(MatMul)
    }
    pub fn linear() -> Self {
        Op::Linear(Linear)
    }
}

impl<B: Backend> Rule<B> for MatMul {
    fn name(&self) -> &'static str {
        "matmul"
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

#[cfg(test)]
mod tests {
    use crate::ops::testing::{check_grads, data, dt};
    use crate::ops::Op;
    use crate::session::Operand;

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
