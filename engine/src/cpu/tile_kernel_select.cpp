// Run-time choice of the tile kernel's instruction set: the one place the CPU
// backend (and everything stepped by it) asks what this processor can do.
#include <cstdlib>
#include <string_view>

#include "cpu_tiles.hpp"
#include "toroid/error.hpp"

namespace toroid::detail {

std::vector<std::string> available_instruction_sets() {
    std::vector<std::string> out;
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
    __builtin_cpu_init();
    if (__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512vl") &&
        __builtin_cpu_supports("avx512bw") && __builtin_cpu_supports("avx512dq") &&
        __builtin_cpu_supports("avx512vpopcntdq") && __builtin_cpu_supports("avx512vbmi2"))
        out.push_back("avx512");
    if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("bmi2")) out.push_back("avx2");
#endif
    out.push_back("portable");
    return out;
}

// `wanted` empty: the best this CPU has, capped by TOROID_CPU_ISA=portable|avx2
// (benchmarks compare them); otherwise exactly that one, or InputError.
TileKernels select_tile_kernel(const CompiledRule& rule, std::string_view wanted,
                               std::string* isa) {
    const std::vector<std::string> sets = available_instruction_sets();
    std::string chosen;
    if (!wanted.empty()) {
        for (const auto& s : sets)
            if (s == wanted) chosen = s;
        if (chosen.empty()) {
            std::string list;
            for (const auto& s : sets) list += (list.empty() ? "" : ", ") + s;
            throw InputError("instruction set '" + std::string(wanted) +
                             "' is not available on this CPU (expected one of: " + list + ")");
        }
    } else {
        const char* cap_env = std::getenv("TOROID_CPU_ISA");
        const std::string_view cap = cap_env ? cap_env : "";
        for (const auto& s : sets) {
            if (cap == "portable" && s != "portable") continue;
            if (cap == "avx2" && s == "avx512") continue;
            chosen = s;
            break;
        }
    }
    if (isa) *isa = chosen;
    if (chosen == "avx512") {
        TileKernels k = tile_kernel_avx512(rule);
        k.half = tile_kernel_avx512_half(rule).step;
        return k;
    }
    if (chosen == "avx2") return tile_kernel_avx2(rule);
    return tile_kernel_portable(rule);
}

}  // namespace toroid::detail
