// Run-time choice of the census torus's tile stepper (soup_tiles.hpp): the
// instruction set the tile kernels would use (best_instruction_set(),
// capped by TOROID_CPU_ISA), so tests run both on every level.
#include "soup_tiles.hpp"
#include "toroid/cpu_features.hpp"

namespace toroid::detail {

SoupTilesKernel select_soup_tiles(std::string* isa) {
    const InstructionSet chosen = best_instruction_set();
    if (isa) *isa = std::string(to_string(chosen));
#if defined(__x86_64__)
    if (chosen == InstructionSet::Avx512) return soup_tiles_avx512();
    if (chosen == InstructionSet::Avx2) return soup_tiles_avx2();
#endif
    return soup_tiles_portable();
}

}  // namespace toroid::detail
