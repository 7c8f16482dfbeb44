// `.rule` files (core/rule_file.hpp): sections, @TREE, @COLORS.
#include "toroid/core/rule_file.hpp"

#include <charconv>
#include <cstdio>

#include "toroid/core/rule_table.hpp"
#include "toroid/error.hpp"
#include "toroid/input_file.hpp"

namespace toroid {
namespace {

constexpr std::size_t max_rule_file_bytes = std::size_t(64) << 20;

// The first byte offset that is not valid UTF-8, or npos.
std::size_t invalid_utf8(std::string_view s) {
    std::size_t i = 0;
    while (i < s.size()) {
        const unsigned char c = static_cast<unsigned char>(s[i]);
        std::size_t extra = 0;
        if (c < 0x80)
            extra = 0;
        else if ((c & 0xe0) == 0xc0 && c >= 0xc2)
            extra = 1;
        else if ((c & 0xf0) == 0xe0)
            extra = 2;
        else if ((c & 0xf8) == 0xf0 && c <= 0xf4)
            extra = 3;
        else
            return i;
        if (i + extra >= s.size() && extra > 0) return i;
        for (std::size_t k = 1; k <= extra; ++k)
            if ((static_cast<unsigned char>(s[i + k]) & 0xc0) != 0x80) return i;
        i += extra + 1;
    }
    return std::string_view::npos;
}

std::string_view trim(std::string_view s) {
    const auto space = [](char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; };
    while (!s.empty() && space(s.front())) s.remove_prefix(1);
    while (!s.empty() && space(s.back())) s.remove_suffix(1);
    return s;
}

struct Section {
    std::string name;  // "@TABLE", ...
    std::string argument;
    int line = 0;       // of the @ line
    std::string body;   // the lines after it
};

// Whole numbers from the start of a line, up to the first word that is not one.
std::vector<long> leading_numbers(std::string_view line) {
    std::vector<long> out;
    std::size_t i = 0;
    for (;;) {
        while (i < line.size() && (line[i] == ' ' || line[i] == '\t' || line[i] == ',')) ++i;
        long v = 0;
        auto [p, ec] = std::from_chars(line.data() + i, line.data() + line.size(), v);
        if (ec != std::errc() || (p < line.data() + line.size() && *p != ' ' && *p != '\t' && *p != ','))
            break;
        out.push_back(v);
        i = std::size_t(p - line.data());
    }
    return out;
}

std::vector<StateColour> parse_colours(const Section& s, int states) {
    std::vector<StateColour> colours = default_state_colours(states);
    int line_no = s.line;
    std::size_t pos = 0;
    while (pos < s.body.size()) {
        std::size_t end = s.body.find('\n', pos);
        if (end == std::string::npos) end = s.body.size();
        const std::string_view line = trim(std::string_view(s.body).substr(pos, end - pos));
        pos = end + 1;
        ++line_no;
        if (line.empty() || line.front() == '#') continue;
        const std::vector<long> v = leading_numbers(line);
        auto byte = [](long x) { return x >= 0 && x <= 255; };
        if (v.size() >= 6 && byte(v[0]) && byte(v[1]) && byte(v[2]) && byte(v[3]) && byte(v[4]) &&
            byte(v[5])) {
            const auto g =
                gradient_state_colours(states, {std::uint8_t(v[0]), std::uint8_t(v[1]), std::uint8_t(v[2])},
                                       {std::uint8_t(v[3]), std::uint8_t(v[4]), std::uint8_t(v[5])});
            for (std::size_t k = 1; k < g.size(); ++k) colours[k] = g[k];
        } else if (v.size() >= 4 && v[0] >= 0 && v[0] < states && byte(v[1]) && byte(v[2]) &&
                   byte(v[3])) {
            colours[std::size_t(v[0])] = {std::uint8_t(v[1]), std::uint8_t(v[2]), std::uint8_t(v[3])};
        }
        // Anything else is ignored, as Golly does.
    }
    return colours;
}

}  // namespace

RuleTree parse_rule_tree(std::string_view section, const std::string& where, int first_line,
                         CellNeighbourhood& neighbourhood) {
    int states = -1, neighbours = -1;
    long nodes_declared = -1;
    RuleTree tree;
    std::vector<int> level_of;  // per node read
    int line_no = first_line - 1;
    auto fail = [&](const std::string& what) {
        throw InputError(where + ":" + std::to_string(line_no) + ": " + what);
    };
    std::size_t pos = 0;
    while (pos < section.size()) {
        std::size_t end = section.find('\n', pos);
        if (end == std::string_view::npos) end = section.size();
        const std::string_view line = trim(section.substr(pos, end - pos));
        pos = end + 1;
        ++line_no;
        if (line.empty() || line.front() == '#') continue;
        const std::size_t eq = line.find('=');
        if (eq != std::string_view::npos) {
            const std::string_view key = trim(line.substr(0, eq));
            const std::vector<long> v = leading_numbers(trim(line.substr(eq + 1)));
            if (v.size() != 1) fail("'" + std::string(line) + "': expected '" + std::string(key) + "=<number>'");
            if (key == "num_states") {
                if (v[0] < 2 || v[0] > 256) fail("num_states is " + std::to_string(v[0]) + ", expected 2..256");
                states = int(v[0]);
            } else if (key == "num_neighbors") {
                if (v[0] != 4 && v[0] != 8)
                    fail("num_neighbors is " + std::to_string(v[0]) + ", expected 4 (von Neumann) or 8 (Moore)");
                neighbours = int(v[0]);
            } else if (key == "num_nodes") {
                if (v[0] < 1 || v[0] > 100'000'000)
                    fail("num_nodes is " + std::to_string(v[0]) + ", expected 1..100000000");
                nodes_declared = v[0];
            } else {
                fail("unknown tree setting '" + std::string(key) +
                     "' (expected num_states, num_neighbors, num_nodes)");
            }
            continue;
        }
        if (states < 0 || neighbours < 0 || nodes_declared < 0)
            fail("a tree node comes before num_states, num_neighbors and num_nodes are all given");
        const std::vector<long> v = leading_numbers(line);
        if (v.size() != std::size_t(states) + 1 || v.size() < 2)
            fail("a tree node is its level and " + std::to_string(states) + " entries, found '" +
                 std::string(line) + "'");
        const long level = v[0];
        if (level < 1 || level > neighbours + 1)
            fail("node level " + std::to_string(level) + " is outside 1.." + std::to_string(neighbours + 1));
        if (long(level_of.size()) >= nodes_declared)
            fail("more nodes than num_nodes=" + std::to_string(nodes_declared));
        if (tree.data.size() + std::size_t(states) > max_tree_entries)
            fail("the tree has more than " + std::to_string(max_tree_entries) +
                 " entries; toroid runs trees up to that size");
        for (std::size_t k = 1; k < v.size(); ++k) {
            const long e = v[k];
            if (level == 1) {
                if (e < 0 || e >= states)
                    fail("next state " + std::to_string(e) + " is not below num_states=" + std::to_string(states));
                tree.data.push_back(std::uint32_t(e));
            } else {
                if (e < 0 || e >= long(level_of.size()))
                    fail("node " + std::to_string(e) + " is not defined before this line (nodes are numbered from 0 in "
                         "the order written, and refer to earlier nodes)");
                if (level_of[std::size_t(e)] != level - 1)
                    fail("node " + std::to_string(e) + " has level " + std::to_string(level_of[std::size_t(e)]) +
                         ", expected " + std::to_string(level - 1) + " (one below this node's)");
                tree.data.push_back(std::uint32_t(e) * std::uint32_t(states));
            }
        }
        level_of.push_back(int(level));
    }
    if (states < 0 || neighbours < 0 || nodes_declared < 0)
        throw InputError(where + ":" + std::to_string(first_line) +
                         ": the tree lacks num_states, num_neighbors or num_nodes");
    if (long(level_of.size()) != nodes_declared)
        throw InputError(where + ":" + std::to_string(line_no) + ": the tree has " +
                         std::to_string(level_of.size()) + " nodes, num_nodes says " +
                         std::to_string(nodes_declared));
    if (level_of.back() != neighbours + 1)
        throw InputError(where + ":" + std::to_string(line_no) + ": the last node (the root) has level " +
                         std::to_string(level_of.back()) + ", expected " + std::to_string(neighbours + 1));
    neighbourhood = neighbours == 4 ? CellNeighbourhood::VonNeumann : CellNeighbourhood::Moore;
    tree.states = states;
    tree.order = tree_order(neighbourhood);
    tree.root = std::uint32_t(level_of.size() - 1) * std::uint32_t(states);
    tree.validate(where);
    return tree.canonical();
}

std::string rule_tree_text(const RuleTree& tree) {
    const int neighbours = int(tree.order.size()) - 1;
    if (tree.order != tree_order(CellNeighbourhood::Moore) &&
        tree.order != tree_order(CellNeighbourhood::VonNeumann))
        throw InputError("only Moore and von Neumann rules can be written as @TREE sections");
    const RuleTree c = tree.canonical();  // children before parents
    const std::size_t n = std::size_t(c.states);
    // Each node's level from the root down (canonical offsets are unique per level).
    std::vector<int> level(c.data.size() / n, 0);
    std::vector<std::uint32_t> frontier{c.root};
    level[c.root / n] = neighbours + 1;
    for (int l = neighbours + 1; l > 1; --l) {
        std::vector<std::uint32_t> next;
        for (std::uint32_t node : frontier)
            for (std::size_t s = 0; s < n; ++s) {
                const std::uint32_t child = c.data[node + s];
                if (level[child / n] == 0) next.push_back(child);
                level[child / n] = l - 1;
            }
        frontier = std::move(next);
    }
    std::string out = "num_states=" + std::to_string(c.states) + "\nnum_neighbors=" +
                      std::to_string(neighbours) + "\nnum_nodes=" + std::to_string(level.size()) +
                      "\n";
    for (std::size_t i = 0; i < level.size(); ++i) {
        out += std::to_string(level[i]);
        for (std::size_t s = 0; s < n; ++s)
            out += " " + std::to_string(level[i] == 1 ? c.data[i * n + s] : c.data[i * n + s] / n);
        out += "\n";
    }
    return out;
}

RuleFile parse_rule_file(std::string_view text, const std::string& where) {
    if (text.size() > max_rule_file_bytes)
        throw InputError(where + ": a rule file of " + std::to_string(text.size()) +
                         " bytes; toroid reads rule files up to 64 MiB");
    if (const std::size_t bad = invalid_utf8(text); bad != std::string_view::npos) {
        int line = 1;
        for (std::size_t i = 0; i < bad; ++i) line += text[i] == '\n';
        throw InputError(where + ":" + std::to_string(line) + ": byte " + std::to_string(bad) +
                         " is not UTF-8 text (a rule file is a text file)");
    }
    if (text.substr(0, 3) == "\xef\xbb\xbf") text.remove_prefix(3);  // a byte-order mark
    // Split into sections at lines starting with '@'.
    std::vector<Section> sections;
    int line_no = 0;
    std::size_t pos = 0;
    while (pos < text.size()) {
        std::size_t end = text.find('\n', pos);
        if (end == std::string_view::npos) end = text.size();
        std::string_view line = text.substr(pos, end - pos);
        if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
        pos = end + 1;
        ++line_no;
        if (!line.empty() && line.front() == '@') {
            Section s;
            const std::string_view head = trim(line);
            const std::size_t space = head.find_first_of(" \t");
            s.name = std::string(head.substr(0, space));
            if (space != std::string_view::npos) s.argument = std::string(trim(head.substr(space)));
            s.line = line_no;
            sections.push_back(std::move(s));
        } else if (!sections.empty()) {
            sections.back().body.append(line);
            sections.back().body.push_back('\n');
        }
    }
    RuleFile file;
    if (sections.empty() || sections.front().name != "@RULE")
        throw InputError(where + ":1: a rule file starts with '@RULE <name>'");
    file.name = sections.front().argument;
    if (file.name.empty())
        throw InputError(where + ":" + std::to_string(sections.front().line) + ": @RULE names no rule");
    const Section* rule_section = nullptr;
    const Section* colours = nullptr;
    for (const Section& s : sections) {
        if (s.name == "@RULE") continue;
        if (s.name == "@TABLE" || s.name == "@TREE") {
            if (!rule_section)
                rule_section = &s;
            else
                file.notes.push_back(s.name + " at line " + std::to_string(s.line) + " ignored: " +
                                     rule_section->name + " at line " +
                                     std::to_string(rule_section->line) + " defines the rule");
        } else if (s.name == "@COLORS") {
            colours = &s;
        } else if (s.name == "@ICONS") {
            file.notes.push_back("@ICONS at line " + std::to_string(s.line) +
                                 " ignored: toroid draws states as colours");
        } else {
            file.notes.push_back(s.name + " at line " + std::to_string(s.line) + " ignored");
        }
    }
    if (!rule_section)
        throw InputError(where + ": the rule file has no @TABLE or @TREE section");
    CellNeighbourhood neighbourhood = CellNeighbourhood::Moore;
    RuleTree tree;
    if (rule_section->name == "@TABLE") {
        const RuleTable table = parse_rule_table(rule_section->body, where, rule_section->line + 1);
        neighbourhood = table.neighbourhood;
        tree = compile_rule_table(table, where);
    } else {
        tree = parse_rule_tree(rule_section->body, where, rule_section->line + 1, neighbourhood);
    }
    std::vector<StateColour> palette =
        colours ? parse_colours(*colours, tree.states) : default_state_colours(tree.states);
    file.rule = std::make_shared<TreeRule>(file.name, neighbourhood, std::move(tree),
                                           std::move(palette), where);
    return file;
}

RuleFile read_rule_file(const std::string& path) {
    return parse_rule_file(read_input_file(path), path);
}

}  // namespace toroid
