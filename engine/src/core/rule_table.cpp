// Rule tables (core/rule_table.hpp): the @TABLE parser and the compiler into
// a RuleTree.
#include "toroid/core/rule_table.hpp"

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <map>
#include <optional>
#include <unordered_map>

#include "toroid/error.hpp"

namespace toroid {
namespace {

bool has(const StateSet& set, unsigned s) {
    return (set[s / 64] >> (s % 64)) & 1;
}
void add(StateSet& set, unsigned s) {
    set[s / 64] |= std::uint64_t(1) << (s % 64);
}
StateSet single(unsigned s) {
    StateSet set{};
    add(set, s);
    return set;
}
std::vector<unsigned> members(const StateSet& set) {
    std::vector<unsigned> out;
    for (unsigned s = 0; s < 256; ++s)
        if (has(set, s)) out.push_back(s);
    return out;
}

std::string trim(std::string_view s) {
    const auto space = [](char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; };
    while (!s.empty() && space(s.front())) s.remove_prefix(1);
    while (!s.empty() && space(s.back())) s.remove_suffix(1);
    return std::string(s);
}

std::vector<std::string> tokenize(std::string_view s, std::string_view delimiters) {
    std::vector<std::string> out;
    std::size_t i = 0;
    while (i < s.size()) {
        while (i < s.size() && delimiters.find(s[i]) != std::string_view::npos) ++i;
        std::size_t j = i;
        while (j < s.size() && delimiters.find(s[j]) == std::string_view::npos) ++j;
        if (j > i) out.emplace_back(s.substr(i, j - i));
        i = j;
    }
    return out;
}

bool parse_number(const std::string& token, unsigned& value) {
    const char* end = token.data() + token.size();
    auto [p, ec] = std::from_chars(token.data(), end, value);
    return ec == std::errc() && p == end;
}

}  // namespace

int table_inputs(CellNeighbourhood n) {
    switch (n) {
        case CellNeighbourhood::Moore:
            return 9;
        case CellNeighbourhood::VonNeumann:
            return 5;
        case CellNeighbourhood::Hexagonal:
            return 7;
        case CellNeighbourhood::OneDimensional:
            return 3;
    }
    return 0;
}

const std::vector<std::string>& table_symmetries(CellNeighbourhood n) {
    static const std::vector<std::string> moore{
        "none",   "rotate4", "rotate8", "rotate4reflect", "rotate8reflect", "reflect_horizontal",
        "permute"};
    static const std::vector<std::string> vn{"none", "rotate4", "rotate4reflect",
                                             "reflect_horizontal", "permute"};
    static const std::vector<std::string> hex{"none",    "rotate2",        "rotate3",
                                              "rotate6", "rotate6reflect", "permute"};
    static const std::vector<std::string> one{"none", "reflect", "permute"};
    switch (n) {
        case CellNeighbourhood::Moore:
            return moore;
        case CellNeighbourhood::VonNeumann:
            return vn;
        case CellNeighbourhood::Hexagonal:
            return hex;
        case CellNeighbourhood::OneDimensional:
            return one;
    }
    return one;
}

namespace {

std::string join(const std::vector<std::string>& words) {
    std::string out;
    for (const auto& w : words) out += (out.empty() ? "" : ", ") + w;
    return out;
}

class TableParser {
  public:
    TableParser(const std::string& where, int first_line) : where_(where), line_no_(first_line) {}

    RuleTable parse(std::string_view section) {
        std::size_t pos = 0;
        --line_no_;
        while (pos <= section.size()) {
            std::size_t end = section.find('\n', pos);
            if (end == std::string_view::npos) end = section.size();
            ++line_no_;
            std::string_view raw = section.substr(pos, end - pos);
            pos = end + 1;
            if (const std::size_t hash = raw.find('#'); hash != std::string_view::npos)
                raw = raw.substr(0, hash);
            const std::string line = trim(raw);
            if (!line.empty()) parse_line(line);
            if (end == section.size()) break;
        }
        require_header("the table");
        return std::move(table_);
    }

  private:
    [[noreturn]] void fail(const std::string& what) const {
        throw InputError(where_ + ":" + std::to_string(line_no_) + ": " + what);
    }

    void parse_line(const std::string& line) {
        if (line.rfind("n_states:", 0) == 0) {
            unsigned n = 0;
            const std::string value = trim(std::string_view(line).substr(9));
            if (!parse_number(value, n) || n < 2 || n > 256)
                fail("n_states is '" + value + "', expected a number of states from 2 to 256");
            table_.states = int(n);
            have_states_ = true;
        } else if (line.rfind("neighborhood:", 0) == 0) {
            const std::string value = trim(std::string_view(line).substr(13));
            static const std::map<std::string, CellNeighbourhood> names{
                {"Moore", CellNeighbourhood::Moore},
                {"vonNeumann", CellNeighbourhood::VonNeumann},
                {"hexagonal", CellNeighbourhood::Hexagonal},
                {"oneDimensional", CellNeighbourhood::OneDimensional}};
            const auto it = names.find(value);
            if (it == names.end())
                fail("neighborhood '" + value +
                     "' is not one of Moore, vonNeumann, hexagonal, oneDimensional");
            table_.neighbourhood = it->second;
            have_neighbourhood_ = true;
        } else if (line.rfind("symmetries:", 0) == 0) {
            if (!have_neighbourhood_) fail("symmetries must come after the neighborhood line");
            const std::string value = trim(std::string_view(line).substr(11));
            const auto& names = table_symmetries(table_.neighbourhood);
            if (std::find(names.begin(), names.end(), value) == names.end())
                fail("symmetries '" + value + "' is not one of the " +
                     to_string(table_.neighbourhood) + " symmetries (" + join(names) + ")");
            table_.symmetries = value;
            have_symmetries_ = true;
        } else if (line.rfind("var ", 0) == 0 || line.rfind("var\t", 0) == 0) {
            require_header("a variable");
            parse_variable(line);
        } else {
            require_header("a transition");
            parse_transition(line);
        }
    }

    void require_header(const char* what) const {
        if (have_states_ && have_neighbourhood_ && have_symmetries_) return;
        std::string missing;
        if (!have_states_) missing += "n_states";
        if (!have_neighbourhood_)
            missing += std::string(missing.empty() ? "" : ", ") + "neighborhood";
        if (!have_symmetries_) missing += std::string(missing.empty() ? "" : ", ") + "symmetries";
        fail(std::string(what) + " comes before the table declares " + missing +
             " (n_states:, neighborhood: and symmetries: lines come first)");
    }

    unsigned state_value(const std::string& token, const char* what) const {
        unsigned s = 0;
        if (!parse_number(token, s))
            fail("'" + token + "' in " + what +
                 " is neither a state nor a variable declared above");
        if (s >= unsigned(table_.states))
            fail("state " + token + " in " + what + " is out of range: n_states is " +
                 std::to_string(table_.states) + " (states 0.." +
                 std::to_string(table_.states - 1) + ")");
        return s;
    }

    void parse_variable(const std::string& line) {
        const std::vector<std::string> tokens = tokenize(line, "= {,}\t");
        if (tokens.size() < 3) fail("a variable is written 'var name={state, state, ...}'");
        Variable var;
        for (std::size_t i = 2; i < tokens.size(); ++i) {
            if (const auto it = variables_.find(tokens[i]); it != variables_.end()) {
                // Earlier variables inside later ones (Golly allows it).
                for (unsigned s : it->second.order) {
                    add(var.set, s);
                    var.order.push_back(s);
                }
            } else {
                const unsigned s = state_value(tokens[i], "the variable");
                add(var.set, s);
                var.order.push_back(s);
            }
        }
        variables_[tokens[1]] = std::move(var);
    }

    void parse_transition(const std::string& line) {
        const int k = table_inputs(table_.neighbourhood);
        std::vector<std::string> tokens;
        const bool compact = table_.states <= 10 && variables_.empty() &&
                             line.find_first_of(", \t") == std::string::npos;
        if (compact) {
            if (int(line.size()) < k + 1)
                fail("transition '" + line + "' has " + std::to_string(line.size()) +
                     " digits, expected " + std::to_string(k + 1) + " (" +
                     to_string(table_.neighbourhood) + ": the cell, " + std::to_string(k - 1) +
                     " neighbours and the next state)");
            for (int i = 0; i <= k; ++i) tokens.emplace_back(1, line[std::size_t(i)]);
        } else {
            tokens = tokenize(line, ", \t");
            if (int(tokens.size()) < k + 1)
                fail("transition '" + line + "' has " + std::to_string(tokens.size()) +
                     " entries, expected " + std::to_string(k + 1) + " (" +
                     to_string(table_.neighbourhood) + ": the cell, " + std::to_string(k - 1) +
                     " neighbours and the next state)");
        }
        // Bound variables: those named more than once among the inputs and
        // the output, in name order (Golly's), the first changing fastest.
        std::vector<std::string> bound;
        for (const auto& [name, var] : variables_)
            if (std::count(tokens.begin(), tokens.begin() + k + 1, name) > 1) bound.push_back(name);
        std::size_t combos = 1;
        for (const auto& name : bound) {
            combos *= variables_.at(name).order.size();
            if (combos > max_table_transitions) break;
        }
        if (table_.transitions.size() + combos > max_table_transitions)
            fail("the table expands to more than " + std::to_string(max_table_transitions) +
                 " transitions (bound variables take every combination of their values); "
                 "toroid compiles tables up to that size");
        std::vector<std::size_t> index(bound.size(), 0);
        for (;;) {
            TableTransition t;
            t.line = line_no_;
            auto value_of = [&](const std::string& token) -> std::optional<unsigned> {
                for (std::size_t b = 0; b < bound.size(); ++b)
                    if (bound[b] == token) return variables_.at(token).order[index[b]];
                return std::nullopt;
            };
            for (int i = 0; i < k; ++i) {
                const std::string& token = tokens[std::size_t(i)];
                if (auto v = value_of(token))
                    t.inputs.push_back(single(*v));
                else if (auto it = variables_.find(token); it != variables_.end())
                    t.inputs.push_back(it->second.set);
                else
                    t.inputs.push_back(single(state_value(token, "the transition")));
            }
            const std::string& out = tokens[std::size_t(k)];
            if (auto v = value_of(out)) {
                t.output = std::uint8_t(*v);
            } else if (auto it = variables_.find(out); it != variables_.end()) {
                const std::vector<unsigned> m = members(it->second.set);
                if (m.size() != 1)
                    fail("the next state '" + out + "' is a variable of " +
                         std::to_string(m.size()) +
                         " states named once: the next state must be a state, a one-state "
                         "variable or a variable bound by naming it among the inputs");
                t.output = std::uint8_t(m[0]);
            } else {
                t.output = std::uint8_t(state_value(out, "the next state"));
            }
            table_.transitions.push_back(std::move(t));
            std::size_t b = 0;
            for (; b < bound.size(); ++b) {
                if (++index[b] < variables_.at(bound[b]).order.size()) break;
                index[b] = 0;
            }
            if (b == bound.size()) break;
        }
    }

    struct Variable {
        StateSet set{};
        std::vector<unsigned> order;  // the values in the order written (Golly expands so)
    };
    std::string where_;
    int line_no_;
    RuleTable table_;
    bool have_states_ = false, have_neighbourhood_ = false, have_symmetries_ = false;
    std::map<std::string, Variable> variables_;
};

// --- Compilation --------------------------------------------------------------

// Builds tree nodes bottom-up with equal nodes shared (the same entries at
// the same level give the same offset).
class NodeBuilder {
  public:
    NodeBuilder(int states, const std::string& where) : states_(states), where_(where) {}
    std::uint32_t make(int level, const std::vector<std::uint32_t>& entries) {
        std::vector<std::uint32_t> key = entries;
        key.push_back(std::uint32_t(level));
        auto [it, fresh] = unique_.emplace(std::move(key), std::uint32_t(data_.size()));
        if (fresh) {
            if (data_.size() + entries.size() > max_tree_entries)
                throw InputError(where_ + ": the table compiles to a tree of more than " +
                                 std::to_string(max_tree_entries) +
                                 " entries; toroid runs tables up to that size");
            data_.insert(data_.end(), entries.begin(), entries.end());
        }
        return it->second;
    }
    std::vector<std::uint32_t> take() { return std::move(data_); }

  private:
    int states_;
    std::string where_;
    std::map<std::vector<std::uint32_t>, std::uint32_t> unique_;
    std::vector<std::uint32_t> data_;
};

struct VectorHash {
    std::size_t operator()(const std::vector<std::uint32_t>& v) const {
        std::uint64_t h = 0xcbf29ce484222325ULL;
        for (std::uint32_t x : v) h = (h ^ x) * 0x100000001b3ULL;
        return std::size_t(h);
    }
};

// Tables without `permute`: a node is the list of transitions (symmetry
// images expanded, in Golly's order) that still match the cells read so far.
class CandidateCompiler {
  public:
    CandidateCompiler(const RuleTable& table, const std::string& where)
        : table_(table), builder_(table.states, where), order_(tree_order(table.neighbourhood)) {
        const std::vector<BlockCell> cells = table_cells(table.neighbourhood);
        for (BlockCell p : order_)
            input_of_level_.push_back(
                int(std::find(cells.begin(), cells.end(), p) - cells.begin()));
        const auto images = symmetry_images(table.neighbourhood, table.symmetries);
        for (const TableTransition& t : table.transitions)
            for (const auto& image : images) {
                Expanded e;
                for (int i : image) e.inputs.push_back(t.inputs[std::size_t(i)]);
                e.output = t.output;
                expanded_.push_back(std::move(e));
                if (expanded_.size() > 4 * max_table_transitions)
                    throw InputError(where + ": the table's transitions and their " +
                                     table.symmetries + " images are more than " +
                                     std::to_string(4 * max_table_transitions) +
                                     "; toroid compiles tables up to that size");
            }
        // A transition that accepts every state in every cell from level l on
        // decides every cell that reaches it there: the ones after it can go.
        full_from_.assign(expanded_.size(), int(order_.size()));
        StateSet all{};
        for (int s = 0; s < table.states; ++s) add(all, unsigned(s));
        for (std::size_t i = 0; i < expanded_.size(); ++i) {
            int l = int(order_.size());
            while (l > 0) {
                const StateSet& in =
                    expanded_[i].inputs[std::size_t(input_of_level_[std::size_t(l - 1)])];
                bool full = true;
                for (int w = 0; w < 4; ++w)
                    full =
                        full && (in[std::size_t(w)] & all[std::size_t(w)]) == all[std::size_t(w)];
                if (!full) break;
                --l;
            }
            full_from_[i] = l;
        }
    }

    RuleTree compile() {
        std::vector<std::uint32_t> everyone(expanded_.size());
        for (std::uint32_t i = 0; i < everyone.size(); ++i) everyone[i] = i;
        memo_.resize(order_.size());
        RuleTree tree;
        tree.states = table_.states;
        tree.order = order_;
        tree.root = node(0, prune(0, std::move(everyone)));
        tree.data = builder_.take();
        return tree;
    }

  private:
    struct Expanded {
        std::vector<StateSet> inputs;
        std::uint8_t output = 0;
    };

    std::vector<std::uint32_t> prune(int level, std::vector<std::uint32_t> candidates) const {
        for (std::size_t i = 0; i < candidates.size(); ++i)
            if (full_from_[candidates[i]] <= level) {
                candidates.resize(i + 1);
                break;
            }
        return candidates;
    }

    std::uint32_t node(int level, const std::vector<std::uint32_t>& candidates) {
        auto& memo = memo_[std::size_t(level)];
        if (auto it = memo.find(candidates); it != memo.end()) return it->second;
        const int input = input_of_level_[std::size_t(level)];
        const bool last = level + 1 == int(order_.size());
        std::vector<std::uint32_t> entries(std::size_t(table_.states));
        for (int s = 0; s < table_.states; ++s) {
            std::vector<std::uint32_t> next;
            for (std::uint32_t c : candidates)
                if (has(expanded_[c].inputs[std::size_t(input)], unsigned(s))) next.push_back(c);
            if (last)  // the centre: the first match decides, or the cell stays
                entries[std::size_t(s)] =
                    next.empty() ? std::uint32_t(s) : expanded_[next[0]].output;
            else
                entries[std::size_t(s)] = node(level + 1, prune(level + 1, std::move(next)));
        }
        const std::uint32_t offset = builder_.make(level, entries);
        memo.emplace(candidates, offset);
        return offset;
    }

    const RuleTable& table_;
    NodeBuilder builder_;
    std::vector<BlockCell> order_;
    std::vector<int> input_of_level_;
    std::vector<Expanded> expanded_;
    std::vector<int> full_from_;
    std::vector<std::unordered_map<std::vector<std::uint32_t>, std::uint32_t, VectorHash>> memo_;
};

// Whether the neighbour states can be given to the input sets one to one
// (Kuhn's augmenting paths; at most 8 of each).
bool matches_some_permutation(const std::vector<std::uint8_t>& states,
                              const std::vector<const StateSet*>& sets) {
    const std::size_t n = states.size();
    std::vector<int> owner(n, -1);  // set index -> state index
    for (std::size_t i = 0; i < n; ++i) {
        std::vector<bool> seen(n, false);
        auto augment = [&](auto&& self, std::size_t st) -> bool {
            for (std::size_t j = 0; j < n; ++j) {
                if (seen[j] || !has(*sets[j], states[st])) continue;
                seen[j] = true;
                if (owner[j] < 0 || self(self, std::size_t(owner[j]))) {
                    owner[j] = int(st);
                    return true;
                }
            }
            return false;
        };
        if (!augment(augment, i)) return false;
    }
    return true;
}

// Tables with `permute`: only the multiset of neighbour states matters, so a
// node is the sorted list of the neighbour states read so far.
class PermuteCompiler {
  public:
    PermuteCompiler(const RuleTable& table, const std::string& where)
        : table_(table),
          builder_(table.states, where),
          order_(tree_order(table.neighbourhood)),
          where_(where) {}

    RuleTree compile() {
        refuse_too_much_work();
        memo_.resize(order_.size());
        RuleTree tree;
        tree.states = table_.states;
        tree.order = order_;
        tree.root = node(0, {});
        tree.data = builder_.take();
        return tree;
    }

  private:
    // The tree has a node for every multiset of the states read so far,
    // C(S + k - 1, k) of them at level k, and each of the C(S + L - 2, L - 1)
    // nodes of the last level asks the transitions for its S entries: the
    // visits, not the (shared) entries NodeBuilder bounds, are what a table
    // of many states costs (42 states on the Moore neighbourhood: 10^10
    // transition checks, hours). Refused up front, before any work, above
    // 2^24 checks at most (Golly's largest permute table, 7 states and 174
    // transitions, is 3.7 million and compiles in milliseconds).
    static std::string approx(double x) {
        char text[32];
        std::snprintf(text, sizeof text, "%.2g", x);
        return text;
    }

    void refuse_too_much_work() const {
        const double states = table_.states, last = double(order_.size()) - 1;
        double multisets = 1;  // C(S + last - 1, last)
        for (int k = 1; k <= int(last); ++k) multisets = multisets * (states + k - 1) / k;
        const double checks = states * multisets * double(table_.transitions.size());
        if (checks > double(std::uint64_t(1) << 24))
            throw InputError(where_ + ": the permute table of " + std::to_string(table_.states) +
                             " states and " + std::to_string(table_.transitions.size()) +
                             " transitions would take about " + approx(checks) +
                             " transition checks to compile; toroid compiles permute tables " +
                             "up to 16777216 (fewer states or transitions, or another symmetry)");
    }

    std::uint32_t node(int level, const std::vector<std::uint32_t>& seen) {
        auto& memo = memo_[std::size_t(level)];
        if (auto it = memo.find(seen); it != memo.end()) return it->second;
        const bool last = level + 1 == int(order_.size());
        std::vector<std::uint32_t> entries(std::size_t(table_.states));
        for (int s = 0; s < table_.states; ++s) {
            if (last) {
                entries[std::size_t(s)] = decide(std::uint8_t(s), seen);
            } else {
                std::vector<std::uint32_t> next = seen;
                next.insert(std::upper_bound(next.begin(), next.end(), std::uint32_t(s)),
                            std::uint32_t(s));
                entries[std::size_t(s)] = node(level + 1, next);
            }
        }
        const std::uint32_t offset = builder_.make(level, entries);
        memo.emplace(seen, offset);
        return offset;
    }

    std::uint32_t decide(std::uint8_t centre, const std::vector<std::uint32_t>& seen) const {
        std::vector<std::uint8_t> states(seen.begin(), seen.end());
        for (const TableTransition& t : table_.transitions) {
            if (!has(t.inputs[0], centre)) continue;
            std::vector<const StateSet*> sets;
            for (std::size_t i = 1; i < t.inputs.size(); ++i) sets.push_back(&t.inputs[i]);
            if (matches_some_permutation(states, sets)) return t.output;
        }
        return centre;
    }

    const RuleTable& table_;
    NodeBuilder builder_;
    std::vector<BlockCell> order_;
    std::string where_;
    std::vector<std::unordered_map<std::vector<std::uint32_t>, std::uint32_t, VectorHash>> memo_;
};

}  // namespace

RuleTable parse_rule_table(std::string_view section, const std::string& where, int first_line) {
    return TableParser(where, first_line).parse(section);
}

std::vector<BlockCell> table_cells(CellNeighbourhood n) {
    using enum BlockCell;
    switch (n) {
        case CellNeighbourhood::Moore:
            return {C, N, NE, E, SE, S, SW, W, NW};
        case CellNeighbourhood::VonNeumann:
            return {C, N, E, S, W};
        case CellNeighbourhood::Hexagonal:
            return {C, N, E, SE, S, W, NW};
        case CellNeighbourhood::OneDimensional:
            return {C, W, E};
    }
    return {};
}

std::vector<std::vector<int>> symmetry_images(CellNeighbourhood n, const std::string& symmetries) {
    // The neighbours of every neighbourhood form a ring in the table's order
    // (Moore N NE E SE S SW W NW; von Neumann N E S W; hexagonal N E SE S W
    // NW); rotations shift the ring, reflections reverse it.
    const int ring = table_inputs(n) - 1;
    auto image = [&](int shift, bool reflect) {
        std::vector<int> out{0};
        for (int j = 0; j < ring; ++j) {
            const int from = reflect ? (ring - j + shift) % ring : (j + shift) % ring;
            out.push_back(1 + from);
        }
        return out;
    };
    std::vector<std::vector<int>> images;
    auto rotations = [&](int step, bool with_reflections) {
        for (int shift = 0; shift < ring; shift += step) images.push_back(image(shift, false));
        if (with_reflections)
            for (int shift = 0; shift < ring; shift += step) images.push_back(image(shift, true));
    };
    if (symmetries == "none" || symmetries == "permute") {
        rotations(ring, false);
    } else if (symmetries == "rotate4") {
        rotations(ring / 4, false);
    } else if (symmetries == "rotate8" || symmetries == "rotate6") {
        rotations(1, false);
    } else if (symmetries == "rotate4reflect") {
        rotations(ring / 4, true);
    } else if (symmetries == "rotate8reflect" || symmetries == "rotate6reflect") {
        rotations(1, true);
    } else if (symmetries == "rotate2") {
        rotations(ring / 2, false);
    } else if (symmetries == "rotate3") {
        rotations(ring / 3, false);
    } else if (symmetries == "reflect_horizontal") {  // N and S stay, the sides swap
        images.push_back(image(0, false));
        images.push_back(image(0, true));
    } else if (symmetries == "reflect") {  // one-dimensional: W and E swap
        images.push_back({0, 1, 2});
        images.push_back({0, 2, 1});
    } else {
        throw InputError("unknown symmetries '" + symmetries + "'");
    }
    return images;
}

RuleTree compile_rule_table(const RuleTable& table, const std::string& where) {
    if (table.symmetries == "permute") return PermuteCompiler(table, where).compile();
    return CandidateCompiler(table, where).compile();
}

}  // namespace toroid
