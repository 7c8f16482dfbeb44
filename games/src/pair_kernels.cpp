#include "pair_kernels.hpp"

namespace toroid::games::detail {

void mark_rare_batch(std::uint8_t* rows, const std::uint32_t* offset, const std::uint32_t* g,
                     std::size_t first, const std::uint32_t* pos, const std::uint32_t* val,
                     std::size_t lo, std::size_t hi) {
    for (std::size_t i = lo; i < hi; ++i) {
        const std::uint32_t* partner = g + (first - pos[i]);
        const std::uint32_t x = val[i];
        for (std::size_t j = 0; j < kRareBatch; ++j) rows[offset[j] + (x ^ partner[j])] = 1;
    }
}

std::size_t hunt_pair_portable(const std::uint32_t* g, std::size_t r, std::size_t a0,
                               std::size_t a1, const std::uint32_t* values, std::size_t count) {
    // Blocks of 8 pairs with a branch-free test, so the compiler can use
    // whatever vectors the build allows; the block with a hit is searched again.
    constexpr std::size_t kStep = 8;
    std::size_t a = a0;
    for (; a + kStep <= a1; a += kStep) {
        std::uint32_t x[kStep];
        for (std::size_t i = 0; i < kStep; ++i) x[i] = g[a + i] ^ g[r - a - i];
        bool hit = false;
        for (std::size_t k = 0; k < count; ++k)
            for (std::size_t i = 0; i < kStep; ++i) hit |= x[i] == values[k];
        if (hit) break;
    }
    for (; a < a1; ++a) {
        const std::uint32_t x = g[a] ^ g[r - a];
        for (std::size_t k = 0; k < count; ++k)
            if (x == values[k]) return a;
    }
    return a1;
}

#if defined(TOROID_GAMES_X86)
bool pair_kernels_have_avx512() {
    static const bool has = __builtin_cpu_supports("avx512f");
    return has;
}
#else
bool pair_kernels_have_avx512() {
    return false;
}
std::size_t hunt_pair_avx512(const std::uint32_t* g, std::size_t r, std::size_t a0, std::size_t a1,
                             const std::uint32_t* values, std::size_t count) {
    return hunt_pair_portable(g, r, a0, a1, values, count);
}
#endif

std::size_t hunt_pair(const std::uint32_t* g, std::size_t r, std::size_t a0, std::size_t a1,
                      const std::uint32_t* values, std::size_t count) {
    return pair_kernels_have_avx512() ? hunt_pair_avx512(g, r, a0, a1, values, count)
                                      : hunt_pair_portable(g, r, a0, a1, values, count);
}

}  // namespace toroid::games::detail
