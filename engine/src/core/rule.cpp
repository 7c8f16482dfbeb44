// Rule parsing and printing. Grammar (after removing spaces, case-folded):
//
//   rule      := body [ "H" | "V" ] [ ":T" int "," int ]
//   body      := "B" counts ["/"] "S" counts | "S" counts ["/"] "B" counts
//              | digits "/" digits                      (old S/B form)
//   counts    := { digit [ "(" probability ")" ] }
//   probability := int "/" int | decimal
#include "toroid/core/rule.hpp"

#include <algorithm>
#include <cctype>
#include <numeric>
#include <string>
#include <vector>

#include "toroid/error.hpp"

namespace toroid {

namespace {

std::string quote(std::string_view s) {
    return "'" + std::string(s) + "'";
}

}  // namespace

class RuleParser {
  public:
    RuleParser(std::string_view original) : original_(original) {
        for (std::size_t i = 0; i < original.size(); ++i) {
            const char c = original[i];
            if (c == ' ' || c == '\t' || c == '\r' || c == '\n') continue;
            text_.push_back(c);
            where_.push_back(i);
        }
    }

    Rule parse() {
        if (text_.empty()) fail_at_end("empty rule: expected something like 'B3/S23'");
        Rule r;
        r.birth_ = {};
        r.survive_ = {};
        std::size_t end = text_.size();
        // Torus suffix first: everything after ':' belongs to it.
        std::size_t colon = text_.find(':');
        if (colon != std::string::npos) {
            parse_torus(r, colon);
            end = colon;
        }
        // Neighbourhood suffix.
        if (end > 0) {
            char last = upper(text_[end - 1]);
            if (last == 'H')
                r.neighbourhood_ = Neighbourhood::Hexagonal, --end;
            else if (last == 'V')
                r.neighbourhood_ = Neighbourhood::VonNeumann, --end;
        }
        max_count_ = r.max_count();
        pos_ = 0;
        end_ = end;
        if (end_ == 0)
            fail(0, "missing birth and survival counts: expected something like 'B3/S23'");
        char first = upper(text_[0]);
        if (first == 'B') {
            ++pos_;
            parse_counts(r.birth_, "birth");
            if (pos_ < end_ && text_[pos_] == '/') ++pos_;
            expect_letter('S');
            parse_counts(r.survive_, "survival");
        } else if (first == 'S') {
            ++pos_;
            parse_counts(r.survive_, "survival");
            if (pos_ < end_ && text_[pos_] == '/') ++pos_;
            expect_letter('B');
            parse_counts(r.birth_, "birth");
        } else if (std::isdigit(static_cast<unsigned char>(first)) || first == '/') {
            // Old S/B form: survival digits, '/', birth digits.
            parse_counts(r.survive_, "survival");
            if (pos_ >= end_ || text_[pos_] != '/')
                fail(pos_,
                     "expected '/' between survival and birth counts (S/B form, e.g. '23/3')");
            ++pos_;
            parse_counts(r.birth_, "birth");
        } else {
            fail(0, "expected 'B' (birth counts), 'S' (survival counts) or a digit (S/B form)");
        }
        if (pos_ != end_) {
            fail(pos_, std::string("unexpected ") + quote(std::string(1, text_[pos_])) +
                           ": expected a count digit, a probability in parentheses, or a suffix H, "
                           "V or :Tw,h");
        }
        return r;
    }

  private:
    // Letters of Hensel's isotropic non-totalistic notation (B2a, S2-i ...).
    static bool is_isotropic_letter(char c) {
        return c == '-' || std::string_view("cekainyqjrtwz")
                                   .find(char(std::tolower(static_cast<unsigned char>(c)))) !=
                               std::string_view::npos;
    }
    static char upper(char c) {
        return static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    }

    [[noreturn]] void fail(std::size_t pos, const std::string& what) const {
        std::size_t column = pos < where_.size() ? where_[pos] + 1 : original_.size() + 1;
        throw InputError("bad rule " + quote(original_) + " at column " + std::to_string(column) +
                         ": " + what);
    }
    [[noreturn]] void fail_at_end(const std::string& what) const {
        throw InputError("bad rule " + quote(original_) + ": " + what);
    }

    void expect_letter(char letter) {
        if (pos_ >= end_ || upper(text_[pos_]) != letter)
            fail(pos_, std::string("expected '") + letter + "' followed by its counts");
        ++pos_;
    }

    void parse_counts(std::array<Probability, 9>& set, const char* what) {
        while (pos_ < end_ && std::isdigit(static_cast<unsigned char>(text_[pos_]))) {
            int k = text_[pos_] - '0';
            std::size_t at = pos_;
            if (k > max_count_)
                fail(at, std::string(what) + " count " + std::to_string(k) +
                             " is out of range: " + neighbourhood_name() +
                             " rules have counts 0.." + std::to_string(max_count_));
            if (!set[std::size_t(k)].absent())
                fail(at, std::string(what) + " count " + std::to_string(k) + " is given twice");
            ++pos_;
            Probability p{1, 1};
            if (pos_ < end_ && text_[pos_] == '(') p = parse_probability();
            set[std::size_t(k)] = p;
            if (pos_ < end_ && is_isotropic_letter(text_[pos_])) {
                // 'B3/S2a' style letters after a digit: isotropic non-totalistic notation.
                fail(pos_, "non-totalistic (isotropic) rules such as " + quote(original_) +
                               " are not supported: use totalistic counts only, e.g. 'B3/S23'");
            }
        }
    }

    Probability parse_probability() {
        std::size_t open = pos_++;
        std::size_t close = text_.find(')', pos_);
        if (close == std::string::npos || close > end_)
            fail(open, "unclosed '(': expected a probability such as (1/3) or (0.25)");
        std::string body = text_.substr(pos_, close - pos_);
        pos_ = close + 1;
        Probability p = probability_from(body, open);
        return p;
    }

    Probability probability_from(const std::string& body, std::size_t at) const {
        const std::string expected =
            "expected a probability in (0, 1] such as (1/3) or (0.25), got " + quote(body);
        std::uint64_t num = 0, den = 1;
        auto digits = [&](std::string_view s, std::uint64_t& out) {
            if (s.empty() || s.size() > 9) return false;
            out = 0;
            for (char c : s) {
                if (!std::isdigit(static_cast<unsigned char>(c))) return false;
                out = out * 10 + std::uint64_t(c - '0');
            }
            return true;
        };
        std::size_t slash = body.find('/');
        std::size_t dot = body.find('.');
        if (slash != std::string::npos) {
            if (!digits(std::string_view(body).substr(0, slash), num) ||
                !digits(std::string_view(body).substr(slash + 1), den))
                fail(at, expected);
            if (den == 0) fail(at, "probability " + quote(body) + " divides by zero");
        } else if (dot != std::string::npos) {
            std::string_view ip = std::string_view(body).substr(0, dot);
            std::string_view fp = std::string_view(body).substr(dot + 1);
            std::uint64_t i = 0, f = 0;
            if (!(ip.empty() || digits(ip, i)) || !digits(fp, f) || i > 1) fail(at, expected);
            den = 1;
            for (std::size_t k = 0; k < fp.size(); ++k) den *= 10;
            num = i * den + f;
        } else {
            if (!digits(body, num)) fail(at, expected);
        }
        if (num > den) fail(at, "probability " + quote(body) + " is greater than 1");
        if (num == 0)
            fail(at, "probability " + quote(body) + " is zero: leave the count out instead");
        std::uint64_t g = std::gcd(num, den);
        return Probability{std::uint32_t(num / g), std::uint32_t(den / g)};
    }

    void parse_torus(Rule& r, std::size_t colon) {
        std::size_t p = colon + 1;
        if (p >= text_.size() || upper(text_[p]) != 'T')
            fail(
                p,
                "unsupported bounded grid: only the torus suffix ':T<width>,<height>' is accepted");
        ++p;
        auto number = [&](std::int64_t& out) {
            std::size_t start = p;
            out = 0;
            while (p < text_.size() && std::isdigit(static_cast<unsigned char>(text_[p]))) {
                if (out > (std::int64_t(1) << 40)) fail(start, "torus size is too large");
                out = out * 10 + (text_[p] - '0');
                ++p;
            }
            if (p == start) fail(start, "expected a whole number in ':T<width>,<height>'");
        };
        TorusSize t;
        number(t.width);
        if (p >= text_.size() || text_[p] != ',') fail(p, "expected ',' in ':T<width>,<height>'");
        ++p;
        number(t.height);
        if (p != text_.size()) fail(p, "unexpected text after ':T<width>,<height>'");
        if (t.width < 1 || t.height < 1)
            fail(colon, "torus sizes must be at least 1 (infinite planes are not supported)");
        r.torus_ = t;
    }

    std::string neighbourhood_name() const {
        return max_count_ == 8 ? "Moore" : max_count_ == 6 ? "hexagonal" : "von Neumann";
    }

    std::string_view original_;
    std::string text_;
    std::vector<std::size_t> where_;  // position of each kept character in the original
    std::size_t pos_ = 0, end_ = 0;
    int max_count_ = 8;
};

Rule::Rule() {
    birth_[3] = {1, 1};
    survive_[2] = {1, 1};
    survive_[3] = {1, 1};
}

Rule Rule::parse(std::string_view text) {
    return RuleParser(text).parse();
}

int Rule::max_count() const {
    switch (neighbourhood_) {
        case Neighbourhood::Hexagonal:
            return 6;
        case Neighbourhood::VonNeumann:
            return 4;
        default:
            return 8;
    }
}

bool Rule::stochastic() const {
    for (int k = 0; k <= 8; ++k)
        if (!birth(k).absent() && !birth(k).certain()) return true;
    for (int k = 0; k <= 8; ++k)
        if (!survival(k).absent() && !survival(k).certain()) return true;
    return false;
}

Rule Rule::with_torus(std::optional<TorusSize> torus) const {
    Rule r = *this;
    r.torus_ = torus;
    return r;
}

namespace {

std::string format_probability(Probability p) {
    // Decimal when exact with at most 9 places (den divides 10^9), else n/d.
    std::uint64_t scale = 1;
    int places = 0;
    while (places < 9 && scale % p.den != 0) scale *= 10, ++places;
    if (scale % p.den != 0) return std::to_string(p.num) + "/" + std::to_string(p.den);
    std::string digits = std::to_string(std::uint64_t(p.num) * (scale / p.den));  // num < den here
    return "0." + std::string(std::size_t(places) - digits.size(), '0') + digits;
}

void append_counts(std::string& out, const std::array<Probability, 9>& set, int max_count) {
    for (int k = 0; k <= max_count; ++k) {
        const Probability p = set[std::size_t(k)];
        if (p.absent()) continue;
        out += char('0' + k);
        if (!p.certain()) out += "(" + format_probability(p) + ")";
    }
}

}  // namespace

std::string Rule::to_string() const {
    std::string s = "B";
    append_counts(s, birth_, max_count());
    s += "/S";
    append_counts(s, survive_, max_count());
    if (neighbourhood_ == Neighbourhood::Hexagonal) s += "H";
    if (neighbourhood_ == Neighbourhood::VonNeumann) s += "V";
    if (torus_) s += ":T" + std::to_string(torus_->width) + "," + std::to_string(torus_->height);
    return s;
}

CompiledRule Rule::compile() const {
    CompiledRule c;
    c.neighbourhood = neighbourhood_;
    for (int k = 0; k <= max_count(); ++k) {
        auto put = [&](Probability p, std::uint16_t& certain, std::uint16_t& random,
                       std::uint32_t* threshold) {
            if (p.absent()) return;
            if (p.certain()) {
                certain = std::uint16_t(certain | (1u << k));
            } else {
                random = std::uint16_t(random | (1u << k));
                threshold[k] = std::uint32_t((std::uint64_t(p.num) << 32) / p.den);
            }
        };
        put(birth(k), c.birth, c.birth_random, c.birth_threshold);
        put(survival(k), c.survive, c.survive_random, c.survive_threshold);
    }
    return c;
}

}  // namespace toroid
