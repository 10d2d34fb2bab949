//! What torch's tensors tell about their storage and kind, read from the value's carrier
//! without touching its elements: `stride()`, `storage_offset()`, `is_contiguous()`,
//! `element_size()`/`itemsize`/`nbytes`, `nelement()`/`ndimension()`, `dim_order()`,
//! `layout`, and the kind predicates torch has for layouts, devices and features eagertape's
//! tensors never have (`is_sparse`, `is_quantized`, `is_meta`, `is_mps`, ...: False, as
//! torch answers for a dense CPU or CUDA tensor).

use pyo3::exceptions::{PyIndexError, PyRuntimeError};
use pyo3::prelude::*;
use pyo3::types::PyTuple;

use super::classes::PyTensor;
use crate::backend::dynamic::Dyn as Be;
use crate::backend::Backend;
use crate::config::DType;

/// A value's storage layout: its shape, strides and storage offset (elements), and dtype.
struct Layout {
    shape: Vec<i64>,
    strides: Vec<i64>,
    offset: i64,
    dtype: DType,
}

impl Layout {
    /// torch's `is_contiguous(memory_format)`: the strides of that format's dim order,
    /// dims of size 1 ignored (`channels_last`: 4-D only, `channels_last_3d`: 5-D only).
    fn is_contiguous(&self, order: &[usize]) -> bool {
        let mut expected = 1;
        for &d in order.iter().rev() {
            let n = self.shape[d];
            if n != 1 && self.strides[d] != expected {
                return false;
            }
            expected *= n;
        }
        true
    }

    /// torch's `compute_elementwise_output_logical_to_physical_perm` for one tensor: the
    /// contiguous and channels-last short cuts, else an insertion sort from the innermost dim
    /// that leaves dims with a stride of 0 where they are; and whether an adjacent pair's order
    /// stayed undecided.
    fn dim_order(&self) -> (Vec<usize>, bool) {
        let n = self.shape.len();
        if n <= 1 {
            return ((0..n).collect(), false);
        }
        let contiguous = self.is_contiguous(&(0..n).collect::<Vec<_>>());
        let channels_last = n == 4 && self.is_contiguous(&[0, 2, 3, 1]);
        if contiguous && !channels_last {
            return ((0..n).collect(), false);
        }
        if channels_last && !contiguous {
            return (vec![0, 2, 3, 1], false);
        }
        // a >= b for sizes and strides as torch decides it: also where b divides a
        let ge = |a: i64, b: i64| b == 0 || (a != 0 && (a >= b || a % b == 0));
        let swap = |a: usize, b: usize| -> i32 {
            let (sa, sb) = (self.strides[a], self.strides[b]);
            if sa == 0 || sb == 0 {
                return 0;
            }
            if sa == sb {
                return if ge(self.shape[b], self.shape[a]) {
                    0
                } else {
                    1
                };
            }
            if ge(sb, sa) {
                -1
            } else if ge(sa, sb) {
                1
            } else {
                0
            }
        };
        let mut perm: Vec<usize> = (0..n).rev().collect();
        for i in 1..n {
            let mut d1 = i;
            for d0 in (0..i).rev() {
                match swap(perm[d0], perm[d1]) {
                    c if c > 0 => {
                        perm.swap(d0, d1);
                        d1 = d0;
                    }
                    c if c < 0 => break,
                    _ => {}
                }
            }
        }
        let ambiguous = perm.windows(2).any(|w| swap(w[0], w[1]) != -1);
        perm.reverse();
        (perm, ambiguous)
    }
}

/// The dim order of `memory_format` for a tensor of `ndim` dims (outermost first), or None
/// where that format does not apply to the rank (torch answers False there).
fn format_order(
    memory_format: Option<&Bound<'_, PyAny>>,
    ndim: usize,
) -> PyResult<Option<Vec<usize>>> {
    let name = match memory_format.filter(|m| !m.is_none()) {
        None => "torch.contiguous_format".to_string(),
        Some(m) => {
            let kind: String = m.get_type().name()?.extract()?;
            if kind != "memory_format" {
                return Err(pyo3::exceptions::PyTypeError::new_err(format!(
                    "is_contiguous(): memory_format must be a torch.memory_format, not {kind}"
                )));
            }
            m.repr()?.extract()?
        }
    };
    Ok(match name.as_str() {
        // torch reads `preserve_format` as row-major here
        "torch.contiguous_format" | "torch.preserve_format" => Some((0..ndim).collect()),
        "torch.channels_last" => (ndim == 4).then(|| vec![0, 2, 3, 1]),
        "torch.channels_last_3d" => (ndim == 5).then(|| vec![0, 2, 3, 4, 1]),
        _ => None,
    })
}

impl PyTensor {
    /// The layout of this tensor's value: a Parameter's current snapshot, else its node's.
    fn layout(&self, py: Python<'_>) -> PyResult<Layout> {
        let value = match &self.param {
            Some(p) => p.snapshot(),
            None => self.value(py)?,
        };
        let t = value.get();
        let (strides, offset) = Be::strides(t);
        Ok(Layout {
            shape: Be::shape(t),
            strides,
            offset,
            dtype: Be::dtype(t),
        })
    }
}

#[pymethods]
impl PyTensor {
    /// Returns the stride of this tensor's storage: the elements to step over to move one
    /// index along each dim (torch's `stride()`; a view's are its base's, an expanded dim's 0).
    ///
    /// Args:
    ///     dim (int, optional): the dim whose stride to return; negative counts from the end.
    ///         Default: ``None`` (a tuple of every dim's).
    ///
    /// Returns:
    ///     tuple of ints or int: the strides, or the stride of `dim`.
    ///
    /// Raises:
    ///     IndexError: `dim` is out of range.
    #[pyo3(signature = (dim=None))]
    fn stride<'py>(&self, py: Python<'py>, dim: Option<i64>) -> PyResult<Bound<'py, PyAny>> {
        let l = self.layout(py)?;
        match dim {
            None => Ok(PyTuple::new(py, l.strides)?.into_any()),
            Some(d) => {
                let n = l.strides.len() as i64;
                let i = if d < 0 { d + n } else { d };
                if i < 0 || i >= n.max(1) || n == 0 {
                    return Err(PyIndexError::new_err(format!(
                        "Dimension out of range (expected to be in range of [{}, {}], but got {d})",
                        -n.max(1),
                        n.max(1) - 1
                    )));
                }
                Ok(l.strides[i as usize].into_pyobject(py)?.into_any())
            }
        }
    }
    /// Returns where this tensor starts in its storage, in elements (torch's
    /// `storage_offset()`: nonzero for a view such as `x[1:]`).
    fn storage_offset(&self, py: Python<'_>) -> PyResult<i64> {
        Ok(self.layout(py)?.offset)
    }
    /// Whether this tensor's elements lie in its storage in the order of `memory_format`,
    /// without gaps (torch's `is_contiguous`: a transpose or a strided slice is not).
    ///
    /// Args:
    ///     memory_format (torch.memory_format, optional): ``torch.contiguous_format``
    ///         (row-major; ``torch.preserve_format`` reads as it, as in torch),
    ///         ``torch.channels_last`` (4-D) or ``torch.channels_last_3d`` (5-D). Default:
    ///         ``torch.contiguous_format``.
    ///
    /// Raises:
    ///     TypeError: `memory_format` is not a ``torch.memory_format``.
    #[pyo3(signature = (memory_format=None))]
    fn is_contiguous(
        &self,
        py: Python<'_>,
        memory_format: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<bool> {
        let l = self.layout(py)?;
        Ok(format_order(memory_format, l.shape.len())?.is_some_and(|o| l.is_contiguous(&o)))
    }
    /// The dims from outermost to innermost in storage, as torch's `dim_order()` sorts them
    /// (by stride, largest first; a stride-0 dim keeps its place; `(0, 1, ..., n-1)` for a
    /// contiguous tensor).
    ///
    /// Args:
    ///     ambiguity_check (bool): raise where more than one order fits the strides (equal
    ///         strides, or a dim of size 1). Default: ``False``.
    ///
    /// Raises:
    ///     RuntimeError: `ambiguity_check` and the order is not unique.
    #[pyo3(signature = (*, ambiguity_check=false))]
    fn dim_order<'py>(
        &self,
        py: Python<'py>,
        ambiguity_check: bool,
    ) -> PyResult<Bound<'py, PyTuple>> {
        let l = self.layout(py)?;
        let (order, ambiguous) = l.dim_order();
        if ambiguity_check {
            let repeated = l.strides.windows(2).any(|w| w[0] == w[1]);
            if repeated || l.shape.contains(&1) {
                return Err(PyRuntimeError::new_err(
                    "The tensor does not have unique dim order, or cannot map to exact one of \
                     the given memory formats.",
                ));
            }
            if ambiguous {
                return Err(PyRuntimeError::new_err(
                    "The tensor does not have unique dim order.",
                ));
            }
        }
        PyTuple::new(py, order)
    }
    /// The bytes of one element (`4` for float32, `8` for int64, `16` for an interval's two
    /// bounds).
    fn element_size(&self, py: Python<'_>) -> PyResult<usize> {
        Ok(self.layout(py)?.dtype.itemsize())
    }
    /// The bytes of one element (torch's `itemsize`, `element_size()`'s property form).
    #[getter]
    fn itemsize(&self, py: Python<'_>) -> PyResult<usize> {
        self.element_size(py)
    }
    /// The bytes of the elements: `numel() * element_size()` (torch's `nbytes`).
    #[getter]
    fn nbytes(&self, py: Python<'_>) -> PyResult<i64> {
        let l = self.layout(py)?;
        Ok(l.shape.iter().product::<i64>() * l.dtype.itemsize() as i64)
    }
    /// The number of elements (torch's `nelement()`, an alias of `numel()`).
    fn nelement(&self, py: Python<'_>) -> PyResult<i64> {
        Ok(self.shape_of(py)?.iter().product())
    }
    /// The number of dims (torch's `ndimension()`, an alias of `dim()`).
    fn ndimension(&self, py: Python<'_>) -> PyResult<usize> {
        self.ndim(py)
    }
    /// The memory layout: ``torch.strided`` (eagertape's tensors are dense).
    #[getter(layout)]
    fn layout_kind<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        py.import("torch")?.getattr("strided")
    }
    /// Whether this tensor has named dims: False (eagertape's dims are unnamed).
    fn has_names(&self) -> bool {
        false
    }
    /// Whether this tensor is in pinned host memory: False (eagertape does not pin).
    ///
    /// Args:
    ///     device (optional): accepted for torch compatibility (the device pinning would be
    ///         for). Default: ``None``.
    #[pyo3(signature = (device=None))]
    fn is_pinned(&self, device: Option<&Bound<'_, PyAny>>) -> bool {
        let _ = device;
        false
    }
    /// Whether this tensor's storage is in shared memory: False.
    fn is_shared(&self) -> bool {
        false
    }
    /// Whether this tensor is distributed: False (torch's answer for every dense tensor).
    fn is_distributed(&self) -> bool {
        false
    }
}

/// torch's kind predicates that are False for every eagertape tensor (dense, unquantized,
/// on the CPU or a CUDA device), each a property as torch's.
macro_rules! never {
    ($($name:ident: $doc:literal;)*) => {
        #[pymethods]
        impl PyTensor {
            $(
                #[doc = $doc]
                #[getter]
                fn $name(&self) -> bool {
                    false
                }
            )*
        }
    };
}

never! {
    is_sparse: "Whether this tensor is sparse (COO): False (eagertape's tensors are dense).";
    is_sparse_csr: "Whether this tensor is sparse CSR: False (eagertape's tensors are dense).";
    is_quantized: "Whether this tensor is quantized: False.";
    is_nested: "Whether this tensor is a nested tensor: False.";
    is_mkldnn: "Whether this tensor has the MKL-DNN layout: False.";
    is_meta: "Whether this tensor is on the meta device: False (every value is computed).";
    is_mps: "Whether this tensor is on an Apple MPS device: False (CPU or CUDA only).";
    is_xla: "Whether this tensor is on an XLA device: False (CPU or CUDA only).";
    is_xpu: "Whether this tensor is on an Intel XPU: False (CPU or CUDA only).";
    is_ipu: "Whether this tensor is on a Graphcore IPU: False (CPU or CUDA only).";
    is_maia: "Whether this tensor is on a MAIA device: False (CPU or CUDA only).";
    is_mtia: "Whether this tensor is on an MTIA device: False (CPU or CUDA only).";
    is_vulkan: "Whether this tensor is on a Vulkan device: False (CPU or CUDA only).";
}
