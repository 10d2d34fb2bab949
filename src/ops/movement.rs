//! Data-movement ops: every output element is a copy of one element of a *source* operand
//! (or a fill value). Indexing, `gather`, `index_select`, slicing, `cat`, `stack`, `where`,
//! `masked_fill`, `pad`, `expand`, `repeat`, `flip`, `roll`, `tril`/`triu`.
//!
//! Each such op is defined once, as a [`Movement`]: its kernel on LibTorch tensors (values,
//! and the int64/bool data operands that are its indices and masks, which live in LibTorch
//! on every profile). A backend that holds its values elsewhere (the reference backend, in
//! `Dyn`) runs the same definition on an *index plan*: the sources replaced by `arange`s,
//! so the op's result says, for each output element, which source element it copies; the
//! values are then taken on the host by the plan and the cotangent scatter-added back by it
//! (exact: copies and sums, soundly rounded on intervals). The index arithmetic is
//! LibTorch's own, so both backends agree with torch on shapes, broadcasting, negative
//! indices and errors.
//!
//! [`Moved`] is the one [`Rule`] of every movement op: it checks that the sources share one
//! dtype and that the other operands are data, records views as views, and sends each
//! source its cotangent through [`Backend::movement_backward`].

use super::{fresh, grad_value, Arity, Cotangents, Grad, Op, Output, Rule};
use crate::backend::Backend;
use crate::buffer::{Tracked, Value};
use crate::error::{Error, Result};
pub use crate::kernel::movement::{plan, source_offset, torch_backward_by_plan, Movement};

/// The rule of every movement op.
pub struct Moved(pub Box<dyn Movement>);

impl<B: Backend> Op<B> {
    pub fn movement(m: impl Movement + 'static) -> Self {
        Op::Move(Moved(Box::new(m)))
    }
}

impl Moved {
    fn first_source(&self, n: usize) -> usize {
        (0..n).find(|&i| self.0.is_source(i)).unwrap_or(0)
    }
}

impl<B: Backend> Rule<B> for Moved {
    fn name(&self) -> &'static str {
        self.0.name()
    }
    fn autocast_name(&self) -> &'static str {
        self.0.autocast_name()
    }
    fn promotes(&self) -> bool {
        self.0.promotes()
    }
    fn arity(&self) -> Arity {
        self.0.arity()
    }
    /// The backward reads the index and mask operands, never a source's values (only its
    /// shape), nor the output.
    fn saves_operand(&self, i: usize, _needs: &[bool]) -> bool {
        !self.0.is_source(i)
    }
    fn saves_output(&self, _needs: &[bool]) -> bool {
        false
    }
    fn output(&self) -> Output {
        if self.0.view() {
            Output::View
        } else {
            Output::Fresh
        }
    }
    fn accepts_data(&self) -> bool {
        true
    }
    fn shape(&self, shapes: &[&[i64]]) -> Result<Vec<i64>> {
        self.0.shape(shapes)
    }
    fn forward(&self, xs: &[&Value<B>]) -> Result<Value<B>> {
        let name = self.0.name();
        let mut dtype: Option<crate::config::DType> = None;
        for (i, x) in xs.iter().enumerate() {
            let d = B::dtype(x.get());
            if self.0.is_source(i) {
                match dtype {
                    Some(first) if first != d => {
                        return Err(Error::DTypeMismatch {
                            op: name.into(),
                            what: "every tensor".into(),
                            a: first.to_string(),
                            b: d.to_string(),
                        })
                    }
                    _ => dtype = Some(d),
                }
            } else if !d.is_data() {
                return Err(Error::DType(format!(
                    "{name}: operand {i} is an index or a mask and must be int64, int32 or bool data, not {d}"
                )));
            }
        }
        let ts: Vec<&B::T> = xs.iter().map(|x| x.get()).collect();
        let (t, view) = B::movement(&*self.0, &ts)?;
        if view {
            Ok(Tracked::view(t, xs[self.first_source(xs.len())]))
        } else {
            fresh(t)
        }
    }
    fn backward(&self, cx: &Grad<'_, B>) -> Result<Cotangents<B>> {
        let ts: Vec<&B::T> = cx.xs.iter().map(|x| x.get()).collect();
        let mut out = Vec::with_capacity(ts.len()); // bounded: one per operand
        for (i, x) in ts.iter().enumerate() {
            if !cx.needs[i] || !self.0.is_source(i) || B::dtype(x).is_data() {
                out.push(None);
                continue;
            }
            let (t, view) = B::movement_backward(&*self.0, &ts, cx.g.get(), i)?;
            out.push(Some(if view {
                Tracked::view(t, cx.g)
            } else {
                grad_value(t)
            }));
        }
        Ok(out)
    }
}
