#include "toroid/eca/eca_rule.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <cstdio>
#include <sstream>
#include <string>
#include <vector>

#include "toroid/error.hpp"

namespace toroid {

int parse_eca_rule(std::string_view text) {
    auto fail = [&] {
        throw InputError("elementary rule \"" + std::string(text) +
                         "\" is not a Wolfram rule number; expected an integer from 0 to 255 "
                         "(or use --formula for a Boolean formula)");
    };
    if (text.empty() || text.size() > 3) fail();
    int value = 0;
    for (char ch : text) {
        if (ch < '0' || ch > '9') fail();
        value = value * 10 + (ch - '0');
    }
    if (value > 255) fail();
    return value;
}

int parse_wolfram_rule(std::string_view text) {
    std::string t;
    for (char c : text)
        if (!std::isspace(static_cast<unsigned char>(c))) t.push_back(c);
    if (t.empty() || (t[0] != 'W' && t[0] != 'w')) return -1;
    try {
        return parse_eca_rule(std::string_view(t).substr(1));
    } catch (const InputError&) {
        throw InputError("bad rule '" + std::string(text) +
                         "': W must be followed by a Wolfram rule number 0..255 (1-D rules, "
                         "e.g. W110), or give a 2-D rule such as B3/S23");
    }
}

namespace {

void check_rule(int rule) {
    if (rule < 0 || rule > 255)
        throw InputError("elementary rule " + std::to_string(rule) +
                         " is out of range; expected 0..255");
}

// A cube over (x, y, z): `care` bit v set means variable v (x=4, y=2, z=1)
// appears, with the value given by the same bit of `value`.
struct Cube {
    int care = 0;
    int value = 0;
    bool covers(int minterm) const { return (minterm & care) == value; }
    int literals() const { return __builtin_popcount(static_cast<unsigned>(care)); }
};

std::string cube_text(const Cube& c) {
    std::string s;
    const char* names = "xyz";
    for (int v = 0; v < 3; ++v) {
        const int bit = 4 >> v;
        if (!(c.care & bit)) continue;
        if (!s.empty()) s += ' ';
        if (!(c.value & bit)) s += '!';
        s += names[v];
    }
    return s.empty() ? "1" : s;
}

std::string monomial_text(int vars) {
    std::string s;
    const char* names = "xyz";
    for (int v = 0; v < 3; ++v) {
        if (!(vars & (4 >> v))) continue;
        if (!s.empty()) s += ' ';
        s += names[v];
    }
    return s.empty() ? "1" : s;
}

}  // namespace

int eca_mirror(int rule) {
    check_rule(rule);
    int out = 0;
    for (int i = 0; i < 8; ++i) {
        const int x = (i >> 2) & 1, y = (i >> 1) & 1, z = i & 1;
        out |= eca_output(rule, z, y, x) << i;
    }
    return out;
}

int eca_complement(int rule) {
    check_rule(rule);
    int out = 0;
    for (int i = 0; i < 8; ++i) out |= (1 - ((rule >> (7 - i)) & 1)) << i;
    return out;
}

int eca_mirror_complement(int rule) {
    return eca_complement(eca_mirror(rule));
}

std::string eca_minimal_sop(int rule) {
    check_rule(rule);
    if (rule == 0) return "0";
    if (rule == 255) return "1";
    // Implicants: cubes whose minterms all map to 1; primes: not inside a larger one.
    std::vector<Cube> implicants;
    for (int care = 0; care < 8; ++care)
        for (int value = 0; value < 8; ++value) {
            if (value & ~care) continue;
            Cube c{care, value};
            bool ok = true;
            for (int m = 0; m < 8 && ok; ++m)
                if (c.covers(m) && !((rule >> m) & 1)) ok = false;
            if (ok) implicants.push_back(c);
        }
    std::vector<Cube> primes;
    for (const Cube& c : implicants) {
        bool prime = true;
        for (const Cube& d : implicants) {
            // d strictly contains c: d's literals are a proper subset of c's, agreeing.
            if (d.care != c.care && (d.care & ~c.care) == 0 && (c.value & d.care) == d.value)
                prime = false;
        }
        if (prime) primes.push_back(c);
    }
    // Fixed order: fewer literals first, then by variables x, y, z and polarity.
    std::sort(primes.begin(), primes.end(), [](const Cube& a, const Cube& b) {
        if (a.literals() != b.literals()) return a.literals() < b.literals();
        if (a.care != b.care) return a.care > b.care;
        return a.value > b.value;
    });
    // Exhaustive search over subsets of the primes (at most 6 for 3 variables).
    const std::size_t n = primes.size();
    unsigned best = 0;
    int best_terms = 99, best_literals = 99;
    for (unsigned set = 1; set < (1u << n); ++set) {
        int covered = 0, terms = 0, literals = 0;
        for (std::size_t i = 0; i < n; ++i) {
            if (!(set & (1u << i))) continue;
            ++terms;
            literals += primes[i].literals();
            for (int m = 0; m < 8; ++m)
                if (primes[i].covers(m)) covered |= 1 << m;
        }
        if (covered != rule) continue;
        if (terms < best_terms || (terms == best_terms && literals < best_literals)) {
            best = set;
            best_terms = terms;
            best_literals = literals;
        }
    }
    std::string out;
    for (std::size_t i = 0; i < n; ++i) {
        if (!(best & (1u << i))) continue;
        if (!out.empty()) out += " | ";
        out += cube_text(primes[i]);
    }
    return out;
}

std::string eca_anf(int rule) {
    check_rule(rule);
    // Moebius transform: coefficient of the monomial with variable set m is
    // the XOR of f over all sub-masks of m.
    std::array<int, 8> a{};
    for (int m = 0; m < 8; ++m) {
        int c = 0;
        for (int s = m;; s = (s - 1) & m) {
            c ^= (rule >> s) & 1;
            if (s == 0) break;
        }
        a[static_cast<std::size_t>(m)] = c;
    }
    std::vector<int> monomials;
    for (int m = 0; m < 8; ++m)
        if (a[static_cast<std::size_t>(m)]) monomials.push_back(m);
    std::sort(monomials.begin(), monomials.end(), [](int p, int q) {
        const int dp = __builtin_popcount(static_cast<unsigned>(p));
        const int dq = __builtin_popcount(static_cast<unsigned>(q));
        if (dp != dq) return dp < dq;
        return p > q;  // x before y before z
    });
    if (monomials.empty()) return "0";
    std::string out;
    for (int m : monomials) {
        if (!out.empty()) out += " ^ ";
        out += monomial_text(m);
    }
    return out;
}

std::string eca_explain(int rule) {
    check_rule(rule);
    std::ostringstream os;
    char bits[9] = {};
    for (int i = 0; i < 8; ++i) bits[i] = ((rule >> (7 - i)) & 1) ? '1' : '0';
    os << "rule " << rule << " = " << bits << " (binary, bit 4x+2y+z = new state of y;"
       << " x left, y cell, z right)\n\n";
    std::string heads, tops, bottoms;
    for (int i = 7; i >= 0; --i) {
        const int x = (i >> 2) & 1, y = (i >> 1) & 1, z = i & 1;
        const char c[4] = {char('0' + x), char('0' + y), char('0' + z), 0};
        heads += std::string("  ") + c + "  ";
        tops += std::string("  ") + (x ? '#' : '.') + (y ? '#' : '.') + (z ? '#' : '.') + "  ";
        bottoms += std::string("   ") + (eca_output(rule, x, y, z) ? '#' : '.') + "   ";
    }
    auto trim = [](std::string s) {
        while (!s.empty() && s.back() == ' ') s.pop_back();
        return s;
    };
    os << "neighbourhood " << trim(heads) << "\n";
    os << "cells         " << trim(tops) << "\n";
    os << "next          " << trim(bottoms) << "\n";
    os << "new state     ";
    std::string outs;
    for (int i = 7; i >= 0; --i) outs += std::string("   ") + char('0' + ((rule >> i) & 1)) + "   ";
    os << trim(outs) << "\n\n";
    os << "sum of products:        " << eca_minimal_sop(rule) << "\n";
    os << "algebraic normal form:  " << eca_anf(rule) << "   (XOR of ANDs over GF(2))\n\n";
    os << "mirror (x <-> z):             " << eca_mirror(rule) << "\n";
    os << "complement (0 <-> 1):         " << eca_complement(rule) << "\n";
    os << "mirror-complement:            " << eca_mirror_complement(rule) << "\n";
    return os.str();
}

void check_eca_step(int rule, std::int64_t steps) {
    if (rule < 0 || rule > 255)
        throw InputError("elementary rule " + std::to_string(rule) +
                         " is out of range; expected 0..255");
    if (steps < 0)
        throw InputError("number of steps " + std::to_string(steps) +
                         " is negative; expected 0 or more");
}

}  // namespace toroid
