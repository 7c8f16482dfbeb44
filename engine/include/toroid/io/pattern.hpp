// Patterns: what a pattern file holds, independent of its format.
//
// Formats (DESIGN.md "Files"): RLE (.rle), plaintext (.cells), Life 1.06
// (.lif/.life); each format's details are in rle.hpp, plaintext.hpp and
// life106.hpp. Readers report malformed input as InputError naming the
// source, line and column ("glider.rle:3:5: ...") and what was expected.
// Binary input (NUL bytes) is refused up front.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "toroid/core/grid.hpp"
#include "toroid/core/rule.hpp"

namespace toroid {

enum class PatternFormat { Rle, Plaintext, Life106 };

struct Pattern {
    // The live cells, in a grid exactly the size of the pattern's extent
    // (RLE: the header's x, y; others: the bounding box of the cells).
    Grid cells;
    std::optional<Rule> rule;           // from an RLE `rule =` header
    std::string name;                   // #N (RLE) / !Name: (plaintext)
    std::vector<std::string> comments;  // #C / #c / other ! lines, without the marker
    // True when the RLE header gave the torus itself (x = W, y = H and
    // rule = ...:TW,H): the pattern is a whole saved torus, placed at (0, 0).
    bool whole_torus = false;
};

// The format a text is in, from its first non-blank character: "#Life 1.06"
// Life 1.06; '!', '.', 'O', '*' plaintext; 'x' or another '#' line RLE;
// nullopt when the content does not say.
std::optional<PatternFormat> detect_pattern_format(std::string_view text);
// The format an extension names (.rle, .cells, .lif, .life; any case), or nullopt.
std::optional<PatternFormat> format_from_extension(std::string_view path);

// `source` names the input in error messages (a file name, or "<text>").
// Undetectable content is read as RLE (whose error then says what is missing).
Pattern parse_pattern(std::string_view text, std::string_view source,
                      std::optional<PatternFormat> format = std::nullopt);  // nullopt: detect
Pattern read_pattern_file(const std::string& path);  // format from content, then extension

struct WriteOptions {
    std::string name;
    std::vector<std::string> comments;
    bool crop = false;  // true: bounding box only; false: the whole torus (x = W, y = H, :TW,H)
};
std::string format_rle(const Grid& g, const std::optional<Rule>& rule, const WriteOptions& opts);
std::string format_plaintext(const Grid& g, const WriteOptions& opts);
std::string format_life106(const Grid& g, const WriteOptions& opts);
// Writes atomically (temporary file + rename); format from the extension
// (.rle, .cells, .lif/.life); unknown extension -> InputError.
void write_pattern_file(const std::string& path, const Grid& g, const std::optional<Rule>& rule,
                        const WriteOptions& opts);
// InputError unless write_pattern_file(path, ...) could work: a known
// extension and an existing, writable folder. Call it before long work.
void check_writable_pattern_path(const std::string& path);

// Places a pattern in a width x height torus: at (0, 0) when whole_torus,
// otherwise centred (top-left corner at ((width - w) / 2, (height - h) / 2)).
// A pattern larger than the torus is an InputError that says so and
// suggests a size that fits.
Grid place_pattern(const Pattern& p, std::int64_t width, std::int64_t height);

}  // namespace toroid
