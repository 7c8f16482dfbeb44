// TorusBatch and the batch registry (core/registry.hpp; backends register
// themselves from their own libraries).
#include "toroid/core/batch_backend.hpp"

#include <algorithm>

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

namespace {

// ResidentBatch in host memory, stepped by the backend's advance().
class HostResidentBatch final : public ResidentBatch {
  public:
    HostResidentBatch(BatchBackend& backend, TorusBatch batch)
        : backend_(backend), batch_(std::move(batch)) {}
    std::size_t count() const override { return batch_.count; }
    void advance(std::uint64_t gens, BatchHistory& history) override {
        backend_.advance(batch_, gens, history);
    }
    void nonzero_words(SparseTori& out) override {
        out.start.assign(1, 0);
        out.index.clear();
        out.word.clear();
        for (std::size_t i = 0; i < batch_.count; ++i) {
            const auto t = batch_.torus(i);
            for (std::size_t k = 0; k < t.size(); ++k)
                if (t[k]) {
                    out.index.push_back(std::uint32_t(k));
                    out.word.push_back(t[k]);
                }
            out.start.push_back(out.index.size());
        }
    }
    void keep(std::span<const std::size_t> keep) override {
        const std::size_t words = std::size_t(batch_.shape.torus_words());
        for (std::size_t k = 0; k < keep.size(); ++k) {
            const std::size_t from = keep[k];
            if (from == k) continue;  // ascending: from >= k, nothing overwritten yet
            std::copy_n(batch_.words.begin() + std::ptrdiff_t(from * words), words,
                        batch_.words.begin() + std::ptrdiff_t(k * words));
            batch_.rules[k] = batch_.rules[from];
            batch_.seeds[k] = batch_.seeds[from];
            batch_.generations[k] = batch_.generations[from];
        }
        batch_.count = keep.size();
        batch_.words.resize(keep.size() * words);
        batch_.rules.resize(keep.size());
        batch_.seeds.resize(keep.size());
        batch_.generations.resize(keep.size());
    }

  private:
    BatchBackend& backend_;
    TorusBatch batch_;
};

}  // namespace

std::unique_ptr<ResidentBatch> BatchBackend::resident(const TorusShape& shape,
                                                      std::span<const CompiledRule> rules,
                                                      const SparseTori& start) {
    TorusBatch batch(shape.width, shape.height, rules.size());
    for (std::size_t i = 0; i < rules.size(); ++i) {
        batch.rules[i] = rules[i];
        const auto torus = batch.torus(i);
        for (std::size_t e = start.start[i]; e < start.start[i + 1]; ++e)
            torus[start.index[e]] = start.word[e];
    }
    return std::make_unique<HostResidentBatch>(*this, std::move(batch));
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
