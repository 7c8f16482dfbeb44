#include "toroid/games/periodicity.hpp"

#include <algorithm>
#include <vector>

namespace toroid::games {

std::string Periodicity::hint(std::size_t upto) const {
    if (found || upto >= 100'000'000) return "";
    const std::size_t larger =
        std::min<std::size_t>(100'000'000, std::max<std::size_t>(1000, upto * 10));
    return "a period and its proof may need more values: try --upto " + std::to_string(larger);
}

std::string Periodicity::to_string() const {
    if (!found) return "no period up to " + std::to_string(checked_upto);
    std::string s =
        "periodic from " + std::to_string(preperiod) + " with period " + std::to_string(period);
    if (proved) return s + ", proved at n = " + std::to_string(proved_at);
    return s + " (apparent up to " + std::to_string(checked_upto) + ", not proved)";
}

namespace {

// For every shift p, the first n0 with g[n] == g[n + p] for all n0 <= n <= last - p:
// the Z-function of the reversed sequence (O(n) in all; scanning back from
// the end for each p separately is quadratic on almost periodic data, where
// every multiple of the period matches for millions of values).
std::vector<std::uint32_t> periodic_from(std::span<const std::uint32_t> g) {
    const std::size_t len = g.size(), last = len - 1;
    auto rev = [&](std::size_t i) { return g[last - i]; };
    std::vector<std::uint32_t> z(len, 0);
    std::size_t l = 0, r = 0;
    for (std::size_t i = 1; i < len; ++i) {
        std::size_t k = i < r ? std::min(r - i, static_cast<std::size_t>(z[i - l])) : 0;
        while (i + k < len && rev(k) == rev(i + k)) ++k;
        z[i] = static_cast<std::uint32_t>(k);
        if (i + k > r) {
            l = i;
            r = i + k;
        }
    }
    std::vector<std::uint32_t> n0(len, 0);
    for (std::size_t p = 1; p < len; ++p) n0[p] = static_cast<std::uint32_t>(last - p + 1 - z[p]);
    return n0;
}

}  // namespace

Periodicity find_period(std::span<const std::uint32_t> g, std::size_t t, bool splits) {
    Periodicity r;
    if (g.empty()) return r;
    const std::size_t last = g.size() - 1;
    r.checked_upto = last;
    // last index the proof needs for (n0, p)
    auto needed = [&](std::size_t n0, std::size_t p) {
        return splits ? 2 * n0 + 2 * p + t - 1 : n0 + p + t - 1;
    };
    if (needed(0, 1) > last) return r;
    const auto from = periodic_from(g);
    for (std::size_t p = 1; needed(0, p) <= last; ++p) {
        if (needed(from[p], p) > last) continue;
        r.found = r.proved = true;
        r.preperiod = from[p];
        r.period = p;
        r.proved_at = needed(from[p], p);
        return r;
    }
    return r;
}

Periodicity find_apparent_period(std::span<const std::uint32_t> g) {
    Periodicity r;
    if (g.size() < 3) return r;
    const std::size_t last = g.size() - 1;
    r.checked_upto = last;
    const auto from = periodic_from(g);
    for (std::size_t p = 1; p <= last / 3; ++p) {
        if (from[p] > last / 3) continue;
        r.found = true;
        r.preperiod = from[p];
        r.period = p;
        return r;
    }
    return r;
}

}  // namespace toroid::games
