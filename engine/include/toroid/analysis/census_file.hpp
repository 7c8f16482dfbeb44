// `toroid census --out FILE`: a census as JSON lines that survive kills,
// resume, shard and add up.
//
// The soups [first, first + soups) are cut into blocks of `block` soups
// (block b: soups first + b * block .. , the last one shorter). Line 1 is a
// header naming everything that changes results:
//   {"toroid_census": 1, "rule": "b3s23", "symmetry": "C1", "root": ...,
//    "first": ..., "soups": ..., "block": ..., "max_gens": ..., "shard": "i/N"}
// (and "torus": side where the first torus is not 256)
// and every further line is one finished block's tally, appended and
// flushed as the block finishes:
//   {"block": b, "first": index, "soups": n, "unsettled": ..,
//    "generations": .., "objects": {apgcode: count}, "samples": {apgcode:
//    [soup indices]}, "cpu_seconds": {"step", "stabilise", "classify"}}.
// Shard i/N runs the blocks b with b % N == i, so shards (and mpirun's ranks,
// one file FILE.<rank> each) hold disjoint soups and their tallies add up to
// the whole census. A run killed mid-write leaves at most one partial last
// line; read_census_file() drops it (and says how many bytes), and --resume
// appends after the last complete block, skipping the blocks already there.
// Every line is checked before use: an InputError names the file, the line
// and the field (a negative count, a block outside the census or the file's
// shard, a block whose soups do not match its index, samples of an object
// the block does not hold, more samples than it holds or than kSamples, or
// out of order; a key that is not an apgcode; a header whose soups overflow
// 64 bits or whose root, rule or symmetry `toroid census` would refuse).
#pragma once

#include <cstdint>
#include <cstdio>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

#include "toroid/analysis/haul.hpp"
#include "toroid/io/json_lines_file.hpp"

namespace toroid {

struct CensusFileHeader {
    std::string rule, symmetry, root;
    std::uint64_t first = 0, soups = 0, block = 0, max_gens = 0;
    // The first torus's side (`--torus`): where soups first repeat moves a
    // little with it (the signature's tiles), so the tallies' generations do.
    // In the header only when it is not the default, 256.
    std::uint64_t torus = 256;
    std::string shard = "0/1";

    nlohmann::json json() const;
    std::uint64_t blocks() const;
    std::uint64_t block_first(std::uint64_t b) const { return first + b * block; }
    std::uint64_t block_soups(std::uint64_t b) const;
};

// One block's line, and back (InputError naming the field).
nlohmann::json census_block_json(std::uint64_t block, std::uint64_t first, const CensusTally& t);
CensusTally census_block_from_json(const nlohmann::json& j, std::uint64_t& block,
                                   std::uint64_t& first);

struct CensusFile {
    CensusFileHeader header;
    std::map<std::uint64_t, CensusTally> blocks;  // block index -> tally
    std::uint64_t valid_bytes = 0;                // up to the last complete line
    std::uint64_t dropped_bytes = 0;              // a partial last line
};

CensusFile read_census_file(const std::string& path);
CensusFile parse_census_file(std::string_view text, const std::string& name);

class CensusWriter {
  public:
    // resume: keep the file's first keep_bytes and append; otherwise write
    // the header to a new file.
    CensusWriter(const std::string& path, const CensusFileHeader& header, bool resume,
                 std::uint64_t keep_bytes);
    void append(std::uint64_t block, std::uint64_t first, const CensusTally& t);

  private:
    JsonLinesWriter out_;
};

}  // namespace toroid
