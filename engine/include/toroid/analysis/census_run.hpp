// Running a census's blocks (census_file.hpp) on the CPU's cores.
//
// run_census_blocks() runs the listed blocks of the census the header
// describes, each block's soups in index order by one thread's
// SoupCensusRunner (so its samples are its first soups), blocks handed to
// `threads` threads in the order listed. on_block(block, first, tally) is
// called (one call at a time) as each block finishes, for the --out file
// and the progress line; `soups_done` counts soups as they finish. The
// first error stops every thread and is rethrown. A block's tally depends
// only on the rule, the header and the block, never on the threads.
//
// With a batch backend (`--batch`), each block's soups are first stepped
// together on it for up to kCensusRecordGenerations generations and their
// runners replay those records (census_record.hpp): the same tallies, the
// first generations stepped by the batch. A device takes one block at a
// time; a thread that finds it busy runs its block without records.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <vector>

#include "toroid/analysis/census_file.hpp"
#include "toroid/analysis/census_record.hpp"
#include "toroid/analysis/soup_census.hpp"

namespace toroid {

void run_census_blocks(
    const Rule& rule, const CensusOptions& options, const CensusFileHeader& header,
    const std::vector<std::uint64_t>& blocks, unsigned threads,
    const std::function<void(std::uint64_t, std::uint64_t, const CensusTally&)>& on_block,
    std::atomic<std::uint64_t>* soups_done = nullptr, BatchBackend* batch = nullptr);

inline constexpr std::uint64_t kCensusRecordGenerations = 4096;

}  // namespace toroid
