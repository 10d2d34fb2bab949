//! torch's in-place random fills (`x.uniform_()`, `x.normal_()`, `x.bernoulli_(p)`,
//! `x.exponential_()`, `x.cauchy_()`, `x.log_normal_()`, `x.geometric_(p)`, `x.random_()`):
//! [`Session::random_fill`] draws the new values, of the tensor's shape and dtype, from the
//! session's generator as a leaf that carries no gradient; the binding then writes them in
//! place (`write_in_place`, which keeps a zero-gradient path through a tensor that requires
//! grad, as torch's `NormalBackward` and the others do).
//!
//! | fill | values read | value |
//! |---|---|---|
//! | `uniform_(a, b)` | one uniform per element (`rand`'s) | `a + (b - a) u` |
//! | `normal_(m, s)`, `log_normal_(m, s)` | one normal per element (`randn`'s) | `m + s z`, its `exp` |
//! | `exponential_(λ)`, `cauchy_(m, σ)`, `geometric_(p)` | one open uniform `u ∈ (0, 1)` per element | `-log(u) / λ`, `m + σ tan(π (u - ½))`, `⌈log(u) / log(1 - p)⌉` |
//! | `bernoulli_(p)` | one open uniform per element | `u < p` |
//! | `random_(from, to)` | one 53-bit uniform per element (`randint`'s) | an integer in `[from, to)` |
//!
//! The draws are eagertape's generator's, not torch's: the same distributions, other values.
//! Arguments torch refuses are refused here with its messages (an `ArgumentError`, or a
//! `DTypeError` for a dtype torch has no kernel for), the generator untouched.

use super::factory::{Factory, HighOrSize};
use super::Session;
use crate::backend::Backend;
use crate::config::DType;
use crate::error::{Error, Result};
use crate::kernel::Predicate;
use crate::ops::binary::BinaryOp;
use crate::ops::compose::{Recorder, TensorOrNumber};
use crate::ops::unary::UnaryOp;
use crate::tape::Handle;

/// The largest integer every float64 holds exactly: the widest range of `random_`'s draws.
const EXACT_INT: i64 = 1 << 53;

/// One of torch's in-place random fills, with its arguments.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum RandomFill {
    /// `uniform_(from, to)`: uniform in `[from, to)`.
    Uniform { from: f64, to: f64 },
    /// `normal_(mean, std)`.
    Normal { mean: f64, std: f64 },
    /// `log_normal_(mean, std)`: `exp` of a normal draw.
    LogNormal { mean: f64, std: f64 },
    /// `cauchy_(median, sigma)`.
    Cauchy { median: f64, sigma: f64 },
    /// `exponential_(lambd)`.
    Exponential { lambd: f64 },
    /// `geometric_(p)`: the number of trials to the first success, from 1.
    Geometric { p: f64 },
    /// `bernoulli_(p)`: 1 with probability `p`, else 0.
    Bernoulli { p: f64 },
    /// `random_(from, to)`: an integer in `[from, to)`; `to` `None`: up to the largest
    /// integer the dtype holds exactly (`2^24` for float32, as torch's).
    Random { from: i64, to: Option<i64> },
}

/// `a <= b`, false for a NaN (refused as torch refuses it).
fn ordered(a: f64, b: f64) -> bool {
    a <= b
}

/// `x > 0`, false for a NaN.
fn positive(x: f64) -> bool {
    x > 0.0
}

impl RandomFill {
    /// torch's method name.
    pub fn name(self) -> &'static str {
        match self {
            RandomFill::Uniform { .. } => "uniform_",
            RandomFill::Normal { .. } => "normal_",
            RandomFill::LogNormal { .. } => "log_normal_",
            RandomFill::Cauchy { .. } => "cauchy_",
            RandomFill::Exponential { .. } => "exponential_",
            RandomFill::Geometric { .. } => "geometric_",
            RandomFill::Bernoulli { .. } => "bernoulli_",
            RandomFill::Random { .. } => "random_",
        }
    }

    /// torch's checks of the arguments and of the tensor's dtype.
    fn check(self, dtype: DType) -> Result<()> {
        let name = self.name();
        let bad = |msg: String| Err(Error::Argument(msg));
        let data_ok = matches!(
            self,
            RandomFill::Bernoulli { .. } | RandomFill::Random { .. }
        ) || (matches!(self, RandomFill::Geometric { .. }) && dtype != DType::Bool);
        if dtype.is_data() && !data_ok {
            return Err(Error::DType(format!(
                "{name}: not implemented for {dtype} (a floating dtype only)"
            )));
        }
        match self {
            RandomFill::Uniform { from, to } if !ordered(from, to) => bad(format!(
                "uniform_ expects to return a [from, to) range, but found from={from} > to={to}"
            )),
            RandomFill::Normal { std, .. } if !ordered(0.0, std) => {
                bad(format!("normal expects std >= 0.0, but found std {std}"))
            }
            RandomFill::LogNormal { std, .. } if !positive(std) => bad(format!(
                "log_normal_ expects std > 0.0, but found std={std}"
            )),
            RandomFill::Cauchy { sigma, .. } if !positive(sigma) => bad(format!(
                "cauchy_ expects sigma > 0.0, but found sigma={sigma}"
            )),
            RandomFill::Exponential { lambd } if !positive(lambd) => bad(format!(
                "exponential_ expects lambda > 0.0, but found lambda={lambd}"
            )),
            RandomFill::Geometric { p } if !(positive(p) && positive(1.0 - p)) => bad(format!(
                "geometric_ expects p to be in (0, 1), but got p={p}"
            )),
            RandomFill::Bernoulli { p } if !(0.0..=1.0).contains(&p) => bad(format!(
                "bernoulli_ expects p to be in [0, 1], but got p={p}"
            )),
            RandomFill::Random { from, to } => {
                let to = to.unwrap_or(EXACT_INT);
                if from >= to {
                    return bad(format!(
                        "random_ expects 'from' to be less than 'to', but got from={from} >= to={to}"
                    ));
                }
                if from.abs() > EXACT_INT || to.abs() > EXACT_INT {
                    return bad(format!(
                        "random_: from and to must be within ±2^53 (eagertape's integer draws), \
                         got from={from} and to={to}"
                    ));
                }
                Ok(())
            }
            _ => Ok(()),
        }
    }

    /// `random_`'s bounds for `dtype`: `[from, to)`, with torch's default `to` (one past the
    /// largest integer the dtype holds exactly; int64's, `2^63`, is past eagertape's draws:
    /// an `ArgumentError` asking for `to`).
    fn random_range(from: i64, to: Option<i64>, dtype: DType) -> Result<(i64, i64)> {
        if let Some(to) = to {
            return Ok((from, to));
        }
        let top =
            match dtype {
                DType::Bool => 2,
                DType::Int32 => 1 << 31,
                DType::Int64 => return Err(Error::Argument(
                    "random_(): an int64 tensor's default range reaches 2^63, past eagertape's \
                     integer draws (2^53): give `to`"
                        .into(),
                )),
                d => (1i64 << d.significand_bits().min(53)) + 1,
            };
        Ok((from, top))
    }
}

impl<B: Backend> Session<B> {
    /// `x`'s new values for the in-place fill `fill`: a leaf of `x`'s shape and dtype drawn
    /// from the session's generator, which moves on by the draws (the module's table). A
    /// refused fill records nothing and leaves the generator as it was.
    pub fn random_fill(&mut self, x: Handle, fill: RandomFill) -> Result<Handle> {
        let (shape, dtype) = (self.shape(x)?, self.dtype_of(x)?);
        fill.check(dtype)?;
        let rng = self.rng;
        let made = self.all_or_nothing(|s| s.draw_fill(&shape, dtype, fill));
        if made.is_err() {
            self.rng = rng;
        }
        made
    }

    fn draw_fill(&mut self, shape: &[i64], dtype: DType, fill: RandomFill) -> Result<Handle> {
        let num = TensorOrNumber::Number;
        let ten = TensorOrNumber::Tensor;
        match fill {
            RandomFill::Uniform { from, to } => {
                let u = self.make(&Factory::draw(shape.to_vec(), false)?, Some(dtype), false)?;
                let scaled = self.binary(BinaryOp::Mul, ten(u), num(to - from))?;
                self.binary(BinaryOp::Add, ten(scaled), num(from))
            }
            RandomFill::Normal { mean, std } | RandomFill::LogNormal { mean, std } => {
                let z = self.make(&Factory::draw(shape.to_vec(), true)?, Some(dtype), false)?;
                let scaled = self.binary(BinaryOp::Mul, ten(z), num(std))?;
                let y = self.binary(BinaryOp::Add, ten(scaled), num(mean))?;
                match fill {
                    RandomFill::LogNormal { .. } => {
                        crate::ops::compose::unary(self, UnaryOp::Exp, y)
                    }
                    _ => Ok(y),
                }
            }
            RandomFill::Exponential { lambd } => {
                let log_u = self.open_log_uniforms(shape, dtype)?;
                self.binary(BinaryOp::Mul, ten(log_u), num(-1.0 / lambd))
            }
            RandomFill::Geometric { p } => {
                // drawn in float64 (the counts exact), then converted
                let log_u = self.open_log_uniforms(shape, DType::Float64)?;
                let ratio = self.binary(BinaryOp::Mul, ten(log_u), num(1.0 / (-p).ln_1p()))?;
                // (log(u) < 0 for every u in (0, 1): the ratio is positive, its ceiling ≥ 1)
                let k = crate::ops::compose::unary(self, UnaryOp::Ceil, ratio)?;
                self.to(k, Some(dtype), None, false)
            }
            RandomFill::Cauchy { median, sigma } => {
                let u = self.open_uniforms(shape, dtype)?;
                let angle = self.binary(BinaryOp::Sub, ten(u), num(0.5))?;
                let angle = self.binary(BinaryOp::Mul, ten(angle), num(std::f64::consts::PI))?;
                let t = crate::ops::compose::unary(self, UnaryOp::Tan, angle)?;
                let scaled = self.binary(BinaryOp::Mul, ten(t), num(sigma))?;
                self.binary(BinaryOp::Add, ten(scaled), num(median))
            }
            RandomFill::Bernoulli { p } => {
                let float = if dtype.is_data() {
                    DType::Float64
                } else {
                    dtype
                };
                let u = self.open_uniforms(shape, float)?;
                let hit = self.record(crate::ops::Op::compare_number(Predicate::Lt, p), &[u])?;
                self.to(hit, Some(dtype), None, false)
            }
            RandomFill::Random { from, to } => {
                let (from, to) = RandomFill::random_range(from, to, dtype)?;
                let f = Factory::randint_of(from, HighOrSize::High(to), Some(shape.to_vec()))?;
                let ids = self.make(&f, None, false)?;
                self.to(ids, Some(dtype), None, false)
            }
        }
    }

    /// A leaf of `shape` open uniforms `u ∈ (0, 1)` of `dtype` (as `bernoulli`'s).
    fn open_uniforms(&mut self, shape: &[i64], dtype: DType) -> Result<Handle> {
        let mut rng = self.rng;
        let u = Self::uniforms(&mut rng, shape, dtype, true, self.config.device)?;
        let h = self.input_owned_as(u, Some(dtype), false)?;
        self.rng = rng;
        Ok(h)
    }

    /// `log(u)` of [`Session::open_uniforms`]: finite and negative.
    fn open_log_uniforms(&mut self, shape: &[i64], dtype: DType) -> Result<Handle> {
        let u = self.open_uniforms(shape, dtype)?;
        crate::ops::compose::unary(self, UnaryOp::Log, u)
    }
}

#[cfg(test)]
mod tests {
    use super::RandomFill;
    use crate::backend::dynamic::Dyn;
    use crate::backend::Backend;
    use crate::config::DType;
    use crate::ops::testing::{dt, session, values};

    fn fill(f: RandomFill, n: usize) -> Vec<f64> {
        let mut s = session();
        let x = s
            .input(&dt(&values(&vec![0.0; n], &[n as i64])), false)
            .unwrap();
        let y = s.random_fill(x, f).unwrap();
        Dyn::to_f64(s.value(y).unwrap().get()).unwrap()
    }

    fn mean(v: &[f64]) -> f64 {
        v.iter().sum::<f64>() / v.len() as f64
    }

    #[test]
    fn uniform_fills_the_half_open_range() {
        let v = fill(
            RandomFill::Uniform {
                from: -2.0,
                to: 3.0,
            },
            4000,
        );
        assert!(v.iter().all(|&x| (-2.0..3.0).contains(&x)));
        assert!((mean(&v) - 0.5).abs() < 0.15);
    }

    #[test]
    fn normal_has_the_asked_mean_and_spread() {
        let v = fill(
            RandomFill::Normal {
                mean: 3.0,
                std: 0.5,
            },
            4000,
        );
        let m = mean(&v);
        let var = v.iter().map(|x| (x - m).powi(2)).sum::<f64>() / v.len() as f64;
        assert!((m - 3.0).abs() < 0.05 && (var.sqrt() - 0.5).abs() < 0.05);
    }

    #[test]
    fn exponential_and_geometric_have_their_means() {
        // E[Exp(λ)] = 1/λ; E[Geom(p)] = 1/p, every count at least 1
        let e = fill(RandomFill::Exponential { lambd: 4.0 }, 4000);
        assert!(e.iter().all(|&x| x > 0.0) && (mean(&e) - 0.25).abs() < 0.03);
        let g = fill(RandomFill::Geometric { p: 0.25 }, 4000);
        assert!(g.iter().all(|&x| x >= 1.0 && x.fract() == 0.0));
        assert!((mean(&g) - 4.0).abs() < 0.3);
    }

    #[test]
    fn random_draws_integers_in_range() {
        let v = fill(
            RandomFill::Random {
                from: 2,
                to: Some(5),
            },
            600,
        );
        assert!(v.iter().all(|&x| [2.0, 3.0, 4.0].contains(&x)));
        assert!([2.0, 3.0, 4.0].iter().all(|k| v.contains(k)));
    }

    #[test]
    fn refused_fills_leave_the_tape_and_generator_alone() {
        let mut s = session();
        let x = s.input(&dt(&values(&[0.0; 4], &[4])), false).unwrap();
        let (len, rng) = (s.tape_len(), s.rng);
        for bad in [
            RandomFill::Uniform { from: 1.0, to: 0.0 },
            RandomFill::Normal {
                mean: 0.0,
                std: -1.0,
            },
            RandomFill::Geometric { p: 1.0 },
            RandomFill::Bernoulli { p: 1.5 },
            RandomFill::Random {
                from: 3,
                to: Some(3),
            },
        ] {
            assert!(s.random_fill(x, bad).is_err(), "{bad:?}");
            assert_eq!((s.tape_len(), s.rng), (len, rng));
        }
    }

    #[test]
    fn continuous_fills_of_data_are_dtype_errors() {
        let mut s = session();
        let ids = s
            .make(
                &super::Factory::full(vec![3], 1.0, None).unwrap(),
                Some(DType::Int64),
                false,
            )
            .unwrap();
        let e = s.random_fill(
            ids,
            RandomFill::Normal {
                mean: 0.0,
                std: 1.0,
            },
        );
        assert!(matches!(e, Err(crate::error::Error::DType(_))));
        assert!(s
            .random_fill(
                ids,
                RandomFill::Random {
                    from: 0,
                    to: Some(9)
                }
            )
            .is_ok());
    }
}
