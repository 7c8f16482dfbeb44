#include "named_registry.hpp"
#include "toroid/core/batch_backend.hpp"
#include "toroid/cpu/cpu_batch_backend.hpp"
#include "toroid/error.hpp"

namespace toroid {

TorusBatch::TorusBatch(std::int64_t width, std::int64_t height, std::size_t n)
    : shape(TorusShape::of(width, height)),
      count(n),
      words(n * std::size_t(shape.words()), 0),
      rules(n),
      seeds(n, 0),
      generations(n, 0) {
    if (width < 1 || height < 1)
        throw InputError("batch torus " + std::to_string(width) + "x" + std::to_string(height) +
                         " is invalid: expected both sides >= 1");
}

namespace {

// The same lookup as the 2-D and 1-D registries (named_registry.hpp); the
// engine registers "cpu", the CUDA library "cuda" (kernels/src/cuda_registrar.cpp).
detail::NamedRegistry<BatchBackendEntry>& registry() {
    static detail::NamedRegistry<BatchBackendEntry> r(
        {BatchBackendEntry{"cpu", 0, [] { return true; }, [] { return std::string(); },
                           [](const BatchOptions& o) { return make_cpu_batch_backend(o); }}});
    return r;
}

}  // namespace

void register_batch_backend(BatchBackendEntry entry) {
    registry().add(std::move(entry));
}

std::vector<std::string> available_batch_backends() {
    return registry().names(true);
}

std::unique_ptr<BatchBackend> create_batch_backend(const std::string& name,
                                                   const BatchOptions& options) {
    return registry().find(name, "batch backend")(options);
}

}  // namespace toroid
