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
// that history without reading the tori back; with_signature adds the CPU
// backend's signature of each generation.
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
    // Set by the caller before advance(): each generation's signature too,
    // the CPU backend's (core/tile_signature.hpp), for a census that replays
    // the record (analysis/census_record.hpp).
    bool with_signature = false;
    std::vector<std::uint64_t> signature;  // same indexing, when with_signature
    void reset(std::size_t tori, std::uint64_t generations) {
        count = tori;
        gens = generations;
        hash.assign(tori * generations, 0);
        population.assign(tori * generations, 0);
        signature.assign(with_signature ? tori * generations : 0, 0);
    }
};

struct BatchOptions {
    int threads = 0;  // callers that may run advance() at once (CPU); 0 = all cores
};

// The nonzero words of a batch's tori: torus i's are entries [start[i],
// start[i + 1]) of `index` (canonical word index) and `word`, in no
// particular order.
struct SparseTori {
    std::vector<std::size_t> start;  // count + 1 entries
    std::vector<std::uint32_t> index;
    std::vector<std::uint64_t> word;
};

// A batch kept where its backend steps it (device memory for CUDA) across
// calls: a caller that steps in chunks and reads only what changed in
// between (a census's record: each chunk's history, the tori's nonzero words,
// the tori still wanted) moves no whole tori across the bus.
class ResidentBatch {
  public:
    virtual ~ResidentBatch() = default;
    virtual std::size_t count() const = 0;
    // As BatchBackend::advance() on the batch held.
    virtual void advance(std::uint64_t gens, BatchHistory& history) = 0;
    virtual void nonzero_words(SparseTori& out) = 0;
    // Keeps tori keep[0], keep[1], ... (indices into the batch held, ascending),
    // in that order.
    virtual void keep(std::span<const std::size_t> keep) = 0;
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
    // Tori of `shape` made resident, torus i holding the nonzero words of
    // `start`'s torus i, with rules[i], seed 0, at generation 0 (a sparse
    // start: a census's soups are a few words of a large torus). This one
    // keeps them in host memory and steps them by advance(); a device
    // overrides it.
    virtual std::unique_ptr<ResidentBatch> resident(const TorusShape& shape,
                                                    std::span<const CompiledRule> rules,
                                                    const SparseTori& start);
};

using BatchBackendRegistry = Registry<BatchBackend, const BatchOptions&>;
using BatchBackendEntry = BatchBackendRegistry::Entry;
BatchBackendRegistry& batch_backend_registry();

// "auto" picks the preferred usable one; unknown or unusable names are InputError.
std::unique_ptr<BatchBackend> create_batch_backend(const std::string& name,
                                                   const BatchOptions& options = {});

}  // namespace toroid
