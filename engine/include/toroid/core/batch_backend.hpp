// BatchBackend: many small independent tori advanced together, and its registry.
//
// Rule-family sweeps run millions of small soups. A batch holds `count` tori
// of one size in canonical storage (torus_step.hpp), back to back: torus i
// occupies words [i * shape.torus_words(), (i + 1) * shape.torus_words()). Each torus has
// its own compiled rule, stochastic seed and generation counter, so one pass
// can mix rules, and a slot can be refilled with a new soup while the others
// keep running. advance() steps every torus `gens` generations and records,
// after each generation g (1-based), the torus's Grid::hash() and population
// in the history, at index (g - 1) * count + i. A sweep detects cycles on
// that history without reading the tori back.
//
// Every backend gives bit-identical tori and histories: the arithmetic is
// torus_step.hpp's, whatever the lanes, threads or device.
//
// Registry: batch_backend_registry() (core/registry.hpp): "cpu" (registered
// from engine/src/cpu/cpu_registrar.cpp), "cuda" (the CUDA library), "auto".
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "toroid/core/compiled_rule.hpp"
#include "toroid/core/registry.hpp"
#include "toroid/core/torus_step.hpp"

namespace toroid {

struct TorusBatch {
    TorusShape shape;
    std::size_t count = 0;
    std::vector<std::uint64_t> words;
    std::vector<CompiledRule> rules;
    std::vector<std::uint64_t> seeds;
    std::vector<std::uint64_t> generations;

    TorusBatch() = default;
    TorusBatch(std::int64_t width, std::int64_t height, std::size_t count);
    std::span<std::uint64_t> torus(std::size_t i) {
        return {words.data() + i * std::size_t(shape.torus_words()),
                std::size_t(shape.torus_words())};
    }
    std::span<const std::uint64_t> torus(std::size_t i) const {
        return {words.data() + i * std::size_t(shape.torus_words()),
                std::size_t(shape.torus_words())};
    }
};

struct BatchHistory {
    std::size_t count = 0;
    std::uint64_t gens = 0;
    std::vector<std::uint64_t> hash;        // [(g - 1) * count + i]
    std::vector<std::uint32_t> population;  // same indexing
    void reset(std::size_t tori, std::uint64_t generations) {
        count = tori;
        gens = generations;
        hash.assign(tori * generations, 0);
        population.assign(tori * generations, 0);
    }
};

struct BatchOptions {
    int threads = 0;  // callers that may run advance() at once (CPU); 0 = all cores
};

class BatchBackend {
  public:
    virtual ~BatchBackend() = default;
    virtual std::string name() const = 0;
    // Tori per advance() call that keep the backend busy.
    virtual std::size_t preferred_batch(const TorusShape& shape) const = 0;
    // How many threads may call advance() concurrently, each on its own
    // batch (the CPU backend: one per core; a device: 1).
    virtual int concurrent_callers() const = 0;
    virtual void advance(TorusBatch& batch, std::uint64_t gens, BatchHistory& history) = 0;
};

using BatchBackendRegistry = Registry<BatchBackend, const BatchOptions&>;
using BatchBackendEntry = BatchBackendRegistry::Entry;
BatchBackendRegistry& batch_backend_registry();

// "auto" picks the preferred usable one; unknown or unusable names are InputError.
std::unique_ptr<BatchBackend> create_batch_backend(const std::string& name,
                                                   const BatchOptions& options = {});

}  // namespace toroid
