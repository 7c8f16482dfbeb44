#include "activity_split.hpp"

#include <algorithm>

#include "cell_groups.hpp"

namespace toroid::detail {

std::vector<ActivityPart> split_by_activity(const std::vector<std::vector<Cell>>& history) {
    std::vector<ActivityPart> parts;
    if (history.size() < 3) return parts;
    const std::size_t W = history.size() - 1;
    // (References, not structured bindings: the lambda below captures them.)
    const EnvelopeGroups grouped = envelope_groups(history);
    const std::vector<Cell>& envelope = grouped.envelope;
    const auto& groups = grouped.groups;
    const std::vector<std::uint32_t>& group_of = grouped.group_of;
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
