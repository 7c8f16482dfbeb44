// Sums of games: a move is made in exactly one component.
//
// Each component supplies its (possibly loopy) value and every move inside it
// to a position of a given finite value. analyze_sum combines the values (xor,
// or Smith's rules for infinities) and lists every winning move of the sum:
// for a finite total x != 0, every move of every component of value g to an
// option of value g ^ x. In Nim that option is smaller than g, but in general
// it need not be: take-1..3 on (5, 7, 9) has total 1 ^ 3 ^ 1 = 3, and 5 -> 2
// *raises* that heap's value from 1 to 2 = 1 ^ 3. With exactly one infinite
// component the winning moves are the moves there to the finite value equal
// to the xor of the others (with two or more, the sum is a draw).
//
// This is the one strategy code of the module: `grundy sum` and the other
// analysis commands, and `play` (heap_sum.hpp) all call it.
//
// parse_sum_component reads the component syntax of the command line:
//   nim H | subtraction SET H | octal CODE H | grundy H (Grundy's game) |
//   split D H (split into two heaps differing by >= D) | wythoff A B |
//   graph FILE VERTEX
// Heap components (nim, subtraction, octal, grundy, split) keep their rule and
// heap size so that play can apply moves.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "toroid/games/heap_rule.hpp"
#include "toroid/games/outcome.hpp"

namespace toroid::games {

struct ComponentMove {
    std::string description;             // "take 3 leaving 6", "move to b"
    std::optional<OctalMove> heap_move;  // set by heap components
};

struct SumComponent {
    std::string name;
    LoopyValue value;
    // Every move in this component to a position of finite value `target`.
    std::function<std::vector<ComponentMove>(std::uint64_t target)> moves_to;
    // Heap components only: the rule and the heap size.
    HeapRulePtr rule;
    std::uint64_t heap = 0;
};

// A heap under a rule as a component ("nim 7" unless a name is given).
SumComponent heap_component(HeapRulePtr rule, std::uint64_t heap, std::string name = "");

struct SumMove {
    std::size_t component = 0;  // 0-based index into the components
    std::uint64_t target_value = 0;
    std::string description;
    std::optional<OctalMove> heap_move;
};

struct SumAnalysis {
    LoopyValue value;
    Outcome outcome = Outcome::P;
    std::vector<SumMove> winning_moves;  // every one, in component order
};

SumAnalysis analyze_sum(const std::vector<SumComponent>& components);

// Largest heap a tabulated component (subtraction, octal) accepts.
constexpr std::uint64_t kMaxComponentHeap = 10'000'000;

// Reads one component (syntax above). max_octal_work: octal_grundy's limit.
// Throws InputError quoting the spec and the expected forms.
SumComponent parse_sum_component(const std::string& spec, std::uint64_t max_octal_work = 0);

}  // namespace toroid::games
