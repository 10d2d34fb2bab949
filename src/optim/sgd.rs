//! Plain stochastic gradient descent: `p ← p − lr · g`.

use std::sync::Arc;

use super::{check_lr, collect};
use crate::backend::Backend;
use crate::error::Result;
use crate::grads::GradMap;
use crate::param::Parameter;

pub struct Sgd<B: Backend> {
    params: Vec<Arc<Parameter<B>>>,
    lr: f64,
}

impl<B: Backend> Sgd<B> {
    pub fn new(params: Vec<Arc<Parameter<B>>>, lr: f64) -> Result<Self> {
        check_lr(lr)?;
        Ok(Sgd { params, lr })
    }

    pub fn lr(&self) -> f64 {
        self.lr
    }

    pub fn set_lr(&mut self, lr: f64) -> Result<()> {
        check_lr(lr)?;
        self.lr = lr;
        Ok(())
    }

    pub fn params(&self) -> &[Arc<Parameter<B>>] {
        &self.params
    }

    /// One update of every parameter that has a gradient in `grads`. Everything is checked
    /// first; a rejected step changes no parameter.
    pub fn step(&self, grads: &GradMap<B>) -> Result<()> {
        let work = collect("SGD.step", &self.params, grads)?;
        for (p, g) in work {
            p.update(|t| B::axpy_(t, -self.lr, g.get()))?;
        }
        Ok(())
    }
}
