#include "toroid/games/periodicity.hpp"

namespace toroid::games {

std::string Periodicity::to_string() const {
    if (!found) return "no period up to " + std::to_string(checked_upto);
    std::string s = "periodic from " + std::to_string(preperiod) + " with period " + std::to_string(period);
    if (proved) return s + ", proved at n = " + std::to_string(proved_at);
    return s + " (apparent up to " + std::to_string(checked_upto) + ", not proved)";
}

Periodicity find_period(std::span<const std::uint32_t> g, std::size_t t, bool splits) {
    Periodicity r;
    if (g.empty()) return r;
    const std::size_t last = g.size() - 1;
    r.checked_upto = last;
    // last index the proof needs for (n0, p)
    auto needed = [&](std::size_t n0, std::size_t p) {
        return splits ? 2 * n0 + 2 * p + t - 1 : n0 + p + t - 1;
    };
    for (std::size_t p = 1;; ++p) {
        if (needed(0, p) > last) break;
        // largest provable n0 for this p
        std::size_t n0max = 0;
        if (splits) n0max = (last + 1 - 2 * p - t) / 2;
        else n0max = last + 1 - p - t;
        std::size_t n = last - p + 1;
        std::size_t n0 = 0;
        bool ok = true;
        while (n > 0) {
            --n;
            if (g[n] != g[n + p]) {
                n0 = n + 1;
                if (n0 > n0max) ok = false;
                break;
            }
        }
        if (!ok) continue;
        r.found = r.proved = true;
        r.preperiod = n0;
        r.period = p;
        r.proved_at = needed(n0, p);
        return r;
    }
    return r;
}

Periodicity find_apparent_period(std::span<const std::uint32_t> g) {
    Periodicity r;
    if (g.size() < 3) return r;
    const std::size_t last = g.size() - 1;
    r.checked_upto = last;
    const std::size_t from = last / 3;
    for (std::size_t p = 1; p <= last / 3; ++p) {
        std::size_t n = last - p + 1;
        std::size_t n0 = 0;
        while (n > 0) {
            --n;
            if (g[n] != g[n + p]) {
                n0 = n + 1;
                break;
            }
        }
        if (n0 > from) continue;
        r.found = true;
        r.preperiod = n0;
        r.period = p;
        return r;
    }
    return r;
}

}  // namespace toroid::games
