// Format-independent pattern facade: detection, files, placement.
#include "toroid/io/pattern.hpp"

#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <string>

#include "text_error.hpp"
#include "toroid/core/backend.hpp"
#include "toroid/core/rule_path.hpp"
#include "toroid/io/file_io.hpp"
#include "toroid/io/gzip.hpp"
#include "toroid/io/life106.hpp"
#include "toroid/io/macrocell.hpp"
#include "toroid/io/mcell.hpp"
#include "toroid/io/plaintext.hpp"
#include "toroid/io/rle.hpp"

namespace toroid {

const char* format_name(PatternFormat f) {
    switch (f) {
        case PatternFormat::Rle:
            return "RLE";
        case PatternFormat::Plaintext:
            return "plaintext";
        case PatternFormat::Life106:
            return "Life 1.06";
        case PatternFormat::Macrocell:
            return "macrocell";
        case PatternFormat::MCell:
            return "MCell";
    }
    return "?";
}

std::optional<PatternFormat> detect_pattern_format(std::string_view text) {
    const std::size_t first = text.find_first_not_of(" \t\r\n\v\f");
    if (first == std::string_view::npos) return std::nullopt;
    const std::string_view rest = text.substr(first);
    if (rest.front() == '[') return PatternFormat::Macrocell;  // "[M2]": its reader checks the rest
    if (rest.substr(0, 10) == "#Life 1.06") return PatternFormat::Life106;
    if (rest.substr(0, 6) == "#MCell") return PatternFormat::MCell;
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

bool has_gzip_extension(std::string_view path) {
    if (path.size() < 3) return false;
    const std::string_view ext = path.substr(path.size() - 3);
    return ext[0] == '.' && (ext[1] == 'g' || ext[1] == 'G') && (ext[2] == 'z' || ext[2] == 'Z');
}

std::optional<PatternFormat> format_from_extension(std::string_view path) {
    if (has_gzip_extension(path)) path.remove_suffix(3);
    const auto dot = path.find_last_of('.');
    const auto slash = path.find_last_of('/');
    if (dot == std::string_view::npos || (slash != std::string_view::npos && dot < slash))
        return std::nullopt;
    std::string ext(path.substr(dot + 1));
    for (char& c : ext) c = (c >= 'A' && c <= 'Z') ? char(c - 'A' + 'a') : c;
    if (ext == "rle") return PatternFormat::Rle;
    if (ext == "cells") return PatternFormat::Plaintext;
    if (ext == "lif" || ext == "life") return PatternFormat::Life106;
    if (ext == "mc") return PatternFormat::Macrocell;
    if (ext == "mcl") return PatternFormat::MCell;
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
                         "(expected RLE, plaintext .cells, Life 1.06 or macrocell text, "
                         "or any of them gzip-compressed)");
    }
    const std::string_view start = detail::trim(text.substr(0, 64));
    if (start.substr(0, 5) == "@RULE")
        detail::throw_at(source, detail::TextPos{},
                         "this is a Golly rule file (@RULE: a rule table or tree for Golly's "
                         "RuleLoader), not a pattern; toroid runs two-state Life-like rules "
                         "written B<counts>/S<counts> (expected a pattern file: RLE, .cells, "
                         "Life 1.06 or macrocell)");
    if (!format) format = detect_pattern_format(text);
    const PatternFormat f = format.value_or(PatternFormat::Rle);
    Pattern p;
    switch (f) {
        case PatternFormat::Plaintext:
            p = parse_plaintext(text, source);
            break;
        case PatternFormat::Life106:
            p = parse_life106(text, source);
            break;
        case PatternFormat::Macrocell:
            p = parse_macrocell(text, source);
            break;
        case PatternFormat::MCell:
            p = parse_mcell(text, source);
            break;
        case PatternFormat::Rle:
            p = parse_rle(text, source);
            break;
    }
    p.format = f;
    return p;
}

namespace {

// Decompresses when the bytes are gzip; the format is `forced`, else the
// content's, else `fallback` (the file name's).
Pattern decode(std::string_view bytes, std::string_view source, std::optional<PatternFormat> forced,
               std::optional<PatternFormat> fallback) {
    const bool compressed = is_gzip(bytes);
    std::string inflated;
    if (compressed) inflated = gunzip(bytes, source);
    const std::string_view text = compressed ? std::string_view(inflated) : bytes;
    std::optional<PatternFormat> format = forced;
    if (!format) format = detect_pattern_format(text);
    if (!format) format = fallback;
    Pattern p = parse_pattern(text, source, format);
    p.compressed = compressed;
    return p;
}

}  // namespace

Pattern decode_pattern(std::string_view bytes, std::string_view source,
                       std::optional<PatternFormat> format) {
    return decode(bytes, source, format, std::nullopt);
}

Pattern read_pattern_file(const std::string& path) {
    if (path == "-") return decode(read_text_file(path), "<stdin>", std::nullopt, std::nullopt);
    // A named rule is looked for first beside the pattern (core/rule_path.hpp).
    set_pattern_rule_folder(std::filesystem::path(path).parent_path().string());
    return decode(read_text_file(path), path, std::nullopt, format_from_extension(path));
}

namespace {

PatternFormat output_format(const std::string& path) {
    const auto format = format_from_extension(path);
    if (!format)
        throw InputError("cannot tell the pattern format of '" + path +
                         "' from its extension (expected .rle, .cells, .lif, .life or .mc, each "
                         "optionally followed by .gz)");
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

std::string encode_pattern(const std::string& path, const Grid& g, const std::optional<Rule>& rule,
                           const WriteOptions& opts) {
    std::string text;
    const PatternFormat format = output_format(path);
    // Only RLE and macrocell have states beyond 1: the others are refused
    // before anything is written rather than losing states.
    if (format != PatternFormat::Rle && format != PatternFormat::Macrocell &&
        (g.state_planes() > 0 || (rule && rule->multi_state())))
        throw InputError("cannot write '" + path + "': " + format_name(format) +
                         " files hold two states, and this pattern has more (rule " +
                         (rule ? rule->to_string() : std::string("?")) +
                         "): write an .rle or .mc file");
    switch (format) {
        case PatternFormat::Rle:
            text = format_rle(g, rule, opts);
            break;
        case PatternFormat::Plaintext:
            text = format_plaintext(g, opts);
            break;
        case PatternFormat::Life106:
            text = format_life106(g, opts);
            break;
        case PatternFormat::Macrocell:
            text = format_macrocell(g, rule, opts);
            break;
        case PatternFormat::MCell:
            throw InputError("toroid reads MCell files (.mcl) but does not write them: write " +
                             path.substr(0, path.rfind('.')) + ".rle (RLE keeps every state)");
    }
    return has_gzip_extension(path) ? gzip_compress(text) : text;
}

void write_pattern_file(const std::string& path, const Grid& g, const std::optional<Rule>& rule,
                        const WriteOptions& opts) {
    write_file_atomic(path, encode_pattern(path, g, rule, opts));
}

void write_backend_pattern(const std::string& path, const Backend& backend,
                           const WriteOptions& opts) {
    if (output_format(path) == PatternFormat::Macrocell) {
        if (const auto text = backend.macrocell_text(opts)) {
            write_file_atomic(path, has_gzip_extension(path) ? gzip_compress(*text) : *text);
            return;
        }
    }
    write_pattern_file(path, backend.grid(), backend.rule(), opts);
}

namespace {

// ORs `src` into `dst` with its top-left corner at (x, y), a word at a time;
// src lies inside dst (no wrap).
void blit(Grid& dst, const Grid& src, std::int64_t x, std::int64_t y) {
    const std::int64_t shift = x % 64, first = x / 64;
    for (std::int64_t sy = 0; sy < src.height(); ++sy) {
        const auto in = src.row(sy);
        auto out = dst.row(y + sy);
        for (std::size_t i = 0; i < in.size(); ++i) {
            const std::uint64_t w = in[i];
            if (!w) continue;
            const std::size_t at = std::size_t(first) + i;
            out[at] |= w << shift;
            if (shift && at + 1 < out.size()) out[at + 1] |= w >> (64 - shift);
        }
    }
}

}  // namespace

Placement pattern_placement(const Pattern& p, std::int64_t width, std::int64_t height) {
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
    if (p.whole_torus) return {0, 0};
    return {(width - pw) / 2, (height - ph) / 2};
}

Grid place_pattern(const Pattern& p, std::int64_t width, std::int64_t height) {
    const Placement at = pattern_placement(p, width, height);
    if (p.cells.width() == width && p.cells.height() == height) return p.cells;  // nothing to move
    Grid g(width, height);
    blit(g, p.cells, at.x, at.y);
    return g;
}

}  // namespace toroid
