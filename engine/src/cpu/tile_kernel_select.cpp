// Run-time choice of the tile kernel's instruction set: the one place the CPU
// backend (and everything stepped by it) asks what this processor can do.
#include <string_view>

#include "cpu_tiles.hpp"
#include "toroid/cpu_features.hpp"
#include "toroid/error.hpp"

namespace toroid::detail {

std::vector<std::string> available_instruction_sets() {
    std::vector<std::string> out;
    for (InstructionSet isa : supported_instruction_sets()) out.emplace_back(to_string(isa));
    return out;
}

// `wanted` empty: the best this CPU has, capped by TOROID_CPU_ISA (toroid_base's
// best_instruction_set); otherwise exactly that one, or InputError.
TileKernels select_tile_kernel(const CompiledRule& rule, std::string_view wanted,
                               std::string* isa) {
    InstructionSet chosen = best_instruction_set();
    if (!wanted.empty()) {
        chosen = parse_instruction_set(wanted);
        if (!cpu_supports(chosen)) {
            std::string list;
            for (const auto& s : available_instruction_sets())
                list += (list.empty() ? "" : ", ") + s;
            throw InputError("instruction set '" + std::string(wanted) +
                             "' is not available on this CPU (expected one of: " + list + ")");
        }
    }
    if (isa) *isa = std::string(to_string(chosen));
    if (chosen == InstructionSet::Avx512) {
        TileKernels k = tile_kernel_avx512(rule);
        k.half = tile_kernel_avx512_half(rule).step;
        // Table-tree rules (with_step_variant's TableTreeStep): the tree as code.
        if (rule.uses_circuit && !rule.count_corrected && rule.uses_tree)
            k.table_jit = TableJit::make(rule.tree);
        return k;
    }
    if (chosen == InstructionSet::Avx2) return tile_kernel_avx2(rule);
    return tile_kernel_portable(rule);
}

}  // namespace toroid::detail
