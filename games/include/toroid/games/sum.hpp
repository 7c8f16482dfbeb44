// Sums of games: a move is made in exactly one component.
//
// Each component supplies its (possibly loopy) value and a way to find a move
// inside it to a position of a given finite value. analyze_sum combines the
// values (xor, or Smith's rules for infinities) and locates every winning move
// of the sum in its component: for a finite total x != 0 those are the moves
// in a component of value g with g ^ x < g to value g ^ x; with exactly one
// infinite component the moves there to the finite value equal to the xor of
// the others.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "toroid/games/outcome.hpp"

namespace toroid::games {

struct SumComponent {
    std::string name;
    LoopyValue value;
    // Describes a move in this component to a position of value `target`, or
    // nullopt if there is none.
    std::function<std::optional<std::string>(std::uint64_t target)> move_to;
};

struct SumMove {
    std::size_t component = 0;
    std::uint64_t target_value = 0;
    std::string description;
};

struct SumAnalysis {
    LoopyValue value;
    Outcome outcome = Outcome::P;
    std::vector<SumMove> winning_moves;
};

SumAnalysis analyze_sum(const std::vector<SumComponent>& components);

}  // namespace toroid::games
