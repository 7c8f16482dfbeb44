// The CUDA step of named rules (kernels/bodies/.../named_rule_step.hpp) over
// its launcher's whole grid on the host, in index and shuffled order,
// against the CPU's named-rule backend: random tables of every
// neighbourhood (trees of 5 to 9 levels) and the shipped WireWorld, on tori
// from 1x1 to wider and taller than a block.
#include <gtest/gtest.h>

#include <random>

#include "emulated_launch.hpp"
#include "toroid/analysis/table_selftest.hpp"
#include "toroid/core/backend.hpp"
#include "toroid/core/rule.hpp"
#include "toroid/core/rule_table.hpp"
#include "toroid/core/rule_tree.hpp"
#include "toroid/core/soup.hpp"
#include "toroid/core/table_reference.hpp"
#include "toroid/kernels/named_rule_step.hpp"

namespace toroid {
namespace {

void expect_body_equals_cpu(const Rule& rule, std::int64_t w, std::int64_t h, std::uint64_t seed) {
    const auto* tree_rule = dynamic_cast<const TreeRule*>(rule.state_rule().get());
    ASSERT_NE(tree_rule, nullptr);
    const RuleTree& t = tree_rule->tree();
    Grid start(w, h);
    fill_state_soup(start, 0.5, rule.states(), seed);
    auto cpu = create_backend("cpu", rule, {});
    cpu->load(start);
    testing::for_each_launch_order([&] {
        std::vector<std::uint8_t> cur = state_bytes(start), next(cur.size(), 0xff);
        const kernels::NamedRuleTree view =
            kernels::named_rule_tree(t.data.data(), t.root, t.order);
        const kernels::LaunchShape shape = kernels::named_rule_launch(w, h);
        auto c = create_backend("cpu", rule, {});
        c->load(start);
        for (int g = 1; g <= 4; ++g) {
            testing::emulate_launch(shape.grid, shape.block, [&](const LaunchIndex& at) {
                kernels::named_rule_step_body(at, view, cur.data(), next.data(), w, h);
            });
            std::swap(cur, next);
            c->step(1);
            ASSERT_EQ(cur, state_bytes(c->grid()))
                << rule.to_string() << " " << w << "x" << h << " generation " << g;
        }
    });
}

TEST(EmulatedNamedRuleKernel, WireWorldAndRandomTablesEqualTheCpu) {
    for (auto [w, h] : {std::pair<std::int64_t, std::int64_t>{1, 1}, {3, 2}, {33, 9}, {70, 17}})
        expect_body_equals_cpu(Rule::parse("WireWorld"), w, h, std::uint64_t(w * 31 + h));
    std::mt19937_64 rng(12);
    for (CellNeighbourhood n : {CellNeighbourhood::Moore, CellNeighbourhood::VonNeumann,
                                CellNeighbourhood::Hexagonal, CellNeighbourhood::OneDimensional}) {
        const RuleTable table =
            parse_rule_table(random_rule_table_text(rng, n, "none", 5, 25), "emulated", 1);
        const Rule rule = Rule::from_state_rule(
            std::make_shared<TreeRule>("Emulated", n, compile_rule_table(table, "emulated"),
                                       std::vector<StateColour>{}, "test"));
        expect_body_equals_cpu(rule, 37, 11, 5);
    }
}

TEST(EmulatedNamedRuleKernel, LaunchCoversTheTorus) {
    const kernels::LaunchShape s = kernels::named_rule_launch(65, 9);
    EXPECT_EQ(s.grid.x * s.block.x >= 65 && (s.grid.x - 1) * s.block.x < 65, true);
    EXPECT_EQ(s.grid.y * s.block.y >= 9 && (s.grid.y - 1) * s.block.y < 9, true);
}

}  // namespace
}  // namespace toroid
