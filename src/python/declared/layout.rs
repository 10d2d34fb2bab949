//! The declared argument types of shapes and dims: ints per spatial dim (`Ints`, `Stride`,
//! `Size`, `EachInt`, `EachFloat`), a convolution's padding, a shape, an attention mask,
//! the dims to reduce and a norm's order.

use pyo3::prelude::*;

use super::args::{bad_default, Arg, Lit, Name};
use crate::backend::dynamic::Dyn as Be;
use crate::error::{Error, Result};
use crate::ops::convolution::PaddingArg;
use crate::ops::interpolate::Each;
use crate::ops::reductions::{DimsOrFlag, NumberOrWord};
use crate::python::classes::PyTensor;
use crate::session::{Operand, Session};

/// An int or a sequence of `N` ints (torch's `_single`, `_pair`, `_triple`).
pub struct Ints<const N: usize>;

/// An int or `n` ints (one int in a sequence counts for all `n`, as torch's kernels take
/// it); a bool is not an int here.
fn ntuple(name: &str, v: &Bound<'_, PyAny>, n: usize) -> PyResult<Vec<i64>> {
    let bad = |got: String| {
        PyErr::from(Error::Argument(format!(
            "{name} must be an int or {n} ints, got {got}"
        )))
    };
    if v.is_instance_of::<pyo3::types::PyBool>() {
        return Err(bad(v.to_string()));
    }
    if let Ok(x) = v.extract::<i64>() {
        return Ok(vec![x; n]); // bounded: one per spatial dim
    }
    let xs: Vec<i64> = v.extract().map_err(|_| bad(v.to_string()))?;
    match xs.len() {
        1 => Ok(vec![xs[0]; n]), // bounded: one per spatial dim
        m if m == n => Ok(xs),
        _ => Err(bad(format!("{xs:?}"))),
    }
}

fn ints<const N: usize>(name: &str, v: &Bound<'_, PyAny>) -> PyResult<[i64; N]> {
    let xs = ntuple(name, v, N)?;
    let mut out = [0; N];
    out.copy_from_slice(&xs);
    Ok(out)
}

impl<const N: usize> Arg for Ints<N> {
    passed_on!([i64; N]);
    fn annotation() -> String {
        "int | Sequence[int]".into()
    }
    fn from_py(name: &Name, v: &Bound<'_, PyAny>, _: &PyTensor) -> PyResult<[i64; N]> {
        ints(name, v)
    }
    fn from_lit(name: &str, l: Lit) -> PyResult<[i64; N]> {
        match l {
            Lit::Int(x) => Ok([x; N]),
            _ => Err(bad_default(name, l)),
        }
    }
}

/// A pooling's stride: as [`Ints`], or `None` and `[]` for the kernel's size (torch's).
pub struct Stride<const N: usize>;

impl<const N: usize> Arg for Stride<N> {
    passed_on!(Option<[i64; N]>);
    fn annotation() -> String {
        "int | Sequence[int] | None".into()
    }
    fn from_py(name: &Name, v: &Bound<'_, PyAny>, _: &PyTensor) -> PyResult<Option<[i64; N]>> {
        if v.extract::<Vec<i64>>().is_ok_and(|xs| xs.is_empty()) {
            return Ok(None);
        }
        ints(name, v).map(Some)
    }
    fn from_lit(name: &str, l: Lit) -> PyResult<Option<[i64; N]>> {
        match l {
            Lit::None => Ok(None),
            Lit::Int(x) => Ok(Some([x; N])),
            _ => Err(bad_default(name, l)),
        }
    }
}

/// A convolution's `padding=`: an int, `N` ints, or a mode (`"same"`, `"valid"`).
pub struct ConvPadding<const N: usize>;

impl<const N: usize> Arg for ConvPadding<N> {
    passed_on!(PaddingArg<N>);
    fn annotation() -> String {
        "int | Sequence[int] | str".into()
    }
    fn from_py(name: &Name, v: &Bound<'_, PyAny>, _: &PyTensor) -> PyResult<PaddingArg<N>> {
        match v.extract::<String>() {
            Ok(mode) => Ok(PaddingArg::Mode(mode)),
            Err(_) => ints(name, v).map(PaddingArg::Ints),
        }
    }
    fn from_lit(name: &str, l: Lit) -> PyResult<PaddingArg<N>> {
        match l {
            Lit::Int(x) => Ok(PaddingArg::Ints([x; N])),
            Lit::Str(m) => Ok(PaddingArg::Mode(m.to_string())),
            _ => Err(bad_default(name, l)),
        }
    }
}

/// A shape: an int or a sequence of ints (`normalized_shape`).
pub struct Shape;

impl Arg for Shape {
    passed_on!(Vec<i64>);
    fn annotation() -> String {
        "int | Sequence[int]".into()
    }
    fn from_py(_: &Name, v: &Bound<'_, PyAny>, _: &PyTensor) -> PyResult<Vec<i64>> {
        if v.is_instance_of::<pyo3::types::PyInt>() {
            // (an int past 64 bits is Python's OverflowError)
            return Ok(vec![v.extract()?]);
        }
        if v.is_instance_of::<pyo3::types::PyTuple>() || v.is_instance_of::<pyo3::types::PyList>() {
            // the common case first: no failed int conversion (a Python exception) per call
            return v.extract();
        }
        match v.extract::<i64>() {
            Ok(n) => Ok(vec![n]),
            Err(_) => v.extract(),
        }
    }
    fn from_lit(name: &str, l: Lit) -> PyResult<Vec<i64>> {
        match l {
            Lit::Ints(v) => Ok(v.to_vec()),
            _ => Err(bad_default(name, l)),
        }
    }
}

/// An attention mask: a tensor, or array data (a bool mask stays bool data, an additive one
/// takes the session's dtype).
pub struct Mask;

impl Arg for Mask {
    type Prepared = Operand<Be>;
    type Core = crate::handles::Handle;
    fn annotation() -> String {
        "Tensor | ArrayLike".into()
    }
    fn from_py(_: &Name, m: &Bound<'_, PyAny>, input: &PyTensor) -> PyResult<Operand<Be>> {
        let py = m.py();
        if m.is_instance_of::<PyTensor>() {
            return input.operand(py, m);
        }
        let m = &if m.hasattr("dtype")? {
            m.clone()
        } else {
            py.import("numpy")?.call_method1("asarray", (m,))?
        };
        let is_bool = m
            .getattr("dtype")
            .and_then(|d| d.str().map(|s| s.to_string()))
            .is_ok_and(|d| d == "bool" || d == "torch.bool");
        if is_bool {
            input.index_operand(py, m)
        } else {
            input.operand(py, m)
        }
    }
    fn finish(p: Operand<Be>, s: &mut Session<Be>) -> Result<crate::handles::Handle> {
        s.operand_handle(p)
    }
}

/// Dims to reduce: `None` (all), an int, or a sequence of ints.
pub struct Dims;

impl Arg for Dims {
    passed_on!(Vec<i64>);
    fn annotation() -> String {
        "int | Sequence[int] | None".into()
    }
    fn from_py(_: &Name, v: &Bound<'_, PyAny>, _: &PyTensor) -> PyResult<Vec<i64>> {
        crate::python::tensor::dims(Some(v))
    }
    fn from_lit(name: &str, l: Lit) -> PyResult<Vec<i64>> {
        match l {
            Lit::None | Lit::Empty => Ok(vec![]),
            _ => Err(bad_default(name, l)),
        }
    }
}

/// `max`/`min`'s `dim`: an int, or a tensor (torch's elementwise overload, `max(input, other)`).
pub struct DimOrTensor;

/// [`DimOrTensor`] before the session's lock.
pub enum DimOrOperand {
    Dim(i64),
    Operand(Operand<Be>),
}

impl Arg for DimOrTensor {
    type Prepared = DimOrOperand;
    type Core = crate::ops::reductions::DimOrTensor;
    fn annotation() -> String {
        "int | Tensor".into()
    }
    fn from_py(_: &Name, v: &Bound<'_, PyAny>, input: &PyTensor) -> PyResult<DimOrOperand> {
        match v.cast::<PyTensor>() {
            Ok(_) => input.operand(v.py(), v).map(DimOrOperand::Operand),
            Err(_) => v.extract().map(DimOrOperand::Dim),
        }
    }
    fn finish(p: DimOrOperand, s: &mut Session<Be>) -> Result<Self::Core> {
        use crate::ops::reductions::DimOrTensor as D;
        Ok(match p {
            DimOrOperand::Dim(d) => D::Dim(d),
            DimOrOperand::Operand(o) => D::Tensor(s.operand_handle(o)?),
        })
    }
}

/// `var`/`std`'s `dim`: as [`Dims`], or a bool (torch's `x.var(True)`: `unbiased`).
pub struct DimsOrUnbiased;

impl Arg for DimsOrUnbiased {
    passed_on!(DimsOrFlag);
    fn annotation() -> String {
        "int | Sequence[int] | bool | None".into()
    }
    fn from_py(_: &Name, v: &Bound<'_, PyAny>, _: &PyTensor) -> PyResult<DimsOrFlag> {
        if v.is_instance_of::<pyo3::types::PyBool>() {
            return Ok(DimsOrFlag::Flag(v.extract()?));
        }
        crate::python::tensor::dims(Some(v)).map(DimsOrFlag::Dims)
    }
    fn from_lit(name: &str, l: Lit) -> PyResult<DimsOrFlag> {
        match l {
            Lit::None => Ok(DimsOrFlag::Dims(vec![])),
            _ => Err(bad_default(name, l)),
        }
    }
}

/// A norm's order: a number, `"fro"` or `"nuc"`.
pub struct NormOrder;

impl Arg for NormOrder {
    passed_on!(NumberOrWord);
    fn annotation() -> String {
        "float | str".into()
    }
    fn from_py(name: &Name, v: &Bound<'_, PyAny>, _: &PyTensor) -> PyResult<NumberOrWord> {
        if let Ok(w) = v.extract::<String>() {
            return Ok(NumberOrWord::Word(w));
        }
        v.extract::<f64>().map(NumberOrWord::Number).map_err(|_| {
            PyErr::from(Error::Argument(format!(
                "norm: {name} must be a number or \"fro\""
            )))
        })
    }
    fn from_lit(name: &str, l: Lit) -> PyResult<NumberOrWord> {
        match l {
            Lit::Str(w) => Ok(NumberOrWord::Word(w.to_string())),
            Lit::Float(x) => Ok(NumberOrWord::Number(x)),
            Lit::None => Ok(NumberOrWord::Word("fro".into())),
            _ => Err(bad_default(name, l)),
        }
    }
}

/// An adaptive pooling's output size: an int, or `N` ints or `None`s (`None` keeps the
/// input's size there).
pub struct Size<const N: usize>;

impl<const N: usize> Arg for Size<N> {
    passed_on!([Option<i64>; N]);
    fn annotation() -> String {
        "int | Sequence[int | None]".into()
    }
    fn from_py(name: &Name, v: &Bound<'_, PyAny>, _: &PyTensor) -> PyResult<[Option<i64>; N]> {
        if let Ok(x) = v.extract::<i64>() {
            return Ok([Some(x); N]);
        }
        v.extract::<Vec<Option<i64>>>()
            .ok()
            .and_then(|xs| <[Option<i64>; N]>::try_from(xs).ok())
            .ok_or_else(|| {
                PyErr::from(Error::Argument(format!(
                    "{name} must be an int or {N} ints or Nones, got {v}"
                )))
            })
    }
}

/// An int for every spatial dim, or a sequence of ints (one per dim): `interpolate`'s `size`.
pub struct EachInt;

impl Arg for EachInt {
    passed_on!(Each<i64>);
    fn annotation() -> String {
        "int | Sequence[int]".into()
    }
    fn from_py(_: &Name, v: &Bound<'_, PyAny>, _: &PyTensor) -> PyResult<Each<i64>> {
        match v.extract::<i64>() {
            Ok(n) => Ok(Each::One(n)),
            Err(_) => v.extract().map(Each::Many),
        }
    }
}

/// A float for every spatial dim, or a sequence of floats: `interpolate`'s `scale_factor`.
pub struct EachFloat;

impl Arg for EachFloat {
    passed_on!(Each<f64>);
    fn annotation() -> String {
        "float | Sequence[float]".into()
    }
    fn from_py(_: &Name, v: &Bound<'_, PyAny>, _: &PyTensor) -> PyResult<Each<f64>> {
        match v.extract::<f64>() {
            Ok(x) => Ok(Each::One(x)),
            Err(_) => v.extract().map(Each::Many),
        }
    }
}

/// `split`'s `split_size_or_sections`: an int (pieces of that size) or a sequence of ints
/// (the pieces' sizes).
pub struct SplitSize;

impl Arg for SplitSize {
    passed_on!(crate::ops::split::Split);
    fn annotation() -> String {
        "int | Sequence[int]".into()
    }
    fn from_py(_: &Name, v: &Bound<'_, PyAny>, _: &PyTensor) -> PyResult<Self::Core> {
        use crate::ops::split::Split;
        match v.extract::<i64>() {
            Ok(size) => Ok(Split::Size(size)),
            Err(_) => Ok(Split::Sections(v.extract()?)),
        }
    }
}

/// `tensor_split`'s `indices_or_sections`: an int (that many pieces), a sequence of ints
/// (the indices), or an integer tensor of either (0-d: sections; 1-d: indices; its values
/// read back).
pub struct IndicesOrSections;

impl Arg for IndicesOrSections {
    passed_on!(crate::ops::split::Split);
    fn annotation() -> String {
        "int | Sequence[int] | Tensor".into()
    }
    fn from_py(name: &Name, v: &Bound<'_, PyAny>, input: &PyTensor) -> PyResult<Self::Core> {
        use crate::backend::Backend;
        use crate::ops::split::Split;
        if let Ok(t) = v.cast::<PyTensor>() {
            let value = t.get().value(v.py())?;
            let (shape, dtype) = (Be::shape(value.get()), Be::dtype(value.get()));
            if !matches!(
                dtype,
                crate::config::DType::Int64 | crate::config::DType::Int32
            ) || shape.len() > 1
            {
                return Err(Error::Argument(format!(
                    "{}: tensor_indices_or_sections must be a zero-dimensional or \
                     one-dimensional integer tensor, got {dtype} of {} dims",
                    name.op,
                    shape.len()
                ))
                .into());
            }
            let values: Vec<i64> = Be::to_f64(value.get())?
                .into_iter()
                .map(|x| x as i64)
                .collect();
            return Ok(match shape.len() {
                0 => Split::Size(values[0]),
                _ => Split::Sections(values),
            });
        }
        SplitSize::from_py(name, v, input)
    }
}

/// Sequence lengths (`ctc_loss`'s): a tensor (its values read back), a sequence of ints or
/// one int.
pub struct Lengths;

impl Arg for Lengths {
    passed_on!(Vec<i64>);
    fn annotation() -> String {
        "Tensor | Sequence[int] | int".into()
    }
    fn from_py(name: &Name, v: &Bound<'_, PyAny>, _: &PyTensor) -> PyResult<Vec<i64>> {
        use crate::backend::Backend;
        if let Ok(t) = v.cast::<PyTensor>() {
            let value = t.get().value(v.py())?;
            let values = Be::to_f64(value.get())?;
            return Ok(values.into_iter().map(|x| x as i64).collect());
        }
        if let Ok(n) = v.extract::<i64>() {
            return Ok(vec![n]);
        }
        v.extract::<Vec<i64>>().map_err(|_| {
            PyErr::from(Error::Argument(format!(
                "{}: lengths must be a tensor or a sequence of ints",
                name.op
            )))
        })
    }
}

/// `tensordot`'s `dims`: an int (not a bool), or a pair of dims or dim lists.
pub struct Contract;

impl Arg for Contract {
    passed_on!(crate::ops::derived::Contract);
    fn annotation() -> String {
        "int | Sequence[int | Sequence[int]]".into()
    }
    fn from_py(name: &Name, v: &Bound<'_, PyAny>, _: &PyTensor) -> PyResult<Self::Core> {
        use crate::ops::derived::Contract as C;
        let list = |x: Bound<'_, PyAny>| match x.extract::<i64>() {
            Ok(d) => Ok(vec![d]),
            Err(_) => x.extract::<Vec<i64>>(),
        };
        let pair = || -> PyResult<C> {
            let (a, b): (Bound<'_, PyAny>, Bound<'_, PyAny>) = v.extract()?;
            Ok(C::Dims(list(a)?, list(b)?))
        };
        // (a bool is an int to Python, but no count of dims here)
        let parsed = match v.extract::<i64>() {
            _ if v.is_instance_of::<pyo3::types::PyBool>() => None,
            Ok(n) => Some(C::Count(n)),
            Err(_) => pair().ok(),
        };
        parsed.ok_or_else(|| {
            PyErr::from(Error::Argument(format!(
                "{}: {name} must be an int or a pair of dim lists, got {}",
                name.op,
                v.repr().map(|r| r.to_string()).unwrap_or_default()
            )))
        })
    }
    fn from_lit(name: &str, l: Lit) -> PyResult<Self::Core> {
        match l {
            Lit::Int(n) => Ok(crate::ops::derived::Contract::Count(n)),
            _ => Err(bad_default(name, l)),
        }
    }
}

/// `quantile`'s `q`: a number, a sequence of numbers, or a tensor (read by the core).
pub struct Levels;

impl Arg for Levels {
    passed_on!(crate::ops::derive::Levels);
    fn annotation() -> String {
        "Tensor | float | Sequence[float]".into()
    }
    fn from_py(_: &Name, v: &Bound<'_, PyAny>, _: &PyTensor) -> PyResult<Self::Core> {
        use crate::ops::derive::Levels as L;
        if let Ok(t) = v.cast::<PyTensor>() {
            return Ok(L::Tensor(t.get().handle()));
        }
        match v.extract::<f64>() {
            Ok(q) => Ok(L::Numbers(vec![q], false)),
            Err(_) => Ok(L::Numbers(v.extract()?, true)),
        }
    }
}

/// The shape of another tensor or array (`view_as`'s `other`: anything with a `shape`).
pub struct ShapeOf;

impl Arg for ShapeOf {
    passed_on!(Vec<i64>);
    fn annotation() -> String {
        "Tensor | ArrayLike".into()
    }
    fn from_py(_: &Name, v: &Bound<'_, PyAny>, _: &PyTensor) -> PyResult<Vec<i64>> {
        v.getattr(pyo3::intern!(v.py(), "shape"))?.extract()
    }
}
