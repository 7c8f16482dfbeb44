#include "eca_diagram.hpp"

#include <algorithm>
#include <cctype>

#include "toroid/eca/eca_cpu.hpp"
#include "toroid/eca/eca_rule.hpp"
#include "toroid/error.hpp"

namespace toroid::view {

EcaDiagram::EcaDiagram(int rule, std::int64_t width, std::int64_t height, const std::string& init)
    : rule_(rule), ring_(eca_initial_ring(width, init)), rows_(width, height) {
    // Start with the initial ring as the newest row, the rest empty (before time 0).
    head_ = 0;
    const auto src = ring_.words();
    auto dst = rows_.row(height - 1);
    std::copy(src.begin(), src.end(), dst.begin());
}

void EcaDiagram::push_row() {
    // The oldest row becomes the newest.
    const auto src = ring_.words();
    auto dst = rows_.row(head_);
    std::copy(src.begin(), src.end(), dst.begin());
    head_ = (head_ + 1) % rows_.height();
}

void EcaDiagram::step(std::uint64_t generations) {
    const std::uint64_t kept = std::uint64_t(rows_.height());
    if (generations > kept) {  // only the last `kept` generations can be seen
        eca_step(ring_, rule_, std::int64_t(generations - kept));
        generation_ += generations - kept;
        generations = kept;
    }
    for (std::uint64_t g = 0; g < generations; ++g) {
        eca_step(ring_, rule_, 1);
        ++generation_;
        push_row();
    }
}

int parse_wolfram_rule(const std::string& text) {
    std::string t;
    for (char c : text)
        if (!std::isspace(static_cast<unsigned char>(c))) t.push_back(c);
    if (t.empty() || (t[0] != 'W' && t[0] != 'w')) return -1;
    try {
        return parse_eca_rule(t.substr(1));
    } catch (const InputError&) {
        throw InputError("bad rule '" + text +
                         "': W must be followed by a Wolfram rule number 0..255 (1-D rules, "
                         "e.g. W110), or give a 2-D rule such as B3/S23");
    }
}

}  // namespace toroid::view
