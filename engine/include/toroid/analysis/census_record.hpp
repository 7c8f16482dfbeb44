// A census's first generations, stepped as a batch (`toroid census --batch`).
//
// The census steps one soup at a time and looks at every generation
// (analysis/soup_census.hpp). Its first torus's generations need nothing
// but stepping, a population, a hash and a signature, and a sweep every
// 64 generations: those can be made for a whole block of soups at once on
// a BatchBackend (the GPU's, or the CPU batch backend that gives the same
// bits), and the runner replays the record instead of stepping
// (SoupCensusRunner::run(seed, record)). It steps for itself from the first
// generation where it needs more than the record holds (cells between
// sweeps, a ship deleted, the torus grown, a repeat to confirm, the record's
// end), starting from the record's last snapshot before it: the census is
// the same, generation for generation, with or without a record.
//
// record_census_soups() steps `starts` (each soup's cells on a torus of
// side `side`, placed as SoupCensusRunner::start() places them) in
// batches of the backend's preferred size, resident on it (ResidentBatch),
// 64 generations a call, and keeps each soup's generations until one of
// those chunks holds a population 0 or ends in a state seen in the last 256
// generations (it has settled), ends with cells within `guard` of the
// torus's edge (the census would look for ships or grow the torus there),
// or `max_generations`. Where a record ends changes only how much of it the
// census replays.
//
// A record holds no copies: each chunk's history and nonzero words, as the
// backend returned them for the whole batch, are shared by the records of
// its soups (a slice: the chunk and the soup's torus in it).
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "toroid/analysis/universe.hpp"
#include "toroid/core/batch_backend.hpp"
#include "toroid/core/rule.hpp"

namespace toroid {

class CensusRecord {
  public:
    static constexpr std::uint64_t kSnapshotEvery = 64;  // the census's sweeps

    std::int64_t side() const { return side_; }
    std::uint64_t generations() const { return generations_; }  // recorded: 0 to generations()

    // Of generation g, 0 <= g <= generations(): Universe::population(),
    // hash() and signature() as the census's torus gives them.
    std::uint64_t population(std::uint64_t g) const;
    std::uint64_t hash(std::uint64_t g) const;
    std::uint64_t signature(std::uint64_t g) const;

    // Snapshot k, 0 <= k < snapshots(): the torus at generation
    // k * kSnapshotEvery, its cells sorted by (y, x), and their box.
    std::size_t snapshots() const { return 1 + chunks_.size(); }
    std::vector<Cell> cells(std::size_t k) const;
    Rect box(std::size_t k) const;

  private:
    friend class CensusRecorder;
    // A soup's torus in one chunk of its batch: history rows (generations
    // of the chunk, all tori of the batch) and nonzero words at its end.
    struct Slice {
        std::shared_ptr<const BatchHistory> history;
        std::shared_ptr<const SparseTori> words;
        std::size_t torus = 0;
    };
    // Generation g's row of the history and its torus.
    std::pair<const BatchHistory*, std::size_t> row(std::uint64_t g) const;
    const Slice& slice(std::size_t k) const { return k == 0 ? start_ : chunks_[k - 1]; }

    std::int64_t side_ = 0;
    std::uint64_t generations_ = 0;
    Slice start_;                // generation 0 (a history of one row)
    std::vector<Slice> chunks_;  // chunk c: generations 64c + 1 to 64c + 64
};

std::vector<CensusRecord> record_census_soups(BatchBackend& backend, const Rule& rule,
                                              std::int64_t side,
                                              std::span<const std::vector<Cell>> starts,
                                              std::uint64_t max_generations, std::int64_t guard);

}  // namespace toroid
