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
