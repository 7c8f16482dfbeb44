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
    for (int g = 0; g < gens; ++g) {
        const std::uint64_t* in = (g & 1) ? b : a;
        std::uint64_t* out = (g & 1) ? a : b;
        for (std::size_t i = 1; i < n_pad + 1; i += lanes) {
            Vec prev, cur, next;
            __builtin_memcpy(&prev, in + i - 1, sizeof(Vec));
            __builtin_memcpy(&cur, in + i, sizeof(Vec));
            __builtin_memcpy(&next, in + i + 1, sizeof(Vec));
            const Vec r = eca_step_word(k, prev, cur, next);
            __builtin_memcpy(out + i, &r, sizeof(Vec));
        }
    }
}

}  // namespace toroid::detail
