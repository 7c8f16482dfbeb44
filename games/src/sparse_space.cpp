#include "toroid/games/sparse_space.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <limits>
#include <tuple>

namespace toroid::games {

std::uint32_t CommonCoset::reduce(std::uint32_t v) const {
    // Descending leading bits: a later (lower) basis vector never sets an
    // earlier leading bit again, so one pass clears them all.
    for (const auto b : basis)
        if ((v >> (std::bit_width(b) - 1)) & 1u) v ^= b;
    return v;
}

bool CommonCoset::extend(std::uint32_t w) {
    w = reduce(w);
    if (w == 0) return false;
    const auto pos =
        std::find_if(basis.begin(), basis.end(), [&](std::uint32_t b) { return b < w; });
    basis.insert(pos, w);  // w's leading bit is free: reduce cleared every existing one
    return true;
}

std::uint32_t CommonCoset::abundant_rep(std::size_t remainder) const {
    return domain && (remainder & 1) ? rep[0] ^ rep[1] : 0;
}

bool CommonCoset::separates(unsigned split_parities) const {
    for (unsigned p = 0; p < 2; ++p)
        for (unsigned kp = 0; kp < 2; ++kp)
            if (((split_parities >> kp) & 1u) && reduce(rep[p]) == reduce(abundant_rep(p ^ kp)))
                return false;
    return true;
}

std::string CommonCoset::to_string() const {
    std::string s = domain ? "even " + std::to_string(rep[0]) + " / odd " + std::to_string(rep[1])
                           : std::to_string(rep[0]);
    s += " + <";
    for (std::size_t i = 0; i < basis.size(); ++i) s += (i ? ", " : "") + std::to_string(basis[i]);
    return s + ">";
}

namespace {

// Position counts per (parity class, value) over all of g[1..n] and over the
// recent window; the class is the position's parity in the domain form.
struct ValueCounts {
    std::size_t universe = 0;
    std::array<std::vector<std::uint32_t>, 2> all, recent;
    std::array<std::size_t, 2> positions_all{0, 0}, positions_recent{0, 0};
};

ValueCounts count_values(std::span<const std::uint32_t> g, std::size_t n, std::size_t window_lo,
                         bool domain, std::size_t universe) {
    ValueCounts c;
    c.universe = universe;
    for (auto* v : {&c.all, &c.recent})
        for (auto& h : *v) h.assign(universe, 0);
    for (std::size_t a = 1; a <= n; ++a) {
        const unsigned cls = domain ? static_cast<unsigned>(a & 1) : 0u;
        ++c.all[cls][g[a]];
        ++c.positions_all[cls];
        if (a >= window_lo) {
            ++c.recent[cls][g[a]];
            ++c.positions_recent[cls];
        }
    }
    return c;
}

// Elements of W (|W| = 2^dim, kept small by the caller).
std::vector<std::uint32_t> subspace_elements(const CommonCoset& c) {
    std::vector<std::uint32_t> e{0};
    for (const auto b : c.basis) {
        const std::size_t m = e.size();
        for (std::size_t i = 0; i < m; ++i) e.push_back(e[i] ^ b);
    }
    return e;
}

}  // namespace

CommonCoset choose_common_coset(std::span<const std::uint32_t> g, std::size_t n, std::size_t upto,
                                unsigned split_parities) {
    std::uint32_t maxv = 0;
    for (std::size_t a = 1; a <= n; ++a) maxv = std::max(maxv, g[a]);
    const std::size_t universe = std::bit_ceil(static_cast<std::size_t>(maxv) + 1);
    const std::size_t window = std::max<std::size_t>(1, std::min<std::size_t>(n / 2, 1u << 16));
    const std::size_t window_lo = n - window + 1;
    const double remaining = static_cast<double>(upto > n ? upto - n : 0);

    CommonCoset best;
    best.rep = {g[n], g[n]};
    double best_cost = std::numeric_limits<double>::infinity();
    for (const bool domain : {false, true}) {
        const auto counts = count_values(g, n, window_lo, domain, universe);
        // (recent count, count, class, value), most frequent first; values
        // absent from the window still count (when the tail has become
        // periodic the window holds a handful of values, and the coset of the
        // older common values still decides the cost of every later heap).
        std::vector<std::tuple<std::uint32_t, std::uint32_t, unsigned, std::uint32_t>> items;
        for (unsigned cls = 0; cls < (domain ? 2u : 1u); ++cls)
            for (std::uint32_t v = 0; v < universe; ++v)
                if (counts.all[cls][v] > 0)
                    items.emplace_back(counts.recent[cls][v], counts.all[cls][v], cls, v);
        std::sort(items.begin(), items.end(), [](const auto& x, const auto& y) { return x > y; });
        if (items.size() > 1024) items.resize(1024);

        CommonCoset cand;
        cand.domain = domain;
        std::array<bool, 2> have{false, !domain};
        for (const auto& [recent, count, cls, v] : items) {
            if (!have[cls]) {
                cand.rep[cls] = v;
                if (!domain) cand.rep[1] = v;
                have[cls] = true;
            } else {
                // A frequent value may still belong to the rare side: skip it
                // when it would break the separation (see below).
                const auto before = cand.basis;
                if (!cand.extend(v ^ cand.rep[cls])) continue;
                if (have[0] && have[1] && !cand.separates(split_parities)) {
                    cand.basis = before;
                    continue;
                }
            }
            if (!have[0] || !have[1]) continue;
            // Common values of heap n must not be abundant for any remainder n - k:
            // then they would be common x common splits, no sparse space.
            if (!cand.separates(split_parities)) break;
            if (cand.dim() > 16) break;  // W of 2^16 values: no better than the plain loop
            std::size_t common_all = 0, common_recent = 0;
            const auto elements = subspace_elements(cand);
            for (unsigned c = 0; c < (domain ? 2u : 1u); ++c)
                for (const auto w : elements) {
                    const std::uint32_t x = cand.rep[c] ^ w;
                    if (x < universe) {
                        common_all += counts.all[c][x];
                        common_recent += counts.recent[c][x];
                    }
                }
            const double rare_all = static_cast<double>(n - common_all);
            const double rare_rate =
                static_cast<double>(window - common_recent) / static_cast<double>(window);
            const double size = static_cast<double>(elements.size());
            const double cost =
                rare_all + rare_rate * remaining / 2 + 2.0 * size * std::log2(2.0 * size);
            if (cost < best_cost) {
                best_cost = cost;
                best = cand;
            }
        }
    }
    return best;
}

}  // namespace toroid::games
