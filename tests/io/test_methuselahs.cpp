// The library's methuselah facts, checked with the CPU backend (the naive
// reference simulator is too slow for thousands of generations). The torus
// is large enough that escaping gliders do not wrap into the debris before
// the generation checked.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "toroid/cpu/cpu_backend.hpp"
#include "toroid/io/pattern.hpp"

namespace toroid {
namespace {

// Populations at the given generations (ascending), from one run.
std::vector<std::uint64_t> populations_at(const std::string& name, std::int64_t size,
                                          std::initializer_list<std::uint64_t> generations) {
    const Pattern p =
        read_pattern_file(std::string(TOROID_SOURCE_DIR) + "/patterns/" + name + ".rle");
    CpuBackend b(p.rule.value_or(Rule()), BackendOptions{2, 0});
    b.load(place_pattern(p, size, size));
    std::vector<std::uint64_t> out;
    for (const std::uint64_t g : generations) {
        b.step(g - b.generation());
        out.push_back(b.population());
    }
    return out;
}

std::uint64_t population_at(const std::string& name, std::int64_t size, std::uint64_t generation) {
    return populations_at(name, size, {generation})[0];
}

using Pops = std::vector<std::uint64_t>;

TEST(Methuselahs, RPentominoPopulation116AtGeneration1103) {
    EXPECT_EQ(population_at("r-pentomino", 512, 1103), 116u);
}

TEST(Methuselahs, RPentominoIsStableFromGeneration1103) {
    // Stable apart from the gliders: still lifes and blinkers repeat with period 2.
    const Pattern p =
        read_pattern_file(std::string(TOROID_SOURCE_DIR) + "/patterns/r-pentomino.rle");
    CpuBackend b(Rule(), BackendOptions{2, 0});
    b.load(place_pattern(p, 512, 512));
    b.step(1101);
    const std::uint64_t before = b.population();
    b.step(2);
    EXPECT_NE(before, 116u);  // still changing just before
    EXPECT_EQ(b.population(), 116u);
    b.step(2);
    EXPECT_EQ(b.population(), 116u);
}

TEST(Methuselahs, AcornPopulation633AtGeneration5206) {
    EXPECT_EQ(population_at("acorn", 4096, 5206), 633u);
}

TEST(Methuselahs, HeptominoesStabilise) {
    EXPECT_EQ(populations_at("b-heptomino", 512, {147, 148, 200}), (Pops{31, 28, 28}));
    EXPECT_EQ(populations_at("pi-heptomino", 512, {172, 173, 250}), (Pops{57, 55, 55}));
}

// The long ones need a 16384^2 torus so that no glider wraps around: a few
// seconds with the sparse CPU backend.
TEST(Methuselahs, RabbitsPopulation1744AtGeneration17331) {
    EXPECT_EQ(populations_at("rabbits", 16384, {17330, 17331, 17400}), (Pops{1746, 1744, 1744}));
}

TEST(Methuselahs, LidkaSettlesAtPopulation1623) {
    // 29054 is not settled yet (even phase); from 29055 on: 1625 odd, 1623 even.
    EXPECT_EQ(populations_at("lidka", 16384, {29054, 29055, 29056, 29057, 30000}),
              (Pops{1625, 1625, 1623, 1625, 1623}));
}

TEST(Methuselahs, DiehardDiesAtGeneration130) {
    EXPECT_GT(population_at("diehard", 128, 129), 0u);
    EXPECT_EQ(population_at("diehard", 128, 130), 0u);
}

}  // namespace
}  // namespace toroid
