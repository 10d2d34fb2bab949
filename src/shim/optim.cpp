// Optimizer updates in place, one C++ call each, with the `alpha=`/`value=` forms of LibTorch's
// kernels that tch does not expose (so no scaled temporaries). `eagertape_sgd_step`:
// torch.optim.SGD's single-tensor update.
// `eagertape_adam_step`: one Adam/AdamW update in place, in torch.optim.Adam's single-tensor order, with the
// `value=` forms of addcmul_/addcdiv_ that tch does not expose (so no scaled temporary of
// the gradient or of the first moment is allocated). All tensors are held exclusively by
// the caller. Returns 0, or 1 with a malloc'd message in *err (the caller frees it); no
// exception escapes.
#include <ATen/ATen.h>
#include <c10/core/GradMode.h>

#include <cstdlib>
#include <cstring>
#include <exception>
#include <vector>

extern "C" int eagertape_adam_step(at::Tensor* param, const at::Tensor* grad, at::Tensor* exp_avg,
                                   at::Tensor* exp_avg_sq, double lr, double beta1, double beta2,
                                   double eps, double weight_decay, int decoupled, double bias1,
                                   double bias2_sqrt, char** err) {
  try {
    c10::AutoGradMode no_grad(false);
    at::Tensor g = *grad;
    if (weight_decay != 0.0) {
      if (decoupled) {
        param->mul_(1.0 - lr * weight_decay);
      } else {
        g = g.add(*param, weight_decay);
      }
    }
    exp_avg->lerp_(g, 1.0 - beta1);
    exp_avg_sq->mul_(beta2).addcmul_(g, g, 1.0 - beta2);
    at::Tensor denom = exp_avg_sq->sqrt();
    denom.div_(bias2_sqrt).add_(eps);
    param->addcdiv_(*exp_avg, denom, -lr / bias1);
    return 0;
  } catch (const std::exception& e) {
    *err = strdup(e.what());
    return 1;
  } catch (...) {
    *err = strdup("unknown C++ exception in the Adam update");
    return 1;
  }
}

// `eagertape_fused_adam_step`: torch.optim.Adam/AdamW(fused=True)'s update of `n` parameters
// in one call: LibTorch's `_fused_adam_` / `_fused_adamw_` kernel on the lists, each step
// count given as the float32 tensor torch keeps per parameter (`steps[i]`). Each array holds
// `n` live tensors; `max_exp_avg_sqs` is null unless amsgrad. The same contract as
// `eagertape_adam_step`.
extern "C" int eagertape_fused_adam_step(at::Tensor* const* params, const at::Tensor* const* grads,
                                         at::Tensor* const* exp_avgs,
                                         at::Tensor* const* exp_avg_sqs,
                                         at::Tensor* const* max_exp_avg_sqs, const double* steps,
                                         int64_t n, double lr, double beta1, double beta2,
                                         double eps, double weight_decay, int decoupled,
                                         int amsgrad, int maximize, char** err) {
  try {
    c10::AutoGradMode no_grad(false);
    std::vector<at::Tensor> ps, gs, ms, vs, maxs, ss;
    for (auto* list : {&ps, &gs, &ms, &vs, &maxs, &ss}) {
      list->reserve(static_cast<size_t>(n));
    }
    for (int64_t i = 0; i < n; ++i) {
      ps.push_back(*params[i]);
      gs.push_back(*grads[i]);
      ms.push_back(*exp_avgs[i]);
      vs.push_back(*exp_avg_sqs[i]);
      if (amsgrad) {
        maxs.push_back(*max_exp_avg_sqs[i]);
      }
      ss.push_back(at::scalar_tensor(steps[i], params[i]->options().dtype(at::kFloat)));
    }
    if (decoupled) {
      at::_fused_adamw_(ps, gs, ms, vs, maxs, ss, lr, beta1, beta2, weight_decay, eps,
                        amsgrad != 0, maximize != 0);
    } else {
      at::_fused_adam_(ps, gs, ms, vs, maxs, ss, lr, beta1, beta2, weight_decay, eps,
                       amsgrad != 0, maximize != 0);
    }
    return 0;
  } catch (const std::exception& e) {
    *err = strdup(e.what());
    return 1;
  } catch (...) {
    *err = strdup("unknown C++ exception in the fused Adam update");
    return 1;
  }
}

extern "C" int eagertape_sgd_step(at::Tensor* param, const at::Tensor* grad, at::Tensor* buf,
                                  int first, double lr, double momentum, double dampening,
                                  double weight_decay, int nesterov, char** err) {
  try {
    c10::AutoGradMode no_grad(false);
    at::Tensor d = *grad;
    if (weight_decay != 0.0) {
      d = d.add(*param, weight_decay);
    }
    if (buf != nullptr) {
      if (first) {
        buf->copy_(d);
      } else {
        buf->mul_(momentum).add_(d, 1.0 - dampening);
      }
      if (nesterov) {
        d = d.add(*buf, momentum);
      } else {
        d = *buf;
      }
    }
    param->add_(d, -lr);
    return 0;
  } catch (const std::exception& e) {
    *err = strdup(e.what());
    return 1;
  } catch (...) {
    *err = strdup("unknown C++ exception in the SGD update");
    return 1;
  }
}
