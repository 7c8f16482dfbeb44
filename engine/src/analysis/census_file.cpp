#include "toroid/analysis/census_file.hpp"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <limits>
#include <stdexcept>
#include <tuple>

#include "json_fields.hpp"
#include "toroid/analysis/sweep_file.hpp"
#include "toroid/core/hashsoup.hpp"
#include "toroid/error.hpp"
#include "toroid/io/file_io.hpp"
#include "toroid/io/json_text.hpp"

namespace toroid {

using detail::JsonFields;

namespace {

// What the haul and textcensus write unquoted or one to a line: an apgcode
// is letters, digits and '_' (xs4_33, yl144_1_16_..., zz_LINEAR).
bool is_apgcode(const std::string& code) {
    if (code.empty()) return false;
    for (const char c : code)
        if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
              c == '_'))
            return false;
    return true;
}

std::string shown_key(const std::string& key) {
    std::string s = json_text(nlohmann::json(key));
    return s.size() > 60 ? s.substr(0, 57) + "..." : s;
}

}  // namespace

nlohmann::json CensusFileHeader::json() const {
    nlohmann::json j = {{"toroid_census", 1}, {"rule", rule},         {"symmetry", symmetry},
                        {"root", root},       {"first", first},       {"soups", soups},
                        {"block", block},     {"max_gens", max_gens}, {"shard", shard}};
    if (torus != 256) j["torus"] = torus;
    return j;
}

std::uint64_t CensusFileHeader::blocks() const {
    // Not (soups + block - 1) / block: that wraps for a census near 2^64 soups.
    return block == 0 ? 0 : soups / block + (soups % block != 0);
}

std::uint64_t CensusFileHeader::block_soups(std::uint64_t b) const {
    if (b >= blocks()) return 0;
    const std::uint64_t start = b * block;  // below soups, no wrap
    return std::min(block, soups - start);
}

nlohmann::json census_block_json(std::uint64_t block, std::uint64_t first, const CensusTally& t) {
    nlohmann::json samples = nlohmann::json::object();
    for (const auto& [code, list] : t.samples) samples[code] = list;
    return {{"block", block},
            {"first", first},
            {"soups", t.soups},
            {"unsettled", t.unsettled},
            {"generations", t.generations},
            {"objects", t.objects},
            {"samples", samples},
            {"cpu_seconds",
             {{"step", t.times.step},
              {"stabilise", t.times.stabilise},
              {"classify", t.times.classify}}}};
}

CensusTally census_block_from_json(const nlohmann::json& j, std::uint64_t& block,
                                   std::uint64_t& first) {
    const JsonFields f(j, "");
    CensusTally t;
    block = f.count("block");
    first = f.count("first");
    t.soups = f.count("soups");
    t.unsettled = f.count("unsettled");
    t.generations = f.count("generations");
    if (t.unsettled > t.soups)
        throw InputError("field 'unsettled' is " + std::to_string(t.unsettled) +
                         ": more than the block's " + std::to_string(t.soups) + " soups");
    (void)f.object("objects");  // an object, or the error naming the field
    for (const auto& [code, n] : f.at("objects").items()) {
        if (!is_apgcode(code))
            throw InputError("field 'objects' holds the key " + shown_key(code) +
                             ": expected an apgcode (letters, digits and '_')");
        t.objects[code] = JsonFields::count_of(n, "objects." + code);
    }
    (void)f.object("samples");
    for (const auto& [code, list] : f.at("samples").items()) {
        const std::string field = "samples." + code;
        if (!t.objects.count(code))
            throw InputError("field '" + field + "': samples of an object the block does not hold");
        if (!list.is_array()) JsonFields::fail(field, "an array of soup indices", list);
        // The first soups holding the object, as CensusTally keeps them: at
        // most kSamples, no more than the object's count, increasing.
        const std::uint64_t count = t.objects.at(code);
        if (list.size() > CensusTally::kSamples || list.size() > count)
            throw InputError("field '" + field + "' holds " + std::to_string(list.size()) +
                             " soups: expected at most " +
                             std::to_string(std::min<std::uint64_t>(CensusTally::kSamples, count)) +
                             " (" + std::to_string(CensusTally::kSamples) +
                             " and no more than the object's count)");
        auto& ids = t.samples[code];
        for (const auto& i : list) {
            const std::uint64_t index = JsonFields::count_of(i, field);
            if (index < first || index - first >= t.soups)
                throw InputError("field '" + field + "' holds soup " + std::to_string(index) +
                                 ": outside the block's soups " + std::to_string(first) + ".." +
                                 std::to_string(first + t.soups - 1));
            if (!ids.empty() && index <= ids.back())
                throw InputError("field '" + field + "' holds soup " + std::to_string(index) +
                                 " after " + std::to_string(ids.back()) +
                                 ": expected increasing soup indices");
            ids.push_back(index);
        }
    }
    for (const auto& [code, n] : t.objects)
        if (n > 0 && t.samples[code].empty())
            throw InputError("field 'samples." + code + "' is missing: every object has samples");
    const JsonFields cpu = f.object("cpu_seconds");
    t.times.step = cpu.number("step", 0, 1e300);
    t.times.stabilise = cpu.number("stabilise", 0, 1e300);
    t.times.classify = cpu.number("classify", 0, 1e300);
    return t;
}

namespace {

CensusFileHeader read_header(const nlohmann::json& j) {
    const JsonFields h(j, "");
    if (!h.has("toroid_census") || h.at("toroid_census") != 1)
        throw InputError(
            "not a toroid census file: expected the header line written by 'toroid census --out'");
    CensusFileHeader c;
    c.rule = h.text("rule");
    c.symmetry = h.text("symmetry");
    c.root = h.text("root");
    c.first = h.count("first");
    c.soups = h.count("soups");
    c.block = h.count("block");
    c.max_gens = h.count("max_gens");
    c.shard = h.text("shard");
    if (h.has("torus")) {
        c.torus = h.count("torus");
        if (c.torus < 256 || c.torus > 4096 || (c.torus & (c.torus - 1)) != 0)
            throw InputError("field 'torus' is " + std::to_string(c.torus) +
                             ": expected a power of two from 256 to 4096 (toroid census --torus)");
    }
    if (c.block == 0) throw InputError("field 'block' is 0: expected at least 1 soup a block");
    if (c.soups == 0) throw InputError("field 'soups' is 0: expected a census of 1 soup or more");
    if (c.soups > std::numeric_limits<std::uint64_t>::max() - c.first)
        throw InputError(
            "fields 'first' + 'soups' are " + std::to_string(c.first) + " + " +
            std::to_string(c.soups) +
            ": their sum overflows 64 bits (toroid census refuses such a --first + --soups)");
    if (c.rule.empty() || c.rule.find_first_of(" \t\r\n") != std::string::npos)
        throw InputError("field 'rule' is " + shown_key(c.rule) +
                         ": expected a rule as Catagolue names it (e.g. b3s23)");
    if (!is_hashsoup_symmetry(c.symmetry))
        throw InputError("field 'symmetry' is " + shown_key(c.symmetry) +
                         ": expected a symmetry of 'toroid census --symmetry' (e.g. C1)");
    // As `toroid census --root` takes it: the haul writes it on one line.
    bool plain_root = !c.root.empty();
    for (const char ch : c.root) plain_root &= (unsigned char)ch > ' ' && ch != '/' && ch != 0x7f;
    if (!plain_root)
        throw InputError("field 'root' is " + shown_key(c.root) +
                         ": expected a root without spaces, control characters or slashes "
                         "(e.g. k_abcdefghijkl)");
    try {
        (void)parse_shard(c.shard);
    } catch (const InputError& e) {
        throw InputError("field 'shard': " + std::string(e.what()));
    }
    return c;
}

}  // namespace

CensusFile read_census_file(const std::string& path) {
    return parse_census_file(read_text_file(path), path == "-" ? "<stdin>" : path);
}

CensusFile parse_census_file(std::string_view text, const std::string& name) {
    CensusFile f;
    std::uint64_t shard_i = 0, shard_n = 1;
    const JsonLinesExtent e = for_each_json_line(
        text, name, "census line", [&](const nlohmann::json& j, std::uint64_t line_number) {
            if (line_number == 1) {
                f.header = read_header(j);
                std::tie(shard_i, shard_n) = parse_shard(f.header.shard);
            } else {
                std::uint64_t b = 0, first = 0;
                CensusTally t = census_block_from_json(j, b, first);
                const CensusFileHeader& h = f.header;
                if (b >= h.blocks())
                    throw InputError("field 'block' is " + std::to_string(b) +
                                     ": outside the census's " + std::to_string(h.blocks()) +
                                     " blocks");
                if (b % shard_n != shard_i)
                    throw InputError("field 'block' is " + std::to_string(b) +
                                     ": not a block of shard " + h.shard +
                                     " named in the header (blocks i, i + N, ...)");
                if (first != h.block_first(b) || t.soups != h.block_soups(b))
                    throw InputError("block " + std::to_string(b) + " holds soups " +
                                     std::to_string(first) + " (+" + std::to_string(t.soups) +
                                     "): expected " + std::to_string(h.block_first(b)) + " (+" +
                                     std::to_string(h.block_soups(b)) + ")");
                if (f.blocks.count(b)) throw InputError("block " + std::to_string(b) + " twice");
                f.blocks.emplace(b, std::move(t));
            }
        });
    if (e.lines == 0) throw InputError(name + ": empty census file (no header line)");
    f.valid_bytes = e.valid_bytes;
    f.dropped_bytes = e.dropped_bytes;
    return f;
}

CensusWriter::CensusWriter(const std::string& path, const CensusFileHeader& header, bool resume,
                           std::uint64_t keep_bytes)
    : out_(path, "the census", json_text(header.json()), resume, keep_bytes) {}

void CensusWriter::append(std::uint64_t block, std::uint64_t first, const CensusTally& t) {
    out_.append(json_text(census_block_json(block, first, t)));
}

}  // namespace toroid
