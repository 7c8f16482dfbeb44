// Registers the CUDA library's backends, "cuda" for the 2-D Backend registry,
// the 1-D EcaBackend registry and the BatchBackend registry (sweeps), when a program starts.
//
// Why this always runs: toroid_kernels is a static library, and a linker
// keeps an archive member only when something references it; no front end
// references this file. kernels/CMakeLists.txt therefore gives every program
// that links toroid_kernels the link option `-u toroid_cuda_registrar_anchor`,
// which makes the linker keep this object, and with it the static
// initialiser below. The registration only stores factories: no CUDA call
// happens before a backend is asked for, and a missing device is reported
// then (usable() is false, why() says what is missing).
#include <string>

#include "toroid/core/backend.hpp"
#include "toroid/core/batch_backend.hpp"
#include "toroid/eca/eca_backend.hpp"
#include "toroid/gpu/batch.hpp"
#include "toroid/gpu/cuda_backend.hpp"
#include "toroid/gpu/cuda_multistate_backend.hpp"
#include "toroid/gpu/cuda_named_rule_backend.hpp"
#include "toroid/gpu/device.hpp"
#include "toroid/gpu/eca.hpp"

// The symbol the link option names (C linkage: an unmangled name).
extern "C" const int toroid_cuda_registrar_anchor = 1;

namespace toroid::gpu {
namespace {

constexpr int kCudaPreference = 10;  // "auto" prefers the GPU when it is usable

bool cuda_usable() {
    return device_count() > 0;
}

// A GPU steps every cell every generation: "auto" prefers it for dense work
// only (sparse = false), the analysers keep the CPU's active tiles.
[[maybe_unused]] const bool registered = [] {
    backend_registry().add({.name = "cuda",
                            .preference = kCudaPreference,
                            .usable = cuda_usable,
                            .why = device_description,
                            .create = [](const Rule& rule, const BackendOptions& options) {
                                // Rule tables and trees, Generations and range-r
                                // rules run on byte tori of their own.
                                if (rule.named())
                                    return make_cuda_named_rule_backend(rule, options);
                                if (rule.needs_multistate_backend())
                                    return make_cuda_multistate_backend(rule, options);
                                return make_cuda_backend(rule, options);
                            }});
    eca_backend_registry().add({.name = "cuda",
                                .preference = kCudaPreference,
                                .usable = cuda_usable,
                                .why = device_description,
                                .create = [](int rule, const EcaBackendOptions& options) {
                                    return make_cuda_eca_backend(rule, options);
                                }});
    batch_backend_registry().add(
        {.name = "cuda",
         .preference = kCudaPreference,
         .usable = cuda_usable,
         .why = device_description,
         .create = [](const BatchOptions& options) { return make_cuda_batch_backend(options); }});
    return true;
}();

}  // namespace
}  // namespace toroid::gpu
