// libFuzzer target: census result files (`census merge`, `census --resume`)
// on arbitrary bytes. The input is one or two files (split at the first byte
// 0x00): each is parsed with parse_census_file, then their blocks are added
// up as `census merge` does. An InputError is the expected answer to bad
// input; any other exception (a stray nlohmann type_error), a crash or a
// runaway allocation is a bug. A file that parses must account for every
// byte, hold only blocks of its census and shard with the soups their index
// says, and round-trip: its header and block lines written again
// (CensusFileHeader::json, census_block_json through json_text) parse back
// to the same lines. The blocks added up (CensusTally::merge) must hold
// every soup and object once, at most kSamples sample soups per object, in
// increasing order, each a soup of the census; the haul, textcensus and JSON
// outputs must not throw.
#include <cstdint>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "fuzz_support.hpp"
#include "toroid/analysis/census_file.hpp"
#include "toroid/analysis/haul.hpp"
#include "toroid/error.hpp"
#include "toroid/io/json_text.hpp"

namespace {

using toroid::fuzz::fail;

std::string written(const toroid::CensusFile& f) {
    std::string text = toroid::json_text(f.header.json()) + "\n";
    for (const auto& [b, t] : f.blocks)
        text += toroid::json_text(toroid::census_block_json(b, f.header.block_first(b), t)) + "\n";
    return text;
}

void check_file(const toroid::CensusFile& f, std::string_view text) {
    const toroid::CensusFileHeader& h = f.header;
    if (f.valid_bytes + f.dropped_bytes != text.size())
        fail("bytes unaccounted", std::string(text));
    if (h.block == 0) fail("a header with blocks of 0 soups", std::string(text));
    for (const auto& [b, t] : f.blocks) {
        if (b >= h.blocks()) fail("a block outside the census", std::string(text));
        if (t.soups != h.block_soups(b) || t.soups == 0)
            fail("a block's soups disagree with its index", std::string(text));
        if (t.unsettled > t.soups) fail("more unsettled soups than soups", std::string(text));
        for (const auto& [code, list] : t.samples) {
            const auto it = t.objects.find(code);
            if (it == t.objects.end()) fail("samples of an absent object", std::string(text));
            if (list.size() > toroid::CensusTally::kSamples || list.size() > it->second)
                fail("more samples than allowed", std::string(text));
            for (std::size_t i = 0; i < list.size(); ++i) {
                if (list[i] < h.block_first(b) || list[i] - h.block_first(b) >= t.soups)
                    fail("a sample outside its block", std::string(text));
                if (i > 0 && list[i] <= list[i - 1])
                    fail("samples not increasing", std::string(text));
            }
        }
    }
    const std::string again = written(f);
    toroid::CensusFile back;
    try {
        back = toroid::parse_census_file(again, "<written>");
    } catch (const toroid::InputError& e) {
        fail(e.what(), again);
    }
    if (back.header.json() != h.json() || back.blocks.size() != f.blocks.size() ||
        back.dropped_bytes != 0)
        fail("the written file reads back differently", again);
    for (const auto& [b, t] : f.blocks) {
        const auto it = back.blocks.find(b);
        if (it == back.blocks.end() || toroid::census_block_json(b, h.block_first(b), it->second) !=
                                           toroid::census_block_json(b, h.block_first(b), t))
            fail("a block reads back differently", again);
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view bytes(reinterpret_cast<const char*>(data), size);
    const std::size_t cut = bytes.find('\0');
    std::vector<std::string_view> texts{bytes.substr(0, cut)};
    if (cut != std::string_view::npos) texts.push_back(bytes.substr(cut + 1));
    std::vector<toroid::CensusFile> files;
    for (std::size_t k = 0; k < texts.size(); ++k) {
        try {
            files.push_back(
                toroid::parse_census_file(texts[k], "<fuzz " + std::to_string(k) + ">"));
        } catch (const toroid::InputError&) {
            return 0;
        }
        check_file(files.back(), texts[k]);
    }
    // Added up as `census merge` does; the files' blocks may overlap (the same
    // soups twice), which merge rejects unless equal, so here each block
    // index is taken from the first file holding it.
    toroid::CensusTally total;
    std::set<std::uint64_t> seen;
    std::uint64_t soups = 0, objects = 0;
    auto census_of = [](toroid::CensusFileHeader c) {
        c.shard = "0/1";
        return c.json();
    };
    const toroid::CensusFileHeader& h = files.front().header;
    for (const auto& f : files) {
        if (census_of(f.header) != census_of(h)) return 0;  // another census: merge refuses it
        for (const auto& [b, t] : f.blocks) {
            if (!seen.insert(b).second) continue;
            soups += t.soups;
            objects += t.total_objects();
            total.merge(t);
        }
    }
    if (total.soups != soups) fail("merged soups miscounted", "");
    if (total.total_objects() != objects) fail("merged objects miscounted", "");
    for (const auto& [code, list] : total.samples) {
        if (list.size() > toroid::CensusTally::kSamples) fail("too many merged samples", code);
        for (std::size_t i = 1; i < list.size(); ++i)
            if (list[i] <= list[i - 1]) fail("merged samples not increasing", code);
        for (const std::uint64_t s : list)
            if (s < h.first || s - h.first >= h.soups)
                fail("a merged sample outside the census", code);
    }
    total.rule = h.rule;
    total.symmetry = h.symmetry;
    total.root = h.root;
    (void)toroid::haul_text(total, "fuzz");
    (void)toroid::textcensus(total);
    (void)toroid::to_json(total);
    return 0;
}
