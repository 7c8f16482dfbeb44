#include "toroid/cpu/cpu_batch_backend.hpp"

#include <cstring>
#include <vector>

#include "batch_kernel.hpp"
#include "toroid/core/tile_signature.hpp"
#include "toroid/cpu/thread_pool.hpp"
#include "toroid/cpu_features.hpp"

namespace toroid {
namespace {

detail::BatchGroupKernel avx2_kernel() {
#if defined(__x86_64__)
    return &detail::batch_group_avx2;
#else
    return &detail::batch_group_portable;
#endif
}

class CpuBatchBackend final : public BatchBackend {
  public:
    explicit CpuBatchBackend(const BatchOptions& o)
        : callers_(o.threads > 0 ? o.threads : ThreadPool::hardware_threads()) {
#if defined(__x86_64__)
        avx2_ = best_instruction_set() >= InstructionSet::Avx2;  // capped by TOROID_CPU_ISA
#endif
        kernel_ = avx2_ ? avx2_kernel() : &detail::batch_group_portable;
    }

    std::string name() const override {
        return avx2_ ? "cpu (avx2, 4 tori per vector)" : "cpu (portable, 4 tori per vector)";
    }
    std::size_t preferred_batch(const TorusShape&) const override {
        return 32;
    }
    int concurrent_callers() const override {
        return callers_;
    }

    void advance(TorusBatch& batch, std::uint64_t gens, BatchHistory& history) override {
        history.reset(batch.count, gens);
        if (gens == 0) return;
        if (!history.with_signature) return advance_plain(batch, gens, history);
        // The kernels keep no generation but the last: one generation a
        // call, the signature (with the hash and population it sums the
        // same tiles for) from the tori between calls.
        BatchHistory one;
        for (std::uint64_t g = 0; g < gens; ++g) {
            advance_plain(batch, 1, one);
            for (std::size_t i = 0; i < batch.count; ++i) {
                const TorusTileSums sums = torus_tile_sums(batch.torus(i).data(), batch.shape);
                const std::size_t at = std::size_t(g) * batch.count + i;
                history.hash[at] = sums.hash(batch.shape);
                history.population[at] = sums.population;
                history.signature[at] = sums.signature;
            }
        }
    }

  private:
    void advance_plain(TorusBatch& batch, std::uint64_t gens, BatchHistory& history) {
        history.reset(batch.count, gens);
        // Hash keys of the word indices (per call: callers run concurrently).
        const std::size_t n = std::size_t(batch.shape.torus_words());
        std::vector<std::uint64_t> keys(n);
        for (std::size_t i = 0; i < n; ++i) keys[i] = splitmix64(std::uint64_t(i));
        // Group consecutive tori with equal deterministic rules, four per vector.
        std::size_t group[4];
        int lanes = 0;
        auto flush = [&] {
            if (lanes > 0) kernel_(batch, group, lanes, gens, history, keys.data());
            lanes = 0;
        };
        for (std::size_t i = 0; i < batch.count; ++i) {
            const CompiledRule& r = batch.rules[i];
            if (r.stochastic()) {
                cpu_batch_advance_scalar(batch, i, gens, history);
                continue;
            }
            if (lanes > 0 && std::memcmp(&batch.rules[group[0]], &r, sizeof r) != 0) flush();
            group[lanes++] = i;
            if (lanes == 4) flush();
        }
        flush();
    }

    int callers_;
    bool avx2_ = false;
    detail::BatchGroupKernel kernel_;
};

}  // namespace

std::unique_ptr<BatchBackend> make_cpu_batch_backend(const BatchOptions& options) {
    return std::make_unique<CpuBatchBackend>(options);
}

void cpu_batch_advance_scalar(TorusBatch& batch, std::size_t torus, std::uint64_t gens,
                              BatchHistory& history) {
    const TorusShape& s = batch.shape;
    const CompiledRule rule = batch.rules[torus];
    const std::uint64_t seed = batch.seeds[torus];
    auto t = batch.torus(torus);
    std::vector<std::uint64_t> a(t.begin(), t.end()), b(a.size());
    std::uint64_t gen = batch.generations[torus];
    with_step_variant(rule, [&]<class V>(V) {
        for (std::uint64_t g = 0; g < gens; ++g, ++gen) {
            for (std::int64_t y = 0; y < s.height; ++y)
                for (std::int64_t j = 0; j < s.words; ++j)
                    b[std::size_t(y * s.words + j)] =
                        torus_next_word_exact<V>(a.data(), s, rule, seed, gen, y, j);
            const std::size_t at = std::size_t(g) * history.count + torus;
            history.hash[at] = torus_hash(b.data(), s);
            history.population[at] = torus_population(b.data(), s);
            a.swap(b);
        }
    });
    std::copy(a.begin(), a.end(), t.begin());
    batch.generations[torus] = gen;
}

}  // namespace toroid
