// Optimizer updates whose pointwise steps run in passes of our own where that rounds as
// torch.optim's single-tensor kernels do, element by element: each pass makes values that
// are either selected (signs, masked fills, a clamp) or one IEEE operation on two values of
// the parameter's dtype, so the order of operations, not a kernel, fixes every rounding;
// everything else (an `addcmul_`, an `add_(alpha=)`, whose vectorized kernels fuse a
// product and a sum, and `sqrt`, which LibTorch takes from MKL's VML on the CPU) stays
// LibTorch's own call. The scalars are cast to the dtype as LibTorch casts a Scalar. The
// shim builds with -ffp-contract=off, so no product and sum of ours fuse into one rounding.
// The passes run over LibTorch's own element loop (`TensorIterator::for_each`, which splits
// the elements over LibTorch's threads as its kernels do).
//
// Only CPU tensors of float32 or float64, of one dtype and shape, none sharing storage with
// another, take these paths: anything else returns *handled = 0 with nothing touched, and
// the caller runs torch's sequence of calls. Each returns 0, or 1 with a malloc'd message in
// *err (the caller frees it); no exception escapes.
//
// `eagertape_rprop_step`: torch.optim.Rprop's update in one pass, where torch runs sixteen
// kernels (`sign(g * prev)`, three masked fills of the sign, `step_size.mul_(sign).clamp_(lo,
// hi)`, a clone of the gradient, one more masked fill, `sign`, `param.addcmul_(., step_size,
// value=-1)`, `prev.copy_`). The update's product `-sign(kept) * step_size` is exact, so
// `p + product` rounds once as the `addcmul_` does. `sign` is LibTorch's `(0 < x) - (x < 0)`
// (+0 for NaN and for -0); the clamp keeps a NaN and otherwise is `min(max(x, lo), hi)`, as
// `clamp_` is; every masked fill is applied in torch's order, so an `etaminus` or `etaplus`
// that rounds to 0 or 1 in the dtype behaves as torch's does. Finite etas and non-NaN step
// bounds only.
//
// `eagertape_adadelta_step`: torch.optim.Adadelta's update in eight passes where torch runs
// eleven: `v.mul_(rho).addcmul_(g, g, 1 - rho)`, then ours: `std = v + eps` and
// `delta = u + eps` in one pass, LibTorch's `sqrt_` of each, ours: `delta = delta / std * g`
// with `u *= rho` in one pass, then `u.addcmul_(delta, delta, 1 - rho)` and
// `param.add_(delta, alpha=-lr)`.
#include <ATen/ATen.h>
#include <ATen/Dispatch.h>
#include <ATen/TensorIterator.h>
#include <c10/core/GradMode.h>

#include <cmath>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <initializer_list>

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

// `element(a, b, c, d)` on every element of four operands of one dtype and shape, the first
// `Outputs` written (and read), the others read, over LibTorch's element loop; where all four
// are contiguous, a plain loop over unaliased pointers that the compiler vectorizes.
template <typename T, int Outputs, typename E>
void four_operand_pass(const at::Tensor& a, const at::Tensor& b, const at::Tensor& c,
                       const at::Tensor& d, E element) {
  at::TensorIteratorConfig config;
  config.set_check_mem_overlap(false).resize_outputs(false);
  const at::Tensor* operands[] = {&a, &b, &c, &d};
  for (int k = 0; k < 4; ++k) {
    if (k < Outputs) {
      config.add_output(*operands[k]);
    } else {
      config.add_const_input(*operands[k]);
    }
  }
  auto iter = config.build();
  iter.for_each([element](char** data, const int64_t* strides, int64_t n) {
    constexpr int64_t w = sizeof(T);
    const E e = element;  // a local copy: its scalars stay in registers, the loop vectorizes
    if (strides[0] == w && strides[1] == w && strides[2] == w && strides[3] == w) {
      T* __restrict p0 = reinterpret_cast<T*>(data[0]);
      T* __restrict p1 = reinterpret_cast<T*>(data[1]);
      T* __restrict p2 = reinterpret_cast<T*>(data[2]);
      T* __restrict p3 = reinterpret_cast<T*>(data[3]);
      for (int64_t i = 0; i < n; ++i) {
        e(p0[i], p1[i], p2[i], p3[i]);
      }
      return;
    }
    for (int64_t i = 0; i < n; ++i) {
      e(*reinterpret_cast<T*>(data[0] + i * strides[0]),
        *reinterpret_cast<T*>(data[1] + i * strides[1]),
        *reinterpret_cast<T*>(data[2] + i * strides[2]),
        *reinterpret_cast<T*>(data[3] + i * strides[3]));
    }
  });
}

template <typename T>
void rprop_pass(at::Tensor& param, const at::Tensor& grad, at::Tensor& prev, at::Tensor& size,
                double etaminus, double etaplus, double lo_d, double hi_d) {
  const T minus = static_cast<T>(etaminus);
  const T plus = static_cast<T>(etaplus);
  const T lo = static_cast<T>(lo_d);
  const T hi = static_cast<T>(hi_d);
  four_operand_pass<T, 3>(param, prev, size, grad, [=](T& p, T& pv, T& z, T g) {
    rprop_element<T>(p, pv, z, g, minus, plus, lo, hi);
  });
}

// Adadelta's passes of its own (see the file comment).
template <typename T>
void adadelta_plus_eps(at::Tensor& std_, at::Tensor& delta, const at::Tensor& v,
                       const at::Tensor& u, double eps_d) {
  const T eps = static_cast<T>(eps_d);
  four_operand_pass<T, 2>(std_, delta, v, u, [=](T& s, T& d, T vi, T ui) {
    s = vi + eps;
    d = ui + eps;
  });
}

template <typename T>
void adadelta_scaled_delta(at::Tensor& delta, at::Tensor& u, const at::Tensor& std_,
                           const at::Tensor& grad, double rho_d) {
  const T rho = static_cast<T>(rho_d);
  four_operand_pass<T, 2>(delta, u, std_, grad, [=](T& d, T& ui, T s, T g) {
    d = d / s;
    d = d * g;
    ui = ui * rho;
  });
}

// Whether these tensors take the passes of our own: CPU float32/float64 of one dtype and
// shape, the first `written` sharing storage with none of the others.
bool takes_passes(std::initializer_list<const at::Tensor*> all, size_t written) {
  const at::Tensor& first = **all.begin();
  const auto dtype = first.scalar_type();
  if (dtype != at::kFloat && dtype != at::kDouble) return false;
  for (const at::Tensor* t : all) {
    if (!t->defined() || !t->device().is_cpu() || t->scalar_type() != dtype ||
        t->sizes() != first.sizes() || t->is_neg() || t->is_conj()) {
      return false;
    }
  }
  size_t i = 0;
  for (const at::Tensor* t : all) {
    size_t j = 0;
    for (const at::Tensor* o : all) {
      if (i < j && (i < written || j < written) && t->is_alias_of(*o)) return false;
      ++j;
    }
    ++i;
  }
  return true;
}

}  // namespace

extern "C" int eagertape_rprop_step(at::Tensor* param, const at::Tensor* grad, at::Tensor* prev,
                                    at::Tensor* step_size, double etaminus, double etaplus,
                                    double step_size_min, double step_size_max, int* handled,
                                    char** err) {
  try {
    *handled = 0;
    if (!takes_passes({param, prev, step_size, grad}, 3) || !std::isfinite(etaminus) ||
        !std::isfinite(etaplus) || std::isnan(step_size_min) || std::isnan(step_size_max)) {
      return 0;
    }
    AT_DISPATCH_FLOATING_TYPES(param->scalar_type(), "rprop", [&] {
      rprop_pass<scalar_t>(*param, *grad, *prev, *step_size, etaminus, etaplus, step_size_min,
                           step_size_max);
    });
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

extern "C" int eagertape_adadelta_step(at::Tensor* param, const at::Tensor* grad,
                                       at::Tensor* square_avg, at::Tensor* acc_delta, double lr,
                                       double rho, double eps, int* handled, char** err) {
  try {
    *handled = 0;
    if (!takes_passes({param, square_avg, acc_delta, grad}, 3)) {
      return 0;
    }
    c10::AutoGradMode no_grad(false);
    at::Tensor& v = *square_avg;
    at::Tensor& u = *acc_delta;
    v.mul_(rho).addcmul_(*grad, *grad, 1.0 - rho);
    at::Tensor std_ = at::empty_like(v);
    at::Tensor delta = at::empty_like(u);
    AT_DISPATCH_FLOATING_TYPES(v.scalar_type(), "adadelta", [&] {
      adadelta_plus_eps<scalar_t>(std_, delta, v, u, eps);
      std_.sqrt_();
      delta.sqrt_();
      adadelta_scaled_delta<scalar_t>(delta, u, std_, *grad, rho);
    });
    u.addcmul_(delta, delta, 1.0 - rho);
    param->add_(delta, -lr);
    *handled = 1;
    return 0;
  } catch (const std::exception& e) {
    *err = strdup(e.what());
    return 1;
  } catch (...) {
    *err = strdup("unknown C++ exception in the Adadelta update");
    return 1;
  }
}
