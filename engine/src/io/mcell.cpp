// MCell reader (contract in toroid/io/mcell.hpp).
#include "toroid/io/mcell.hpp"

#include <algorithm>
#include <charconv>
#include <limits>
#include <string>
#include <tuple>
#include <vector>

#include "text_error.hpp"
#include "toroid/memory.hpp"

namespace toroid {

using detail::describe_byte;
using detail::TextPos;
using detail::throw_at;
using detail::trim;

namespace {

constexpr std::int64_t kMaxCoord = std::int64_t(1) << 31;

bool starts(std::string_view line, std::string_view word) {
    return line.substr(0, word.size()) == word;
}

}  // namespace

Pattern parse_mcell(std::string_view text, std::string_view source) {
    Pattern p;
    std::int64_t board_w = 0, board_h = 0, wrap = 0;
    bool saw_rule = false, saw_cells = false;
    std::string rule_text;
    std::int64_t rule_line = 0;
    struct Cell {
        std::int64_t x, y;
        int state;
    };
    std::vector<Cell> cells;
    std::int64_t x = 0, y = 0, x_start = 0;
    detail::for_each_line(text, [&](std::string_view raw, std::int64_t line_no) {
        const std::string_view line = trim(raw);
        if (line.empty()) return true;
        if (line.front() != '#')
            throw_at(
                source, TextPos{line_no, 1},
                "expected an MCell line starting with '#' (#L cells, #RULE, #BOARD, ...), found " +
                    describe_byte(line.front()));
        if (starts(line, "#L ") || line == "#L") {
            saw_cells = true;
            std::int64_t n = 0;
            for (std::size_t i = 2; i < line.size(); ++i) {
                const char c = line[i];
                const TextPos at{line_no, std::int64_t(i) + 1};
                if (c >= '0' && c <= '9') {
                    n = n * 10 + (c - '0');
                    if (n > kMaxCoord) throw_at(source, at, "run count too large (at most 2^31)");
                    continue;
                }
                if (c == ' ' || c == '\t') continue;
                const std::int64_t count = n == 0 ? 1 : n;
                n = 0;
                if (c == '.') {
                    x += count;
                } else if (c == '$') {
                    x = x_start;
                    y += count;
                } else {
                    int state = 0;
                    char s = c;
                    if (s >= 'a' && s <= 'j') {
                        state = 24 * (s - 'a' + 1);
                        if (++i >= line.size())
                            throw_at(source, at,
                                     "a state prefix 'a'..'j' must be followed by 'A'..'X'");
                        s = line[i];
                    }
                    if (s < 'A' || s > 'X')
                        throw_at(
                            source, TextPos{line_no, std::int64_t(i) + 1},
                            "expected a cell state 'A'..'X' (after an optional 'a'..'j'), '.', '$' "
                            "or a count, found " +
                                describe_byte(s));
                    state += s - 'A' + 1;
                    if (state > 255)
                        throw_at(source, at,
                                 "cell state " + std::to_string(state) + " is above 255");
                    if (double(cells.size()) + double(count) > 2e8)
                        throw_at(
                            source, at,
                            "more than 200 million cells; toroid reads MCell files up to that");
                    for (std::int64_t k = 0; k < count; ++k) cells.push_back({x++, y, state});
                }
                if (std::abs(x) > kMaxCoord || std::abs(y) > kMaxCoord)
                    throw_at(source, at, "the pattern reaches beyond 2^31 cells from its start");
            }
        } else if (starts(line, "#BOARD")) {
            const std::string_view v = trim(line.substr(6));
            const std::size_t xpos = v.find_first_of("xX");
            std::int64_t w = 0, h = 0;
            const auto a = std::from_chars(
                v.data(), v.data() + (xpos == std::string_view::npos ? v.size() : xpos), w);
            const auto b = xpos == std::string_view::npos
                               ? std::from_chars_result{v.data(), std::errc::invalid_argument}
                               : std::from_chars(v.data() + xpos + 1, v.data() + v.size(), h);
            if (a.ec != std::errc() || b.ec != std::errc() || w < 1 || h < 1 || w > kMaxCoord ||
                h > kMaxCoord)
                throw_at(source, TextPos{line_no, 1},
                         "expected '#BOARD <width>x<height>' with sizes from 1 to 2^31, found '" +
                             std::string(line) + "'");
            if (saw_cells)
                throw_at(source, TextPos{line_no, 1}, "#BOARD must come before the #L cell lines");
            board_w = w, board_h = h;
            x = x_start = -(w / 2);
            y = -(h / 2);
        } else if (starts(line, "#WRAP")) {
            const std::string_view v = trim(line.substr(5));
            if (v != "0" && v != "1")
                throw_at(source, TextPos{line_no, 1}, "expected '#WRAP 0' or '#WRAP 1'");
            wrap = v == "1";
        } else if (!saw_rule && (starts(line, "#GOLLY") || starts(line, "#RULE"))) {
            std::string_view v = trim(line.substr(line[1] == 'G' ? 6 : 5));
            v = v.substr(0, v.find_first_of(" \t"));
            saw_rule = true;
            rule_line = line_no;
            // MCell's own tables for Life and HistoricalLife, as Golly maps them.
            if (starts(v, "1,0,1,0,0,0,1,0,0,0,0,0,0,2,2,1,1,2,2,2,2,2,0,2,2,2,1,2,2,2,2,2"))
                rule_text = "LifeHistory";
            else if (starts(v, "1,0,0,0,0,0,1,0,0,0,0,0,0,0,0,1,1"))
                rule_text = "B3/S23";
            else
                rule_text = std::string(v);
        } else if (starts(line, "#D")) {
            p.comments.emplace_back(trim(line.substr(2)));
        }
        // #MCell, #GAME, #SPEED, #PALETTE, #CCOLORS, a second rule: ignored.
        return true;
    });
    std::optional<TorusSize> torus;
    if (wrap && board_w > 0) torus = TorusSize{board_w, board_h};
    if (!rule_text.empty()) {
        p.rule_text = rule_text;
        try {
            Rule r = Rule::parse(rule_text);
            if (torus) r = r.with_torus(torus);
            p.rule = r;
        } catch (const UnsupportedRule& e) {
            p.refused_rule = e.what();
        } catch (const InputError& e) {
            throw_at(source, TextPos{rule_line, 1},
                     "the MCell rule '" + rule_text + "' is not one toroid reads (" + e.what() +
                         "); a '#GOLLY <rule>' line names the rule Golly runs");
        }
    }
    // No rule line: toroid's default rule, two states. A rule toroid
    // refused (named, not at hand): its states are not known, all are kept.
    const int states = p.rule ? p.rule->states() : p.refused_rule ? 256 : 2;
    if (torus) {  // the whole board, as a torus
        p.whole_torus = true;
        check_host_memory({double(board_w) * double(board_h) / 8.0, "the MCell board", "", ""});
        p.cells = Grid(board_w, board_h);
        for (const Cell& c : cells) {
            const int s = c.state < states ? c.state : 1;
            p.cells.set_state(c.x + board_w / 2, c.y + board_h / 2, s);
        }
        return p;
    }
    if (cells.empty()) {
        p.cells = Grid(1, 1);
        return p;
    }
    std::int64_t x0 = cells[0].x, x1 = x0, y0 = cells[0].y, y1 = y0;
    for (const Cell& c : cells) {
        x0 = std::min(x0, c.x), x1 = std::max(x1, c.x);
        y0 = std::min(y0, c.y), y1 = std::max(y1, c.y);
    }
    check_host_memory(
        {double(x1 - x0 + 1) * double(y1 - y0 + 1) / 8.0, "the MCell pattern", "", ""});
    p.cells = Grid(x1 - x0 + 1, y1 - y0 + 1);
    for (const Cell& c : cells)
        p.cells.set_state(c.x - x0, c.y - y0, c.state < states ? c.state : 1);
    return p;
}

}  // namespace toroid
