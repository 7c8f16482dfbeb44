// Life 1.06 reader and writer (contract in toroid/io/life106.hpp).
#include "toroid/io/life106.hpp"

#include <algorithm>
#include <limits>
#include <string>
#include <utility>
#include <vector>

#include "text_error.hpp"

namespace toroid {

using detail::describe_byte;
using detail::TextPos;
using detail::throw_at;
using detail::trim;

namespace {

constexpr std::int64_t kMaxCoord = std::int64_t(1) << 40;

// Reads one optionally negative integer at line[i], advancing i.
std::int64_t read_coord(std::string_view line, std::size_t& i, std::int64_t line_no,
                        std::string_view source, const char* which) {
    const std::size_t start = i;
    bool neg = false;
    if (i < line.size() && (line[i] == '-' || line[i] == '+')) neg = line[i++] == '-';
    if (i >= line.size() || line[i] < '0' || line[i] > '9')
        throw_at(
            source, TextPos{line_no, std::int64_t(i) + 1},
            std::string("expected the ") + which + " coordinate (an integer) of a cell, found " +
                (i >= line.size() ? std::string("the end of the line") : describe_byte(line[i])));
    std::int64_t v = 0;
    while (i < line.size() && line[i] >= '0' && line[i] <= '9') {
        v = v * 10 + (line[i++] - '0');
        if (v >= kMaxCoord)
            throw_at(source, TextPos{line_no, std::int64_t(start) + 1},
                     std::string(which) + " coordinate is too large (|" + which +
                         "| must be below 2^40)");
    }
    return neg ? -v : v;
}

}  // namespace

Pattern parse_life106(std::string_view text, std::string_view source) {
    Pattern p;
    bool have_header = false;
    std::vector<std::pair<std::int64_t, std::int64_t>> cells;
    detail::for_each_line(text, [&](std::string_view line, std::int64_t line_no) {
        const std::string_view t = trim(line);
        if (!have_header) {
            if (t.empty()) return true;
            if (t != "#Life 1.06")
                throw_at(source, TextPos{line_no, 1}, "expected the Life 1.06 header '#Life 1.06'");
            have_header = true;
            return true;
        }
        if (t.empty()) return true;
        if (t.front() == '#') {
            if (t == "#Life 1.06") return true;  // a repeated header
            if (t.size() >= 2 && t[1] == 'N')
                p.name = std::string(trim(t.substr(2)));
            else if (t.size() >= 2 && (t[1] == 'D' || t[1] == 'C'))
                p.comments.emplace_back(trim(t.substr(2)));
            else
                p.comments.emplace_back(t);
            return true;
        }
        std::size_t i = 0;
        while (i < line.size() && detail::is_blank(line[i])) ++i;
        const std::int64_t x = read_coord(line, i, line_no, source, "x");
        if (i >= line.size() || !detail::is_blank(line[i]))
            throw_at(source, TextPos{line_no, std::int64_t(i) + 1},
                     "expected a space between the x and y coordinates, found " +
                         (i >= line.size() ? std::string("the end of the line")
                                           : describe_byte(line[i])));
        while (i < line.size() && detail::is_blank(line[i])) ++i;
        const std::int64_t y = read_coord(line, i, line_no, source, "y");
        while (i < line.size() && detail::is_blank(line[i])) ++i;
        if (i < line.size())
            throw_at(source, TextPos{line_no, std::int64_t(i) + 1},
                     "unexpected " + describe_byte(line[i]) + " after a cell's 'x y' coordinates");
        cells.emplace_back(x, y);
        return true;
    });
    if (!have_header)
        throw InputError(std::string(source) + ": empty file (expected the header '#Life 1.06')");
    if (cells.empty()) {
        p.cells = Grid(1, 1);
        return p;
    }
    std::int64_t x0 = std::numeric_limits<std::int64_t>::max(), y0 = x0;
    std::int64_t x1 = std::numeric_limits<std::int64_t>::min(), y1 = x1;
    for (auto [x, y] : cells) {
        x0 = std::min(x0, x), x1 = std::max(x1, x);
        y0 = std::min(y0, y), y1 = std::max(y1, y);
    }
    try {
        check_grid_fits(x1 - x0 + 1, y1 - y0 + 1);
    } catch (const InputError& e) {
        throw InputError(std::string(source) + ": the Life 1.06 cells span " +
                         std::to_string(x1 - x0 + 1) + " x " + std::to_string(y1 - y0 + 1) +
                         ", too large: " + e.what());
    }
    p.cells = Grid(x1 - x0 + 1, y1 - y0 + 1);
    for (auto [x, y] : cells) p.cells.set(x - x0, y - y0, true);
    return p;
}

std::string format_life106(const Grid& g, const WriteOptions& opts) {
    std::string out = "#Life 1.06\n";
    Rect r{0, 0, g.width(), g.height()};
    if (opts.crop) r = g.bounding_box();
    for (std::int64_t y = 0; y < r.height; ++y)
        for (std::int64_t x = 0; x < r.width; ++x)
            if (g.get(r.x + x, r.y + y)) out += std::to_string(x) + " " + std::to_string(y) + "\n";
    return out;
}

}  // namespace toroid
