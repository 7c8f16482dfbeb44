#include "toroid/games/wythoff.hpp"

#include <algorithm>
#include <array>
#include <bit>

#include "toroid/error.hpp"

namespace toroid::games {

namespace {

__extension__ typedef unsigned __int128 u128;

const std::array<std::uint64_t, 94>& fib_table() {
    static const std::array<std::uint64_t, 94> f = [] {
        std::array<std::uint64_t, 94> t{};
        t[1] = t[2] = 1;
        for (std::size_t i = 3; i < t.size(); ++i) t[i] = t[i - 1] + t[i - 2];
        return t;
    }();
    return f;
}

std::uint64_t isqrt128(u128 x) {
    std::uint64_t lo = 0, hi = UINT64_MAX;
    while (lo < hi) {
        const std::uint64_t mid = lo + (hi - lo) / 2 + 1;
        if (static_cast<u128>(mid) * mid <= x)
            lo = mid;
        else
            hi = mid - 1;
    }
    return lo;
}

void check_heap(std::uint64_t x) {
    if (x > kWythoffMaxHeap) {
        throw InputError("Wythoff heap " + std::to_string(x) +
                         " is too large (at most 2^62 = " + std::to_string(kWythoffMaxHeap) + ")");
    }
}

}  // namespace

std::uint64_t fibonacci(unsigned i) {
    if (i < 1 || i > 93)
        throw InputError("Fibonacci index " + std::to_string(i) + " out of range 1..93");
    return fib_table()[i];
}

std::vector<unsigned> zeckendorf_indices(std::uint64_t n) {
    const auto& f = fib_table();
    std::vector<unsigned> out;
    unsigned i = 93;
    while (n > 0) {
        while (f[i] > n) --i;
        out.push_back(i);
        n -= f[i];
        i -= 2;  // the next one cannot be adjacent
    }
    return out;
}

std::string zeckendorf_string(std::uint64_t n) {
    const auto idx = zeckendorf_indices(n);
    if (idx.empty()) return "0";
    std::string s(idx.front() - 1, '0');  // digit for F_i is at position i-2 from the right
    for (const auto i : idx) s[s.size() - 1 - (i - 2)] = '1';
    return s;
}

std::uint64_t from_zeckendorf(const std::string& digits) {
    if (digits.empty())
        throw InputError("Zeckendorf string is empty: expected digits 0/1 such as 10000100");
    const auto& f = fib_table();
    u128 total = 0;
    const std::size_t len = digits.size();
    for (std::size_t p = 0; p < len; ++p) {
        const char c = digits[p];
        if (c != '0' && c != '1') {
            throw InputError("Zeckendorf string '" + digits + "': character '" + std::string(1, c) +
                             "' at position " + std::to_string(p + 1) + " is not 0 or 1");
        }
        if (c == '1' && p + 1 < len && digits[p + 1] == '1') {
            throw InputError("Zeckendorf string '" + digits +
                             "' has two adjacent 1s at positions " + std::to_string(p + 1) + "-" +
                             std::to_string(p + 2) + " (not a Zeckendorf form)");
        }
        if (c == '1') {
            const std::size_t i = len - 1 - p + 2;
            if (i > 93) throw InputError("Zeckendorf string '" + digits + "' is beyond 64 bits");
            total += f[i];
        }
    }
    if (total > UINT64_MAX)
        throw InputError("Zeckendorf string '" + digits + "' is beyond 64 bits");
    return static_cast<std::uint64_t>(total);
}

std::uint64_t wythoff_a(std::uint64_t n) {
    check_heap(n);
    const u128 n2 = static_cast<u128>(n) * n * 5;
    return static_cast<std::uint64_t>((static_cast<u128>(n) + isqrt128(n2)) / 2);
}

bool wythoff_is_p(std::uint64_t a, std::uint64_t b) {
    check_heap(a);
    check_heap(b);
    if (a > b) std::swap(a, b);
    return wythoff_a(b - a) == a;
}

bool wythoff_is_p_zeckendorf(std::uint64_t a, std::uint64_t b) {
    if (a > b) std::swap(a, b);
    if (a == 0) return b == 0;
    const auto ia = zeckendorf_indices(a);
    // trailing zeros of a's string = smallest index - 2; even for a_n
    if ((ia.back() - 2) % 2 != 0) return false;
    std::vector<unsigned> shifted;
    for (const auto i : ia) {
        if (i + 1 > 93) return false;
        shifted.push_back(i + 1);
    }
    u128 sum = 0;
    for (const auto i : shifted) sum += fib_table()[i];
    return sum == b;
}

std::uint64_t wythoff_partner(std::uint64_t x) {
    check_heap(x);
    if (x == 0) return 0;
    const auto idx = zeckendorf_indices(x);
    std::uint64_t s = 0;
    if ((idx.back() - 2) % 2 == 0) {
        for (const auto i : idx) s += fib_table()[i + 1];  // x = a_n: append a zero
    } else {
        for (const auto i : idx) s += fib_table()[i - 1];  // x = b_n: drop a zero
    }
    return s;
}

std::vector<std::pair<std::uint64_t, std::uint64_t>> wythoff_p_positions(std::size_t count) {
    if (count > 100'000'000)
        throw InputError("too many Wythoff P-positions requested (at most 100000000)");
    std::vector<std::pair<std::uint64_t, std::uint64_t>> out;
    out.reserve(count);
    for (std::size_t n = 0; n < count; ++n) {
        const auto a = wythoff_a(n);
        out.emplace_back(a, a + n);
    }
    return out;
}

std::string WythoffMove::to_string() const {
    std::string s;
    if (take_a && take_b)
        s = "take " + std::to_string(take_a) + " from both heaps";
    else if (take_a)
        s = "take " + std::to_string(take_a) + " from the first heap";
    else
        s = "take " + std::to_string(take_b) + " from the second heap";
    return s + " -> (" + std::to_string(a) + ", " + std::to_string(b) + ")";
}

std::optional<std::string> wythoff_illegal(std::uint64_t a, std::uint64_t b, int heap,
                                           std::uint64_t k) {
    if (k == 0) return std::string("K must be a whole number of at least 1");
    if (heap == 1 && k > a) return "heap 1 has only " + std::to_string(a);
    if (heap == 2 && k > b) return "heap 2 has only " + std::to_string(b);
    if (heap == 0 && k > std::min(a, b))
        return "you can take at most " + std::to_string(std::min(a, b)) + " from both";
    if (heap < 0 || heap > 2) return "there is no heap " + std::to_string(heap);
    return std::nullopt;
}

WythoffMove wythoff_move(std::uint64_t a, std::uint64_t b, int heap, std::uint64_t k) {
    if (const auto why = wythoff_illegal(a, b, heap, k)) throw InputError(*why);
    WythoffMove m;
    m.take_a = heap != 2 ? k : 0;
    m.take_b = heap != 1 ? k : 0;
    m.a = a - m.take_a;
    m.b = b - m.take_b;
    return m;
}

WythoffMove wythoff_stalling_move(std::uint64_t a, std::uint64_t b) {
    if (a == 0 && b == 0) throw InputError("(0, 0) has no move");
    return wythoff_move(a, b, a >= b ? 1 : 2, 1);
}

std::vector<WythoffMove> wythoff_winning_moves(std::uint64_t a, std::uint64_t b) {
    check_heap(a);
    check_heap(b);
    std::vector<WythoffMove> out;
    if (wythoff_is_p(a, b)) return out;
    const std::uint64_t pa = wythoff_partner(a), pb = wythoff_partner(b);
    if (pb < a) out.push_back({a - pb, 0, pb, b});  // reduce the first heap
    if (pa < b) out.push_back({0, b - pa, a, pa});  // reduce the second heap
    const std::uint64_t lo = std::min(a, b), hi = std::max(a, b);
    const std::uint64_t an = wythoff_a(hi - lo);
    if (an < lo) {
        const std::uint64_t d = lo - an;
        out.push_back({d, d, a - d, b - d});
    }
    return out;
}

WythoffTable wythoff_grundy_table(std::size_t n) {
    if (n == 0 || n > 8192)
        throw InputError("Wythoff table size " + std::to_string(n) + " out of range 1..8192");
    WythoffTable t;
    t.n = n;
    t.g.assign(n * n, 0);
    // Values are < 2n. Bitsets of values seen in each row, column, diagonal.
    const std::size_t words = (2 * n + 63) / 64;
    std::vector<std::uint64_t> row(n * words, 0), col(n * words, 0), diag(2 * n * words, 0);
    for (std::size_t x = 0; x < n; ++x) {
        for (std::size_t y = 0; y < n; ++y) {
            const std::uint64_t* r = &row[x * words];
            const std::uint64_t* c = &col[y * words];
            const std::size_t di = n + y - x;  // y - x constant along a diagonal
            const std::uint64_t* d = &diag[di * words];
            std::size_t w = 0;
            std::uint64_t seen = 0;
            for (; w < words; ++w) {
                seen = r[w] | c[w] | d[w];
                if (~seen) break;
            }
            const auto v = static_cast<std::uint32_t>(
                w * 64 + static_cast<std::size_t>(std::countr_one(seen)));
            t.g[x * n + y] = static_cast<std::uint16_t>(v);
            row[x * words + v / 64] |= std::uint64_t{1} << (v % 64);
            col[y * words + v / 64] |= std::uint64_t{1} << (v % 64);
            diag[di * words + v / 64] |= std::uint64_t{1} << (v % 64);
        }
    }
    return t;
}

}  // namespace toroid::games
