// DLPack both ways, through LibTorch's own converters (ATen/DLConvertor.h).
//
// Export: `eagertape_to_dlpack` wraps `at::toDLPack[Versioned]`. The managed tensor it
// returns holds one more reference to the at::Tensor (so to its storage) until its deleter
// runs; the shim chains the caller's `done(done_ctx)` after LibTorch's own deleter, which is
// how the core learns that the consumer let go (the ledger's `exported` bytes). `flags`
// (read-only, is-copied) are OR-ed into a versioned export's flags.
//
// Import: `eagertape_from_dlpack` wraps `at::fromDLPack[Versioned]`: the new at::Tensor owns
// the managed tensor and calls its deleter when its storage goes. On failure nothing was
// consumed (the caller's capsule still owns it).
//
// Every function returns 0, or 1 with a malloc'd message in *err; no exception escapes.
#include <ATen/ATen.h>
#include <ATen/DLConvertor.h>
#include <ATen/dlpack.h>

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <exception>

namespace {

int fail(char** err, const char* what) {
  *err = strdup(what);
  return 1;
}

// What the chained deleter needs: LibTorch's context and deleter, and the caller's hook.
template <class M>
struct Chained {
  void* inner_ctx;
  void (*inner_deleter)(M*);
  void (*done)(void*);
  void* done_ctx;
};

template <class M>
void chained_deleter(M* m) {
  auto* c = static_cast<Chained<M>*>(m->manager_ctx);
  void (*done)(void*) = c->done;
  void* done_ctx = c->done_ctx;
  m->manager_ctx = c->inner_ctx;
  auto inner = c->inner_deleter;
  delete c;
  if (inner != nullptr) inner(m);  // frees `m` and drops the at::Tensor reference
  if (done != nullptr) done(done_ctx);
}

template <class M>
void chain(M* m, void (*done)(void*), void* done_ctx) {
  auto* c = new Chained<M>{m->manager_ctx, m->deleter, done, done_ctx};
  m->manager_ctx = c;
  m->deleter = chained_deleter<M>;
}

}  // namespace

extern "C" int eagertape_to_dlpack(const at::Tensor* t, int versioned, uint64_t flags,
                                   void (*done)(void*), void* done_ctx, void** out,
                                   char** err) {
  try {
    *out = nullptr;
    if (versioned != 0) {
      DLManagedTensorVersioned* m = at::toDLPackVersioned(*t);
      m->flags |= flags;
      chain(m, done, done_ctx);
      *out = m;
    } else {
      DLManagedTensor* m = at::toDLPack(*t);
      chain(m, done, done_ctx);
      *out = m;
    }
    return 0;
  } catch (const std::exception& e) {
    return fail(err, e.what());
  } catch (...) {
    return fail(err, "unknown C++ exception in toDLPack");
  }
}

// Read a managed tensor's device (DLDeviceType, id), dtype (code, bits, lanes), rank and
// flags (0 for a legacy one) without consuming it.
extern "C" void eagertape_dlpack_describe(void* managed, int versioned, int32_t* device_type,
                                          int32_t* device_id, int32_t* code, int32_t* bits,
                                          int32_t* lanes, int32_t* ndim, uint64_t* flags,
                                          uint32_t* major) {
  const DLTensor* d;
  if (versioned != 0) {
    auto* m = static_cast<DLManagedTensorVersioned*>(managed);
    d = &m->dl_tensor;
    *flags = m->flags;
    *major = m->version.major;
  } else {
    auto* m = static_cast<DLManagedTensor*>(managed);
    d = &m->dl_tensor;
    *flags = 0;
    *major = 0;
  }
  *device_type = static_cast<int32_t>(d->device.device_type);
  *device_id = d->device.device_id;
  *code = d->dtype.code;
  *bits = d->dtype.bits;
  *lanes = d->dtype.lanes;
  *ndim = d->ndim;
}

// Call a managed tensor's deleter (a capsule that was never consumed).
extern "C" void eagertape_dlpack_delete(void* managed, int versioned) {
  if (managed == nullptr) return;
  if (versioned != 0) {
    auto* m = static_cast<DLManagedTensorVersioned*>(managed);
    if (m->deleter != nullptr) m->deleter(m);
  } else {
    auto* m = static_cast<DLManagedTensor*>(managed);
    if (m->deleter != nullptr) m->deleter(m);
  }
}

extern "C" int eagertape_from_dlpack(void* managed, int versioned, at::Tensor** out,
                                     char** err) {
  try {
    *out = nullptr;
    at::Tensor t = versioned != 0
                       ? at::fromDLPackVersioned(static_cast<DLManagedTensorVersioned*>(managed))
                       : at::fromDLPack(static_cast<DLManagedTensor*>(managed));
    *out = new at::Tensor(std::move(t));
    return 0;
  } catch (const std::exception& e) {
    return fail(err, e.what());
  } catch (...) {
    return fail(err, "unknown C++ exception in fromDLPack");
  }
}
