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
#include <optional>
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
            if (colon == 0) fail(0, "missing birth and survival counts before ':'");
            // The grid first (syntax errors there stop here); a refused grid is
            // said after the rule's own refusal, or alone (see refuse).
            parse_torus(r, colon);
            refuse_multi_state(colon);
            if (topology_refusal_) refuse(*topology_refusal_);
            end = colon;
        } else {
            refuse_multi_state(end);
        }
        if (generations_cut_ != std::string::npos) end = generations_cut_;  // 2-state Generations
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

    // Golly's bounded-grid suffix after ':' (its lifealgo::setgridsize):
    // T torus or tube, P plane, K Klein bottle, C cross-surface, S sphere.
    void parse_torus(Rule& r, std::size_t colon) {
        std::size_t p = colon + 1;
        if (p >= text_.size())
            fail(colon, "expected a bounded grid after ':' such as ':T640,480' (a torus)");
        const char kind = upper(text_[p]);
        const char* name = kind == 'P'   ? "a bounded plane (:P)"
                           : kind == 'K' ? "a Klein bottle (:K)"
                           : kind == 'C' ? "a cross-surface (:C)"
                           : kind == 'S' ? "a sphere (:S)"
                                         : nullptr;
        if (name)
            return refuse_grid(
                "Golly's bounded grid '" + std::string(original_.substr(where_[colon])) + "' is " +
                name +
                ": toroid simulates a plain torus (:T<width>,<height>) or a tube (:T0,<height>, "
                ":T<width>,0) only");
        if (kind != 'T')
            fail(p, "unknown bounded grid " + quote(std::string(1, text_[p])) +
                        ": expected ':T<width>,<height>' (a torus; 0 for an unbounded side)");
        ++p;
        const std::string expected =
            "expected ':T<width>,<height>' with whole numbers (0 for an unbounded side of a tube)";
        auto number = [&](std::int64_t& out) {
            std::size_t start = p;
            out = 0;
            while (p < text_.size() && std::isdigit(static_cast<unsigned char>(text_[p]))) {
                if (out > (std::int64_t(1) << 40)) fail(start, "torus size is too large");
                out = out * 10 + (text_[p] - '0');
                ++p;
            }
            if (p == start) fail(start, "missing torus size: " + expected);
        };
        // A shift (+n / -n) after a side glues that side with an offset.
        auto refuse_shift = [&]() {
            if (p >= text_.size() || (text_[p] != '+' && text_[p] != '-')) return;
            ++p;
            std::int64_t shift = 0;
            number(shift);
            if (shift != 0)
                refuse_grid("Golly's bounded grid '" +
                            std::string(original_.substr(where_[colon])) +
                            "' is a torus with shifted edges: toroid simulates a plain torus "
                            "(:T<width>,<height>) or a tube (:T0,<height>, :T<width>,0) only");
        };
        TorusSize t;
        number(t.width);
        refuse_shift();
        if (p == text_.size()) {
            t.height = t.width;  // Golly: ":T100" is ":T100,100"
        } else {
            if (text_[p] != ',')
                fail(p, "unexpected " + quote(std::string(1, text_[p])) + ": " + expected);
            ++p;
            number(t.height);
            refuse_shift();
            if (p != text_.size())
                fail(p, "unexpected text after ':T<width>,<height>': " + expected);
        }
        if (t.width == 0 && t.height == 0) return;  // Golly's unbounded plane: no torus given
        r.torus_ = t;
    }

    // Multi-state and named rules, recognised before the B/S grammar so that
    // their refusal names them rather than pointing at a letter.
    void refuse_multi_state(std::size_t end) const {
        const std::string body = text_.substr(0, end);
        const std::string shown = original_substr(end);
        if (body.front() == '@')
            refuse(
                quote(shown) +
                " is a Golly rule file (@RULE: a rule table or tree, usually multi-state); "
                "toroid runs two-state Life-like rules written B<counts>/S<counts>, e.g. B3/S23");
        if (!std::isalpha(static_cast<unsigned char>(body.front()))) {
            // Generations in S/B/C form: 23/3/3.
            if (top_level_slashes(body) == 2) generations(body, last_top_level_slash(body) + 1);
            return;
        }
        const char first = upper(body.front());
        const bool letter_second =
            body.size() > 1 && std::isalpha(static_cast<unsigned char>(body[1])) &&
            !((first == 'B' && upper(body[1]) == 'S') || (first == 'S' && upper(body[1]) == 'B'));
        if (first == 'W' && body.size() > 1 && std::isdigit(static_cast<unsigned char>(body[1])))
            refuse(quote(shown) + " is a 1-D Wolfram rule: run it with 'toroid eca " +
                   body.substr(1) + "'; 2-D rules are written B<counts>/S<counts>, e.g. B3/S23");
        if (first == 'R' && body.find(',') != std::string::npos)
            refuse(quote(shown) +
                   " is a Larger than Life rule (range > 1): toroid runs rules of the 8, 6 or 4 "
                   "nearest neighbours, written B<counts>/S<counts>, e.g. B3/S23");
        if ((first != 'B' && first != 'S') || letter_second)
            refuse(quote(shown) +
                   " is a named rule (a multi-state rule such as LifeHistory or WireWorld, or a "
                   "Golly rule table): toroid runs two-state Life-like rules, expected 'B' "
                   "(birth counts) and 'S' (survival counts), e.g. B3/S23" +
                   (upper_text(body).rfind("LIFE", 0) == 0
                        ? std::string(" (Life's own cells run with --rule B3/S23)")
                        : std::string()));
        // Generations in B/S/C form: B3/S23/C3 (the C may be left out: B3/S23/3).
        const std::size_t slashes = top_level_slashes(body);
        const std::size_t last = last_top_level_slash(body);
        if (slashes >= 2 ||
            (last != std::string::npos && last + 1 < body.size() && upper(body[last + 1]) == 'C')) {
            const std::size_t at = last + 1;
            generations(body, at < body.size() && upper(body[at]) == 'C' ? at + 1 : at);
        }
    }

    // Slashes outside parentheses (a probability such as (1/3) holds one).
    static std::size_t top_level_slashes(const std::string& s) {
        std::size_t n = 0;
        int depth = 0;
        for (char c : s) {
            depth += c == '(' ? 1 : c == ')' ? -1 : 0;
            if (c == '/' && depth == 0) ++n;
        }
        return n;
    }
    static std::size_t last_top_level_slash(const std::string& s) {
        std::size_t last = std::string::npos;
        int depth = 0;
        for (std::size_t i = 0; i < s.size(); ++i) {
            depth += s[i] == '(' ? 1 : s[i] == ')' ? -1 : 0;
            if (s[i] == '/' && depth == 0) last = i;
        }
        return last;
    }

    // Refuses a Generations rule with more than 2 states; one with exactly 2
    // is its Life-like rule: the state count is cut off (end_ shrinks).
    void generations(const std::string& body, std::size_t digits_at) const {
        std::int64_t states = 0;
        std::size_t p = digits_at;
        while (p < body.size() && std::isdigit(static_cast<unsigned char>(body[p])) &&
               states < 1000000)
            states = states * 10 + (body[p++] - '0');
        if (p == digits_at || p != body.size())
            fail(digits_at,
                 "expected the number of states of a Generations rule (e.g. 'B2/S/C3' "
                 "or '/2/3')");
        if (states != 2)
            refuse(quote(original_substr(body.size())) + " is a Generations rule with " +
                   std::to_string(states) +
                   " states (cells decay through dying states): toroid runs two-state rules; "
                   "the same birth and survival counts with 2 states are " +
                   quote(two_state_of(body, digits_at)));
        generations_cut_ = body.rfind('/', digits_at);  // the B/S part ends before it
    }

    std::string two_state_of(const std::string& body, std::size_t digits_at) const {
        std::size_t cut = body.rfind('/', digits_at);
        return cut == std::string::npos ? body : body.substr(0, cut);
    }
    std::string original_substr(std::size_t end) const {
        const std::size_t stop = end < where_.size() ? where_[end] : original_.size();
        return std::string(detail_trim(original_.substr(0, stop)));
    }
    static std::string_view detail_trim(std::string_view s) {
        while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
        while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front())))
            s.remove_prefix(1);
        return s;
    }
    static std::string upper_text(std::string s) {
        for (char& c : s) c = upper(c);
        return s;
    }
    // Both reasons when the rule and its grid are refused (LifeHistory:K40*,20).
    [[noreturn]] void refuse(const std::string& what) const {
        std::string why = what;
        if (topology_refusal_ && *topology_refusal_ != what) why += "; and " + *topology_refusal_;
        throw UnsupportedRule("rule " + quote(std::string(detail_trim(original_))) +
                              " is not supported: " + why);
    }
    void refuse_grid(const std::string& what) { topology_refusal_ = what; }

    std::string neighbourhood_name() const {
        return max_count_ == 8 ? "Moore" : max_count_ == 6 ? "hexagonal" : "von Neumann";
    }

    std::string_view original_;
    std::string text_;
    std::vector<std::size_t> where_;  // position of each kept character in the original
    std::size_t pos_ = 0, end_ = 0;
    int max_count_ = 8;
    mutable std::size_t generations_cut_ = std::string::npos;
    std::optional<std::string> topology_refusal_;  // a refused bounded grid, said by refuse()  //
                                                   // '/' before a Generations "2"
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

Range1Table Rule::range1_table() const {
    if (stochastic())
        throw InputError("rule " + to_string() +
                         " is stochastic: it has no table form (a cell's next state depends on "
                         "its random draws, not only on its neighbourhood)");
    // The cells of the 3x3 block each neighbourhood counts (range1_table.hpp).
    static constexpr int kMoore[] = {0, 1, 2, 3, 5, 6, 7, 8};
    static constexpr int kHex[] = {0, 1, 3, 5, 7, 8};
    static constexpr int kVonNeumann[] = {1, 3, 5, 7};
    const int* cells = neighbourhood_ == Neighbourhood::Hexagonal    ? kHex
                       : neighbourhood_ == Neighbourhood::VonNeumann ? kVonNeumann
                                                                     : kMoore;
    Range1Table t;
    for (unsigned i = 0; i < Range1Table::kSize; ++i) {
        int count = 0;
        for (int k = 0; k < max_count(); ++k) count += Range1Table::cell(i, cells[k]);
        const bool alive = Range1Table::cell(i, 4);
        t.set(i, !(alive ? survival(count) : birth(count)).absent());
    }
    return t;
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
