// The CPU batch kernel: up to four tori with one deterministic rule advanced
// as the lanes of a vector (see cpu_batch_backend.hpp). Included once per
// instruction set with TOROID_BATCH_KERNEL_NAME set.
#include <cstring>
#include <vector>

#include "../batch_kernel.hpp"
#include "toroid/core/torus_step.hpp"

namespace toroid::detail {
namespace {

typedef std::uint64_t Vec4 __attribute__((vector_size(32)));

template <class V>
void advance_group(TorusBatch& batch, const std::size_t* tori, int lanes, std::uint64_t gens,
                   BatchHistory& history, const std::uint64_t* word_keys) {
    const TorusShape& s = batch.shape;
    const std::size_t n = std::size_t(s.torus_words());
    const CompiledRule rule = batch.rules[tori[0]];
    std::vector<Vec4> a(n), b(n);
    for (std::size_t i = 0; i < n; ++i) {
        Vec4 v{};
        for (int l = 0; l < lanes; ++l) v[l] = batch.torus(tori[l])[i];
        a[i] = v;
    }
    for (std::uint64_t g = 0; g < gens; ++g) {
        for (std::int64_t y = 0; y < s.height; ++y)
            for (std::int64_t j = 0; j < s.words; ++j)
                b[std::size_t(y * s.words + j)] = torus_next_word<V, Vec4>(a.data(), s, rule, y, j);
        // Grid::hash() of every lane at once: splitmix64(w ^ splitmix64(i))
        // summed over the non-zero words, in vector arithmetic.
        Vec4 sum{};
        std::uint32_t pop[4] = {0, 0, 0, 0};
        for (std::size_t i = 0; i < n; ++i) {
            const Vec4 w = b[i];
            Vec4 z = (w ^ word_keys[i]) + 0x9e3779b97f4a7c15ULL;
            z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
            z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
            z ^= z >> 31;
            sum += z & (Vec4)(w != 0);
            for (int l = 0; l < 4; ++l) pop[l] += std::uint32_t(__builtin_popcountll(w[l]));
        }
        for (int l = 0; l < lanes; ++l) {
            const std::size_t at = std::size_t(g) * history.count + tori[l];
            history.hash[at] = hash_finish(s.width, s.height, sum[l]);
            history.population[at] = pop[l];
        }
        a.swap(b);
    }
    for (int l = 0; l < lanes; ++l) {
        auto t = batch.torus(tori[l]);
        for (std::size_t i = 0; i < n; ++i) t[i] = a[i][l];
        batch.generations[tori[l]] += gens;
    }
}

}  // namespace

void TOROID_BATCH_KERNEL_NAME(TorusBatch& batch, const std::size_t* tori, int lanes,
                              std::uint64_t gens, BatchHistory& history,
                              const std::uint64_t* word_keys) {
    with_step_variant(batch.rules[tori[0]], [&]<class V>(V) {
        if constexpr (!V::stochastic)  // stochastic tori take the scalar path
            advance_group<V>(batch, tori, lanes, gens, history, word_keys);
    });
}

}  // namespace toroid::detail
