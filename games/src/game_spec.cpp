#include "toroid/games/game_spec.hpp"

#include <algorithm>

#include "toroid/error.hpp"
#include "toroid/games/heap_games.hpp"
#include "toroid/games/lecture_games.hpp"
#include "toroid/games/misere.hpp"
#include "toroid/games/octal.hpp"
#include "toroid/games/parse.hpp"
#include "toroid/games/subtraction.hpp"
#include "toroid/games/sum.hpp"

namespace toroid::games {

std::vector<std::uint64_t> parse_heaps(const std::vector<std::string>& args, bool allow_empty) {
    if (args.empty() && !allow_empty)
        throw InputError("no heaps given: expected heap sizes such as 3 5 7");
    std::vector<std::uint64_t> heaps;
    for (std::size_t i = 0; i < args.size(); ++i)
        heaps.push_back(parse_u64(args[i], "heap " + std::to_string(i + 1)));
    return heaps;
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

HeapSum heap_game(const std::string& kind, const std::vector<std::string>& args, bool misere) {
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

HeapSum split_game(const SplitGame& game, const std::vector<std::string>& args) {
    const auto heaps = parse_heaps(args);
    const std::uint64_t mx = largest(heaps);
    if (mx > kMaxSplitHeap)
        throw InputError("heap " + std::to_string(mx) + " is too large for " + game.name() +
                         " (at most " + std::to_string(kMaxSplitHeap) + ")");
    return HeapSum::uniform(heaps, split_rule(game, mx));
}

namespace {

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

SolverGame solver_game(const std::string& kind, const std::vector<std::string>& rest) {
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

SolverGame misere_game(const std::vector<std::string>& args) {
    if (args.size() < 2) {
        throw InputError(
            "grundy misere needs a game and a position: nim HEAPS | octal CODE HEAPS | "
            "subtraction SET HEAPS | chocolate M N");
    }
    const std::string& kind = args[0];
    SolverGame s;
    std::size_t first = 1;
    if (kind == "octal") {
        s.game = std::make_unique<OctalHeapsGame>(OctalGame::parse(args[1]));
        first = 2;
    } else if (kind == "subtraction") {
        s.game = std::make_unique<SubtractionHeapsGame>(SubtractionSet::parse(args[1]));
        first = 2;
    } else if (kind == "nim") {
        s.game = std::make_unique<TakeHeapsGame>(std::int64_t{1} << 40);
    } else if (kind == "chocolate") {
        s.game = std::make_unique<ChocolateBar>();
    } else {
        throw InputError("grundy misere: unknown game '" + kind +
                         "' (expected nim, octal, subtraction or chocolate)");
    }
    double size = 1;
    for (std::size_t i = first; i < args.size(); ++i) {
        const auto h = parse_u64_max(args[i], "heap " + std::to_string(i - first + 1), 1'000'000);
        s.start.push_back(static_cast<std::int64_t>(h));
        size *= static_cast<double>(h + 1);
    }
    if (s.start.empty()) throw InputError("grundy misere: no heaps given");
    if (kind == "chocolate" && (s.start.size() != 2 || s.start[0] < 1 || s.start[1] < 1)) {
        throw InputError("chocolate needs the bar size M N (both at least 1)");
    }
    if (size > kMaxSolverPositions) {
        throw InputError("game too large to enumerate by brute force: up to " +
                         std::to_string(static_cast<long long>(size)) +
                         " positions (at most 2000000); give smaller heaps");
    }
    if (kind != "chocolate") s.start = normalise_heaps(s.start);
    return s;
}

HeapsGame heaps_game(const std::string& kind, const std::string& rule) {
    HeapsGame h;
    if (kind == "octal") {
        const auto g = OctalGame::parse(rule);
        const auto name = octal_name(g.code());
        h.title = "octal game " + g.code() + (name.empty() ? "" : " (" + name + ")");
        h.game = std::make_unique<OctalHeapsGame>(g);
    } else if (kind == "subtraction") {
        const auto set = SubtractionSet::parse(rule);
        h.title = "subtraction game S = {" + set.to_string() + "}";
        h.game = std::make_unique<SubtractionHeapsGame>(set);
    } else {
        throw InputError("misère values are available for octal and subtraction games (got '" +
                         kind + "')");
    }
    return h;
}

void check_misere_values_size(const std::string& kind, std::size_t upto,
                              std::size_t max_positions) {
    if (kind != "octal" || heap_positions_bound(upto) <= max_positions) return;
    std::size_t fits = 0;
    while (heap_positions_bound(fits + 1) <= max_positions) ++fits;
    throw InputError("misère values by brute force: heaps up to " + std::to_string(upto) +
                     " can reach up to " + std::to_string(heap_positions_bound(upto)) +
                     " positions (multisets of heaps; at most " + std::to_string(max_positions) +
                     "); ask for --upto " + std::to_string(fits) + " or less");
}

std::int64_t parse_parity_stones(const std::string& text) {
    const auto n = static_cast<std::int64_t>(parse_u64_max(text, "stones", 100000));
    if (n % 2 == 0)
        throw InputError("the parity game needs an odd number of stones (got " + text + ")");
    return n;
}

}  // namespace toroid::games
