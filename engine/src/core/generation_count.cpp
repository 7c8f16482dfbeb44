// Exact generation counts (contract in toroid/core/generation_count.hpp).
//
// A tiny recursive-descent parser over the grammar
//   sum     = product { '+' product }
//   product = power { '*' power }
//   power   = number [ '^' number ]
//   number  = digits [ '.' digits ] [ ('e' | 'E') digits ]
// with every step checked for overflow (__builtin_*_overflow), so a value
// either is exact or is refused.
#include "toroid/core/generation_count.hpp"

#include <cctype>

#include "toroid/error.hpp"

namespace toroid {
namespace {

class CountParser {
  public:
    CountParser(std::string_view text, std::string_view option) : text_(text), option_(option) {}

    std::uint64_t parse() {
        skip_spaces();
        if (at_end()) fail("is empty");
        if (peek() == '-') fail("is negative");
        if (peek() == '+') ++pos_;  // an explicit sign is harmless
        const std::uint64_t v = sum();
        skip_spaces();
        if (!at_end())
            fail(std::string("has an unexpected '") + peek() + "' at character " +
                 std::to_string(pos_ + 1));
        return v;
    }

  private:
    bool at_end() const { return pos_ >= text_.size(); }
    char peek() const { return text_[pos_]; }
    void skip_spaces() {
        while (!at_end() && (peek() == ' ' || peek() == '\t')) ++pos_;
    }
    bool accept(char c) {
        skip_spaces();
        if (!at_end() && peek() == c) {
            ++pos_;
            skip_spaces();
            return true;
        }
        return false;
    }

    [[noreturn]] void fail(const std::string& what) const {
        // Quoted only when the text would not read as one word.
        const bool quote = text_.empty() || text_.find_first_of(" \t") != std::string_view::npos;
        const std::string shown = quote ? "'" + std::string(text_) + "'" : std::string(text_);
        throw InputError(std::string(option_) + " " + shown + " " + what +
                         ": expected a whole number of generations from 0 to 2^64-1, e.g. "
                         "1000000, 10^15, 2^40, 3e9 or 3*2^40+1");
    }
    [[noreturn]] void too_large() const { fail("is larger than 2^64-1"); }

    std::uint64_t sum() {
        std::uint64_t v = product();
        while (accept('+')) {
            if (!at_end() && peek() == '-') fail("is negative");
            if (__builtin_add_overflow(v, product(), &v)) too_large();
        }
        return v;
    }

    std::uint64_t product() {
        std::uint64_t v = power();
        while (accept('*'))
            if (__builtin_mul_overflow(v, power(), &v)) too_large();
        return v;
    }

    std::uint64_t power() {
        const std::uint64_t base = number();
        if (!accept('^')) return base;
        if (!at_end() && peek() == '-') fail("has a negative exponent");
        return pow(base, number());
    }

    // After a separator at pos_: three digits, then no fourth one.
    bool group_follows() const {
        for (std::size_t i = 1; i <= 3; ++i)
            if (pos_ + i >= text_.size() ||
                !std::isdigit(static_cast<unsigned char>(text_[pos_ + i])))
                return false;
        return pos_ + 4 >= text_.size() ||
               !std::isdigit(static_cast<unsigned char>(text_[pos_ + 4]));
    }

    std::uint64_t pow(std::uint64_t base, std::uint64_t exponent) const {
        if (exponent == 0) return 1;
        if (base <= 1) return base;
        std::uint64_t v = 1;
        for (std::uint64_t i = 0; i < exponent; ++i)  // at most 64 rounds before overflow
            if (__builtin_mul_overflow(v, base, &v)) too_large();
        return v;
    }

    // digits [ '.' digits ] [ e digits ]: the result must be whole.
    std::uint64_t number() {
        skip_spaces();
        if (at_end() || !std::isdigit(static_cast<unsigned char>(peek()))) {
            if (at_end()) fail("ends early");
            if (peek() == '-') fail("is negative");
            fail(std::string("has an unexpected '") + peek() + "' at character " +
                 std::to_string(pos_ + 1));
        }
        std::uint64_t mantissa = 0;
        bool mantissa_overflow = false;
        std::uint64_t fraction_digits = 0;
        bool seen_point = false;
        // Significant digits beyond 2^64 make the value too large unless an
        // exponent could never fix that anyway: the value is refused then.
        auto digit = [&](char c) {
            std::uint64_t next;
            if (__builtin_mul_overflow(mantissa, 10, &next) ||
                __builtin_add_overflow(next, std::uint64_t(c - '0'), &next))
                mantissa_overflow = true;
            else
                mantissa = next;
        };
        while (!at_end()) {
            const char c = peek();
            if (std::isdigit(static_cast<unsigned char>(c))) {
                digit(c);
                if (seen_point) ++fraction_digits;
            } else if ((c == '_' || c == ',') && !seen_point && group_follows()) {
                // a digit group separator: exactly three digits follow ("1,5" is refused)
            } else if (c == '.' && !seen_point) {
                seen_point = true;
            } else {
                break;
            }
            ++pos_;
        }
        std::uint64_t exponent = 0;
        if (!at_end() && (peek() == 'e' || peek() == 'E')) {
            ++pos_;
            if (!at_end() && peek() == '-') fail("has a negative exponent (not a whole number)");
            if (!at_end() && peek() == '+') ++pos_;
            if (at_end() || !std::isdigit(static_cast<unsigned char>(peek())))
                fail("has no digits after its exponent 'e'");
            while (!at_end() && std::isdigit(static_cast<unsigned char>(peek()))) {
                if (__builtin_mul_overflow(exponent, 10, &exponent) ||
                    __builtin_add_overflow(exponent, std::uint64_t(peek() - '0'), &exponent))
                    too_large();
                ++pos_;
            }
        }
        if (mantissa_overflow) too_large();
        // value = mantissa * 10^(exponent - fraction_digits), which must be whole.
        if (exponent >= fraction_digits) {
            std::uint64_t v = mantissa;
            if (v == 0) return 0;
            for (std::uint64_t i = 0; i < exponent - fraction_digits; ++i)
                if (__builtin_mul_overflow(v, 10, &v)) too_large();
            return v;
        }
        std::uint64_t v = mantissa;
        for (std::uint64_t i = 0; i < fraction_digits - exponent; ++i) {
            if (v % 10 != 0) fail("is not a whole number");
            v /= 10;
        }
        return v;
    }

    std::string_view text_;
    std::string_view option_;
    std::size_t pos_ = 0;
};

}  // namespace

std::uint64_t parse_generation_count(std::string_view text, std::string_view option) {
    return CountParser(text, option).parse();
}

std::string describe_generation_count(std::uint64_t n) {
    std::string s = std::to_string(n);
    if (n >= 1024 && (n & (n - 1)) == 0)
        return s + " (2^" + std::to_string(__builtin_ctzll(n)) + ")";
    if (n >= 1000) {
        std::uint64_t v = n;
        int e = 0;
        while (v % 10 == 0) v /= 10, ++e;
        if (v == 1) return s + " (10^" + std::to_string(e) + ")";
    }
    return s;
}

}  // namespace toroid
