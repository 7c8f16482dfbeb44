#include <cstdlib>
#include <string_view>

#include "cpu_tiles.hpp"

namespace toroid::detail {

// TOROID_CPU_ISA=portable|avx2 caps the instruction set (tests run every
// kernel the CPU has; benchmarks compare them).
TileKernel select_tile_kernel(const CompiledRule& rule, std::string* isa) {
    const char* cap_env = std::getenv("TOROID_CPU_ISA");
    const std::string_view cap = cap_env ? cap_env : "";
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
    __builtin_cpu_init();
    if (cap != "portable" && cap != "avx2" && __builtin_cpu_supports("avx512f") &&
        __builtin_cpu_supports("avx512vl") && __builtin_cpu_supports("avx512bw") &&
        __builtin_cpu_supports("avx512dq") && __builtin_cpu_supports("avx512vpopcntdq") &&
        __builtin_cpu_supports("avx512vbmi2")) {
        if (isa) *isa = "avx512";
        return tile_kernel_avx512(rule);
    }
    if (cap != "portable" && __builtin_cpu_supports("avx2")) {
        if (isa) *isa = "avx2";
        return tile_kernel_avx2(rule);
    }
#endif
    if (isa) *isa = "portable";
    return tile_kernel_portable(rule);
}

}  // namespace toroid::detail
