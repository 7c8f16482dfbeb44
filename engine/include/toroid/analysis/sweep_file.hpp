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
//
// Files are checked line by line before anything of them is used, and every
// problem is an InputError naming the file, the line and the field: a header
// that is not toroid's (version, family, settings with the family's rule
// count, shard "i/N"), a census with a missing or mistyped field or a
// negative count (census.hpp), a rule index outside the family or outside
// the file's shard, one index twice with different results. A merge also
// says which rules no file holds (SweepMerge::missing): the command refuses
// such a partial merge unless asked for one (--partial).
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "toroid/analysis/census.hpp"
#include "toroid/analysis/sweep.hpp"
#include "toroid/io/json_lines_file.hpp"

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
    std::uint64_t family_size = 0;  // settings.rules: the family's rule count
    std::vector<RuleCensus> rules;  // in file order
    std::uint64_t valid_bytes = 0;  // length of the complete lines
    std::uint64_t dropped_bytes = 0;
};

// InputError naming the file, line and field when a complete line is
// malformed; "-" reads standard input.
SweepFile read_sweep_file(const std::string& path);
// The same on a file's text; `name` is the file in messages.
SweepFile parse_sweep_file(std::string_view text, const std::string& name);

// Appends lines, flushing each (open in append mode; creates with the header).
class SweepWriter {
  public:
    // Starts a new file (truncating) with `header`, or, when `resume`,
    // truncates the file to `keep_bytes` and appends.
    SweepWriter(const std::string& path, const SweepHeader& header, bool resume,
                std::uint64_t keep_bytes);
    void append(const RuleCensus& c);

  private:
    JsonLinesWriter out_;
};

// Shards with equal family and settings, joined and ordered by rule index,
// and the family's rules that none of them holds. InputError when they
// disagree or overlap with different results.
struct SweepMerge {
    SweepFile file;
    std::uint64_t missing = 0;                 // rules of the family without a result
    std::vector<std::uint64_t> first_missing;  // their indices, the first 20
};
SweepMerge merge_sweep_files(const std::vector<std::string>& paths);
// The same on files already read; names[k] names files[k] in messages.
SweepMerge merge_sweeps(std::vector<SweepFile> files, const std::vector<std::string>& names);

// "i/N" -> (i, N) with 0 <= i < N; InputError otherwise.
std::pair<std::uint64_t, std::uint64_t> parse_shard(const std::string& text);

}  // namespace toroid
