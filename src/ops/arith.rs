//! The arithmetic the backward rules, the optimizers and the gradient maps compose: one
//! name per pointwise unit they use most (`B::add(a, b)` is `B::binary::<Add>(a, b)`).
//! Provided for every backend by a blanket impl; no backend implements them, so the backend
//! trait names no op.

use super::binary::{Add, Div, Mul, Sub};
use super::scalar::{AddScalar, DivScalar, MulScalar, PowScalar};
use super::unary::{Exp, Neg, ReluGrad, Sqrt};
use crate::backend::Backend;
use crate::error::Result;

/// Shorthands over [`Backend`]'s pointwise families (in scope: `use crate::ops::Arith`).
pub trait Arith: Backend {
    fn add(a: &Self::T, b: &Self::T) -> Result<Self::T> {
        Self::binary::<Add>(a, b)
    }
    fn sub(a: &Self::T, b: &Self::T) -> Result<Self::T> {
        Self::binary::<Sub>(a, b)
    }
    fn mul(a: &Self::T, b: &Self::T) -> Result<Self::T> {
        Self::binary::<Mul>(a, b)
    }
    fn div(a: &Self::T, b: &Self::T) -> Result<Self::T> {
        Self::binary::<Div>(a, b)
    }
    fn neg(a: &Self::T) -> Result<Self::T> {
        Self::unary::<Neg>(a)
    }
    fn exp(a: &Self::T) -> Result<Self::T> {
        Self::unary::<Exp>(a)
    }
    fn sqrt(a: &Self::T) -> Result<Self::T> {
        Self::unary::<Sqrt>(a)
    }
    fn add_scalar(a: &Self::T, s: f64) -> Result<Self::T> {
        Self::scalar::<AddScalar>(a, s)
    }
    fn mul_scalar(a: &Self::T, s: f64) -> Result<Self::T> {
        Self::scalar::<MulScalar>(a, s)
    }
    fn div_scalar(a: &Self::T, s: f64) -> Result<Self::T> {
        Self::scalar::<DivScalar>(a, s)
    }
    fn pow_scalar(a: &Self::T, e: f64) -> Result<Self::T> {
        Self::scalar::<PowScalar>(a, e)
    }
    /// `g` where `x > 0`, else 0.
    fn relu_backward(g: &Self::T, x: &Self::T) -> Result<Self::T> {
        Self::binary::<ReluGrad>(g, x)
    }
}

impl<B: Backend> Arith for B {}
