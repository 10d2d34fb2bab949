//! The declared result types ([`Ret`]): how a core function's result becomes Python values,
//! torch's named results (`SortResult`, ...) among them.

use std::sync::Arc;

use pyo3::prelude::*;

use super::args::Tensor;
use crate::backend::dynamic::Dyn as Be;
use crate::handles::NameSlot;
use crate::python::classes::{name, PyTensor, SessionCell};
use crate::session::Session;

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

impl<A: Ret, B: Ret, C: Ret> Ret for (A, B, C) {
    type Core = (A::Core, B::Core, C::Core);
    type Named = (A::Named, B::Named, C::Named);
    type Py = (A::Py, B::Py, C::Py);
    fn annotation() -> String {
        let [a, b, c] = [A::annotation(), B::annotation(), C::annotation()];
        format!("tuple[{a}, {b}, {c}]")
    }
    fn name(s: &mut Session<Be>, (a, b, c): Self::Core) -> Self::Named {
        (A::name(s, a), B::name(s, b), C::name(s, c))
    }
    fn to_py((a, b, c): Self::Named, cell: &Arc<SessionCell>) -> Self::Py {
        (A::to_py(a, cell), B::to_py(b, cell), C::to_py(c, cell))
    }
}

/// torch's named results (`torch.return_types.sort`, ...): tuples whose two fields also read
/// by name. Each is declared once here, as a [`Ret`] type a declaration names (`-> SortResult`)
/// and as a class made when the extension is imported ([`register_results`]:
/// `collections.namedtuple`, module `eagertape._core`), which the package re-exports.
macro_rules! named_results {
    ($($(#[doc = $doc:literal])* $ty:ident($a:ident, $b:ident);)*) => {
        $(
            $(#[doc = $doc])*
            pub struct $ty;

            impl $ty {
                /// The class's name in `eagertape._core`.
                pub const CLASS: &'static str = stringify!($ty);
            }

            impl Ret for $ty {
                type Core = (crate::handles::Handle, crate::handles::Handle);
                type Named = (Arc<NameSlot>, Arc<NameSlot>);
                type Py = NamedPair;
                fn annotation() -> String {
                    Self::CLASS.into()
                }
                fn name(s: &mut Session<Be>, (a, b): Self::Core) -> Self::Named {
                    (name(s, a), name(s, b))
                }
                fn to_py((a, b): Self::Named, cell: &Arc<SessionCell>) -> NamedPair {
                    NamedPair {
                        class: Self::CLASS,
                        a: PyTensor::named(cell, a),
                        b: PyTensor::named(cell, b),
                    }
                }
            }
        )*

        /// Every named result: its class name, its two fields and its docstring.
        const NAMED_RESULTS: &[(&str, [&str; 2], &str)] = &[
            $((stringify!($ty), [stringify!($a), stringify!($b)], concat!($($doc, "\n"),*)),)*
        ];
    };
}

named_results! {
    /// What `Tensor.max(dim)` returns, as torch's `torch.return_types.max`.
    MaxResult(values, indices);
    /// What `Tensor.min(dim)` returns, as torch's `torch.return_types.min`.
    MinResult(values, indices);
    /// `sort`'s result: `values` (differentiable) and int64 `indices`.
    SortResult(values, indices);
    /// `topk`'s result: `values` (differentiable) and int64 `indices`.
    TopkResult(values, indices);
    /// `kthvalue`'s result: `values` (differentiable) and int64 `indices`.
    KthvalueResult(values, indices);
    /// `median(dim)`'s result: `values` (differentiable) and int64 `indices`.
    MedianResult(values, indices);
    /// `mode`'s result: `values` (differentiable) and int64 `indices`.
    ModeResult(values, indices);
    /// `cummax`'s result: `values` (differentiable) and int64 `indices`.
    CummaxResult(values, indices);
    /// `cummin`'s result: `values` (differentiable) and int64 `indices`.
    CumminResult(values, indices);
    /// `aminmax`'s result: `min` and `max` (each differentiable).
    AminmaxResult(min, max);
    /// `slogdet`'s result: the determinants' `sign` (no gradient) and `logabsdet`.
    SlogdetResult(sign, logabsdet);
    /// `geqrf`'s result: the Householder form `a` and its scalars `tau`.
    GeqrfResult(a, tau);
    /// `frexp`'s result: the `mantissa` (in ``[0.5, 1)``) and the int32 `exponent`.
    FrexpResult(mantissa, exponent);
    /// `histogram`'s result: the counts `hist` and the bins' edges `bin_edges`.
    HistogramResult(hist, bin_edges);
}

/// A named result on its way to Python: the class (in `eagertape._core`) and its fields.
pub struct NamedPair {
    pub class: &'static str,
    pub a: PyTensor,
    pub b: PyTensor,
}

impl<'py> IntoPyObject<'py> for NamedPair {
    type Target = PyAny;
    type Output = Bound<'py, PyAny>;
    type Error = PyErr;
    fn into_pyobject(self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let (a, b) = (Bound::new(py, self.a)?, Bound::new(py, self.b)?);
        crate::python::classes::named_result(py, self.class, a, b)
    }
}

/// Make every named result's class in the extension module `m`.
pub fn register_results(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let namedtuple = m.py().import("collections")?.getattr("namedtuple")?;
    for (name, fields, doc) in NAMED_RESULTS {
        let kwargs = pyo3::types::PyDict::new(m.py());
        kwargs.set_item("module", "eagertape._core")?;
        let class = namedtuple.call((*name, fields.to_vec()), Some(&kwargs))?;
        let doc: Vec<&str> = doc.lines().map(str::trim).collect();
        class.setattr("__doc__", doc.join("\n").trim())?;
        m.add(*name, class)?;
    }
    Ok(())
}

/// Tensors on their way to Python as a tuple (torch's results of `split`, `chunk`, ...).
pub struct TensorTuple(Vec<PyTensor>);

impl<'py> IntoPyObject<'py> for TensorTuple {
    type Target = pyo3::types::PyTuple;
    type Output = Bound<'py, pyo3::types::PyTuple>;
    type Error = PyErr;
    fn into_pyobject(self, py: Python<'py>) -> PyResult<Self::Output> {
        let items = self
            .0
            .into_iter()
            .map(|t| Bound::new(py, t))
            .collect::<PyResult<Vec<_>>>()?;
        pyo3::types::PyTuple::new(py, items)
    }
}

/// `-> Tensors`: a tuple of tensors, as many as the core returns.
impl Ret for super::args::Tensors {
    type Core = Vec<crate::handles::Handle>;
    type Named = Vec<Arc<NameSlot>>;
    type Py = TensorTuple;
    fn annotation() -> String {
        "tuple[Tensor, ...]".into()
    }
    fn name(s: &mut Session<Be>, core: Self::Core) -> Self::Named {
        core.into_iter().map(|h| name(s, h)).collect()
    }
    fn to_py(named: Self::Named, cell: &Arc<SessionCell>) -> TensorTuple {
        TensorTuple(
            named
                .into_iter()
                .map(|n| PyTensor::named(cell, n))
                .collect(),
        )
    }
}

/// One tensor, or the result `R` declares, as the call's arguments decide: `-> OneOr<Tensors>`
/// (`nonzero(as_tuple=True)`'s tuple), `-> OneOr<MedianResult>` (`median(dim)`'s pair).
pub struct OneOr<R>(std::marker::PhantomData<R>);

/// [`OneOr`] on its way to Python.
pub enum OneOrPy<P> {
    One(PyTensor),
    Other(P),
}

impl<'py, P: IntoPyObject<'py>> IntoPyObject<'py> for OneOrPy<P> {
    type Target = PyAny;
    type Output = Bound<'py, PyAny>;
    type Error = PyErr;
    fn into_pyobject(self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        match self {
            OneOrPy::One(t) => Ok(Bound::new(py, t)?.into_any()),
            OneOrPy::Other(p) => {
                use pyo3::BoundObject;
                Ok(p.into_pyobject(py)
                    .map_err(Into::into)?
                    .into_any()
                    .into_bound())
            }
        }
    }
}

impl<R: Ret> Ret for OneOr<R> {
    type Core = crate::handles::OneOr<R::Core>;
    type Named = std::result::Result<Arc<NameSlot>, R::Named>;
    type Py = OneOrPy<R::Py>;
    fn annotation() -> String {
        format!("Tensor | {}", R::annotation())
    }
    fn name(s: &mut Session<Be>, core: Self::Core) -> Self::Named {
        use crate::handles::OneOr;
        match core {
            OneOr::One(h) => Ok(name(s, h)),
            OneOr::Other(r) => Err(R::name(s, r)),
        }
    }
    fn to_py(named: Self::Named, cell: &Arc<SessionCell>) -> Self::Py {
        match named {
            Ok(one) => OneOrPy::One(PyTensor::named(cell, one)),
            Err(other) => OneOrPy::Other(R::to_py(other, cell)),
        }
    }
}

/// `-> bool`: a Python bool the core read back (`allclose`, `equal`).
impl Ret for bool {
    type Core = bool;
    type Named = bool;
    type Py = bool;
    fn annotation() -> String {
        "bool".into()
    }
    fn name(_: &mut Session<Be>, core: bool) -> bool {
        core
    }
    fn to_py(named: bool, _: &Arc<SessionCell>) -> bool {
        named
    }
}

/// `-> i64`: a Python int the core answered (`get_device`).
impl Ret for i64 {
    type Core = i64;
    type Named = i64;
    type Py = i64;
    fn annotation() -> String {
        "int".into()
    }
    fn name(_: &mut Session<Be>, core: i64) -> i64 {
        core
    }
    fn to_py(named: i64, _: &Arc<SessionCell>) -> i64 {
        named
    }
}
