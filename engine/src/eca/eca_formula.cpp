#include "toroid/eca/eca_formula.hpp"

#include <array>
#include <cstdint>
#include <string>

#include "toroid/error.hpp"

namespace toroid {
namespace {

// The formula's value on all eight neighbourhoods at once; index 4x+2y+z.
using Values = std::array<std::int64_t, 8>;

Values constant(std::int64_t v) {
    Values r;
    r.fill(v);
    return r;
}

template <class F>
Values combine(const Values& a, const Values& b, F f) {
    Values r{};
    for (std::size_t i = 0; i < 8; ++i) r[i] = f(a[i], b[i]);
    return r;
}

class FormulaParser {
  public:
    explicit FormulaParser(std::string_view text) : text_(text) {}

    int parse() {
        skip_spaces();
        if (pos_ == text_.size())
            fail(pos_, "the formula is empty; expected an expression in x, y, z");
        const Values v = parse_or();
        skip_spaces();
        if (pos_ != text_.size()) {
            if (text_[pos_] == ')') fail(pos_, "unmatched ')'");
            fail(pos_, "unexpected '" + std::string(1, text_[pos_]) +
                           "'; expected an operator (| ^ & + * mod) or the end of the formula");
        }
        int rule = 0;
        for (std::size_t i = 0; i < 8; ++i)
            if (v[i] != 0) rule |= 1 << i;
        return rule;
    }

  private:
    [[noreturn]] void fail(std::size_t at, const std::string& what) const {
        throw InputError("formula \"" + std::string(text_) + "\", column " +
                         std::to_string(at + 1) + ": " + what + "\n  " + std::string(text_) +
                         "\n  " + std::string(at, ' ') + "^");
    }

    // Every value stays at most 10^9 (literals are below 10^6; each sum and
    // product is checked), so a product of two values (< 10^18) cannot overflow.
    Values bounded(std::size_t at, const Values& v) const {
        for (auto x : v)
            if (x > 1000000000)
                fail(at, "the formula's numbers grow beyond 10^9; it is meant for 0/1 values");
        return v;
    }

    void skip_spaces() {
        while (pos_ < text_.size() && (text_[pos_] == ' ' || text_[pos_] == '\t')) ++pos_;
    }

    bool accept(char c) {
        skip_spaces();
        if (pos_ < text_.size() && text_[pos_] == c) {
            ++pos_;
            return true;
        }
        return false;
    }

    bool at_mod() {
        skip_spaces();
        if (pos_ < text_.size() && text_[pos_] == '%') return true;
        return text_.substr(pos_, 3) == "mod";
    }

    Values parse_or() {
        Values v = parse_xor();
        while (accept('|')) {
            accept('|');  // "||" too
            v = combine(v, parse_xor(),
                        [](auto a, auto b) -> std::int64_t { return (a != 0) || (b != 0); });
        }
        return v;
    }

    Values parse_xor() {
        Values v = parse_and();
        while (accept('^'))
            v = combine(v, parse_and(),
                        [](auto a, auto b) -> std::int64_t { return (a != 0) != (b != 0); });
        return v;
    }

    Values parse_and() {
        Values v = parse_sum();
        while (accept('&')) {
            accept('&');  // "&&" too
            v = combine(v, parse_sum(),
                        [](auto a, auto b) -> std::int64_t { return (a != 0) && (b != 0); });
        }
        return v;
    }

    Values parse_sum() {
        Values v = parse_product();
        while (accept('+')) {
            const std::size_t at = pos_;
            v = bounded(at, combine(v, parse_product(), [](auto a, auto b) { return a + b; }));
        }
        if (at_mod()) {
            pos_ += text_[pos_] == '%' ? 1 : 3;
            skip_spaces();
            const std::size_t at = pos_;
            std::int64_t m = 0;
            if (pos_ >= text_.size() || text_[pos_] < '0' || text_[pos_] > '9')
                fail(at, "expected a positive integer after 'mod'");
            while (pos_ < text_.size() && text_[pos_] >= '0' && text_[pos_] <= '9') {
                if (m >= 100000)
                    fail(at, "modulus too large; expected a small positive integer such as 2");
                m = m * 10 + (text_[pos_++] - '0');
            }
            if (m == 0) fail(at, "'mod 0' is undefined; expected a positive modulus such as 2");
            for (auto& x : v) x %= m;
        }
        return v;
    }

    bool starts_factor() {
        skip_spaces();
        if (pos_ >= text_.size() || at_mod()) return false;
        const char c = text_[pos_];
        return c == '(' || c == '!' || c == '~' || (c >= '0' && c <= '9') ||
               (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
    }

    Values parse_product() {
        Values v = parse_unary();
        for (;;) {
            if (accept('*') || starts_factor()) {
                const std::size_t at = pos_;
                v = bounded(at, combine(v, parse_unary(), [](auto a, auto b) { return a * b; }));
            } else {
                return v;
            }
        }
    }

    Values parse_unary() {
        if (accept('!') || accept('~')) {
            Values v = parse_unary();
            for (auto& x : v) x = x == 0 ? 1 : 0;
            return v;
        }
        return parse_atom();
    }

    Values parse_atom() {
        skip_spaces();
        if (pos_ >= text_.size())
            fail(pos_, "the formula ends early; expected x, y, z, 0, 1, '!' or '('");
        const std::size_t at = pos_;
        const char c = text_[pos_];
        if (c == '(') {
            ++pos_;
            Values v = parse_or();
            if (!accept(')'))
                fail(pos_, "expected ')' to close the '(' at column " + std::to_string(at + 1));
            return v;
        }
        if (c >= '0' && c <= '9') {
            std::int64_t n = 0;
            while (pos_ < text_.size() && text_[pos_] >= '0' && text_[pos_] <= '9') {
                if (n >= 100000) fail(at, "number too large; expected 0 or 1 (or a small integer)");
                n = n * 10 + (text_[pos_++] - '0');
            }
            return constant(n);
        }
        if (c == 'x' || c == 'y' || c == 'z' || c == 'X' || c == 'Y' || c == 'Z') {
            ++pos_;
            const int shift = (c == 'x' || c == 'X') ? 2 : (c == 'y' || c == 'Y') ? 1 : 0;
            Values v{};
            for (std::size_t i = 0; i < 8; ++i) v[i] = static_cast<std::int64_t>((i >> shift) & 1);
            return v;
        }
        if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'))
            fail(at, "unknown variable '" + std::string(1, c) +
                         "'; expected x (left neighbour), y (the cell) or z (right neighbour)");
        fail(at, "unexpected '" + std::string(1, c) +
                     "'; expected x, y, z, 0, 1, '!', '~' or '(' (operators: | ^ & + * mod)");
    }

    std::string_view text_;
    std::size_t pos_ = 0;
};

}  // namespace

int eca_rule_from_formula(std::string_view formula) {
    return FormulaParser(formula).parse();
}

}  // namespace toroid
