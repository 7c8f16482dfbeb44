#include "toroid/analysis/sweep_file.hpp"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <map>
#include <stdexcept>

#include "toroid/error.hpp"
#include "toroid/io/file_io.hpp"

namespace toroid {

nlohmann::json sweep_settings(const std::string& family, std::uint64_t family_size,
                              const SweepOptions& o) {
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
    return nlohmann::json{
        {"toroid_sweep", 1}, {"family", h.family}, {"settings", h.settings}, {"shard", h.shard}}
        .dump();
}

SweepFile read_sweep_file(const std::string& path) {
    const std::string text = read_text_file(path);
    SweepFile f;
    std::size_t pos = 0;
    int line_number = 0;
    while (pos < text.size()) {
        const std::size_t end = text.find('\n', pos);
        if (end == std::string::npos) {  // a partial last line: the run was killed mid-write
            f.dropped_bytes = text.size() - pos;
            break;
        }
        ++line_number;
        const std::string line = text.substr(pos, end - pos);
        nlohmann::json j;
        try {
            j = nlohmann::json::parse(line);
        } catch (const nlohmann::json::exception& e) {
            throw InputError(path + ":" + std::to_string(line_number) +
                             ": not a sweep result line (" + e.what() + ")");
        }
        if (line_number == 1) {
            if (!j.is_object() || !j.contains("toroid_sweep"))
                throw InputError(path +
                                 ":1: not a toroid sweep file: expected the header line "
                                 "written by 'toroid sweep --out'");
            f.header.family = j.value("family", "");
            f.header.settings = j.value("settings", nlohmann::json::object());
            f.header.shard = j.value("shard", "0/1");
        } else {
            try {
                f.rules.push_back(census_from_json(j));
            } catch (const InputError& e) {
                throw InputError(path + ":" + std::to_string(line_number) + ": " + e.what());
            }
        }
        pos = end + 1;
        f.valid_bytes = pos;
    }
    if (line_number == 0) throw InputError(path + ": empty sweep file (no header line)");
    return f;
}

SweepWriter::SweepWriter(const std::string& path, const SweepHeader& header, bool resume,
                         std::uint64_t keep_bytes)
    : path_(path) {
    if (resume) {
        std::error_code ec;
        std::filesystem::resize_file(path, keep_bytes, ec);
        if (ec) throw std::runtime_error("cannot truncate " + path + ": " + ec.message());
        file_ = std::fopen(path.c_str(), "ab");
    } else {
        file_ = std::fopen(path.c_str(), "wb");
    }
    if (!file_)
        throw InputError("cannot write sweep results to " + path + ": " + std::strerror(errno));
    if (!resume) {
        const std::string line = header_line(header) + "\n";
        std::fwrite(line.data(), 1, line.size(), file_);
        std::fflush(file_);
    }
}

SweepWriter::~SweepWriter() {
    if (file_) std::fclose(file_);
}

void SweepWriter::append(const RuleCensus& c) {
    const std::string line = to_json(c).dump() + "\n";
    if (std::fwrite(line.data(), 1, line.size(), file_) != line.size() || std::fflush(file_) != 0)
        throw std::runtime_error("writing " + path_ + " failed: " + std::strerror(errno));
}

SweepFile merge_sweep_files(const std::vector<std::string>& paths) {
    if (paths.empty()) throw InputError("sweep merge: no files given");
    SweepFile merged;
    std::map<std::uint64_t, RuleCensus> by_index;
    for (std::size_t k = 0; k < paths.size(); ++k) {
        SweepFile f = read_sweep_file(paths[k]);
        if (k == 0) {
            merged.header = f.header;
        } else if (f.header.settings != merged.header.settings) {
            throw InputError("sweep merge: " + paths[k] + " was run with other settings than " +
                             paths[0] + " (" + f.header.settings.dump() + " vs " +
                             merged.header.settings.dump() + ")");
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
    for (auto& [i, c] : by_index) merged.rules.push_back(std::move(c));
    return merged;
}

std::pair<std::uint64_t, std::uint64_t> parse_shard(const std::string& text) {
    const std::size_t slash = text.find('/');
    auto number = [&](const std::string& s, std::uint64_t& out) {
        if (s.empty() || s.size() > 9 || s.find_first_not_of("0123456789") != std::string::npos)
            return false;
        out = std::stoull(s);
        return true;
    };
    std::uint64_t i = 0, n = 0;
    if (slash == std::string::npos || !number(text.substr(0, slash), i) ||
        !number(text.substr(slash + 1), n))
        throw InputError("--shard '" + text +
                         "' is malformed: expected i/N such as 0/4 (shards 0..N-1)");
    if (n == 0 || i >= n)
        throw InputError("--shard '" + text + "' is out of range: expected 0 <= i < N, N >= 1");
    return {i, n};
}

}  // namespace toroid
