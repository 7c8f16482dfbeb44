// toroid_base's instruction-set choice, the one every CPU kernel asks.
#include <gtest/gtest.h>

#include <algorithm>

#include "toroid/cpu_features.hpp"
#include "toroid/error.hpp"
#include "toroid/usable_cores.hpp"

namespace toroid {
namespace {

TEST(CpuFeatures, NamesRoundTrip) {
    for (InstructionSet isa :
         {InstructionSet::Portable, InstructionSet::Avx2, InstructionSet::Avx512})
        EXPECT_EQ(parse_instruction_set(to_string(isa)), isa);
    EXPECT_THROW(parse_instruction_set("sse2"), InputError);
    EXPECT_THROW(parse_instruction_set("AVX2"), InputError);
}

TEST(CpuFeatures, LevelsAreNestedAndTheBestIsSupported) {
    const auto sets = supported_instruction_sets();
    ASSERT_FALSE(sets.empty());
    EXPECT_EQ(sets.back(), InstructionSet::Portable);
    EXPECT_TRUE(std::is_sorted(sets.rbegin(), sets.rend()));
    // A processor with the AVX-512 level has the AVX2 level too.
    if (cpu_supports(InstructionSet::Avx512)) {
        EXPECT_TRUE(cpu_supports(InstructionSet::Avx2));
    }
    EXPECT_TRUE(cpu_supports(best_instruction_set()));
}

TEST(CpuFeatures, UsableCoresIsAtLeastOne) {
    EXPECT_GE(usable_cores(), 1u);
}

}  // namespace
}  // namespace toroid
