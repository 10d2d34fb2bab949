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
#include <stdexcept>
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

// `eagertape_state_op`: one pointwise tensor method of torch.optim's single-tensor formulas
// (`StateOp` in src/kernel/fused.rs, whose `code` gives `op` and the scalars `s0`, `s1`) on
// `a` with operands `b`, `c` (null where the op takes fewer). With `out` null, the in-place
// form writes `a` (held exclusively by the caller); else the out-of-place form's result is
// a fresh `new at::Tensor` in *out. The same contract as `eagertape_adam_step`.
static at::Tensor state_op(int op, at::Tensor& a, const at::Tensor* b, const at::Tensor* c,
                           double s0, double s1, bool in_place) {
  switch (op) {
    case 0:
      return in_place ? a.mul_(s0) : a.mul(s0);
    case 1:
      return in_place ? a.add_(s0) : a.add(s0);
    case 2:
      return in_place ? a.div_(s0) : a.div(s0);
    case 3:
      return in_place ? a.add_(*b, s0) : a.add(*b, s0);
    case 4:
      return in_place ? a.sub_(*b) : a.sub(*b);
    case 5:
      return in_place ? a.mul_(*b) : a.mul(*b);
    case 6:
      return in_place ? a.div_(*b) : a.div(*b);
    case 7:
      return in_place ? a.addcmul_(*b, *c, s0) : a.addcmul(*b, *c, s0);
    case 8:
      return in_place ? a.addcdiv_(*b, *c, s0) : a.addcdiv(*b, *c, s0);
    case 9:
      return in_place ? a.lerp_(*b, s0) : a.lerp(*b, s0);
    case 10:
      return in_place ? a.sqrt_() : a.sqrt();
    case 11:
      return in_place ? a.abs_() : a.abs();
    case 12:
      return in_place ? a.sign_() : a.sign();
    case 13:
      return in_place ? a.reciprocal_() : a.reciprocal();
    case 14:
      return in_place ? at::maximum_out(a, a, *b) : at::maximum(a, *b);
    case 15:
      return in_place ? a.clamp_(s0, s1) : a.clamp(s0, s1);
    case 16:
      return in_place ? a.masked_fill_(a.gt(s0), s1) : a.masked_fill(a.gt(s0), s1);
    case 17:
      return in_place ? a.masked_fill_(a.lt(s0), s1) : a.masked_fill(a.lt(s0), s1);
    case 18:
      return in_place ? a.masked_fill_(a.eq(s0), s1) : a.masked_fill(a.eq(s0), s1);
    case 19:
      return in_place ? a.masked_fill_(b->eq(s0), s1) : a.masked_fill(b->eq(s0), s1);
    default:
      throw std::invalid_argument("unknown optimizer state op");
  }
}

extern "C" int eagertape_state_op(int op, at::Tensor* a, const at::Tensor* b, const at::Tensor* c,
                                  double s0, double s1, at::Tensor** out, char** err) {
  try {
    c10::AutoGradMode no_grad(false);
    if (out == nullptr) {
      state_op(op, *a, b, c, s0, s1, true);
    } else {
      *out = new at::Tensor(state_op(op, *a, b, c, s0, s1, false));
    }
    return 0;
  } catch (const std::exception& e) {
    *err = strdup(e.what());
    return 1;
  } catch (...) {
    *err = strdup("unknown C++ exception in an optimizer state op");
    return 1;
  }
}
