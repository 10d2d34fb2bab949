//! Strided CPU tensors of the reference backend.
//!
//! Storage is an `Arc<Vec<S>>` shared by a tensor and its views (transpose, expand, view),
//! exactly like LibTorch's storage sharing, so the core's view/owned accounting applies
//! unchanged. Element order in every kernel is row-major over the output, one element at a
//! time, which fixes the evaluation order of every sum.

use std::sync::Arc;

use crate::config::DType;

pub struct RefTensor<S> {
    /// Shared with every view of this tensor; freed with the last one.
    storage: Arc<Vec<S>>,
    shape: Vec<i64>,
    strides: Vec<i64>,
    offset: usize,
    /// The carrier this tensor belongs to (`ieee32` and reference `float32` share `f32`).
    dtype: DType,
}

/// Row-major strides of a contiguous tensor of `shape`.
pub fn contiguous_strides(shape: &[i64]) -> Vec<i64> {
    // bounded: the size of a host tensor that exists (an input, or its reduction)
    let mut strides = vec![1; shape.len()];
    for i in (0..shape.len().saturating_sub(1)).rev() {
        strides[i] = strides[i + 1] * shape[i + 1].max(1);
    }
    strides
}

pub fn numel(shape: &[i64]) -> usize {
    shape.iter().product::<i64>().max(0) as usize
}

/// Visit the storage offsets of two strided layouts walked together over `shape`, in
/// row-major order.
pub fn walk2(
    shape: &[i64],
    (s1, o1): (&[i64], usize),
    (s2, o2): (&[i64], usize),
    mut f: impl FnMut(usize, usize),
) {
    let total = numel(shape);
    if total == 0 {
        return;
    }
    let n = shape.len();
    let mut idx = vec![0i64; n]; // bounded: the tensor's rank
    let (mut p1, mut p2) = (o1 as i64, o2 as i64);
    for _ in 0..total {
        f(p1 as usize, p2 as usize);
        let mut d = n;
        while d > 0 {
            d -= 1;
            idx[d] += 1;
            p1 += s1[d];
            p2 += s2[d];
            if idx[d] < shape[d] {
                break;
            }
            p1 -= s1[d] * shape[d];
            p2 -= s2[d] * shape[d];
            idx[d] = 0;
        }
    }
}

impl<S: Copy> RefTensor<S> {
    /// A contiguous tensor owning `data`.
    pub fn from_vec(data: Vec<S>, shape: &[i64], dtype: DType) -> Self {
        debug_assert_eq!(data.len(), numel(shape));
        RefTensor {
            storage: Arc::new(data),
            strides: contiguous_strides(shape),
            shape: shape.to_vec(),
            offset: 0,
            dtype,
        }
    }

    /// A view of the same storage with another layout.
    pub fn restride(&self, shape: Vec<i64>, strides: Vec<i64>) -> Self {
        RefTensor {
            storage: Arc::clone(&self.storage),
            shape,
            strides,
            offset: self.offset,
            dtype: self.dtype,
        }
    }

    pub fn shape(&self) -> &[i64] {
        &self.shape
    }
    pub fn strides(&self) -> &[i64] {
        &self.strides
    }
    pub fn offset(&self) -> usize {
        self.offset
    }
    pub fn dtype(&self) -> DType {
        self.dtype
    }
    pub fn storage(&self) -> &[S] {
        &self.storage
    }
    pub fn numel(&self) -> usize {
        numel(&self.shape)
    }

    pub fn with_dtype(mut self, dtype: DType) -> Self {
        self.dtype = dtype;
        self
    }

    pub fn is_contiguous(&self) -> bool {
        self.shape
            .iter()
            .zip(self.strides.iter().zip(contiguous_strides(&self.shape)))
            .all(|(&n, (&s, c))| n <= 1 || s == c)
    }

    /// The elements in row-major order.
    pub fn to_vec(&self) -> Vec<S> {
        let n = self.numel();
        if self.is_contiguous() {
            return self.storage[self.offset..self.offset + n].to_vec();
        }
        // bounded: the size of a host tensor that exists (an input, or its reduction)
        let mut out = Vec::with_capacity(n);
        let data = &self.storage;
        walk2(
            &self.shape,
            (&self.strides, self.offset),
            (&self.strides, 0),
            |p, _| out.push(data[p]),
        );
        out
    }

    /// Strides for reading this tensor broadcast to `out` (0 on broadcast dims).
    pub fn broadcast_strides(&self, out: &[i64]) -> Vec<i64> {
        let lead = out.len() - self.shape.len();
        (0..out.len())
            .map(|i| {
                if i < lead || (self.shape[i - lead] == 1 && out[i] != 1) {
                    0
                } else {
                    self.strides[i - lead]
                }
            })
            .collect()
    }

    /// Exclusive, contiguous access to the elements (copying first if the storage is
    /// shared or the layout strided). The core calls this only on buffers it holds alone.
    pub fn make_mut(&mut self) -> &mut [S] {
        if !self.is_contiguous() || self.offset != 0 || self.storage.len() != self.numel() {
            *self = RefTensor::from_vec(self.to_vec(), &self.shape, self.dtype);
        }
        Arc::make_mut(&mut self.storage).as_mut_slice()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strides_and_walks_are_row_major() {
        assert_eq!(contiguous_strides(&[2, 3, 4]), vec![12, 4, 1]);
        let t = RefTensor::from_vec((0..6).map(|i| i as f64).collect(), &[2, 3], DType::Float64);
        let tt = t.restride(vec![3, 2], vec![1, 3]);
        assert!(!tt.is_contiguous());
        assert_eq!(tt.to_vec(), vec![0.0, 3.0, 1.0, 4.0, 2.0, 5.0]);
        assert_eq!(t.broadcast_strides(&[4, 2, 3]), vec![0, 3, 1]);
    }
}
