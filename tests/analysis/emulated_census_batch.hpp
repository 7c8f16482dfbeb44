// The CUDA batch backend's resident batch (kernels/src/batch.cu,
// DeviceTori) on the host: the same kernel bodies (census_batch.hpp,
// batch_step.hpp) run over their whole launch grids by emulate_launch(),
// in the order the device runs them, with std::exclusive_scan for
// thrust's. EmulatedCudaBatchBackend's resident() returns one, so a census
// can be recorded through the device's kernels on any machine.
#pragma once

#include <algorithm>
#include <numeric>
#include <span>
#include <stdexcept>
#include <vector>

#include "emulated_launch.hpp"
#include "toroid/core/batch_backend.hpp"
#include "toroid/kernels/batch_step.hpp"
#include "toroid/kernels/census_batch.hpp"

namespace toroid::testing {

class EmulatedResidentBatch final : public ResidentBatch {
  public:
    EmulatedResidentBatch(const TorusShape& shape, std::span<const CompiledRule> rules,
                          const SparseTori& start)
        : shape_(shape),
          count_(rules.size()),
          rules_(rules.begin(), rules.end()),
          seeds_(count_, 0),
          generations_(count_, 0) {
        const std::uint64_t words = std::uint64_t(shape_.torus_words());
        a_.assign(count_ * words, 0);  // the device's memset
        std::vector<std::uint32_t> torus;
        for (std::size_t i = 0; i < count_; ++i)
            torus.insert(torus.end(), start.start[i + 1] - start.start[i], std::uint32_t(i));
        const kernels::ScatterWordsArgs s{a_.data(),         words,
                                          torus.data(),      start.index.data(),
                                          start.word.data(), start.index.size()};
        emulate_launch(Index3{std::uint32_t((s.entries + 255) / 256), 1, 1}, Index3{256, 1, 1},
                       [&](const LaunchIndex& idx) { kernels::scatter_words_body(idx, s); });
    }

    std::size_t count() const override { return count_; }

    void advance(std::uint64_t gens, BatchHistory& history) override {
        history.reset(count_, gens);
        if (!history.with_signature)
            throw std::logic_error("the emulated resident batch runs the census path only");
        ensure_boxes();
        for (std::uint64_t g = 0; g < gens; ++g) {
            const kernels::CensusStepArgs st{
                a_.data(),     b_.data(),           shape_, count_,      rules_.data(),
                seeds_.data(), generations_.data(), g,      now_.data(), before_.data()};
            const kernels::LaunchShape ss = kernels::census_step_launch(count_);
            emulate_launch(ss.grid, ss.block,
                           [&](const LaunchIndex& idx) { kernels::census_step_body(idx, st); });
            tile_pass(b_, history.hash.data() + g * count_, history.population.data() + g * count_,
                      history.signature.data() + g * count_);
            std::swap(a_, b_);
            std::swap(before_, now_);
            std::swap(now_, next_);
        }
        for (std::uint64_t& gen : generations_) gen += gens;
    }

    void nonzero_words(SparseTori& out) override {
        ensure_boxes();
        const std::size_t per = std::size_t(kernels::census_tiles(shape_)), tiles = count_ * per;
        std::vector<std::uint64_t> counts(tiles), offsets(tiles);
        kernels::TileSparseArgs a{a_.data(),     shape_,         count_,  now_.data(),
                                  counts.data(), offsets.data(), nullptr, nullptr};
        const kernels::LaunchShape l = kernels::census_tile_launch(shape_, count_);
        emulate_launch(l.grid, l.block,
                       [&](const LaunchIndex& idx) { kernels::tile_nonzero_body(idx, a); });
        std::exclusive_scan(counts.begin(), counts.end(), offsets.begin(), std::uint64_t(0));
        const std::size_t total = tiles ? offsets.back() + counts.back() : 0;
        out.index.assign(total, 0);
        out.word.assign(total, 0);
        out.start.clear();
        for (std::size_t i = 0; i < count_; ++i) out.start.push_back(offsets[i * per]);
        out.start.push_back(total);
        a.index = out.index.data();
        a.word = out.word.data();
        emulate_launch(l.grid, l.block,
                       [&](const LaunchIndex& idx) { kernels::tile_sparse_body(idx, a); });
    }

    void keep(std::span<const std::size_t> keep) override {
        const std::uint64_t words = std::uint64_t(shape_.torus_words());
        const std::size_t n = keep.size();
        const std::vector<std::uint64_t> kept(keep.begin(), keep.end());
        b_.resize(std::max(b_.size(), n * words));
        const kernels::GatherToriArgs g{a_.data(), b_.data(), words, kept.data(), n};
        emulate_launch(Index3{std::uint32_t((n * words + 255) / 256), 1, 1}, Index3{256, 1, 1},
                       [&](const LaunchIndex& idx) { kernels::gather_tori_body(idx, g); });
        std::swap(a_, b_);
        for (std::size_t k = 0; k < n; ++k) {
            rules_[k] = rules_[keep[k]];
            seeds_[k] = seeds_[keep[k]];
            generations_[k] = generations_[keep[k]];
            if (ready_) now_[k] = now_[keep[k]];
        }
        if (ready_) zero_before(n);
        count_ = n;
    }

  private:
    void ensure_boxes() {
        if (ready_) return;
        const std::size_t words = count_ * std::size_t(shape_.torus_words());
        b_.resize(std::max(b_.size(), words));
        now_.assign(count_, kernels::CensusBox::whole(shape_));
        before_.resize(count_);
        next_.resize(count_);
        zero_before(count_);
        std::vector<std::uint64_t> hash(count_), signature(count_);
        std::vector<std::uint32_t> population(count_);
        tile_pass(a_, hash.data(), population.data(), signature.data());
        std::swap(now_, next_);
        ready_ = true;
    }
    void zero_before(std::size_t n) {
        std::fill_n(b_.begin(), n * std::size_t(shape_.torus_words()), 0);
        std::fill_n(before_.begin(), n, kernels::CensusBox{});
    }
    void tile_pass(const std::vector<std::uint64_t>& words, std::uint64_t* hash,
                   std::uint32_t* population, std::uint64_t* signature) {
        const std::size_t tiles = count_ * std::size_t(kernels::census_tiles(shape_));
        tile_pops_.resize(tiles);
        tile_hash_.resize(tiles);
        tile_box_.resize(tiles);
        const kernels::CensusTileArgs t{words.data(),
                                        shape_,
                                        count_,
                                        rules_.data(),
                                        now_.data(),
                                        before_.data(),
                                        tile_pops_.data(),
                                        tile_hash_.data(),
                                        tile_box_.data()};
        const kernels::LaunchShape ts = kernels::census_tile_launch(shape_, count_);
        emulate_launch(ts.grid, ts.block,
                       [&](const LaunchIndex& idx) { kernels::census_tile_body(idx, t); });
        const kernels::CensusHistoryArgs h{
            tile_pops_.data(), tile_hash_.data(), tile_box_.data(), shape_, count_, hash,
            population,        signature,         next_.data()};
        const kernels::LaunchShape hs = kernels::census_history_launch(count_);
        emulate_launch(hs.grid, hs.block,
                       [&](const LaunchIndex& idx) { kernels::census_history_body(idx, h); });
    }

    TorusShape shape_;
    std::size_t count_;
    std::vector<CompiledRule> rules_;
    std::vector<std::uint64_t> seeds_, generations_, a_, b_;
    std::vector<kernels::CensusBox> now_, before_, next_, tile_box_;
    std::vector<std::uint32_t> tile_pops_;
    std::vector<std::uint64_t> tile_hash_;
    bool ready_ = false;
};

// The CPU batch backend but for resident(): the device's kernels, emulated.
class EmulatedCudaBatchBackend final : public BatchBackend {
  public:
    EmulatedCudaBatchBackend() : cpu_(create_batch_backend("cpu", BatchOptions{1})) {}
    std::string name() const override { return "emulated cuda"; }
    std::size_t preferred_batch(const TorusShape&) const override { return 24; }
    int concurrent_callers() const override { return 1; }
    void advance(TorusBatch& batch, std::uint64_t gens, BatchHistory& history) override {
        cpu_->advance(batch, gens, history);
    }
    std::unique_ptr<ResidentBatch> resident(const TorusShape& shape,
                                            std::span<const CompiledRule> rules,
                                            const SparseTori& start) override {
        return std::make_unique<EmulatedResidentBatch>(shape, rules, start);
    }

  private:
    std::unique_ptr<BatchBackend> cpu_;
};

}  // namespace toroid::testing
