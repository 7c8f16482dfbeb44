// The row shifts of the multi-state backend and the run-time choice of its
// range-1 decision's instruction set (multistate_planes.hpp).
#include "multistate_planes.hpp"
#include "toroid/cpu_features.hpp"

namespace toroid::detail {

void shift_row(const std::uint64_t* row, std::int64_t width, std::int64_t words,
               std::uint64_t* west, std::uint64_t* east) {
    const std::int64_t last_word = (width - 1) / 64;
    const int last_bit = int((width - 1) % 64);
    const std::uint64_t last_cell = (row[last_word] >> last_bit) & 1;
    const std::uint64_t first_cell = row[0] & 1;
    for (std::int64_t j = 0; j < words; ++j) {
        west[j] = (row[j] << 1) | (j > 0 ? row[j - 1] >> 63 : last_cell);
        east[j] = (row[j] >> 1) | (j + 1 < words ? row[j + 1] << 63 : 0);
    }
    // Cell width - 1's east neighbour is cell 0 (padding bits above it are junk).
    const std::uint64_t bit = std::uint64_t(1) << last_bit;
    east[last_word] = (east[last_word] & ~bit) | (first_cell << last_bit);
}

DecideRows range1_decision(const Rule& two_state) {
#if defined(__x86_64__)
    switch (best_instruction_set()) {
        case InstructionSet::Avx512:
            return multistate_rows_avx512(two_state);
        case InstructionSet::Avx2:
            return multistate_rows_avx2(two_state);
        default:
            break;
    }
#endif
    return multistate_rows_portable(two_state);
}

DecideRows range_decision(const Rule& rule) {
#if defined(__x86_64__)
    switch (best_instruction_set()) {
        case InstructionSet::Avx512:
            return multistate_range_avx512(rule);
        case InstructionSet::Avx2:
            return multistate_range_avx2(rule);
        default:
            break;
    }
#endif
    return multistate_range_portable(rule);
}

DecayRows decay_rows() {
#if defined(__x86_64__)
    switch (best_instruction_set()) {
        case InstructionSet::Avx512:
            return multistate_decay_avx512;
        case InstructionSet::Avx2:
            return multistate_decay_avx2;
        default:
            break;
    }
#endif
    return multistate_decay_portable;
}

}  // namespace toroid::detail
