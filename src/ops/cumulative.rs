//! `cumprod(dim)`: a LibTorch layer. Its backward is LibTorch's own derivative of
//! `cumprod` (`cumprod_backward`, exact where the input has zeros), run by LibTorch's
//! autograd on a detached copy of the input for this one call: the graph lives only inside
//! [`Layer::torch_backward`] and nothing of it reaches the tape. The reference carriers
//! refuse it (`UnsupportedOpError`). `cummax`/`cummin` are orderings (`sort.rs`'s `Rank`).

use tch::Tensor;

use super::Arity;
use crate::backend::layer_kernels::autograd_vjp;
use crate::error::Result;
use crate::kernel::layer::Layer;
use crate::shape::normalize_dim;

/// `cumprod(dim)`: running products along `dim`.
#[derive(Clone)]
pub struct Cumprod(pub i64);

impl Layer for Cumprod {
    fn replica(&self) -> Option<Box<dyn Layer>> {
        Some(Box::new(self.clone()))
    }
    fn name(&self) -> &'static str {
        "cumprod"
    }
    fn arity(&self) -> Arity {
        Arity::Exactly(1)
    }
    fn shape(&self, shapes: &[&[i64]]) -> Result<Vec<i64>> {
        normalize_dim("cumprod", self.0, shapes[0].len())?;
        Ok(shapes[0].to_vec())
    }
    fn torch(&self, xs: &[&Tensor]) -> Result<(Tensor, Vec<Tensor>)> {
        let d = normalize_dim("cumprod", self.0, xs[0].dim())? as i64;
        Ok((xs[0].f_cumprod(d, xs[0].kind())?, Vec::new()))
    }
    fn torch_backward(
        &self,
        xs: &[&Tensor],
        _workspace: &[&Tensor],
        g: &Tensor,
        needs: &[bool],
    ) -> Result<Vec<Option<Tensor>>> {
        let d = normalize_dim("cumprod", self.0, xs[0].dim())? as i64;
        autograd_vjp(xs, needs, g, |x| Ok(x[0].f_cumprod(d, x[0].kind())?))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ops::testing::{check_grads_libtorch, data, values};
    use crate::ops::Op;

    #[test]
    fn cumprod_gradient_is_torchs_with_and_without_zeros() {
        check_grads_libtorch(
            &[data(&[3, 4], 410)],
            |s, h| s.record(Op::layer(Cumprod(1)), &[h[0]]),
            |t| t[0].cumprod(1, tch::Kind::Double),
        );
        // one zero and two zeros in a row: the exclusive products
        let z = values(&[1.5, 0.0, 2.0, -1.0, 0.5, 0.0, 3.0, 0.0], &[2, 4]);
        check_grads_libtorch(
            &[z],
            |s, h| s.record(Op::layer(Cumprod(-1)), &[h[0]]),
            |t| t[0].cumprod(-1, tch::Kind::Double),
        );
    }
}
