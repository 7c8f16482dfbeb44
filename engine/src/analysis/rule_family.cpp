#include "toroid/analysis/rule_family.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <set>
#include <sstream>

#include "toroid/core/grid_hash.hpp"
#include "toroid/core/isotropic.hpp"
#include "toroid/error.hpp"
#include "toroid/io/file_io.hpp"
#include "toroid/memory.hpp"

namespace toroid {
namespace {

constexpr std::uint64_t kMaxFamily = std::uint64_t(1) << 40;

std::string lower(std::string_view s) {
    std::string out;
    for (char c : s)
        if (!std::isspace(static_cast<unsigned char>(c)))
            out += char(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

struct FamilyParser {
    std::string_view text;

    [[noreturn]] void fail(std::size_t pos, const std::string& what) const {
        throw InputError("bad rule family '" + std::string(text) + "' at column " +
                         std::to_string(pos + 1) + ": " + what);
    }

    // Largest count of the family's neighbourhood, from its suffix letter.
    int max_count() const {
        for (std::size_t i = text.size(); i-- > 0;) {
            const char c = char(std::toupper(static_cast<unsigned char>(text[i])));
            if (c == ':') continue;
            if (c == 'H') return 6;
            if (c == 'V') return 4;
            if (std::isdigit(static_cast<unsigned char>(c)) || c == ']' || c == ')' || c == 'S' ||
                c == 'B' || c == '/')
                break;
        }
        return 8;
    }
};

double parse_number(const std::string& s, bool& ok) {
    ok = !s.empty() && s.find_first_not_of("0123456789.") == std::string::npos &&
         std::count(s.begin(), s.end(), '.') <= 1 && s != ".";
    return ok ? std::stod(s) : 0.0;
}

std::string decimal(double v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.9f", v);
    std::string s = buf;
    while (!s.empty() && s.back() == '0') s.pop_back();
    if (!s.empty() && s.back() == '.') s.pop_back();
    return s;
}

}  // namespace

std::uint64_t RuleFamily::Segment::radix() const {
    if (kind == Subset) return std::uint64_t(1) << digits.size();
    if (kind == Letters) return std::uint64_t(1) << text.size();
    if (kind == Choice) return choices.size();
    return 1;
}

RuleFamily RuleFamily::parse(std::string_view text) {
    const std::string key = lower(text);
    if (key.empty())
        throw InputError("empty rule family: expected e.g. 'B3[678]/S23' or all-moore");
    if (key == "all-moore") {
        RuleFamily f = parse("B[0-8]/S[0-8]");
        f.description_ = "all-moore";
        return f;
    }
    if (key == "all-hex") {
        RuleFamily f = parse("B[0-6]/S[0-6]H");
        f.description_ = "all-hex";
        return f;
    }
    if (key == "all-vonneumann") {
        RuleFamily f = parse("B[0-4]/S[0-4]V");
        f.description_ = "all-vonneumann";
        return f;
    }
    if (key == "all-isotropic") return rule_space(Neighbourhood::Moore, false, key);
    if (key == "all-isotropic-hex") return rule_space(Neighbourhood::Hexagonal, false, key);
    if (key == "all-map") return rule_space(Neighbourhood::Moore, true, key);
    if (key == "all-map-hex") return rule_space(Neighbourhood::Hexagonal, true, key);
    if (key == "all-map-vonneumann") return rule_space(Neighbourhood::VonNeumann, true, key);
    FamilyParser p{text};
    const int max_count = p.max_count();
    // A Larger than Life / HROT family ("R[1-5],C0,M1,S34..58,B34..45,NM"):
    // its digits are numbers, not counts 0..8, and its brackets choose one.
    const bool range_family = key.size() > 1 && key[0] == 'r' &&
                              (std::isdigit(static_cast<unsigned char>(key[1])) || key[1] == '[');
    RuleFamily f;
    f.description_ = std::string(text);
    Segment literal;
    // Counts fixed or optional so far in the current B or S section, to
    // catch "B3[3]" at the right column.
    std::set<char> section;
    std::size_t last_digit_pos = std::string::npos;
    bool last_is_digit = false;
    auto flush = [&] {
        if (!literal.text.empty()) f.segments_.push_back(literal);
        literal = Segment{};
    };
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        const char u = char(std::toupper(static_cast<unsigned char>(c)));
        if (u == 'B' || u == 'S' || c == '/') section.clear();
        if (c == ':') {  // a torus suffix ":Tw,h": the rest is literal
            literal.text += std::string(text.substr(i));
            break;
        }
        if (c == ']') p.fail(i, "']' without a matching '['");
        if (c == '[') {
            const std::size_t close = text.find(']', i);
            if (close == std::string_view::npos)
                p.fail(i, "unclosed '[': expected optional counts such as [678] or [1-8] and ']'");
            // One number per member, not a subset of counts: every bracket of
            // a range family, and a Generations rule's states ("/C[3-5]").
            const std::size_t prev = literal.text.find_last_not_of(" \t");
            if (range_family || (prev != std::string::npos &&
                                 (literal.text[prev] == 'C' || literal.text[prev] == 'c'))) {
                Segment s;
                s.kind = Segment::Choice;
                for (std::size_t k = i + 1; k < close;) {
                    auto number = [&](std::size_t& at) {
                        const std::size_t from = at;
                        long v = 0;
                        while (at < close && std::isdigit(static_cast<unsigned char>(text[at])) &&
                               v < 100000)
                            v = v * 10 + (text[at++] - '0');
                        if (at == from)
                            p.fail(at, "expected a number in brackets, such as [3-5] or [2,4,8]");
                        return v;
                    };
                    const std::size_t start = k;
                    const long lo = number(k);
                    long hi = lo;
                    if (k < close && text[k] == '-') hi = number(++k);
                    if (hi < lo) p.fail(start, "empty range: write the smaller number first");
                    if (hi - lo + long(s.choices.size()) >= 10000)
                        p.fail(start, "too many numbers in brackets (over 10000)");
                    for (long v = lo; v <= hi; ++v) s.choices.push_back(std::to_string(v));
                    if (k < close && text[k] != ',')
                        p.fail(k, std::string("unexpected '") + text[k] +
                                      "' in brackets: expected numbers or ranges such as "
                                      "[3-5] or [2,4,8]");
                    if (k < close) ++k;
                }
                if (s.choices.empty()) p.fail(i, "empty brackets '[]': give the numbers inside");
                flush();
                f.segments_.push_back(s);
                i = close;
                last_is_digit = false;
                continue;
            }
            if (last_is_digit && close > i + 1 &&
                std::isalpha(static_cast<unsigned char>(text[i + 1]))) {
                // Letters of the count just written: every subset of them.
                const char digit = literal.text.back();
                const Neighbourhood n = max_count == 6   ? Neighbourhood::Hexagonal
                                        : max_count == 4 ? Neighbourhood::VonNeumann
                                                         : Neighbourhood::Moore;
                const std::string_view alphabet = isotropic_letters(n, digit - '0');
                Segment s;
                s.kind = Segment::Letters;
                s.digits.push_back(digit);
                for (std::size_t k = i + 1; k < close; ++k) {
                    const char l = char(std::tolower(static_cast<unsigned char>(text[k])));
                    if (alphabet.find(l) == std::string_view::npos)
                        p.fail(k, std::string("letter '") + text[k] +
                                      "' does not exist for count " + digit +
                                      (alphabet.empty()
                                           ? std::string(": it has no letters")
                                           : ": it has the letters " + std::string(alphabet)));
                    if (s.text.find(l) != std::string::npos)
                        p.fail(k, std::string("letter '") + l + "' is given twice");
                    s.text += l;
                }
                literal.text.pop_back();  // the digit goes with its letters
                flush();
                f.segments_.push_back(s);
                i = close;
                last_is_digit = false;
                continue;
            }
            Segment s;
            s.kind = Segment::Subset;
            for (std::size_t k = i + 1; k < close; ++k) {
                const char d = text[k];
                if (d == '[') p.fail(k, "brackets cannot be nested");
                if (d == '(')
                    p.fail(k,
                           "probabilities cannot be inside brackets: write B2(0.1:0.9:0.1) "
                           "outside the optional counts");
                if (!std::isdigit(static_cast<unsigned char>(d)))
                    p.fail(k, std::string("unexpected '") + d +
                                  "' in brackets: expected counts (digits) or a range such as 1-8");
                char hi = d;
                if (k + 2 < close && text[k + 1] == '-') {
                    hi = text[k + 2];
                    if (!std::isdigit(static_cast<unsigned char>(hi)))
                        p.fail(k + 2, "expected a digit after '-' in a range such as 1-8");
                    if (hi < d)
                        p.fail(k, std::string("empty range ") + d + "-" + hi +
                                      ": write the smaller count first");
                }
                for (char v = d; v <= hi; ++v) {
                    if (v - '0' > max_count)
                        p.fail(k, std::string("count ") + v +
                                      " is out of range: this family's rules have counts 0.." +
                                      std::to_string(max_count));
                    if (!section.insert(v).second)
                        p.fail(k, std::string("count ") + v + " is given twice");
                    s.digits.push_back(v);
                }
                if (hi != d) k += 2;
            }
            if (s.digits.empty()) p.fail(i, "empty brackets '[]': give the optional counts inside");
            flush();
            f.segments_.push_back(s);
            i = close;
            last_is_digit = false;
            continue;
        }
        if (c == '(') {
            const std::size_t close = text.find(')', i);
            if (close == std::string_view::npos) p.fail(i, "unclosed '('");
            const std::string body(text.substr(i + 1, close - i - 1));
            if (body.find(':') == std::string::npos) {  // a plain probability: literal
                literal.text += std::string(text.substr(i, close - i + 1));
                i = close;
                last_is_digit = false;
                continue;
            }
            if (!last_is_digit)
                p.fail(i, "a probability range must follow a count, as in B2(0.1:0.9:0.1)");
            std::vector<std::string> parts;
            std::stringstream ss(body);
            std::string part;
            while (std::getline(ss, part, ':')) parts.push_back(part);
            if (parts.size() != 3)
                p.fail(i + 1,
                       "expected a probability range lo:hi:step such as (0.1:0.9:0.1), got '" +
                           body + "'");
            bool ok_lo, ok_hi, ok_step;
            const double lo = parse_number(parts[0], ok_lo), hi = parse_number(parts[1], ok_hi),
                         step = parse_number(parts[2], ok_step);
            if (!ok_lo || !ok_hi || !ok_step)
                p.fail(i + 1, "expected decimal numbers in lo:hi:step, got '" + body + "'");
            if (!(lo > 0 && hi <= 1 && lo <= hi))
                p.fail(i + 1, "probability range '" + body + "' must satisfy 0 < lo <= hi <= 1");
            if (!(step > 0)) p.fail(i + 1, "the step of '" + body + "' must be positive");
            const double n = std::floor((hi - lo) / step + 1e-9) + 1;
            if (n > 10000)
                p.fail(i + 1, "probability range '" + body + "' has too many values (over 10000)");
            Segment s;
            s.kind = Segment::Choice;
            for (int k = 0; k < int(n); ++k)
                s.choices.push_back("(" + decimal(lo + k * step) + ")");
            (void)last_digit_pos;
            flush();
            f.segments_.push_back(s);
            i = close;
            last_is_digit = false;
            continue;
        }
        if (std::isdigit(static_cast<unsigned char>(c))) {
            if (!range_family && c - '0' <= max_count && !section.insert(c).second)
                p.fail(i, std::string("count ") + c + " is given twice");
            last_digit_pos = i;
            last_is_digit = true;
        } else if (!std::isspace(static_cast<unsigned char>(c))) {
            last_is_digit = false;
        }
        literal.text += c;
    }
    flush();
    std::uint64_t total = 1;
    for (const auto& s : f.segments_) {
        total *= s.radix();
        if (total > kMaxFamily)
            throw InputError("rule family '" + std::string(text) + "' has more than 2^40 rules");
    }
    // Every member must be a rule: check the largest and the smallest.
    for (std::uint64_t index : {std::uint64_t(0), total - 1}) {
        const std::string member = f.member_text(index);
        try {
            (void)Rule::parse(member);
        } catch (const InputError& e) {
            throw InputError("bad rule family '" + std::string(text) + "': its member '" + member +
                             "' is not a rule (" + e.what() + ")");
        }
    }
    return f;
}

RuleFamily RuleFamily::from_rules(std::vector<Rule> rules, std::string description) {
    if (rules.empty()) throw InputError("empty rule family " + description + ": no rules given");
    RuleFamily f;
    f.is_list_ = true;
    f.rules_ = std::move(rules);
    f.description_ = std::move(description);
    return f;
}

RuleFamily RuleFamily::from_file(const std::string& path) {
    const std::string text = read_text_file(path);
    std::vector<Rule> rules;
    std::istringstream in(text);
    std::string line;
    int number = 0;
    while (std::getline(in, line)) {
        ++number;
        const auto first = line.find_first_not_of(" \t\r");
        if (first == std::string::npos || line[first] == '#') continue;
        const auto last = line.find_last_not_of(" \t\r");
        try {
            rules.push_back(Rule::parse(line.substr(first, last - first + 1)));
        } catch (const InputError& e) {
            throw InputError(path + ":" + std::to_string(number) + ": " + e.what());
        }
    }
    if (rules.empty())
        throw InputError("rule file " + path + " holds no rules: expected one rule a line");
    return from_rules(std::move(rules), path);
}

RuleFamily RuleFamily::random_sample(std::uint64_t n, std::uint64_t seed) const {
    if (n == 0) throw InputError("--random-rules 0: expected at least one rule");
    if (space_ && space_bits() >= 40) {
        // Too many members to number: draw each class's bit; repeats (one in
        // 2^100) are drawn again.
        if (n > 10'000'000)
            throw InputError("--random-rules " + std::to_string(n) +
                             " is more than 10000000 rules: sample fewer");
        std::set<std::string> seen;
        std::vector<Rule> rules;
        std::uint64_t state = seed;
        while (rules.size() < n) {
            std::vector<bool> on(space_bits());
            for (std::size_t i = 0; i < on.size(); i += 64) {
                state += 0x9e3779b97f4a7c15ULL;
                const std::uint64_t bits = splitmix64(state);
                for (std::size_t b = 0; b < 64 && i + b < on.size(); ++b)
                    on[i + b] = (bits >> b) & 1;
            }
            Rule r = space_member(on);
            if (seen.insert(r.to_string()).second) rules.push_back(std::move(r));
        }
        return from_rules(std::move(rules), std::to_string(n) + " random rules of " + description_ +
                                                " (seed " + std::to_string(seed) + ")");
    }
    const std::uint64_t total = size();
    if (n > total)
        throw InputError("--random-rules " + std::to_string(n) + " is more than the " +
                         std::to_string(total) + " rules of family " + description_);
    // The sample is a list: its indices while drawn, then its rules.
    const double per_rule = double(sizeof(Rule)) + 64;  // the rule, its set node
    check_host_memory(
        {double(n) * per_rule, "a sample of " + std::to_string(n) + " rules of " + description_,
         "each rule drawn kept in a list, about " + human_bytes(per_rule), "draw fewer rules"});
    std::set<std::uint64_t> picked;
    std::uint64_t state = seed;
    while (picked.size() < n) {
        state += 0x9e3779b97f4a7c15ULL;
        picked.insert(splitmix64(state) % total);
    }
    std::vector<Rule> rules;
    for (std::uint64_t i : picked) rules.push_back(rule(i));
    return from_rules(std::move(rules), std::to_string(n) + " random rules of " + description_ +
                                            " (seed " + std::to_string(seed) + ")");
}

std::uint64_t RuleFamily::size() const {
    if (is_list_) return rules_.size();
    if (space_) {
        const std::size_t bits = space_bits();
        if (bits >= 40)
            throw InputError("rule family " + description_ + " has 2^" + std::to_string(bits) +
                             " rules, too many to run or number: sample it with --random-rules N");
        return std::uint64_t(1) << bits;
    }
    std::uint64_t total = 1;
    for (const auto& s : segments_) total *= s.radix();
    return total;
}

std::string RuleFamily::member_text(std::uint64_t index) const {
    std::string out;
    for (const auto& s : segments_) {
        const std::uint64_t r = s.radix();
        const std::uint64_t digit = index % r;
        index /= r;
        if (s.kind == Segment::Literal) out += s.text;
        if (s.kind == Segment::Choice) out += s.choices[std::size_t(digit)];
        if (s.kind == Segment::Subset)
            for (std::size_t k = 0; k < s.digits.size(); ++k)
                if ((digit >> k) & 1) out += s.digits[k];
        if (s.kind == Segment::Letters && digit != 0) {
            out += s.digits[0];
            for (std::size_t k = 0; k < s.text.size(); ++k)
                if ((digit >> k) & 1) out += s.text[k];
        }
    }
    return out;
}

RuleFamily RuleFamily::rule_space(Neighbourhood n, bool tables, std::string description) {
    RuleFamily f;
    f.description_ = std::move(description);
    f.space_ = true;
    f.space_of_tables_ = tables;
    f.space_neighbourhood_ = n;
    const int max = n == Neighbourhood::Hexagonal ? 6 : n == Neighbourhood::VonNeumann ? 4 : 8;
    for (int k = 0; k <= max && !tables; ++k) {
        const std::size_t letters = isotropic_letters(n, k).size();
        if (letters == 0) f.classes_.push_back({k, -1});
        for (std::size_t l = 0; l < letters; ++l) f.classes_.push_back({k, int(l)});
    }
    return f;
}

std::size_t RuleFamily::space_bits() const {
    if (!space_of_tables_) return 2 * classes_.size();
    return std::size_t(1) << (space_neighbourhood_ == Neighbourhood::Moore       ? 9
                              : space_neighbourhood_ == Neighbourhood::Hexagonal ? 7
                                                                                 : 5);
}

Rule RuleFamily::space_member(const std::vector<bool>& on) const {
    if (space_of_tables_) {
        // Bit i is the MAP string's bit i: the rule's canonical text.
        static constexpr std::string_view kBase64 =
            "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
        std::string map = "MAP";
        for (std::size_t c = 0; c * 6 < on.size(); ++c) {
            unsigned v = 0;
            for (std::size_t b = 0; b < 6; ++b)
                v = v << 1 | unsigned(c * 6 + b < on.size() && on[c * 6 + b]);
            map += kBase64[v];
        }
        return Rule::parse(map);
    }
    LetterMasks birth{}, survive{};
    const std::size_t n = classes_.size();
    for (std::size_t i = 0; i < 2 * n; ++i) {
        if (!on[i]) continue;
        const auto [count, letter] = classes_[i % n];
        LetterMasks& m = i < n ? birth : survive;
        m[std::size_t(count)] =
            std::uint16_t(m[std::size_t(count)] | (1u << (letter < 0 ? 0 : letter)));
    }
    return Rule::from_letters(space_neighbourhood_, birth, survive);
}

Rule RuleFamily::rule(std::uint64_t index) const {
    if (index >= size())
        throw InputError("rule index " + std::to_string(index) + " is outside family " +
                         description_);
    if (is_list_) return rules_[std::size_t(index)];
    if (space_) {
        std::vector<bool> on(space_bits());
        for (std::size_t i = 0; i < on.size(); ++i) on[i] = (index >> i) & 1;
        return space_member(on);
    }
    return Rule::parse(member_text(index));
}

}  // namespace toroid
