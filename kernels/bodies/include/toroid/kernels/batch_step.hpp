// Kernel bodies of the CUDA batch backend (toroid/core/batch_backend.hpp).
//
// batch_step_body: one thread per word of every torus of the batch. Thread
// g (global x index) computes word g % words of torus g / words, where words
// = shape.torus_words(), from the batch's input buffer into the output buffer,
// with the torus's own rule, seed and generation (torus_step.hpp). Threads
// past count * words do nothing.
//
// batch_history_body: one thread per torus, after a step: the torus's
// Grid::hash() and population into the history row of this generation.
//
// gather_tori_body: one thread per word of a smaller batch, torus k a copy
// of torus keep[k] of the larger one (ResidentBatch::keep on the device).
// scatter_words_body: one thread per nonzero word of a sparse start, into
// zeroed tori (BatchBackend::resident on the device).
//
// No barriers, no shared memory: all are plain emulate_launch() bodies.
#pragma once

#include <cstddef>
#include <cstdint>

#include "toroid/core/compiled_rule.hpp"
#include "toroid/core/launch_index.hpp"
#include "toroid/core/torus_step.hpp"

namespace toroid::kernels {

struct BatchStepArgs {
    const std::uint64_t* in = nullptr;
    std::uint64_t* out = nullptr;
    TorusShape shape;
    std::uint64_t count = 0;
    const CompiledRule* rules = nullptr;
    const std::uint64_t* seeds = nullptr;
    const std::uint64_t* generations = nullptr;  // at the start of the advance() call
    std::uint64_t step = 0;                      // generations already done in this call
};

TOROID_HD void batch_step_body(const LaunchIndex& idx, const BatchStepArgs& a) {
    const std::uint64_t words = std::uint64_t(a.shape.torus_words());
    const std::uint64_t g = std::uint64_t(idx.global_x());
    if (g >= a.count * words) return;
    const std::uint64_t torus = g / words, w = g % words;
    const std::int64_t y = std::int64_t(w) / a.shape.words, j = std::int64_t(w) % a.shape.words;
    a.out[g] = torus_next_word_any(a.in + torus * words, a.shape, a.rules[torus], a.seeds[torus],
                                   a.generations[torus] + a.step, y, j);
}

struct BatchHistoryArgs {
    const std::uint64_t* words = nullptr;
    TorusShape shape;
    std::uint64_t count = 0;
    std::uint64_t* hash = nullptr;        // this generation's row: count entries
    std::uint32_t* population = nullptr;  // likewise
};

TOROID_HD void batch_history_body(const LaunchIndex& idx, const BatchHistoryArgs& a) {
    const std::uint64_t torus = std::uint64_t(idx.global_x());
    if (torus >= a.count) return;
    const std::uint64_t* t = a.words + torus * std::uint64_t(a.shape.torus_words());
    a.hash[torus] = torus_hash(t, a.shape);
    a.population[torus] = torus_population(t, a.shape);
}

struct GatherToriArgs {
    const std::uint64_t* in = nullptr;
    std::uint64_t* out = nullptr;
    std::uint64_t torus_words = 0;
    const std::uint64_t* keep = nullptr;  // torus k of out is torus keep[k] of in
    std::uint64_t count = 0;              // tori of out
};

TOROID_HD void gather_tori_body(const LaunchIndex& idx, const GatherToriArgs& a) {
    const std::uint64_t g = std::uint64_t(idx.global_x());
    if (g >= a.count * a.torus_words) return;
    const std::uint64_t k = g / a.torus_words, w = g % a.torus_words;
    a.out[g] = a.in[a.keep[k] * a.torus_words + w];
}

struct ScatterWordsArgs {
    std::uint64_t* out = nullptr;  // zeroed tori
    std::uint64_t torus_words = 0;
    const std::uint32_t* torus = nullptr;  // of each entry
    const std::uint32_t* index = nullptr;  // in its torus
    const std::uint64_t* word = nullptr;
    std::uint64_t entries = 0;
};

TOROID_HD void scatter_words_body(const LaunchIndex& idx, const ScatterWordsArgs& a) {
    const std::uint64_t e = std::uint64_t(idx.global_x());
    if (e >= a.entries) return;
    a.out[std::uint64_t(a.torus[e]) * a.torus_words + a.index[e]] = a.word[e];
}

}  // namespace toroid::kernels
