#include "toroid/games/outcome.hpp"

#include <algorithm>

namespace toroid::games {

std::string to_string(Outcome outcome) {
    switch (outcome) {
        case Outcome::P:
            return "P";
        case Outcome::N:
            return "N";
        case Outcome::Draw:
            return "draw";
    }
    return "?";
}

std::string describe(Outcome outcome) {
    switch (outcome) {
        case Outcome::P:
            return "P-position: the player to move loses with best play";
        case Outcome::N:
            return "N-position: the player to move wins";
        case Outcome::Draw:
            return "draw: best play goes on for ever";
    }
    return "?";
}

Outcome LoopyValue::outcome() const {
    if (finite) return value == 0 ? Outcome::P : Outcome::N;
    return std::binary_search(infinity_set.begin(), infinity_set.end(), 0u) ? Outcome::N
                                                                            : Outcome::Draw;
}

std::string LoopyValue::to_string() const {
    if (finite) return std::to_string(value);
    if (infinity_set.empty()) return "inf";
    std::string s = "inf(";
    for (std::size_t i = 0; i < infinity_set.size(); ++i) {
        if (i) s += ",";
        s += std::to_string(infinity_set[i]);
    }
    return s + ")";
}

LoopyValue loopy_sum(const LoopyValue& a, const LoopyValue& b) {
    if (a.finite && b.finite) return LoopyValue::of(a.value ^ b.value);
    if (!a.finite && !b.finite) return LoopyValue{false, 0, {}};
    const LoopyValue& inf = a.finite ? b : a;
    const std::uint64_t g = a.finite ? a.value : b.value;
    LoopyValue out{false, 0, {}};
    for (const auto k : inf.infinity_set) out.infinity_set.push_back(k ^ g);
    std::sort(out.infinity_set.begin(), out.infinity_set.end());
    return out;
}

}  // namespace toroid::games
