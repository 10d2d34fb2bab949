//! L-BFGS, torch.optim.LBFGS's algorithm: each `step` re-evaluates the objective through a
//! closure (loss and gradients) up to `max_iter` times; the direction comes from the
//! two-loop recursion over the last `history_size` curvature pairs `(y, s)`; the step length
//! is `lr` (the first iteration ever: `min(1, 1/‖g‖₁)·lr`), or the strong-Wolfe line search.
//!
//! Vectors are held per parameter (one tensor each, the parameter's shape); dot products and
//! norms are reduced on the device and only their scalars read back. The state (direction,
//! history, previous gradient) is the optimizer's, counted as `optimizer` memory, and
//! survives between `step` calls as torch's does. A closure error leaves the parameters
//! where the failed evaluation found them (as torch's would) and the state as before the
//! step.

use std::collections::VecDeque;
use std::sync::Arc;

use super::check_hyper;
use crate::backend::Backend;
use crate::buffer::{Tracked, Value};
use crate::error::{Error, Result};
use crate::ledger::Category;
use crate::ops::arith::Arith;
use crate::ops::unary::Abs;
use crate::param::Parameter;

/// torch.optim.LBFGS's options.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct LbfgsConfig {
    pub lr: f64,
    pub max_iter: usize,
    pub max_eval: usize,
    pub tolerance_grad: f64,
    pub tolerance_change: f64,
    pub history_size: usize,
    pub strong_wolfe: bool,
}

impl LbfgsConfig {
    /// torch's options in its order (`max_eval` defaults to `max_iter * 5 / 4`;
    /// `line_search_fn` is `None` or `"strong_wolfe"`, its only one), checked: a bad one is a
    /// `ConfigError`.
    #[allow(clippy::too_many_arguments)] // torch's options, one each
    pub fn new(
        lr: f64,
        max_iter: usize,
        max_eval: Option<usize>,
        tolerance_grad: f64,
        tolerance_change: f64,
        history_size: usize,
        line_search_fn: Option<&str>,
    ) -> Result<Self> {
        let strong_wolfe = match line_search_fn {
            None => false,
            Some("strong_wolfe") => true,
            Some(other) => {
                return Err(Error::Config(format!(
                    "LBFGS: only 'strong_wolfe' is supported as line_search_fn, got {other:?}"
                )))
            }
        };
        let cfg = LbfgsConfig {
            lr,
            max_iter,
            max_eval: max_eval.unwrap_or(max_iter + max_iter / 4),
            tolerance_grad,
            tolerance_change,
            history_size,
            strong_wolfe,
        };
        cfg.validate()?;
        Ok(cfg)
    }

    pub fn validate(&self) -> Result<()> {
        super::check_lr(self.lr)?;
        check_hyper("tolerance_grad", self.tolerance_grad, 0.0, f64::INFINITY)?;
        check_hyper(
            "tolerance_change",
            self.tolerance_change,
            0.0,
            f64::INFINITY,
        )?;
        if self.max_iter == 0 || self.max_eval == 0 || self.history_size == 0 {
            return Err(Error::Config(
                "LBFGS: max_iter, max_eval and history_size must be positive".into(),
            ));
        }
        Ok(())
    }
}

/// One vector of the parameter space: a tensor per parameter.
type Vector<B> = Vec<Value<B>>;

/// What survives between steps (torch's `state[params[0]]`).
pub struct LbfgsState<B: Backend> {
    pub func_evals: usize,
    pub n_iter: usize,
    pub d: Option<Vector<B>>,
    pub t: f64,
    pub old_dirs: VecDeque<Vector<B>>,
    pub old_stps: VecDeque<Vector<B>>,
    pub ro: VecDeque<f64>,
    pub h_diag: f64,
    pub prev_flat_grad: Option<Vector<B>>,
    pub prev_loss: f64,
}

impl<B: Backend> Default for LbfgsState<B> {
    fn default() -> Self {
        LbfgsState {
            func_evals: 0,
            n_iter: 0,
            d: None,
            t: 0.0,
            old_dirs: VecDeque::new(),
            old_stps: VecDeque::new(),
            ro: VecDeque::new(),
            h_diag: 1.0,
            prev_flat_grad: None,
            prev_loss: 0.0,
        }
    }
}

/// The objective: sets nothing itself; returns the loss and the gradient of every
/// parameter (zeros where the loss does not read one).
pub trait Objective<B: Backend> {
    fn eval(&mut self) -> Result<(f64, Vec<B::T>)>;
}

fn own<B: Backend>(t: B::T) -> Value<B> {
    Tracked::owned(t, Category::Optimizer)
}

fn dot<B: Backend>(a: &[Value<B>], b: &[Value<B>]) -> Result<f64> {
    let mut total = 0.0;
    for (x, y) in a.iter().zip(b) {
        let s = B::sum_dims(&B::mul(x.get(), y.get())?, &[], false)?;
        total += B::to_f64(&s)?.first().copied().unwrap_or(0.0);
    }
    Ok(total)
}

/// `max |v|` (`reduce` false) or `Σ |v|` (`reduce` true).
fn abs_stat<B: Backend>(v: &[Value<B>], sum: bool) -> Result<f64> {
    let mut out: f64 = 0.0;
    for x in v {
        if B::numel(x.get()) == 0 {
            continue;
        }
        let a = B::unary::<Abs>(x.get())?;
        let r = if sum {
            B::sum_dims(&a, &[], false)?
        } else {
            B::extremum_dims(&a, &[], false, true)?
        };
        let r = B::to_f64(&r)?.first().copied().unwrap_or(0.0);
        out = if sum { out + r } else { out.max(r) };
    }
    Ok(out)
}

fn scaled<B: Backend>(v: &[Value<B>], s: f64) -> Result<Vector<B>> {
    v.iter()
        .map(|x| Ok(own(B::mul_scalar(x.get(), s)?)))
        .collect()
}

/// `a + s·b`.
fn axpy<B: Backend>(a: &[Value<B>], s: f64, b: &[Value<B>]) -> Result<Vector<B>> {
    a.iter()
        .zip(b)
        .map(|(x, y)| Ok(own(B::add(x.get(), &B::mul_scalar(y.get(), s)?)?)))
        .collect()
}

fn sub<B: Backend>(a: &[Value<B>], b: &[Value<B>]) -> Result<Vector<B>> {
    a.iter()
        .zip(b)
        .map(|(x, y)| Ok(own(B::sub(x.get(), y.get())?)))
        .collect()
}

/// The L-BFGS optimizer over `params` (its closure is given to `step`).
pub struct Lbfgs<B: Backend> {
    params: Vec<Arc<Parameter<B>>>,
    pub cfg: LbfgsConfig,
    pub state: LbfgsState<B>,
}

impl<B: Backend> Lbfgs<B> {
    pub fn new(params: Vec<Arc<Parameter<B>>>, cfg: LbfgsConfig) -> Result<Self> {
        cfg.validate()?;
        Ok(Lbfgs {
            params: super::unique_params("LBFGS", params)?,
            cfg,
            state: LbfgsState::default(),
        })
    }

    pub fn params(&self) -> &[Arc<Parameter<B>>] {
        &self.params
    }

    fn evaluate(&self, f: &mut dyn Objective<B>) -> Result<(f64, Vector<B>)> {
        let (loss, grads) = f.eval()?;
        if grads.len() != self.params.len() {
            return Err(Error::Grad(format!(
                "LBFGS: the closure gave {} gradients for {} parameters",
                grads.len(),
                self.params.len()
            )));
        }
        Ok((loss, grads.into_iter().map(own).collect()))
    }

    /// `p ← p + t·d` for every parameter.
    fn add_step(&self, t: f64, d: &[Value<B>]) -> Result<()> {
        for (p, v) in self.params.iter().zip(d) {
            p.update(|x| B::axpy_(x, t, v.get()))?;
        }
        Ok(())
    }

    fn snapshot(&self) -> Result<Vector<B>> {
        self.params
            .iter()
            .map(|p| Ok(own(B::copy(p.snapshot().get())?)))
            .collect()
    }

    fn restore(&self, x: &[Value<B>]) -> Result<()> {
        for (p, v) in self.params.iter().zip(x) {
            p.assign(v.get())?;
        }
        Ok(())
    }

    /// The objective at `x + t·d` (the parameters are put back to `x` after it).
    fn at(
        &self,
        f: &mut dyn Objective<B>,
        x: &[Value<B>],
        t: f64,
        d: &[Value<B>],
    ) -> Result<(f64, Vector<B>)> {
        self.add_step(t, d)?;
        let out = self.evaluate(f);
        self.restore(x)?;
        out
    }

    /// One `step(closure)`: returns the loss of the first evaluation, as torch's.
    pub fn step(&mut self, f: &mut dyn Objective<B>) -> Result<f64> {
        let c = self.cfg;
        let mut st = std::mem::take(&mut self.state);
        let out = self.run(f, &mut st, c);
        if out.is_ok() {
            self.state = st;
        }
        out
    }

    fn run(&self, f: &mut dyn Objective<B>, st: &mut LbfgsState<B>, c: LbfgsConfig) -> Result<f64> {
        let (orig_loss, mut g) = self.evaluate(f)?;
        let mut loss = orig_loss;
        let mut current_evals = 1;
        st.func_evals += 1;
        if abs_stat(&g, false)? <= c.tolerance_grad {
            return Ok(orig_loss);
        }
        let mut n_iter = 0;
        while n_iter < c.max_iter {
            n_iter += 1;
            st.n_iter += 1;
            let d = if st.n_iter == 1 {
                st.old_dirs.clear();
                st.old_stps.clear();
                st.ro.clear();
                st.h_diag = 1.0;
                scaled(&g, -1.0)?
            } else {
                let prev = st.prev_flat_grad.as_ref().ok_or_else(|| {
                    Error::Config("LBFGS: state without its previous gradient".into())
                })?;
                let last = st
                    .d
                    .as_ref()
                    .ok_or_else(|| Error::Config("LBFGS: state without its direction".into()))?;
                let y = sub(&g, prev)?;
                let s = scaled(last, st.t)?;
                let ys = dot(&y, &s)?;
                if ys > 1e-10 {
                    if st.old_dirs.len() == c.history_size {
                        st.old_dirs.pop_front();
                        st.old_stps.pop_front();
                        st.ro.pop_front();
                    }
                    st.h_diag = ys / dot(&y, &y)?;
                    st.old_dirs.push_back(y);
                    st.old_stps.push_back(s);
                    st.ro.push_back(1.0 / ys);
                }
                // the two-loop recursion: d = −H·g
                let n = st.old_dirs.len();
                let mut al = vec![0.0; n]; // bounded: the L-BFGS history (history_size)
                let mut q = scaled(&g, -1.0)?;
                for i in (0..n).rev() {
                    al[i] = dot(&st.old_stps[i], &q)? * st.ro[i];
                    q = axpy(&q, -al[i], &st.old_dirs[i])?;
                }
                let mut r = scaled(&q, st.h_diag)?;
                for (i, a) in al.iter().enumerate() {
                    let be = dot(&st.old_dirs[i], &r)? * st.ro[i];
                    r = axpy(&r, a - be, &st.old_stps[i])?;
                }
                r
            };
            // vectors are never written in place: the previous gradient shares g's buffers
            st.prev_flat_grad = Some(g.clone());
            st.prev_loss = loss;
            st.t = if st.n_iter == 1 {
                (1.0f64).min(1.0 / abs_stat(&g, true)?) * c.lr
            } else {
                c.lr
            };
            let gtd = dot(&g, &d)?;
            if gtd > -c.tolerance_change {
                st.d = Some(d);
                break;
            }
            let ls_evals;
            let opt_cond;
            if c.strong_wolfe {
                let x = self.snapshot()?;
                let (l, grad, t, evals) = self.strong_wolfe(f, &x, st.t, &d, loss, &g, gtd)?;
                self.add_step(t, &d)?;
                loss = l;
                g = grad;
                st.t = t;
                ls_evals = evals;
                opt_cond = abs_stat(&g, false)? <= c.tolerance_grad;
            } else {
                self.add_step(st.t, &d)?;
                if n_iter != c.max_iter {
                    let (l, grad) = self.evaluate(f)?;
                    loss = l;
                    g = grad;
                    opt_cond = abs_stat(&g, false)? <= c.tolerance_grad;
                    ls_evals = 1;
                } else {
                    opt_cond = false;
                    ls_evals = 0;
                }
            }
            current_evals += ls_evals;
            st.func_evals += ls_evals;
            let moved = abs_stat(&d, false)? * st.t.abs();
            st.d = Some(d);
            if n_iter == c.max_iter || current_evals >= c.max_eval || opt_cond {
                break;
            }
            if moved <= c.tolerance_change || (loss - st.prev_loss).abs() < c.tolerance_change {
                break;
            }
        }
        Ok(orig_loss)
    }

    /// The strong-Wolfe line search along `d` from `x` (torch's `_strong_wolfe`, `c1 =
    /// 1e-4`, `c2 = 0.9`, at most 25 evaluations): bracket, then zoom by safeguarded cubic
    /// interpolation. Returns the loss and gradient at the step taken, the step, and the
    /// number of evaluations.
    #[allow(clippy::too_many_arguments)]
    fn strong_wolfe(
        &self,
        f: &mut dyn Objective<B>,
        x: &[Value<B>],
        mut t: f64,
        d: &[Value<B>],
        loss: f64,
        g: &[Value<B>],
        gtd: f64,
    ) -> Result<(f64, Vector<B>, f64, usize)> {
        const C1: f64 = 1e-4;
        const C2: f64 = 0.9;
        const MAX_LS: usize = 25;
        let tol = self.cfg.tolerance_change;
        let d_norm = abs_stat(d, false)?;
        // vectors are never written in place: a copy is a clone of the handles
        let copy = |v: &[Value<B>]| -> Vector<B> { v.to_vec() };
        let g = copy(g);
        let (mut f_new, mut g_new) = self.at(f, x, t, d)?;
        let mut evals = 1;
        let mut gtd_new = dot(&g_new, d)?;
        // bracketing: (step, loss, gradient, directional derivative) at both ends
        let (mut t_prev, mut f_prev, mut g_prev, mut gtd_prev) = (0.0, loss, g, gtd);
        let mut done = false;
        let mut iter = 0;
        let mut bracket: Vec<(f64, f64, Vector<B>, f64)>;
        loop {
            if f_new > loss + C1 * t * gtd || (iter > 1 && f_new >= f_prev) {
                bracket = vec![
                    (t_prev, f_prev, g_prev, gtd_prev),
                    (t, f_new, copy(&g_new), gtd_new),
                ];
                break;
            }
            if gtd_new.abs() <= -C2 * gtd {
                bracket = vec![(t, f_new, copy(&g_new), gtd_new)];
                done = true;
                break;
            }
            if gtd_new >= 0.0 {
                bracket = vec![
                    (t_prev, f_prev, g_prev, gtd_prev),
                    (t, f_new, copy(&g_new), gtd_new),
                ];
                break;
            }
            let min_step = t + 0.01 * (t - t_prev);
            let max_step = t * 10.0;
            let tmp = t;
            t = cubic(
                t_prev,
                f_prev,
                gtd_prev,
                t,
                f_new,
                gtd_new,
                Some((min_step, max_step)),
            );
            t_prev = tmp;
            f_prev = f_new;
            g_prev = copy(&g_new);
            gtd_prev = gtd_new;
            (f_new, g_new) = self.at(f, x, t, d)?;
            evals += 1;
            gtd_new = dot(&g_new, d)?;
            iter += 1;
            if iter == MAX_LS {
                bracket = vec![(0.0, loss, copy(&g_prev), gtd), (t, f_new, g_new, gtd_new)];
                break;
            }
        }
        // zoom: shrink the bracket until the strong-Wolfe conditions hold
        let mut insuf_progress = false;
        let (mut low, mut high) = if bracket.len() == 2 && bracket[0].1 > bracket[1].1 {
            (1, 0)
        } else {
            (0, 1)
        };
        while !done && iter < MAX_LS {
            if (bracket[1].0 - bracket[0].0).abs() * d_norm < tol {
                break;
            }
            let (a, b) = (&bracket[0], &bracket[1]);
            t = cubic(a.0, a.1, a.3, b.0, b.1, b.3, None);
            let hi = a.0.max(b.0);
            let lo = a.0.min(b.0);
            let eps = 0.1 * (hi - lo);
            if (hi - t).min(t - lo) < eps {
                if insuf_progress || t >= hi || t <= lo {
                    t = if (t - hi).abs() < (t - lo).abs() {
                        hi - eps
                    } else {
                        lo + eps
                    };
                    insuf_progress = false;
                } else {
                    insuf_progress = true;
                }
            } else {
                insuf_progress = false;
            }
            (f_new, g_new) = self.at(f, x, t, d)?;
            evals += 1;
            gtd_new = dot(&g_new, d)?;
            iter += 1;
            let low_f = bracket[low].1;
            if f_new > loss + C1 * t * gtd || f_new >= low_f {
                bracket[high] = (t, f_new, copy(&g_new), gtd_new);
                if bracket[0].1 <= bracket[1].1 {
                    (low, high) = (0, 1);
                } else {
                    (low, high) = (1, 0);
                }
            } else {
                if gtd_new.abs() <= -C2 * gtd {
                    done = true;
                } else if gtd_new * (bracket[high].0 - bracket[low].0) >= 0.0 {
                    // the old low end becomes the high end
                    bracket[high] = bracket[low].clone();
                }
                bracket[low] = (t, f_new, copy(&g_new), gtd_new);
            }
        }
        let (t, f_best, g_best, _) = if bracket.len() == 1 {
            bracket.swap_remove(0)
        } else {
            bracket.swap_remove(low)
        };
        Ok((f_best, g_best, t, evals))
    }
}

/// The minimiser of the cubic through `(x1, f1)` and `(x2, f2)` with slopes `g1`, `g2`,
/// kept within `bounds` (default: the interval between `x1` and `x2`); their midpoint when
/// the cubic has no real minimiser (torch's `_cubic_interpolate`).
fn cubic(x1: f64, f1: f64, g1: f64, x2: f64, f2: f64, g2: f64, bounds: Option<(f64, f64)>) -> f64 {
    let (lo, hi) = bounds.unwrap_or(if x1 <= x2 { (x1, x2) } else { (x2, x1) });
    let d1 = g1 + g2 - 3.0 * (f1 - f2) / (x1 - x2);
    let d2_square = d1 * d1 - g1 * g2;
    if d2_square >= 0.0 {
        let d2 = d2_square.sqrt();
        let min_pos = if x1 <= x2 {
            x2 - (x2 - x1) * ((g2 + d2 - d1) / (g2 - g1 + 2.0 * d2))
        } else {
            x1 - (x1 - x2) * ((g1 + d2 - d1) / (g1 - g2 + 2.0 * d2))
        };
        min_pos.max(lo).min(hi)
    } else {
        (lo + hi) / 2.0
    }
}

#[cfg(test)]
mod tests {
    use tch::Tensor;

    use super::*;
    use crate::backend::dynamic::Dyn;
    use crate::ops::testing::param;

    #[test]
    fn the_cubic_step_is_the_minimiser_of_the_cubic_through_the_two_points() {
        // f(x) = (x − 1)³ − 3(x − 1) has its local minimum at x = 2
        let f = |x: f64| (x - 1.0).powi(3) - 3.0 * (x - 1.0);
        let g = |x: f64| 3.0 * (x - 1.0).powi(2) - 3.0;
        let t = cubic(1.5, f(1.5), g(1.5), 3.0, f(3.0), g(3.0), None);
        assert!((t - 2.0).abs() < 1e-12, "{t}");
        // no real minimiser: the midpoint of the bounds
        assert_eq!(cubic(0.0, 0.0, 4.0, 1.0, 3.0, 4.0, Some((0.0, 4.0))), 2.0);
    }

    /// `½ Σ aᵢxᵢ² − Σ xᵢ`, minimised at `xᵢ = 1/aᵢ`.
    struct Quadratic(Arc<Parameter<Dyn>>, Tensor);

    impl Objective<Dyn> for Quadratic {
        fn eval(&mut self) -> Result<(f64, Vec<<Dyn as Backend>::T>)> {
            let x = Dyn::as_torch(self.0.snapshot().get()).unwrap().copy();
            let loss = (&self.1 * &x * &x * 0.5 - &x).sum(tch::Kind::Double);
            let g = &self.1 * &x - 1.0;
            let g = crate::ops::testing::dt(&g);
            Ok((loss.double_value(&[]), vec![g]))
        }
    }

    #[test]
    fn strong_wolfe_lbfgs_finds_the_minimum_of_a_quadratic() {
        let a = Tensor::from_slice(&[1.0f64, 4.0, 10.0]);
        let p = param(&Tensor::from_slice(&[3.0f64, -2.0, 0.5]), "x");
        let cfg = LbfgsConfig {
            lr: 1.0,
            max_iter: 50,
            max_eval: 80,
            tolerance_grad: 1e-12,
            tolerance_change: 1e-14,
            history_size: 10,
            strong_wolfe: true,
        };
        let mut opt = Lbfgs::new(vec![p.clone()], cfg).unwrap();
        opt.step(&mut Quadratic(p.clone(), a)).unwrap();
        let x = Dyn::to_f64(p.snapshot().get()).unwrap();
        for (got, want) in x.iter().zip([1.0, 0.25, 0.1]) {
            // it stops once the loss changes by less than tolerance_change
            assert!((got - want).abs() < 1e-7, "{x:?}");
        }
        assert!(opt.state.func_evals > 1 && opt.state.n_iter > 1);
    }
}
