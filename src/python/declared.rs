//! Python functions generated from the ops' declarations.
//!
//! An op family that declares its `torch.nn.functional` forms (a `functions!` macro beside
//! its units, e.g. `ops::pool1d::functions`) lists each function once: its docstring, its
//! torch signature (required arguments, then `;`, then the optional ones with torch's
//! defaults as Python spells them) and the core function that computes it. [`py_functions`]
//! turns each entry into a `#[pyfunction]` (the signature PyO3 checks, the text signature
//! `inspect` shows, the docstring) that converts the arguments by their declared types
//! ([`Arg`]), records the core function on the input's session all or nothing, and names the
//! result (one `Tensor`, or what the entry's `-> ...` declares: [`Ret`]). `_core._DECLARED`
//! lists every generated function with its parameters' annotations and defaults and its
//! result's annotation, which `tools/gen-stubs` writes into `_core.pyi`.

use std::sync::Arc;

use pyo3::prelude::*;
use pyo3::types::PyTuple;

use super::classes::{name, PyTensor, SessionCell};
use crate::backend::dynamic::Dyn as Be;
use crate::error::{Error, Result};
use crate::handles::NameSlot;
use crate::ops::convolution::PaddingArg;
use crate::ops::interpolate::Each;
use crate::ops::reductions::{DimsOrFlag, NumberOrWord};
use crate::session::{Operand, Session};

/// A declared default, as the declaration spells it (Python's literals).
#[derive(Debug, Clone, Copy)]
pub enum Lit {
    None,
    Bool(bool),
    Int(i64),
    Float(f64),
    Str(&'static str),
    /// `()`: an empty tuple (`amax`'s `dim`).
    Empty,
}

impl From<i32> for Lit {
    fn from(v: i32) -> Self {
        Lit::Int(v.into())
    }
}

impl From<f64> for Lit {
    fn from(v: f64) -> Self {
        Lit::Float(v)
    }
}

impl From<&'static str> for Lit {
    fn from(v: &'static str) -> Self {
        Lit::Str(v)
    }
}

macro_rules! lit {
    (None) => {
        $crate::python::declared::Lit::None
    };
    (False) => {
        $crate::python::declared::Lit::Bool(false)
    };
    (True) => {
        $crate::python::declared::Lit::Bool(true)
    };
    (()) => {
        $crate::python::declared::Lit::Empty
    };
    ($x:literal) => {
        $crate::python::declared::Lit::from($x)
    };
    ((- $x:literal)) => {
        $crate::python::declared::Lit::from(-$x)
    };
}

/// A declared argument type: how a Python value (or the declared default) becomes the value
/// the core function takes. `Prepared` is made with the GIL held (data converted to the
/// session's dtype); `Core` inside the session's lock.
pub trait Arg {
    type Prepared: Send;
    type Core;
    /// Whether a function's first argument of this type must itself be a tensor (its
    /// session's anchor); where not (a number on either side of `et.add`), the first
    /// required argument that is one anchors the call.
    const ANCHOR: bool = false;
    /// The annotation in `_core.pyi`.
    fn annotation() -> String;
    fn from_py(name: &Name, v: &Bound<'_, PyAny>, input: &PyTensor) -> PyResult<Self::Prepared>;
    fn from_lit(name: &str, l: Lit) -> PyResult<Self::Prepared>;
    fn finish(p: Self::Prepared, s: &mut Session<Be>) -> Result<Self::Core>;
}

/// The argument a converter reads: its name (what `{name}` prints) and its function's, for
/// messages that name both, as torch's (`eq(): other must be ...`).
pub struct Name {
    pub op: &'static str,
    pub arg: &'static str,
}

impl std::ops::Deref for Name {
    type Target = str;
    fn deref(&self) -> &str {
        self.arg
    }
}

impl std::fmt::Display for Name {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.arg)
    }
}

/// A declared default that does not fit its argument's type: a wrong declaration.
fn bad_default(name: &str, l: Lit) -> PyErr {
    PyErr::from(Error::Argument(format!(
        "{name}: the declared default {l:?} does not fit its type"
    )))
}

/// A tensor, a Parameter or array data (a constant in the session's dtype).
pub struct Tensor;

impl Arg for Tensor {
    type Prepared = Operand<Be>;
    type Core = crate::handles::Handle;
    const ANCHOR: bool = true;
    fn annotation() -> String {
        "Tensor | ArrayLike".into()
    }
    fn from_py(_: &Name, v: &Bound<'_, PyAny>, input: &PyTensor) -> PyResult<Operand<Be>> {
        input.operand(v.py(), v)
    }
    fn from_lit(name: &str, l: Lit) -> PyResult<Operand<Be>> {
        Err(bad_default(name, l))
    }
    fn finish(p: Operand<Be>, s: &mut Session<Be>) -> Result<crate::handles::Handle> {
        s.operand_handle(p)
    }
}

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
    type Prepared = [i64; N];
    type Core = [i64; N];
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
    fn finish(p: [i64; N], _: &mut Session<Be>) -> Result<[i64; N]> {
        Ok(p)
    }
}

/// A pooling's stride: as [`Ints`], or `None` and `[]` for the kernel's size (torch's).
pub struct Stride<const N: usize>;

impl<const N: usize> Arg for Stride<N> {
    type Prepared = Option<[i64; N]>;
    type Core = Option<[i64; N]>;
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
    fn finish(p: Option<[i64; N]>, _: &mut Session<Be>) -> Result<Option<[i64; N]>> {
        Ok(p)
    }
}

impl Arg for bool {
    type Prepared = bool;
    type Core = bool;
    fn annotation() -> String {
        "bool".into()
    }
    fn from_py(_: &Name, v: &Bound<'_, PyAny>, _: &PyTensor) -> PyResult<bool> {
        v.extract()
    }
    fn from_lit(name: &str, l: Lit) -> PyResult<bool> {
        match l {
            Lit::Bool(b) => Ok(b),
            _ => Err(bad_default(name, l)),
        }
    }
    fn finish(p: bool, _: &mut Session<Be>) -> Result<bool> {
        Ok(p)
    }
}

impl Arg for f64 {
    type Prepared = f64;
    type Core = f64;
    fn annotation() -> String {
        "float".into()
    }
    fn from_py(_: &Name, v: &Bound<'_, PyAny>, _: &PyTensor) -> PyResult<f64> {
        v.extract()
    }
    fn from_lit(name: &str, l: Lit) -> PyResult<f64> {
        match l {
            Lit::Float(x) => Ok(x),
            Lit::Int(x) => Ok(x as f64),
            _ => Err(bad_default(name, l)),
        }
    }
    fn finish(p: f64, _: &mut Session<Be>) -> Result<f64> {
        Ok(p)
    }
}

impl Arg for i64 {
    type Prepared = i64;
    type Core = i64;
    fn annotation() -> String {
        "int".into()
    }
    fn from_py(_: &Name, v: &Bound<'_, PyAny>, _: &PyTensor) -> PyResult<i64> {
        v.extract()
    }
    fn from_lit(name: &str, l: Lit) -> PyResult<i64> {
        match l {
            Lit::Int(x) => Ok(x),
            _ => Err(bad_default(name, l)),
        }
    }
    fn finish(p: i64, _: &mut Session<Be>) -> Result<i64> {
        Ok(p)
    }
}

/// A string (a mode, a reduction).
pub struct Str;

impl Arg for Str {
    type Prepared = String;
    type Core = String;
    fn annotation() -> String {
        "str".into()
    }
    fn from_py(_: &Name, v: &Bound<'_, PyAny>, _: &PyTensor) -> PyResult<String> {
        v.extract()
    }
    fn from_lit(name: &str, l: Lit) -> PyResult<String> {
        match l {
            Lit::Str(x) => Ok(x.to_string()),
            _ => Err(bad_default(name, l)),
        }
    }
    fn finish(p: String, _: &mut Session<Be>) -> Result<String> {
        Ok(p)
    }
}

/// A convolution's `padding=`: an int, `N` ints, or a mode (`"same"`, `"valid"`).
pub struct ConvPadding<const N: usize>;

impl<const N: usize> Arg for ConvPadding<N> {
    type Prepared = PaddingArg<N>;
    type Core = PaddingArg<N>;
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
    fn finish(p: PaddingArg<N>, _: &mut Session<Be>) -> Result<PaddingArg<N>> {
        Ok(p)
    }
}

/// A shape: an int or a sequence of ints (`normalized_shape`).
pub struct Shape;

impl Arg for Shape {
    type Prepared = Vec<i64>;
    type Core = Vec<i64>;
    fn annotation() -> String {
        "int | Sequence[int]".into()
    }
    fn from_py(_: &Name, v: &Bound<'_, PyAny>, _: &PyTensor) -> PyResult<Vec<i64>> {
        match v.extract::<i64>() {
            Ok(n) => Ok(vec![n]),
            Err(_) => v.extract(),
        }
    }
    fn from_lit(name: &str, l: Lit) -> PyResult<Vec<i64>> {
        Err(bad_default(name, l))
    }
    fn finish(p: Vec<i64>, _: &mut Session<Be>) -> Result<Vec<i64>> {
        Ok(p)
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
    fn from_lit(name: &str, l: Lit) -> PyResult<Operand<Be>> {
        Err(bad_default(name, l))
    }
    fn finish(p: Operand<Be>, s: &mut Session<Be>) -> Result<crate::handles::Handle> {
        s.operand_handle(p)
    }
}

/// Dims to reduce: `None` (all), an int, or a sequence of ints.
pub struct Dims;

impl Arg for Dims {
    type Prepared = Vec<i64>;
    type Core = Vec<i64>;
    fn annotation() -> String {
        "int | Sequence[int] | None".into()
    }
    fn from_py(_: &Name, v: &Bound<'_, PyAny>, _: &PyTensor) -> PyResult<Vec<i64>> {
        super::tensor::dims(Some(v))
    }
    fn from_lit(name: &str, l: Lit) -> PyResult<Vec<i64>> {
        match l {
            Lit::None | Lit::Empty => Ok(vec![]),
            _ => Err(bad_default(name, l)),
        }
    }
    fn finish(p: Vec<i64>, _: &mut Session<Be>) -> Result<Vec<i64>> {
        Ok(p)
    }
}

/// `var`/`std`'s `dim`: as [`Dims`], or a bool (torch's `x.var(True)`: `unbiased`).
pub struct DimsOrUnbiased;

impl Arg for DimsOrUnbiased {
    type Prepared = DimsOrFlag;
    type Core = DimsOrFlag;
    fn annotation() -> String {
        "int | Sequence[int] | bool | None".into()
    }
    fn from_py(_: &Name, v: &Bound<'_, PyAny>, _: &PyTensor) -> PyResult<DimsOrFlag> {
        if v.is_instance_of::<pyo3::types::PyBool>() {
            return Ok(DimsOrFlag::Flag(v.extract()?));
        }
        super::tensor::dims(Some(v)).map(DimsOrFlag::Dims)
    }
    fn from_lit(name: &str, l: Lit) -> PyResult<DimsOrFlag> {
        match l {
            Lit::None => Ok(DimsOrFlag::Dims(vec![])),
            _ => Err(bad_default(name, l)),
        }
    }
    fn finish(p: DimsOrFlag, _: &mut Session<Be>) -> Result<DimsOrFlag> {
        Ok(p)
    }
}

/// A norm's order: a number, `"fro"` or `"nuc"`.
pub struct NormOrder;

impl Arg for NormOrder {
    type Prepared = NumberOrWord;
    type Core = NumberOrWord;
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
    fn finish(p: NumberOrWord, _: &mut Session<Be>) -> Result<NumberOrWord> {
        Ok(p)
    }
}

/// A tensor operand, or a Python number (not a bool): a value an op writes.
pub struct TensorOrNumber;

/// [`TensorOrNumber`] before the session's lock.
pub enum Given {
    Number(f64),
    Operand(Operand<Be>),
}

impl Arg for TensorOrNumber {
    type Prepared = Given;
    type Core = crate::ops::compose::TensorOrNumber;
    fn annotation() -> String {
        "Tensor | ArrayLike | float".into()
    }
    fn from_py(name: &Name, v: &Bound<'_, PyAny>, input: &PyTensor) -> PyResult<Given> {
        super::tensor::argument_or_type_error(v, name.op, name.arg)?;
        match super::tensor_index::number(v) {
            Some(x) => Ok(Given::Number(x)),
            None => input.operand(v.py(), v).map(Given::Operand),
        }
    }
    fn from_lit(name: &str, l: Lit) -> PyResult<Given> {
        match l {
            Lit::Float(x) => Ok(Given::Number(x)),
            Lit::Int(x) => Ok(Given::Number(x as f64)),
            _ => Err(bad_default(name, l)),
        }
    }
    fn finish(p: Given, s: &mut Session<Be>) -> Result<Self::Core> {
        use crate::ops::compose::TensorOrNumber as T;
        Ok(match p {
            Given::Number(x) => T::Number(x),
            Given::Operand(o) => T::Tensor(s.operand_handle(o)?),
        })
    }
}

/// torch's `out_dtype=`, which only `None` passes: the result has the operands' dtype.
pub struct NoDtype;

impl Arg for NoDtype {
    type Prepared = ();
    type Core = ();
    fn annotation() -> String {
        "None".into()
    }
    fn from_py(name: &Name, _: &Bound<'_, PyAny>, _: &PyTensor) -> PyResult<()> {
        Err(PyErr::from(Error::Argument(format!(
            "{name} is not supported (the result has the operands' dtype)"
        ))))
    }
    fn from_lit(name: &str, l: Lit) -> PyResult<()> {
        match l {
            Lit::None => Ok(()),
            _ => Err(bad_default(name, l)),
        }
    }
    fn finish(_: (), _: &mut Session<Be>) -> Result<()> {
        Ok(())
    }
}

/// Class ids or other index data: an int tensor, or host data kept exact (int64) on the
/// input's device.
pub struct Index;

impl Arg for Index {
    type Prepared = Operand<Be>;
    type Core = crate::handles::Handle;
    fn annotation() -> String {
        "Tensor | ArrayLike".into()
    }
    fn from_py(_: &Name, v: &Bound<'_, PyAny>, input: &PyTensor) -> PyResult<Operand<Be>> {
        input.index_operand(v.py(), v)
    }
    fn from_lit(name: &str, l: Lit) -> PyResult<Operand<Be>> {
        Err(bad_default(name, l))
    }
    fn finish(p: Operand<Be>, s: &mut Session<Be>) -> Result<crate::handles::Handle> {
        s.operand_handle(p)
    }
}

/// torch's `out=`, which only `None` passes: a tensor here is a value, never written into.
pub struct NoOut;

impl Arg for NoOut {
    type Prepared = ();
    type Core = ();
    fn annotation() -> String {
        "None".into()
    }
    fn from_py(name: &Name, _: &Bound<'_, PyAny>, _: &PyTensor) -> PyResult<()> {
        Err(PyErr::from(Error::Argument(format!(
            "{name}= is not supported (tensors are immutable values)"
        ))))
    }
    fn from_lit(name: &str, l: Lit) -> PyResult<()> {
        match l {
            Lit::None => Ok(()),
            _ => Err(bad_default(name, l)),
        }
    }
    fn finish(_: (), _: &mut Session<Be>) -> Result<()> {
        Ok(())
    }
}

/// `None`, or a value of `T` (an optional weight, a divisor).
impl<T: Arg> Arg for Option<T> {
    type Prepared = Option<T::Prepared>;
    type Core = Option<T::Core>;
    fn annotation() -> String {
        format!("{} | None", T::annotation())
    }
    /// Python's `None` is `None` here too (a required optional argument, as torch's
    /// `in_proj_bias`, is given it explicitly).
    fn from_py(name: &Name, v: &Bound<'_, PyAny>, input: &PyTensor) -> PyResult<Self::Prepared> {
        if v.is_none() {
            return Ok(None);
        }
        T::from_py(name, v, input).map(Some)
    }
    fn from_lit(name: &str, l: Lit) -> PyResult<Self::Prepared> {
        match l {
            Lit::None => Ok(None),
            l => T::from_lit(name, l).map(Some),
        }
    }
    fn finish(p: Self::Prepared, s: &mut Session<Be>) -> Result<Self::Core> {
        p.map(|v| T::finish(v, s)).transpose()
    }
}

/// An adaptive pooling's output size: an int, or `N` ints or `None`s (`None` keeps the
/// input's size there).
pub struct Size<const N: usize>;

impl<const N: usize> Arg for Size<N> {
    type Prepared = [Option<i64>; N];
    type Core = [Option<i64>; N];
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
    fn from_lit(name: &str, l: Lit) -> PyResult<[Option<i64>; N]> {
        Err(bad_default(name, l))
    }
    fn finish(p: [Option<i64>; N], _: &mut Session<Be>) -> Result<[Option<i64>; N]> {
        Ok(p)
    }
}

/// An int for every spatial dim, or a sequence of ints (one per dim): `interpolate`'s `size`.
pub struct EachInt;

impl Arg for EachInt {
    type Prepared = Each<i64>;
    type Core = Each<i64>;
    fn annotation() -> String {
        "int | Sequence[int]".into()
    }
    fn from_py(_: &Name, v: &Bound<'_, PyAny>, _: &PyTensor) -> PyResult<Each<i64>> {
        match v.extract::<i64>() {
            Ok(n) => Ok(Each::One(n)),
            Err(_) => v.extract().map(Each::Many),
        }
    }
    fn from_lit(name: &str, l: Lit) -> PyResult<Each<i64>> {
        Err(bad_default(name, l))
    }
    fn finish(p: Each<i64>, _: &mut Session<Be>) -> Result<Each<i64>> {
        Ok(p)
    }
}

/// A float for every spatial dim, or a sequence of floats: `interpolate`'s `scale_factor`.
pub struct EachFloat;

impl Arg for EachFloat {
    type Prepared = Each<f64>;
    type Core = Each<f64>;
    fn annotation() -> String {
        "float | Sequence[float]".into()
    }
    fn from_py(_: &Name, v: &Bound<'_, PyAny>, _: &PyTensor) -> PyResult<Each<f64>> {
        match v.extract::<f64>() {
            Ok(x) => Ok(Each::One(x)),
            Err(_) => v.extract().map(Each::Many),
        }
    }
    fn from_lit(name: &str, l: Lit) -> PyResult<Each<f64>> {
        Err(bad_default(name, l))
    }
    fn finish(p: Each<f64>, _: &mut Session<Be>) -> Result<Each<f64>> {
        Ok(p)
    }
}

/// A declared result type: how the core function's result becomes Python values. A
/// declaration without `-> ...` returns [`Tensor`] (the core returns one handle); `-> (Tensor,
/// Option<Tensor>)` a pair, and so on: handles are named inside the session's lock (all of
/// them before the tape may be compacted), then wrapped as Python `Tensor`s.
pub trait Ret {
    /// What the core function returns.
    type Core;
    /// The core's result with every handle named.
    type Named: Send;
    /// The Python value.
    type Py: for<'py> IntoPyObject<'py>;
    /// The annotation in `_core.pyi`.
    fn annotation() -> String;
    fn name(s: &mut Session<Be>, core: Self::Core) -> Self::Named;
    fn to_py(named: Self::Named, cell: &Arc<SessionCell>) -> Self::Py;
}

/// The declared result type: `R`, or [`Tensor`] where the declaration names none.
pub type Returns<R = Tensor> = R;

impl Ret for Tensor {
    type Core = crate::handles::Handle;
    type Named = Arc<NameSlot>;
    type Py = PyTensor;
    fn annotation() -> String {
        "Tensor".into()
    }
    fn name(s: &mut Session<Be>, core: Self::Core) -> Arc<NameSlot> {
        name(s, core)
    }
    fn to_py(named: Arc<NameSlot>, cell: &Arc<SessionCell>) -> PyTensor {
        PyTensor::named(cell, named)
    }
}

impl<T: Ret> Ret for Option<T> {
    type Core = Option<T::Core>;
    type Named = Option<T::Named>;
    type Py = Option<T::Py>;
    fn annotation() -> String {
        format!("{} | None", T::annotation())
    }
    fn name(s: &mut Session<Be>, core: Self::Core) -> Self::Named {
        core.map(|c| T::name(s, c))
    }
    fn to_py(named: Self::Named, cell: &Arc<SessionCell>) -> Self::Py {
        named.map(|n| T::to_py(n, cell))
    }
}

impl<A: Ret, B: Ret> Ret for (A, B) {
    type Core = (A::Core, B::Core);
    type Named = (A::Named, B::Named);
    type Py = (A::Py, B::Py);
    fn annotation() -> String {
        format!("tuple[{}, {}]", A::annotation(), B::annotation())
    }
    fn name(s: &mut Session<Be>, (a, b): Self::Core) -> Self::Named {
        (A::name(s, a), B::name(s, b))
    }
    fn to_py((a, b): Self::Named, cell: &Arc<SessionCell>) -> Self::Py {
        (A::to_py(a, cell), B::to_py(b, cell))
    }
}

/// One generated function's entry of `_core._DECLARED`: its name, its parameters' names,
/// annotations and declared defaults (`None` where required; a keyword-only block starts
/// with the entry `("*", "", None)`), and its result's annotation.
pub type Entry = (
    &'static str,
    Vec<(&'static str, String, Option<&'static str>)>,
    String,
);

/// The tensor whose session records a declared call of `op`: its input where its type says
/// so ([`Arg::ANCHOR`]), else the first of `args` that is a tensor; a `TypeError` as torch's
/// where there is none.
pub fn anchor<'a, 'py>(
    op: &str,
    input_anchors: bool,
    args: &[&'a Bound<'py, PyAny>],
) -> PyResult<&'a Bound<'py, PyTensor>> {
    let candidates = if input_anchors { &args[..1] } else { args };
    candidates
        .iter()
        .find_map(|a| a.cast::<PyTensor>().ok())
        .ok_or_else(|| {
            let got: Vec<String> = args
                .iter()
                .map(|a| {
                    a.get_type()
                        .name()
                        .map_or_else(|_| "?".into(), |n| n.to_string())
                })
                .collect();
            pyo3::exceptions::PyTypeError::new_err(format!(
                "{op}(): expected a tensor {}, got {}",
                if input_anchors { "input" } else { "operand" },
                got.join(", ")
            ))
        })
}

/// An entry's Python name: its own, or the one after `as` (where the Rust name would shadow
/// one in scope: `std`).
macro_rules! py_name {
    ($name:ident) => {
        stringify!($name)
    };
    ($name:ident, $py:literal) => {
        $py
    };
}

/// The `#[pyfunction]`s of a `functions!` declaration, and `register`, which adds them to
/// the module and their entries to `_core._DECLARED`. An entry's arguments: the input, the
/// other required ones, `;`, the optional ones with their defaults, and optionally `;` and
/// the keyword-only ones; then optionally `-> R`, the result's [`Ret`] type (one `Tensor`
/// where none is given).
macro_rules! py_functions {
    ($(
        $(#[doc = $doc:literal])*
        fn $name:ident($input:ident: $ity:ty $(, $req:ident: $rty:ty)*;
            $($opt:ident: $oty:ty = $default:tt),*
            $(; $($kw:ident: $kty:ty = $kdef:tt),*)? $(,)?) $(-> $ret:ty)?
            = $core:path $(as $pyname:literal)? $(, in_place $inplace:ident)?;
    )*) => {
        use pyo3::prelude::*;
        use $crate::python::classes::{lock, named_all};
        use $crate::python::declared::*;
        $(
            #[pyfunction]
            #[pyo3(
                signature = ($input, $($req,)* $($opt = None,)* $(*, $($kw = None),*)?),
                text_signature = None $(, name = $pyname)?
            )]
            #[doc = concat!(
                py_name!($name $(, $pyname)?), "(", stringify!($input)
                $(, ", ", stringify!($req))*
                $(, ", ", stringify!($opt), "=", stringify!($default))*
                $(, ", *" $(, ", ", stringify!($kw), "=", stringify!($kdef))*)?,
                ")\n--\n"
            )]
            $(#[doc = $doc])*
            #[allow(clippy::too_many_arguments)]
            pub fn $name<'py>(
                py: Python<'py>,
                $input: &Bound<'py, PyAny>,
                $($req: &Bound<'py, PyAny>,)*
                $($opt: Option<&Bound<'py, PyAny>>,)*
                $($($kw: Option<&Bound<'py, PyAny>>,)*)?
            ) -> PyResult<<Returns<$($ret)?> as Ret>::Py> {
                const OP: &str = py_name!($name $(, $pyname)?);
                let t = anchor(OP, <$ity as Arg>::ANCHOR, &[$input $(, $req)*])?.get();
                let $input = <$ity as Arg>::from_py(&Name { op: OP, arg: stringify!($input) }, $input, t)?;
                $(let $req = <$rty as Arg>::from_py(&Name { op: OP, arg: stringify!($req) }, $req, t)?;)*
                $(let $opt = match $opt {
                    Some(v) => <$oty as Arg>::from_py(&Name { op: OP, arg: stringify!($opt) }, v, t)?,
                    None => <$oty as Arg>::from_lit(stringify!($opt), lit!($default))?,
                };)*
                $($(let $kw = match $kw {
                    Some(v) => <$kty as Arg>::from_py(&Name { op: OP, arg: stringify!($kw) }, v, t)?,
                    None => <$kty as Arg>::from_lit(stringify!($kw), lit!($kdef))?,
                };)*)?
                let cell = t.cell()?;
                let named = py.detach(|| {
                    named_all(&mut lock(&cell), |s| {
                        s.all_or_nothing(|s| {
                            let $input = <$ity as Arg>::finish($input, s)?;
                            $(let $req = <$rty as Arg>::finish($req, s)?;)*
                            $(let $opt = <$oty as Arg>::finish($opt, s)?;)*
                            $($(let $kw = <$kty as Arg>::finish($kw, s)?;)*)?
                            let r: &mut dyn $crate::ops::compose::Recorder<_> = s;
                            $core(r, $input, $($req,)* $($opt,)* $($($kw,)*)?)
                        })
                    }, <Returns<$($ret)?> as Ret>::name)
                })?;
                Ok(<Returns<$($ret)?> as Ret>::to_py(named, &cell))
            }
        )*

        pub fn register(m: &Bound<'_, PyModule>, entries: &mut Vec<Entry>) -> PyResult<()> {
            $(
                m.add_function(wrap_pyfunction!($name, m)?)?;
                entries.push((py_name!($name $(, $pyname)?), vec![
                    (stringify!($input), if <$ity as Arg>::ANCHOR { "Tensor".to_string() } else { <$ity as Arg>::annotation() }, None),
                    $((stringify!($req), <$rty as Arg>::annotation(), None),)*
                    $((stringify!($opt), <$oty as Arg>::annotation(), Some(stringify!($default))),)*
                    $(("*", String::new(), None),
                      $((stringify!($kw), <$kty as Arg>::annotation(), Some(stringify!($kdef))),)*)?
                ], <Returns<$($ret)?> as Ret>::annotation()));
            )*
            Ok(())
        }
    };
}

/// As [`py_functions`], and each function's `Tensor` method too (the input is `self`), with
/// the same signature and docstring; `METHODS` names them for `_core._DECLARED_METHODS`.
macro_rules! py_functions_and_methods {
    ($($t:tt)*) => {
        py_functions! { $($t)* }
        py_tensor_methods! { $($t)* }
    };
}

macro_rules! py_tensor_methods {
    ($(
        $(#[doc = $doc:literal])*
        fn $name:ident($input:ident: $ity:ty $(, $req:ident: $rty:ty)*;
            $($opt:ident: $oty:ty = $default:tt),*
            $(; $($kw:ident: $kty:ty = $kdef:tt),*)? $(,)?) $(-> $ret:ty)?
            = $core:path $(as $pyname:literal)? $(, in_place $inplace:ident)?;
    )*) => {
        $(
            #[pymethods]
            impl $crate::python::classes::PyTensor {
                #[pyo3(
                    signature = ($($req,)* $($opt = None,)* $(*, $($kw = None),*)?),
                    text_signature = None $(, name = $pyname)?
                )]
                #[doc = concat!(
                    py_name!($name $(, $pyname)?), "($self"
                    $(, ", ", stringify!($req))*
                    $(, ", ", stringify!($opt), "=", stringify!($default))*
                    $(, ", *" $(, ", ", stringify!($kw), "=", stringify!($kdef))*)?,
                    ")\n--\n"
                )]
                $(#[doc = $doc])*
                #[allow(clippy::too_many_arguments)]
                fn $name<'py>(
                    slf: &Bound<'py, $crate::python::classes::PyTensor>,
                    py: Python<'py>,
                    $($req: &Bound<'py, PyAny>,)*
                    $($opt: Option<&Bound<'py, PyAny>>,)*
                    $($($kw: Option<&Bound<'py, PyAny>>,)*)?
                ) -> PyResult<<Returns<$($ret)?> as Ret>::Py> {
                    $name(py, slf.as_any(), $($req,)* $($opt,)* $($($kw,)*)?)
                }
            }
        )*

        $(
            py_in_place! {
                [$($inplace)?] $name [$($req),*] [$($opt = $default),*]
                [$(; $($kw = $kdef),*)?]
            }
        )*

        pub const METHODS: &[&str] = &[$(py_name!($name $(, $pyname)?)),*];
        /// The in-place method each of `METHODS` declares, if any.
        pub const IN_PLACE: &[Option<&str>] = &[$(in_place_name!([$($inplace)?])),*];
    };
}

macro_rules! in_place_name {
    ([]) => {
        None
    };
    ([$inplace:ident]) => {
        Some(stringify!($inplace))
    };
}

/// The in-place method an entry declares (`= core::add, in_place add_`): the method's
/// arguments, its out-of-place result recorded, then this tensor rebound to it (torch's
/// in-place semantics as eagertape gives them: `tensor_torch::via`).
macro_rules! py_in_place {
    ([] $($rest:tt)*) => {};
    ([$inplace:ident] $name:ident [$($req:ident),*] [$($opt:ident = $default:tt),*]
        [$(; $($kw:ident = $kdef:tt),*)?]) => {
        #[pymethods]
        impl PyTensor {
            #[pyo3(
                signature = ($($req,)* $($opt = None,)* $(*, $($kw = None),*)?),
                text_signature = None
            )]
            #[doc = concat!(
                stringify!($inplace), "($self"
                $(, ", ", stringify!($req))*
                $(, ", ", stringify!($opt), "=", stringify!($default))*
                $(, ", *" $(, ", ", stringify!($kw), "=", stringify!($kdef))*)?,
                ")\n--\n"
            )]
            #[doc = concat!(
                "In-place `", stringify!($name), "`: this tensor then reads `",
                stringify!($name), "`'s result.\n\n",
                "The out-of-place result is recorded, and every Python `Tensor` naming this\n",
                "tensor names it, so it reads what torch's would. A tensor that shares its storage\n",
                "with another live tensor (a view of it, or the base it views) raises\n",
                "`ArgumentError` instead, recording nothing, where torch would change both. The\n",
                "arguments are `", stringify!($name), "`'s.\n\n",
                "Returns:\n    Tensor: this tensor.\n",
            )]
            #[allow(clippy::too_many_arguments)]
            fn $inplace<'py>(
                slf: &Bound<'py, $crate::python::classes::PyTensor>,
                py: Python<'py>,
                $($req: &Bound<'py, PyAny>,)*
                $($opt: Option<&Bound<'py, PyAny>>,)*
                $($($kw: Option<&Bound<'py, PyAny>>,)*)?
            ) -> PyResult<Bound<'py, $crate::python::classes::PyTensor>> {
                $crate::python::tensor_torch::via(slf, stringify!($inplace), || {
                    Ok($name(py, slf.as_any(), $($req,)* $($opt,)* $($($kw,)*)?)?
                        .into_pyobject(py)?
                        .into_any())
                })
            }
        }
    };
}

mod derived {
    crate::ops::derived::functions!(py_functions_and_methods);
}

mod arithmetic {
    crate::ops::torch_arith::functions!(py_functions_and_methods);
}

mod scatters {
    crate::ops::scatters::functions!(py_functions_and_methods);
}

mod views {
    crate::ops::views::functions!(py_functions_and_methods);
}

mod activations {
    crate::ops::activations::functions!(py_functions_and_methods);
}

mod logical {
    crate::ops::logical::functions!(py_functions_and_methods);
}

mod derived_layers {
    crate::ops::derived::nn_functions!(py_functions);
}

mod selections {
    crate::ops::selections::functions!(py_functions_and_methods);
}

mod combine {
    crate::ops::combine::functions!(py_functions_and_methods);
}

mod reductions {
    crate::ops::reductions::functions!(py_functions_and_methods);
}

mod composed_losses {
    crate::ops::composed_losses::functions!(py_functions);
}

mod convolution {
    crate::ops::convolution::functions!(py_functions);
}

mod norms {
    crate::ops::norm::functions!(py_functions);
}

mod attention {
    crate::ops::attention::functions!(py_functions);
}

mod multi_head {
    crate::ops::multi_head::functions!(py_functions);
}

mod distances {
    crate::ops::distances::functions!(py_functions);
}

mod losses {
    crate::ops::losses::functions!(py_functions);
}

mod pool1d {
    crate::ops::pool1d::functions!(py_functions);
}

mod pooling {
    crate::ops::pooling::functions!(py_functions);
}

mod sliding {
    crate::ops::sliding::functions!(py_functions);
}

mod matmul {
    crate::ops::matmul::functions!(py_functions);
}

mod instance_norms {
    crate::ops::batch_norm::functions!(py_functions);
}

mod padding {
    crate::ops::padding::functions!(py_functions);
}

mod interpolation {
    crate::ops::interpolate::functions!(py_functions);
}

/// Add every declared function, and `_core._DECLARED`.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let mut entries: Vec<Entry> = Vec::new();
    reductions::register(m, &mut entries)?;
    derived::register(m, &mut entries)?;
    scatters::register(m, &mut entries)?;
    combine::register(m, &mut entries)?;
    selections::register(m, &mut entries)?;
    logical::register(m, &mut entries)?;
    views::register(m, &mut entries)?;
    activations::register(m, &mut entries)?;
    arithmetic::register(m, &mut entries)?;
    let methods = [
        reductions::METHODS,
        derived::METHODS,
        scatters::METHODS,
        combine::METHODS,
        selections::METHODS,
        logical::METHODS,
        views::METHODS,
        activations::METHODS,
        arithmetic::METHODS,
    ]
    .concat();
    m.add("_DECLARED_METHODS", PyTuple::new(m.py(), methods)?)?;
    let in_place: Vec<(&str, &str)> = [
        (reductions::METHODS, reductions::IN_PLACE),
        (derived::METHODS, derived::IN_PLACE),
        (scatters::METHODS, scatters::IN_PLACE),
        (combine::METHODS, combine::IN_PLACE),
        (selections::METHODS, selections::IN_PLACE),
        (logical::METHODS, logical::IN_PLACE),
        (views::METHODS, views::IN_PLACE),
        (activations::METHODS, activations::IN_PLACE),
        (arithmetic::METHODS, arithmetic::IN_PLACE),
    ]
    .iter()
    .flat_map(|(names, forms)| names.iter().zip(forms.iter()))
    .filter_map(|(name, form)| form.map(|f| (f, *name)))
    .collect();
    m.add("_DECLARED_IN_PLACE", PyTuple::new(m.py(), in_place)?)?;
    losses::register(m, &mut entries)?;
    composed_losses::register(m, &mut entries)?;
    distances::register(m, &mut entries)?;
    convolution::register(m, &mut entries)?;
    norms::register(m, &mut entries)?;
    attention::register(m, &mut entries)?;
    multi_head::register(m, &mut entries)?;
    pool1d::register(m, &mut entries)?;
    pooling::register(m, &mut entries)?;
    sliding::register(m, &mut entries)?;
    interpolation::register(m, &mut entries)?;
    matmul::register(m, &mut entries)?;
    padding::register(m, &mut entries)?;
    instance_norms::register(m, &mut entries)?;
    derived_layers::register(m, &mut entries)?;
    let entries: Vec<Bound<'_, PyTuple>> = entries
        .into_iter()
        .map(|(name, params, returns)| {
            PyTuple::new(
                m.py(),
                [
                    name.into_pyobject(m.py())?.into_any(),
                    params.into_pyobject(m.py())?,
                    returns.into_pyobject(m.py())?.into_any(),
                ],
            )
        })
        .collect::<PyResult<_>>()?;
    m.add("_DECLARED", PyTuple::new(m.py(), entries)?)
}
