#include "toroid/games/parse.hpp"

#include <cctype>
#include <limits>

#include "toroid/error.hpp"

namespace toroid::games {

std::uint64_t parse_u64(std::string_view text, std::string_view what) {
    std::string quoted(1, '\'');
    quoted.append(text);
    quoted.push_back('\'');
    if (text.empty())
        throw InputError(std::string(what) + ": empty text, expected a non-negative integer");
    std::size_t i = 0;
    if (text[0] == '-') {
        throw InputError(std::string(what) + " " + quoted +
                         " must not be negative (expected 0 or more)");
    }
    if (text[0] == '+') i = 1;
    if (i == text.size())
        throw InputError(std::string(what) + " " + quoted +
                         " is not a number (expected digits 0-9)");
    std::uint64_t value = 0;
    constexpr std::uint64_t max = std::numeric_limits<std::uint64_t>::max();
    for (; i < text.size(); ++i) {
        const char c = text[i];
        if (c < '0' || c > '9') {
            throw InputError(std::string(what) + " " + quoted +
                             " is not a non-negative integer (unexpected '" + std::string(1, c) +
                             "'; expected digits 0-9)");
        }
        const auto digit = static_cast<std::uint64_t>(c - '0');
        if (value > (max - digit) / 10) {
            throw InputError(std::string(what) + " " + quoted +
                             " is beyond 64 bits (at most 18446744073709551615)");
        }
        value = value * 10 + digit;
    }
    return value;
}

std::uint64_t parse_u64_max(std::string_view text, std::string_view what, std::uint64_t max) {
    const std::uint64_t v = parse_u64(text, what);
    if (v > max) {
        throw InputError(std::string(what) + " '" + std::string(text) + "' is too large (at most " +
                         std::to_string(max) + ")");
    }
    return v;
}

std::vector<std::string> split_list(std::string_view text) {
    std::vector<std::string> out;
    std::string cur;
    for (const char c : text) {
        if (c == ',' || c == ' ' || c == '\t' || c == '\n' || c == '\r') {
            if (!cur.empty()) out.push_back(cur);
            cur.clear();
        } else {
            cur.push_back(c);
        }
    }
    if (!cur.empty()) out.push_back(cur);
    return out;
}

std::vector<std::string> split_words(std::string_view text) {
    std::vector<std::string> out;
    std::size_t i = 0;
    while (i < text.size()) {
        while (i < text.size() && std::isspace(static_cast<unsigned char>(text[i]))) ++i;
        const std::size_t start = i;
        while (i < text.size() && !std::isspace(static_cast<unsigned char>(text[i]))) ++i;
        if (i > start) out.emplace_back(text.substr(start, i - start));
    }
    return out;
}

}  // namespace toroid::games
