// TorusBatch and the batch registry (core/registry.hpp; backends register
// themselves from their own libraries).
#include "toroid/core/batch_backend.hpp"

#include "toroid/error.hpp"

namespace toroid {

TorusBatch::TorusBatch(std::int64_t width, std::int64_t height, std::size_t n)
    : shape(TorusShape::of(width, height)),
      count(n),
      words(n * std::size_t(shape.torus_words()), 0),
      rules(n),
      seeds(n, 0),
      generations(n, 0) {
    if (width < 1 || height < 1)
        throw InputError("batch torus " + std::to_string(width) + "x" + std::to_string(height) +
                         " is invalid: expected both sides >= 1");
}

BatchBackendRegistry& batch_backend_registry() {
    static BatchBackendRegistry r("batch backend");
    return r;
}

std::unique_ptr<BatchBackend> create_batch_backend(const std::string& name,
                                                   const BatchOptions& options) {
    return batch_backend_registry().create(name, options);
}

}  // namespace toroid
