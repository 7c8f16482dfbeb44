// Registers the engine's CPU backends, "cpu" in each registry
// (core/registry.hpp): the tile engine for one 2-D torus, the batch engine
// of sweeps, and the 1-D stepper, when a program starts.
//
// Why this always runs: toroid_engine is a static library, and a linker
// keeps an archive member only when something references it; nothing
// references this file. engine/CMakeLists.txt therefore gives every program
// that links toroid_engine the link option `-u toroid_cpu_registrar_anchor`,
// which keeps this object and its static initialiser.
#include "toroid/core/backend.hpp"
#include "toroid/core/batch_backend.hpp"
#include "toroid/cpu/cpu_backend.hpp"
#include "toroid/cpu/cpu_batch_backend.hpp"
#include "toroid/cpu/multistate_backend.hpp"
#include "toroid/cpu/named_rule_backend.hpp"
#include "toroid/eca/eca_backend.hpp"
#include "toroid/eca/eca_cpu.hpp"

// The symbol the link option names (C linkage: an unmangled name).
extern "C" const int toroid_cpu_registrar_anchor = 1;

namespace toroid {
namespace {

// Every cell every generation, or only the live area's tiles: the CPU tile
// engine serves both kinds of work. Generations and range-r rules go to the
// multi-state backend (cpu/multistate_backend.hpp), named rules (tables,
// trees, Golly's families) to the byte-cell backend
// (cpu/named_rule_backend.hpp), under the same name.
[[maybe_unused]] const bool registered = [] {
    backend_registry().add(
        {.name = "cpu",
         .preference = 0,
         .sparse = true,
         .create = [](const Rule& rule, const BackendOptions& options) -> std::unique_ptr<Backend> {
             if (rule.named()) return make_named_rule_cpu_backend(rule, options);
             if (rule.needs_multistate_backend()) return make_multistate_cpu_backend(rule, options);
             return std::make_unique<CpuBackend>(rule, options);
         }});
    batch_backend_registry().add(
        {.name = "cpu", .preference = 0, .sparse = true, .create = make_cpu_batch_backend});
    eca_backend_registry().add({.name = "cpu",
                                .preference = 0,
                                .sparse = true,
                                .create = [](int rule, const EcaBackendOptions& options) {
                                    return make_eca_cpu_backend(rule, options);
                                }});
    return true;
}();

}  // namespace
}  // namespace toroid
