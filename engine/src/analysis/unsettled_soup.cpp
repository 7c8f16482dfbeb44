#include <algorithm>

#include "activity_split.hpp"
#include "cell_groups.hpp"
#include "soup_census_state.hpp"
#include "toroid/analysis/linear_growth.hpp"
#include "toroid/analysis/power_growth.hpp"
#include "toroid/error.hpp"

namespace toroid {

using detail::box_of;

// A soup that did not settle: its parts are told apart by what they do over
// `window` generations (activity_split.hpp: kUnsettledWindow, or apgsearch's
// separation window where its schedule decides). Settled parts are separated and
// coded as ash, ships in flight by their apgcodes, and the other parts as
// apgsearch's classifyAperiodic codes an aperiodic object: the yl code of
// linear growth (linear_growth.hpp), otherwise the power-law test
// (power_growth.hpp); the objects a growing soup leaves are counted too, as
// apgsearch counts them. A soup too large to split is power-tested whole.
// A part the power test cannot finish within its bounds gets the old
// heuristic's code, from the soup's population at the sweeps: zz_LINEAR
// when it grew about linearly over the second half of the run,
// zz_EXPLOSIVE otherwise (or when the soup outgrew the largest torus).
void SoupCensusRunner::State::code_unsettled(
    Universe& u, std::uint64_t t, const std::vector<std::pair<std::uint64_t, std::uint64_t>>& pops,
    bool overflow, std::uint64_t window, std::vector<std::string>& objects) {
    constexpr std::size_t kMaxCells = 100000;
    constexpr std::int64_t kMaxSide = 16384;
    auto heuristic = [&] {
        if (pops.size() >= 8) {
            const double p2 = double(pops[pops.size() / 2].second),
                         p3 = double(pops[3 * pops.size() / 4].second),
                         p4 = double(pops.back().second);
            const double a = p3 - p2, b = p4 - p3;
            if (!overflow && a > 0 && b > 0 && b < 2 * a && a < 2 * b) return "zz_LINEAR";
        }
        return "zz_EXPLOSIVE";
    };
    auto power_code = [&](const std::vector<Cell>& part) -> std::string {
        try {
            PowerGrowth g = powerlyse(rule, part, options.power);
            if (!g.code.empty()) return g.code;
        } catch (const InputError&) {
            // A part too wide for the power test's torus, or a rule HashLife
            // does not run: the heuristic, as for a run out of bounds.
        }
        return heuristic();
    };
    std::vector<Cell> cells = u.occupied();
    if (cells.empty()) return;
    // Every generation of the window is kept: a large soup gets a shorter
    // one (at most 2^25 cells in all, and never under kUnsettledWindow).
    constexpr std::uint64_t kMaxCellPhases = std::uint64_t(1) << 25;
    window = std::min(window, std::max(kUnsettledWindow, kMaxCellPhases / cells.size()));
    if (cells.size() > kMaxCells) return objects.push_back(power_code(cells));
    const Rect b = box_of(cells);
    // Room for the window on a torus of its own (light speed, plus slack).
    std::int64_t side = options.torus;
    while (side < std::max(b.width, b.height) + 2 * std::int64_t(window + 16)) side *= 2;
    if (side > kMaxSide) return objects.push_back(power_code(cells));
    use_torus(side);
    Universe& w = *universe;
    const std::int64_t dx = side / 2 - (b.x + b.width / 2), dy = side / 2 - (b.y + b.height / 2);
    for (Cell& c : cells) c.x += dx, c.y += dy;
    w.start(cells, t);
    std::vector<std::vector<Cell>> history;
    for (std::uint64_t k = 0; k <= window; ++k) {
        if (k) w.step(1);
        history.push_back(w.occupied());
    }
    std::vector<std::string> found;
    std::vector<Cell> growing;  // the groups neither periodic, ships nor yl
    for (const detail::ActivityPart& part : detail::split_by_activity(history)) {
        if (part.periodic) {
            code_ash(part.phases, part.period, found);
            continue;
        }
        const std::vector<Cell>& now = part.phases.back();
        std::vector<std::uint32_t> members(now.size());
        std::iota(members.begin(), members.end(), 0u);
        const Rect box = box_of(now, members);
        const bool small = now.size() <= ShipCatalog::kMaxCells &&
                           box.width <= ShipCatalog::kMaxSize &&
                           box.height <= ShipCatalog::kMaxSize;
        const int kind = small ? ship_kind(now, members, box) : -1;
        if (kind >= 0) {
            for (const std::string& code : ship_codes_of(kind)) found.push_back(code);
            continue;
        }
        std::string code = linearlyse(rule, now);
        if (code.empty())
            growing.insert(growing.end(), now.begin(), now.end());
        else
            found.push_back(std::move(code));
    }
    // The groups that grow but not linearly are power-tested as one object:
    // a replicator's copies drift apart into groups of their own within 256
    // generations (apgsearch's separation, over 1280 or 4000, keeps them
    // together), and each alone would be tested as a newborn one.
    if (!growing.empty()) {
        std::sort(growing.begin(), growing.end());
        found.push_back(power_code(growing));
    }
    objects.insert(objects.end(), found.begin(), found.end());
}

}  // namespace toroid
