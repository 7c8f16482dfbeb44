#include "activity_split.hpp"

#include <algorithm>
#include <bit>

#include "cell_groups.hpp"

namespace toroid::detail {

std::vector<ActivityPart> split_by_activity(const std::vector<std::vector<Cell>>& history) {
    std::vector<ActivityPart> parts;
    if (history.size() < 3) return parts;
    const std::size_t W = history.size() - 1;
    // The envelope, every position once in (y, x) order, from a bitmap of
    // the box of all phases (sorting every phase's cells cost most of a
    // window of apgsearch's 1280 generations).
    std::int64_t x0 = 0, y0 = 0, x1 = -1, y1 = -1;
    for (const auto& list : history)
        for (const Cell& c : list) {
            if (x1 < x0) {
                x0 = x1 = c.x;
                y0 = y1 = c.y;
            }
            x0 = std::min(x0, c.x), x1 = std::max(x1, c.x);
            y0 = std::min(y0, c.y), y1 = std::max(y1, c.y);
        }
    std::vector<Cell> envelope;
    if (x1 >= x0) {
        const std::int64_t per_row = (x1 - x0 + 64) / 64;
        std::vector<std::uint64_t> bits(std::size_t(per_row * (y1 - y0 + 1)), 0);
        for (const auto& list : history)
            for (const Cell& c : list) {
                const std::int64_t x = c.x - x0;
                bits[std::size_t((c.y - y0) * per_row + x / 64)] |= std::uint64_t(1) << (x % 64);
            }
        for (std::int64_t y = y0; y <= y1; ++y)
            for (std::int64_t w = 0; w < per_row; ++w)
                for (std::uint64_t m = bits[std::size_t((y - y0) * per_row + w)]; m; m &= m - 1)
                    envelope.push_back({x0 + w * 64 + std::countr_zero(m), y});
    }
    const auto groups = groups_of(envelope);
    std::vector<std::uint32_t> group_of(envelope.size());
    for (std::size_t g = 0; g < groups.size(); ++g)
        for (std::uint32_t i : groups[g]) group_of[i] = std::uint32_t(g);
    // The group of each cell of history[k]: both lists are sorted, so one walk.
    auto for_each_cell = [&](std::size_t k, auto&& visit) {
        std::size_t e = 0;
        for (const Cell& c : history[k]) {
            while (envelope[e] < c) ++e;
            visit(group_of[e], c);
        }
    };
    // hashes[g * (W + 1) + k]: the cells of group g at k, in (y, x) order.
    std::vector<std::uint64_t> hashes(groups.size() * (W + 1), 0x84222325cbf29ce4ull);
    for (std::size_t k = 0; k <= W; ++k)
        for_each_cell(k, [&](std::uint32_t g, const Cell& c) {
            std::uint64_t& h = hashes[g * (W + 1) + k];
            h = (h ^ (std::uint64_t(c.y) << 32 ^ std::uint64_t(c.x))) * 0x100000001b3ull;
            h ^= h >> 29;
        });
    parts.resize(groups.size());
    for (std::size_t g = 0; g < groups.size(); ++g) {
        const std::uint64_t* h = &hashes[g * (W + 1)];
        for (std::size_t p = 1; p <= W / 2 && !parts[g].periodic; ++p) {
            bool same = true;
            for (std::size_t k = W / 2; k <= W && same; ++k) same = h[k] == h[k - p];
            if (same) parts[g].periodic = true, parts[g].period = p;
        }
        const std::size_t n = parts[g].periodic ? parts[g].period : 1;
        parts[g].phases.assign(n, {});
    }
    for (std::size_t k = W / 2; k <= W; ++k)
        for_each_cell(k, [&](std::uint32_t g, const Cell& c) {
            const std::size_t n = parts[g].phases.size();
            if (k + n > W) parts[g].phases[k + n - 1 - W].push_back(c);
        });
    std::vector<ActivityPart> kept;
    for (auto& part : parts) {
        bool alive = false;
        for (const auto& phase : part.phases) alive = alive || !phase.empty();
        if (alive) kept.push_back(std::move(part));
    }
    return kept;
}

}  // namespace toroid::detail
