// Internal to the census (soup_census.cpp): a soup's first torus, replayed
// from its CensusRecord (toroid/analysis/census_record.hpp).
//
// A Universe over the census's real torus of the record's side. Until
// something asks for more than the record holds, step() only advances a
// counter and population(), hash() and signature() read the record; cells()
// at a snapshot's generation reads the snapshot. Anything else (cells
// between snapshots, an edit, a step past the record) first makes the real
// torus hold the same state: it starts from the last snapshot at or before
// the current generation and steps to it (materialise()); from then on
// every call goes to the real torus. Its answers are the real torus's
// throughout, so a census is the same with or without the record.
#pragma once

#include <algorithm>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "toroid/analysis/census_record.hpp"
#include "toroid/analysis/universe.hpp"

namespace toroid::detail {

class ReplayedTorus final : public Universe {
  public:
    // `real` must be the census's torus of side record.side, and the soup
    // the record starts from already started on it at generation 0.
    ReplayedTorus(Universe& real, const CensusRecord& record) : real_(real), record_(record) {}

    // Whether the real torus holds the state (every call goes there).
    bool materialised() const { return live_; }
    // Makes the real torus hold the replayed state (const: what the
    // universe answers does not change).
    void materialise() const {
        if (live_) return;
        const std::uint64_t k =
            std::min<std::uint64_t>(t_ / CensusRecord::kSnapshotEvery, record_.snapshots() - 1);
        const std::uint64_t at = k * CensusRecord::kSnapshotEvery;
        real_.start(record_.cells(std::size_t(k)), at);
        real_.step(t_ - at);
        live_ = true;
    }

    std::string name() const override { return real_.name() + " (replayed)"; }
    std::int64_t width() const override { return real_.width(); }
    std::int64_t height() const override { return real_.height(); }
    std::uint64_t generation() const override { return live_ ? real_.generation() : t_; }

    void load(const Grid& grid, std::uint64_t generation) override {
        live_ = true;
        real_.load(grid, generation);
    }
    void start(std::span<const Cell> cells, std::uint64_t generation) override {
        live_ = true;
        real_.start(cells, generation);
    }
    Grid grid() const override { return live().grid(); }
    void step(std::uint64_t generations) override {
        if (!live_ && t_ + generations <= record_.generations()) {
            t_ += generations;
            return;
        }
        live().step(generations);
    }
    std::uint64_t population() const override {
        return live_ ? real_.population() : record_.population(t_);
    }
    std::uint64_t hash() const override { return live_ ? real_.hash() : record_.hash(t_); }
    std::uint64_t signature() const override {
        return live_ ? real_.signature() : record_.signature(t_);
    }
    bool signature_is_hash() const override { return real_.signature_is_hash(); }
    std::vector<Cell> cells() const override {
        if (const auto k = snapshot()) return record_.cells(*k);
        return live().cells();
    }
    Rect live_box() const override {
        if (const auto k = snapshot()) return record_.box(*k);
        return live().live_box();
    }
    void clear_cells(std::span<const Cell> cells) override { live().clear_cells(cells); }

  private:
    // The snapshot of the current generation, if it has one and the real
    // torus is not live.
    std::optional<std::size_t> snapshot() const {
        if (live_ || t_ % CensusRecord::kSnapshotEvery != 0) return std::nullopt;
        const std::uint64_t k = t_ / CensusRecord::kSnapshotEvery;
        if (k >= record_.snapshots()) return std::nullopt;
        return std::size_t(k);
    }
    Universe& live() const {
        materialise();
        return real_;
    }

    Universe& real_;
    const CensusRecord& record_;
    std::uint64_t t_ = 0;
    mutable bool live_ = false;
};

}  // namespace toroid::detail
