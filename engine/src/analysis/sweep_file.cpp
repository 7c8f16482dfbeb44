#include "toroid/analysis/sweep_file.hpp"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <map>
#include <stdexcept>
#include <tuple>

#include "json_fields.hpp"
#include "toroid/error.hpp"
#include "toroid/io/file_io.hpp"
#include "toroid/io/json_text.hpp"

namespace toroid {

nlohmann::json sweep_settings(const std::string& family, std::uint64_t family_size,
                              const SweepOptions& o) {
    if (!o.soup.root.empty())  // apgsearch's soups: the rest of the soup settings are unused
        return {
            {"family", family},    {"rules", family_size},        {"soups", o.soups},
            {"root", o.soup.root}, {"symmetry", o.soup.symmetry}, {"max_gens", o.soup.max_gens}};
    return {
        {"family", family},
        {"rules", family_size},
        {"soups", o.soups},
        {"soup_size", std::to_string(o.soup.soup_width) + "x" + std::to_string(o.soup.soup_height)},
        {"torus", std::to_string(o.soup.torus_width) + "x" + std::to_string(o.soup.torus_height)},
        {"density", o.soup.density},
        {"max_gens", o.soup.max_gens},
        {"seed", o.soup.seed}};
}

std::string header_line(const SweepHeader& h) {
    return json_text(nlohmann::json{
        {"toroid_sweep", 1}, {"family", h.family}, {"settings", h.settings}, {"shard", h.shard}});
}

namespace {

// The header line: version 1, family, settings (with the rule count), shard.
void read_header(const nlohmann::json& j, SweepFile& f) {
    using detail::JsonFields;
    if (!j.is_object() || !j.contains("toroid_sweep"))
        throw InputError(
            "not a toroid sweep file: expected the header line written by 'toroid sweep --out'");
    const JsonFields h(j, "");
    const std::uint64_t version = h.count("toroid_sweep");
    if (version != 1)
        throw InputError("field 'toroid_sweep' is " + std::to_string(version) +
                         ": this toroid reads sweep files of version 1 (written by a newer "
                         "toroid?)");
    f.header.family = h.text("family");
    const JsonFields settings = h.object("settings");
    f.header.settings = settings.json();
    f.family_size = settings.count("rules");
    if (f.family_size == 0) throw InputError("field 'settings.rules' is 0: expected 1 or more");
    f.header.shard = h.has("shard") ? h.text("shard") : "0/1";
    try {
        (void)parse_shard(f.header.shard);
    } catch (const InputError& e) {
        throw InputError("field 'shard': " + std::string(e.what()));
    }
}

}  // namespace

SweepFile read_sweep_file(const std::string& path) {
    return parse_sweep_file(read_text_file(path), path == "-" ? "<stdin>" : path);
}

SweepFile parse_sweep_file(std::string_view text, const std::string& name) {
    SweepFile f;
    std::uint64_t shard_i = 0, shard_n = 1;
    std::map<std::uint64_t, std::size_t> seen;  // rule index -> position in f.rules
    const JsonLinesExtent e = for_each_json_line(
        text, name, "sweep result line", [&](const nlohmann::json& j, std::uint64_t line_number) {
            if (line_number == 1) {
                read_header(j, f);
                std::tie(shard_i, shard_n) = parse_shard(f.header.shard);
            } else {
                RuleCensus c = census_from_json(j);
                if (c.rule_index >= f.family_size)
                    throw InputError("field 'rule_index' is " + std::to_string(c.rule_index) +
                                     ": outside the family of " + std::to_string(f.family_size) +
                                     " rules (indices 0 to " + std::to_string(f.family_size - 1) +
                                     ")");
                if (c.rule_index % shard_n != shard_i)
                    throw InputError("field 'rule_index' is " + std::to_string(c.rule_index) +
                                     ": not a rule of shard " + f.header.shard +
                                     " named in the header (indices i, i + N, ...)");
                const auto [it, inserted] = seen.emplace(c.rule_index, f.rules.size());
                if (!inserted) {
                    if (to_json(f.rules[it->second]) != to_json(c))
                        throw InputError("rule index " + std::to_string(c.rule_index) +
                                         " appears twice with different results");
                } else {
                    f.rules.push_back(std::move(c));
                }
            }
        });
    if (e.lines == 0) throw InputError(name + ": empty sweep file (no header line)");
    f.valid_bytes = e.valid_bytes;
    f.dropped_bytes = e.dropped_bytes;
    return f;
}

SweepWriter::SweepWriter(const std::string& path, const SweepHeader& header, bool resume,
                         std::uint64_t keep_bytes)
    : out_(path, "sweep results", header_line(header), resume, keep_bytes) {}

void SweepWriter::append(const RuleCensus& c) {
    out_.append(json_text(to_json(c)));
}

SweepMerge merge_sweep_files(const std::vector<std::string>& paths) {
    std::vector<SweepFile> files;
    for (const std::string& p : paths) files.push_back(read_sweep_file(p));
    return merge_sweeps(std::move(files), paths);
}

SweepMerge merge_sweeps(std::vector<SweepFile> files, const std::vector<std::string>& paths) {
    if (files.empty()) throw InputError("sweep merge: no files given");
    SweepMerge m;
    SweepFile& merged = m.file;
    std::map<std::uint64_t, RuleCensus> by_index;
    for (std::size_t k = 0; k < files.size(); ++k) {
        SweepFile& f = files[k];
        if (k == 0) {
            merged.header = f.header;
            merged.family_size = f.family_size;
        } else if (f.header.settings != merged.header.settings ||
                   f.header.family != merged.header.family) {
            throw InputError("sweep merge: " + paths[k] + " was run with other settings than " +
                             paths[0] + " (" + json_text(f.header.settings) + " vs " +
                             json_text(merged.header.settings) + ")");
        }
        for (RuleCensus& c : f.rules) {
            auto [it, inserted] = by_index.emplace(c.rule_index, c);
            if (!inserted && to_json(it->second) != to_json(c))
                throw InputError("sweep merge: rule " + c.rule + " (index " +
                                 std::to_string(c.rule_index) + ") has different results in " +
                                 paths[k] + " and an earlier file");
        }
    }
    merged.header.shard = "0/1";
    std::uint64_t expected = 0;                                      // the next index without a gap
    auto note_missing = [&](std::uint64_t from, std::uint64_t to) {  // [from, to)
        m.missing += to - from;
        for (std::uint64_t i = from; i < to && m.first_missing.size() < 20; ++i)
            m.first_missing.push_back(i);
    };
    for (auto& [i, c] : by_index) {
        note_missing(expected, i);
        expected = i + 1;
        merged.rules.push_back(std::move(c));
    }
    note_missing(expected, merged.family_size);
    return m;
}

std::pair<std::uint64_t, std::uint64_t> parse_shard(const std::string& text) {
    const std::size_t slash = text.find('/');
    bool beyond = false;  // more than 64 bits: out of range, not malformed
    auto number = [&](const std::string& s, std::uint64_t& out) {
        if (s.empty() || s.find_first_not_of("0123456789") != std::string::npos) return false;
        out = 0;
        for (const char c : s) {
            const unsigned d = unsigned(c - '0');
            if (out > (~std::uint64_t(0) - d) / 10) beyond = true;
            out = out * 10 + d;
        }
        return true;
    };
    std::uint64_t i = 0, n = 0;
    if (slash == std::string::npos || !number(text.substr(0, slash), i) ||
        !number(text.substr(slash + 1), n))
        throw InputError("--shard '" + text +
                         "' is malformed: expected i/N such as 0/4 (shards 0..N-1)");
    if (beyond || n == 0 || i >= n)
        throw InputError("--shard '" + text + "' is out of range: expected 0 <= i < N, N >= 1");
    return {i, n};
}

}  // namespace toroid
