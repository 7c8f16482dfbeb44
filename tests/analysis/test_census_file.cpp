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

// What reading a file of header h and one block says: the InputError's
// text, or "no error".
std::string block_error(const CensusFileHeader& h, const nlohmann::json& block) {
    try {
        parse_census_file(line(h.json()) + line(block), "c.jsonl");
    } catch (const InputError& e) {
        return e.what();
    }
    return "no error";
}

TEST(CensusFile, BadLinesNameFileLineAndField) {
    const CensusFileHeader h = header();
    auto error_of = [&](const nlohmann::json& block) { return block_error(h, block); };
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

// Samples are what CensusTally keeps: the first kSamples soups holding the
// object, increasing, never more than the object's count; object keys are
// apgcodes (the haul writes them one to a line, unquoted).
TEST(CensusFile, SamplesAndObjectCodesAreChecked) {
    const CensusFileHeader h = header();
    auto error_of = [&](const nlohmann::json& block) { return block_error(h, block); };
    const nlohmann::json good = census_block_json(1, 120, tally(120, 20));
    nlohmann::json j = good;
    j["samples"]["xs4_33"] = {123, 120};
    EXPECT_NE(error_of(j).find("c.jsonl:2: field 'samples.xs4_33' holds soup 120 after 123"),
              std::string::npos);
    j["samples"]["xs4_33"] = {120, 120};
    EXPECT_NE(error_of(j).find("expected increasing soup indices"), std::string::npos);
    j = good;
    j["samples"]["xq4_153"] = {120, 121, 122};  // the block holds 2 gliders
    EXPECT_NE(error_of(j).find("field 'samples.xq4_153' holds 3 soups: expected at most 2"),
              std::string::npos);
    j = good;
    j["objects"]["xs4_33"] = 50;
    j["samples"]["xs4_33"] = nlohmann::json::array();
    for (int i = 0; i < 11; ++i) j["samples"]["xs4_33"].push_back(120 + i);
    EXPECT_NE(error_of(j).find("holds 11 soups: expected at most 10"), std::string::npos);
    j = good;
    j["objects"]["xs4 33\n@ROOT x"] = 1;
    j["samples"]["xs4 33\n@ROOT x"] = {120};
    EXPECT_NE(error_of(j).find("c.jsonl:2: field 'objects' holds the key \"xs4 33\\n@ROOT x\": "
                               "expected an apgcode"),
              std::string::npos);
    j = good;
    j["objects"][""] = 1;
    EXPECT_NE(error_of(j).find("expected an apgcode"), std::string::npos);
}

// The header is checked as `toroid census` checks its options: the soups'
// indices fit in 64 bits (and blocks() does not wrap near 2^64), the root
// has no spaces or slashes, the symmetry is one the census knows.
TEST(CensusFile, HeaderFieldsAreChecked) {
    auto error_of = [](const CensusFileHeader& h) {
        try {
            parse_census_file(line(h.json()), "c.jsonl");
        } catch (const InputError& e) {
            return std::string(e.what());
        }
        return std::string("no error");
    };
    CensusFileHeader h = header();
    EXPECT_EQ(error_of(h), "no error");
    h.first = 10;
    h.soups = ~std::uint64_t(0) - 10;
    EXPECT_EQ(error_of(h), "no error");  // first + soups = 2^64 - 1, as census --soups allows
    h.soups = ~std::uint64_t(0) - 9;
    EXPECT_NE(error_of(h).find("c.jsonl:1: fields 'first' + 'soups'"), std::string::npos);
    h = header();
    h.first = 0;
    h.soups = ~std::uint64_t(0);
    h.block = 2;
    EXPECT_EQ(h.blocks(), std::uint64_t(1) << 63);  // not 0 by a wrapped soups + block - 1
    EXPECT_EQ(h.block_soups(h.blocks() - 1), 1u);
    EXPECT_EQ(h.block_soups(h.blocks()), 0u);
    h = header();
    h.soups = 0;
    EXPECT_NE(error_of(h).find("field 'soups' is 0"), std::string::npos);
    h = header();
    h.root = "k_a b";
    EXPECT_NE(error_of(h).find("c.jsonl:1: field 'root' is \"k_a b\""), std::string::npos);
    h.root = "k_a/b";
    EXPECT_NE(error_of(h).find("field 'root'"), std::string::npos);
    h.root = "";
    EXPECT_NE(error_of(h).find("field 'root'"), std::string::npos);
    h = header();
    h.symmetry = "C7";
    EXPECT_NE(error_of(h).find("c.jsonl:1: field 'symmetry' is \"C7\""), std::string::npos);
    h = header();
    h.rule = "b3 s23";
    EXPECT_NE(error_of(h).find("field 'rule'"), std::string::npos);
    // The first torus (--torus): written where it is not 256, read back.
    h = header();
    EXPECT_FALSE(h.json().contains("torus"));
    h.torus = 1024;
    EXPECT_EQ(h.json()["torus"], 1024);
    EXPECT_EQ(parse_census_file(line(h.json()), "c.jsonl").header.torus, 1024u);
    h.torus = 300;
    EXPECT_NE(error_of(h).find("c.jsonl:1: field 'torus' is 300: expected a power of two"),
              std::string::npos);
    h.torus = 8192;
    EXPECT_NE(error_of(h).find("field 'torus' is 8192"), std::string::npos);
}

}  // namespace
}  // namespace toroid
