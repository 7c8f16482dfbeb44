// What the pattern fuzz targets share: the inputs they skip because a few
// bytes may legitimately ask for the machine's memory (which libFuzzer would
// report as an out-of-memory "crash"), and the one way they fail.
#pragma once

#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

namespace toroid::fuzz {

// A line starting with a number above 12: a macrocell node level, a square
// over 4096 cells wide that can hold cells far apart. Deep files with few
// cells are unit-tested (test_macrocell, tests/hardening).
inline bool has_deep_node(std::string_view text) {
    std::size_t start = 0;
    while (start < text.size()) {
        std::size_t i = text.find_first_not_of(" \t", start);
        if (i == std::string_view::npos) break;
        int level = 0;
        while (i < text.size() && text[i] >= '0' && text[i] <= '9' && level <= 12)
            level = level * 10 + (text[i++] - '0');
        if (level > 12) return true;
        const std::size_t end = text.find('\n', start);
        if (end == std::string_view::npos) break;
        start = end + 1;
    }
    return false;
}

// A bounded-grid suffix (":T204091", ":P5000,9") naming a side over 4096
// cells: a whole torus that large is read into a grid as big as the
// machine's memory allows, a legitimate allocation libFuzzer would report
// as out of memory. The hardening tests cover the refusals of grids too
// large to hold.
inline bool names_large_grid(std::string_view text) {
    for (std::size_t i = 0; i + 1 < text.size(); ++i) {
        if (text[i] != ':' ||
            std::string_view("TtPpKkCcSs").find(text[i + 1]) == std::string_view::npos)
            continue;
        std::size_t j = i + 2;
        while (j < text.size()) {
            long long side = 0;
            while (j < text.size() && text[j] >= '0' && text[j] <= '9' && side <= 4096)
                side = side * 10 + (text[j++] - '0');
            if (side > 4096) return true;
            while (j < text.size() && text[j] >= '0' && text[j] <= '9') ++j;
            if (j >= text.size() || text[j] != ',') break;
            ++j;
        }
    }
    return false;
}

// A bug: says what and shows the text it concerns, then aborts (libFuzzer
// keeps the input).
[[noreturn]] inline void fail(const char* what, const std::string& text) {
    std::fprintf(stderr, "%s\n--- text ---\n%s\n", what, text.c_str());
    std::abort();
}

// The result-file targets read one or two files from one input: the bytes
// before the first NUL and, when there is one, the bytes after it.
inline std::vector<std::string_view> split_at_nul(std::string_view bytes) {
    const std::size_t cut = bytes.find('\0');
    std::vector<std::string_view> texts{bytes.substr(0, cut)};
    if (cut != std::string_view::npos) texts.push_back(bytes.substr(cut + 1));
    return texts;
}

}  // namespace toroid::fuzz
