// Colours of a rule's states (contract in toroid/core/state_palette.hpp).
#include "toroid/core/state_palette.hpp"

#include "toroid/core/state_rule.hpp"

namespace toroid {

std::vector<std::uint32_t> state_palette(const Rule& rule, const RenderPalette& palette) {
    if (rule.states() <= 2 && !rule.named()) return {};
    // A named rule's own (its file's @COLORS over Golly's defaults).
    const std::vector<StateColour> golly =
        rule.named() ? rule.state_rule()->colours() : default_state_colours(rule.states());
    std::vector<std::uint32_t> out(golly.size());
    for (std::size_t s = 0; s < golly.size(); ++s)
        out[s] = rgba(golly[s].r, golly[s].g, golly[s].b);
    out[0] = palette.dead;
    return out;
}

}  // namespace toroid
