// Plaintext .cells reader and writer (contract in toroid/io/plaintext.hpp).
#include "toroid/io/plaintext.hpp"

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "text_error.hpp"

namespace toroid {

using detail::describe_byte;
using detail::TextPos;
using detail::throw_at;
using detail::trim;

Pattern parse_plaintext(std::string_view text, std::string_view source) {
    Pattern p;
    std::vector<std::string_view> rows;  // cell rows, trailing blanks removed
    std::vector<std::int64_t> row_lines;
    std::size_t last_nonblank = 0;  // rows.size() after the last non-blank row
    std::int64_t width = 0;
    detail::for_each_line(text, [&](std::string_view line, std::int64_t line_no) {
        while (!line.empty() && detail::is_blank(line.back())) line.remove_suffix(1);
        if (!line.empty() && line.front() == '!') {
            std::string_view body = line.substr(1);
            if (body.substr(0, 5) == "Name:")
                p.name = std::string(trim(body.substr(5)));
            else {
                if (!body.empty() && body.front() == ' ') body.remove_prefix(1);
                p.comments.emplace_back(body);
            }
            return true;
        }
        for (std::size_t i = 0; i < line.size(); ++i) {
            const char c = line[i];
            if (c != '.' && c != 'O' && c != 'o' && c != '*')
                throw_at(source, TextPos{line_no, std::int64_t(i) + 1},
                         "unexpected " + describe_byte(c) +
                             " in a plaintext pattern (expected '.' dead or 'O' alive)");
        }
        rows.push_back(line);
        row_lines.push_back(line_no);
        if (!line.empty()) last_nonblank = rows.size();
        width = std::max<std::int64_t>(width, std::int64_t(line.size()));
        return true;
    });
    rows.resize(last_nonblank);
    if (rows.empty() || width == 0)
        throw InputError(std::string(source) +
                         ": no pattern rows in the plaintext file (expected rows of '.' and 'O')");
    const auto height = std::int64_t(rows.size());
    try {
        check_grid_fits(width, height);
    } catch (const InputError& e) {
        throw InputError(std::string(source) + ": the plaintext pattern is too large: " + e.what());
    }
    p.cells = Grid(width, height);
    for (std::int64_t y = 0; y < height; ++y) {
        const auto& row = rows[std::size_t(y)];
        for (std::size_t x = 0; x < row.size(); ++x)
            if (row[x] != '.') p.cells.set(std::int64_t(x), y, true);
    }
    return p;
}

std::string format_plaintext(const Grid& g, const WriteOptions& opts) {
    std::string out;
    auto comment_lines = [&](const std::string& prefix, const std::string& text) {
        std::size_t start = 0;
        for (;;) {
            const std::size_t end = text.find('\n', start);
            std::string_view part = std::string_view(text).substr(
                start, end == std::string::npos ? std::string::npos : end - start);
            while (!part.empty() && part.back() == '\r') part.remove_suffix(1);
            out += prefix;
            out += part;
            out += '\n';
            if (end == std::string::npos) break;
            start = end + 1;
        }
    };
    if (!opts.name.empty()) comment_lines("!Name: ", opts.name);
    for (const auto& c : opts.comments) comment_lines("!", c);
    Rect r{0, 0, g.width(), g.height()};
    if (opts.crop) {
        r = g.bounding_box();
        if (r.empty()) r = Rect{0, 0, 1, 1};
    }
    std::string line;
    for (std::int64_t y = 0; y < r.height; ++y) {
        line.assign(std::size_t(r.width), '.');
        for (std::int64_t x = 0; x < r.width; ++x)
            if (g.get(r.x + x, r.y + y)) line[std::size_t(x)] = 'O';
        out += line;
        out += '\n';
    }
    return out;
}

}  // namespace toroid
