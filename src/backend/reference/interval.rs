//! PLACEHOLDER — being replaced by the outward-rounded implementation.
use super::scalar::Scalar;

#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Interval {
    pub lo: f64,
    pub hi: f64,
}

impl Scalar for Interval {
    const SIZE: usize = 16;
    fn from_f64(v: f64) -> Self {
        Interval { lo: v, hi: v }
    }
    fn to_f64(self) -> f64 {
        0.5 * (self.lo + self.hi)
    }
    fn bounds(self) -> (f64, f64) {
        (self.lo, self.hi)
    }
    fn from_bounds(lo: f64, hi: f64) -> Option<Self> {
        (lo <= hi).then_some(Interval { lo, hi })
    }
    fn add(self, o: Self) -> Self {
        Interval { lo: self.lo + o.lo, hi: self.hi + o.hi }
    }
    fn sub(self, o: Self) -> Self {
        Interval { lo: self.lo - o.hi, hi: self.hi - o.lo }
    }
    fn mul(self, o: Self) -> Self {
        let c = [self.lo * o.lo, self.lo * o.hi, self.hi * o.lo, self.hi * o.hi];
        Interval { lo: c.iter().cloned().fold(f64::INFINITY, f64::min), hi: c.iter().cloned().fold(f64::NEG_INFINITY, f64::max) }
    }
    fn div(self, o: Self) -> Self {
        self.mul(Interval { lo: 1.0 / o.hi, hi: 1.0 / o.lo })
    }
    fn neg(self) -> Self {
        Interval { lo: -self.hi, hi: -self.lo }
    }
    fn exp(self) -> Self {
        Interval { lo: self.lo.exp(), hi: self.hi.exp() }
    }
    fn log(self) -> Self {
        Interval { lo: self.lo.ln(), hi: self.hi.ln() }
    }
    fn tanh(self) -> Self {
        Interval { lo: self.lo.tanh(), hi: self.hi.tanh() }
    }
    fn sigmoid(self) -> Self {
        Interval { lo: 1.0 / (1.0 + (-self.lo).exp()), hi: 1.0 / (1.0 + (-self.hi).exp()) }
    }
    fn relu(self) -> Self {
        Interval { lo: self.lo.max(0.0), hi: self.hi.max(0.0) }
    }
    fn relu_grad(g: Self, x: Self) -> Self {
        if x.lo > 0.0 { g } else if x.hi <= 0.0 { Self::zero() } else { Interval { lo: g.lo.min(0.0), hi: g.hi.max(0.0) } }
    }
    fn powf(self, e: f64) -> Self {
        Interval { lo: self.lo.powf(e), hi: self.hi.powf(e) }
    }
}
