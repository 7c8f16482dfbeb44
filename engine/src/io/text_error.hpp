// Internal helpers for the pattern readers: where in a text an error is, and
// how to show an offending byte. Messages read "source:line:column: what".
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "toroid/error.hpp"

namespace toroid::detail {

// A position in a text, 1-based line and column (columns count bytes).
struct TextPos {
    std::int64_t line = 1;
    std::int64_t column = 1;
};

[[noreturn]] inline void throw_at(std::string_view source, TextPos pos, const std::string& what) {
    throw InputError(std::string(source) + ":" + std::to_string(pos.line) + ":" +
                     std::to_string(pos.column) + ": " + what);
}

// "'x'" for a printable byte, "NUL byte" / "byte 0x1f" otherwise.
inline std::string describe_byte(char c) {
    const auto u = static_cast<unsigned char>(c);
    if (u == 0) return "a NUL byte (binary data, not a text pattern file)";
    if (u >= 0x20 && u < 0x7f) return std::string("'") + c + "'";
    static const char* hex = "0123456789abcdef";
    return std::string("byte 0x") + hex[u >> 4] + hex[u & 15] +
           " (not a printable ASCII character)";
}

inline bool is_blank(char c) {
    return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
}

inline std::string_view trim(std::string_view s) {
    while (!s.empty() && (is_blank(s.front()) || s.front() == '\n')) s.remove_prefix(1);
    while (!s.empty() && (is_blank(s.back()) || s.back() == '\n')) s.remove_suffix(1);
    return s;
}

// Splits a text into lines ('\n'-terminated; a trailing '\r' stays on the
// line and counts as blank). Calls f(line_text, line_number) for each line.
template <class F>
void for_each_line(std::string_view text, F&& f) {
    std::int64_t number = 1;
    std::size_t start = 0;
    while (start < text.size()) {
        std::size_t end = text.find('\n', start);
        if (end == std::string_view::npos) end = text.size();
        if (!f(text.substr(start, end - start), number)) return;
        start = end + 1;
        ++number;
    }
}

}  // namespace toroid::detail
