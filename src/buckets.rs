//! A data-parallel wrapper's gradient buckets: which parameters are reduced together, in
//! which order, and the flat communication tensor each bucket's gradients are packed into.
//!
//! * [`Layout`] lives as long as the wrapper. It holds, per bucket, its parameters and a
//!   LibTorch tensor over the *wrapper's* flat buffer (allocated by torch and imported
//!   through DLPack: the memory belongs to the torch tensor the collective reads and writes;
//!   the core only copies into and out of it, and no tape value or snapshot ever refers to
//!   it). It packs gradients into a bucket ([`Layout::fill`], [`Layout::gather`]) and writes
//!   the reduced values back into a gradient store ([`Layout::scatter`]): one call each, no
//!   per-parameter hand-over through Python.
//! * [`Buckets`] lives for one backward: it tracks which gradients the reverse sweep has
//!   finished and hands a bucket over once all of its gradients are final and every bucket
//!   before it went (the same order on every rank).

use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Mutex, MutexGuard};

use tch::Tensor;

use crate::backend::Backend;
use crate::buffer::Value;
use crate::config::DType;
use crate::error::{Error, Result};
use crate::grads::GradMap;
use crate::param::Parameter;

/// One bucket: its parameters in order, where each starts in the flat tensor, the tensor.
struct Bucket<B: Backend> {
    params: Vec<Arc<Parameter<B>>>,
    /// `offsets[i]`: the first element of `params[i]` in `flat`.
    offsets: Vec<i64>,
    /// A 1-D contiguous tensor of exactly the bucket's elements, in its parameters' dtype.
    /// Shares the memory of the wrapper's torch tensor (which keeps it alive as well).
    /// Locked while it is packed or read (a LibTorch handle is not `Sync`; two threads
    /// packing one bucket at once would interleave).
    flat: Mutex<Tensor>,
}

/// The wrapper's buckets (see the module comment).
pub struct Layout<B: Backend> {
    buckets: Vec<Bucket<B>>,
    /// Each packed gradient is multiplied by this (`1 / world`: the all-reduce then sums
    /// averages, as torch's reducer does).
    scale: f64,
}

fn torch_of<B: Backend>(t: &B::T, what: &str) -> Result<Tensor> {
    B::as_torch(t).map(Tensor::shallow_clone).ok_or_else(|| {
        Error::Argument(format!(
            "{what}: data-parallel buckets hold LibTorch tensors only (float16, bfloat16, \
             float32, float64)"
        ))
    })
}

impl<B: Backend> Layout<B> {
    /// Buckets of `params[k]` packed into `flats[k]`; each flat tensor must be 1-D,
    /// contiguous, of its parameters' (one) dtype and of exactly their total size.
    pub fn new(
        params: Vec<Vec<Arc<Parameter<B>>>>,
        flats: Vec<Tensor>,
        scale: f64,
    ) -> Result<Self> {
        if params.len() != flats.len() {
            return Err(Error::Argument(format!(
                "gradient buckets: {} parameter lists but {} flat tensors",
                params.len(),
                flats.len()
            )));
        }
        if !scale.is_finite() {
            return Err(Error::Argument(format!(
                "gradient buckets: the scale must be finite, got {scale}"
            )));
        }
        let mut seen = HashSet::new();
        let mut buckets = Vec::with_capacity(params.len()); // bounded: one per parameter
        for (k, (ps, flat)) in params.into_iter().zip(flats).enumerate() {
            let dtype = ps.first().map(|p| p.dtype());
            let mut offsets = Vec::with_capacity(ps.len()); // bounded: one per parameter
            let mut total = 0i64;
            for p in &ps {
                if Some(p.dtype()) != dtype {
                    return Err(Error::Argument(format!(
                        "gradient bucket {k} mixes dtypes ({} and {})",
                        dtype.map_or("-", DType::name),
                        p.dtype().name()
                    )));
                }
                if !seen.insert(p.id()) {
                    return Err(Error::Argument(format!(
                        "gradient buckets: parameter {} is in two buckets",
                        p.label()
                    )));
                }
                offsets.push(total);
                total += p.shape().iter().product::<i64>();
            }
            let want = dtype.map(crate::backend::libtorch::kind).transpose()?;
            if flat.dim() != 1
                || flat.size()[0] != total
                || !flat.is_contiguous()
                || want.is_some_and(|kind| flat.kind() != kind)
            {
                return Err(Error::Argument(format!(
                    "gradient bucket {k}: the flat tensor must be 1-D, contiguous, of {} \
                     elements of {}; got shape {:?}, {:?}",
                    total,
                    dtype.map_or("-", DType::name),
                    flat.size(),
                    flat.kind()
                )));
            }
            buckets.push(Bucket {
                params: ps,
                offsets,
                flat: Mutex::new(flat),
            });
        }
        Ok(Layout { buckets, scale })
    }

    /// The parameter ids of each bucket, in order.
    pub fn ids(&self) -> Vec<Vec<u64>> {
        self.buckets
            .iter()
            .map(|b| b.params.iter().map(|p| p.id()).collect())
            .collect()
    }

    fn bucket(&self, k: usize) -> Result<&Bucket<B>> {
        self.buckets.get(k).ok_or_else(|| {
            Error::Argument(format!(
                "gradient bucket {k} does not exist ({} buckets)",
                self.buckets.len()
            ))
        })
    }

    /// Parameter `i`'s slice of a bucket's flat tensor, in the parameter's shape.
    fn slice(b: &Bucket<B>, flat: &Tensor, i: usize) -> Result<Tensor> {
        let p = &b.params[i];
        let n = p.shape().iter().product::<i64>();
        Ok(flat.f_narrow(0, b.offsets[i], n)?.f_view(p.shape())?)
    }

    fn flat(b: &Bucket<B>) -> MutexGuard<'_, Tensor> {
        b.flat.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Pack bucket `k`'s final gradients (one per parameter, in its order) into its flat
    /// tensor, times the scale.
    pub fn fill(&self, k: usize, grads: &[Value<B>]) -> Result<()> {
        let _guard = B::no_grad();
        let b = self.bucket(k)?;
        if grads.len() != b.params.len() {
            return Err(Error::Argument(format!(
                "gradient bucket {k} holds {} parameters, got {} gradients",
                b.params.len(),
                grads.len()
            )));
        }
        let flat = Self::flat(b);
        for (i, g) in grads.iter().enumerate() {
            Self::slice(b, &flat, i)?.f_copy_(&torch_of::<B>(g.get(), "fill")?)?;
        }
        self.scaled(&flat)
    }

    /// Pack bucket `k` from `store`: each parameter's gradient there, zeros for one without
    /// (a bucket the sweep did not complete: accumulated under `no_sync`, or unused).
    /// Returns the ids of the parameters that had a gradient.
    pub fn gather(&self, k: usize, store: &GradMap<B>) -> Result<Vec<u64>> {
        let _guard = B::no_grad();
        let b = self.bucket(k)?;
        let flat = Self::flat(b);
        let mut had = Vec::new();
        for (i, p) in b.params.iter().enumerate() {
            let mut dst = Self::slice(b, &flat, i)?;
            match store.get(p.id()) {
                Some(buf) => {
                    let v = buf.value("gradient bucket")?;
                    dst.f_copy_(&torch_of::<B>(v.get(), "gather")?)?;
                    had.push(p.id());
                }
                None => {
                    let _ = dst.f_zero_()?;
                }
            }
        }
        self.scaled(&flat)?;
        Ok(had)
    }

    fn scaled(&self, flat: &Tensor) -> Result<()> {
        if self.scale != 1.0 {
            let _ = flat.shallow_clone().f_mul_scalar_(self.scale)?;
        }
        Ok(())
    }

    /// Write the reduced buckets into `store`: every parameter (those in `keep` only, when
    /// given) gets its slice as its gradient, in place where the store's buffer holds its
    /// value alone, else as a fresh value.
    pub fn scatter(&self, store: &GradMap<B>, keep: Option<&HashSet<u64>>) -> Result<()> {
        let _guard = B::no_grad();
        for b in &self.buckets {
            let flat = Self::flat(b);
            for (i, p) in b.params.iter().enumerate() {
                if keep.is_some_and(|keep| !keep.contains(&p.id())) {
                    continue;
                }
                let src = B::from_torch(Self::slice(b, &flat, i)?).ok_or_else(|| {
                    Error::Argument(
                        "gradient buckets: this backend holds no LibTorch tensors".into(),
                    )
                })?;
                store.assign(p, &src)?;
            }
        }
        Ok(())
    }
}

/// Which buckets of gradients are complete, in launch order: bucket `k` goes once each of
/// its parameters has its final gradient and every bucket before it went (every rank then
/// starts them in the same order). Holds each final gradient until its bucket goes.
pub struct Buckets<B: Backend> {
    /// The parameter ids of each bucket, in their order.
    ids: Vec<Vec<u64>>,
    /// Parameter id → its bucket.
    of: HashMap<u64, usize>,
    /// Per bucket, how many of its gradients are still to come.
    missing: Vec<usize>,
    /// The final gradients of buckets not handed over yet, by parameter id.
    held: HashMap<u64, Value<B>>,
    /// The first bucket not handed over yet.
    next: usize,
}

impl<B: Backend> Buckets<B> {
    /// Buckets holding the parameters `ids[k]` each.
    pub fn new(ids: Vec<Vec<u64>>) -> Self {
        let mut of = HashMap::new();
        for (k, bucket) in ids.iter().enumerate() {
            for &id in bucket {
                of.insert(id, k);
            }
        }
        Buckets {
            missing: ids.iter().map(Vec::len).collect(),
            ids,
            of,
            held: HashMap::new(),
            next: 0,
        }
    }

    /// Parameter `id`'s gradient `g` is final: the buckets that can go now, in order, each
    /// with its gradients in its order.
    pub fn ready(&mut self, id: u64, g: &Value<B>) -> Vec<(usize, Vec<Value<B>>)> {
        let Some(&k) = self.of.get(&id) else {
            return Vec::new();
        };
        self.held.insert(id, Arc::clone(g));
        self.missing[k] = self.missing[k].saturating_sub(1);
        let mut out = Vec::new();
        while self.next < self.missing.len() && self.missing[self.next] == 0 {
            let k = self.next;
            let grads = self.ids[k]
                .iter()
                .filter_map(|i| self.held.remove(i))
                .collect();
            out.push((k, grads));
            self.next += 1;
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::buffer::Tracked;
    use crate::ledger::Category;
    use crate::LibTorch;

    fn ones(n: i64) -> Tensor {
        Tensor::ones([n], (tch::Kind::Double, tch::Device::Cpu))
    }

    fn param(values: &[f64], shape: &[i64]) -> Arc<Parameter<LibTorch>> {
        let t = Tensor::from_slice(values).view(shape);
        Parameter::<LibTorch>::new(&t, None, true).unwrap()
    }

    fn grad(values: &[f64], shape: &[i64]) -> Value<LibTorch> {
        Tracked::owned(Tensor::from_slice(values).view(shape), Category::Grad)
    }

    fn flat(n: i64) -> Tensor {
        Tensor::zeros([n], (tch::Kind::Double, tch::Device::Cpu))
    }

    /// One bucket of `a` then `b`, packed into `f` unscaled.
    fn one_bucket(
        a: &Arc<Parameter<LibTorch>>,
        b: &Arc<Parameter<LibTorch>>,
        f: &Tensor,
    ) -> Layout<LibTorch> {
        let params = vec![vec![Arc::clone(a), Arc::clone(b)]];
        Layout::new(params, vec![f.shallow_clone()], 1.0).unwrap()
    }

    fn vals(t: &Tensor) -> Vec<f64> {
        LibTorch::to_f64(t).unwrap()
    }

    #[test]
    fn buckets_go_in_order_once_all_their_gradients_are_in() {
        let g = |v: f64| -> Value<LibTorch> { Tracked::owned(ones(1) * v, Category::Grad) };
        let mut b = Buckets::<LibTorch>::new(vec![vec![1, 2], vec![3], vec![4, 5]]);
        let mut ready = |id: u64| -> Vec<(usize, Vec<f64>)> {
            b.ready(id, &g(id as f64))
                .into_iter()
                .map(|(k, gs)| (k, gs.iter().map(|v| v.get().double_value(&[0])).collect()))
                .collect()
        };
        assert_eq!(
            ready(3),
            vec![],
            "bucket 1 is full but bucket 0 has not gone"
        );
        assert_eq!(ready(9), vec![], "a parameter of no bucket changes nothing");
        assert_eq!(ready(2), vec![]);
        assert_eq!(
            ready(1),
            vec![(0, vec![1.0, 2.0]), (1, vec![3.0])],
            "bucket 0 in its order, then the waiting bucket 1"
        );
        assert_eq!(ready(5), vec![]);
        assert_eq!(ready(4), vec![(2, vec![4.0, 5.0])]);
    }

    #[test]
    fn fill_packs_each_gradient_at_its_offset_times_the_scale() {
        let (a, b) = (param(&[0.0; 4], &[2, 2]), param(&[0.0; 2], &[2]));
        let f = flat(6);
        let layout = Layout::new(vec![vec![a, b]], vec![f.shallow_clone()], 0.5).unwrap();
        let ga = grad(&[1.0, 2.0, 3.0, 4.0], &[2, 2]);
        let gb = grad(&[10.0, 20.0], &[2]);
        layout.fill(0, &[ga, gb]).unwrap();
        // torch: torch.cat([ga.reshape(-1), gb]) * 0.5
        assert_eq!(vals(&f), vec![0.5, 1.0, 1.5, 2.0, 5.0, 10.0]);
    }

    #[test]
    fn gather_takes_the_store_and_zeros_for_parameters_without_a_gradient() {
        let (a, b) = (param(&[0.0; 2], &[2]), param(&[0.0; 3], &[3]));
        let f = flat(5) + 7.0;
        let layout = one_bucket(&a, &b, &f);
        let store = GradMap::new();
        store.accumulate(&b, grad(&[1.0, 2.0, 3.0], &[3])).unwrap();
        assert_eq!(layout.gather(0, &store).unwrap(), vec![b.id()]);
        assert_eq!(vals(&f), vec![0.0, 0.0, 1.0, 2.0, 3.0]);
    }

    #[test]
    fn scatter_writes_each_slice_as_the_gradient_and_skips_those_not_kept() {
        let (a, b) = (param(&[0.0; 2], &[1, 2]), param(&[0.0; 1], &[1]));
        let f = Tensor::from_slice(&[4.0, 5.0, 6.0]);
        let layout = one_bucket(&a, &b, &f);
        let store = GradMap::new();
        store.accumulate(&a, grad(&[1.0, 1.0], &[1, 2])).unwrap();
        let keep: HashSet<u64> = [a.id()].into();
        layout.scatter(&store, Some(&keep)).unwrap();
        let ga = store.get(a.id()).unwrap().value("test").unwrap();
        assert_eq!(ga.get().size(), vec![1, 2]);
        assert_eq!(vals(ga.get()), vec![4.0, 5.0]);
        assert!(
            store.get(b.id()).is_none(),
            "b is not kept: no gradient made"
        );
        layout.scatter(&store, None).unwrap();
        let gb = store.get(b.id()).unwrap().value("test").unwrap();
        assert_eq!(vals(gb.get()), vec![6.0]);
        // The gradient is a copy: a later fill of the bucket does not change it.
        let _ = f.shallow_clone().fill_(0.0);
        assert_eq!(vals(gb.get()), vec![6.0]);
        store.release();
    }

    #[test]
    fn a_flat_tensor_of_the_wrong_size_or_dtype_is_refused() {
        let a = param(&[0.0; 3], &[3]);
        let short = Layout::new(vec![vec![Arc::clone(&a)]], vec![flat(2)], 1.0);
        assert!(matches!(short, Err(Error::Argument(m)) if m.contains("3 elements")));
        let f32 = Tensor::zeros([3], (tch::Kind::Float, tch::Device::Cpu));
        assert!(Layout::new(vec![vec![Arc::clone(&a)]], vec![f32], 1.0).is_err());
        let twice = Layout::new(
            vec![vec![Arc::clone(&a)], vec![a]],
            vec![flat(3), flat(3)],
            1.0,
        );
        assert!(matches!(twice, Err(Error::Argument(m)) if m.contains("two buckets")));
    }
}
