// Patterns: what a pattern file holds, independent of its format.
//
// Formats (docs/architecture.md, "Pattern I/O"): RLE (.rle), plaintext (.cells), Life 1.06
// (.lif/.life) and Golly's macrocell (.mc); each format's details are in
// rle.hpp, plaintext.hpp, life106.hpp and macrocell.hpp. Every format may be
// gzip-compressed (.rle.gz, .mc.gz, ...: gzip.hpp): readers recognise the
// stream by its content, writers compress when the name ends in .gz.
// Readers report malformed input as InputError naming the source, line and
// column ("glider.rle:3:5: ...") and what was expected. Binary input (NUL
// bytes) is refused up front.
//
// A file whose rule toroid recognises but does not simulate (Golly's Klein
// bottle and other bounded grids, multi-state rules: UnsupportedRule in
// rule.hpp) still reads: its two-state cells are kept, `rule` is empty and
// `refused_rule` holds the reason, so that the user's --rule and --size can
// run the cells anyway (pattern_torus.hpp raises the refusal otherwise).
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "toroid/core/grid.hpp"
#include "toroid/core/rule.hpp"

namespace toroid {

enum class PatternFormat { Rle, Plaintext, Life106, Macrocell, MCell };

struct MacrocellTree;  // io/macrocell.hpp
class Backend;         // core/backend.hpp

// "RLE", "plaintext", "Life 1.06", "macrocell", "MCell".
const char* format_name(PatternFormat f);

struct Pattern {
    // The live cells, in a grid exactly the size of the pattern's extent
    // (RLE: the header's x, y; others: the bounding box of the cells).
    Grid cells;
    std::optional<Rule> rule;           // from an RLE `rule =` header
    std::string name;                   // #N (RLE) / !Name: (plaintext)
    std::vector<std::string> comments;  // #C / #c / other ! lines, without the marker
    // True when the file gave the torus itself (RLE: x = W, y = H and
    // rule = ...:TW,H; macrocell: a :TW,H rule whose cells lie inside
    // Golly's grid): the pattern is a whole saved torus, placed at (0, 0).
    bool whole_torus = false;

    // Where it came from (set by parse_pattern / decode_pattern).
    PatternFormat format = PatternFormat::Rle;
    bool compressed = false;  // the file was gzip-compressed
    std::string rule_text;    // the rule as the file wrote it; empty when none
    // Why the file's rule cannot be simulated (UnsupportedRule's message);
    // `rule` is then empty. See the note at the top.
    std::optional<std::string> refused_rule;
    std::string generation;  // macrocell #G (decimal, may exceed 64 bits); empty when none
    // A whole torus too large for a Grid (a macrocell file of a 2^30 x 2^30
    // torus, say): `cells` is then empty (0 x 0) and the file's tree is here
    // (io/macrocell.hpp). Only what reads trees accepts such a pattern: the
    // hashlife backend (Backend::load_macrocell) and `toroid info`; other
    // commands refuse it (cli/pattern_lookup.hpp).
    std::shared_ptr<const MacrocellTree> tree;
};

// The format a text is in, from its first non-blank character: "[M2]"
// macrocell; "#Life 1.06" Life 1.06; '!', '.', 'O', '*' plaintext; 'x' or
// another '#' line RLE; nullopt when the content does not say.
std::optional<PatternFormat> detect_pattern_format(std::string_view text);
// The format an extension names (.rle, .cells, .lif, .life, .mc; any case;
// a trailing .gz is looked through), or nullopt.
std::optional<PatternFormat> format_from_extension(std::string_view path);
// True when the name ends in .gz (any case).
bool has_gzip_extension(std::string_view path);

// `source` names the input in error messages (a file name, or "<text>").
// Undetectable content is read as RLE (whose error then says what is missing).
Pattern parse_pattern(std::string_view text, std::string_view source,
                      std::optional<PatternFormat> format = std::nullopt);  // nullopt: detect
// Raw file bytes, gzip-compressed or not: decompresses (gzip.hpp), then
// parse_pattern; Pattern::compressed says which it was.
Pattern decode_pattern(std::string_view bytes, std::string_view source,
                       std::optional<PatternFormat> format = std::nullopt);
Pattern read_pattern_file(const std::string& path);  // format from content, then extension

struct WriteOptions {
    std::string name;
    std::vector<std::string> comments;
    bool crop = false;  // true: bounding box only; false: the whole torus (x = W, y = H, :TW,H)
};
std::string format_rle(const Grid& g, const std::optional<Rule>& rule, const WriteOptions& opts);
std::string format_plaintext(const Grid& g, const WriteOptions& opts);
std::string format_life106(const Grid& g, const WriteOptions& opts);
std::string format_macrocell(const Grid& g, const std::optional<Rule>& rule,
                             const WriteOptions& opts);
// The file's bytes: the format's text, gzip-compressed when the name ends in .gz.
std::string encode_pattern(const std::string& path, const Grid& g, const std::optional<Rule>& rule,
                           const WriteOptions& opts);
// Writes atomically (temporary file + rename); format from the extension
// (.rle, .cells, .lif/.life, .mc, each optionally + .gz); unknown extension
// -> InputError.
void write_pattern_file(const std::string& path, const Grid& g, const std::optional<Rule>& rule,
                        const WriteOptions& opts);
// The torus a backend holds, under its rule: a macrocell straight from the
// backend's storage when it offers one (Backend::macrocell_text: hashlife
// writes its tree, so a torus too large for a Grid is saved), otherwise
// write_pattern_file of its grid().
void write_backend_pattern(const std::string& path, const Backend& backend,
                           const WriteOptions& opts);
// InputError unless write_pattern_file(path, ...) could work: a known
// extension and an existing, writable folder. Call it before long work.
void check_writable_pattern_path(const std::string& path);

// Where a pattern goes in a width x height torus: its top-left corner at
// (0, 0) when whole_torus, otherwise centred ((width - w) / 2,
// (height - h) / 2). A pattern larger than the torus is an InputError that
// says so and suggests a size that fits.
struct Placement {
    std::int64_t x = 0, y = 0;
};
Placement pattern_placement(const Pattern& p, std::int64_t width, std::int64_t height);

// The torus holding the pattern at pattern_placement (rows copied a word at
// a time). For a huge torus, Backend::reset + write_region(p.cells, at)
// places it without building this grid.
Grid place_pattern(const Pattern& p, std::int64_t width, std::int64_t height);

}  // namespace toroid
