#include "toroid/cpu_features.hpp"

#include <cstdlib>
#include <string>

#include "toroid/error.hpp"

namespace toroid {

std::string_view to_string(InstructionSet isa) {
    switch (isa) {
        case InstructionSet::Avx512:
            return "avx512";
        case InstructionSet::Avx2:
            return "avx2";
        case InstructionSet::Portable:
            break;
    }
    return "portable";
}

InstructionSet parse_instruction_set(std::string_view name) {
    for (InstructionSet isa :
         {InstructionSet::Portable, InstructionSet::Avx2, InstructionSet::Avx512})
        if (name == to_string(isa)) return isa;
    throw InputError("unknown instruction set '" + std::string(name) +
                     "': expected portable, avx2 or avx512");
}

bool cpu_supports(InstructionSet isa) {
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
    __builtin_cpu_init();
    switch (isa) {
        case InstructionSet::Avx512:
            return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512vl") &&
                   __builtin_cpu_supports("avx512bw") && __builtin_cpu_supports("avx512dq") &&
                   __builtin_cpu_supports("avx512vpopcntdq") &&
                   __builtin_cpu_supports("avx512vbmi2") && __builtin_cpu_supports("bmi2");
        case InstructionSet::Avx2:
            return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("bmi2");
        case InstructionSet::Portable:
            return true;
    }
    return false;
#else
    return isa == InstructionSet::Portable;
#endif
}

std::vector<InstructionSet> supported_instruction_sets() {
    std::vector<InstructionSet> out;
    for (InstructionSet isa :
         {InstructionSet::Avx512, InstructionSet::Avx2, InstructionSet::Portable})
        if (cpu_supports(isa)) out.push_back(isa);
    return out;
}

InstructionSet best_instruction_set() {
    // The environment is read once: every kernel of a process sees one cap.
    static const InstructionSet cap = [] {
        const char* env = std::getenv("TOROID_CPU_ISA");
        if (!env || !*env) return InstructionSet::Avx512;
        try {
            return parse_instruction_set(env);
        } catch (const InputError& e) {
            throw InputError(std::string("environment variable TOROID_CPU_ISA: ") + e.what());
        }
    }();
    for (InstructionSet isa : supported_instruction_sets())
        if (isa <= cap) return isa;
    return InstructionSet::Portable;
}

}  // namespace toroid
