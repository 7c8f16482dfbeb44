#include "toroid/games/subtraction.hpp"

#include <algorithm>
#include <bit>

#include "toroid/error.hpp"
#include "toroid/games/parse.hpp"

namespace toroid::games {

namespace {
constexpr std::uint64_t kMaxElement = 10'000'000;

std::uint32_t mex_small(std::vector<std::uint32_t>& stamp, std::uint32_t mark,
                        std::span<const std::uint32_t> vals) {
    for (const auto v : vals) {
        if (v >= stamp.size()) stamp.resize(v + 1, 0);
        stamp[v] = mark;
    }
    std::uint32_t m = 0;
    while (m < stamp.size() && stamp[m] == mark) ++m;
    return m;
}
}  // namespace

SubtractionSet SubtractionSet::parse(std::string_view text) {
    SubtractionSet s;
    const std::string all(text);
    if (all.find_first_not_of(" \t") == std::string::npos) {
        throw InputError(
            "subtraction set is empty: expected numbers like 1,3,4, a range 1-3, odd, even or "
            "powers-of-2");
    }
    std::size_t start = 0;
    while (start <= all.size()) {
        std::size_t comma = all.find(',', start);
        if (comma == std::string::npos) comma = all.size();
        std::string piece = all.substr(start, comma - start);
        piece.erase(0, piece.find_first_not_of(" \t"));
        if (auto e = piece.find_last_not_of(" \t"); e != std::string::npos) piece.erase(e + 1);
        const std::string where = "subtraction set '" + all + "': ";
        if (piece.empty())
            throw InputError(where + "empty element (two commas in a row, or a comma at an end)");
        if (piece == "odd") {
            s.odd_ = true;
        } else if (piece == "even") {
            s.even_ = true;
        } else if (piece == "powers-of-2" || piece == "pow2") {
            s.pow2_ = true;
        } else if (auto dash = piece.find('-', 1); dash != std::string::npos) {
            if (piece[0] == '-')
                throw InputError(where + "'" + piece + "': elements must be positive");
            const auto lo = parse_u64(piece.substr(0, dash), "subtraction set range start");
            const auto hi = parse_u64(piece.substr(dash + 1), "subtraction set range end");
            if (lo == 0) throw InputError(where + "'" + piece + "': elements must be at least 1");
            if (hi < lo)
                throw InputError(where + "range '" + piece + "' is reversed (expected LOW-HIGH)");
            if (hi > kMaxElement)
                throw InputError(where + "range '" + piece + "' goes beyond 10000000");
            for (std::uint64_t v = lo; v <= hi; ++v) s.elements_.push_back(v);
        } else {
            if (piece[0] == '-')
                throw InputError(where + "'" + piece +
                                 "' is negative: elements must be at least 1");
            const auto v = parse_u64(piece, "subtraction set element");
            if (v == 0)
                throw InputError(where + "element 0 is not a move: elements must be at least 1");
            if (v > kMaxElement)
                throw InputError(where + "element " + piece + " is beyond 10000000");
            s.elements_.push_back(v);
        }
        start = comma + 1;
        if (comma == all.size()) break;
    }
    std::sort(s.elements_.begin(), s.elements_.end());
    s.elements_.erase(std::unique(s.elements_.begin(), s.elements_.end()), s.elements_.end());
    return s;
}

SubtractionSet SubtractionSet::of(std::vector<std::uint64_t> elements) {
    SubtractionSet s;
    for (const auto e : elements)
        if (e == 0) throw InputError("subtraction set element 0 is not a move");
    s.elements_ = std::move(elements);
    std::sort(s.elements_.begin(), s.elements_.end());
    s.elements_.erase(std::unique(s.elements_.begin(), s.elements_.end()), s.elements_.end());
    return s;
}

bool SubtractionSet::contains(std::uint64_t s) const {
    if (s == 0) return false;
    if (odd_ && s % 2 == 1) return true;
    if (even_ && s % 2 == 0) return true;
    if (pow2_ && std::has_single_bit(s)) return true;
    return std::binary_search(elements_.begin(), elements_.end(), s);
}

std::vector<std::uint64_t> SubtractionSet::elements_upto(std::uint64_t n) const {
    std::vector<std::uint64_t> out;
    if (finite()) {
        for (const auto e : elements_)
            if (e <= n) out.push_back(e);
        return out;
    }
    for (std::uint64_t s = 1; s <= n; ++s)
        if (contains(s)) out.push_back(s);
    return out;
}

std::string SubtractionSet::to_string() const {
    std::string s;
    auto add = [&](const std::string& x) { s += (s.empty() ? "" : ",") + x; };
    for (const auto e : elements_) add(std::to_string(e));
    if (odd_) add("odd");
    if (even_) add("even");
    if (pow2_) add("powers-of-2");
    return s;
}

std::vector<std::uint32_t> subtraction_grundy(const SubtractionSet& set, std::size_t upto) {
    if (upto > 200'000'000)
        throw InputError("--upto " + std::to_string(upto) + " is too large (at most 200000000)");
    std::vector<std::uint32_t> g(upto + 1, 0);
    std::vector<std::uint32_t> stamp(64, 0);
    std::vector<std::uint32_t> vals;
    const bool pure_odd = set.to_string() == "odd", pure_even = set.to_string() == "even";
    if (pure_odd || pure_even) {
        // Running mex of the values seen in each residue class mod 2.
        std::vector<char> seen[2];
        std::uint32_t mex[2] = {0, 0};
        auto add = [&](int cls, std::uint32_t v) {
            auto& s = seen[cls];
            if (v >= s.size()) s.resize(v + 1, 0);
            s[v] = 1;
            while (mex[cls] < s.size() && s[mex[cls]]) ++mex[cls];
        };
        for (std::size_t n = 0; n <= upto; ++n) {
            // odd: g(n) = mex of g(j), j < n, j of the other parity;
            // even: g(n) = mex of g(j), j <= n - 2, j of the same parity.
            if (pure_odd)
                g[n] = n == 0 ? 0 : mex[(n + 1) % 2];
            else
                g[n] = n < 2 ? 0 : mex[n % 2];
            add(static_cast<int>(n % 2), g[n]);
        }
        return g;
    }
    if (!set.finite() && upto > 100'000'000) {
        throw InputError("--upto " + std::to_string(upto) +
                         " is too large for an infinite subtraction set");
    }
    const auto elems = set.elements_upto(upto);
    const double steps = static_cast<double>(upto) * static_cast<double>(elems.size()) / 2.0;
    if (steps > 4.0e9) {
        throw InputError("the Grundy sequence of '" + set.to_string() + "' up to " +
                         std::to_string(upto) + " needs about " +
                         std::to_string(static_cast<std::uint64_t>(steps)) +
                         " steps; ask for a smaller bound (--upto)");
    }
    for (std::size_t n = 1; n <= upto; ++n) {
        vals.clear();
        for (const auto s : elems) {
            if (s > n) break;
            vals.push_back(g[n - s]);
        }
        g[n] = mex_small(stamp, static_cast<std::uint32_t>(n), vals);
    }
    return g;
}

std::uint32_t subtraction_grundy_of(const SubtractionSet& set, std::uint64_t n) {
    if (set.finite() && n > 1'000'000) {
        // Use the proved period to reduce n.
        const auto g =
            subtraction_grundy(set, std::max<std::uint64_t>(4 * set.max_finite() + 1000, 100000));
        const auto per = subtraction_period(set, g);
        if (per.found && per.proved && n >= per.preperiod) {
            const std::uint64_t r = per.preperiod + (n - per.preperiod) % per.period;
            return g[r];
        }
    }
    if (n > 100'000'000)
        throw InputError("heap " + std::to_string(n) + " is too large for this subtraction game");
    return subtraction_grundy(set, n)[n];
}

Periodicity subtraction_period(const SubtractionSet& set, std::span<const std::uint32_t> g) {
    if (!set.finite()) return find_apparent_period(g);
    if (set.finite_elements().empty()) return find_period(g, 1, false);
    return find_period(g, set.max_finite(), false);
}

}  // namespace toroid::games
