// The kernels of LibTorch's activations that tch exposes without their numbers or not at
// all: `softplus(x, beta, threshold)`, `elu(x, alpha, scale, input_scale)`, `celu(x,
// alpha)`, `selu(x)`, `hardshrink(x, lambd)`, `softshrink(x, lambd)` and
// `log_sigmoid_backward` (whose CPU kernel reads the buffer of `log_sigmoid_forward`, a
// two-output op tch leaves out: recomputed here from `x`). Writes a
// heap-allocated at::Tensor (the tch C API's tensor handle, owned by the caller from then
// on) into `*out`. Returns 0, or 1 with a malloc'd message in *err (the caller frees it);
// no exception escapes.
#include <ATen/ATen.h>
#include <c10/core/GradMode.h>

#include <cstdlib>
#include <cstring>
#include <exception>

namespace {

int fail(char** err, const char* what) {
  *err = strdup(what);
  return 1;
}

}  // namespace

// `which`: 0 softplus(x, a, b); 1 elu(x, a, 1, 1); 2 log_sigmoid_backward(g, x) (`g` is
// read only there); 3 celu(x, a); 4 selu(x); 5 hardshrink(x, a); 6 softshrink(x, a).
extern "C" int eagertape_activation(int which, const at::Tensor* x, const at::Tensor* g,
                                    double a, double b, at::Tensor** out, char** err) {
  try {
    c10::AutoGradMode no_grad(false);
    switch (which) {
      case 0:
        *out = new at::Tensor(at::softplus(*x, a, b));
        return 0;
      case 1:
        *out = new at::Tensor(at::elu(*x, a, 1, 1));
        return 0;
      case 2: {
        if (g == nullptr) return fail(err, "log_sigmoid_backward without a cotangent");
        auto buffer = std::get<1>(at::log_sigmoid_forward(*x));
        *out = new at::Tensor(at::log_sigmoid_backward(*g, *x, buffer));
        return 0;
      }
      case 3:
        *out = new at::Tensor(at::celu(*x, a));
        return 0;
      case 4:
        *out = new at::Tensor(at::selu(*x));
        return 0;
      case 5:
        *out = new at::Tensor(at::hardshrink(*x, a));
        return 0;
      case 6:
        *out = new at::Tensor(at::softshrink(*x, a));
        return 0;
      default:
        return fail(err, "unknown activation");
    }
  } catch (const std::exception& e) {
    return fail(err, e.what());
  } catch (...) {
    return fail(err, "unknown C++ exception in an activation kernel");
  }
}
