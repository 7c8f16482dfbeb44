// RLE reader and writer (contract in toroid/io/rle.hpp).
#include "toroid/io/rle.hpp"

#include <algorithm>
#include <bit>
#include <cstdint>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "text_error.hpp"
#include "toroid/error.hpp"

namespace toroid {
namespace {

using detail::describe_byte;
using detail::is_blank;
using detail::TextPos;
using detail::throw_at;
using detail::trim;

// Sizes and run counts above this are refused before any arithmetic on them.
constexpr std::int64_t kMaxCount = std::int64_t(1) << 40;

bool is_digit(char c) {
    return c >= '0' && c <= '9';
}
char lower(char c) {
    return (c >= 'A' && c <= 'Z') ? char(c - 'A' + 'a') : c;
}

// Sets cells x .. x + n - 1 of row y (all inside the grid) word by word.
void fill_run(Grid& g, std::int64_t x, std::int64_t y, std::int64_t n) {
    auto row = g.row(y);
    std::int64_t end = x + n;
    while (x < end) {
        const std::int64_t word = x / 64, bit = x % 64;
        const std::int64_t take = std::min<std::int64_t>(64 - bit, end - x);
        const std::uint64_t mask = (take == 64 ? ~0ULL : ((1ULL << take) - 1)) << bit;
        row[std::size_t(word)] |= mask;
        x += take;
    }
}

// Header: "x = W, y = H[, rule = R]" on one line, spaces optional.
struct Header {
    std::int64_t width = 0, height = 0;
    std::optional<Rule> rule;
    std::string rule_text;
    std::optional<std::string> refused_rule;  // UnsupportedRule: deferred (pattern.hpp)
};

class HeaderParser {
  public:
    HeaderParser(std::string_view line, std::int64_t line_no, std::string_view source)
        : line_(line), line_no_(line_no), source_(source) {}

    Header parse() {
        Header h;
        bool have_x = false, have_y = false;
        for (;;) {
            skip_blanks();
            if (done()) break;
            const std::size_t key_start = pos_;
            std::string key;
            while (!done() && line_[pos_] != '=' && line_[pos_] != ',' && !is_blank(line_[pos_]))
                key += lower(line_[pos_++]);
            skip_blanks();
            if (done() || line_[pos_] != '=')
                fail(pos_, "expected '=' after '" + key +
                               "' in the RLE header 'x = <width>, y = <height>[, rule = <rule>]'");
            ++pos_;
            skip_blanks();
            if (key == "x" || key == "y") {
                const std::int64_t v = size_value(key);
                (key == "x" ? h.width : h.height) = v;
                (key == "x" ? have_x : have_y) = true;
            } else if (key == "rule") {
                // The rule runs to the end of the line: ":T640,480" holds a comma.
                const std::size_t start = pos_;
                const std::string_view text = trim(line_.substr(pos_));
                pos_ = line_.size();
                if (text.empty())
                    fail(start, "empty rule after 'rule =' (expected e.g. rule = B3/S23)");
                h.rule_text = std::string(text);
                try {
                    h.rule = Rule::parse(text);
                } catch (const UnsupportedRule& e) {
                    h.refused_rule = e.what();
                } catch (const InputError& e) {
                    fail(start, std::string("bad rule in the RLE header: ") + e.what());
                }
            } else {
                fail(key_start, "unknown RLE header field '" + key + "' (expected x, y or rule)");
            }
            skip_blanks();
            if (done()) break;
            if (line_[pos_] != ',')
                fail(pos_,
                     "expected ',' between RLE header fields, found " + describe_byte(line_[pos_]));
            ++pos_;
        }
        if (!have_x || !have_y)
            fail(0, std::string("the RLE header lacks '") + (have_x ? "y" : "x") +
                        " = ...' (expected 'x = <width>, y = <height>[, rule = <rule>]')");
        return h;
    }

  private:
    bool done() const { return pos_ >= line_.size(); }
    void skip_blanks() {
        while (!done() && is_blank(line_[pos_])) ++pos_;
    }
    [[noreturn]] void fail(std::size_t at, const std::string& what) const {
        throw_at(source_, TextPos{line_no_, std::int64_t(at) + 1}, what);
    }
    std::int64_t size_value(const std::string& key) {
        const std::size_t start = pos_;
        if (!done() && line_[pos_] == '-')
            fail(start, "negative pattern " + std::string(key == "x" ? "width" : "height") +
                            " in the RLE header (expected " + key + " >= 1)");
        std::int64_t v = 0;
        if (done() || !is_digit(line_[pos_]))
            fail(start, "expected a number after '" + key + " =' in the RLE header");
        while (!done() && is_digit(line_[pos_])) {
            v = v * 10 + (line_[pos_++] - '0');
            if (v > kMaxCount) fail(start, "pattern size " + key + " is too large (at most 2^40)");
        }
        if (v == 0)
            fail(start, "zero pattern " + std::string(key == "x" ? "width" : "height") +
                            " in the RLE header (expected " + key + " >= 1)");
        return v;
    }

    std::string_view line_;
    std::int64_t line_no_;
    std::string_view source_;
    std::size_t pos_ = 0;
};

void add_comment(Pattern& p, std::string_view line) {
    // line starts with '#'
    if (line.substr(0, 6) == "#CXRLE") {
        // Golly's extended RLE (Pos=, Gen=): position and generation, not a
        // comment; kept verbatim so that callers can see it, never rewritten.
        std::string_view text = line;
        while (!text.empty() && text.back() == '\r') text.remove_suffix(1);
        p.comments.emplace_back(text);
    } else if (line.size() >= 2 && (line[1] == 'C' || line[1] == 'c')) {
        std::string_view text = line.substr(2);
        if (!text.empty() && text.front() == ' ') text.remove_prefix(1);
        while (!text.empty() && (text.back() == '\r' || text.back() == ' ')) text.remove_suffix(1);
        p.comments.emplace_back(text);
    } else if (line.size() >= 2 && line[1] == 'N') {
        p.name = std::string(trim(line.substr(2)));
    } else {
        std::string_view text = line;
        while (!text.empty() && text.back() == '\r') text.remove_suffix(1);
        p.comments.emplace_back(text);  // verbatim (#O author, #R, ...): written back as is
    }
}

}  // namespace

Pattern parse_rle(std::string_view text, std::string_view source) {
    Pattern p;
    // 1. Comment lines, then the header line.
    std::size_t pos = 0;
    std::int64_t line_no = 1;
    std::optional<Header> header;
    while (pos < text.size()) {
        std::size_t end = text.find('\n', pos);
        if (end == std::string_view::npos) end = text.size();
        const std::string_view line = text.substr(pos, end - pos);
        const std::size_t first = line.find_first_not_of(" \t\r\v\f");
        if (first != std::string_view::npos) {
            if (line[first] == '#') {
                add_comment(p, line.substr(first));
            } else if (lower(line[first]) == 'x') {
                header = HeaderParser(line, line_no, source).parse();
                pos = end + 1;
                ++line_no;
                break;
            } else {
                throw_at(source, TextPos{line_no, std::int64_t(first) + 1},
                         "expected the RLE header 'x = <width>, y = <height>[, rule = <rule>]' "
                         "before the "
                         "pattern, found " +
                             describe_byte(line[first]));
            }
        }
        pos = end + 1;
        ++line_no;
    }
    if (!header)
        throw InputError(
            std::string(source) +
            ": no RLE header: expected a line 'x = <width>, y = <height>[, rule = <rule>]'");
    try {
        check_grid_fits(header->width, header->height);
    } catch (const InputError& e) {
        throw_at(source, TextPos{line_no - 1, 1},
                 std::string("the RLE header's size is too large: ") + e.what());
    }
    p.cells = Grid(header->width, header->height);
    p.rule = header->rule;
    p.rule_text = header->rule_text;
    p.refused_rule = header->refused_rule;
    if (p.rule && p.rule->torus() && p.rule->torus()->width == header->width &&
        p.rule->torus()->height == header->height)
        p.whole_torus = true;

    // 2. The body.
    const std::int64_t w = header->width, h = header->height;
    std::int64_t x = 0, y = 0;
    std::int64_t count = -1;  // -1: no count pending
    TextPos count_pos, here{line_no, 1};
    bool at_line_start = true;
    for (; pos < text.size(); ++pos) {
        // Most of a soup's text: "b", "o" or a one-digit count before one,
        // inside the grid. Taken without branching on the digit (random in a
        // soup); anything else goes the general way below.
        if (count < 0 && pos + 1 < text.size()) {
            const unsigned d = unsigned(text[pos] - '1');  // '1'..'9': 0..8
            const bool digit = d < 9;
            const char tag = digit ? text[pos + 1] : text[pos];
            const std::int64_t n = digit ? std::int64_t(d) + 1 : 1;
            bool taken = true;
            if (tag == 'b' || tag == '.') {
                x = std::min(x + n, kMaxCount * 2);
            } else if ((tag == 'o' || tag == 'A') && y < h && x + n <= w) {
                fill_run(p.cells, x, y, n);
                x += n;
            } else {
                taken = false;
            }
            if (taken) {
                pos += std::size_t(digit);
                here.column += 1 + std::int64_t(digit);
                at_line_start = false;
                continue;
            }
        }
        const char c = text[pos];
        const TextPos at = here;
        if (c == '\n') {
            ++here.line;
            here.column = 1;
            at_line_start = true;
            continue;
        }
        ++here.column;
        if (is_blank(c)) continue;
        if (c == '#' && at_line_start && count < 0) {  // a comment line inside the body
            const std::size_t end = text.find('\n', pos);
            pos = (end == std::string_view::npos ? text.size() : end) - 1;
            here.column = 1;  // reset by the '\n' that follows anyway
            continue;
        }
        at_line_start = false;
        if (is_digit(c)) {
            if (count < 0) {
                count = 0;
                count_pos = at;
            }
            count = count * 10 + (c - '0');
            if (count > kMaxCount)
                throw_at(source, count_pos,
                         "run count is too large (at most 2^40; the pattern is " +
                             std::to_string(w) + " x " + std::to_string(h) + ")");
            continue;
        }
        if (count == 0) throw_at(source, count_pos, "run count 0 (expected a count >= 1)");
        const std::int64_t n = count < 0 ? 1 : count;
        const TextPos run_pos = count < 0 ? at : count_pos;  // errors point at the run's start
        count = -1;
        if (c == 'b' || c == '.') {
            x = std::min(x + n, kMaxCount * 2);
        } else if (c == 'o' || c == 'A') {
            if (y >= h)
                throw_at(source, run_pos,
                         "live cells in row " + std::to_string(y + 1) +
                             " exceed the header's height y = " + std::to_string(h));
            if (x + n > w)
                throw_at(source, run_pos,
                         "live cells reach column " + std::to_string(x + n) + " of row " +
                             std::to_string(y + 1) +
                             ", beyond the header's width x = " + std::to_string(w));
            fill_run(p.cells, x, y, n);
            x += n;
        } else if (c == '$') {
            y = std::min(y + n, kMaxCount * 2);
            x = 0;
        } else if (c == '!') {
            return p;
        } else if ((c >= 'B' && c <= 'X') || (c >= 'p' && c <= 'y')) {
            // Golly's multi-state tags: 'B'..'X' are states 2..24, and a prefix
            // 'p'..'y' before 'A'..'X' adds 24 per letter from 25 ('pA').
            if (p.refused_rule)
                throw_at(source, at,
                         "cell state tag " + describe_byte(c) +
                             " is a state > 1 of a multi-state pattern (rule " + p.rule_text +
                             "); toroid runs two-state rules, Generations and Larger than Life "
                             "(expected b, o, $ or !)");
            int state = c - 'A' + 1;
            if (c >= 'p') {
                const char letter = pos + 1 < text.size() ? text[pos + 1] : '\0';
                if (letter < 'A' || letter > 'X')
                    throw_at(source, at,
                             "state prefix " + describe_byte(c) +
                                 " must be followed by a state letter A..X (e.g. 'pA', state 25)");
                state = 25 + (c - 'p') * 24 + (letter - 'A');
                ++pos;
                ++here.column;
            }
            // No rule header means B3/S23 (two states), as everywhere.
            const Rule rule = p.rule.value_or(Rule());
            if (state >= rule.states())
                throw_at(source, run_pos,
                         "cell state tag " + describe_byte(c) + " is state " +
                             std::to_string(state) +
                             (rule.multi_state()
                                  ? ", beyond rule " + rule.to_string() + ", whose states are 0.." +
                                        std::to_string(rule.states() - 1)
                                  : " (a state > 1) of a multi-state pattern, but rule " +
                                        rule.to_string() +
                                        " is two-state (expected b, o, $ or !, or a "
                                        "Generations rule in the header)"));
            if (y >= h || x + n > w)
                throw_at(source, run_pos,
                         "cells reach column " + std::to_string(x + n) + " of row " +
                             std::to_string(y + 1) + ", beyond the header's size x = " +
                             std::to_string(w) + ", y = " + std::to_string(h));
            for (std::int64_t i = 0; i < n; ++i) p.cells.set_state(x + i, y, state);
            x += n;
        } else {
            throw_at(source, at,
                     "unexpected " + describe_byte(c) +
                         " in the RLE pattern (expected a run count, b, o, $ or !)");
        }
    }
    if (count >= 0)
        throw_at(source, count_pos,
                 "the file ends in the middle of a run: count " + std::to_string(count) +
                     " has no tag (expected b, o, $ or ! after it; is the file truncated?)");
    return p;  // a missing final '!' is accepted, as Golly does
}

namespace {

// Appends tokens, breaking lines so that none exceeds 70 characters.
class RleWriter {
  public:
    explicit RleWriter(std::string& out) : out_(out) {}
    void token(std::int64_t n, char tag) { token(n, std::string(1, tag)); }
    void token(std::int64_t n, const std::string& tag) {
        std::string t = n > 1 ? std::to_string(n) : std::string();
        t += tag;
        if (line_len_ + t.size() > 70) {
            out_ += '\n';
            line_len_ = 0;
        }
        out_ += t;
        line_len_ += t.size();
    }

  private:
    std::string& out_;
    std::size_t line_len_ = 0;
};

// The first cell in [x, end) of `row` whose state is not `alive` (or end),
// a word at a time. The region lies inside the row (no wrap).
std::int64_t next_change(std::span<const std::uint64_t> row, std::int64_t x, std::int64_t end,
                         bool alive) {
    const std::uint64_t flip = alive ? ~0ULL : 0ULL;
    while (x < end) {
        const std::uint64_t word = (row[std::size_t(x / 64)] ^ flip) >> (x % 64);
        if (word != 0) return std::min(end, x + std::countr_zero(word));
        x = (x / 64 + 1) * 64;
    }
    return end;
}

// Golly's multi-state tags: '.' for 0, 'A'..'X' for 1..24, then 'p'..'y'
// before 'A'..'X' for 25.. (255 is "yO").
std::string state_tag(int state) {
    if (state == 0) return ".";
    if (state <= 24) return std::string(1, char('A' + state - 1));
    return std::string{char('p' + (state - 25) / 24), char('A' + (state - 25) % 24)};
}

// The body of a multi-state grid: runs of equal states per row; rows of no
// live cell cost a word per 64 cells.
void write_multistate_body(RleWriter& w, const Grid& g, const Rect& r) {
    std::int64_t pending_rows = 0;
    std::vector<std::pair<int, std::int64_t>> runs;
    auto word_any = [&](std::int64_t y, std::int64_t j) {
        std::uint64_t any = 0;
        for (int p = 0; p <= g.state_planes(); ++p)
            any |= g.plane(p)[std::size_t(y * g.words_per_row() + j)];
        return any;
    };
    for (std::int64_t y = 0; y < r.height; ++y) {
        if (y > 0) ++pending_rows;
        runs.clear();
        auto add = [&](int state, std::int64_t n) {
            if (!runs.empty() && runs.back().first == state)
                runs.back().second += n;
            else
                runs.emplace_back(state, n);
        };
        for (std::int64_t x = r.x; x < r.x + r.width;) {
            if (x % 64 == 0 && x + 64 <= r.x + r.width && word_any(r.y + y, x / 64) == 0) {
                add(0, 64);
                x += 64;
                continue;
            }
            add(g.state(x, r.y + y), 1);
            ++x;
        }
        if (!runs.empty() && runs.back().first == 0) runs.pop_back();
        if (runs.empty()) continue;
        if (pending_rows > 0) w.token(pending_rows, "$");
        pending_rows = 0;
        for (auto [state, run] : runs) w.token(run, state_tag(state));
    }
    w.token(1, "!");
}

void write_comment_lines(std::string& out, const std::string& prefix, const std::string& text) {
    std::size_t start = 0;
    for (;;) {
        std::size_t end = text.find('\n', start);
        std::string_view part = std::string_view(text).substr(
            start, end == std::string::npos ? std::string::npos : end - start);
        while (!part.empty() && part.back() == '\r') part.remove_suffix(1);
        out += prefix;
        if (!part.empty() && !prefix.empty()) out += ' ';
        out += part;
        out += '\n';
        if (end == std::string::npos) break;
        start = end + 1;
    }
}

}  // namespace

std::string format_rle(const Grid& g, const std::optional<Rule>& rule, const WriteOptions& opts) {
    std::string out;
    if (!opts.name.empty()) write_comment_lines(out, "#N", opts.name);
    for (const auto& c : opts.comments) {
        // #O author, #R / #r / #P position lines read from a file go back as they were.
        const bool verbatim = c.size() >= 2 && c[0] == '#' &&
                              std::string_view("ORrP").find(c[1]) != std::string_view::npos &&
                              c.find('\n') == std::string::npos;
        if (c.rfind("#CXRLE", 0) == 0) continue;  // describes the file it was read from
        if (verbatim)
            out += c + "\n";  // verbatim line read from a file (#O, #R, ...)
        else
            write_comment_lines(out, "#C", c);
    }
    Rect r{0, 0, g.width(), g.height()};
    Rule written = rule.value_or(Rule());
    if (opts.crop) {
        r = g.bounding_box();
        if (r.empty()) r = Rect{0, 0, 1, 1};
    } else {
        written = written.with_torus(TorusSize{g.width(), g.height()});
    }
    out += "x = " + std::to_string(r.width) + ", y = " + std::to_string(r.height) +
           ", rule = " + written.to_string() + "\n";
    RleWriter w(out);
    if (g.state_planes() > 0 || written.multi_state()) {
        write_multistate_body(w, g, r);
        out += '\n';
        return out;
    }
    std::int64_t pending_rows = 0;  // row ends not yet written
    std::vector<std::pair<bool, std::int64_t>> runs;
    for (std::int64_t y = 0; y < r.height; ++y) {
        if (y > 0) ++pending_rows;
        runs.clear();
        const auto row = g.row(r.y + y);
        for (std::int64_t x = r.x; x < r.x + r.width;) {
            const bool alive = (row[std::size_t(x / 64)] >> (x % 64)) & 1;
            const std::int64_t end = next_change(row, x, r.x + r.width, alive);
            runs.emplace_back(alive, end - x);
            x = end;
        }
        if (!runs.empty() && !runs.back().first)
            runs.pop_back();         // trailing dead cells are dropped
        if (runs.empty()) continue;  // empty row: merged into n$
        if (pending_rows > 0) w.token(pending_rows, '$');
        pending_rows = 0;
        for (auto [alive, run] : runs) w.token(run, alive ? 'o' : 'b');
    }
    w.token(1, '!');
    out += '\n';
    return out;
}

}  // namespace toroid
