#include "toroid/games/octal.hpp"

#include <algorithm>
#include <bit>

#include "toroid/error.hpp"

namespace toroid::games {

OctalGame OctalGame::parse(std::string_view text) {
    std::string code(text);
    code.erase(0, code.find_first_not_of(" \t"));
    if (auto e = code.find_last_not_of(" \t"); e != std::string::npos) code.erase(e + 1);
    const std::string q = "octal code '" + code + "'";
    if (code.empty()) throw InputError("octal code is empty: expected d0.d1d2... such as 0.07 or 4.07");
    const auto dot = code.find('.');
    if (dot == std::string::npos) {
        throw InputError(q + " has no point: expected d0.d1d2... such as 0.77 (Kayles) or 0.07 (Dawson's Kayles)");
    }
    if (code.find('.', dot + 1) != std::string::npos) throw InputError(q + " has more than one point");
    OctalGame g;
    const std::string head = code.substr(0, dot), tail = code.substr(dot + 1);
    if (head.empty() || head == "0") {
        g.digits_.push_back(0);
    } else if (head == "4") {
        g.digits_.push_back(4);
    } else {
        throw InputError(q + ": the digit before the point must be 0 or 4 (d0 can only allow splitting a heap), got '" +
                         head + "'");
    }
    if (tail.empty()) throw InputError(q + " has no digits after the point: expected e.g. 0.07");
    if (tail.size() > 64) throw InputError(q + " is too long (at most 64 digits after the point)");
    for (std::size_t i = 0; i < tail.size(); ++i) {
        const char c = tail[i];
        if (c < '0' || c > '7') {
            throw InputError(q + ": character '" + std::string(1, c) + "' at position " +
                             std::to_string(dot + 2 + i) + " is not an octal digit (expected 0-7)");
        }
        g.digits_.push_back(static_cast<std::uint8_t>(c - '0'));
    }
    while (g.digits_.size() > 1 && g.digits_.back() == 0) g.digits_.pop_back();
    g.code_ = std::to_string(g.digits_[0]) + ".";
    for (std::size_t k = 1; k < g.digits_.size(); ++k) g.code_ += static_cast<char>('0' + g.digits_[k]);
    if (g.digits_.size() == 1) g.code_ += "0";
    return g;
}

bool OctalGame::splits() const {
    for (const auto d : digits_)
        if (d & 4) return true;
    return false;
}

std::string OctalMove::to_string() const {
    std::string s = take == 0 ? "split" : "take " + std::to_string(take);
    if (left == 0 && right == 0) return s + " leaving nothing";
    if (left == 0) return s + " leaving " + std::to_string(right);
    return s + (take == 0 ? " into " : " leaving ") + std::to_string(left) + " and " + std::to_string(right);
}

std::vector<OctalMove> octal_moves(const OctalGame& game, std::uint64_t n) {
    std::vector<OctalMove> out;
    for (std::size_t k = 0; k <= game.max_take(); ++k) {
        if (k > n) break;
        const unsigned d = game.digit(k);
        const std::uint64_t r = n - k;
        if (k > 0 && (d & 1) && r == 0) out.push_back({k, 0, 0});
        if (k > 0 && (d & 2) && r >= 1) out.push_back({k, 0, r});
        if ((d & 4) && r >= 2)
            for (std::uint64_t a = 1; a <= r / 2; ++a) out.push_back({k, a, r - a});
    }
    return out;
}

namespace {

struct Stamp {
    std::vector<std::uint32_t> mark;
    std::uint32_t now = 0;
    void next() {
        if (++now == 0) {
            std::fill(mark.begin(), mark.end(), 0);
            now = 1;
        }
    }
    void set(std::uint32_t v) {
        if (v >= mark.size()) mark.resize(std::max<std::size_t>(v + 1, mark.size() * 2), 0);
        mark[v] = now;
    }
    bool has(std::uint32_t v) const { return v < mark.size() && mark[v] == now; }
    std::uint32_t mex() const {
        std::uint32_t m = 0;
        while (has(m)) ++m;
        return m;
    }
};

void check_upto(std::size_t upto) {
    if (upto > 100'000'000) {
        throw InputError("--upto " + std::to_string(upto) + " is too large for an octal game (at most 100000000: " +
                         "about 400 bytes per 100 heap sizes of memory)");
    }
}

// One value by the definition (all options).
std::uint32_t naive_value(const OctalGame& game, const std::vector<std::uint32_t>& g, std::size_t n, Stamp& st) {
    st.next();
    for (std::size_t k = 0; k <= game.max_take() && k <= n; ++k) {
        const unsigned d = game.digit(k);
        const std::size_t r = n - k;
        if (k > 0 && (d & 1) && r == 0) st.set(0);
        if (k > 0 && (d & 2) && r >= 1) st.set(g[r]);
        if ((d & 4) && r >= 2)
            for (std::size_t a = 1; a <= r / 2; ++a) st.set(g[a] ^ g[r - a]);
    }
    return st.mex();
}

}  // namespace

std::vector<std::uint32_t> octal_grundy_naive(const OctalGame& game, std::size_t upto) {
    check_upto(upto);
    std::vector<std::uint32_t> g(upto + 1, 0);
    Stamp st;
    for (std::size_t n = 1; n <= upto; ++n) g[n] = naive_value(game, g, n, st);
    return g;
}

Periodicity octal_period(const OctalGame& game, std::span<const std::uint32_t> g) {
    return find_period(g, game.max_take(), true);
}

namespace {

struct Labeling {
    std::uint32_t mask = 0;
    unsigned domain = 0;  // 1: position parity takes part in the label
    unsigned common = 1;
    unsigned label(const std::vector<std::uint32_t>& g, std::size_t a) const {
        return (static_cast<unsigned>(std::popcount(g[a] & mask)) ^ (domain & static_cast<unsigned>(a))) & 1u;
    }
    bool rare(const std::vector<std::uint32_t>& g, std::size_t a) const { return label(g, a) != common; }
};

// Mask with the fewest rare positions in g[lo..hi].
Labeling choose_labeling(const std::vector<std::uint32_t>& g, std::size_t lo, std::size_t hi,
                         const std::vector<std::size_t>& split_ks) {
    std::uint32_t maxv = 0;
    for (std::size_t a = lo; a <= hi; ++a) maxv = std::max(maxv, g[a]);
    const unsigned bits = std::min(10u, static_cast<unsigned>(std::bit_width(maxv)));
    bool same_parity = true;
    for (const auto k : split_ks) same_parity = same_parity && ((k ^ split_ks[0]) & 1) == 0;
    Labeling best;
    std::size_t best_rare = SIZE_MAX;
    for (unsigned domain = 0; domain <= (same_parity ? 1u : 0u); ++domain) {
        for (std::uint32_t mask = 1; mask < (1u << bits); ++mask) {
            Labeling l{mask, domain, 1u ^ (domain & static_cast<unsigned>(split_ks[0]) & 1u)};
            std::size_t rare = 0;
            for (std::size_t a = lo; a <= hi && rare < best_rare; ++a) rare += l.rare(g, a);
            if (rare < best_rare) {
                best_rare = rare;
                best = l;
            }
        }
    }
    return best;
}

}  // namespace

OctalSequence octal_grundy(const OctalGame& game, std::size_t upto, bool extend_by_period, std::uint64_t max_work) {
    check_upto(upto);
    OctalSequence out;
    auto& g = out.g;
    g.assign(upto + 1, 0);
    const std::size_t t = game.max_take();
    std::vector<std::size_t> split_ks, one_heap_ks;
    for (std::size_t k = 0; k <= t; ++k) {
        if (game.digit(k) & 4) split_ks.push_back(k);
        if (k > 0 && (game.digit(k) & 2)) one_heap_ks.push_back(k);
    }
    Stamp st;
    std::size_t next_check = 1024;
    // Returns true when the rest was filled in by a proved period.
    auto checkpoint = [&](std::size_t n) {
        if (!extend_by_period) return false;
        const auto per = octal_period(game, std::span<const std::uint32_t>(g.data(), n + 1));
        if (!per.found) return false;
        out.period = per;
        out.computed = n + 1;
        for (std::size_t m = n + 1; m <= upto; ++m) g[m] = g[m - per.period];
        return true;
    };

    const std::size_t prefix = std::min(upto, std::max<std::size_t>(4096, 4 * t));
    for (std::size_t n = 1; n <= prefix; ++n) {
        g[n] = naive_value(game, g, n, st);
        if (n == next_check) {
            if (checkpoint(n)) return out;
            next_check *= 2;
        }
    }
    if (split_ks.empty()) {
        for (std::size_t n = prefix + 1; n <= upto; ++n) {
            st.next();
            for (const auto k : one_heap_ks) st.set(g[n - k]);
            g[n] = st.mex();
            if (n == next_check) {
                if (checkpoint(n)) return out;
                next_check *= 2;
            }
        }
        out.computed = upto + 1;
        out.period.checked_upto = upto;
        return out;
    }

    // Sparse-space computation.
    Labeling lab;
    std::vector<std::uint32_t> rare;  // rare positions a >= 1, increasing
    auto relabel = [&](std::size_t n) {
        const std::size_t lo = n > 8192 ? n - 8192 : 1;
        lab = choose_labeling(g, lo, n, split_ks);
        rare.clear();
        for (std::size_t a = 1; a <= n; ++a)
            if (lab.rare(g, a)) rare.push_back(static_cast<std::uint32_t>(a));
    };
    relabel(prefix);
    Stamp need;  // values that still need a witness
    // Per remainder r: the values seen so far scanning its splits a + (r - a),
    // and where the scan stopped. A ring of t + 1 slots (r in n-t .. n).
    struct Witnessed {
        std::size_t r = SIZE_MAX, next_a = 1;
        std::vector<std::uint64_t> bits;
        bool has(std::uint32_t v) const { return v / 64 < bits.size() && ((bits[v / 64] >> (v % 64)) & 1u); }
        void add(std::uint32_t v) {
            if (v / 64 >= bits.size()) bits.resize(v / 64 + 1, 0);
            bits[v / 64] |= std::uint64_t{1} << (v % 64);
        }
    };
    std::vector<Witnessed> ring(t + 1);
    auto slot = [&](std::size_t r) -> Witnessed& {
        auto& c = ring[r % ring.size()];
        if (c.r != r) {
            c.r = r;
            c.next_a = 1;
            std::fill(c.bits.begin(), c.bits.end(), 0);
        }
        return c;
    };
    std::uint64_t work = 0, work_at_check = 0;  // inner-loop steps, for the refusal above
    double per_n_before = 0;
    for (std::size_t n = prefix + 1; n <= upto; ++n) {
        st.next();
        for (const auto k : one_heap_ks) st.set(g[n - k]);
        // all split pairs with a rare part
        for (const auto k : split_ks) {
            const std::size_t r = n - k;
            for (const auto a : rare) {
                if (a >= r) break;
                st.set(g[a] ^ g[r - a]);
                ++work;
            }
        }
        // smallest unseen value whose parity no common-common pair can give
        auto abundant = [&](std::uint32_t v) {
            const unsigned par = static_cast<unsigned>(std::popcount(v & lab.mask)) & 1u;
            for (const auto k : split_ks)
                if ((lab.domain & static_cast<unsigned>(n - k) & 1u) == par) return true;
            return false;
        };
        std::uint32_t scarce = 0;
        while (st.has(scarce) || abundant(scarce)) ++scarce;
        // abundant values below it that still need a witness pair
        need.next();
        std::size_t needed = 0;
        for (std::uint32_t v = 0; v < scarce; ++v)
            if (!st.has(v)) {
                need.set(v);
                ++needed;
            }
        // Values already witnessed for the same remainder r = n - k (a heap
        // of n - k is split alike for every split digit k): reuse them.
        if (needed > 0) {
            for (const auto k : split_ks) {
                const auto& c = slot(n - k);
                for (std::uint32_t v = 0; v < scarce && needed > 0; ++v)
                    if (need.has(v) && !st.has(v) && c.has(v)) {
                        st.set(v);
                        --needed;
                    }
            }
        }
        for (std::size_t ki = 0; ki < split_ks.size() && needed > 0; ++ki) {
            const std::size_t r = n - split_ks[ki];
            auto& c = slot(r);
            std::size_t a = c.next_a;
            for (; 2 * a <= r && needed > 0; ++a) {
                const std::uint32_t v = g[a] ^ g[r - a];
                c.add(v);
                if (v < scarce && need.has(v) && !st.has(v)) {
                    st.set(v);
                    --needed;
                }
            }
            work += a - c.next_a;
            c.next_a = a;
        }
        g[n] = st.mex();
        if (lab.rare(g, n)) rare.push_back(static_cast<std::uint32_t>(n));
        if (n == next_check) {
            if (checkpoint(n)) {
                out.mask = lab.mask;
                out.rare_positions = rare.size();
                return out;
            }
            // Refuse (InputError) when the rest would take far too long.
            if (max_work > 0 && n >= 32768) {
                const double per_n = static_cast<double>(work - work_at_check) / static_cast<double>(n / 2);
                const double growth = per_n_before > 0 ? per_n / per_n_before : 1.0;
                const double rest = static_cast<double>(upto - n);
                const double projected =
                    growth > 1.5 ? per_n * rest * (static_cast<double>(upto + n) / (2.0 * static_cast<double>(n)))
                                 : per_n * rest;
                if (projected > static_cast<double>(max_work)) {
                    throw InputError("octal game " + game.code() + " has no sparse space or period so far (" +
                                     std::to_string(rare.size()) + " rare positions up to " + std::to_string(n) +
                                     "): g(0.." + std::to_string(upto) + ") would need about " +
                                     std::to_string(static_cast<long long>(projected)) +
                                     " more steps; ask for a smaller --upto");
                }
                per_n_before = per_n;
            } else if (n >= 16384) {
                per_n_before = static_cast<double>(work - work_at_check) / static_cast<double>(n / 2);
            }
            work_at_check = work;
            next_check *= 2;
            relabel(n);
        }
    }
    out.computed = upto + 1;
    out.period.checked_upto = upto;
    out.mask = lab.mask;
    out.rare_positions = rare.size();
    return out;
}

}  // namespace toroid::games
