//! `mse_loss(pred, target)`: the mean of squared differences (shapes must match).

use super::grad_value;
use crate::backend::Backend;
use crate::buffer::Value;
use crate::error::{Error, Result};

pub(crate) fn mse_shape(a: &[i64], b: &[i64]) -> Result<Vec<i64>> {
    if a != b {
        return Err(Error::Shape(format!(
            "mse_loss: prediction of shape {a:?} and target of shape {b:?} differ"
        )));
    }
    Ok(vec![])
}

pub(crate) fn mse_forward<B: Backend>(a: &B::T, b: &B::T) -> Result<B::T> {
    let d = B::sub(a, b)?;
    let n = B::numel(&d).max(1);
    B::mul_scalar(&B::sum_dims(&B::mul(&d, &d)?, &[], false)?, 1.0 / n as f64)
}

/// d/da = 2 (a − b) g / n, d/db = −d/da.
pub(crate) fn mse_backward<B: Backend>(
    xs: &[&Value<B>],
    g: &Value<B>,
    needs: &[bool],
) -> Result<Vec<Option<Value<B>>>> {
    let d = B::sub(xs[0].get(), xs[1].get())?;
    let n = B::numel(&d).max(1);
    let ga = B::mul(&B::mul_scalar(&d, 2.0 / n as f64)?, g.get())?;
    let gb = if needs[1] { Some(grad_value::<B>(B::neg(&ga)?)) } else { None };
    Ok(vec![needs[0].then(|| grad_value::<B>(ga)), gb])
}
