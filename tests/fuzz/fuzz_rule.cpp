// libFuzzer target: Rule::parse on arbitrary bytes.
// An InputError is the expected answer to bad text; any other exception or a
// crash is a bug. A rule that parses must survive parse(to_string(r)) == r,
// and its canonical string must be a fixed point, and a two-state range-1
// rule must compile.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "toroid/core/rule.hpp"
#include "toroid/error.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    toroid::Rule rule;
    try {
        rule = toroid::Rule::parse(text);
    } catch (const toroid::InputError&) {
        return 0;
    }
    const std::string canonical = rule.to_string();
    toroid::Rule back;
    try {
        back = toroid::Rule::parse(canonical);
    } catch (const toroid::InputError& e) {
        std::fprintf(stderr, "canonical form '%s' does not parse: %s\n", canonical.c_str(),
                     e.what());
        std::abort();
    }
    if (!(back == rule) || back.to_string() != canonical) {
        std::fprintf(stderr, "round trip broken: '%s' -> '%s'\n", canonical.c_str(),
                     back.to_string().c_str());
        std::abort();
    }
    // The two-state engines compile every rule of two states and range 1;
    // the others (Generations, range-r) are refused there with an InputError
    // and run on the multi-state backend.
    try {
        (void)rule.compile();
    } catch (const toroid::InputError& e) {
        if (!rule.needs_multistate_backend()) {
            std::fprintf(stderr, "'%s' does not compile: %s\n", canonical.c_str(), e.what());
            std::abort();
        }
    }
    return 0;
}
