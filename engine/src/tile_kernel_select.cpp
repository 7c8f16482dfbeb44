#include "cpu_tiles.hpp"

namespace toroid::detail {

TileKernel select_tile_kernel(const CompiledRule& rule, std::string* isa) {
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
    __builtin_cpu_init();
    if (__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512vl") &&
        __builtin_cpu_supports("avx512bw") && __builtin_cpu_supports("avx512dq") &&
        __builtin_cpu_supports("avx512vpopcntdq")) {
        if (isa) *isa = "avx512";
        return tile_kernel_avx512(rule);
    }
    if (__builtin_cpu_supports("avx2")) {
        if (isa) *isa = "avx2";
        return tile_kernel_avx2(rule);
    }
#endif
    if (isa) *isa = "portable";
    return tile_kernel_portable(rule);
}

}  // namespace toroid::detail
