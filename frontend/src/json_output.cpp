#include "toroid/frontend/json_output.hpp"

#include <cstdio>
#include <iostream>

#include "toroid/io/json_text.hpp"

namespace toroid::frontend {

namespace {

void say_escaped(std::size_t escaped) {
    if (escaped)
        std::fprintf(stderr,
                     "note: %zu string%s of the JSON output held bytes that are not UTF-8 (file "
                     "names, text read or typed); each such byte is written as \\xHH\n",
                     escaped, escaped == 1 ? "" : "s");
}

}  // namespace

void print_json(const nlohmann::json& j, int indent) {
    std::size_t escaped = 0;
    std::cout << json_text(j, indent, &escaped) << std::endl;  // flushed: a dialogue may wait
    say_escaped(escaped);
}

void print_ordered_json(const nlohmann::ordered_json& j, int indent) {
    std::size_t escaped = 0;
    std::cout << json_text(j, indent, &escaped) << std::endl;
    say_escaped(escaped);
}

}  // namespace toroid::frontend
