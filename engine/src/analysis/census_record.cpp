#include "toroid/analysis/census_record.hpp"

#include <algorithm>
#include <bit>
#include <map>

#include "toroid/core/tile_signature.hpp"

namespace toroid {
namespace {

// A record closes on a repeat of at most this period (a longer one, at
// the guard or the record's end).
constexpr std::size_t kSettledPeriod = 256;

bool near_edge(const Rect& box, std::int64_t side, std::int64_t guard) {
    return !box.empty() && (box.x < guard || box.y < guard || box.x + box.width > side - guard ||
                            box.y + box.height > side - guard);
}

// Each start's nonzero words (cells sorted by (y, x) or not).
SparseTori sparse_of(std::span<const std::vector<Cell>> starts, const TorusShape& s) {
    SparseTori out;
    out.start.push_back(0);
    for (const std::vector<Cell>& cells : starts) {
        std::map<std::uint32_t, std::uint64_t> words;
        for (const Cell& c : cells)
            words[std::uint32_t(c.y * s.words + c.x / 64)] |= std::uint64_t(1) << (c.x % 64);
        for (const auto& [index, word] : words) {
            out.index.push_back(index);
            out.word.push_back(word);
        }
        out.start.push_back(out.index.size());
    }
    return out;
}

// Generation 0's history (one row) of sparse tori, summed tile by tile.
BatchHistory history_of(const SparseTori& tori, const TorusShape& s) {
    BatchHistory h;
    h.with_signature = true;
    const std::size_t count = tori.start.size() - 1;
    h.reset(count, 1);
    const std::int64_t tiles_x = signature_tiles_x(s);
    for (std::size_t i = 0; i < count; ++i) {
        std::map<std::int64_t, std::pair<std::uint32_t, std::uint64_t>> tiles;  // pop, hash
        for (std::size_t e = tori.start[i]; e < tori.start[i + 1]; ++e) {
            const std::int64_t y = tori.index[e] / s.words, j = tori.index[e] % s.words;
            auto& [population, hash] =
                tiles[(y / kSignatureTileRows) * tiles_x + j / kSignatureTileWords];
            population += std::uint32_t(std::popcount(tori.word[e]));
            hash += hash_word(tori.index[e], tori.word[e]);
        }
        TorusTileSums sums;
        for (const auto& [t, ph] : tiles) sums.add(std::uint64_t(t), ph.first, ph.second);
        h.population[i] = sums.population;
        h.hash[i] = sums.hash(s);
        h.signature[i] = sums.signature;
    }
    return h;
}

}  // namespace

std::pair<const BatchHistory*, std::size_t> CensusRecord::row(std::uint64_t g) const {
    if (g == 0) return {start_.history.get(), start_.torus};
    const Slice& c = chunks_[std::size_t((g - 1) / kSnapshotEvery)];
    return {c.history.get(), std::size_t((g - 1) % kSnapshotEvery) * c.history->count + c.torus};
}
std::uint64_t CensusRecord::population(std::uint64_t g) const {
    const auto [h, at] = row(g);
    return h->population[at];
}
std::uint64_t CensusRecord::hash(std::uint64_t g) const {
    const auto [h, at] = row(g);
    return h->hash[at];
}
std::uint64_t CensusRecord::signature(std::uint64_t g) const {
    const auto [h, at] = row(g);
    return h->signature[at];
}

std::vector<Cell> CensusRecord::cells(std::size_t k) const {
    const Slice& s = slice(k);
    std::vector<std::pair<std::uint32_t, std::uint64_t>> words;
    for (std::size_t e = s.words->start[s.torus]; e < s.words->start[s.torus + 1]; ++e)
        words.push_back({s.words->index[e], s.words->word[e]});
    std::sort(words.begin(), words.end());
    const auto per_row = std::uint64_t(TorusShape::of(side_, side_).words);
    std::vector<Cell> out;
    for (const auto& [index, word] : words)
        for (std::uint64_t bits = word; bits; bits &= bits - 1)
            out.push_back({std::int64_t(index % per_row) * 64 + std::countr_zero(bits),
                           std::int64_t(index / per_row)});
    return out;
}

Rect CensusRecord::box(std::size_t k) const {
    const Slice& s = slice(k);
    const std::int64_t per_row = TorusShape::of(side_, side_).words;
    std::int64_t x0 = side_, y0 = side_, x1 = -1, y1 = -1;
    for (std::size_t e = s.words->start[s.torus]; e < s.words->start[s.torus + 1]; ++e) {
        const std::int64_t y = s.words->index[e] / per_row, j = s.words->index[e] % per_row;
        const std::uint64_t bits = s.words->word[e];
        y0 = std::min(y0, y);
        y1 = std::max(y1, y);
        x0 = std::min(x0, j * 64 + std::countr_zero(bits));
        x1 = std::max(x1, j * 64 + 63 - std::countl_zero(bits));
    }
    if (x1 < 0) return {};
    return {x0, y0, x1 - x0 + 1, y1 - y0 + 1};
}

// Records one batch of soups (record_census_soups' work).
class CensusRecorder {
  public:
    static void record(BatchBackend& backend, const CompiledRule& rule, std::int64_t side,
                       std::span<const std::vector<Cell>> starts, std::uint64_t max_generations,
                       std::int64_t guard, std::span<CensusRecord> out) {
        const TorusShape shape = TorusShape::of(side, side);
        auto start_words = std::make_shared<const SparseTori>(sparse_of(starts, shape));
        auto start_history = std::make_shared<const BatchHistory>(history_of(*start_words, shape));
        // The soups still recorded, by their torus in the batch.
        std::vector<std::size_t> soup;
        for (std::size_t i = 0; i < starts.size(); ++i) {
            CensusRecord& r = out[i];
            r.side_ = side;
            r.start_ = {start_history, start_words, i};
            if (r.population(0) > 0) soup.push_back(i);
        }
        if (soup.empty()) return;
        // The batch holds the soups with cells.
        SparseTori words;
        words.start.push_back(0);
        for (const std::size_t i : soup) {
            for (std::size_t e = start_words->start[i]; e < start_words->start[i + 1]; ++e) {
                words.index.push_back(start_words->index[e]);
                words.word.push_back(start_words->word[e]);
            }
            words.start.push_back(words.index.size());
        }
        const std::vector<CompiledRule> rules(soup.size(), rule);
        const std::unique_ptr<ResidentBatch> tori = backend.resident(shape, rules, words);
        constexpr std::uint64_t kChunk = CensusRecord::kSnapshotEvery;
        for (std::uint64_t done = 0; !soup.empty() && done + kChunk <= max_generations;
             done += kChunk) {
            auto history = std::make_shared<BatchHistory>();
            history->with_signature = true;
            tori->advance(kChunk, *history);
            auto sparse = std::make_shared<SparseTori>();
            tori->nonzero_words(*sparse);
            std::vector<std::size_t> open;
            for (std::size_t k = 0; k < soup.size(); ++k) {
                CensusRecord& r = out[soup[k]];
                r.chunks_.push_back({history, sparse, k});
                r.generations_ = done + kChunk;
                bool settled = false;
                for (std::uint64_t g = done + 1; g <= done + kChunk; ++g)
                    settled |= r.population(g) == 0;
                // Settled with a period up to kSettledPeriod: the chunk's last
                // state seen before (the census confirms it, one period on).
                // Ash of a longer period, or a ship still in it, is recorded
                // until it nears the edge or the record's end.
                const std::uint64_t last = r.hash(r.generations_);
                for (std::uint64_t g =
                         r.generations_ - std::min<std::uint64_t>(r.generations_, kSettledPeriod);
                     g < r.generations_ && !settled; ++g)
                    settled = r.hash(g) == last;
                if (!settled && !near_edge(r.box(r.snapshots() - 1), side, guard))
                    open.push_back(k);
            }
            if (open.size() < soup.size()) {
                std::vector<std::size_t> still;
                for (const std::size_t k : open) still.push_back(soup[k]);
                if (!open.empty()) tori->keep(open);
                soup = std::move(still);
            }
        }
    }
};

std::vector<CensusRecord> record_census_soups(BatchBackend& backend, const Rule& rule,
                                              std::int64_t side,
                                              std::span<const std::vector<Cell>> starts,
                                              std::uint64_t max_generations, std::int64_t guard) {
    std::vector<CensusRecord> out(starts.size());
    const CompiledRule compiled = rule.compile();
    const std::size_t per_batch =
        std::max<std::size_t>(1, backend.preferred_batch(TorusShape::of(side, side)));
    for (std::size_t first = 0; first < starts.size(); first += per_batch) {
        const std::size_t count = std::min(per_batch, starts.size() - first);
        CensusRecorder::record(backend, compiled, side, starts.subspan(first, count),
                               max_generations, guard,
                               std::span<CensusRecord>(out).subspan(first, count));
    }
    return out;
}

}  // namespace toroid
