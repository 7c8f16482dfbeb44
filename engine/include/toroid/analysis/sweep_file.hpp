// Sweep result files: JSON lines that survive kills, resume and merge.
//
// Line 1 is a header naming the family and every setting that changes
// results: {"toroid_sweep": 1, "family": ..., "settings": {...}, "shard": "i/N"}.
// Every further line is one rule's census (census.hpp), appended and flushed
// as the rule finishes. A sweep killed mid-write leaves at most one partial
// last line; read_sweep_file() drops it (and says how many bytes) so that a
// resumed run appends after the last complete rule. Shards of one sweep have
// equal settings and disjoint rule indices; merge_sweep_files() joins them
// into what one run would have written.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "toroid/analysis/census.hpp"
#include "toroid/analysis/sweep.hpp"

namespace toroid {

struct SweepHeader {
    std::string family;
    nlohmann::json settings;  // soup/torus sizes, density, limits, seed, soups, rule count
    std::string shard;        // "0/1" when unsharded
};

nlohmann::json sweep_settings(const std::string& family, std::uint64_t family_size,
                              const SweepOptions& o);
std::string header_line(const SweepHeader& h);

struct SweepFile {
    SweepHeader header;
    std::vector<RuleCensus> rules;  // in file order
    std::uint64_t valid_bytes = 0;  // length of the complete lines
    std::uint64_t dropped_bytes = 0;
};

// InputError naming the file and line when a complete line is malformed.
SweepFile read_sweep_file(const std::string& path);

// Appends lines, flushing each (open in append mode; creates with the header).
class SweepWriter {
  public:
    // Starts a new file (truncating) with `header`, or, when `resume`,
    // truncates the file to `keep_bytes` and appends.
    SweepWriter(const std::string& path, const SweepHeader& header, bool resume,
                std::uint64_t keep_bytes);
    ~SweepWriter();
    SweepWriter(const SweepWriter&) = delete;
    SweepWriter& operator=(const SweepWriter&) = delete;
    void append(const RuleCensus& c);

  private:
    std::string path_;
    std::FILE* file_ = nullptr;
};

// Shards with equal family and settings, joined and ordered by rule index.
// InputError when they disagree or overlap with different results.
SweepFile merge_sweep_files(const std::vector<std::string>& paths);

// "i/N" -> (i, N) with 0 <= i < N; InputError otherwise.
std::pair<std::uint64_t, std::uint64_t> parse_shard(const std::string& text);

}  // namespace toroid
