//! `F.interpolate`'s resampling kernels: LibTorch's `upsample_*` forward and backward
//! (nearest 1-D/2-D/3-D, linear, bilinear, bicubic, trilinear) as one layer. The output
//! size and the scale factors the kernels read are computed by the caller with torch's rule
//! ([`super::interpolate`]); the reference carriers refuse the layer.

use tch::Tensor;

use super::Arity;
use crate::backend::layer_kernels::autograd_vjp;
use crate::error::{Error, Result};
use crate::kernel::layer::Layer;

/// The resampling kernel.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Resample {
    Nearest,
    /// linear (1-D), bilinear (2-D), trilinear (3-D).
    Linear,
    /// bicubic (2-D only).
    Cubic,
}

impl Resample {
    pub fn parse(mode: &str) -> Result<Self> {
        Ok(match mode {
            "nearest" => Resample::Nearest,
            "linear" | "bilinear" | "trilinear" => Resample::Linear,
            "bicubic" => Resample::Cubic,
            other => {
                return Err(Error::Argument(format!(
                    "interpolate: mode {other:?} is not supported (nearest, linear, bilinear, \
                     bicubic, trilinear, area)"
                )))
            }
        })
    }
}

/// One resampling of the trailing `size.len()` dims of an `(N, C, ...)` input.
#[derive(Clone)]
pub struct Upsample {
    pub mode: Resample,
    /// The output's spatial size.
    pub size: Box<[i64]>,
    /// The scale factors the kernels read (torch's `scale_factor`, or `None`).
    pub scales: Box<[Option<f64>]>,
    pub align_corners: bool,
}

impl Upsample {
    fn scale(&self, i: usize) -> Option<f64> {
        self.scales.get(i).copied().flatten()
    }

    fn run(&self, x: &Tensor) -> Result<Tensor> {
        let (s, a) = (&self.size[..], self.align_corners);
        Ok(match (self.mode, s.len()) {
            (Resample::Nearest, 1) => x.f_upsample_nearest1d(s, self.scale(0))?,
            (Resample::Nearest, 2) => x.f_upsample_nearest2d(s, self.scale(0), self.scale(1))?,
            (Resample::Nearest, 3) => {
                x.f_upsample_nearest3d(s, self.scale(0), self.scale(1), self.scale(2))?
            }
            (Resample::Linear, 1) => x.f_upsample_linear1d(s, a, self.scale(0))?,
            (Resample::Linear, 2) => x.f_upsample_bilinear2d(s, a, self.scale(0), self.scale(1))?,
            (Resample::Linear, 3) => {
                x.f_upsample_trilinear3d(s, a, self.scale(0), self.scale(1), self.scale(2))?
            }
            (Resample::Cubic, 2) => x.f_upsample_bicubic2d(s, a, self.scale(0), self.scale(1))?,
            _ => return Err(self.bad_rank(x.dim())),
        })
    }

    fn bad_rank(&self, ndim: usize) -> Error {
        Error::Shape(format!(
            "interpolate: mode {:?} does not take a {ndim}-D input with {} output sizes",
            self.mode,
            self.size.len()
        ))
    }
}

impl Layer for Upsample {
    fn replica(&self) -> Option<Box<dyn Layer>> {
        Some(Box::new(self.clone()))
    }
    fn name(&self) -> &'static str {
        "interpolate"
    }
    fn arity(&self) -> Arity {
        Arity::Exactly(1)
    }
    fn shape(&self, shapes: &[&[i64]]) -> Result<Vec<i64>> {
        let s = shapes[0];
        let k = self.size.len();
        let fits = match self.mode {
            Resample::Cubic => k == 2,
            _ => (1..=3).contains(&k),
        };
        if s.len() != k + 2 || !fits {
            return Err(self.bad_rank(s.len()));
        }
        if self.size.iter().any(|&n| n <= 0) || s[2..].iter().any(|&n| n <= 0) {
            return Err(Error::Shape(format!(
                "interpolate: input {s:?} and output sizes {:?} must be positive",
                self.size
            )));
        }
        let mut out = s[..2].to_vec();
        out.extend_from_slice(&self.size);
        Ok(out)
    }
    fn torch(&self, xs: &[&Tensor]) -> Result<(Tensor, Vec<Tensor>)> {
        Ok((self.run(xs[0])?, Vec::new()))
    }
    fn torch_backward(
        &self,
        xs: &[&Tensor],
        _workspace: &[&Tensor],
        g: &Tensor,
        needs: &[bool],
    ) -> Result<Vec<Option<Tensor>>> {
        if !needs[0] {
            return Ok(vec![None]);
        }
        let input = xs[0].size();
        let (s, a) = (&self.size[..], self.align_corners);
        let (c0, c1, c2) = (self.scale(0), self.scale(1), self.scale(2));
        let gx = match (self.mode, s.len()) {
            (Resample::Nearest, 1) => Tensor::f_upsample_nearest1d_backward(g, s, &input, c0)?,
            (Resample::Nearest, 2) => Tensor::f_upsample_nearest2d_backward(g, s, &input, c0, c1)?,
            (Resample::Nearest, 3) => {
                Tensor::f_upsample_nearest3d_backward(g, s, &input, c0, c1, c2)?
            }
            (Resample::Linear, 1) => Tensor::f_upsample_linear1d_backward(g, s, &input, a, c0)?,
            (Resample::Linear, 2) => {
                Tensor::f_upsample_bilinear2d_backward(g, s, &input, a, c0, c1)?
            }
            (Resample::Linear, 3) => {
                Tensor::f_upsample_trilinear3d_backward(g, s, &input, a, c0, c1, c2)?
            }
            (Resample::Cubic, 2) => Tensor::f_upsample_bicubic2d_backward(g, s, &input, a, c0, c1)?,
            _ => return Err(self.bad_rank(input.len())),
        };
        Ok(vec![Some(gx)])
    }
}

/// `F.grid_sample(input, grid, mode, padding_mode, align_corners)` on LibTorch's
/// `grid_sampler_2d`/`grid_sampler_3d` (operands: input, grid). Its backward is LibTorch's
/// own derivative of the sampler, run by its autograd on detached copies of the operands for
/// this one call (tch exposes no `grid_sampler_*_backward`): nothing of that graph reaches
/// the tape.
#[derive(Clone)]
pub struct GridSample {
    /// torch's codes: bilinear 0, nearest 1, bicubic 2.
    pub mode: i64,
    /// torch's codes: zeros 0, border 1, reflection 2.
    pub padding: i64,
    pub align_corners: bool,
}

impl GridSample {
    fn run(&self, x: &Tensor, grid: &Tensor) -> Result<Tensor> {
        Ok(if x.dim() == 4 {
            x.f_grid_sampler_2d(grid, self.mode, self.padding, self.align_corners)?
        } else {
            x.f_grid_sampler_3d(grid, self.mode, self.padding, self.align_corners)?
        })
    }
}

impl Layer for GridSample {
    fn replica(&self) -> Option<Box<dyn Layer>> {
        Some(Box::new(self.clone()))
    }
    fn name(&self) -> &'static str {
        "grid_sample"
    }
    fn arity(&self) -> Arity {
        Arity::Exactly(2)
    }
    fn shape(&self, shapes: &[&[i64]]) -> Result<Vec<i64>> {
        let (x, g) = (shapes[0], shapes[1]);
        let k = x.len().saturating_sub(2);
        let ok = (x.len() == 4 || x.len() == 5)
            && g.len() == x.len()
            && g[0] == x[0]
            && g.last() == Some(&(k as i64));
        if !ok {
            return Err(Error::Shape(format!(
                "grid_sample: expected input (N, C, H, W) with grid (N, H_out, W_out, 2), or \
                 (N, C, D, H, W) with (N, D_out, H_out, W_out, 3); got {x:?} and {g:?}"
            )));
        }
        if self.mode == 2 && k != 2 {
            return Err(Error::Argument(
                "grid_sample: bicubic interpolation takes 4-D inputs only".into(),
            ));
        }
        let mut out = vec![x[0], x[1]];
        out.extend_from_slice(&g[1..g.len() - 1]);
        Ok(out)
    }
    fn torch(&self, xs: &[&Tensor]) -> Result<(Tensor, Vec<Tensor>)> {
        Ok((self.run(xs[0], xs[1])?, Vec::new()))
    }
    fn torch_backward(
        &self,
        xs: &[&Tensor],
        _workspace: &[&Tensor],
        g: &Tensor,
        needs: &[bool],
    ) -> Result<Vec<Option<Tensor>>> {
        // LibTorch's bilinear backward with border or reflection padding reads memory out
        // of bounds (a segmentation fault) at a grid value of ±inf or NaN: refuse those
        // (one boolean read back), as no cotangent is defined there anyway.
        if self.padding != 0 && self.mode == 0 {
            let finite = xs[1].f_isfinite()?.f_all()?.f_int64_value(&[])? != 0;
            if !finite {
                return Err(Error::Argument(
                    "grid_sample: the backward of padding_mode='border' or 'reflection' needs \
                     a finite grid; it holds inf or NaN (LibTorch's kernel would crash)"
                        .into(),
                ));
            }
        }
        autograd_vjp(xs, needs, g, |t| self.run(&t[0], &t[1]))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ops::testing::{check_grads_libtorch, data};
    use crate::ops::Op;

    #[test]
    fn bilinear_upsampling_gradient_is_torchs() {
        check_grads_libtorch(
            &[data(&[1, 2, 3, 4], 420)],
            |s, h| {
                let l = Upsample {
                    mode: Resample::Linear,
                    size: Box::new([5, 7]),
                    scales: Box::new([None, None]),
                    align_corners: true,
                };
                s.record(Op::layer(l), &[h[0]])
            },
            |t| t[0].upsample_bilinear2d([5, 7], true, None, None),
        );
    }
}
