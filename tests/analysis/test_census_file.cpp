// census --out files (analysis/census_file.hpp): a block's line round-trips,
// a torn last line is dropped, and every bad line names its file, line and
// field.
#include <gtest/gtest.h>

#include <string>

#include "toroid/analysis/census_file.hpp"
#include "toroid/error.hpp"
#include "toroid/io/json_text.hpp"

namespace toroid {
namespace {

CensusFileHeader header() {
    CensusFileHeader h;
    h.rule = "b3s23";
    h.symmetry = "C1";
    h.root = "k_test";
    h.first = 100;
    h.soups = 50;
    h.block = 20;
    h.max_gens = 30000;
    h.shard = "1/2";
    return h;
}

CensusTally tally(std::uint64_t first, std::uint64_t soups) {
    CensusTally t;
    t.soups = soups;
    t.unsettled = 1;
    t.generations = 12345;
    t.objects = {{"xs4_33", 7}, {"xq4_153", 2}};
    t.samples = {{"xs4_33", {first, first + 3}}, {"xq4_153", {first + soups - 1}}};
    t.times.step = 0.5;
    return t;
}

std::string line(const nlohmann::json& j) {
    return json_text(j) + "\n";
}

TEST(CensusFile, BlocksRoundTripAndATornLineIsDropped) {
    const CensusFileHeader h = header();
    EXPECT_EQ(h.blocks(), 3u);  // 20 + 20 + 10 soups
    EXPECT_EQ(h.block_first(2), 140u);
    EXPECT_EQ(h.block_soups(2), 10u);
    // Shard 1/2 holds block 1 only.
    const std::string text = line(h.json()) + line(census_block_json(1, 120, tally(120, 20)));
    const std::string torn = "{\"block\": 3, \"fi";
    const CensusFile f = parse_census_file(text + torn, "c.jsonl");
    EXPECT_EQ(f.header.json(), h.json());
    ASSERT_EQ(f.blocks.size(), 1u);
    EXPECT_EQ(census_block_json(1, 120, f.blocks.at(1)), census_block_json(1, 120, tally(120, 20)));
    EXPECT_EQ(f.valid_bytes, text.size());
    EXPECT_EQ(f.dropped_bytes, torn.size());
}

TEST(CensusFile, BadLinesNameFileLineAndField) {
    const CensusFileHeader h = header();
    auto error_of = [&](const nlohmann::json& block) {
        try {
            parse_census_file(line(h.json()) + line(block), "c.jsonl");
        } catch (const InputError& e) {
            return std::string(e.what());
        }
        return std::string("no error");
    };
    nlohmann::json good = census_block_json(1, 120, tally(120, 20));
    EXPECT_EQ(error_of(good), "no error");
    nlohmann::json j = good;
    j["soups"] = -1;
    EXPECT_NE(error_of(j).find("c.jsonl:2: field 'soups' is -1"), std::string::npos);
    j = census_block_json(0, 100, tally(100, 20));
    EXPECT_NE(error_of(j).find("not a block of shard 1/2"), std::string::npos);
    j = census_block_json(3, 160, tally(160, 20));
    EXPECT_NE(error_of(j).find("outside the census's 3 blocks"), std::string::npos);
    j = census_block_json(1, 121, tally(121, 20));
    EXPECT_NE(error_of(j).find("expected 120 (+20)"), std::string::npos);
    j = good;
    j["samples"]["xs4_33"] = {119};
    EXPECT_NE(error_of(j).find("field 'samples.xs4_33' holds soup 119"), std::string::npos);
    j = good;
    j["samples"]["xp2_7"] = {120};
    EXPECT_NE(error_of(j).find("samples of an object the block does not hold"), std::string::npos);
    j = good;
    j["unsettled"] = 21;
    EXPECT_NE(error_of(j).find("more than the block's 20 soups"), std::string::npos);
    EXPECT_THROW(parse_census_file("", "c.jsonl"), InputError);
    EXPECT_THROW(parse_census_file("{\"toroid_sweep\": 1}\n", "c.jsonl"), InputError);
}

}  // namespace
}  // namespace toroid
