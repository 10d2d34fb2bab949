//! The declared argument types ([`Arg`]): how a Python value, or the declared default,
//! becomes the value a core function takes. Tensors, numbers, strings, index data and the
//! optional and `None`-only kinds; the shapes, dims and sizes are in `layout.rs`.

use pyo3::prelude::*;

use crate::backend::dynamic::Dyn as Be;
use crate::error::{Error, Result};
use crate::python::classes::PyTensor;
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
    /// `[a, b, ...]`: a list of ints (`rot90`'s `dims`).
    Ints(&'static [i64]),
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
    ([$($x:literal),*]) => {
        $crate::python::declared::Lit::Ints(&[$($x),*])
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
    /// The declared default as this type's value: none, unless the type says (a wrong
    /// declaration otherwise).
    fn from_lit(name: &str, l: Lit) -> PyResult<Self::Prepared> {
        Err(bad_default(name, l))
    }
    fn finish(p: Self::Prepared, s: &mut Session<Be>) -> Result<Self::Core>;
}

/// The associated items of an argument type whose converted value is what the core takes
/// (`finish` passes it on).
macro_rules! passed_on {
    ($t:ty) => {
        type Prepared = $t;
        type Core = $t;
        fn finish(p: $t, _: &mut Session<Be>) -> Result<$t> {
            Ok(p)
        }
    };
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
pub(super) fn bad_default(name: &str, l: Lit) -> PyErr {
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
    fn finish(p: Operand<Be>, s: &mut Session<Be>) -> Result<crate::handles::Handle> {
        s.operand_handle(p)
    }
}

/// The argument types a Python value converts to as it is (`extract`), each with its
/// annotation and the declared defaults it takes.
macro_rules! extracted {
    ($($t:ty => $core:ty, $annotation:literal, $($lit:pat => $value:expr),+;)*) => {$(
        impl Arg for $t {
            passed_on!($core);
            fn annotation() -> String {
                $annotation.into()
            }
            fn from_py(_: &Name, v: &Bound<'_, PyAny>, _: &PyTensor) -> PyResult<$core> {
                v.extract()
            }
            fn from_lit(name: &str, l: Lit) -> PyResult<$core> {
                match l {
                    $($lit => Ok($value),)+
                    _ => Err(bad_default(name, l)),
                }
            }
        }
    )*};
}

/// A string (a mode, a reduction).
pub struct Str;

extracted! {
    bool => bool, "bool", Lit::Bool(b) => b;
    f64 => f64, "float", Lit::Float(x) => x, Lit::Int(x) => x as f64;
    i64 => i64, "int", Lit::Int(x) => x;
    Str => String, "str", Lit::Str(x) => x.to_string();
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
        crate::python::tensor::argument_or_type_error(v, name.op, name.arg)?;
        // (a Python int beside integer data stays integer, as torch's wrapped number)
        if let Some(o) = crate::python::tensor::int_number(v.py(), input, v)? {
            return Ok(Given::Operand(o));
        }
        match crate::python::tensor_index::number(v) {
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
    fn finish(p: Operand<Be>, s: &mut Session<Be>) -> Result<crate::handles::Handle> {
        s.operand_handle(p)
    }
}

/// A value operand as the core takes it: a tensor, a Python number, or data converted to
/// the session's dtype (`searchsorted`'s `values`).
pub struct Value;

impl Arg for Value {
    passed_on!(Operand<Be>);
    fn annotation() -> String {
        "Tensor | ArrayLike | float".into()
    }
    fn from_py(name: &Name, v: &Bound<'_, PyAny>, input: &PyTensor) -> PyResult<Operand<Be>> {
        crate::python::tensor::argument_or_type_error(v, name.op, name.arg)?;
        match crate::python::tensor_index::number(v) {
            Some(x) => Ok(Operand::Number(x)),
            None => input.operand(v.py(), v),
        }
    }
}

/// A running statistic of `batch_norm`: an `et.Parameter` (a module buffer, which a
/// training step updates), or in eval mode a tensor or array data.
pub struct RunningStat;

impl Arg for RunningStat {
    passed_on!(crate::session::Stat<Be>);
    fn annotation() -> String {
        "Parameter | Tensor | ArrayLike".into()
    }
    fn from_py(name: &Name, v: &Bound<'_, PyAny>, input: &PyTensor) -> PyResult<Self::Core> {
        use crate::session::Stat;
        if let Ok(p) = v.cast::<crate::python::classes::PyParameter>() {
            return Ok(Stat::Param(std::sync::Arc::clone(&p.get().inner)));
        }
        if let Ok(t) = v.cast::<PyTensor>() {
            return Ok(Stat::Operand(Operand::Node(t.get().handle())));
        }
        if v.is_instance_of::<pyo3::types::PyString>() {
            return Err(pyo3::exceptions::PyTypeError::new_err(format!(
                "{}: {name} must be an eagertape.Parameter (a module buffer), a Tensor, \
                 array data or None, got a str",
                name.op
            )));
        }
        Ok(Stat::Operand(input.operand(v.py(), v)?))
    }
}

/// An `et.Parameter` the core reads and updates (a module's buffer).
pub struct Param;

impl Arg for Param {
    passed_on!(std::sync::Arc<crate::param::Parameter<Be>>);
    fn annotation() -> String {
        "Parameter".into()
    }
    fn from_py(name: &Name, v: &Bound<'_, PyAny>, _: &PyTensor) -> PyResult<Self::Core> {
        let p = v
            .cast::<crate::python::classes::PyParameter>()
            .map_err(|_| {
                pyo3::exceptions::PyTypeError::new_err(format!(
                    "{}(): {name} must be an eagertape.Parameter",
                    name.op
                ))
            })?;
        Ok(std::sync::Arc::clone(&p.get().inner))
    }
}

/// A mask or index operand as the core takes it (a tensor, or index data kept exact), for a
/// core entry point that checks it itself (`masked_select`).
pub struct IndexOperand;

impl Arg for IndexOperand {
    passed_on!(Operand<Be>);
    fn annotation() -> String {
        "Tensor | ArrayLike".into()
    }
    fn from_py(_: &Name, v: &Bound<'_, PyAny>, input: &PyTensor) -> PyResult<Operand<Be>> {
        input.index_operand(v.py(), v)
    }
}

/// A class loss's target: class ids or probabilities, a tensor or host data (the core
/// decides which), with its index among a capture's arguments when it is one (that
/// conversion is then the argument's: `capture_state::note_marked`).
pub struct ClassTarget;

impl Arg for ClassTarget {
    passed_on!(crate::session::loss::ClassTarget<Be>);
    fn annotation() -> String {
        "Tensor | ArrayLike".into()
    }
    fn from_py(_: &Name, v: &Bound<'_, PyAny>, input: &PyTensor) -> PyResult<Self::Core> {
        use crate::session::loss::TargetArg;
        let argument = crate::python::capture_state::argument_of(&input.cell()?, v);
        let target = match v.cast::<PyTensor>() {
            Ok(t) => TargetArg::Node(t.get().handle()),
            Err(_) => {
                let host = crate::python::convert::host_data(v)?;
                TargetArg::Host {
                    integral: host.integral(),
                    boolean: host.kind == crate::session::HostKind::Bool,
                    dtype: host.natural.map_or("float64", |d| d.name()),
                    data: host.tensor,
                }
            }
        };
        if let Some(k) = argument {
            crate::python::capture_state::note_marked(k);
        }
        Ok(crate::session::loss::ClassTarget { target, argument })
    }
}

/// Class weights, read as numbers (a constant of the loss): a tensor's values or host data.
pub struct ClassWeight;

impl Arg for ClassWeight {
    passed_on!(Vec<f64>);
    fn annotation() -> String {
        "Tensor | ArrayLike".into()
    }
    fn from_py(_: &Name, v: &Bound<'_, PyAny>, _: &PyTensor) -> PyResult<Vec<f64>> {
        use crate::backend::Backend;
        if let Ok(t) = v.cast::<PyTensor>() {
            let value = t.get().value(v.py())?;
            return Ok(Be::to_f64(value.get())?);
        }
        Ok(Be::to_f64(&crate::python::convert::host_data(v)?.tensor)?)
    }
}

/// A sequence of tensors (and array data, converted as constants): `cat`'s `tensors`.
pub struct Tensors;

impl Arg for Tensors {
    type Prepared = Vec<Operand<Be>>;
    type Core = Vec<crate::handles::Handle>;
    fn annotation() -> String {
        "Sequence[Tensor | ArrayLike]".into()
    }
    fn from_py(name: &Name, v: &Bound<'_, PyAny>, input: &PyTensor) -> PyResult<Self::Prepared> {
        if v.cast::<PyTensor>().is_ok() {
            return Err(pyo3::exceptions::PyTypeError::new_err(format!(
                "{}(): {name} must be a sequence of tensors, not one tensor",
                name.op
            )));
        }
        v.try_iter()?
            .map(|item| input.operand(v.py(), &item?))
            .collect()
    }
    fn finish(p: Self::Prepared, s: &mut Session<Be>) -> Result<Self::Core> {
        p.into_iter().map(|o| s.operand_handle(o)).collect()
    }
}

/// The declared default of an argument only `None` passes.
fn none_default(name: &str, l: Lit) -> PyResult<()> {
    match l {
        Lit::None => Ok(()),
        _ => Err(bad_default(name, l)),
    }
}

/// An argument torch has that only `None` passes here (`out=`, `out_dtype=`); `W` says why
/// another value is refused.
pub struct OnlyNone<W>(std::marker::PhantomData<W>);

/// Why an [`OnlyNone`] argument refuses a value: the `ArgumentError` message for `name`.
pub trait WhyNone {
    fn refused(name: &Name) -> String;
}

/// `out_dtype=`: the result has the operands' dtype.
pub struct OperandsDtype;

impl WhyNone for OperandsDtype {
    fn refused(name: &Name) -> String {
        format!("{name} is not supported (the result has the operands' dtype)")
    }
}

/// `out=`: a tensor here is a value, never written into.
pub struct ImmutableValues;

impl WhyNone for ImmutableValues {
    fn refused(name: &Name) -> String {
        format!("{name}= is not supported (tensors are immutable values)")
    }
}

/// torch's `out_dtype=` (`dtype=` of the cumulative ops), which only `None` passes.
pub type NoDtype = OnlyNone<OperandsDtype>;
/// torch's `out=`, which only `None` passes.
pub type NoOut = OnlyNone<ImmutableValues>;

impl<W: WhyNone> Arg for OnlyNone<W> {
    type Prepared = ();
    type Core = ();
    fn annotation() -> String {
        "None".into()
    }
    fn from_py(name: &Name, _: &Bound<'_, PyAny>, _: &PyTensor) -> PyResult<()> {
        Err(PyErr::from(Error::Argument(W::refused(name))))
    }
    fn from_lit(name: &str, l: Lit) -> PyResult<()> {
        none_default(name, l)
    }
    fn finish(_: (), _: &mut Session<Be>) -> Result<()> {
        Ok(())
    }
}

/// torch's `memory_format=`: `None` or a `torch.memory_format`, which changes nothing.
pub struct MemoryFormat;

impl Arg for MemoryFormat {
    passed_on!(crate::ops::convert::MemoryFormat);
    fn annotation() -> String {
        "object | None".into()
    }
    fn from_py(_: &Name, v: &Bound<'_, PyAny>, _: &PyTensor) -> PyResult<Self::Prepared> {
        crate::python::tensor_convert::memory_format_arg(Some(v))?;
        Ok(crate::ops::convert::MemoryFormat)
    }
    fn from_lit(name: &str, l: Lit) -> PyResult<Self::Prepared> {
        none_default(name, l).map(|()| crate::ops::convert::MemoryFormat)
    }
}

/// torch's `generator=` of a session's sampling op: only `None`, the session's generator.
pub struct Generator;

impl Arg for Generator {
    type Prepared = ();
    type Core = crate::rng::SessionGenerator;
    fn annotation() -> String {
        "None".into()
    }
    fn from_py(name: &Name, v: &Bound<'_, PyAny>, _: &PyTensor) -> PyResult<()> {
        let draws = crate::rng::Draws::Session;
        Ok(crate::rng::refuse_generator(name.op, !v.is_none(), draws)?)
    }
    fn from_lit(name: &str, l: Lit) -> PyResult<()> {
        none_default(name, l)
    }
    fn finish(_: (), _: &mut Session<Be>) -> Result<crate::rng::SessionGenerator> {
        Ok(crate::rng::SessionGenerator)
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
