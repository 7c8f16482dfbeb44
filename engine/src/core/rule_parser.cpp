// The rule parser: whole text (Golly's bounded-grid suffix, refusals of
// kinds toroid does not run), counts with probabilities or letters, MAP.
// Grammar (after removing spaces; letters case-insensitive):
//
//   rule      := "MAP" base64 ["=="] [suffix] | body [ "H" | "V" ] [suffix]
//   suffix    := ":T" int ["," int]
//   body      := "B" counts ["/"] "S" counts | "S" counts ["/"] "B" counts
//              | digits "/" digits                      (old S/B form)
//   counts    := { digit [ "(" probability ")" | ["-"] letters ] }
//   probability := int "/" int | decimal
#include <algorithm>
#include <cctype>
#include <numeric>
#include <optional>
#include <string>
#include <vector>

#include "toroid/core/isotropic.hpp"
#include "toroid/core/map_notation.hpp"
#include "toroid/core/rule.hpp"
#include "toroid/core/rule_path.hpp"
#include "toroid/error.hpp"

namespace toroid {

// range_rule_parser.cpp: Larger than Life, Evans and HROT.
bool is_range_rule_text(std::string_view text);
Rule parse_range_rule(std::string_view text);

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
            text_.push_back(c == '_' ? '/' : c);  // Golly accepts '_' for '/'

            where_.push_back(i);
        }
    }

    Rule parse() {
        if (text_.empty()) fail_at_end("empty rule: expected something like 'B3/S23'");
        Rule r;
        r.birth_ = {};
        r.survive_ = {};
        std::size_t end = text_.size();
        if (text_.size() >= 3 && upper_text(text_.substr(0, 3)) == "MAP") return parse_map(r);
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
        if (generations_cut_ != std::string::npos) end = generations_cut_;
        // Neighbourhood suffix (after the state count in Golly's Generations form).
        if (generations_suffix_ != 0) {
            r.neighbourhood_ =
                generations_suffix_ == 'H' ? Neighbourhood::Hexagonal : Neighbourhood::VonNeumann;
        } else if (end > begin_) {
            char last = upper(text_[end - 1]);
            if (last == 'H')
                r.neighbourhood_ = Neighbourhood::Hexagonal, --end;
            else if (last == 'V')
                r.neighbourhood_ = Neighbourhood::VonNeumann, --end;
        }
        neighbourhood_ = r.neighbourhood_;
        max_count_ = r.max_count();
        pos_ = begin_;
        end_ = end;
        if (end_ == begin_)
            fail(begin_, "missing birth and survival counts: expected something like 'B3/S23'");
        char first = upper(text_[begin_]);
        if (first == 'B') {
            ++pos_;
            parse_counts(r.birth_, birth_letters_, "birth");
            if (pos_ < end_ && text_[pos_] == '/') ++pos_;
            expect_letter('S');
            parse_counts(r.survive_, survive_letters_, "survival");
        } else if (first == 'S') {
            ++pos_;
            parse_counts(r.survive_, survive_letters_, "survival");
            if (pos_ < end_ && text_[pos_] == '/') ++pos_;
            expect_letter('B');
            parse_counts(r.birth_, birth_letters_, "birth");
        } else if (std::isdigit(static_cast<unsigned char>(first)) || first == '/') {
            // Old S/B form: survival digits, '/', birth digits.
            parse_counts(r.survive_, survive_letters_, "survival");
            if (pos_ >= end_ || text_[pos_] != '/')
                fail(pos_,
                     "expected '/' between survival and birth counts (S/B form, e.g. '23/3')");
            ++pos_;
            parse_counts(r.birth_, birth_letters_, "birth");
        } else {
            fail(begin_,
                 "expected 'B' (birth counts), 'S' (survival counts) or a digit (S/B form)");
        }
        if (pos_ != end_) {
            fail(pos_, std::string("unexpected ") + quote(std::string(1, text_[pos_])) +
                           ": expected a count digit, a probability in parentheses, letters, or a "
                           "suffix H, V or :Tw,h");
        }
        if (has_letters_) make_isotropic(r);
        if (generations_states_ > 2) {
            if (r.stochastic())
                fail(begin_, "probabilities on a Generations rule: its transitions are certain");
            r.states_ = std::uint16_t(generations_states_);
        }
        return r;
    }

  private:
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

    // Counts of the B or S part: digits, each with an optional probability
    // or letters (isotropic configurations, '-' for all but those).
    void parse_counts(std::array<Probability, 9>& set, LetterMasks& letters, const char* what) {
        std::array<bool, 9> given{};
        while (pos_ < end_ && std::isdigit(static_cast<unsigned char>(text_[pos_]))) {
            int k = text_[pos_] - '0';
            std::size_t at = pos_;
            if (k > max_count_)
                fail(at, std::string(what) + " count " + std::to_string(k) +
                             " is out of range: " + neighbourhood_name() +
                             " rules have counts 0.." + std::to_string(max_count_));
            if (given[std::size_t(k)])
                fail(at, std::string(what) + " count " + std::to_string(k) + " is given twice");
            given[std::size_t(k)] = true;
            ++pos_;
            Probability p{1, 1};
            if (pos_ < end_ && text_[pos_] == '(') p = parse_probability();
            set[std::size_t(k)] = p;
            letters[std::size_t(k)] = full_mask(neighbourhood_, k);
            if (pos_ < end_ && is_letter(text_[pos_])) {
                if (!p.certain())
                    fail(pos_, "letters after a probability: isotropic configurations (" +
                                   quote(std::string(1, text_[pos_])) +
                                   ") cannot be stochastic; give either letters or a probability");
                letters[std::size_t(k)] = parse_letters(k, what);
                has_letters_ = true;
            }
        }
    }

    // Letters that may follow a count: those of any neighbourhood (a letter
    // of the wrong one is then refused by name), or '-'.
    static bool is_letter(char c) {
        if (c == '-') return true;
        const char lower = char(std::tolower(static_cast<unsigned char>(c)));
        return std::string_view("cekainyqjrtwzmop").find(lower) != std::string_view::npos;
    }

    // The configurations of count k that letters name (all but them after '-').
    std::uint16_t parse_letters(int k, const char* what) {
        if (neighbourhood_ == Neighbourhood::VonNeumann)
            fail(pos_,
                 "letters on a von Neumann rule: its configurations of a count are all alike "
                 "(isotropic letters exist for Moore and hexagonal rules only)");
        const std::string_view alphabet = isotropic_letters(neighbourhood_, k);
        const bool minus = text_[pos_] == '-';
        if (minus) ++pos_;
        std::uint16_t mask = 0;
        const std::size_t first = pos_;
        while (pos_ < end_ && is_letter(text_[pos_]) && text_[pos_] != '-') {
            const char c = char(std::tolower(static_cast<unsigned char>(text_[pos_])));
            const std::size_t i = alphabet.find(c);
            if (i == std::string_view::npos)
                fail(pos_, "letter " + quote(std::string(1, text_[pos_])) + " does not exist for " +
                               what + " count " + std::to_string(k) + ": " + neighbourhood_name() +
                               " count " + std::to_string(k) +
                               (alphabet.empty() ? std::string(" has no letters")
                                                 : " has the letters " + std::string(alphabet)));
            if (mask & (1u << i))
                fail(pos_, "letter " + quote(std::string(1, c)) + " is given twice for " + what +
                               " count " + std::to_string(k));
            mask = std::uint16_t(mask | (1u << i));
            ++pos_;
        }
        // "B2-3" leaves nothing out of count 2: all its configurations (Golly).
        if (pos_ == first && !minus)
            fail(pos_, "expected letters after " + std::string(what) + " count " +
                           std::to_string(k) + " (it has the letters " + std::string(alphabet) +
                           ")");
        return minus ? std::uint16_t(full_mask(neighbourhood_, k) & ~mask) : mask;
    }

    // Letters were given: the rule is its table, unless the letters cover
    // whole counts (B2aceikn3/S is B23/S).
    void make_isotropic(Rule& r) const {
        LetterMasks birth = birth_letters_, survive = survive_letters_;
        for (int k = 0; k <= 8; ++k) {
            if (r.birth_[std::size_t(k)].absent()) birth[std::size_t(k)] = 0;
            if (r.survive_[std::size_t(k)].absent()) survive[std::size_t(k)] = 0;
        }
        const std::optional<TorusSize> torus = r.torus_;
        r = Rule::from_letters(neighbourhood_, birth, survive);
        r.torus_ = torus;
    }

    // MAP<base64>[==][:T...]: the whole table (map_notation.hpp).
    Rule parse_map(Rule& r) {
        std::size_t end = text_.size();
        if (const std::size_t colon = text_.find(':'); colon != std::string::npos) {
            parse_torus(r, colon);
            if (topology_refusal_) refuse(*topology_refusal_);
            end = colon;
        }
        std::size_t stop = end;
        if (stop >= 5 && text_.compare(stop - 2, 2, "==") == 0) stop -= 2;  // padding
        static constexpr std::string_view kBase64 =
            "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
        for (std::size_t i = 3; i < stop; ++i)
            if (kBase64.find(text_[i]) == std::string_view::npos)
                fail(i, "MAP rules are base64 (A-Z, a-z, 0-9, + and /): " +
                            quote(std::string(1, text_[i])) + " is not a base64 character");
        const std::string digits = text_.substr(3, stop - 3);
        if (!map_neighbourhood(digits.size(), r.neighbourhood_))
            fail(3,
                 "a MAP rule has 86 base64 characters (Moore), 22 (hexagonal) or 6 (von "
                 "Neumann), not " +
                     std::to_string(digits.size()));
        r.kind_ = RuleKind::Map;
        r.table_ = decode_map(digits, r.neighbourhood_);
        return r;
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
        // Golly's built-in multi-state families written as a suffix of a
        // two-state rule: B3/S23History (LifeHistory), B3/S23Super,
        // B3/S23Investigator.
        for (const char* suffix : {"HISTORY", "SUPER", "INVESTIGATOR"}) {
            const std::string u = upper_text(body), sfx = suffix;
            // Only after a B/S rule: LifeHistory itself is a named rule (below).
            const bool after_bs = u.size() > sfx.size() && (u[0] == 'B' || u[0] == 'S') &&
                                  u.find('/') < u.size() - sfx.size();
            if (after_bs && u.compare(u.size() - sfx.size(), sfx.size(), sfx) == 0)
                refuse(quote(shown) + " is Golly's multi-state " +
                       (sfx == "HISTORY" ? std::string("History")
                                         : body.substr(u.size() - sfx.size())) +
                       " form of " + quote(original_substr(end).substr(0, u.size() - sfx.size())) +
                       ", which toroid does not run yet: run the two-state rule " +
                       quote(original_substr(end).substr(0, u.size() - sfx.size())) +
                       (sfx == "HISTORY"
                            ? " (a History pattern's states 1, 3 and 5 are its live cells)"
                            : ""));
        }
        const char first = upper(body.front());
        if (first == 'G' && body.size() > 1 && std::isdigit(static_cast<unsigned char>(body[1]))) {
            catagolue_generations(body);
            return;
        }
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
                   " is a named rule (a rule file such as WireWorld.rule, or one of Golly's "
                   "families such as LifeHistory), not a rule in counts: B<counts>/S<counts> "
                   "(e.g. B3/S23), MAP, Generations or Larger than Life" +
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

    // The state count of a Generations rule (2..256) and an optional H or V
    // after it (Golly's 345/2/4H): recorded, and the B/S part ends before the
    // last '/' (end_ shrinks).
    void generations(const std::string& body, std::size_t digits_at) const {
        std::int64_t states = 0;
        std::size_t p = digits_at;
        while (p < body.size() && std::isdigit(static_cast<unsigned char>(body[p])) &&
               states < 1000000)
            states = states * 10 + (body[p++] - '0');
        if (p + 1 == body.size() && (upper(body[p]) == 'H' || upper(body[p]) == 'V'))
            generations_suffix_ = upper(body[p++]);
        if (p == digits_at || p != body.size())
            fail(p == digits_at ? digits_at : p,
                 "expected the number of states of a Generations rule (e.g. 'B2/S/C3' "
                 "or '/2/3'), maybe followed by H or V");
        if (states < 2 || states > 256)
            fail(digits_at,
                 "a Generations rule has 2 to 256 states, not " + std::to_string(states));
        generations_states_ = int(states);
        generations_cut_ = body.rfind('/', digits_at);  // the B/S part ends before it
    }

    // Catagolue's g<states>b<counts>s<counts> (g4b2s345): the B/S part
    // starts after the state count (begin_ moves).
    void catagolue_generations(const std::string& body) const {
        std::int64_t states = 0;
        std::size_t p = 1;
        while (p < body.size() && std::isdigit(static_cast<unsigned char>(body[p])) &&
               states < 1000000)
            states = states * 10 + (body[p++] - '0');
        if (states < 2 || states > 256)
            fail(1, "a Generations rule has 2 to 256 states, not " + std::to_string(states));
        if (p >= body.size() || upper(body[p]) != 'B')
            fail(p,
                 "expected 'b' and the birth counts after Catagolue's g<states> (e.g. "
                 "'g4b2s345')");
        generations_states_ = int(states);
        begin_ = p;
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
    Neighbourhood neighbourhood_ = Neighbourhood::Moore;
    int max_count_ = 8;
    LetterMasks birth_letters_{}, survive_letters_{};
    bool has_letters_ = false;
    mutable std::size_t generations_cut_ = std::string::npos;
    mutable std::size_t begin_ = 0;                // where the B/S part starts (after g<n>)
    mutable int generations_states_ = 2;           // Generations: the state count
    mutable char generations_suffix_ = 0;          // 'H' or 'V' after the state count
    std::optional<std::string> topology_refusal_;  // a refused bounded grid, said by refuse()  //
                                                   // '/' before a Generations "2"
};

namespace {

// Golly's grid suffix (":T40,30") as any B/S rule carries it, with its
// refusals (:P, :K, shifts): what names and Wolfram rules take after ':'.
std::optional<TorusSize> torus_of_suffix(std::string_view suffix) {
    return RuleParser("B3/S23" + std::string(suffix)).parse().torus();
}

// A rule given by name (core/rule_path.hpp), with Golly's torus suffix:
// nullopt when nothing of that name is found. `refusal` is why the other
// grammars refused the text.
std::optional<Rule> parse_named_rule(std::string_view text, const std::string& refusal,
                                     bool say_where) {
    std::string_view t = text;
    while (!t.empty() && std::isspace(static_cast<unsigned char>(t.front()))) t.remove_prefix(1);
    while (!t.empty() && std::isspace(static_cast<unsigned char>(t.back()))) t.remove_suffix(1);
    const std::size_t colon = t.find(':');
    const std::string name(t.substr(0, colon));
    if (name.empty() || name.front() == '@' || name.find_first_of(" \t\r\n") != std::string::npos)
        return std::nullopt;
    // A rule of the grammars refused for its suffix (B3/S23:P40,40) is no name.
    try {
        if (is_range_rule_text(name))
            (void)parse_range_rule(name);
        else
            (void)RuleParser(name).parse();
        return std::nullopt;
    } catch (const InputError&) {
    }
    NamedRule found = find_named_rule(name);
    if (found.rule) {
        std::optional<TorusSize> torus;
        // The suffix as any rule carries it (its refusals: :P, :K, shifts).
        if (colon != std::string_view::npos) {
            try {
                torus = torus_of_suffix(t.substr(colon));
            } catch (const InputError& e) {
                const std::string why = e.what();
                const std::size_t at = why.find(" is not supported: ");
                const std::string rest = at == std::string::npos ? why : why.substr(at + 19);
                throw UnsupportedRule("rule '" + std::string(t) + "' is not supported: " + rest);
            }
        }
        return Rule::from_state_rule(std::move(found.rule), torus);
    }
    if (!say_where) return std::nullopt;
    std::string where;
    for (const std::string& f : found.searched) where += "\n  " + f;
    throw UnsupportedRule(refusal + "; no built-in rule has that name, and no folder holds " +
                          rule_file_name(name) + " (searched:" + where +
                          ")\n(add folders of rule files with --rule-dir DIR or TOROID_RULE_PATH)");
}

// Golly's Wolfram rules W0..W254 (even): a 1-D rule drawn on the plane, each
// generation adding the next row (a cell becomes alive when its row's
// neighbour row holds a configuration the rule maps to 1, and live cells
// stay). Golly runs them as the 3x3 map below, so toroid runs them as the
// MAP rule of that map (printed as MAP). `toroid eca` runs them as rings.
std::optional<Rule> parse_wolfram_rule(std::string_view text) {
    std::string_view t = text;
    while (!t.empty() && std::isspace(static_cast<unsigned char>(t.front()))) t.remove_prefix(1);
    while (!t.empty() && std::isspace(static_cast<unsigned char>(t.back()))) t.remove_suffix(1);
    const std::size_t colon = t.find(':');
    const std::string_view body = t.substr(0, colon);
    if (body.size() < 2 || (body[0] != 'W' && body[0] != 'w') ||
        !std::all_of(body.begin() + 1, body.end(),
                     [](char c) { return std::isdigit(static_cast<unsigned char>(c)); }))
        return std::nullopt;
    if (body.size() > 4 || std::stoi(std::string(body.substr(1))) > 254 ||
        std::stoi(std::string(body.substr(1))) % 2 != 0)
        throw InputError("Wolfram rule '" + std::string(body) +
                         "' must be an even number from W0 to W254 (an odd one would give birth "
                         "on empty space); 'toroid eca N' runs any of the 256 as a 1-D ring");
    const unsigned w = unsigned(std::stoi(std::string(body.substr(1))));
    Range1Table table;
    for (unsigned i = 0; i < Range1Table::kSize; ++i)
        table.set(i, ((w >> (i & 7)) & 1) != 0 || (i & 16) != 0);
    Rule r = Rule::from_table(table, Neighbourhood::Moore);
    if (colon != std::string_view::npos) r = r.with_torus(torus_of_suffix(t.substr(colon)));
    return r;
}

}  // namespace

Rule Rule::parse(std::string_view text) {
    if (auto wolfram = parse_wolfram_rule(text)) return *wolfram;
    try {
        if (is_range_rule_text(text)) return parse_range_rule(text);
        return RuleParser(text).parse();
    } catch (const UnsupportedRule& e) {
        // A name (WireWorld, Langtons-Loops:T100,100, LifeHistory): say where
        // it was looked for when it is nowhere.
        if (auto named = parse_named_rule(text, e.what(), true)) return *named;
        throw;
    } catch (const InputError& e) {
        // A rule file may carry a name the B/S grammar reads as a broken rule.
        if (auto named = parse_named_rule(text, e.what(), false)) return *named;
        throw;
    }
}

}  // namespace toroid
