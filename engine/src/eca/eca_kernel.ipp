// The ECA block kernel body, included by eca_kernel_{portable,avx2,avx512}.cpp
// with TOROID_ECA_VEC_BYTES and TOROID_ECA_KERNEL_NAME defined. Uses only the
// always-inlined shared functions and builtins: nothing here may produce an
// out-of-line symbol shared with other translation units (see eca_update.hpp);
// everything else is in an anonymous namespace.
//
// With TOROID_ECA_SPECIALISE defined, the loop is instantiated once per rule
// with the rule as a compile-time constant, so the compiler folds the
// multiplexer of eca_apply to the rule's own few operations (rule 90 is one
// XOR); a table picks the instance at run time.
#include <utility>

#include "eca_kernel.hpp"
#include "toroid/eca/eca_update.hpp"

namespace toroid::detail {
namespace {

typedef std::uint64_t Vec __attribute__((vector_size(TOROID_ECA_VEC_BYTES)));
constexpr std::size_t kLanes = TOROID_ECA_VEC_BYTES / 8;

// Lanes (prev[last], cur[0 .. last-1]) and (cur[1 .. last], next[0]): the
// neighbour words come from registers (valignq / vpermt2q), not from loads.
template <std::size_t... I>
inline __attribute__((always_inline)) Vec lanes_left(Vec prev, Vec cur, std::index_sequence<I...>) {
    return __builtin_shufflevector(prev, cur, (kLanes - 1 + I)...);
}
template <std::size_t... I>
inline __attribute__((always_inline)) Vec lanes_right(Vec cur, Vec next,
                                                      std::index_sequence<I...>) {
    return __builtin_shufflevector(cur, next, (I + 1)...);
}

inline __attribute__((always_inline)) void run_generations(std::uint64_t* a, std::uint64_t* b,
                                                           std::size_t n_pad, int gens,
                                                           const EcaMasks k) {
    constexpr auto lanes = std::make_index_sequence<kLanes>();
    for (int g = 0; g < gens; ++g) {
        const std::uint64_t* in = (g & 1) ? b : a;
        std::uint64_t* out = (g & 1) ? a : b;
        Vec prev = {};
        prev[kLanes - 1] = in[0];
        Vec cur;
        __builtin_memcpy(&cur, in + 1, sizeof(Vec));
        for (std::size_t i = 1; i < n_pad + 1; i += kLanes) {
            Vec next;
            __builtin_memcpy(&next, in + i + kLanes, sizeof(Vec));
            const Vec r =
                eca_step_word(k, lanes_left(prev, cur, lanes), cur, lanes_right(cur, next, lanes));
            __builtin_memcpy(out + i, &r, sizeof(Vec));
            prev = cur;
            cur = next;
        }
    }
}

#if defined(TOROID_ECA_SPECIALISE)
using Fn = void (*)(std::uint64_t*, std::uint64_t*, std::size_t, int);

template <unsigned Rule>
void run_rule(std::uint64_t* a, std::uint64_t* b, std::size_t n_pad, int gens) {
    run_generations(a, b, n_pad, gens, eca_masks(Rule));
}

template <class Seq>
struct RuleTable;
template <unsigned... Rules>
struct RuleTable<std::integer_sequence<unsigned, Rules...>> {
    static constexpr Fn fns[] = {&run_rule<Rules>...};
};
using Table = RuleTable<std::make_integer_sequence<unsigned, 256>>;
#endif

}  // namespace

void TOROID_ECA_KERNEL_NAME(std::uint64_t* a, std::uint64_t* b, std::size_t n_pad, int gens,
                            unsigned rule) {
#if defined(TOROID_ECA_SPECIALISE)
    Table::fns[rule & 255](a, b, n_pad, gens);
#else
    run_generations(a, b, n_pad, gens, eca_masks(rule));
#endif
}

}  // namespace toroid::detail
