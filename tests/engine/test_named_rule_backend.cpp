// Named rules through the registry, as front ends reach them: Rule::parse of
// a name (the rule folders, core/rule_path.hpp), the byte-cell backend
// against cell-by-cell stepping (core/table_reference.hpp), and the rule
// lookup order.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <random>

#include "input_error_of.hpp"
#include "toroid/core/backend.hpp"
#include "toroid/core/rule.hpp"
#include "toroid/core/rule_path.hpp"
#include "toroid/core/rule_table.hpp"
#include "toroid/core/table_reference.hpp"
#include "toroid/io/checkpoint.hpp"
#include "toroid/io/pattern.hpp"

namespace toroid {
namespace {

namespace fs = std::filesystem;

Grid random_grid(std::mt19937_64& rng, std::int64_t w, std::int64_t h, int states, double density) {
    Grid g(w, h);
    std::uniform_real_distribution<double> u(0, 1);
    for (std::int64_t y = 0; y < h; ++y)
        for (std::int64_t x = 0; x < w; ++x)
            if (u(rng) < density) g.set_state(x, y, 1 + int(rng() % std::uint64_t(states - 1)));
    return g;
}

// Runs `rule` on the backend and cell by cell for `gens` generations.
void expect_backend_equals_cells(const Rule& rule, const Grid& start, int gens, int threads) {
    auto b = create_backend("cpu", rule, BackendOptions{.threads = threads});
    b->load(start);
    std::vector<std::uint8_t> cells = state_bytes(start);
    for (int g = 0; g < gens; ++g) {
        b->step(1);
        const StateRule& sr = *rule.state_rule();
        cells = step_byte_torus([&](const Block3x3& block) { return sr.next(block); }, cells,
                                start.width(), start.height());
        ASSERT_EQ(state_bytes(b->grid()), cells)
            << rule.to_string() << " " << start.width() << "x" << start.height() << " generation "
            << g + 1 << " threads " << threads;
    }
    std::uint64_t live = 0;
    for (auto c : cells) live += c != 0;
    EXPECT_EQ(b->population(), live);
    EXPECT_EQ(b->hash(), b->grid().hash());
}

TEST(NamedRuleBackend, ShippedWireWorldStepsLikeItsCells) {
    const Rule rule = Rule::parse("WireWorld");
    ASSERT_TRUE(rule.named());
    EXPECT_EQ(rule.states(), 4);
    EXPECT_EQ(rule.to_string(), "WireWorld");
    EXPECT_EQ(Rule::parse(rule.to_string()), rule);
    std::mt19937_64 rng(1);
    for (auto [w, h] : {std::pair<int, int>{1, 1}, {1, 7}, {9, 1}, {2, 2}, {67, 41}})
        for (int threads : {1, 3})
            expect_backend_equals_cells(rule, random_grid(rng, w, h, 4, 0.5), 12, threads);
}

TEST(NamedRuleBackend, WireWorldDefinition) {
    // A head on a wire moves one cell per generation, leaving a tail.
    const Rule rule = Rule::parse("WireWorld");
    Grid g(12, 3);
    for (int x = 0; x < 12; ++x) g.set_state(x, 1, 3);
    g.set_state(2, 1, 2);
    g.set_state(3, 1, 1);
    auto b = create_backend("auto", rule, {});
    b->load(g);
    b->step(4);
    const Grid after = b->grid();
    EXPECT_EQ(after.state(7, 1), 1);
    EXPECT_EQ(after.state(6, 1), 2);
    EXPECT_EQ(after.state(5, 1), 3);
    EXPECT_EQ(after.state(8, 1), 3);
    EXPECT_EQ(b->population(), 12u);
}

TEST(NamedRuleBackend, BriansBrainTableEqualsTheGenerationsRule) {
    const Rule table = Rule::parse("BriansBrain");
    const Rule generations = Rule::parse("/2/3");
    std::mt19937_64 rng(5);
    const Grid start = random_grid(rng, 80, 60, 3, 0.35);
    auto a = create_backend("cpu", table, {});
    auto b = create_backend("cpu", generations, {});
    a->load(start);
    b->load(start);
    for (int g = 0; g < 40; ++g) {
        a->step(1);
        b->step(1);
        ASSERT_EQ(a->grid(), b->grid()) << "generation " << g + 1;
    }
}

// A random table of each neighbourhood, many states (the tree walk) and few
// (the flat lookup), sparse (empty rows skipped) and dense.
TEST(NamedRuleBackend, RandomTablesOfEveryNeighbourhood) {
    std::mt19937_64 rng(11);
    const std::pair<CellNeighbourhood, const char*> kinds[] = {
        {CellNeighbourhood::Moore, "rotate4"},
        {CellNeighbourhood::VonNeumann, "rotate4reflect"},
        {CellNeighbourhood::Hexagonal, "rotate6"},
        {CellNeighbourhood::OneDimensional, "reflect"}};
    for (auto [n, sym] : kinds)
        for (int states : {3, 6}) {
            std::string text = "n_states:" + std::to_string(states) +
                               "\nneighborhood:" + to_string(n) + "\nsymmetries:" + sym +
                               "\nvar a={0,1,2}\nvar b={1,2}\n";
            const int k = n == CellNeighbourhood::Moore        ? 9
                          : n == CellNeighbourhood::VonNeumann ? 5
                          : n == CellNeighbourhood::Hexagonal  ? 7
                                                               : 3;
            for (int line = 0; line < 30; ++line) {
                for (int i = 0; i < k; ++i) {
                    const int r = int(rng() % 4);
                    text += (r == 0   ? "a"
                             : r == 1 ? "b"
                                      : std::to_string(rng() % std::uint64_t(states))) +
                            std::string(",");
                }
                text += std::to_string(rng() % std::uint64_t(states)) + "\n";
            }
            const RuleTable table = parse_rule_table(text, "random", 1);
            auto tree = std::make_shared<TreeRule>("Random", n, compile_rule_table(table, "random"),
                                                   std::vector<StateColour>{}, "test");
            const Rule rule = Rule::from_state_rule(tree);
            // Sparse (rows and parts of rows skipped, edges reached by
            // wrapping) and dense.
            for (double density : {0.004, 0.02, 0.6})
                expect_backend_equals_cells(rule, random_grid(rng, 90, 50, states, density),
                                            density < 0.1 ? 25 : 6, 2);
        }
}

TEST(NamedRuleBackend, CheckpointsKeepEveryStateAndResume) {
    const Rule rule = Rule::parse("WireWorld:T50,40");
    std::mt19937_64 rng(9);
    auto a = create_backend("cpu", rule, {});
    a->load(random_grid(rng, 50, 40, 4, 0.5));
    a->step(7);
    const std::string path =
        (fs::temp_directory_path() / ("toroid-named-" + std::to_string(::getpid()) + ".ckpt"))
            .string();
    save_checkpoint(path, a->checkpoint("test"));
    const Checkpoint cp = load_checkpoint(path);
    fs::remove(path);
    EXPECT_EQ(cp.rule, rule);
    EXPECT_EQ(cp.generation, 7u);
    auto b = create_backend("cpu", cp.rule, {});
    b->restore(cp);
    EXPECT_EQ(b->grid(), a->grid());
    a->step(11);
    b->step(11);
    EXPECT_EQ(b->grid(), a->grid());
    EXPECT_EQ(b->generation(), 18u);
}

TEST(NamedRuleFiles, RleKeepsStatesAndTheRule) {
    const Rule rule = Rule::parse("WireWorld");
    std::mt19937_64 rng(4);
    const Grid g = random_grid(rng, 37, 21, 4, 0.6);
    for (const char* ext : {".rle", ".rle.gz"}) {
        const std::string text = encode_pattern(std::string("x") + ext, g, rule, {});
        const Pattern p = decode_pattern(text, "x", std::nullopt);
        ASSERT_TRUE(p.rule.has_value()) << ext;
        EXPECT_EQ(p.rule->with_torus(std::nullopt), rule) << p.rule->to_string();
        const Grid same = p.cells.width() == g.width() && p.cells.height() == g.height()
                              ? g
                              : g.crop(g.bounding_box());
        EXPECT_EQ(state_bytes(p.cells), state_bytes(same)) << ext;
        EXPECT_EQ(p.cells.state_counts(), g.state_counts()) << ext;
    }
}

class RuleFolders : public ::testing::Test {
  protected:
    void SetUp() override {
        root_ = fs::temp_directory_path() / ("toroid-rules-" + std::to_string(::getpid()));
        fs::remove_all(root_);
        for (const char* d : {"pattern", "dir1", "dir2", "env"}) fs::create_directories(root_ / d);
        clear_rule_folders();
    }
    void TearDown() override {
        clear_rule_folders();
        ::unsetenv("TOROID_RULE_PATH");
        fs::remove_all(root_);
    }
    // A 2-state one-dimensional rule that turns every cell into `to`.
    void write(const char* folder, const std::string& name, int to) {
        std::ofstream(root_ / folder / (name + ".rule"))
            << "@RULE " << name << "\n@TABLE\nn_states:3\nneighborhood:oneDimensional\n"
            << "symmetries:none\nvar a={0,1,2}\nvar b={0,1,2}\nvar c={0,1,2}\na,b,c," << to << "\n";
    }
    int result_of(const std::string& name) {
        const Rule r = Rule::parse(name);
        return r.state_rule()->next(Block3x3{});
    }
    fs::path root_;
};

TEST_F(RuleFolders, PatternFolderThenRuleDirsThenEnvironmentThenShipped) {
    write("env", "Probe", 1);
    ::setenv("TOROID_RULE_PATH", ("/nonexistent:" + (root_ / "env").string()).c_str(), 1);
    EXPECT_EQ(result_of("Probe"), 1);
    write("dir2", "Probe", 2);
    add_rule_folder((root_ / "dir1").string());
    add_rule_folder((root_ / "dir2").string());
    EXPECT_EQ(result_of("Probe"), 2);
    write("dir1", "Probe", 0);
    EXPECT_EQ(result_of("Probe"), 0);  // the file changed on disk: read again
    write("pattern", "Probe", 1);
    set_pattern_rule_folder((root_ / "pattern").string());
    EXPECT_EQ(result_of("Probe"), 1);
    // The shipped WireWorld is found last, after every folder above.
    EXPECT_EQ(Rule::parse("WireWorld").states(), 4);
    write("dir1", "WireWorld", 2);
    EXPECT_EQ(Rule::parse("WireWorld").states(), 3);
}

TEST_F(RuleFolders, ACheckpointIsRefusedWhenItsRuleFileChanged) {
    add_rule_folder((root_ / "dir1").string());
    write("dir1", "Probe", 1);
    auto a = create_backend("cpu", Rule::parse("Probe:T20,10"), {});
    a->load(Grid(20, 10));
    a->step(3);
    const std::string path = (root_ / "probe.ckpt").string();
    save_checkpoint(path, a->checkpoint("test"));
    EXPECT_EQ(load_checkpoint(path).rule, a->rule());
    // Same name, other behaviour: resuming would run another rule.
    write("dir1", "Probe", 2);
    const std::string e = testing::input_error_of([&] { (void)load_checkpoint(path); });
    EXPECT_NE(e.find("probe.ckpt"), std::string::npos) << e;
    EXPECT_NE(e.find("rule changed since the checkpoint was written"), std::string::npos) << e;
    EXPECT_NE(e.find((root_ / "dir1" / "Probe.rule").string()), std::string::npos) << e;
    // The file as it was: the checkpoint resumes again.
    write("dir1", "Probe", 1);
    EXPECT_EQ(load_checkpoint(path).generation, 3u);
}

TEST_F(RuleFolders, AMissingRuleNamesTheFoldersSearched) {
    add_rule_folder((root_ / "dir1").string());
    const std::string e = testing::input_error_of([] { (void)Rule::parse("NoSuchRule:T40,30"); });
    EXPECT_NE(e.find("NoSuchRule.rule"), std::string::npos) << e;
    EXPECT_NE(e.find((root_ / "dir1").string() + " (--rule-dir)"), std::string::npos) << e;
    EXPECT_NE(e.find("(the rules shipped with toroid)"), std::string::npos) << e;
    // A rule file's own errors stop the search, with the file and line.
    std::ofstream(root_ / "dir1" / "Broken.rule") << "@RULE Broken\n@TABLE\nn_states:1\n";
    const std::string b = testing::input_error_of([] { (void)Rule::parse("Broken"); });
    EXPECT_NE(b.find("Broken.rule:3: n_states is '1'"), std::string::npos) << b;
    // The torus suffix is kept; refused grids stay refused.
    write("dir1", "Probe", 1);
    EXPECT_EQ(Rule::parse("Probe:T40,30").to_string(), "Probe:T40,30");
    EXPECT_NE(testing::input_error_of([] { (void)Rule::parse("Probe:P40,30"); }).find("plane"),
              std::string::npos);
    // B/S rules refused for their grid are not looked up as names.
    EXPECT_EQ(testing::input_error_of([] { (void)Rule::parse("B3/S23:P40,30"); }).find("searched"),
              std::string::npos);
}

}  // namespace
}  // namespace toroid
