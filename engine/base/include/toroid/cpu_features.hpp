// Instruction sets of toroid's CPU kernels, chosen at run time.
//
// Every hot loop that uses wide vectors (the CPU backend's tile kernels, the
// batch kernel of sweeps, the 1-D stepper, the games' pair kernels) is
// compiled once per level with that level's -m flags in a file of its own,
// and entered only when best_instruction_set() allows it: one binary runs on
// every x86-64 processor. A level is what our kernels of that level use:
//
//   avx512    AVX-512 F, VL, BW, DQ, VPOPCNTDQ and VBMI2 (Ice Lake, Zen 4 on)
//   avx2      AVX2 and BMI2 (Haswell, Zen on)
//   portable  plain C++ (and whatever the compiler's baseline allows)
//
// TOROID_CPU_ISA=portable|avx2|avx512 in the environment caps the choice for
// every kernel alike (benchmarks and tests compare the levels); any other
// value is an InputError, not a silent default.
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

namespace toroid {

enum class InstructionSet : std::uint8_t { Portable = 0, Avx2 = 1, Avx512 = 2 };

std::string_view to_string(InstructionSet isa);  // "portable", "avx2", "avx512"
// "portable", "avx2" or "avx512"; anything else is an InputError naming them.
InstructionSet parse_instruction_set(std::string_view name);

// Whether this processor runs the level (the cap does not apply).
bool cpu_supports(InstructionSet isa);
// The levels this processor runs, best first (the cap does not apply).
std::vector<InstructionSet> supported_instruction_sets();
// The best level this processor runs, capped by TOROID_CPU_ISA.
InstructionSet best_instruction_set();

}  // namespace toroid
