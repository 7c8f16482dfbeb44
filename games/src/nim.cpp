#include "toroid/games/nim.hpp"

#include <algorithm>
#include <bit>
#include <cmath>

#include "toroid/error.hpp"

namespace toroid::games {

std::uint64_t nim_sum(std::span<const std::uint64_t> heaps) {
    std::uint64_t x = 0;
    for (const auto h : heaps) x ^= h;
    return x;
}

Outcome nim_outcome(std::span<const std::uint64_t> heaps) {
    return nim_sum(heaps) == 0 ? Outcome::P : Outcome::N;
}

std::vector<NimMove> nim_winning_moves(std::span<const std::uint64_t> heaps) {
    std::vector<NimMove> moves;
    const std::uint64_t x = nim_sum(heaps);
    if (x == 0) return moves;
    for (std::size_t i = 0; i < heaps.size(); ++i) {
        const std::uint64_t target = heaps[i] ^ x;
        if (target < heaps[i]) moves.push_back({i, heaps[i] - target, target});
    }
    return moves;
}

bool misere_nim_is_p(std::span<const std::uint64_t> heaps) {
    bool all_small = true;
    std::size_t ones = 0;
    for (const auto h : heaps) {
        if (h > 1) all_small = false;
        if (h == 1) ++ones;
    }
    if (all_small) return ones % 2 == 1;
    return nim_sum(heaps) == 0;
}

std::vector<NimMove> misere_nim_winning_moves(std::span<const std::uint64_t> heaps) {
    std::vector<NimMove> moves;
    if (misere_nim_is_p(heaps)) return moves;
    std::size_t big = 0, ones = 0;
    for (const auto h : heaps) {
        if (h > 1) ++big;
        if (h == 1) ++ones;
    }
    if (big == 0) {
        // Even number of 1-heaps (and at least one): take a whole 1-heap.
        for (std::size_t i = 0; i < heaps.size(); ++i)
            if (heaps[i] == 1) moves.push_back({i, 1, 0});
        return moves;
    }
    if (big == 1) {
        // Reduce the only big heap to 0 or 1 leaving an odd number of 1-heaps.
        for (std::size_t i = 0; i < heaps.size(); ++i) {
            if (heaps[i] <= 1) continue;
            const std::uint64_t target = (ones % 2 == 1) ? 0 : 1;
            moves.push_back({i, heaps[i] - target, target});
        }
        return moves;
    }
    // Two or more big heaps: the normal-play winning moves keep a big heap.
    return nim_winning_moves(heaps);
}

std::vector<std::vector<std::uint64_t>> nim_p_positions(std::size_t k, std::uint64_t max,
                                                        std::size_t limit) {
    if (k == 0) throw InputError("number of heaps must be at least 1");
    if (k > 64)
        throw InputError("number of heaps " + std::to_string(k) +
                         " is too large to enumerate (at most 64)");
    std::vector<std::vector<std::uint64_t>> out;
    if (k == 1) {
        out.push_back({0});
        return out;
    }
    if (k >= 3) {
        // Refuse before enumerating: the work is about (number listed) * max.
        const std::uint64_t ordered = count_nim_p_positions_ordered(k, max);
        double fact = 1;
        for (std::size_t i = 2; i <= k; ++i) fact *= static_cast<double>(i);
        if (static_cast<double>(ordered) / fact > static_cast<double>(limit)) {
            throw InputError(
                "about " +
                std::to_string(static_cast<std::uint64_t>(static_cast<double>(ordered) / fact)) +
                " P-positions of " + std::to_string(k) +
                "-heap Nim with heaps <= " + std::to_string(max) + " (" + std::to_string(ordered) +
                " ordered tuples): more than the limit of " + std::to_string(limit) +
                "; give a smaller --max or use --count");
        }
    }
    // Odometer over the first k-1 entries (non-decreasing); the last is their xor.
    std::vector<std::uint64_t> t(k - 1, 0);
    const std::uint64_t cap = max;
    while (true) {
        std::uint64_t x = 0;
        for (const auto v : t) x ^= v;
        if (x >= t.back() && x <= cap) {
            if (out.size() >= limit) {
                std::string msg = "more than " + std::to_string(limit) + " P-positions of " +
                                  std::to_string(k) +
                                  "-heap Nim with heaps <= " + std::to_string(max);
                if (max < (1u << 24)) {
                    try {
                        msg += " (" + std::to_string(count_nim_p_positions_ordered(k, max)) +
                               " ordered tuples)";
                    } catch (const InputError&) {
                    }
                }
                throw InputError(msg + "; give a smaller --max or ask for the count only");
            }
            std::vector<std::uint64_t> p(t);
            p.push_back(x);
            out.push_back(std::move(p));
        }
        // advance
        std::size_t i = k - 1;
        while (i > 0) {
            --i;
            if (t[i] < cap) {
                ++t[i];
                for (std::size_t j = i + 1; j < k - 1; ++j) t[j] = t[i];
                break;
            }
            if (i == 0) return out;
        }
        if (k - 1 == 0) return out;
    }
}

namespace {
__extension__ typedef __int128 i128;
}

std::uint64_t count_nim_p_positions_ordered(std::size_t k, std::uint64_t max) {
    if (k == 0) throw InputError("number of heaps must be at least 1");
    if (max >= (1u << 24)) {
        throw InputError("heap bound " + std::to_string(max) +
                         " is too large to count (at most 16777215)");
    }
    std::size_t w = 1;
    while (w <= max) w <<= 1;
    std::vector<i128> f(w, 0);
    for (std::uint64_t i = 0; i <= max; ++i) f[i] = 1;
    for (std::size_t len = 1; len < w; len <<= 1)
        for (std::size_t i = 0; i < w; i += 2 * len)
            for (std::size_t j = i; j < i + len; ++j) {
                const i128 a = f[j], b = f[j + len];
                f[j] = a + b;
                f[j + len] = a - b;
            }
    // count = (1/w) * sum_s F(s)^k; guard against overflow of 127 bits.
    const double bound =
        static_cast<double>(w) * std::pow(static_cast<double>(max + 1), static_cast<double>(k));
    if (bound > 1.0e37)
        throw InputError("the count for " + std::to_string(k) + " heaps <= " + std::to_string(max) +
                         " does not fit in 64 bits; use fewer heaps or a smaller bound");
    i128 total = 0;
    for (std::size_t s = 0; s < w; ++s) {
        i128 p = 1;
        for (std::size_t i = 0; i < k; ++i) p *= f[s];
        total += p;
    }
    total /= static_cast<i128>(w);
    if (total > static_cast<i128>(UINT64_MAX))
        throw InputError("the P-position count does not fit in 64 bits");
    return static_cast<std::uint64_t>(total);
}

std::vector<std::vector<std::uint64_t>> nim3_p_positions_closed_form(std::uint64_t max) {
    std::vector<std::vector<std::uint64_t>> out;
    for (std::uint64_t x = 0; x <= max; ++x) out.push_back({0, x, x});
    for (std::uint64_t m = 1; m <= max; ++m) {
        const std::uint64_t p = std::bit_floor(m) << 1;  // least power of two above m
        const std::uint64_t q = p / 2;
        for (std::uint64_t k = 1; p * k <= max; ++k)
            for (std::uint64_t r = 0; r < q; ++r) {
                const std::uint64_t b = p * k + r, c = b ^ m;
                if (c <= max && b <= max) out.push_back({m, b, c});
            }
    }
    std::sort(out.begin(), out.end());
    return out;
}

}  // namespace toroid::games
