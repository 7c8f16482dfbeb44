// Rules: construction, printing and compilation (parsing: rule_parser.cpp).
#include "toroid/core/rule.hpp"

#include <algorithm>
#include <cstdlib>
#include <string>

#include "toroid/core/isotropic.hpp"
#include "toroid/core/map_notation.hpp"
#include "toroid/core/rule_circuit.hpp"
#include "toroid/error.hpp"

namespace toroid {

Rule::Rule() {
    birth_[3] = {1, 1};
    survive_[2] = {1, 1};
    survive_[3] = {1, 1};
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

Rule Rule::from_table(const Range1Table& table, Neighbourhood n) {
    Rule r;
    r.kind_ = RuleKind::Map;
    r.neighbourhood_ = n;
    r.birth_ = {};
    r.survive_ = {};
    r.table_ = table;
    if (!(decode_map(encode_map(table, n), n) == table))
        throw InputError("a table for a " +
                         std::string(n == Neighbourhood::Hexagonal ? "hexagonal" : "von Neumann") +
                         " rule depends on cells outside the neighbourhood");
    return r;
}

Rule Rule::from_letters(Neighbourhood n, const LetterMasks& birth, const LetterMasks& survive) {
    Rule r;
    r.neighbourhood_ = n;
    r.birth_ = {};
    r.survive_ = {};
    const int max = r.max_count();
    bool whole = true;
    for (int k = 0; k <= max; ++k)
        for (std::uint16_t m : {birth[std::size_t(k)], survive[std::size_t(k)]})
            if (m != 0 && m != full_mask(n, k)) whole = false;
    if (whole) {
        for (int k = 0; k <= max; ++k) {
            if (birth[std::size_t(k)]) r.birth_[std::size_t(k)] = {1, 1};
            if (survive[std::size_t(k)]) r.survive_[std::size_t(k)] = {1, 1};
        }
        return r;
    }
    r.kind_ = RuleKind::Isotropic;
    r.table_ = isotropic_table(n, birth, survive);
    return r;
}

bool Rule::births_on_zero() const {
    if (kind_ == RuleKind::Named) return !named_.rule->quiescent();
    if (kind_ == RuleKind::Range) return !range_.birth.empty() && range_.birth.front().first == 0;
    return kind_ == RuleKind::Totalistic ? !birth_[0].absent() : table_.next(0);
}

bool Rule::stochastic() const {
    if (kind_ != RuleKind::Totalistic) return false;
    for (int k = 0; k <= 8; ++k)
        if (!birth(k).absent() && !birth(k).certain()) return true;
    for (int k = 0; k <= 8; ++k)
        if (!survival(k).absent() && !survival(k).certain()) return true;
    return false;
}

Rule Rule::two_state() const {
    Rule r = *this;
    r.states_ = 2;
    return r;
}

Rule Rule::generations(const Rule& base, int states) {
    if (states < 2 || states > 256)
        throw InputError("a Generations rule has 2 to 256 states, not " + std::to_string(states));
    if (base.stochastic())
        throw InputError("rule " + base.to_string() +
                         " is stochastic: Generations rules take certain transitions only");
    Rule r = base;
    r.states_ = std::uint16_t(states);
    return r;
}

void Rule::refuse_multi_state(const char* what) const {
    if (!needs_multistate_backend()) return;
    const std::string has = range_rule() ? "has range " + std::to_string(range_.range)
                            : named() ? "is a named rule of " + std::to_string(states_) + " states"
                                      : "has " + std::to_string(states_) + " states";
    throw UnsupportedRule("rule " + to_string() + " " + has + ": " + what +
                          " runs two-state rules of range 1; multi-state, range-r and named rules "
                          "run on the 'cpu' backend (which 'auto' chooses for them), rule tables "
                          "and trees also on 'cuda'");
}

int RangeRule::neighbours() const {
    int n = 0;
    for (const Run& r : rows()) n += std::max(0, (r.hi - r.lo) / r.step + 1);
    return n - 1;
}

std::vector<RangeRule::Run> RangeRule::rows(int parity) const {
    std::vector<Run> out;
    const int r = range;
    if (shape == 'L') {  // Golly's triangular grid (ltlalgo's fast_Triangular)
        for (int dy = -r; dy <= r; ++dy) {
            const int w = parity == 0 ? (dy < 0 ? 2 * r + 1 + dy : 2 * r - dy)
                                      : (dy <= 0 ? 2 * r + dy : 2 * r + 1 - dy);
            out.push_back({dy, -w, w});
        }
        return out;
    }
    if (shape == 'H') {
        for (int dy = -r; dy <= r; ++dy)
            out.push_back(dy < 0 ? Run{dy, -r, r + dy} : Run{dy, dy - r, r});
        return out;
    }
    if (shape == 'B') {  // dx + dy odd, and the middle
        for (int dy = -r; dy <= r; ++dy) {
            const int lo = (r + dy) % 2 == 0 ? -r + 1 : -r;  // -r + lo's parity: dx + dy odd
            out.push_back({dy, lo, -lo, 2});
        }
        out.push_back({0, 0, 0, 1});
        return out;
    }
    for (int dy = -r; dy <= r; ++dy) {
        int w = 0;
        switch (shape) {
            case 'N':
                w = r - std::abs(dy);
                break;
            case 'C':
            case '2': {
                // Golly's circles: the widest w with (w)^2 + dy^2 within r^2 + r (C) or r^2 (L2).
                const long long r2 = shape == 'C' ? 1LL * r * r + r : 1LL * r * r;
                while (1LL * (w + 1) * (w + 1) + 1LL * dy * dy <= r2) ++w;
                break;
            }
            case '+':
                w = dy == 0 ? r : 0;
                break;
            default:  // 'M'
                w = r;
                break;
        }
        out.push_back({dy, -w, w});
    }
    return out;
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

// An isotropic rule's part: each count with configurations, and its letters
// unless it has all of them.
void append_letters(std::string& out, const LetterMasks& masks, Neighbourhood n, int max_count) {
    for (int k = 0; k <= max_count; ++k) {
        const std::uint16_t m = masks[std::size_t(k)];
        if (m == 0) continue;
        out += char('0' + k);
        if (m != full_mask(n, k)) out += canonical_letters(n, k, m);
    }
}

}  // namespace

namespace {

std::string range_list(const std::vector<std::pair<int, int>>& ranges) {
    std::string s;
    for (auto [lo, hi] : ranges) {
        if (!s.empty()) s += ",";
        s += std::to_string(lo);
        if (hi != lo) s += "-" + std::to_string(hi);
    }
    return s;
}

std::string range_rule_string(const RangeRule& g, int states) {
    const std::string c = ",C" + std::to_string(states > 2 ? states : 0);
    const std::string r = "R" + std::to_string(g.range);
    if (g.ltl_form) {
        auto span = [](const std::vector<std::pair<int, int>>& v) {
            return std::to_string(v.front().first) + ".." + std::to_string(v.front().second);
        };
        return r + c + ",M" + (g.middle ? "1" : "0") + ",S" + span(g.survive) + ",B" +
               span(g.birth) + ",N" + g.shape;
    }
    std::string s = r + c + ",S" + range_list(g.survive) + ",B" + range_list(g.birth);
    if (g.shape != 'M') s += std::string(",N") + g.shape;
    return s;
}

}  // namespace

Rule Rule::from_state_rule(std::shared_ptr<const StateRule> rule, std::optional<TorusSize> torus) {
    if (!rule) throw InputError("a named rule needs its definition");
    Rule r;
    r.kind_ = RuleKind::Named;
    r.birth_ = {};
    r.survive_ = {};
    r.states_ = std::uint16_t(rule->states());
    r.named_.rule = std::move(rule);
    r.torus_ = torus;
    return r;
}

std::string Rule::to_string() const {
    std::string s;
    if (kind_ == RuleKind::Named) {
        s = named_.rule->name();
        if (torus_)
            s += ":T" + std::to_string(torus_->width) + "," + std::to_string(torus_->height);
        return s;
    }
    if (kind_ == RuleKind::Range) {
        s = range_rule_string(range_, states_);
        if (torus_)
            s += ":T" + std::to_string(torus_->width) + "," + std::to_string(torus_->height);
        return s;
    }
    if (kind_ == RuleKind::Map) {
        s = "MAP" + encode_map(table_, neighbourhood_);
    } else if (kind_ == RuleKind::Isotropic) {
        LetterMasks birth{}, survive{};
        isotropic_masks(table_, neighbourhood_, birth, survive);
        s = "B";
        append_letters(s, birth, neighbourhood_, max_count());
        s += "/S";
        append_letters(s, survive, neighbourhood_, max_count());
    } else {
        s = "B";
        append_counts(s, birth_, max_count());
        s += "/S";
        append_counts(s, survive_, max_count());
    }
    if (states_ > 2) {
        // Golly's Generations form: survival/birth/states (MAP<digits>/states).
        if (kind_ != RuleKind::Map) {
            const std::size_t slash = s.find("/S");
            s = s.substr(slash + 2) + "/" + s.substr(1, slash - 1);
        }
        s += "/" + std::to_string(states_);
    }
    if (kind_ != RuleKind::Map && neighbourhood_ == Neighbourhood::Hexagonal) s += "H";
    if (kind_ != RuleKind::Map && neighbourhood_ == Neighbourhood::VonNeumann) s += "V";
    if (torus_) s += ":T" + std::to_string(torus_->width) + "," + std::to_string(torus_->height);
    return s;
}

Range1Table Rule::range1_table() const {
    refuse_multi_state("the table form (hashlife, the reference stepper)");
    if (kind_ != RuleKind::Totalistic) return table_;
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
    refuse_multi_state("this two-state engine");
    CompiledRule c;
    c.neighbourhood = neighbourhood_;
    if (kind_ != RuleKind::Totalistic) {
        c.uses_circuit = true;
        c.circuit_births_on_empty = table_.next(0);
        c.circuit = compile_circuit(table_);
        c.count_corrected = compile_count_corrections(table_, neighbourhood_, c.corrections);
        if (!c.count_corrected && c.circuit.nodes() > kTableTreeAboveNodes) {
            c.uses_tree = true;
            c.tree = make_table_tree(table_);
        }
        return c;
    }
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
