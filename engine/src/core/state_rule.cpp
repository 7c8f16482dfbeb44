// StateRule's shared parts (core/state_rule.hpp): the per-cell default of
// step_row, Golly's default colours, and the names of neighbourhoods.
#include "toroid/core/state_rule.hpp"

namespace toroid {

const char* to_string(CellNeighbourhood n) {
    switch (n) {
        case CellNeighbourhood::Moore:
            return "Moore";
        case CellNeighbourhood::VonNeumann:
            return "vonNeumann";
        case CellNeighbourhood::Hexagonal:
            return "hexagonal";
        case CellNeighbourhood::OneDimensional:
            return "oneDimensional";
    }
    return "?";
}

void StateRule::step_row(const std::uint8_t* above, const std::uint8_t* row,
                         const std::uint8_t* below, std::int64_t width, std::uint8_t* out) const {
    for (std::int64_t x = 0; x < width; ++x)
        out[x] = next(Block3x3{above[x - 1], above[x], above[x + 1], row[x - 1], row[x], row[x + 1],
                               below[x - 1], below[x], below[x + 1]});
}

std::vector<StateColour> StateRule::colours() const {
    return default_state_colours(states());
}

std::vector<StateColour> default_state_colours(int states) {
    return gradient_state_colours(states, StateColour{255, 0, 0}, StateColour{255, 255, 0});
}

std::vector<StateColour> gradient_state_colours(int states, StateColour from, StateColour to) {
    std::vector<StateColour> colours(std::size_t(states > 0 ? states : 0));
    if (states <= 1) return colours;
    // State 1 is `from`, the last state `to`, the ones between evenly spaced
    // and rounded to the nearest integer (Golly's gradient).
    const int last = states - 1;
    colours[1] = from;
    auto mix = [&](std::uint8_t a, std::uint8_t b, int n) {
        return std::uint8_t(int(double(a) + n * (double(b) - double(a)) / double(last - 1) + 0.5));
    };
    for (int n = 1; n < last - 1; ++n)
        colours[std::size_t(n + 1)] = {mix(from.r, to.r, n), mix(from.g, to.g, n),
                                       mix(from.b, to.b, n)};
    if (last > 1) colours[std::size_t(last)] = to;
    return colours;
}

}  // namespace toroid
