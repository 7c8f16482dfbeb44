#include "toroid/analysis/power_growth.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "toroid/error.hpp"
#include "toroid/hashlife/hashlife_backend.hpp"

namespace toroid {

double least_squares_slope(std::span<const double> x, std::span<const double> y) {
    if (x.size() != y.size() || x.size() < 2)
        throw InputError("least squares: expected two lists of the same size, at least 2, got " +
                         std::to_string(x.size()) + " and " + std::to_string(y.size()));
    double mx = 0, my = 0;
    for (std::size_t i = 0; i < x.size(); ++i) mx += x[i], my += y[i];
    mx /= double(x.size());
    my /= double(y.size());
    double var = 0, cov = 0;
    for (std::size_t i = 0; i < x.size(); ++i) {
        var += (x[i] - mx) * (x[i] - mx);
        cov += (x[i] - mx) * (y[i] - my);
    }
    if (var == 0) throw InputError("least squares: every x is the same, the slope is undefined");
    return cov / var;
}

std::string power_growth_code(double power, double power2) {
    if (power2 < 1.1) return "PATHOLOGICAL";
    if (power < 1.65) return "zz_REPLICATOR";
    if (power < 2.1) return "zz_LINEAR";
    if (power < 2.9) return "zz_EXPLOSIVE";
    return "zz_QUADRATIC";
}

PowerGrowth power_growth_of(std::span<const std::uint64_t> pops, const PowerGrowthOptions& o) {
    if (pops.size() < 2)
        throw InputError("power growth: expected at least 2 populations, got " +
                         std::to_string(pops.size()));
    if (o.step < 1) throw InputError("power growth: the step must be at least 1");
    // lifelib's popcount(2^30 + 3): the population modulo that prime.
    constexpr std::uint64_t kModulus = (std::uint64_t(1) << 30) + 3;
    std::vector<double> x(pops.size()), x2(pops.size()), y(pops.size());
    double cumulative = 1.0;
    for (std::size_t i = 0; i < pops.size(); ++i) {
        cumulative += double(pops[i] % kModulus);
        x[i] = std::log(double(i) * o.step + o.start_generation);
        x2[i] = std::log(double(i + 1));
        y[i] = std::log(cumulative);
    }
    PowerGrowth out;
    out.power = least_squares_slope(x, y);
    out.power2 = least_squares_slope(x2, y);
    out.steps_done = int(pops.size());
    out.code = power_growth_code(out.power, out.power2);
    return out;
}

PowerGrowth powerlyse(const Rule& rule, const std::vector<Cell>& cells,
                      const PowerGrowthOptions& o) {
    if (o.step < 1 || o.steps < 2)
        throw InputError("powerlyse: expected a step of at least 1 and at least 2 steps, got " +
                         std::to_string(o.step) + " and " + std::to_string(o.steps));
    std::vector<std::uint64_t> pops;
    if (cells.empty()) {
        pops.assign(std::size_t(o.steps), 0);
        return power_growth_of(pops, o);
    }
    std::int64_t x0 = std::numeric_limits<std::int64_t>::max(), y0 = x0;
    std::int64_t x1 = std::numeric_limits<std::int64_t>::min(), y1 = x1;
    for (const Cell& c : cells)
        x0 = std::min(x0, c.x), y0 = std::min(y0, c.y), x1 = std::max(x1, c.x),
        y1 = std::max(y1, c.y);
    const std::int64_t extent = std::max(x1 - x0, y1 - y0) + 1;
    // Light speed: the cells never reach the far side within the run, so
    // nothing wraps and the torus is the plane.
    const double generations = double(o.step) * double(o.steps);
    if (2 * generations + double(extent) + 64 > double(o.side))
        throw InputError("powerlyse: a pattern " + std::to_string(extent) + " cells across run " +
                         std::to_string(std::uint64_t(generations)) +
                         " generations needs a torus wider than " + std::to_string(o.side));
    BackendOptions bo;
    bo.threads = 1;
    bo.memory_bytes = o.memory_bytes;
    HashLifeBackend life(rule, bo);  // InputError for rules HashLife cannot run
    life.reset(o.side, o.side);
    const std::uint64_t created0 = life.store().nodes_created();
    pops.reserve(std::size_t(o.steps));
    auto stopped = [&](const std::string& why) {
        PowerGrowth out;
        out.steps_done = int(pops.size());
        out.nodes_made = life.store().nodes_created() - created0;
        out.why = why + " after " + std::to_string(pops.size()) + " of " + std::to_string(o.steps) +
                  " steps of " + std::to_string(o.step);
        return out;
    };
    const std::string over_budget =
        "the node store's budget of " + std::to_string(o.memory_bytes >> 20) + " MiB was exceeded";
    try {
        Grid g(x1 - x0 + 1, y1 - y0 + 1);
        for (const Cell& c : cells) g.set(c.x - x0, c.y - y0, true);
        life.write_region(g, o.side / 2 - g.width() / 2, o.side / 2 - g.height() / 2);
    } catch (const hashlife::MemoryBudgetExceeded&) {
        return stopped(over_budget);
    }
    for (int i = 0; i < o.steps; ++i) {
        try {
            life.step(std::uint64_t(o.step));
        } catch (const hashlife::MemoryBudgetExceeded&) {
            return stopped(over_budget);
        }
        pops.push_back(life.population());
        if (life.store().nodes_created() - created0 > o.max_nodes_created)
            return stopped("more than " + std::to_string(o.max_nodes_created) +
                           " HashLife nodes were made");
    }
    PowerGrowth out = power_growth_of(pops, o);
    out.nodes_made = life.store().nodes_created() - created0;
    return out;
}

}  // namespace toroid
