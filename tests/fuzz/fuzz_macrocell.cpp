// libFuzzer target: the macrocell reader (parse_macrocell) on arbitrary text
// after a "[M2]" header line (so that mutations reach the node lines rather
// than the header check). An InputError is the expected answer to bad input;
// any other exception, a crash or a runaway allocation is a bug (node tables
// grow under the memory check, macrocell_reader.cpp). A pattern that parses
// must round-trip through format_macrocell (whole torus and cropped) and
// through gzip.
//
// Node levels above 12 are skipped (a few bytes can describe a square over
// 4096 cells wide holding cells far apart, legitimately allocating up to
// the machine's memory, which libFuzzer would report as out of memory);
// test_macrocell and the hardening tests cover deep files with few cells and
// the refusals of files too large to read. So are rules naming a bounded
// grid over 4096 cells wide (names_large_grid).
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "fuzz_support.hpp"
#include "toroid/error.hpp"
#include "toroid/io/gzip.hpp"
#include "toroid/io/macrocell.hpp"
#include "toroid/io/pattern.hpp"

namespace {

using toroid::fuzz::fail;
using toroid::fuzz::has_deep_node;
using toroid::fuzz::names_large_grid;

toroid::Pattern reread(const std::string& text) {
    try {
        return toroid::parse_macrocell(text, "<written>");
    } catch (const toroid::InputError& e) {
        fail(e.what(), text);
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string text =
        "[M2] (fuzz)\n" + std::string(reinterpret_cast<const char*>(data), size);
    if (has_deep_node(text) || names_large_grid(text)) return 0;
    toroid::Pattern p;
    try {
        p = toroid::parse_macrocell(text, "<fuzz>");
    } catch (const toroid::InputError&) {
        return 0;
    }
    // A whole torus too large for a grid is kept as its tree (cells 0 x 0),
    // which only the hashlife backend reads; its round trip is tested there.
    if (p.tree) return 0;
    if (p.cells.cell_count() > (1u << 22)) return 0;  // keep each run fast
    // States beyond a refused (or absent) rule's are kept by the reader but
    // cannot be written under it: the writer refuses them.
    if (p.cells.max_state() >= p.rule.value_or(toroid::Rule()).states()) return 0;
    toroid::WriteOptions opts;
    const std::string whole = toroid::format_macrocell(p.cells, p.rule, opts);
    const toroid::Pattern back = reread(whole);
    if (!(back.cells == p.cells)) fail("whole-torus macrocell round trip changed the cells", whole);
    opts.crop = true;
    const std::string cropped = toroid::format_macrocell(p.cells, p.rule, opts);
    const toroid::Rect box = p.cells.bounding_box();
    const toroid::Grid expected = box.empty() ? toroid::Grid(1, 1) : p.cells.crop(box);
    if (!(reread(cropped).cells == expected)) fail("cropped round trip changed the cells", cropped);
    toroid::Pattern z;
    try {
        z = toroid::decode_pattern(toroid::gzip_compress(whole), "<gzip>");
    } catch (const toroid::InputError& e) {
        fail(e.what(), whole);
    }
    if (!(z.cells == p.cells)) fail("gzip round trip changed the cells", whole);
    return 0;
}
