// The parser of range-r rules (rule.hpp, RuleKind::Range): Golly's Larger
// than Life form R<r>,C<c>,M<m>,S<min>..<max>,B<min>..<max>,N<n>, Kellie
// Evans' r,bmin,bmax,smin,smax, and HROT's R<r>,C<c>,S<list>,B<list>[,N<n>]
// (lists of counts and ranges a-b), each with Golly's torus suffix :Tw,h.
// Errors give the column (of the original text) and what was expected.
#include <algorithm>
#include <cctype>
#include <string>
#include <vector>

#include "toroid/core/rule.hpp"
#include "toroid/error.hpp"

namespace toroid {

class RangeRuleParser {
  public:
    explicit RangeRuleParser(std::string_view original) : original_(original) {
        for (std::size_t i = 0; i < original.size(); ++i) {
            const char c = original[i];
            if (c == ' ' || c == '\t' || c == '\r' || c == '\n') continue;
            text_.push_back(char(std::toupper(static_cast<unsigned char>(c))));
            where_.push_back(i);
        }
    }

    // Whether a text is a range-r rule at all (then parse() owns its errors).
    static bool looks_like(std::string_view original) {
        std::string t;
        for (char c : original)
            if (!std::isspace(static_cast<unsigned char>(c)))
                t.push_back(char(std::toupper(static_cast<unsigned char>(c))));
        if (t.size() > 1 && t[0] == 'R' && std::isdigit(static_cast<unsigned char>(t[1])))
            return true;
        // Evans: five numbers separated by commas.
        const std::string body = t.substr(0, t.find(':'));
        return !body.empty() && std::count(body.begin(), body.end(), ',') == 4 &&
               std::all_of(body.begin(), body.end(), [](char c) {
                   return c == ',' || std::isdigit(static_cast<unsigned char>(c));
               });
    }

    Rule parse() {
        Rule r;
        r.kind_ = RuleKind::Range;
        r.birth_ = {};
        r.survive_ = {};
        RangeRule& g = r.range_;
        end_ = text_.find(':');
        if (end_ == std::string::npos) end_ = text_.size();
        int states = 0;
        if (text_[0] != 'R') {
            // Evans: r,bmin,bmax,smin,smax = R r,C0,M1,S smin..smax,B bmin..bmax,NM.
            g.range = number("the range r");
            const std::size_t range_at = 0;
            check_range(g.range, range_at);
            int b[2], s[2];
            std::size_t b_at = 0, s_at = 0;
            comma();
            b_at = pos_;
            b[0] = number("bmin");
            comma();
            b[1] = number("bmax");
            comma();
            s_at = pos_;
            s[0] = number("smin");
            comma();
            s[1] = number("smax");
            g.middle = true;
            g.ltl_form = true;
            g.birth = {{b[0], b[1]}};
            g.survive = {{s[0], s[1]}};
            check_counts(g, g.birth, b_at, "birth");
            check_counts(g, g.survive, s_at, "survival");
        } else {
            ++pos_;
            const std::size_t range_at = pos_;
            g.range = number("the range after 'R'");
            check_range(g.range, range_at);
            comma();
            expect('C', "'C' and the number of states (e.g. 'C0' for two states)");
            const std::size_t states_at = pos_;
            states = number("the number of states after 'C'");
            if (states > 256)
                fail(states_at,
                     "a Larger than Life rule has 0 to 256 states (C0, C1 and C2 "
                     "mean 2), not " +
                         std::to_string(states));
            comma();
            bool ltl = false;
            if (at('M')) {
                ++pos_;
                const std::size_t m_at = pos_;
                const int m = number("0 or 1 after 'M' (whether the count includes the cell)");
                if (m > 1)
                    fail(m_at,
                         "M is 0 or 1 (the middle cell counted or not), not " + std::to_string(m));
                g.middle = m == 1;
                ltl = true;
                comma();
            }
            expect('S', "'S' and the survival counts");
            const std::size_t s_at = pos_;
            g.survive = counts(ltl, "survival");
            expect('B', "'B' and the birth counts");
            const std::size_t b_at = pos_;
            g.birth = counts(ltl, "birth");
            if (pos_ < end_) {
                expect('N', "',N' and a neighbourhood letter, or the end of the rule");
                shape(g);
            } else if (ltl) {
                fail(pos_,
                     "missing ',N' and a neighbourhood letter (Larger than Life rules "
                     "name theirs, e.g. ',NM')");
            }
            if (pos_ != end_)
                fail(pos_, "unexpected " + quote(text_.substr(pos_, 1)) +
                               " after the neighbourhood: expected the end of the rule or a "
                               "torus suffix ':Tw,h'");
            g.ltl_form = ltl;
            check_counts(g, g.survive, s_at, "survival");
            check_counts(g, g.birth, b_at, "birth");
        }
        if (pos_ != end_)
            fail(pos_,
                 "unexpected " + quote(text_.substr(pos_, 1)) + ": expected the end of the rule");
        r.states_ = std::uint16_t(std::max(2, states));
        if (r.states_ > 2 && r.births_on_zero())
            fail(0,
                 "birth on 0 with more than 2 states is not allowed (as in Golly): a dead "
                 "region would be born and decay at once");
        if (end_ < text_.size()) r.torus_ = torus(end_);
        return r;
    }

  private:
    static std::string quote(const std::string& s) { return "'" + s + "'"; }

    [[noreturn]] void fail(std::size_t pos, const std::string& what) const {
        const std::size_t column = pos < where_.size() ? where_[pos] + 1 : original_.size() + 1;
        throw InputError("bad rule '" + std::string(original_) + "' at column " +
                         std::to_string(column) + ": " + what);
    }
    bool at(char c) const { return pos_ < end_ && text_[pos_] == c; }
    void expect(char c, const std::string& what) {
        if (!at(c)) fail(pos_, "expected " + what);
        ++pos_;
    }
    void comma() { expect(',', "','"); }

    int number(const std::string& what) {
        const std::size_t start = pos_;
        long long v = 0;
        while (pos_ < end_ && std::isdigit(static_cast<unsigned char>(text_[pos_]))) {
            v = v * 10 + (text_[pos_++] - '0');
            if (v > 100000000) fail(start, "number too large");
        }
        if (pos_ == start) fail(start, "expected " + what);
        return int(v);
    }

    void check_range(int range, std::size_t at) const {
        if (range < 1 || range > 500)
            fail(at, "the range is 1 to 500, not " + std::to_string(range));
    }

    // LtL: one min..max; HROT: a list of counts and ranges a-b, then ','.
    std::vector<std::pair<int, int>> counts(bool ltl, const char* what) {
        std::vector<std::pair<int, int>> out;
        if (ltl) {
            const int lo = number(std::string(what) + " min");
            if (!(at('.') && pos_ + 1 < end_ && text_[pos_ + 1] == '.'))
                fail(pos_, std::string("expected '..' and the ") + what + " max (e.g. S34..58)");
            pos_ += 2;
            const int hi = number(std::string(what) + " max");
            out.push_back({lo, hi});
            if (pos_ >= end_)
                fail(pos_,
                     "missing ',N' and a neighbourhood letter (Larger than Life rules "
                     "name theirs, e.g. ',NM')");
            comma();
            return out;
        }
        while (pos_ < end_ && std::isdigit(static_cast<unsigned char>(text_[pos_]))) {
            const std::size_t item = pos_;
            const int lo = number("a count");
            int hi = lo;
            if (at('-')) {
                ++pos_;
                hi = number("the end of the range after '-'");
            }
            if (hi < lo)
                fail(item, std::string("reversed ") + what + " range " + std::to_string(lo) + "-" +
                               std::to_string(hi) + ": expected min-max");
            out.push_back({lo, hi});
            at_.push_back(item);
            if (!at(',')) break;
            ++pos_;
        }
        if (out.empty()) {
            if (!at(',') && pos_ < end_ && text_[pos_] != 'B' && text_[pos_] != 'N')
                fail(pos_, std::string("expected ") + what + " counts (e.g. 4-7,9) or ','");
            if (at(',')) ++pos_;
        } else if (pos_ < end_ && text_[pos_ - 1] != ',') {
            fail(pos_, std::string("expected ',' after the ") + what + " counts");
        }
        // Overlaps are refused (each count once), then the list is sorted.
        std::vector<std::size_t> order(out.size());
        for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
        std::sort(order.begin(), order.end(),
                  [&](std::size_t a, std::size_t b) { return out[a].first < out[b].first; });
        std::vector<std::pair<int, int>> sorted;
        for (std::size_t k = 0; k < order.size(); ++k) {
            const auto cur = out[order[k]];
            if (!sorted.empty() && cur.first <= sorted.back().second)
                fail(at_[at_.size() - out.size() + order[k]],
                     std::string(what) + " counts overlap: " + std::to_string(cur.first) +
                         " is already given");
            if (!sorted.empty() && cur.first == sorted.back().second + 1)
                sorted.back().second = cur.second;  // adjacent ranges merge
            else
                sorted.push_back(cur);
        }
        return sorted;
    }

    void shape(RangeRule& g) {
        if (pos_ >= end_) fail(pos_, "expected a neighbourhood letter after 'N'");
        const char c = text_[pos_];
        if (std::string_view("MNC2+HBL").find(c) == std::string_view::npos)
            fail(pos_, "neighbourhood " + quote(std::string(1, c)) +
                           " is not supported: expected M (Moore), N (von Neumann), C "
                           "(circular), 2 (L2), + (cross), H (hexagonal), B (checkerboard) or L "
                           "(triangular)");
        if (c == 'L' && g.range > 250)
            fail(pos_,
                 "the triangular neighbourhood reaches twice its range across: range at "
                 "most 250, not " +
                     std::to_string(g.range));
        g.shape = c;
        ++pos_;
    }

    void check_counts(const RangeRule& g, const std::vector<std::pair<int, int>>& v, std::size_t at,
                      const char* what) const {
        const int top = g.neighbours() + (g.middle ? 1 : 0);
        const int bottom = std::string_view(what) == "survival" && g.middle ? 1 : 0;
        for (auto [lo, hi] : v) {
            if (hi < lo)
                fail(at, std::string("reversed ") + what + " range " + std::to_string(lo) + ".." +
                             std::to_string(hi) + ": expected min..max");
            if (lo < bottom || hi > top)
                fail(at, std::string(what) + " count " + std::to_string(hi > top ? hi : lo) +
                             " is out of range: this neighbourhood of range " +
                             std::to_string(g.range) + " has counts " + std::to_string(bottom) +
                             ".." + std::to_string(top));
        }
    }

    // ":T<w>,<h>" or ":T<n>" (Golly's torus; a plane or other grids refused).
    TorusSize torus(std::size_t colon) {
        std::size_t p = colon + 1;
        if (p >= text_.size() || text_[p] != 'T')
            fail(p, "expected a torus ':T<width>,<height>' after ':' (toroid runs tori only)");
        ++p;
        auto num = [&]() {
            const std::size_t start = p;
            std::int64_t v = 0;
            while (p < text_.size() && std::isdigit(static_cast<unsigned char>(text_[p]))) {
                v = v * 10 + (text_[p++] - '0');
                if (v > (std::int64_t(1) << 40)) fail(start, "torus size is too large");
            }
            if (p == start) fail(start, "expected ':T<width>,<height>' with whole numbers");
            if (v == 0) fail(start, "a range rule's torus has sides of at least 1");
            return v;
        };
        TorusSize t;
        t.width = num();
        t.height = t.width;
        if (p < text_.size() && text_[p] == ',') {
            ++p;
            t.height = num();
        }
        if (p != text_.size()) fail(p, "unexpected text after ':T<width>,<height>'");
        return t;
    }

    std::string_view original_;
    std::string text_;
    std::vector<std::size_t> where_;
    std::vector<std::size_t> at_;  // where each listed count started
    std::size_t pos_ = 0, end_ = 0;
};

bool is_range_rule_text(std::string_view text) {
    return RangeRuleParser::looks_like(text);
}

Rule parse_range_rule(std::string_view text) {
    return RangeRuleParser(text).parse();
}

}  // namespace toroid
