// Sweeps: known behaviour of named rules, the census, and that batching,
// threads, shards and merging never change a result.
#include <gtest/gtest.h>

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <set>

#include "toroid/analysis/plane.hpp"
#include "toroid/analysis/sweep.hpp"
#include "toroid/analysis/sweep_file.hpp"
#include "toroid/core/batch_backend.hpp"
#include "toroid/core/soup.hpp"
#include "toroid/cpu/cpu_batch_backend.hpp"
#include "toroid/error.hpp"

namespace toroid {
namespace {

SweepOptions small(std::uint64_t soups, std::int64_t torus = 64, std::uint64_t gens = 2000) {
    SweepOptions o;
    o.soups = soups;
    o.soup.torus_width = o.soup.torus_height = torus;
    o.soup.max_gens = gens;
    o.soup.seed = 3;
    o.threads = 2;
    return o;
}

std::vector<RuleCensus> sweep_all(const std::string& family, const SweepOptions& o) {
    const RuleFamily f = RuleFamily::parse(family);
    std::vector<std::uint64_t> all;
    for (std::uint64_t i = 0; i < f.size(); ++i) all.push_back(i);
    std::vector<RuleCensus> out;
    run_sweep(f, all, o, [&](const RuleCensus& c) { out.push_back(c); });
    return out;
}

std::uint64_t count(const RuleCensus& c, SoupClass k) {
    return c.classes[std::size_t(k)];
}

TEST(Sweep, LifeSoupsSettleAndTheCensusIsLedByCommonObjects) {
    const RuleCensus life = sweep_all("B3/S23", small(60, 64, 3000)).at(0);
    EXPECT_EQ(life.soups, 60u);
    EXPECT_GE(count(life, SoupClass::Stable) + count(life, SoupClass::Ships), 50u);
    EXPECT_EQ(count(life, SoupClass::Explosive), 0u);
    const auto top = life.objects_by_count();
    ASSERT_GE(top.size(), 4u);
    EXPECT_EQ(top[0].first, "xs4_33");  // block
    const std::set<std::string> common{"xs4_33",   "xp2_7",   "xs6_696", "xq4_153",
                                       "xs7_2596", "xs5_253", "xs6_356"};
    for (int i = 0; i < 4; ++i)
        EXPECT_TRUE(common.count(top[std::size_t(i)].first)) << top[std::size_t(i)].first;
    EXPECT_GT(life.stabilisation_max, life.stabilisation_median);
    EXPECT_GT(life.periods.count(1) + life.periods.count(2), 0u);
    ASSERT_FALSE(life.interesting.empty());
    EXPECT_EQ(life.interesting[0].why, "longest-lived");
    EXPECT_EQ(life.interesting[0].settled_at, life.stabilisation_max);
}

TEST(Sweep, RulesWithoutBirthsDieOrFreeze) {
    const auto r = sweep_all("B/S[0]", small(10, 32, 200));
    ASSERT_EQ(r.size(), 2u);
    EXPECT_EQ(r[0].rule, "B/S");
    EXPECT_EQ(count(r[0], SoupClass::Dies), 10u);
    EXPECT_EQ(r[0].stabilisation_max, 1u);
    EXPECT_EQ(r[1].rule, "B/S0");
    EXPECT_EQ(count(r[1], SoupClass::Dies) + count(r[1], SoupClass::Stable), 10u);
    for (const auto& [code, n] : r[1].objects) EXPECT_EQ(code, "xs1_1");  // lone cells freeze
}

TEST(Sweep, GrowingAndExplodingRules) {
    const auto grow = sweep_all("B3/S012345678", small(4, 48, 400)).at(0);
    EXPECT_EQ(count(grow, SoupClass::Explosive), 4u);
    const auto seeds = sweep_all("B2/S", small(4, 48, 400)).at(0);
    EXPECT_EQ(count(seeds, SoupClass::Explosive), 4u);
    EXPECT_GT(seeds.mean_growth_slope, 0.0);
}

TEST(Sweep, HighLifeDiffersFromLife) {
    const auto r = sweep_all("B3[6]/S23", small(30, 64, 3000));
    ASSERT_EQ(r.size(), 2u);
    EXPECT_EQ(r[1].rule, "B36/S23");
    EXPECT_NE(to_json(r[0])["objects"], to_json(r[1])["objects"]);
    EXPECT_GT(count(r[1], SoupClass::Stable) + count(r[1], SoupClass::Ships), 20u);
}

TEST(Sweep, DayAndNightIsSymmetric) {
    // Complementing a torus commutes with a Day & Night step.
    const CompiledRule dn = Rule::parse("B3678/S34678").compile();
    Grid g(40, 30);
    fill_soup(g, 0.5, 11);
    for (int t = 0; t < 50; ++t) {
        Grid inverse = g;
        for (auto& w : inverse.words()) w = ~w;
        inverse.mask_padding();
        Grid next_inverse = step_torus(g, dn, 0, 0);
        for (auto& w : next_inverse.words()) w = ~w;
        next_inverse.mask_padding();
        ASSERT_EQ(step_torus(inverse, dn, 0, 0), next_inverse) << "generation " << t;
        g = step_torus(g, dn, 0, 0);
    }
}

TEST(Sweep, StochasticRulesReportExtinctionAndDensity) {
    const auto r = sweep_all("B2(0.1:0.9:0.4)/S12H", small(4, 32, 150));
    ASSERT_EQ(r.size(), 3u);
    for (const auto& c : r) {
        EXPECT_TRUE(c.stochastic);
        EXPECT_EQ(c.soups, 4u);
        EXPECT_TRUE(c.periods.empty());
    }
    EXPECT_GE(r[2].mean_final_density, r[0].mean_final_density);
}

TEST(Sweep, BatchedThreadedAndUnbatchedAgree) {
    SweepOptions o = small(12, 48, 1500);
    const std::string family = "B3[6]/S23[8]";
    std::vector<nlohmann::json> reference;
    for (std::size_t batch : {1, 5, 32}) {
        for (int threads : {1, 2}) {
            o.batch = batch;
            o.threads = threads;
            std::vector<nlohmann::json> got;
            for (const auto& c : sweep_all(family, o)) got.push_back(to_json(c));
            if (reference.empty())
                reference = got;
            else
                EXPECT_EQ(got, reference) << "batch " << batch << " threads " << threads;
        }
    }
    // Soup by soup through the scalar path.
    const RuleFamily f = RuleFamily::parse(family);
    for (std::uint64_t r = 0; r < f.size(); ++r) {
        const auto outcomes = run_soups_unbatched(f.rule(r), o.soup, 0, o.soups);
        EXPECT_EQ(to_json(summarise(f.rule(r), r, o.soup, outcomes)), reference[std::size_t(r)]);
    }
}

TEST(Sweep, ShardsMergeIntoOneRun) {
    const SweepOptions o = small(4, 32, 600);
    const RuleFamily f = RuleFamily::parse("B3[68]/S2[3]");
    const std::string dir = ::testing::TempDir();
    std::vector<std::string> paths;
    std::vector<nlohmann::json> whole;
    for (std::uint64_t i = 0; i < f.size(); ++i) whole.push_back(nullptr);
    for (std::uint64_t shard = 0; shard < 3; ++shard) {
        std::vector<std::uint64_t> mine;
        for (std::uint64_t i = shard; i < f.size(); i += 3) mine.push_back(i);
        const std::string path = dir + "shard" + std::to_string(shard) + ".jsonl";
        SweepWriter w(path,
                      SweepHeader{f.description(), sweep_settings(f.description(), f.size(), o),
                                  std::to_string(shard) + "/3"},
                      false, 0);
        run_sweep(f, mine, o, [&](const RuleCensus& c) { w.append(c); });
        paths.push_back(path);
    }
    std::vector<std::uint64_t> all;
    for (std::uint64_t i = 0; i < f.size(); ++i) all.push_back(i);
    run_sweep(f, all, o,
              [&](const RuleCensus& c) { whole[std::size_t(c.rule_index)] = to_json(c); });
    const SweepFile merged = merge_sweep_files(paths).file;
    ASSERT_EQ(merged.rules.size(), f.size());
    for (std::size_t i = 0; i < merged.rules.size(); ++i)
        EXPECT_EQ(to_json(merged.rules[i]), whole[i]);
    // Round trip and refusals.
    EXPECT_EQ(to_json(census_from_json(whole[0])), whole[0]);
    std::ofstream(dir + "bad.jsonl") << "{\"toroid_sweep\":1,\"settings\":{}}\n{\"rule\":3}\n";
    EXPECT_THROW((void)read_sweep_file(dir + "bad.jsonl"), InputError);
    EXPECT_THROW((void)merge_sweep_files({paths[0], dir + "bad.jsonl"}), InputError);
    EXPECT_THROW((void)parse_shard("3/3"), InputError);
    EXPECT_THROW((void)parse_shard("a/3"), InputError);
    EXPECT_EQ(parse_shard("2/5"), (std::pair<std::uint64_t, std::uint64_t>{2, 5}));
}

TEST(Sweep, PartialLastLineIsDropped) {
    const std::string path = ::testing::TempDir() + "partial.jsonl";
    const std::string header =
        "{\"toroid_sweep\":1,\"family\":\"B3/S23\",\"settings\":{\"rules\":1}}\n";
    std::ofstream(path) << header << "{\"rule\":\"B3/S23\",\"ru";
    const SweepFile f = read_sweep_file(path);
    EXPECT_TRUE(f.rules.empty());
    EXPECT_GT(f.dropped_bytes, 0u);
    EXPECT_EQ(f.valid_bytes, header.size());
}

}  // namespace
}  // namespace toroid

namespace toroid {
namespace {

TEST(Sweep, BenchWorkloadRuns) {
    const SweepBenchResult r = bench_sweep_life_64("cpu", 1, 0.0);
    EXPECT_EQ(r.soups, 256u);  // one round when no minimum time is asked
    EXPECT_GT(r.soups_per_second, 0.0);
    EXPECT_NE(r.backend.find("cpu"), std::string::npos);
}

}  // namespace
}  // namespace toroid

namespace toroid {
namespace {

// stop_requested (the Python module's Ctrl-C): the sweep ends after the
// rules already reported, which equal those of a run that was not stopped,
// and says so.
TEST(Sweep, StopRequestedEndsAfterWholeRules) {
    const RuleFamily f = RuleFamily::parse("B3[5678]/S23");
    std::vector<std::uint64_t> all;
    for (std::uint64_t i = 0; i < f.size(); ++i) all.push_back(i);
    SweepOptions o = small(8, 32, 500);
    o.batch = 8;  // blocks of one rule: the stop falls between rules
    std::vector<RuleCensus> full, part;
    const SweepStats whole = run_sweep(f, all, o, [&](const RuleCensus& c) { full.push_back(c); });
    EXPECT_FALSE(whole.stopped);
    std::atomic<int> polls{0};
    o.stop_requested = [&] { return ++polls > 40; };
    const SweepStats stopped =
        run_sweep(f, all, o, [&](const RuleCensus& c) { part.push_back(c); });
    EXPECT_TRUE(stopped.stopped);
    ASSERT_LT(part.size(), full.size());
    for (std::size_t i = 0; i < part.size(); ++i)
        EXPECT_EQ(to_json(part[i]), to_json(full[i])) << part[i].rule;
    o.stop_requested = [] { return true; };
    part.clear();
    EXPECT_TRUE(run_sweep(f, all, o, [&](const RuleCensus& c) { part.push_back(c); }).stopped);
    EXPECT_TRUE(part.empty());
}

// A backend with one caller (as a GPU has) makes the sweep ingest each chunk
// on a pool of host threads: the census is the same as the CPU's.
TEST(SweepBackend, ParallelIngestBehindASingleCallerBackendAgrees) {
    class SingleCaller final : public BatchBackend {
      public:
        SingleCaller() : cpu_(make_cpu_batch_backend(BatchOptions{1})) {}
        std::string name() const override { return "single caller"; }
        std::size_t preferred_batch(const TorusShape&) const override { return 40; }
        int concurrent_callers() const override { return 1; }
        void advance(TorusBatch& b, std::uint64_t gens, BatchHistory& h) override {
            cpu_->advance(b, gens, h);
        }

      private:
        std::unique_ptr<BatchBackend> cpu_;
    };
    BatchBackendEntry entry;
    entry.name = "test-single-caller";
    entry.preference = -100;  // never "auto"
    entry.create = [](const BatchOptions&) { return std::make_unique<SingleCaller>(); };
    batch_backend_registry().add(entry);
    SweepOptions o;
    o.soups = 50;
    o.soup.torus_width = o.soup.torus_height = 32;
    o.soup.max_gens = 1500;
    o.threads = 3;
    const RuleFamily f = RuleFamily::parse("B3[6]/S23");
    std::vector<nlohmann::json> on_cpu, on_single;
    o.backend = "cpu";
    run_sweep(f, {0, 1}, o, [&](const RuleCensus& c) { on_cpu.push_back(to_json(c)); });
    o.backend = "test-single-caller";
    const SweepStats stats =
        run_sweep(f, {0, 1}, o, [&](const RuleCensus& c) { on_single.push_back(to_json(c)); });
    EXPECT_EQ(stats.backend, "single caller");
    EXPECT_EQ(on_single, on_cpu);
}

// "auto" sweeps on the CPU batch backend unless TOROID_SWEEP_BACKEND names
// another one (the CUDA batch path is picked only once measured faster).
TEST(SweepBackend, AutoIsTheCpuUnlessTheEnvironmentNamesAnother) {
    SweepOptions o;
    o.soups = 2;
    o.soup.torus_width = o.soup.torus_height = 16;
    o.soup.max_gens = 50;
    const RuleFamily f = RuleFamily::parse("B3/S23");
    ::unsetenv("TOROID_SWEEP_BACKEND");
    const SweepStats stats = run_sweep(f, {0}, o, [](const RuleCensus&) {});
    EXPECT_EQ(stats.backend, create_batch_backend("cpu")->name());
    ::setenv("TOROID_SWEEP_BACKEND", "no-such-backend", 1);
    EXPECT_THROW(run_sweep(f, {0}, o, [](const RuleCensus&) {}), InputError);
    o.backend = "cpu";  // an explicit name wins over the environment
    EXPECT_NO_THROW(run_sweep(f, {0}, o, [](const RuleCensus&) {}));
    ::unsetenv("TOROID_SWEEP_BACKEND");
}

}  // namespace
}  // namespace toroid
