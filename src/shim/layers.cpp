// The kernels of LibTorch's layers that tch does not expose: the backward kernels whose
// `output_mask` is a std::array<bool, 3> (`convolution_backward`,
// `native_layer_norm_backward`, `native_batch_norm_backward`), and `nll_loss_forward`, whose
// second result (the total weight) its backward reads. Each
// writes a heap-allocated at::Tensor (the tch C API's tensor handle, owned by the caller
// from then on) into each out pointer whose mask bit is set, and null into the others.
// Returns 0, or 1 with a malloc'd message in *err (the caller frees it); no exception
// escapes.
#include <ATen/ATen.h>
#include <ATen/core/dispatch/Dispatcher.h>
#include <c10/core/GradMode.h>

#include <array>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <optional>
#include <tuple>
#include <vector>

namespace {

at::Tensor* owned(const at::Tensor& t, bool wanted) {
  return wanted ? new at::Tensor(t) : nullptr;
}

int fail(char** err, const char* what) {
  *err = strdup(what);
  return 1;
}

}  // namespace

extern "C" int eagertape_convolution_backward(
    const at::Tensor* grad, const at::Tensor* input, const at::Tensor* weight,
    int64_t bias_len, const int64_t* stride, const int64_t* padding, const int64_t* dilation,
    int64_t dims, int transposed, const int64_t* output_padding, int64_t groups, int mask0,
    int mask1, int mask2, at::Tensor** grad_input, at::Tensor** grad_weight,
    at::Tensor** grad_bias, char** err) {
  try {
    c10::AutoGradMode no_grad(false);
    std::vector<int64_t> bias_sizes;
    if (bias_len >= 0) bias_sizes.push_back(bias_len);
    at::OptionalIntArrayRef bias =
        bias_len >= 0 ? at::OptionalIntArrayRef(bias_sizes) : at::OptionalIntArrayRef();
    std::array<bool, 3> mask{mask0 != 0, mask1 != 0, mask2 != 0 && bias_len >= 0};
    auto r = at::convolution_backward(
        *grad, *input, *weight, bias, at::IntArrayRef(stride, dims),
        at::IntArrayRef(padding, dims), at::IntArrayRef(dilation, dims), transposed != 0,
        at::IntArrayRef(output_padding, dims), groups, mask);
    *grad_input = owned(std::get<0>(r), mask[0]);
    *grad_weight = owned(std::get<1>(r), mask[1]);
    *grad_bias = owned(std::get<2>(r), mask[2]);
    return 0;
  } catch (const std::exception& e) {
    return fail(err, e.what());
  } catch (...) {
    return fail(err, "unknown C++ exception in convolution_backward");
  }
}

extern "C" int eagertape_layer_norm_backward(
    const at::Tensor* grad, const at::Tensor* input, const int64_t* normalized_shape,
    int64_t dims, const at::Tensor* mean, const at::Tensor* rstd, const at::Tensor* weight,
    const at::Tensor* bias, int mask0, int mask1, int mask2, at::Tensor** grad_input,
    at::Tensor** grad_weight, at::Tensor** grad_bias, char** err) {
  try {
    c10::AutoGradMode no_grad(false);
    std::optional<at::Tensor> w;
    std::optional<at::Tensor> b;
    if (weight != nullptr) w = *weight;
    if (bias != nullptr) b = *bias;
    std::array<bool, 3> mask{mask0 != 0, mask1 != 0 && weight != nullptr,
                             mask2 != 0 && bias != nullptr};
    auto r = at::native_layer_norm_backward(*grad, *input,
                                            at::IntArrayRef(normalized_shape, dims), *mean,
                                            *rstd, w, b, mask);
    *grad_input = owned(std::get<0>(r), mask[0]);
    *grad_weight = owned(std::get<1>(r), mask[1]);
    *grad_bias = owned(std::get<2>(r), mask[2]);
    return 0;
  } catch (const std::exception& e) {
    return fail(err, e.what());
  } catch (...) {
    return fail(err, "unknown C++ exception in native_layer_norm_backward");
  }
}

extern "C" int eagertape_batch_norm_backward(
    const at::Tensor* grad, const at::Tensor* input, const at::Tensor* weight,
    const at::Tensor* running_mean, const at::Tensor* running_var,
    const at::Tensor* save_mean, const at::Tensor* save_invstd, int train, double eps,
    int mask0, int mask1, int mask2, at::Tensor** grad_input, at::Tensor** grad_weight,
    at::Tensor** grad_bias, char** err) {
  try {
    c10::AutoGradMode no_grad(false);
    auto opt = [](const at::Tensor* t) {
      return t != nullptr ? std::optional<at::Tensor>(*t) : std::optional<at::Tensor>();
    };
    std::array<bool, 3> mask{mask0 != 0, mask1 != 0 && weight != nullptr, mask2 != 0};
    auto r = at::native_batch_norm_backward(*grad, *input, opt(weight), opt(running_mean),
                                            opt(running_var), opt(save_mean),
                                            opt(save_invstd), train != 0, eps, mask);
    *grad_input = owned(std::get<0>(r), mask[0]);
    *grad_weight = owned(std::get<1>(r), mask[1]);
    *grad_bias = owned(std::get<2>(r), mask[2]);
    return 0;
  } catch (const std::exception& e) {
    return fail(err, e.what());
  } catch (...) {
    return fail(err, "unknown C++ exception in native_batch_norm_backward");
  }
}

// torch's `F.cross_entropy` / `F.nll_loss` of a 2-D input `(N, C)` and class ids `(N,)`:
// `z = _log_softmax(x, 1)` when `log_softmax` (else `z = x`), then `nll_loss_forward(z,
// target, weight, reduction, ignore_index)`. *loss and *total_weight get new handles, and
// *log_probs `z` when `log_softmax` (null otherwise): the backward reads it, as torch's.
extern "C" int eagertape_nll_loss_forward(const at::Tensor* x, const at::Tensor* target,
                                          const at::Tensor* weight, int64_t reduction,
                                          int64_t ignore_index, int log_softmax,
                                          at::Tensor** loss, at::Tensor** log_probs,
                                          at::Tensor** total_weight, char** err) {
  try {
    c10::AutoGradMode no_grad(false);
    std::optional<at::Tensor> w;
    if (weight != nullptr) w = *weight;
    at::Tensor z = log_softmax != 0 ? at::_log_softmax(*x, 1, false) : *x;
    auto r = at::nll_loss_forward(z, *target, w, reduction, ignore_index);
    *loss = new at::Tensor(std::get<0>(r));
    *total_weight = new at::Tensor(std::get<1>(r));
    *log_probs = owned(z, log_softmax != 0);
    return 0;
  } catch (const std::exception& e) {
    return fail(err, e.what());
  } catch (...) {
    return fail(err, "unknown C++ exception in nll_loss_forward");
  }
}

// torch's `mkldnn_bf16_device_check()`, which its `use_mkldnn` asks before it runs a
// bfloat16 RNN through oneDNN, read through the op torch registers for it
// (`torch.ops.mkldnn._is_mkldnn_bf16_supported`): 1 if oneDNN runs bfloat16 on this CPU,
// 0 if not or if the op is missing.
extern "C" int eagertape_mkldnn_bf16_supported() {
  try {
    auto op = c10::Dispatcher::singleton()
                  .findSchemaOrThrow("mkldnn::_is_mkldnn_bf16_supported", "")
                  .typed<bool()>();
    return op.call() ? 1 : 0;
  } catch (...) {
    return 0;
  }
}
