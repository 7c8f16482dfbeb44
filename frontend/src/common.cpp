#include "toroid/frontend/common.hpp"

#include <cctype>
#include <charconv>
#include <cstdio>

#include "toroid/core/generation_count.hpp"
#include "toroid/error.hpp"
#include "toroid/frontend/thread_limit.hpp"

namespace toroid::frontend {

Size parse_size(const std::string& text, const std::string& option) {
    const std::size_t x = text.find_first_of("xX*");
    auto number = [&](std::string_view s, std::int64_t& out) {
        auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
        if (ec == std::errc() && end == s.data() + s.size()) return out >= 1;
        if (s.find('^') == std::string_view::npos) return false;
        try {  // a power, for hashlife's huge tori: 2^30x2^30
            const std::uint64_t v = parse_generation_count(s, option);
            out = std::int64_t(v);
            return v >= 1 && v <= std::uint64_t(INT64_MAX);
        } catch (const InputError&) {
            return false;
        }
    };
    Size s;
    if (x == std::string::npos || !number(std::string_view(text).substr(0, x), s.width) ||
        !number(std::string_view(text).substr(x + 1), s.height))
        throw InputError(
            option + " '" + text +
            "' is not a size: expected WIDTHxHEIGHT with whole numbers >= 1, e.g. 4096x4096 "
            "or 2^30x2^30");
    return s;
}

std::unique_ptr<Backend> make_backend(const std::string& name, const Rule& rule, int threads,
                                      std::uint64_t seed, bool skip_unchanged,
                                      std::uint64_t memory_mib) {
    if (memory_mib > (std::uint64_t(1) << 40))
        throw InputError("--memory " + std::to_string(memory_mib) +
                         " MiB is more than any machine has: expected MiB, e.g. --memory 4096");
    return create_backend(
        name, rule,
        BackendOptions{checked_threads(threads), seed, skip_unchanged, memory_mib << 20});
}

std::string hex64(std::uint64_t v) {
    char buf[24];
    std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(v));
    return buf;
}

std::string format_rate(double per_second) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.3g", per_second);
    return buf;
}

}  // namespace toroid::frontend
