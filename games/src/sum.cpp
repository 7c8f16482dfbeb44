#include "toroid/games/sum.hpp"

namespace toroid::games {

SumAnalysis analyze_sum(const std::vector<SumComponent>& components) {
    SumAnalysis a;
    a.value = LoopyValue::of(0);
    std::size_t infinite = 0;
    for (const auto& c : components) {
        a.value = loopy_sum(a.value, c.value);
        if (!c.value.finite) ++infinite;
    }
    a.outcome = a.value.outcome();
    if (a.outcome != Outcome::N) return a;
    for (std::size_t i = 0; i < components.size(); ++i) {
        const auto& c = components[i];
        std::uint64_t target = 0;
        if (infinite == 0) {
            target = c.value.value ^ a.value.value;
            if (target >= c.value.value) continue;
        } else {
            if (c.value.finite) continue;  // exactly one infinite component
            std::uint64_t others = 0;
            for (std::size_t j = 0; j < components.size(); ++j)
                if (j != i) others ^= components[j].value.value;
            target = others;
        }
        if (!c.move_to) continue;
        if (auto d = c.move_to(target)) a.winning_moves.push_back({i, target, *d});
    }
    return a;
}

}  // namespace toroid::games
