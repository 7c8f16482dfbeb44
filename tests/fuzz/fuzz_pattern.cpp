// libFuzzer target: decode_pattern on arbitrary bytes (gzip or not, format
// auto-detected: RLE, plaintext, Life 1.06, macrocell). An InputError is the
// expected answer to bad input; any other exception or a crash is a bug. A
// pattern that parses must round-trip through format_rle and format_macrocell,
// both as a whole torus and cropped to its bounding box, and through gzip.
//
// Inputs holding a number of 5 to 19 significant digits are skipped: such a header size
// is legitimate and allocates up to the machine's memory, which libFuzzer
// would report as an out-of-memory "crash". Numbers of 20 digits or more
// (overflow) and of up to 4 digits are still exercised. For the same reason
// macrocell node levels above 12 (squares over 4096 cells wide, which a few
// bytes can fill) are skipped; deeper files with few cells are unit-tested.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "fuzz_support.hpp"
#include "toroid/error.hpp"
#include "toroid/io/gzip.hpp"
#include "toroid/io/pattern.hpp"

namespace {

using toroid::fuzz::fail;
using toroid::fuzz::has_deep_node;

bool has_mid_sized_number(std::string_view text) {
    std::size_t digits = 0;  // significant digits of the current number (leading zeros skipped)
    for (std::size_t i = 0; i <= text.size(); ++i) {
        if (i < text.size() && text[i] >= '0' && text[i] <= '9') {
            if (digits > 0 || text[i] != '0') ++digits;
        } else {
            if (digits >= 5 && digits <= 19) return true;
            digits = 0;
        }
    }
    return false;
}

// Parses what a writer wrote; it must parse.
toroid::Pattern reread(const std::string& written) {
    try {
        return toroid::parse_pattern(written, "<written>");
    } catch (const toroid::InputError& e) {
        fail(e.what(), written);
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view bytes(reinterpret_cast<const char*>(data), size);
    std::string inflated;
    if (toroid::is_gzip(bytes)) {
        try {
            inflated = toroid::gunzip(bytes, "<fuzz>");
        } catch (const toroid::InputError&) {
            return 0;
        }
    }
    const std::string_view text = toroid::is_gzip(bytes) ? std::string_view(inflated) : bytes;
    if (has_mid_sized_number(text) || has_deep_node(text)) return 0;
    toroid::Pattern p;
    try {
        p = toroid::decode_pattern(bytes, "<fuzz>");
    } catch (const toroid::InputError&) {
        return 0;
    }
    // A whole torus too large for a grid is kept as its macrocell tree
    // (cells 0 x 0), which only the hashlife backend reads.
    if (p.tree) return 0;
    // An MCell file's rule toroid does not run (a named rule not at hand)
    // keeps its states beyond 1 for a --rule given later; with no rule to
    // write them under there is no file to round-trip.
    if (p.refused_rule && p.cells.state_planes() != 0) return 0;
    if (p.cells.cell_count() > (1u << 20)) return 0;  // keep each run fast
    toroid::WriteOptions opts;
    opts.name = p.name;
    opts.comments = p.comments;
    const std::string whole = toroid::format_rle(p.cells, p.rule, opts);
    toroid::Pattern back;
    try {
        back = toroid::parse_pattern(whole, "<written>");
    } catch (const toroid::InputError& e) {
        fail(e.what(), whole);
    }
    if (!(back.cells == p.cells)) fail("whole-torus RLE round trip changed the cells", whole);
    if (!back.whole_torus) fail("whole-torus RLE did not read back as a whole torus", whole);
    opts.crop = true;
    const std::string cropped = toroid::format_rle(p.cells, p.rule, opts);
    try {
        back = toroid::parse_pattern(cropped, "<written>");
    } catch (const toroid::InputError& e) {
        fail(e.what(), cropped);
    }
    const toroid::Rect box = p.cells.bounding_box();
    const toroid::Grid expected = box.empty() ? toroid::Grid(1, 1) : p.cells.crop(box);
    if (!(back.cells == expected)) fail("cropped RLE round trip changed the cells", cropped);

    // Macrocell, whole and cropped, and the whole one through gzip.
    opts.crop = false;
    const std::string mc = toroid::format_macrocell(p.cells, p.rule, opts);
    back = reread(mc);
    if (!(back.cells == p.cells)) fail("whole-torus macrocell round trip changed the cells", mc);
    if (!back.whole_torus) fail("whole-torus macrocell did not read back as a whole torus", mc);
    try {
        back = toroid::decode_pattern(toroid::gzip_compress(mc), "<gzip>");
    } catch (const toroid::InputError& e) {
        fail(e.what(), mc);
    }
    if (!(back.cells == p.cells) || !back.compressed) fail("gzip round trip changed the cells", mc);
    opts.crop = true;
    const std::string mc_cropped = toroid::format_macrocell(p.cells, p.rule, opts);
    back = reread(mc_cropped);
    if (!(back.cells == expected))
        fail("cropped macrocell round trip changed the cells", mc_cropped);
    return 0;
}
