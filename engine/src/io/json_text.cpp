#include "toroid/io/json_text.hpp"

#include <cstdio>

namespace toroid {
namespace {

// Length of the valid UTF-8 sequence starting at text[i], or 0.
std::size_t utf8_length(std::string_view text, std::size_t i) {
    const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(text[k]); };
    const unsigned char b = byte(i);
    if (b < 0x80) return 1;
    std::size_t n = 0;
    unsigned lo = 0x80, hi = 0xBF;  // the allowed range of the second byte
    if (b >= 0xC2 && b <= 0xDF) {
        n = 2;
    } else if (b >= 0xE0 && b <= 0xEF) {
        n = 3;
        if (b == 0xE0) lo = 0xA0;  // no overlong forms
        if (b == 0xED) hi = 0x9F;  // no surrogates
    } else if (b >= 0xF0 && b <= 0xF4) {
        n = 4;
        if (b == 0xF0) lo = 0x90;  // no overlong forms
        if (b == 0xF4) hi = 0x8F;  // nothing beyond U+10FFFF
    } else {
        return 0;
    }
    if (i + n > text.size()) return 0;
    if (byte(i + 1) < lo || byte(i + 1) > hi) return 0;
    for (std::size_t k = 2; k < n; ++k)
        if (byte(i + k) < 0x80 || byte(i + k) > 0xBF) return 0;
    return n;
}

template <class Json>
Json sanitized(const Json& j, std::size_t& escaped) {
    if (j.is_string()) {
        const auto& s = j.template get_ref<const std::string&>();
        if (is_utf8(s)) return j;
        ++escaped;
        return utf8_escaped(s);
    }
    if (j.is_object()) {
        Json out = Json::object();
        for (auto it = j.begin(); it != j.end(); ++it) {
            std::string key = it.key();
            if (!is_utf8(key)) {
                ++escaped;
                key = utf8_escaped(key);
            }
            out[key] = sanitized(it.value(), escaped);
        }
        return out;
    }
    if (j.is_array()) {
        Json out = Json::array();
        for (const auto& v : j) out.push_back(sanitized(v, escaped));
        return out;
    }
    return j;
}

template <class Json>
std::string text_of(const Json& j, int indent, std::size_t* escaped) {
    std::size_t count = 0;
    std::string text;
    try {
        text = j.dump(indent);
    } catch (const nlohmann::json::type_error&) {  // 316: a string that is not UTF-8
        text = sanitized(j, count).dump(indent);
    }
    if (escaped) *escaped = count;
    return text;
}

}  // namespace

bool is_utf8(std::string_view text) {
    for (std::size_t i = 0; i < text.size();) {
        const std::size_t n = utf8_length(text, i);
        if (n == 0) return false;
        i += n;
    }
    return true;
}

std::string utf8_escaped(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    for (std::size_t i = 0; i < text.size();) {
        const std::size_t n = utf8_length(text, i);
        if (n == 0) {
            char buf[5];
            std::snprintf(buf, sizeof buf, "\\x%02x", static_cast<unsigned char>(text[i]));
            out += buf;
            ++i;
        } else {
            out.append(text.substr(i, n));
            i += n;
        }
    }
    return out;
}

std::string json_text(const nlohmann::json& j, int indent, std::size_t* escaped) {
    return text_of(j, indent, escaped);
}

std::string json_text(const nlohmann::ordered_json& j, int indent, std::size_t* escaped) {
    return text_of(j, indent, escaped);
}

}  // namespace toroid
