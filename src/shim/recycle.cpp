// The questions the core asks LibTorch that tch does not expose. First: may this tensor's
// storage be written over as a later op's output? Yes only if the core's handle is the
// only reference to the tensor and to its storage (no view, no DLPack export, no other
// at::Tensor shares it), and the tensor is exactly what the pool key says: dense,
// contiguous from offset 0, of the given dtype, device and shape, with no autograd state.
//
// Second: where in its storage does the tensor start (`storage_offset()`, for torch's
// `Tensor.storage_offset`)?
//
// Header-only ATen calls; no exception escapes (a throwing accessor answers "no").
#include <ATen/core/TensorBase.h>

#include <cstdint>

extern "C" int eagertape_recyclable(const at::TensorBase* t, int32_t scalar_type,
                                    int32_t device_type, int32_t device_index,
                                    const int64_t* dims, int64_t rank) {
  try {
    if (t == nullptr || !t->defined()) return 0;
    if (t->use_count() != 1 || !t->has_storage()) return 0;
    const c10::Storage& storage = t->storage();
    if (storage.use_count() != 1) return 0;
    if (t->requires_grad() || t->is_conj() || t->is_neg()) return 0;
    if (static_cast<int32_t>(t->scalar_type()) != scalar_type) return 0;
    const c10::Device device = t->device();
    if (static_cast<int32_t>(device.type()) != device_type) return 0;
    if (device.has_index() ? device.index() != device_index : device_index != -1) return 0;
    if (t->dim() != rank) return 0;
    for (int64_t i = 0; i < rank; ++i) {
      if (t->size(i) != dims[i]) return 0;
    }
    if (t->storage_offset() != 0 || !t->is_contiguous()) return 0;
    const size_t nbytes = static_cast<size_t>(t->numel()) * t->element_size();
    if (storage.nbytes() != nbytes) return 0;
    return 1;
  } catch (...) {
    return 0;
  }
}

extern "C" int64_t eagertape_storage_offset(const at::TensorBase* t) {
  try {
    if (t == nullptr || !t->defined()) return 0;
    return t->storage_offset();
  } catch (...) {
    return 0;
  }
}
