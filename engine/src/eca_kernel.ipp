// The ECA block kernel body, included by eca_kernel_{portable,avx2,avx512}.cpp
// with TOROID_ECA_VEC_BYTES and TOROID_ECA_KERNEL_NAME defined. Uses only the
// always-inlined shared functions and builtins: nothing here may produce an
// out-of-line symbol shared with other translation units (see eca_update.hpp).
#include "eca_kernel.hpp"
#include "toroid/eca_update.hpp"

namespace toroid::detail {

void TOROID_ECA_KERNEL_NAME(std::uint64_t* a, std::uint64_t* b, std::size_t n_pad, int gens,
                            unsigned rule) {
    typedef std::uint64_t Vec __attribute__((vector_size(TOROID_ECA_VEC_BYTES)));
    constexpr std::size_t lanes = TOROID_ECA_VEC_BYTES / 8;
    const EcaMasks k = eca_masks(rule);
    // Neighbour words come from registers: the vector before and after the
    // current one, merged with one lane of offset (valignq / vpalignr).
    Vec left_idx, right_idx;
    for (std::size_t j = 0; j < lanes; ++j) {
        left_idx[j] = lanes - 1 + j;  // prev[lanes-1], cur[0 .. lanes-2]
        right_idx[j] = j + 1;         // cur[1 .. lanes-1], next[0]
    }
    for (int g = 0; g < gens; ++g) {
        const std::uint64_t* in = (g & 1) ? b : a;
        std::uint64_t* out = (g & 1) ? a : b;
        Vec prev = {};
        prev[lanes - 1] = in[0];
        Vec cur;
        __builtin_memcpy(&cur, in + 1, sizeof(Vec));
        for (std::size_t i = 1; i < n_pad + 1; i += lanes) {
            Vec next;
            __builtin_memcpy(&next, in + i + lanes, sizeof(Vec));
            const Vec lw = __builtin_shuffle(prev, cur, left_idx);
            const Vec rw = __builtin_shuffle(cur, next, right_idx);
            const Vec r = eca_step_word(k, lw, cur, rw);
            __builtin_memcpy(out + i, &r, sizeof(Vec));
            prev = cur;
            cur = next;
        }
    }
}

}  // namespace toroid::detail
