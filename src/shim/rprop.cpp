// `eagertape_rprop_step`: torch.optim.Rprop's single-tensor update of one parameter in one
// pass over its elements, where torch runs sixteen kernels (`sign(g * prev)`, three
// masked fills of the sign, `step_size.mul_(sign).clamp_(lo, hi)`, a clone of the gradient,
// one more masked fill, `sign`, `param.addcmul_(., step_size, value=-1)`, `prev.copy_`).
//
// Why the one pass rounds as torch's kernels do, element by element: every value it makes
// is either selected (the signs, the masked fills, the clamp) or one IEEE operation on two
// values of the parameter's dtype (`g * prev`, `step_size * sign`, and the update, whose
// product `-sign(kept) * step_size` is exact, so `p + product` rounds once whether or not a
// compiler fuses it into an FMA). The scalars are cast to the dtype as LibTorch casts a
// Scalar; `sign` is LibTorch's `(0 < x) - (x < 0)` (+0 for NaN and for -0); the clamp keeps a
// NaN and otherwise is `min(max(x, lo), hi)`, as `clamp_` is. Every masked fill is applied
// in torch's order, so a `etaminus` or `etaplus` that rounds to 0 or 1 in the dtype behaves
// as torch's does.
//
// Only CPU tensors of float32 or float64, of one dtype and shape, none sharing
// storage with another, with finite etas and non-NaN step bounds take this pass: anything
// else returns *handled = 0 with nothing touched, and the caller runs torch's sequence.
// Returns 0, or 1 with a malloc'd message in *err (the caller frees it); no exception
// escapes.
#include <ATen/ATen.h>
#include <ATen/TensorIterator.h>

#include <cmath>
#include <cstdlib>
#include <cstring>
#include <exception>

namespace {

template <typename T>
inline T torch_sign(T x) {
  return x > T(0) ? T(1) : (x < T(0) ? T(-1) : T(0));
}

// One element: `p`, `pv` (prev) and `ss` (step size) updated from `g`.
template <typename T>
inline void rprop_element(T& p, T& pv, T& ss, T g, T minus, T plus, T lo, T hi) {
  T s = torch_sign<T>(g * pv);
  s = s > T(0) ? plus : s;
  s = s < T(0) ? minus : s;
  s = s == T(0) ? T(1) : s;
  T z = ss * s;
  z = z < lo ? lo : z;  // a NaN compares false: it stays, as clamp_ keeps it
  z = hi < z ? hi : z;
  ss = z;
  const T kept = s == minus ? T(0) : g;
  p = p + -torch_sign<T>(kept) * z;
  pv = kept;
}

// The pass, over LibTorch's own element loop (`TensorIterator::for_each`, which splits the
// elements over LibTorch's threads as its kernels do). Operands: param, prev, step_size
// (outputs, also read), grad.
template <typename T>
void rprop_pass(at::Tensor& param, const at::Tensor& grad, at::Tensor& prev, at::Tensor& size,
                double etaminus, double etaplus, double lo_d, double hi_d) {
  const T minus = static_cast<T>(etaminus);
  const T plus = static_cast<T>(etaplus);
  const T lo = static_cast<T>(lo_d);
  const T hi = static_cast<T>(hi_d);
  auto iter = at::TensorIteratorConfig()
                  .set_check_mem_overlap(false)
                  .resize_outputs(false)
                  .add_output(param)
                  .add_output(prev)
                  .add_output(size)
                  .add_const_input(grad)
                  .build();
  iter.for_each([&](char** data, const int64_t* strides, int64_t n) {
    constexpr int64_t w = sizeof(T);
    if (strides[0] == w && strides[1] == w && strides[2] == w && strides[3] == w) {
      T* __restrict p = reinterpret_cast<T*>(data[0]);
      T* __restrict pv = reinterpret_cast<T*>(data[1]);
      T* __restrict ss = reinterpret_cast<T*>(data[2]);
      const T* __restrict g = reinterpret_cast<const T*>(data[3]);
      const T mi = minus, pl = plus, l = lo, h = hi;  // locals, so the loop vectorizes
      for (int64_t i = 0; i < n; ++i) {
        rprop_element<T>(p[i], pv[i], ss[i], g[i], mi, pl, l, h);
      }
      return;
    }
    for (int64_t i = 0; i < n; ++i) {
      rprop_element<T>(*reinterpret_cast<T*>(data[0] + i * strides[0]),
                       *reinterpret_cast<T*>(data[1] + i * strides[1]),
                       *reinterpret_cast<T*>(data[2] + i * strides[2]),
                       *reinterpret_cast<const T*>(data[3] + i * strides[3]), minus, plus, lo,
                       hi);
    }
  });
}

bool takes_one_pass(const at::Tensor& param, const at::Tensor& grad, const at::Tensor& prev,
                    const at::Tensor& size, double etaminus, double etaplus, double lo,
                    double hi) {
  const at::Tensor* all[] = {&param, &grad, &prev, &size};
  const auto dtype = param.scalar_type();
  if (dtype != at::kFloat && dtype != at::kDouble) return false;
  for (const at::Tensor* t : all) {
    if (!t->defined() || !t->device().is_cpu() || t->scalar_type() != dtype ||
        t->sizes() != param.sizes() || t->is_neg() || t->is_conj()) {
      return false;
    }
  }
  for (int i = 0; i < 4; ++i) {
    for (int j = i + 1; j < 4; ++j) {
      if (all[i]->is_alias_of(*all[j])) return false;
    }
  }
  return std::isfinite(etaminus) && std::isfinite(etaplus) && !std::isnan(lo) && !std::isnan(hi);
}

}  // namespace

extern "C" int eagertape_rprop_step(at::Tensor* param, const at::Tensor* grad, at::Tensor* prev,
                                    at::Tensor* step_size, double etaminus, double etaplus,
                                    double step_size_min, double step_size_max, int* handled,
                                    char** err) {
  try {
    *handled = 0;
    if (!takes_one_pass(*param, *grad, *prev, *step_size, etaminus, etaplus, step_size_min,
                        step_size_max)) {
      return 0;
    }
    if (param->scalar_type() == at::kFloat) {
      rprop_pass<float>(*param, *grad, *prev, *step_size, etaminus, etaplus, step_size_min,
                        step_size_max);
    } else {
      rprop_pass<double>(*param, *grad, *prev, *step_size, etaminus, etaplus, step_size_min,
                         step_size_max);
    }
    *handled = 1;
    return 0;
  } catch (const std::exception& e) {
    *err = strdup(e.what());
    return 1;
  } catch (...) {
    *err = strdup("unknown C++ exception in the Rprop update");
    return 1;
  }
}
