// A census's first generations recorded on a batch backend and replayed
// (census_record.hpp, `toroid census --batch`): every generation's
// population, hash and signature as the census's own torus gives them,
// and every soup's census (objects, where it repeats, its period, ships)
// the same with and without the record, for rules of each kind the batch
// runs, symmetries with larger soups, records cut short, and blocks on
// several threads. The CUDA backend's census history is checked on
// emulated launches in test_batch.cpp.
#include <gtest/gtest.h>

#include <map>
#include <string>
#include <vector>

#include "../../engine/src/analysis/census_torus.hpp"
#include "census_batch_support.hpp"
#include "toroid/analysis/census_record.hpp"
#include "toroid/analysis/census_run.hpp"
#include "toroid/analysis/soup_census.hpp"
#include "toroid/core/batch_backend.hpp"
#include "toroid/core/hashsoup.hpp"

namespace toroid {
namespace {

std::string seed(std::uint64_t i) {
    return soup_seed_text("k_toroidrec01", i);
}

TEST(CensusRecord, EveryGenerationAsTheCensusTorus) {
    for (const char* text : {"B3/S23", "B36/S23", "B2-a/S12", "B2/S34H"}) {
        const Rule rule = Rule::parse(text);
        CensusOptions o;
        SoupCensusRunner runner(rule, o);
        std::vector<std::vector<Cell>> starts;
        std::int64_t side = 0;
        for (std::uint64_t i = 0; i < 6; ++i) {
            auto s = runner.start(seed(i));
            side = s.side;
            starts.push_back(s.cells);
        }
        auto backend = create_batch_backend("cpu", BatchOptions{1});
        const auto records = record_census_soups(*backend, rule, side, starts, 640, 72);
        ASSERT_EQ(records.size(), starts.size());
        for (std::size_t i = 0; i < starts.size(); ++i) {
            const CensusRecord& r = records[i];
            ASSERT_EQ(r.side(), side);
            ASSERT_EQ(r.snapshots(), r.generations() / CensusRecord::kSnapshotEvery + 1);
            EXPECT_GT(r.generations(), 0u) << text;
            auto torus = detail::make_census_torus(rule, side);
            torus->start(starts[i], 0);
            for (std::uint64_t g = 0; g <= r.generations(); ++g) {
                if (g) torus->step(1);
                ASSERT_EQ(r.population(g), torus->population())
                    << text << " soup " << i << " " << g;
                ASSERT_EQ(r.signature(g), torus->signature()) << text << " soup " << i << " " << g;
                ASSERT_EQ(r.hash(g), torus->hash()) << text << " soup " << i << " " << g;
                if (g % CensusRecord::kSnapshotEvery == 0) {
                    ASSERT_EQ(r.cells(g / CensusRecord::kSnapshotEvery), torus->cells());
                    ASSERT_EQ(r.box(g / CensusRecord::kSnapshotEvery), torus->live_box());
                }
            }
        }
    }
}

void expect_same(const SoupCensus& a, const SoupCensus& b, const std::string& what) {
    EXPECT_EQ(a.objects, b.objects) << what;
    EXPECT_EQ(a.settled, b.settled) << what;
    EXPECT_EQ(a.generations, b.generations) << what;
    EXPECT_EQ(a.period, b.period) << what;
    EXPECT_EQ(a.ships_removed, b.ships_removed) << what;
    EXPECT_EQ(a.retries, b.retries) << what;
}

// Each soup run plainly and from records of `max_generations`.
void expect_replay_is_plain(const char* rule_text, const char* symmetry, std::int64_t torus,
                            std::uint64_t soups, std::uint64_t max_generations) {
    const Rule rule = Rule::parse(rule_text);
    CensusOptions o;
    o.symmetry = symmetry;
    o.torus = torus;
    SoupCensusRunner plain(rule, o), replayed(rule, o);
    ASSERT_TRUE(replayed.replays_records());
    std::vector<std::vector<Cell>> starts;
    std::int64_t side = 0;
    for (std::uint64_t i = 0; i < soups; ++i) {
        auto s = replayed.start(seed(i));
        side = s.side;
        starts.push_back(s.cells);
    }
    auto backend = create_batch_backend("cpu", BatchOptions{1});
    const auto records = record_census_soups(*backend, rule, side, starts, max_generations,
                                             SoupCensusRunner::kGuard);
    std::uint64_t replayed_generations = 0;
    for (std::uint64_t i = 0; i < soups; ++i) {
        replayed_generations += records[i].generations();
        expect_same(plain.run(seed(i)), replayed.run(seed(i), &records[i]),
                    std::string(rule_text) + " " + symmetry + " soup " + std::to_string(i));
    }
    EXPECT_GT(replayed_generations, 0u) << "no generation was replayed";
}

TEST(CensusRecord, ReplayedSoupsAsPlainOnes) {
    expect_replay_is_plain("B3/S23", "C1", 256, 24, 4096);
    expect_replay_is_plain("B36/S23", "C1", 256, 12, 4096);
    expect_replay_is_plain("B2-a/S12", "C1", 256, 12, 4096);
    expect_replay_is_plain("B2/S34H", "C1", 256, 12, 4096);
    expect_replay_is_plain("B3/S23", "D2_+1", 256, 12, 4096);
    expect_replay_is_plain("B3/S23", "1x256", 256, 4, 4096);  // a larger first torus
}

TEST(CensusRecord, RecordsCutShortAndOnLargerFirstTori) {
    // The replay runs past the record's end (the real torus takes over at
    // its last snapshot), on the census's 256 and on 512; on 1024 (--batch's
    // first torus) most soups' records reach their repeat.
    expect_replay_is_plain("B3/S23", "C1", 256, 12, 128);
    expect_replay_is_plain("B3/S23", "C1", 512, 12, 192);
    expect_replay_is_plain("B3/S23", "C1", 1024, 3, 4096);
}

TEST(CensusRecord, ARecordOfAnotherStartIsIgnored) {
    const Rule rule = Rule::parse("B3/S23");
    SoupCensusRunner runner(rule, CensusOptions{});
    auto s = runner.start(seed(1));
    auto backend = create_batch_backend("cpu", BatchOptions{1});
    const std::vector<std::vector<Cell>> starts{s.cells};
    const auto records = record_census_soups(*backend, rule, s.side, starts, 256, 72);
    expect_same(runner.run(seed(0)), runner.run(seed(0), &records[0]),
                "soup 0 with soup 1's record");
}

TEST(CensusRecord, BlocksOnThreadsAsWithoutABatch) {
    CensusOptions o;
    auto backend = create_batch_backend("cpu", BatchOptions{2});
    const auto plain = testing::census_blocks(o, "k_toroidrec02", 48, 16, nullptr),
               batched = testing::census_blocks(o, "k_toroidrec02", 48, 16, backend.get());
    ASSERT_EQ(plain.size(), 3u);
    for (const auto& [b, t] : plain) {
        const CensusTally& u = batched.at(b);
        EXPECT_EQ(t.objects, u.objects) << "block " << b;
        EXPECT_EQ(t.samples, u.samples) << "block " << b;
        EXPECT_EQ(t.generations, u.generations) << "block " << b;
        EXPECT_EQ(t.unsettled, u.unsettled) << "block " << b;
    }
}

}  // namespace
}  // namespace toroid
