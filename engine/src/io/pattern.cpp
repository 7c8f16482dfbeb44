// Format-independent pattern facade: detection, files, placement.
#include "toroid/io/pattern.hpp"

#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <string>

#include "text_error.hpp"
#include "toroid/io/file_io.hpp"
#include "toroid/io/life106.hpp"
#include "toroid/io/plaintext.hpp"
#include "toroid/io/rle.hpp"

namespace toroid {

std::optional<PatternFormat> detect_pattern_format(std::string_view text) {
    const std::size_t first = text.find_first_not_of(" \t\r\n\v\f");
    if (first == std::string_view::npos) return std::nullopt;
    const std::string_view rest = text.substr(first);
    if (rest.substr(0, 10) == "#Life 1.06") return PatternFormat::Life106;
    if (rest.substr(0, 5) == "#Life")
        return PatternFormat::Life106;  // 1.05 etc.: its reader says what it expects
    switch (rest.front()) {
        case '!':
        case '.':
        case 'O':
        case '*':
            return PatternFormat::Plaintext;
        case '#':
        case 'x':
        case 'X':
            return PatternFormat::Rle;
        default:
            return std::nullopt;
    }
}

std::optional<PatternFormat> format_from_extension(std::string_view path) {
    const auto dot = path.find_last_of('.');
    const auto slash = path.find_last_of('/');
    if (dot == std::string_view::npos || (slash != std::string_view::npos && dot < slash))
        return std::nullopt;
    std::string ext(path.substr(dot + 1));
    for (char& c : ext) c = (c >= 'A' && c <= 'Z') ? char(c - 'A' + 'a') : c;
    if (ext == "rle") return PatternFormat::Rle;
    if (ext == "cells") return PatternFormat::Plaintext;
    if (ext == "lif" || ext == "life") return PatternFormat::Life106;
    return std::nullopt;
}

Pattern parse_pattern(std::string_view text, std::string_view source,
                      std::optional<PatternFormat> format) {
    const std::size_t nul = text.find('\0');
    if (nul != std::string_view::npos) {
        detail::TextPos pos;
        for (std::size_t i = 0; i < nul; ++i) {
            if (text[i] == '\n')
                ++pos.line, pos.column = 1;
            else
                ++pos.column;
        }
        detail::throw_at(source, pos,
                         "found a NUL byte: this is binary data, not a pattern file "
                         "(expected RLE, plaintext .cells or Life 1.06 text)");
    }
    if (!format) format = detect_pattern_format(text);
    switch (format.value_or(PatternFormat::Rle)) {
        case PatternFormat::Plaintext:
            return parse_plaintext(text, source);
        case PatternFormat::Life106:
            return parse_life106(text, source);
        case PatternFormat::Rle:
            break;
    }
    return parse_rle(text, source);
}

Pattern read_pattern_file(const std::string& path) {
    const std::string text = read_text_file(path);
    std::optional<PatternFormat> format = detect_pattern_format(text);
    if (!format) format = format_from_extension(path);
    return parse_pattern(text, path, format);
}

namespace {

PatternFormat output_format(const std::string& path) {
    const auto format = format_from_extension(path);
    if (!format)
        throw InputError("cannot tell the pattern format of '" + path +
                         "' from its extension (expected .rle, .cells, .lif or .life)");
    return *format;
}

}  // namespace

void check_writable_pattern_path(const std::string& path) {
    output_format(path);
    const std::size_t slash = path.find_last_of('/');
    const std::string dir =
        slash == std::string::npos ? "." : (slash == 0 ? "/" : path.substr(0, slash));
    if (::access(dir.c_str(), W_OK) != 0)
        throw InputError("cannot write '" + path + "': folder '" + dir + "' " +
                         (errno == ENOENT
                              ? "does not exist"
                              : "is not writable (" + std::string(std::strerror(errno)) + ")"));
}

void write_pattern_file(const std::string& path, const Grid& g, const std::optional<Rule>& rule,
                        const WriteOptions& opts) {
    const auto format = std::optional<PatternFormat>(output_format(path));
    std::string text;
    switch (*format) {
        case PatternFormat::Rle:
            text = format_rle(g, rule, opts);
            break;
        case PatternFormat::Plaintext:
            text = format_plaintext(g, opts);
            break;
        case PatternFormat::Life106:
            text = format_life106(g, opts);
            break;
    }
    write_file_atomic(path, text);
}

Grid place_pattern(const Pattern& p, std::int64_t width, std::int64_t height) {
    const std::int64_t pw = p.cells.width(), ph = p.cells.height();
    if (pw > width || ph > height) {
        const std::string what =
            p.name.empty() ? std::string("the pattern") : "pattern '" + p.name + "'";
        throw InputError(what + " is " + std::to_string(pw) + " x " + std::to_string(ph) +
                         " cells, larger than the " + std::to_string(width) + " x " +
                         std::to_string(height) + " torus; use a torus of at least " +
                         std::to_string(std::max(pw, width)) + " x " +
                         std::to_string(std::max(ph, height)) + " (e.g. " +
                         std::to_string(std::max(pw * 2, width)) + " x " +
                         std::to_string(std::max(ph * 2, height)) + " to leave it room to evolve)");
    }
    if (pw == width && ph == height) return p.cells;  // fills the torus: nothing to move
    Grid g(width, height);
    if (p.whole_torus)
        g.paste(p.cells, 0, 0);
    else
        g.paste(p.cells, (width - pw) / 2, (height - ph) / 2);
    return g;
}

}  // namespace toroid
