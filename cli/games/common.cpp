#include "games/common.hpp"

#include <algorithm>
#include <iostream>

#include "toroid/error.hpp"
#include "toroid/games/lecture_games.hpp"
#include "toroid/games/parse.hpp"
#include "toroid/games/subtraction.hpp"

namespace toroid::cli {

using namespace toroid::games;

std::vector<std::uint64_t> parse_heaps(const std::vector<std::string>& args, bool allow_empty) {
    if (args.empty() && !allow_empty)
        throw InputError("no heaps given: expected heap sizes such as 3 5 7");
    std::vector<std::uint64_t> heaps;
    for (std::size_t i = 0; i < args.size(); ++i)
        heaps.push_back(parse_u64(args[i], "heap " + std::to_string(i + 1)));
    return heaps;
}

void print_json(const nlohmann::json& j) {
    std::cout << j.dump(2) << "\n";
}

namespace {

std::vector<std::uint64_t> bounded_heaps(const std::vector<std::string>& args, std::uint64_t max,
                                         std::size_t first_number = 1) {
    if (args.empty()) throw InputError("no heaps given: expected heap sizes such as 3 5 7");
    std::vector<std::uint64_t> heaps;
    for (std::size_t i = 0; i < args.size(); ++i)
        heaps.push_back(parse_u64_max(args[i], "heap " + std::to_string(i + first_number), max));
    return heaps;
}

std::uint64_t largest(const std::vector<std::uint64_t>& h) {
    return h.empty() ? 0 : *std::max_element(h.begin(), h.end());
}

const std::vector<std::string> tail(const std::vector<std::string>& v) {
    return {v.begin() + 1, v.end()};
}

}  // namespace

HeapSum heap_position(const std::string& kind, const std::vector<std::string>& args, bool misere) {
    if (kind == "nim") return HeapSum::uniform(parse_heaps(args), nim_rule(), misere);
    if (kind == "subtraction" || kind == "octal" || kind == "take") {
        if (args.empty())
            throw InputError(kind + " needs a " +
                             (kind == "octal"  ? "code"
                              : kind == "take" ? "largest take K"
                                               : "set") +
                             " and heaps, e.g. " +
                             (kind == "octal"         ? "'octal 0.07 12'"
                              : kind == "subtraction" ? "'subtraction 1-3 9 6'"
                                                      : "'take 3 9 6 5 4'"));
        const auto heaps = bounded_heaps(tail(args), kMaxComponentHeap);
        HeapRulePtr rule;
        if (kind == "octal") {
            rule = octal_rule(OctalGame::parse(args[0]), largest(heaps), kMaxOctalWork);
        } else if (kind == "subtraction") {
            rule = subtraction_rule(SubtractionSet::parse(args[0]), largest(heaps));
        } else {
            const auto k = parse_u64_max(args[0], "K (largest take)", kMaxComponentHeap);
            if (k == 0) throw InputError("K (largest take) must be at least 1");
            rule =
                subtraction_rule(SubtractionSet::parse("1-" + std::to_string(k)), largest(heaps));
        }
        return HeapSum::uniform(heaps, rule, misere);
    }
    if (kind == "grundy") {
        const auto heaps = bounded_heaps(args, kMaxSplitHeap);
        return HeapSum::uniform(heaps, split_rule(SplitGame(1), largest(heaps)), misere);
    }
    if (kind == "compound") {
        if (args.size() < 2)
            throw InputError(
                "compound needs at least two heaps: heap 1 (take 1..3), heap 2 (take an odd "
                "number), then any Nim heaps, e.g. 'compound 7 6 5 3'");
        const auto heaps = parse_heaps(args);
        for (std::size_t i = 0; i < 2; ++i)
            if (heaps[i] > kMaxComponentHeap)
                throw InputError("heap " + std::to_string(i + 1) + " " + std::to_string(heaps[i]) +
                                 " is too large (at most " + std::to_string(kMaxComponentHeap) +
                                 ")");
        std::vector<HeapSum::Heap> h{
            {heaps[0], subtraction_rule(SubtractionSet::parse("1-3"), heaps[0])},
            {heaps[1], subtraction_rule(SubtractionSet::parse("odd"), heaps[1])}};
        for (std::size_t i = 2; i < heaps.size(); ++i) h.push_back({heaps[i], nim_rule()});
        return HeapSum(std::move(h), misere);
    }
    if (kind == "sum") {
        if (args.empty()) throw InputError("sum needs games, e.g. \"nim 7\" \"octal 0.07 12\"");
        std::vector<HeapSum::Heap> h;
        for (const auto& spec : args) {
            const auto c = parse_sum_component(spec, kMaxOctalWork);
            if (!c.rule)
                throw InputError("game '" + spec +
                                 "': only heap games (nim, subtraction, octal, grundy, split) can "
                                 "be played in a sum");
            h.push_back({c.heap, c.rule});
        }
        return HeapSum(std::move(h), misere);
    }
    throw InputError("unknown heap game '" + kind + "'");
}

namespace {
constexpr double kMaxSolverPositions = 2'000'000;

// Refuses before enumerating when a game would have too many positions.
void check_size(double positions, const std::string& what) {
    if (positions > kMaxSolverPositions) {
        throw InputError(
            "game too large to enumerate: " + what + " has about " +
            std::to_string(static_cast<long long>(positions)) +
            " positions (at most 2000000); give a smaller bound (smaller heaps or board)");
    }
}
}  // namespace

std::pair<std::unique_ptr<ImpartialGame>, Position> solver_position(
    const std::string& kind, const std::vector<std::string>& rest) {
    auto small = [](const std::string& s, const std::string& what, std::uint64_t max) {
        return static_cast<std::int64_t>(parse_u64_max(s, what, max));
    };
    if (kind == "game-n") {
        if (rest.size() != 1) throw InputError("game-n needs N");
        const auto n = small(rest[0], "N", 100000);
        if (n < 1) throw InputError("N must be at least 1");
        return {std::make_unique<GameN>(n), GameN::start()};
    }
    if (kind == "chocolate") {
        if (rest.size() != 2) throw InputError("chocolate needs the bar size M N");
        const auto m = small(rest[0], "bar height", 2000), n = small(rest[1], "bar width", 2000);
        if (m < 1 || n < 1) throw InputError("the bar must be at least 1 x 1");
        return {std::make_unique<ChocolateBar>(), Position{m, n}};
    }
    if (kind == "coins") {
        if (rest.empty()) throw InputError("coins needs the coins' cells, e.g. 'coins 1 4 6'");
        Position cells;
        for (const auto& c : rest) cells.push_back(small(c, "coin cell", 60));
        std::sort(cells.begin(), cells.end());
        if (auto d = std::adjacent_find(cells.begin(), cells.end()); d != cells.end())
            throw InputError("two coins on cell " + std::to_string(*d));
        double size = 1;  // C(last cell + 1, coins)
        for (std::size_t i = 0; i < cells.size(); ++i)
            size = size * static_cast<double>(cells.back() + 1 - static_cast<std::int64_t>(i)) /
                   static_cast<double>(i + 1);
        check_size(size, "this coin strip");
        return {std::make_unique<CoinStrip>(), cells};
    }
    throw InputError("unknown game '" + kind + "'");
}

}  // namespace toroid::cli
