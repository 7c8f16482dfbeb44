// Helpers of the census's batch tests (tests/analysis/test_batch.cpp,
// test_census_record.cpp, tests/gpu/test_cuda_batch.cpp): sparse starts
// of a batch, blobs placed across the seams, and a census's blocks run
// with or without a batch backend.
#pragma once

#include <cstdint>
#include <map>
#include <vector>

#include "reference.hpp"
#include "toroid/analysis/census_run.hpp"
#include "toroid/core/batch_backend.hpp"

namespace toroid::testing {

// The batch's tori as sparse starts (BatchBackend::resident).
inline SparseTori sparse_of(const TorusBatch& batch) {
    SparseTori start;
    start.start.push_back(0);
    for (std::size_t i = 0; i < batch.count; ++i) {
        const auto t = batch.torus(i);
        for (std::size_t k = 0; k < t.size(); ++k)
            if (t[k]) start.index.push_back(std::uint32_t(k)), start.word.push_back(t[k]);
        start.start.push_back(start.index.size());
    }
    return start;
}

// A random blob of size x size at (x0, y0) of torus i, wrapping around.
inline void place_blob(TorusBatch& batch, std::size_t i, std::int64_t x0, std::int64_t y0,
                       std::int64_t size, std::uint64_t seed) {
    const Grid blob = random_grid(size, size, 0.5, seed);
    const std::int64_t w = batch.shape.width, h = batch.shape.height;
    for (std::int64_t y = 0; y < size; ++y)
        for (std::int64_t x = 0; x < size; ++x)
            if (blob.get(x, y)) {
                const std::int64_t cx = (x0 + x) % w, cy = (y0 + y) % h;
                batch.torus(i)[std::size_t(cy * batch.shape.words + cx / 64)] |= std::uint64_t(1)
                                                                                 << (cx % 64);
            }
}

// A B3/S23 census of `soups` soups of `root` in blocks of `block`, on two
// threads, with `batch` recording (or not), by block.
inline std::map<std::uint64_t, CensusTally> census_blocks(const CensusOptions& o, const char* root,
                                                          std::uint64_t soups, std::uint64_t block,
                                                          BatchBackend* batch) {
    CensusFileHeader h;
    h.rule = "b3s23";
    h.symmetry = "C1";
    h.root = root;
    h.soups = soups;
    h.block = block;
    h.max_gens = o.max_generations;
    h.torus = std::uint64_t(o.torus);
    std::vector<std::uint64_t> blocks;
    for (std::uint64_t b = 0; b < h.blocks(); ++b) blocks.push_back(b);
    std::map<std::uint64_t, CensusTally> out;
    run_census_blocks(
        Rule::parse("B3/S23"), o, h, blocks, 2,
        [&](std::uint64_t b, std::uint64_t, const CensusTally& t) { out[b] = t; }, nullptr, batch);
    return out;
}

}  // namespace toroid::testing
