//! `x[...]`: torch's indexing rules, recorded as ops. Integers and slices are basic
//! indexing (views: [`Select`], [`Slice`]), `None` a new dim, `...` the dims not named;
//! int64 tensors and bool masks (as the int64 positions of their true elements) are
//! advanced indices, gathered by one [`Index`] op at the dims they index. As in torch,
//! integers are applied as basic indices even beside advanced ones.

use super::Session;
use crate::backend::Backend;
use crate::config::DType;
use crate::error::{Error, Result};
use crate::handles::{OneOr, OneOrTuple};
use crate::ops::arrange::Expand;
use crate::ops::compose::{Recorder, TensorOrNumber};
use crate::ops::index::{Index, Select, Slice};
use crate::ops::view::ShapeView;
use crate::ops::Op;
use crate::tape::Handle;

/// One item of an index expression.
pub enum IndexItem<B: Backend> {
    Int(i64),
    /// `start:stop:step` (Python's `None` where absent).
    Slice(Option<i64>, Option<i64>, Option<i64>),
    /// `None`: a new dim of size 1.
    NewAxis,
    Ellipsis,
    /// A recorded int64 (or int32) index or bool mask.
    Tensor(Handle),
    /// Constant index data (int64 or bool), recorded as a data leaf if the whole
    /// expression is accepted.
    Data(B::T),
}

impl<B: Backend> Session<B> {
    /// `x[items]`. Records nothing unless every item is accepted.
    pub fn index(&mut self, x: Handle, items: Vec<IndexItem<B>>) -> Result<Handle> {
        self.check(&[x])?;
        let mark = self.tape.len();
        let out = self.index_inner(x, items);
        if out.is_err() {
            self.truncate_tape(mark);
        }
        out
    }

    fn index_inner(&mut self, x: Handle, items: Vec<IndexItem<B>>) -> Result<Handle> {
        // Constants become data leaves; bool masks become the positions of their trues.
        enum Item {
            Int(i64),
            Slice(Option<i64>, Option<i64>, Option<i64>),
            NewAxis,
            Ellipsis,
            /// Index tensors (one per dim a mask covers) and the mask's shape, if a mask.
            Adv(Vec<Handle>, Option<Vec<i64>>),
        }
        let mut parsed = Vec::with_capacity(items.len()); // bounded: one per index item
        for item in items {
            let h = match item {
                IndexItem::Int(i) => {
                    parsed.push(Item::Int(i));
                    continue;
                }
                IndexItem::Slice(a, b, c) => {
                    parsed.push(Item::Slice(a, b, c));
                    continue;
                }
                IndexItem::NewAxis => {
                    parsed.push(Item::NewAxis);
                    continue;
                }
                IndexItem::Ellipsis => {
                    parsed.push(Item::Ellipsis);
                    continue;
                }
                IndexItem::Tensor(h) => {
                    self.check(&[h])?;
                    h
                }
                IndexItem::Data(t) => {
                    // Index data the caller gives (Python lists: a captured step's other
                    // host data is refused by the binding).
                    let d = B::dtype(&t);
                    self.literal(|s| s.input_owned_as(t, Some(d), false))?
                }
            };
            let value = self.tape.node(h.node).value.get();
            match B::dtype(value) {
                DType::Bool => {
                    let shape = B::shape(value);
                    if shape.is_empty() {
                        return Err(Error::Unsupported {
                            op: "index with a 0-d bool",
                            carrier: "any".into(),
                        });
                    }
                    let positions = B::nonzero(value)?;
                    // bounded: one per index item
                    let mut hs = Vec::with_capacity(positions.len());
                    for p in positions {
                        hs.push(self.input_owned_as(p, Some(DType::Int64), false)?);
                    }
                    parsed.push(Item::Adv(hs, Some(shape)));
                }
                DType::Int64 | DType::Int32 => parsed.push(Item::Adv(vec![h], None)),
                other => {
                    return Err(Error::DType(format!(
                        "tensors used as indices must be int64, int32 or bool, not {other}"
                    )))
                }
            }
        }
        let ndim = self.shape(x)?.len();
        let consumed: usize = parsed
            .iter()
            .map(|i| match i {
                Item::Int(_) | Item::Slice(..) => 1,
                Item::Adv(hs, _) => hs.len(),
                Item::NewAxis | Item::Ellipsis => 0,
            })
            .sum();
        let ellipses = parsed
            .iter()
            .filter(|i| matches!(i, Item::Ellipsis))
            .count();
        if ellipses > 1 {
            return Err(Error::IndexOutOfRange(
                "an index can only have a single ellipsis ('...')".into(),
            ));
        }
        if consumed > ndim {
            return Err(Error::IndexOutOfRange(format!(
                "too many indices for tensor of dimension {ndim}"
            )));
        }
        let mut y = x;
        // `d`: the dim of `y` the next item applies to; `src`: the dim of `x`.
        let (mut d, mut src) = (0i64, 0usize);
        let x_shape = self.shape(x)?;
        let (mut positions, mut indices) = (Vec::new(), Vec::new());
        for item in parsed {
            match item {
                Item::Int(i) => {
                    y = self.record(Op::movement(Select { dim: d, index: i }), &[y])?;
                    src += 1;
                }
                Item::Slice(start, end, step) => {
                    let step = step.unwrap_or(1);
                    if start.is_some() || end.is_some() || step != 1 {
                        let s = Slice {
                            name: "slice",
                            dim: d,
                            start,
                            end,
                            step,
                        };
                        y = self.record(Op::movement(s), &[y])?;
                    }
                    d += 1;
                    src += 1;
                }
                Item::NewAxis => {
                    y = self.record(Op::shape_view(ShapeView::Unsqueeze(d)), &[y])?;
                    d += 1;
                }
                Item::Ellipsis => {
                    let skip = ndim - consumed;
                    d += skip as i64;
                    src += skip;
                }
                Item::Adv(hs, mask) => {
                    if let Some(m) = mask {
                        let covered = &x_shape[src..src + m.len()];
                        if covered != m.as_slice() {
                            return Err(Error::IndexOutOfRange(format!(
                                "the shape of the mask {m:?} at index {src} does not match the shape of the indexed tensor {x_shape:?}"
                            )));
                        }
                    }
                    for h in hs {
                        positions.push(d as usize);
                        indices.push(h);
                        d += 1;
                        src += 1;
                    }
                }
            }
        }
        if positions.is_empty() {
            if y == x {
                // `x[...]` or `x[:]`: a view of the whole tensor, as torch.
                let all = Slice {
                    name: "slice",
                    dim: 0,
                    start: None,
                    end: None,
                    step: 1,
                };
                if ndim == 0 {
                    return self.record(Op::shape_view(ShapeView::View(Box::new([]))), &[x]);
                }
                return self.record(Op::movement(all), &[x]);
            }
            return Ok(y);
        }
        let mut parents = vec![y];
        parents.extend(indices);
        self.record(
            Op::movement(Index {
                positions: positions.into(),
            }),
            &parents,
        )
    }
}

impl<B: Backend> Session<B> {
    /// `one_hot(ids, num_classes=-1)`: int64 data of shape `ids.shape + (C,)`, 1 at each id
    /// (`C` = the largest id + 1 when `num_classes` is -1). The ids must be int64 in
    /// `[0, C)`; the result is a data leaf (no gradient, as torch's has none).
    /// torch's `nonzero(x)`: the int64 positions of `x`'s nonzero (true) elements, one
    /// column per dim (`as_tuple`), or the `[n, ndim]` matrix of them. Data leaves with no
    /// gradient; their length depends on the values (LibTorch reads the count back, as
    /// torch does). All or nothing.
    pub fn nonzero(&mut self, x: Handle) -> Result<Handle> {
        let (cols, scalar) = self.nonzero_columns(x)?;
        let matrix = if scalar {
            // a 0-d tensor: a `[n, 0]` matrix
            let n = cols.first().map_or(0, |c| B::shape(c)[0]);
            B::full(&[n, 0], 0.0, DType::Int64, self.config.device)?
        } else {
            let refs: Vec<&B::T> = cols.iter().collect();
            let stack = crate::ops::join::Stack {
                dim: 1,
                n: refs.len(),
            };
            B::movement(&stack, &refs)?.0
        };
        self.input_owned_as(matrix, Some(DType::Int64), false)
    }

    /// torch's `nonzero(x, as_tuple=True)`: one int64 tensor of positions per dim of `x`
    /// (one for a 0-d `x`), as [`Session::nonzero`] records them.
    pub fn nonzero_tuple(&mut self, x: Handle) -> Result<Vec<Handle>> {
        let (cols, _) = self.nonzero_columns(x)?;
        self.all_or_nothing(|s| {
            cols.into_iter()
                .map(|t| s.input_owned_as(t, Some(DType::Int64), false))
                .collect()
        })
    }

    /// torch's `where(condition, input, other)`: `input` where `condition` holds, else
    /// `other` (a number takes the other operand's dtype, or the session's where both are
    /// numbers); `where(condition)` is `nonzero(condition, as_tuple=True)`.
    pub fn where_(
        &mut self,
        condition: Handle,
        input: Option<TensorOrNumber>,
        other: Option<TensorOrNumber>,
    ) -> Result<OneOrTuple> {
        let (input, other) = match (input, other) {
            (Some(i), Some(o)) => (i, o),
            (None, None) => return self.nonzero_as(condition, true),
            _ => {
                return Err(Error::Argument(
                    "where: give both input and other, or neither (where(condition) is \
                     nonzero(condition, as_tuple=True))"
                        .into(),
                ))
            }
        };
        let like = [input, other].into_iter().find_map(|o| match o {
            TensorOrNumber::Tensor(h) => Some(h),
            TensorOrNumber::Number(_) => None,
        });
        let carrier = self.dtype();
        self.all_or_nothing(|s| {
            let mut operand = |o| match (o, like) {
                (TensorOrNumber::Tensor(h), _) => Ok(h),
                (TensorOrNumber::Number(x), Some(like)) => s.constant(like, &[x], &[], None),
                (TensorOrNumber::Number(x), None) => {
                    s.constant(condition, &[x], &[], Some(carrier))
                }
            };
            let (a, b) = (operand(input)?, operand(other)?);
            let picked = s.record(Op::movement(crate::ops::join::Where), &[condition, a, b])?;
            Ok(OneOr::One(picked))
        })
    }

    /// torch's `nonzero(x, as_tuple=...)`: [`Session::nonzero_tuple`]'s tuple, or
    /// [`Session::nonzero`]'s matrix.
    pub fn nonzero_as(&mut self, x: Handle, as_tuple: bool) -> Result<OneOrTuple> {
        Ok(match as_tuple {
            true => OneOrTuple::Other(self.nonzero_tuple(x)?),
            false => OneOrTuple::One(self.nonzero(x)?),
        })
    }

    /// The positions of `x`'s nonzero elements, one column per dim (a 0-d `x` read as a
    /// 1-element one), and whether `x` is 0-d.
    fn nonzero_columns(&mut self, x: Handle) -> Result<(Vec<B::T>, bool)> {
        self.check(&[x])?;
        let v = self.value(x)?;
        let v = v.get();
        let scalar = B::shape(v).is_empty();
        let mask = match B::dtype(v) {
            DType::Bool => B::copy(v)?,
            _ => B::predicate(crate::kernel::Predicate::Ne, v, None, 0.0)?,
        };
        let mask = if scalar { B::view(&mask, &[1])? } else { mask };
        Ok((B::nonzero(&mask)?, scalar))
    }

    /// An index tensor item as a handle: a recorded tensor (checked), or constant data
    /// recorded as a data leaf; any other item is refused with `refused`.
    fn index_tensor(&mut self, item: IndexItem<B>, refused: &str) -> Result<Handle> {
        match item {
            IndexItem::Tensor(h) => {
                self.check(&[h])?;
                Ok(h)
            }
            IndexItem::Data(t) => {
                let d = B::dtype(&t);
                self.input_owned_as(t, Some(d), false)
            }
            _ => Err(Error::Argument(refused.into())),
        }
    }

    /// torch's `masked_select(x, mask)`: the elements of `x` where the bool `mask` is true,
    /// both broadcast, as a 1-D tensor (`x[mask]` after the broadcast: the gradient goes
    /// back to the positions picked). All or nothing.
    pub fn masked_select(&mut self, x: Handle, mask: super::Operand<B>) -> Result<Handle> {
        const REFUSED: &str = "masked_select: the mask must be a bool tensor";
        let mask = match mask {
            super::Operand::Node(h) => IndexItem::Tensor(h),
            super::Operand::Data(t) => IndexItem::Data(t),
            super::Operand::Number(_) => return Err(Error::Argument(REFUSED.into())),
        };
        self.all_or_nothing(|s| {
            let m = s.index_tensor(mask, REFUSED)?;
            let mv = s.value(m)?;
            if B::dtype(mv.get()) != DType::Bool {
                return Err(Error::DType(format!(
                    "masked_select: expected a bool mask, got {}",
                    B::dtype(mv.get())
                )));
            }
            let (xs, ms) = (s.shape(x)?, B::shape(mv.get()));
            let shape = crate::shape::broadcast_shapes("masked_select", &xs, &ms)?;
            let xe = if xs == shape {
                x
            } else {
                s.record(Op::movement(Expand(shape.clone().into())), &[x])?
            };
            let me = if ms == shape {
                m
            } else {
                let t = B::copy(&B::expand(mv.get(), &shape)?)?;
                s.input_owned_as(t, Some(DType::Bool), false)?
            };
            if shape.is_empty() {
                // 0-d: selected as a 1-element tensor, as torch
                let one = s.record(Op::reshape(&[1]), &[xe])?;
                let t = B::view(&B::copy(s.value(me)?.get())?, &[1])?;
                return s.index(one, vec![IndexItem::Data(t)]);
            }
            s.index(xe, vec![IndexItem::Tensor(me)])
        })
    }

    pub fn one_hot(&mut self, ids: Handle, num_classes: i64) -> Result<Handle> {
        self.check(&[ids])?;
        let v = self.value(ids)?;
        let dtype = B::dtype(v.get());
        if dtype != DType::Int64 {
            return Err(Error::DType(format!(
                "one_hot: class ids must be int64, not {dtype}"
            )));
        }
        let shape = B::shape(v.get());
        let values: Vec<i64> = B::to_f64(v.get())?.iter().map(|&x| x as i64).collect();
        let classes = match num_classes {
            -1 => match values.iter().max() {
                Some(&m) => m + 1,
                None => {
                    return Err(Error::Argument(
                        "one_hot: cannot infer the number of classes from an empty tensor".into(),
                    ))
                }
            },
            c if c < -1 => {
                return Err(Error::Argument(format!(
                    "one_hot: num_classes must be -1 or non-negative, got {c}"
                )))
            }
            c => c,
        };
        if let Some(bad) = values.iter().find(|&&c| c < 0 || c >= classes) {
            return Err(Error::IndexOutOfRange(format!(
                "one_hot: class id {bad} is outside [0, {classes})"
            )));
        }
        let mut out_shape = shape;
        out_shape.push(classes);
        let t = {
            let _guard = B::no_grad();
            let flat = B::one_hot(&values, classes, DType::Int64, self.config.device)?;
            B::view(&flat, &out_shape)?
        };
        self.input_owned_as(t, Some(DType::Int64), false)
    }
}

impl<B: Backend> Session<B> {
    /// `x.index_put(indices, values, accumulate)`: a new tensor (see
    /// [`crate::ops::index::IndexPut`]); bool masks index by the positions of their trues.
    /// Records nothing unless it succeeds.
    pub fn index_put(
        &mut self,
        x: Handle,
        indices: Vec<IndexItem<B>>,
        values: crate::session::Operand<B>,
        accumulate: bool,
    ) -> Result<Handle> {
        self.check(&[x])?;
        self.all_or_nothing(move |s| {
            let mut hs = Vec::new();
            for item in indices {
                let h = s.index_tensor(
                    item,
                    "index_put: indices must be int64 or bool tensors or arrays",
                )?;
                let value = s.tape.node(h.node).value.get();
                match B::dtype(value) {
                    DType::Bool => {
                        for p in B::nonzero(value)? {
                            hs.push(s.input_owned_as(p, Some(DType::Int64), false)?);
                        }
                    }
                    DType::Int64 | DType::Int32 => hs.push(h),
                    other => {
                        return Err(Error::DType(format!(
                            "index_put: indices must be int64, int32 or bool, not {other}"
                        )))
                    }
                }
            }
            let k = hs.len();
            let mut operands = vec![crate::session::Operand::Node(x)];
            operands.extend(hs.into_iter().map(crate::session::Operand::Node));
            operands.push(values);
            let put = crate::ops::index::IndexPut { k, accumulate };
            s.apply(Op::movement(put), operands)
        })
    }

    /// torch's `x[key] = v` for a tensor `key`: a bool mask with one value for every
    /// selected element (a number, or a one-element tensor or array) is `masked_fill`, the
    /// mask over `x`'s leading dims broadcast over the trailing ones (`x[row_mask] = v`);
    /// any other is `index_put((key,), v)`. A new tensor; all or nothing.
    pub fn index_assign_tensor(
        &mut self,
        x: Handle,
        key: Handle,
        value: crate::session::Operand<B>,
    ) -> Result<Handle> {
        use crate::ops::compose::TensorOrNumber;
        use crate::session::Operand;
        self.check(&[x, key])?;
        let one = match &value {
            Operand::Number(v) => Some(TensorOrNumber::Number(*v)),
            Operand::Node(v) if B::numel(self.value(*v)?.get()) == 1 => {
                Some(TensorOrNumber::Tensor(*v))
            }
            Operand::Data(t) if B::numel(t) == 1 => Some(TensorOrNumber::Number(B::to_f64(t)?[0])),
            _ => None,
        };
        let mask = self.dtype_of(key)? == DType::Bool;
        self.all_or_nothing(move |s| match one {
            Some(v) if mask => {
                let (mut shape, rank) = (s.shape(key)?, s.shape(x)?.len());
                let key = if shape.len() < rank {
                    shape.resize(rank, 1); // bounded: the tensor's rank
                    s.record(Op::reshape(&shape), &[key])?
                } else {
                    key
                };
                let v = match v {
                    TensorOrNumber::Tensor(h) => {
                        TensorOrNumber::Tensor(s.record(Op::reshape(&[]), &[h])?)
                    }
                    number => number,
                };
                crate::ops::selections::masked_fill(s, x, key, v)
            }
            _ => s.index_put(x, vec![IndexItem::Tensor(key)], value, false),
        })
    }

    /// torch's `x[key] = v` for a key of ints, slices, `None`, `...` and lists (a tensor
    /// key is `index_put`/`masked_fill`, the caller's choice): the positions the key
    /// selects from an int64 `arange` of `x`'s elements (made on the device), `v` broadcast
    /// to them (a number in `x`'s dtype), written through `index_put` on the flattened `x`.
    /// The result is a new tensor of `x`'s shape; the gradient reaches `x` (zero where
    /// written) and `v`, as torch's. All or nothing.
    pub fn index_assign(
        &mut self,
        x: Handle,
        items: Vec<IndexItem<B>>,
        value: crate::session::Operand<B>,
    ) -> Result<Handle> {
        use crate::ops::arrange::Expand;
        use crate::session::factory::Factory;
        use crate::session::Operand;
        let shape = self.shape(x)?;
        let dtype = self.dtype_of(x)?;
        let n: i64 = shape.iter().product();
        self.all_or_nothing(move |s| {
            let positions = s.make(&Factory::arange(0.0, n as f64, 1.0, true)?, None, false)?;
            let positions = s.record(Op::reshape(&shape), &[positions])?;
            let selected = s.index(positions, items)?;
            let sel_shape = s.shape(selected)?;
            let values = match value {
                Operand::Number(v) => s.make(
                    &Factory::full(sel_shape.clone(), v, None)?,
                    Some(dtype),
                    false,
                )?,
                // torch writes a value in `x`'s dtype (`x[k] = v` of a float64 `v` into a
                // float32 `x`): converted first, the gradient passing back through
                Operand::Node(h) => s.to(h, Some(dtype), None, false)?,
                Operand::Data(t) => {
                    let leaf = s.literal(|s| s.input_owned_as(t, None, false))?;
                    if s.dtype_of(leaf)? == dtype {
                        leaf
                    } else {
                        let device = s.config().device;
                        s.record(Op::convert(dtype, device), &[leaf])?
                    }
                }
            };
            let values = if s.shape(values)? == sel_shape {
                values
            } else {
                s.record(Op::movement(Expand(sel_shape.clone().into())), &[values])?
            };
            let flat = s.record(Op::reshape(&[-1]), &[x])?;
            let index = s.record(Op::reshape(&[-1]), &[selected])?;
            let values = s.record(Op::reshape(&[-1]), &[values])?;
            let out = s.index_put(
                flat,
                vec![IndexItem::Tensor(index)],
                Operand::Node(values),
                false,
            )?;
            s.record(Op::reshape(&shape), &[out])
        })
    }
}

#[cfg(test)]
mod tests {
    use crate::backend::dynamic::Dyn;
    use crate::backend::Backend;
    use crate::ops::testing::{dt, session, values};
    use crate::session::Operand;

    #[test]
    fn a_row_mask_key_fills_whole_rows_and_an_index_key_puts_values() {
        // torch: x = arange(6.).reshape(2, 3); x[tensor([True, False])] = 7 -> rows; then
        // x[tensor([1])] = tensor([[1., 2., 3.]])
        let mut s = session();
        let x = s
            .input(&dt(&values(&[0., 1., 2., 3., 4., 5.], &[2, 3])), false)
            .unwrap();
        let rows = s
            .input_data(
                &dt(&tch::Tensor::from_slice(&[true, false])),
                crate::session::HostKind::Bool,
                None,
                None,
                None,
            )
            .unwrap();
        let y = s
            .index_assign_tensor(x, rows, Operand::Number(7.0))
            .unwrap();
        let got = Dyn::to_f64(s.value(y).unwrap().get()).unwrap();
        assert_eq!(got, vec![7., 7., 7., 3., 4., 5.]);
        let one = dt(&tch::Tensor::from_slice(&[1i64]));
        let int64 = crate::session::HostKind::Int64;
        let one = s.input_data(&one, int64, None, None, None).unwrap();
        let v = Operand::Data(dt(&values(&[1., 2., 3.], &[1, 3])));
        let z = s.index_assign_tensor(y, one, v).unwrap();
        let got = Dyn::to_f64(s.value(z).unwrap().get()).unwrap();
        assert_eq!(got, vec![7., 7., 7., 1., 2., 3.]);
    }
}
