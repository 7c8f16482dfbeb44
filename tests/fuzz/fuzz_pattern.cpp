// libFuzzer target: parse_pattern on arbitrary bytes (format auto-detected).
// An InputError is the expected answer to bad input; any other exception or a
// crash is a bug. A pattern that parses must round-trip through format_rle,
// both as a whole torus and cropped to its bounding box.
//
// Inputs holding a number of 5 to 19 significant digits are skipped: such a header size
// is legitimate and allocates up to the machine's memory, which libFuzzer
// would report as an out-of-memory "crash". Numbers of 20 digits or more
// (overflow) and of up to 4 digits are still exercised.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "toroid/error.hpp"
#include "toroid/io/pattern.hpp"

namespace {

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

[[noreturn]] void fail(const char* what, const std::string& text) {
    std::fprintf(stderr, "%s\n--- written RLE ---\n%s\n", what, text.c_str());
    std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    if (has_mid_sized_number(text)) return 0;
    toroid::Pattern p;
    try {
        p = toroid::parse_pattern(text, "<fuzz>");
    } catch (const toroid::InputError&) {
        return 0;
    }
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
    return 0;
}
